"""Every game the referee knows: one folder each, and the one registry list.

A game's folder holds everything about it: its state (`state.py`), a turn
(`turn.py`), its deal (`deal.py`), what it says to a person (`texts.py`: title, summary,
readings, the shape of a turn, hints), the printed rules' situations (`situations.py`,
for the conformance kit), and its ruleset (`ruleset.py`: the hooks the engine calls and
the facts the infrastructure asks for, `core.ruleset.Ruleset`'s attributes), and
whatever is its own alone.
A game imports its family (`referee.families.rows` or `referee.families.box`),
`referee.core` and `referee.i18n`; never another game. Nothing outside this package
names a game: the engine, the web layer, pictures, advice and the kits find a game here
by its ruleset's name and ask its ruleset.

Adding a game: its folder, and one line in `GAMES` below.
"""

from __future__ import annotations

from ..core.ruleset import Registry
from .classic.ruleset import Classic
from .farben_sammeln.ruleset import FarbenSammeln
from .hoechste_karte.ruleset import HoechsteKarte
from .junior.ruleset import Junior
from .master.ruleset import Master
from .mogeln.ruleset import Mogeln
from .ratefix.ruleset import Ratefix
from .schnipp_schnapp.ruleset import SchnippSchnapp
from .schwarzer_peter.ruleset import SchwarzerPeter
from .ueberall_anschliessen.ruleset import UeberallAnschliessen
from .zweikampf.ruleset import Zweikampf

#: Every ruleset the referee knows, by name, in the order the service lists them.
GAMES = Registry([Master(), Classic(), Junior(), Zweikampf(), FarbenSammeln(), UeberallAnschliessen(),
                  HoechsteKarte(), Mogeln(), Ratefix(), SchwarzerPeter(), SchnippSchnapp()])
#: The ruleset of a state or a request that names none: MASTER, the game the referee was
#: first written for.
DEFAULT_RULESET = Master.name

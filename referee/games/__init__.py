"""Every game the referee knows: one folder each, and the one registry list.

A game's folder holds everything about it: its state (`state.py`), a turn
(`turn.py`), its deal (`deal.py`), its ruleset (`ruleset.py`: the hooks the engine and
the infrastructure call, and the game's facts and texts) and whatever is its own alone.
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

"""Every game the referee knows: one folder each, and the one registry list.

A game's folder holds everything about it, each part in the module of its role:

- `ruleset.py`: the ruleset, `class <Game>(<family's ruleset>, folder=__package__)`, with
  the questions the engine asks (`core.ruleset.Ruleset`) and what only some games answer
  (`core.extras`). Naming its folder, it takes its name (the folder's, with hyphens) and
  its texts; every other part it imports and names itself;
- `texts.toml`: what it says to a person: title, description, summary, readings, the
  shape of a turn, fixed hints (`core.texts`); `hints.py`: the hints it computes;
- `situations.py`: the printed rules' situations, for the conformance kit;
- a box game's `state.py` (`<Game>State`), `turn.py` (`<Game>Turn`, with its table of
  `STEPS`), `deal.py` (`deal`) and `validity.py` (`check_game`, the impossible states),
  named in its ruleset as `state_type`, `turn_type`, `new_deal` and `check_game`;
- whatever is its own alone.

A game imports its family (`referee.families.rows` or `referee.families.box`),
`referee.core` and `referee.i18n`; never another game, the web layer or a web, schema or
serializer library. Nothing outside this package names a game: the engine, the web
layer, pictures, advice and the kits find a game here by its ruleset's name and ask its
ruleset.

Adding a game: its folder, and one line in `GAMES` below (and one in `COMPACT_GAMES` for
its `game.py`, if it has one) (`referee new-game NAME` writes
both, see docs/contributing.md).
"""

from __future__ import annotations

from ..core.compact import CompactGame
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
from .classic.game import Game as ClassicGame
from .farben_sammeln.game import Game as FarbenSammelnGame
from .hoechste_karte.game import Game as HoechsteKarteGame
from .junior.game import Game as JuniorGame
from .master.game import Game as MasterGame
from .mogeln.game import Game as MogelnGame
from .ratefix.game import Game as RatefixGame
from .schnipp_schnapp.game import Game as SchnippSchnappGame
from .schwarzer_peter.game import Game as SchwarzerPeterGame
from .ueberall_anschliessen.game import Game as UeberallAnschliessenGame
from .zweikampf.game import Game as ZweikampfGame

#: Every ruleset the referee knows, by name, in the order the service lists them.
GAMES = Registry([Master(), Classic(), Junior(), Zweikampf(), FarbenSammeln(), UeberallAnschliessen(),
                  HoechsteKarte(), Mogeln(), Ratefix(), SchwarzerPeter(), SchnippSchnapp()])
#: The class that plays each game in process on a compact table of its own
#: (`referee.compact`); a game without one plays there straight over the engine.
COMPACT_GAMES: dict[str, type[CompactGame]] = {
    Master.name: MasterGame, Classic.name: ClassicGame, Junior.name: JuniorGame,
    Zweikampf.name: ZweikampfGame, FarbenSammeln.name: FarbenSammelnGame,
    UeberallAnschliessen.name: UeberallAnschliessenGame, HoechsteKarte.name: HoechsteKarteGame,
    Mogeln.name: MogelnGame, Ratefix.name: RatefixGame, SchwarzerPeter.name: SchwarzerPeterGame,
    SchnippSchnapp.name: SchnippSchnappGame,
}
#: The ruleset of a state or a request that names none: MASTER, the game the referee was
#: first written for.
DEFAULT_RULESET = Master.name

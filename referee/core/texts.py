"""What a game says to a person, read from its folder's `texts.toml`.

A game's words are data, not code: one TOML file per game folder holds them, and this
module reads it into a `GameTexts`. The keys:

- `title`: the game's name as a person reads it;
- `description`: one paragraph for `GET /v1/rulesets`, in English like every name in
  the contract (never translated);
- `summary`: the game in a few sentences, for the rules reference;
- `turn_shape` (the box games): what one turn is, the hint of a `TURN_SHAPE` refusal;
- `family_readings`: the keys of readings the game shares with its family
  (`Ruleset.family_readings`), which come first;
- `readings`: the readings the referee takes where the printed rules leave room;
- `[hints]`: a refusal's code and the fixed hint for it. A hint that names cards or
  players is computed by the folder's `hints.py` instead.

Every text but the description is a message id: `referee/i18n/extract.py` hands it to
`pybabel extract`, and it is translated where it is shown.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from .codes import Code

#: The keys a `texts.toml` may have; anything else is a typo the import reports.
KEYS = frozenset({"title", "description", "summary", "turn_shape", "family_readings", "readings", "hints"})


@dataclass(frozen=True)
class GameTexts:
    title: str
    description: str
    summary: str
    turn_shape: str = ""
    family_readings: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    hints: Mapping[Code, str] = field(default_factory=dict)

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> GameTexts:
        unknown = set(data) - KEYS
        if unknown:
            raise ValueError(f"texts.toml: unknown keys {sorted(unknown)}")
        return cls(
            title=data["title"], description=data["description"], summary=data["summary"],
            turn_shape=data.get("turn_shape", ""),
            family_readings=tuple(data.get("family_readings", ())),
            readings=tuple(data.get("readings", ())),
            # Code[...] fails at import on a code the catalogue does not have.
            hints={Code[code]: text for code, text in data.get("hints", {}).items()},
        )


def load_texts(folder: str) -> GameTexts:
    """The texts of the game in the package `folder` (its `texts.toml`)."""
    return GameTexts.from_toml(tomllib.loads(files(folder).joinpath("texts.toml").read_text("utf-8")))

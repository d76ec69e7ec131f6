"""The printed rules' own situations of Mogeln, for the conformance kit's corpus
(`situations-mogeln.json`): a challenge found honest and one found false, and a
completed count set aside. Each is a test on a turn (the state before, the turn, the
answer) that the kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Shows, has

#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("an-honest-play-challenged", "a challenge finds the play honest: the challenger takes the stack",
     has("challenged", honest=True)),
    ("a-false-play-challenged", "a challenge finds the play false: its maker takes the stack",
     has("challenged", honest=False)),
    ("a-completed-count-set-aside", "the count reached its last value: the stack goes out with the next play",
     has("out", **{"from": "stack"})),
)

"""The printed rules' own situations of Schnipp Schnapp, for the conformance kit's corpus
(`situations-schnipp-schnapp.json`): a quartet set aside, a Schnipp on the middle, and a
wrong word. Each is a test on a turn (the state before, the turn, the answer) that the
kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Shows, has

#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("a-schnapp-sets-a-quartet-aside", "a right call whose cards complete a quartet", has("quartet")),
    ("a-schnipp-on-the-middle", "a right Schnipp takes the middle", has("won", **{"from": "middle"})),
    ("a-wrong-word", "a call that is not right throws the caller's open pile onto the middle", has("mistake")),
)

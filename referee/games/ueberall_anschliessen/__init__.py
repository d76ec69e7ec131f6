"""Ruleset `ueberall-anschliessen`: players turn up the cards of their stacks and put each
on the middle, on another player's open pile or on their own, wherever it is one higher
(after 20 comes 1); an overlooked fit caught by the table costs a "Stopp!" penalty, and
the first to run out of cards wins (docs/games/ueberall-anschliessen.md).

Its own module beyond the roles every game's folder has (`referee.games`): `actions`,
reveal, place and stopp, and their reader.
"""

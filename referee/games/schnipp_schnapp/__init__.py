"""Ruleset `schnipp-schnapp`: every player turns up the top card of a face-down stack onto
an open pile; whoever first calls "Schnapp!" when the card's value lies on another open
pile takes those piles, "Schnipp!" when it matches the top of the middle takes the middle.
A wrong call throws the caller's open pile onto the middle. Quartets are set aside; who
sets aside the most wins (docs/games/schnipp-schnapp.md; option `together`: everyone flips at
once and the most cards won decides).

Its own modules beyond the roles every game's folder has (`referee.games`): `actions`, flip
and call, and their reader; `calls`, which calls are right now.
"""

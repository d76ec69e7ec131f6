"""Elfer raus! for game AI: every ruleset as a PettingZoo AEC environment
(`referee.ai.pettingzoo_env`) and as an OpenSpiel game (`referee.ai.openspiel_game`),
both on a table in process that plays as a sealed game does (`referee.ai.table`).

An optional extra (`pip install '.[ai]'`: numpy, gymnasium, pettingzoo, open-spiel); the
service never imports it. docs/howto/game-ai.md is the guide.
"""

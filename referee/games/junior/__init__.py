"""Ruleset `junior`: the junior game, one to eleven in each colour, on the row games'
shared engine (`referee.families.rows`); `ruleset` holds all it changes.
"""

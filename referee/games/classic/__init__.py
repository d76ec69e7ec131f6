"""Ruleset `classic`: classic Elfer raus!, two editions and four ways to start, on the
row games' shared engine (`referee.families.rows`); `ruleset` holds all it changes.
"""

"""The reference referee for the card game Elfer raus! MASTER.

`referee.engine` is the pure rules engine; `referee.http` the web service around it;
`referee.cli` the `referee` command.
"""

__version__ = "0.1.0"

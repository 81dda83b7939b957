"""Chinchón's words on the command line: the knock family's
(:mod:`scala40.cli.text.knock`), with the game's own help, found here by the game's name
(:mod:`scala40.texts`)."""

from __future__ import annotations

from scala40.cli.text.knock import CLOSE_HELP, KnockText

__all__ = ["TEXT"]

TEXT = KnockText(
    CLOSE_HELP,
    spanish=True,
    game="chinchon",
    seven_run="chinchón",
)
"""The Chinchón wording."""

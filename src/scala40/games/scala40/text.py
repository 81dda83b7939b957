"""Deprecated: moved to :mod:`scala40.cli.text.scala40` (a game's words are the command
line's); importing this path warns, and it goes in the next release."""

from scala40._moved import moved_module

__all__: list[str] = []

moved_module(__name__)

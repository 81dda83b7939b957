"""Deprecated: moved to :mod:`scala40.bots.skarney.bots` (a game's bots are the bots layer's);
importing this path warns, and it goes in the next release."""

from scala40._moved import moved_module

__all__: list[str] = []

moved_module(__name__)

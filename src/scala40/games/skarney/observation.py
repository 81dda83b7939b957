"""Deprecated: moved to :mod:`scala40.adapters.observation.skarney` (a game's observation
for learners is the adapters'); importing this path warns, and it goes in the next
release."""

from scala40._moved import moved_module

__all__: list[str] = []

moved_module(__name__)

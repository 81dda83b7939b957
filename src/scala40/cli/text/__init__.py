"""The command line's words for each game, one module a game, found by the game's name
(:mod:`scala40.texts`): :mod:`~scala40.cli.text.scala40`, :mod:`~scala40.cli.text.skarney`,
and the knock family's :mod:`~scala40.cli.text.knock`, which Rumino's
(:mod:`~scala40.cli.text.rumino`), Chinchón's (:mod:`~scala40.cli.text.chinchon`) and La
Conga's (:mod:`~scala40.cli.text.laconga`) name with their own help. Each holds
``TEXT``, a :class:`~scala40.texts.GameText`."""

from __future__ import annotations

__all__: list[str] = []

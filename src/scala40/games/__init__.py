"""The games of the library, one subpackage each, on the shared core.

Each subpackage supplies a :class:`~scala40.game.Game` record and registers it when
imported; :func:`scala40.game.load_game` imports a game the first time it is asked for
by name, so importing this package loads no game. A game package never imports the
tools (bots across games, tournaments, records, the command line), and the core never
imports a game.
"""

from __future__ import annotations

__all__: list[str] = []

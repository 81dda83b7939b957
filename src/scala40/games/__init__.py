"""The games of the library, one subpackage each, on the shared core.

Each subpackage supplies a :class:`~scala40.game.Game` record and registers it when
imported; :func:`scala40.game.load_game` imports a game the first time it is asked for
by name, so importing this package loads no game. A game package never imports the
tools (bots across games, tournaments, records, the command line), and the core never
imports a game.
"""

from __future__ import annotations

from scala40._moved import install_moved_modules

__all__: list[str] = []

# The modules that left the game packages for their layers in 0.6 (the bots, the
# observation for learners, the command line's words) are found at their old paths for
# one release, each warning.
install_moved_modules()

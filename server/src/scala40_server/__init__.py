"""scala40-server: the web table and the referee, built on the scala40 rules library.

Two programs, each a command of ``scala40`` once this distribution is installed (found by
the entry points of :data:`scala40.commands.ENTRY_POINT_GROUP`):

- ``scala40 web`` (:mod:`scala40_server.commands.web`): the web table, a page to play any
  game of the library against its bots in a browser (:mod:`scala40_server.web`);
- ``scala40 serve`` (:mod:`scala40_server.commands.serve`): a referee for programs in any
  language, speaking JSON lines on standard input and output.

What both share, the dealing that neither the server nor a seat chooses and the
signatures of what the server acknowledged, is :mod:`scala40_server.serving`. The server
imports only the public API of :mod:`scala40`, released with it in lockstep: this
distribution's version is the version of ``scala40`` it needs.

>>> import scala40, scala40_server
>>> scala40_server.__version__ == scala40.__version__
True
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.7.0.dev0"
"""The distribution's version, always that of the ``scala40`` it depends on (its
``pyproject.toml`` pins it)."""

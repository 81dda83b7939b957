"""The server's commands of ``scala40``: ``web`` (:mod:`~scala40_server.commands.web`)
and ``serve`` (:mod:`~scala40_server.commands.serve`), each a
:class:`scala40.commands.Command` registered in the entry-point group
:data:`scala40.commands.ENTRY_POINT_GROUP` by this distribution's ``pyproject.toml``."""

from __future__ import annotations

__all__: list[str] = []

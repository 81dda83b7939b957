"""The web table: play any game of the library against its bots in a browser page.

``scala40 web`` starts it (:mod:`scala40_server.commands.web`). Its parts can be imported and reused
by a server of one's own: :mod:`scala40_server.web.tables` keeps the tables in SQLite and
answers the requests (seats with tokens, stale moves refused, bots with a time budget,
undo, resignation), and :mod:`scala40_server.web.server` carries them over HTTP with the page,
its static files, the card pictures and CORS headers. Only the standard library is used.
"""

from __future__ import annotations

__all__: list[str] = []

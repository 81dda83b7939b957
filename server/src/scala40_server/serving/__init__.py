"""What the servers share (``scala40 serve``, the referee of JSON lines, and the web table,
:mod:`scala40_server.web`): the bots that play seats and answer requests under the server's time
bounds (:mod:`~scala40_server.serving.bot_seats`), the fields of a request both read alike
(:mod:`~scala40_server.serving.request_fields`), fair dealing (:mod:`~scala40_server.serving.fair_deal`: its
deals, :mod:`~scala40_server.serving.deals`, and their acknowledgements,
:mod:`~scala40_server.serving.acknowledgements`), and what a seat may undo, which the web table
takes and the deal's check replays (:mod:`~scala40_server.serving.undo`). Both servers import it; it imports
neither.
"""

from __future__ import annotations

__all__: list[str] = []

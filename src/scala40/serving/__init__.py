"""What the servers share (``scala40 serve``, the referee of JSON lines, and the web table,
:mod:`scala40.web`): the bots that play seats and answer requests under the server's time
bounds (:mod:`~scala40.serving.bot_seats`), the fields of a request both read alike
(:mod:`~scala40.serving.request_fields`), fair dealing (:mod:`~scala40.serving.fair_deal`: its
deals, :mod:`~scala40.serving.deals`, and their acknowledgements,
:mod:`~scala40.serving.acknowledgements`), and what a seat may undo, which the web table
takes and the deal's check replays (:mod:`~scala40.serving.undo`). Both servers import it; it imports
neither.
"""

from __future__ import annotations

__all__: list[str] = []

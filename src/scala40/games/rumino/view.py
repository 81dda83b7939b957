"""What one Rumino player may know: :class:`PlayerView`, and sampling states from it."""

from __future__ import annotations

import attrs

from scala40.games._knock.view import KnockView

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView(KnockView):
    """One player's knowledge of a Rumino :class:`~scala40.games.rumino.state.GameState`: his
    own hand, the sizes of the others, the discard pile, the totals (see
    :class:`~scala40.games._knock.view.KnockView`)."""

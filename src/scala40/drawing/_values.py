"""The pictures of the core's small values (internal): a meld, a move, and moves one
under the other (a state's legal moves).

Each is drawn from what the value shows of itself: a meld from its text and its rules,
a move from its text, in the pack its kind is drawn in
(:func:`~scala40.movekinds.drawn_pack`, which the caller passes). No class of theirs is
imported here, so that a meld's, a move's or the legal moves' ``_repr_svg_`` loads this
module when a notebook asks for a picture with no import running back to them, as
python-chess's board calls ``chess.svg``. The public functions of
:mod:`scala40.drawing` check what they are given and call these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scala40._format.serial import MAX_MOVE_TEXT
from scala40._wording import players_text
from scala40.cards import CARD_NAMES
from scala40.checks import describe
from scala40.drawing._scene import MeldCards, Stack, meld_of_text, move_piece
from scala40.drawing._svg import (
    DEFAULT_PALETTE,
    Palette,
    framed,
    is_spanish_order,
    meld_piece,
)
from scala40.errors import InvalidArgumentError

__all__ = ["MAX_LISTED_MOVES", "meld_cards", "meld_picture", "move_picture", "moves_picture"]

MAX_LISTED_MOVES = 60
"""The most moves a picture of moves draws (:data:`scala40.drawing.MAX_LISTED_MOVES`)."""


def meld_cards(meld: Any) -> MeldCards:
    """A meld (:class:`~scala40.melds.Meld`) as drawn, read from what it shows of itself:
    its text gives its cards and, after ``=``, the card each wild card stands for (a meld
    of wild cards only writes none); its rules' rank order gives its pack. A wild card's
    reading names a suit in a meld that has one (a sequence), and in a set only under
    rules whose sets are of distinct suits (not "cards of that rank", SK-MELDS)."""
    drawn = meld_of_text(str(meld))
    if drawn is None:  # a meld's text is its cards: nothing else writes so
        raise InvalidArgumentError(f"expected a meld, got {describe(meld)}")
    rules = meld.rules
    drawn.spanish = is_spanish_order(rules.rank_order)
    drawn.suited = meld.suit != -1 or rules.set_suits_distinct
    return drawn


def meld_picture(meld: Any, *, size: int | None = None, palette: Palette = DEFAULT_PALETTE) -> str:
    """A meld as a whole SVG document, in its rules' pack, under each wild card the card
    it stands for (C-WILD)."""
    drawn = meld_cards(meld)
    spanish = bool(drawn.spanish)
    piece = meld_piece(
        drawn.cards, drawn.represented, drawn.wild, spanish, palette=palette, suited=drawn.suited
    )
    return framed(piece, f"meld {_meld_words(drawn, spanish)}", size=size, palette=palette)


def _meld_words(drawn: MeldCards, spanish: bool) -> str:
    """A meld's cards in the players' words, each wild card with what it stands for: the
    card where the meld names a suit, the rank alone in a set of "cards of that rank"."""
    words = []
    for index, card in enumerate(drawn.cards):
        if index not in drawn.wild:
            words.append(players_text(CARD_NAMES[card], spanish))
        elif drawn.suited:
            stands_for = CARD_NAMES[drawn.represented[index]]
            words.append(players_text(f"{CARD_NAMES[card]}={stands_for}", spanish))
        else:
            # A card of that rank, whatever its suit: the rank alone, as drawn under it.
            rank = players_text(CARD_NAMES[drawn.represented[index]], spanish).split(" de ")[0]
            own = players_text(CARD_NAMES[card], spanish)
            words.append(f"{own} ({rank})" if spanish else f"{own}={rank[:-1]}")
    return (", " if spanish else " ").join(words)


def _text(move: object) -> str:
    """A move's text, cut at the longest a move's text is read (``MAX_MOVE_TEXT``)."""
    return str(move)[:MAX_MOVE_TEXT]


def move_picture(
    move: object, spanish: bool, *, size: int | None = None, palette: Palette = DEFAULT_PALETTE
) -> str:
    """A move as a whole SVG document: its text over its cards, in the Spanish pack if
    ``spanish``."""
    text = _text(move)
    piece = move_piece(text, spanish, palette)
    return framed(piece, f"move {players_text(text[:200], spanish)}", size=size, palette=palette)


def moves_picture(
    moves: Sequence[object],
    spanish: bool,
    *,
    size: int | None = None,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """Moves' texts over their cards, one under the other, at most
    :data:`MAX_LISTED_MOVES`, then how many more there are."""
    stack = Stack()
    for move in moves[:MAX_LISTED_MOVES]:
        stack.piece(move_piece(_text(move), spanish, palette))
    if len(moves) > MAX_LISTED_MOVES:
        stack.line(f"... and {len(moves) - MAX_LISTED_MOVES} more", size=12)
    if not moves:
        stack.line("(no moves)")
    return framed(stack.as_piece(), f"{len(moves)} moves", size=size, palette=palette)

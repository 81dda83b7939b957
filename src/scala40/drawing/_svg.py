"""The pieces of the library's SVG pictures (internal): cards, rows of cards, melds.

Everything here works on validated card codes and writes text: integer coordinates and
fixed attribute order, so that the same cards always give the same bytes. Public
drawing functions (:mod:`scala40.drawing`) validate their arguments and assemble these
pieces; :class:`~scala40.melds.Meld` uses :func:`meld_picture` for notebooks.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from scala40._wording import players_text
from scala40.cards import (
    CARD_NAMES,
    CARD_SYMBOLS,
    JOKER,
    RANK_NAMES,
    RANK_OF,
    SPANISH_40_RANKS,
    SPANISH_48_RANKS,
    SPANISH_RANK_NAMES,
    SPANISH_SUIT_NAMES,
    SUIT_OF,
    SUIT_SYMBOLS,
    Card,
)

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "DEFAULT_PALETTE",
    "LABEL_HEIGHT",
    "MARGIN",
    "MAX_ROW_WIDTH",
    "STEP",
    "Palette",
    "Piece",
    "card_group",
    "document",
    "escape",
    "framed",
    "is_spanish_order",
    "meld_picture",
    "meld_piece",
    "outline",
    "row_piece",
    "text",
]

CARD_WIDTH = 44
CARD_HEIGHT = 62
STEP = 26
"""How far apart the cards of a row are drawn: they overlap, the corner index showing."""
LABEL_HEIGHT = 14
"""Room under a meld for the cards that wild cards stand for."""
MARGIN = 8
MAX_ROW_WIDTH = 760
"""Rows of cards wider than this wrap (the widest row a picture draws)."""

_INK = "#1b1b1b"
_RED = "#c62828"
_FRENCH_COLOURS = (_INK, _RED, _RED, _INK)
_SPANISH_COLOURS = ("#1f5fa8", "#c62828", "#a67c00", "#2e7d32")
_JOKER_COLOUR = "#6a1b9a"

# The Spanish suits drawn in a 20-unit box around the origin: espadas (swords), copas
# (cups), oros (coins), bastos (clubs), indexed like the French suits they stand for.
_SPANISH_PIPS = (
    '<path d="M0 -11L2 -7V4H-2V-7Z" fill="#1f5fa8"/>'
    '<rect x="-6" y="4" width="12" height="2" fill="#1f5fa8"/>'
    '<rect x="-1" y="6" width="2" height="5" fill="#6b3e1e"/>',
    '<path d="M-8 -9H8Q8 2 1 3V6H5V9H-5V6H-1V3Q-8 2 -8 -9Z" fill="#c62828"/>',
    '<circle r="9" fill="#f2b705" stroke="#8a6200" stroke-width="1.5"/>'
    '<circle r="4" fill="none" stroke="#8a6200" stroke-width="1.5"/>',
    '<path d="M-2 10L-4 -6Q-4 -10 0 -10Q4 -10 4 -6L2 10Z" fill="#2e7d32"/>'
    '<circle cx="-3" cy="-2" r="1.5" fill="#1b5e20"/><circle cx="2" cy="3" r="1.5" fill="#1b5e20"/>',
)


class Palette:
    """The colours of a picture: card faces, backs, borders, text, the highlight of
    cards and places, and the background (``None``: transparent)."""

    __slots__ = ("back", "background", "border", "face", "highlight", "ink")

    def __init__(
        self,
        *,
        face: str = "#fff",
        back: str = "#2d4f8a",
        border: str = "#555",
        ink: str | None = None,
        highlight: str = "#e65100",
        background: str | None = None,
    ) -> None:
        self.face: str = face
        self.back: str = back
        self.border: str = border
        self.ink: str | None = ink
        """The colour of text (``None``: the viewer's default, black)."""
        self.highlight: str = highlight
        self.background: str | None = background


DEFAULT_PALETTE = Palette()
"""The colours the pictures have when none are asked for."""


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def escape(content: str) -> str:
    """Text made safe inside an element or a double-quoted attribute. (The standard
    library's ``xml.sax.saxutils`` would do, but importing it loads ``urllib.request``
    and ``ssl``: tens of milliseconds added to importing the package.)"""
    return content.translate(_ESCAPES)


class Piece:
    """A drawn fragment: its SVG elements and the size it takes."""

    __slots__ = ("body", "height", "width")

    def __init__(self, body: str, width: int, height: int) -> None:
        self.body = body
        self.width = width
        self.height = height


def text(x: int, y: int, content: str, size: int = 13, *, bold: bool = False) -> str:
    """A line of text, escaped."""
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x}" y="{y}" font-size="{size}"{weight}>{escape(content)}</text>'


def card_name(card: Card, spanish: bool) -> str:
    """What a card's tooltip says: its notation, and its Spanish name in a Spanish pack."""
    if card == JOKER:
        return "joker (JK)"
    if spanish and SPANISH_RANK_NAMES[RANK_OF[card]]:
        rank, suit = RANK_OF[card], SUIT_OF[card]
        return f"{SPANISH_RANK_NAMES[rank]} de {SPANISH_SUIT_NAMES[suit]} ({CARD_NAMES[card]})"
    return CARD_SYMBOLS[card]


def _pip(suit: int, spanish: bool, x: int, y: int, size: int) -> str:
    """One suit sign centred on (x, y), ``size`` units high."""
    if spanish:
        scale = f"{size / 22:.2f}"
        return f'<g transform="translate({x} {y}) scale({scale})">{_SPANISH_PIPS[suit]}</g>'
    colour = _FRENCH_COLOURS[suit]
    return (
        f'<text x="{x}" y="{y + size * 7 // 20}" font-size="{size}" fill="{colour}"'
        f' text-anchor="middle">{SUIT_SYMBOLS[suit]}</text>'
    )


def _index(card: Card, spanish: bool, x: int, y: int) -> str:
    """A card's corner index (rank over suit) with its top left at (x, y)."""
    if card == JOKER:
        return (
            f'<text x="{x}" y="{y + 12}" font-size="12" font-weight="bold"'
            f' fill="{_JOKER_COLOUR}">JK</text>'
        )
    suit = SUIT_OF[card]
    colour = (_SPANISH_COLOURS if spanish else _FRENCH_COLOURS)[suit]
    rank = RANK_NAMES[RANK_OF[card]]
    return (
        f'<text x="{x}" y="{y + 12}" font-size="13" font-weight="bold" fill="{colour}">'
        f"{rank}</text>{_pip(suit, spanish, x + 6, y + 21, 12)}"
    )


def card_group(
    card: Card,
    spanish: bool,
    x: int,
    y: int,
    *,
    face_down: bool = False,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """One card with its top left at (x, y); face down shows the back only."""
    place = f'<g transform="translate({x} {y})">'
    frame = f'rx="5" width="{CARD_WIDTH}" height="{CARD_HEIGHT}"'
    if face_down:
        return (
            f"{place}<title>hidden card</title>"
            f'<rect {frame} fill="{palette.back}" stroke="{palette.border}"/>'
            '<rect x="4" y="4" rx="3" width="36" height="54" fill="none" stroke="#c9d6ee"/>'
            "</g>"
        )
    if card == JOKER:
        centre = (
            f'<text x="30" y="46" font-size="22" fill="{_JOKER_COLOUR}"'
            ' text-anchor="middle">\u2605</text>'
        )
    else:
        centre = _pip(SUIT_OF[card], spanish, 30, 40, 24)
    return (
        f"{place}<title>{escape(card_name(card, spanish))}</title>"
        f'<rect {frame} fill="{palette.face}" stroke="{palette.border}"/>'
        f"{_index(card, spanish, 3, 3)}{centre}</g>"
    )


def outline(x: int, y: int, colour: str) -> str:
    """A highlight around the card whose top left is at (x, y)."""
    return (
        f'<rect x="{x - 2}" y="{y - 2}" rx="6" width="{CARD_WIDTH + 4}"'
        f' height="{CARD_HEIGHT + 4}" fill="none" stroke="{colour}" stroke-width="3"/>'
    )


def row_piece(
    cards: Sequence[Card],
    spanish: bool,
    *,
    face_down: bool = False,
    wrap: bool = True,
    palette: Palette = DEFAULT_PALETTE,
    highlight: Collection[int] = (),
    max_width: int = MAX_ROW_WIDTH,
) -> Piece:
    """Cards in overlapping rows at the origin, wrapping past ``max_width`` unless
    ``wrap`` is false (a meld stays on one line: it holds at most 32 cards); the cards at
    the positions ``highlight`` are outlined, over the row."""
    step = STEP
    per_row = max(1, (max_width - CARD_WIDTH) // step + 1) if wrap else max(1, len(cards))
    parts = []
    outlines = []
    for index, card in enumerate(cards):
        line, column = divmod(index, per_row)
        x, y = column * step, line * (CARD_HEIGHT + 6)
        parts.append(card_group(card, spanish, x, y, face_down=face_down, palette=palette))
        if index in highlight:
            outlines.append(outline(x, y, palette.highlight))
    parts += outlines
    if not cards:
        return Piece("", 0, CARD_HEIGHT)
    lines = (len(cards) - 1) // per_row + 1
    columns = min(len(cards), per_row)
    return Piece("".join(parts), (columns - 1) * step + CARD_WIDTH, lines * (CARD_HEIGHT + 6) - 6)


def meld_piece(
    cards: Sequence[Card],
    represented: Sequence[Card],
    wild: Sequence[int],
    spanish: bool,
    *,
    palette: Palette = DEFAULT_PALETTE,
    highlight: Collection[int] = (),
    suited: bool = True,
) -> Piece:
    """A meld at the origin: its cards in order, and under each wild card (the indexes
    ``wild``) the card it stands for (its rank alone unless ``suited``: a set whose suits
    do not matter); the cards at the positions ``highlight`` outlined."""
    parts = [row_piece(cards, spanish, wrap=False, palette=palette, highlight=highlight).body]
    for position in wild:
        stands_for = represented[position]
        x = position * STEP + 2
        named = (
            card_name(stands_for, spanish)
            if suited
            else f"a {RANK_NAMES[RANK_OF[stands_for]]} of any suit"
        )
        parts.append(
            f'<g transform="translate({x} {CARD_HEIGHT + 1})"><title>stands for '
            f"{escape(named)}</title>"
            f'<text x="0" y="11" font-size="11" fill="{_JOKER_COLOUR}">=</text>'
            f"{_index_small(stands_for, spanish, 7, 0, suited=suited)}</g>"
        )
    width = (len(cards) - 1) * STEP + CARD_WIDTH
    return Piece("".join(parts), width, CARD_HEIGHT + LABEL_HEIGHT)


def _index_small(card: Card, spanish: bool, x: int, y: int, *, suited: bool = True) -> str:
    """The rank and suit of a card on one line, 11 units high (the rank alone, in the
    joker's colour, unless ``suited``)."""
    suit = SUIT_OF[card]
    rank = RANK_NAMES[RANK_OF[card]]
    if not suited:
        return (
            f'<text x="{x}" y="{y + 11}" font-size="11" font-weight="bold" '
            f'fill="{_JOKER_COLOUR}">{rank}</text>'
        )
    colour = (_SPANISH_COLOURS if spanish else _FRENCH_COLOURS)[suit]
    pip_x = x + 7 * len(rank) + 5
    return (
        f'<text x="{x}" y="{y + 11}" font-size="11" font-weight="bold" fill="{colour}">'
        f"{rank}</text>{_pip(suit, spanish, pip_x, y + 6, 10)}"
    )


def document(
    body: str,
    width: int,
    height: int,
    label: str,
    *,
    size: int | None = None,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """A whole SVG document of the given size around ``body``; ``size``, when given, is
    the width it is shown at (its height in proportion), the drawing scaled to fit."""
    shown_width, shown_height = width, height
    if size is not None:
        shown_width, shown_height = size, max(1, (height * size + width // 2) // width)
    if palette.background is not None:
        body = f'<rect width="{width}" height="{height}" fill="{palette.background}"/>{body}'
    if palette.ink is not None:
        body = f'<g fill="{palette.ink}">{body}</g>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{shown_width}" height="{shown_height}"'
        f' viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif"'
        f' role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def is_spanish_order(rank_order: tuple[int, ...]) -> bool:
    """Whether melds of this rank order are drawn with the Spanish pack's suits."""
    return rank_order in (SPANISH_40_RANKS, SPANISH_48_RANKS)


def meld_picture(
    cards: Sequence[Card],
    represented: Sequence[Card],
    wild: Sequence[int],
    spanish: bool,
    *,
    size: int | None = None,
    palette: Palette = DEFAULT_PALETTE,
    suited: bool = True,
) -> str:
    """A meld as a whole SVG document."""
    piece = meld_piece(cards, represented, wild, spanish, palette=palette, suited=suited)
    words = []
    for index, card in enumerate(cards):
        if index not in wild:
            words.append(players_text(CARD_NAMES[card], spanish))
        elif suited:
            words.append(
                players_text(f"{CARD_NAMES[card]}={CARD_NAMES[represented[index]]}", spanish)
            )
        else:
            # A card of that rank, whatever its suit: the rank alone, as drawn under it.
            rank = players_text(CARD_NAMES[represented[index]], spanish).split(" de ")[0]
            own = players_text(CARD_NAMES[card], spanish)
            words.append(f"{own} ({rank})" if spanish else f"{own}={rank[:-1]}")
    names = (", " if spanish else " ").join(words)
    return framed(piece, f"meld {names}", size=size, palette=palette)


def framed(
    piece: Piece, label: str, *, size: int | None = None, palette: Palette = DEFAULT_PALETTE
) -> str:
    """A piece as a whole SVG document, with a margin around it (see :func:`document`)."""
    return document(
        f'<g transform="translate({MARGIN} {MARGIN})">{piece.body}</g>',
        max(piece.width, 1) + 2 * MARGIN,
        piece.height + 2 * MARGIN,
        label,
        size=size,
        palette=palette,
    )

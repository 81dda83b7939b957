"""The picture of a table (internal): a state's or a seat's view, drawn from a neutral
description of what it shows (:class:`Scene`) and what to mark on it (:class:`Marks`).

:mod:`scala40.drawing` builds a scene from a state, from a view, or from a view's JSON,
validating each as it reads it, so that the three give the same picture of the same
position; everything here works on validated values and writes text, with integer
coordinates and a fixed order of attributes (the same scene gives the same bytes).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence

from scala40._wording import players_text
from scala40.cards import CARD_NAMES, Card
from scala40.drawing._svg import (
    CARD_HEIGHT,
    DEFAULT_PALETTE,
    MARGIN,
    MAX_ROW_WIDTH,
    Palette,
    Piece,
    card_group,
    framed,
    meld_piece,
    outline,
    row_piece,
    text,
)

__all__ = [
    "DISCARDING_VERBS",
    "LINE",
    "Marks",
    "MeldCards",
    "Scene",
    "Stack",
    "draw_scene",
    "meld_of_text",
    "move_parts",
    "move_piece",
    "seat_name",
    "table_piece",
]

LINE = 18
"""The height of a line of text."""
_GAP = 10
"""The space between the parts of a picture."""
_MELD_GAP = 12
"""The space between two melds of a table."""
_PAD = 4
"""How far a place's fill reaches around it."""

DISCARDING_VERBS = frozenset({"discard", "close", "knock", "end"})
"""The verbs whose move puts its first card on the discard pile."""

_CARD_TEXTS = frozenset(CARD_NAMES)


class MeldCards:
    """A meld as drawn: its cards, what each stands for, and the positions of the wild
    cards whose reading shows under them."""

    __slots__ = ("cards", "represented", "spanish", "suited", "wild")

    def __init__(
        self,
        cards: tuple[Card, ...],
        represented: tuple[Card, ...],
        wild: tuple[int, ...],
        spanish: bool | None = None,
        suited: bool = True,
    ) -> None:
        self.cards = cards
        self.represented = represented
        self.wild = wild
        self.spanish = spanish
        """The meld's own pack (its rules' rank order); ``None``: the table's."""
        self.suited = suited
        """Whether a wild card's reading names a suit: not in a set of rules whose sets
        are "cards of that rank" (Skarney's, SK-MELDS), where it shows the rank alone."""


class Scene:
    """What a picture of a table shows, read from a state, a view or a view's JSON."""

    __slots__ = (
        "active",
        "current",
        "discard",
        "hand_number",
        "hands",
        "scores",
        "spanish",
        "status",
        "stock",
        "table",
        "taken",
        "title",
        "totals",
        "viewer",
    )

    def __init__(
        self,
        *,
        title: str,
        hand_number: int,
        viewer: int | None,
        status: str,
        current: int | None,
        hands: Sequence[tuple[Card, ...] | int],
        spanish: bool,
        scores: tuple[int, ...] | None = None,
        totals: tuple[int, ...] | None = None,
        stock: int | None = None,
        discard: tuple[Card, ...] | None = None,
        table: tuple[MeldCards, ...] | None = None,
        active: tuple[bool, ...] | None = None,
        taken: Card | None = None,
    ) -> None:
        self.title = title
        self.hand_number = hand_number
        self.viewer = viewer
        """The seat whose view this is; ``None`` for a state (every hand face up)."""
        self.status = status
        self.current = current
        self.hands = list(hands)
        """Each seat's hand: its cards, or how many cards it holds face down."""
        self.spanish = spanish
        self.scores = scores
        """Each seat's total (``None`` where the game keeps none per seat)."""
        self.totals = totals
        """The sides' totals, where the game keeps them by side instead."""
        self.stock = stock
        self.discard = discard
        self.table = table
        self.active = active
        self.taken = taken
        """The card the seat to play took from the discard pile this turn, if any."""


def seat_name(seat: int, viewer: int | None = None) -> str:
    """How a picture names a seat: ``Seat 2``, and the viewer's own ``Seat 0 (you)``, as
    the web table's page names them (which adds the bot a seat holds: ``Seat 1
    (greedy)``)."""
    return f"Seat {seat} (you)" if seat == viewer else f"Seat {seat}"


class Marks:
    """What to mark on a picture, validated: the last move (its text, the cards it named,
    the table melds it named, its groups of cards, the card it discarded), the card just
    taken, the places to fill, the seat drawn last, the size, the width to lay the
    picture out in and the colours."""

    __slots__ = (
        "discarded",
        "fill",
        "last_move",
        "layout_width",
        "move_cards",
        "move_groups",
        "move_melds",
        "own_hand",
        "palette",
        "perspective",
        "size",
        "taken",
    )

    def __init__(
        self,
        *,
        last_move: str | None = None,
        taken: Card | None = None,
        fill: Mapping[str, str] | None = None,
        perspective: int | None = None,
        size: int | None = None,
        palette: Palette = DEFAULT_PALETTE,
        layout_width: int = MAX_ROW_WIDTH + 2 * MARGIN,
        own_hand: bool = True,
    ) -> None:
        self.last_move: str | None = last_move
        parts = move_parts(last_move or "")
        self.move_cards: tuple[Card, ...]
        self.move_melds: tuple[int, ...]
        self.move_groups: tuple[tuple[Card, ...], ...]
        self.discarded: Card | None
        self.move_cards, self.move_melds, self.move_groups, self.discarded = parts
        self.taken: Card | None = taken
        self.fill: Mapping[str, str] = fill or {}
        self.perspective: int | None = perspective
        self.size: int | None = size
        self.palette: Palette = palette
        self.layout_width: int = layout_width
        """How wide the picture may run, margins included, before rows of cards and
        lines of text wrap, in its own units: a picture laid out narrow is shown larger on a narrow
        screen, so that its text stays readable there."""
        self.own_hand: bool = own_hand
        """Whether a view's picture draws the seat's own hand (a page that shows the
        hand itself, as cards to pick, has it drawn once)."""


def move_parts(
    move_text: str,
) -> tuple[tuple[Card, ...], tuple[int, ...], tuple[tuple[Card, ...], ...], Card | None]:
    """What a move's text names: its cards (each wild card's own card, not its reading),
    the table melds it names (``#2``), its groups of two cards or more (the melds it
    lays, the pieces of a split: the parts between ``:`` and ``/``), and the card it puts
    on the discard pile (:data:`DISCARDING_VERBS`), if any."""
    words = move_text.split()
    if not words:
        return (), (), (), None
    cards: list[Card] = []
    melds: list[int] = []
    groups: list[tuple[Card, ...]] = []
    group: list[Card] = []
    for word in [*words[1:], "/"]:
        if word in (":", "/"):
            if len(group) >= 2:
                groups.append(tuple(group))
            group = []
            continue
        own = word.split("=", 1)[0].upper()
        if own in _CARD_TEXTS:
            card = CARD_NAMES.index(own)
            cards.append(card)
            group.append(card)
        elif word.startswith("#") and word[1:].isdigit() and len(word) <= 6:
            melds.append(int(word[1:]))
    discarded = cards[0] if words[0].lower() in DISCARDING_VERBS and cards else None
    return tuple(cards), tuple(melds), tuple(groups), discarded


class Stack:
    """Parts of a picture placed one under the other; lines of text longer than
    ``max_width`` broken between words."""

    def __init__(self, max_width: int | None = None) -> None:
        self.parts: list[str] = []
        self.width = 0
        self.height = 0
        self.max_width = max_width

    def line(self, content: str, *, bold: bool = False, size: int = 13) -> None:
        # No font metrics here: three quarters of the font size a character is wide
        # enough for the sans-serif fonts that browsers use (bold included).
        lines = [content]
        if self.max_width is not None and len(content) * size * 3 // 4 > self.max_width:
            lines = textwrap.wrap(content, max(8, self.max_width * 4 // (size * 3))) or [""]
        for part in lines:
            self.parts.append(text(0, self.height + 13, part, size, bold=bold))
            self.width = max(self.width, len(part) * size * 3 // 4)
            self.height += LINE

    def piece(self, piece: Piece, indent: int = 0, fill: str | None = None) -> None:
        if fill is not None:
            self.parts.append(_fill(indent, self.height, piece.width, piece.height, fill))
        self.parts.append(f'<g transform="translate({indent} {self.height})">{piece.body}</g>')
        self.width = max(self.width, indent + piece.width)
        self.height += piece.height + _GAP

    def as_piece(self) -> Piece:
        return Piece("".join(self.parts), self.width, self.height)


def _fill(x: int, y: int, width: int, height: int, colour: str) -> str:
    return (
        f'<rect x="{x - _PAD}" y="{y - _PAD}" rx="6" width="{width + 2 * _PAD}"'
        f' height="{height + 2 * _PAD}" fill="{colour}"/>'
    )


def table_piece(
    melds: Sequence[MeldCards],
    spanish: bool,
    *,
    palette: Palette = DEFAULT_PALETTE,
    marked: Mapping[int, Sequence[int]] | None = None,
    fill: Mapping[str, str] | None = None,
    max_width: int = MAX_ROW_WIDTH,
) -> Piece:
    """Melds left to right, numbered as moves name them (#0, #1, ...), wrapping past
    ``max_width``; the cards ``marked`` (meld number to positions) outlined, the melds
    named in ``fill`` (``"#2"``) on their colour."""
    parts: list[str] = []
    x = y = width = line_height = 0
    for index, meld in enumerate(melds):
        piece = meld_piece(
            meld.cards,
            meld.represented,
            meld.wild,
            spanish if meld.spanish is None else meld.spanish,
            palette=palette,
            highlight=(marked or {}).get(index, ()),
            suited=meld.suited,
        )
        if x and x + piece.width > max_width:
            x, y = 0, y + line_height + _GAP
            line_height = 0
        colour = (fill or {}).get(f"#{index}")
        if colour is not None:
            parts.append(_fill(x, y, piece.width, piece.height + LINE, colour))
        parts.append(
            # The meld's number as the moves name it, for a page to find it by (data-meld).
            f'<g data-meld="{index}" transform="translate({x} {y})">'
            f"{text(0, 12, f'#{index}', 11)}"
            f'<g transform="translate(0 {LINE})">{piece.body}</g></g>'
        )
        width = max(width, x + piece.width)
        line_height = max(line_height, piece.height + LINE)
        x += piece.width + _MELD_GAP
    if not melds:
        return Piece(text(0, 12, "(no melds)", 12), 80, LINE)
    return Piece("".join(parts), width, y + line_height)


def _marked_melds(table: Sequence[MeldCards], marks: Marks) -> dict[int, list[int]]:
    """The cards of the table that the last move laid or named, by meld number."""
    marked: dict[int, list[int]] = {}
    named = Counter(marks.move_cards)
    for index in marks.move_melds:
        if index < len(table):
            cards = table[index].cards
            left = named.copy()
            positions = []
            for position, card in enumerate(cards):
                if left[card] > 0:
                    left[card] -= 1
                    positions.append(position)
            marked[index] = positions or list(range(len(cards)))
    for group in marks.move_groups:
        wanted = sorted(group)
        for index in range(len(table) - 1, -1, -1):
            if sorted(table[index].cards) == wanted:
                marked[index] = list(range(len(group)))
                break
    return marked


def _piles(scene: Scene, marks: Marks) -> Piece:
    palette = marks.palette
    parts: list[str] = []
    if scene.stock is not None:
        colour = marks.fill.get("stock")
        if colour is not None:
            parts.append(_fill(0, LINE, 44, CARD_HEIGHT, colour))
        parts += [
            card_group(0, scene.spanish, 0, LINE, face_down=True, palette=palette),
            text(0, 12, f"stock {scene.stock}", 12),
        ]
    if scene.discard is not None:
        colour = marks.fill.get("discard")
        if colour is not None and scene.discard:
            parts.append(_fill(70, LINE, 44, CARD_HEIGHT, colour))
        parts.append(text(70, 12, f"discard pile {len(scene.discard)}", 12))
        if scene.discard:
            top = scene.discard[-1]
            parts.append(card_group(top, scene.spanish, 70, LINE, palette=palette))
            if marks.discarded is not None and marks.discarded == top:
                parts.append(outline(70, LINE, palette.highlight))
    return Piece("".join(parts), 170, LINE + CARD_HEIGHT)


def _seat_order(seats: int, perspective: int | None) -> list[int]:
    """The seats top to bottom: in order, or from the one after ``perspective`` round to
    ``perspective``, drawn last (nearest the bottom, as a player's own hand lies)."""
    if perspective is None:
        return list(range(seats))
    return [(perspective + 1 + step) % seats for step in range(seats)]


def draw_scene(scene: Scene, marks: Marks) -> str:
    """The picture of ``scene`` with ``marks``, as a whole SVG document."""
    palette = marks.palette
    width = marks.layout_width - 2 * MARGIN
    stack = Stack(width)
    who = "" if scene.viewer is None else f" · Seat {scene.viewer}'s view"
    stack.line(f"{scene.title} · hand {scene.hand_number}{who}", bold=True, size=15)
    stack.line(scene.status)
    if marks.last_move is not None:
        stack.line(f"last move: {players_text(marks.last_move[:120], scene.spanish)}", size=12)
    if scene.totals is not None:
        stack.line("side totals: " + ", ".join(map(str, scene.totals)))
    stack.piece(_piles(scene, marks))
    if scene.table is not None:
        stack.line("Table", bold=True)
        marked = _marked_melds(scene.table, marks)
        piece = table_piece(
            scene.table,
            scene.spanish,
            palette=palette,
            marked=marked,
            fill=marks.fill,
            max_width=width,
        )
        stack.piece(piece, fill=marks.fill.get("table"))
    seats = len(scene.hands)
    taken = marks.taken if marks.taken is not None else scene.taken
    taker = scene.viewer if scene.viewer is not None else scene.current
    for seat in _seat_order(seats, marks.perspective):
        hand = scene.hands[seat]
        notes = [f"{scene.scores[seat]} points"] if scene.scores is not None else []
        if seat == scene.current:
            notes.append("to move")
        if scene.active is not None and not scene.active[seat]:
            notes.append("out")
        folded = seat == scene.viewer and not marks.own_hand and isinstance(hand, tuple)
        if folded and isinstance(hand, tuple):
            # The page around the picture shows this hand itself: drawn once, there.
            notes.append(f"{len(hand)} cards in hand")
        line = seat_name(seat, scene.viewer) + "".join(f" · {note}" for note in notes)
        stack.line(line, bold=seat == scene.current)
        colour = marks.fill.get(f"seat {seat}")
        if folded:
            continue
        if isinstance(hand, int):
            stack.piece(
                row_piece(
                    (0,) * hand,
                    scene.spanish,
                    face_down=True,
                    palette=palette,
                    max_width=width,
                ),
                fill=colour,
            )
        else:
            highlight = (hand.index(taken),) if seat == taker and taken in hand else ()
            row = row_piece(
                hand, scene.spanish, palette=palette, highlight=highlight, max_width=width
            )
            stack.piece(row, fill=colour)
    label = f"{scene.title}, hand {scene.hand_number}{who}: {scene.status}"
    return framed(stack.as_piece(), label, size=marks.size, palette=palette)


_CODES = {name: code for code, name in enumerate(CARD_NAMES)}


def meld_of_text(text: str) -> MeldCards | None:
    """A meld as the notation writes it (``JK=5H 6H 7H``: each wild card followed by
    ``=`` and the card it stands for); ``None`` if a word is not a card so written."""
    cards: list[Card] = []
    represented: list[Card] = []
    wild: list[int] = []
    for position, word in enumerate(text.split()):
        own, _, reading = word.upper().partition("=")
        if own not in _CODES or (reading and reading not in _CODES):
            return None
        cards.append(_CODES[own])
        represented.append(_CODES[reading or own])
        if reading:
            wild.append(position)
    if not cards:
        return None
    return MeldCards(tuple(cards), tuple(represented), tuple(wild))


def move_piece(move_text: str, spanish: bool, palette: Palette) -> Piece:
    """A move's text over its cards: each part of it (between ``:`` and ``/``) drawn as a
    meld, the cards wild cards stand for under them."""
    stack = Stack()
    stack.line(players_text(move_text[:200], spanish), bold=True)
    parts: list[str] = []
    x = 0
    for part in move_text.replace(":", "/").split("/"):
        words = [word for word in part.split() if word.partition("=")[0].upper() in _CODES]
        meld = meld_of_text(" ".join(words))
        if meld is None:
            continue
        piece = meld_piece(meld.cards, meld.represented, meld.wild, spanish, palette=palette)
        if x and x + piece.width > MAX_ROW_WIDTH:
            break
        parts.append(f'<g transform="translate({x} 0)">{piece.body}</g>')
        x += piece.width + _MELD_GAP
    if parts:
        stack.piece(Piece("".join(parts), x - _MELD_GAP, CARD_HEIGHT + 14))
    return stack.as_piece()

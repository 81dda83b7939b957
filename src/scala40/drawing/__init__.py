"""Pictures of cards, hands, melds, tables, states and views, as SVG text.

Every function returns a complete SVG document as a string: write it to a ``.svg``
file, put it in a web page, or let a notebook show it (melds, states and views have a
``_repr_svg_`` method that calls these functions). The French pack shows ♠ ♥ ♦ ♣; the
Spanish pack of Chinchón and La Conga shows its own suits (espadas, copas, oros,
bastos, written S H D C in the notation: C-DECK). A wild card in a meld shows, under it,
the card it stands for (C-WILD). A seat's view shows the other hands face down: its
picture is made from the view alone, so it can show nothing the seat may not know.

>>> from xml.etree import ElementTree
>>> from scala40 import check_meld, new_game
>>> from scala40.drawing import card_svg, meld_svg, state_svg, view_svg
>>> card_svg("7S")[:40]
'<svg xmlns="http://www.w3.org/2000/svg" '
>>> picture = ElementTree.fromstring(meld_svg(check_meld("JK 8S 9S")))
>>> picture.get("width"), picture.get("height")
('112', '92')
>>> state = new_game(players=2, seed=1)
>>> view_svg(state.view(0)) == view_svg(state.view(0))
True

Pictures are deterministic (the same input gives the same bytes: no random
identifiers, integer coordinates) and bounded: a picture holds at most
:data:`MAX_DRAWN_CARDS` cards, each under 1 KB of text, and a row of cards wraps at
760 pixels, so no picture exceeds a megabyte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any

import attrs

import scala40.drawing._read as read
import scala40.drawing._values as values
from scala40._format.serial import MAX_MOVE_TEXT

# The protocol from the registry's own module, not scala40.game, which builds on the state
# base: a state's picture must not import the state's module back (tests/test_layers.py).
from scala40._registry import State, View, position_from_text
from scala40._wording import players_text
from scala40.cards import (
    CARD_NAMES,
    JOKER,
    RANK_OF,
    SPANISH_RANK_NAMES,
    Card,
    as_card,
    as_cards,
)
from scala40.checks import check_flag, describe, is_int
from scala40.drawing._scene import Marks as Marks
from scala40.drawing._scene import (
    MeldCards,
    Scene,
    Stack,
    draw_scene,
    seat_name,
    table_piece,
)
from scala40.drawing._svg import (
    DEFAULT_PALETTE,
    MARGIN,
    MAX_ROW_WIDTH,
    Palette,
    Piece,
    card_name,
    framed,
    row_piece,
)
from scala40.drawing._values import meld_cards, meld_picture, move_picture, moves_picture
from scala40.errors import InvalidArgumentError, InvalidCardError
from scala40.melds import Meld
from scala40.movekinds import MoveBase, drawn_pack
from scala40.resignation import ResignMove
from scala40.view_json import view_from_dict

__all__ = [
    "COLOR_NAMES",
    "LAYOUT_WIDTH",
    "MAX_DRAWN_CARDS",
    "MAX_LISTED_MOVES",
    "MAX_SIZE",
    "MIN_LAYOUT_WIDTH",
    "PACKS",
    "Hand",
    "card_set",
    "card_svg",
    "cards_svg",
    "last_hand_svg",
    "meld_svg",
    "move_svg",
    "moves_svg",
    "state_svg",
    "table_svg",
    "view_svg",
]

MAX_DRAWN_CARDS = read.MAX_DRAWN_CARDS
"""The most cards one picture draws (a game's deck holds at most 428); asking for more
raises :class:`~scala40.errors.InvalidArgumentError`."""

MAX_LISTED_MOVES = values.MAX_LISTED_MOVES
"""The most moves a picture of moves draws; it says how many more there are."""

PACKS = ("french", "spanish")
"""The packs a picture can show: the French pack (Scala 40, Skarney, Rumino) and the
Spanish pack (Chinchón, La Conga)."""


def _pack_is_spanish(pack: object) -> bool:
    if pack not in PACKS:
        raise InvalidArgumentError(f"pack must be one of {', '.join(PACKS)}, got {describe(pack)}")
    return pack == "spanish"


def _bounded(cards: tuple[Card, ...], what: str) -> tuple[Card, ...]:
    if len(cards) > MAX_DRAWN_CARDS:
        raise InvalidArgumentError(
            f"{what}: at most {MAX_DRAWN_CARDS} cards are drawn, got {len(cards)}"
        )
    return cards


def card_svg(
    card: Card | str,
    *,
    pack: str = "french",
    face_down: bool = False,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
) -> str:
    """One card (a code or its text), face up or, with ``face_down=True``, its back;
    ``size`` and ``colors`` as :func:`view_svg` takes them.

    >>> from scala40.drawing import card_svg
    >>> from xml.etree import ElementTree
    >>> picture = ElementTree.fromstring(card_svg("QD", pack="spanish"))
    >>> picture.find("{http://www.w3.org/2000/svg}g/{http://www.w3.org/2000/svg}g/"
    ...              "{http://www.w3.org/2000/svg}title").text
    'caballo de oros (QD)'
    >>> card_svg("7S", pack="german")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: pack must be one of french, spanish, got 'german'

    :raises InvalidCardError: ``card`` is not a card.
    :raises InvalidArgumentError: ``pack`` is not one of :data:`PACKS`, or ``face_down``
        is not a boolean.
    """
    code = as_card(card)
    spanish = _pack_is_spanish(pack)
    check_flag("face_down", face_down)
    palette = _palette(colors)
    # A card is a row of one.
    row = row_piece((code,), spanish, face_down=face_down, palette=palette)
    label = "hidden card" if face_down else f"card {card_name(code, spanish)}"
    return framed(row, label, size=_size(size), palette=palette)


def card_set(
    pack: str = "french", *, size: int | None = None, colors: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Every card of a pack as a picture of its own, by file name: ``7S.svg`` and the
    rest in card notation, the joker ``JK.svg`` and the back ``back.svg`` (the Spanish
    pack: its 48 cards, A to 9 and the sota, caballo and rey, with the joker some
    rulesets add). ``scala40 cards --svg DIR`` writes them.

    >>> from scala40.drawing import card_set
    >>> pictures = card_set("spanish")
    >>> len(pictures), "back.svg" in pictures, "10S.svg" in pictures
    (50, True, False)
    >>> len(card_set("french"))
    54

    :raises InvalidArgumentError: ``pack`` is not one of :data:`PACKS`, or a bad option.
    """
    spanish = _pack_is_spanish(pack)
    codes = [
        code
        for code in range(len(CARD_NAMES))
        if not spanish or code == JOKER or SPANISH_RANK_NAMES[RANK_OF[code]]
    ]
    pictures = {
        f"{CARD_NAMES[code]}.svg": card_svg(code, pack=pack, size=size, colors=colors)
        for code in codes
    }
    pictures["back.svg"] = card_svg(JOKER, pack=pack, face_down=True, size=size, colors=colors)
    return pictures


def cards_svg(
    cards: Iterable[Card | str] | str,
    *,
    pack: str = "french",
    face_down: bool = False,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
) -> str:
    """Cards in a fanned row, in the order given (a hand); rows wrap at 760 pixels;
    ``size`` and ``colors`` as :func:`view_svg` takes them.

    >>> from scala40.drawing import cards_svg
    >>> from xml.etree import ElementTree
    >>> picture = ElementTree.fromstring(cards_svg("AS 2S 3S JK"))
    >>> picture.get("aria-label"), picture.get("width")
    ('cards A♠ 2♠ 3♠ JK', '138')

    :raises InvalidCardError: an item is not a card, or a text holds more than
        :data:`~scala40.cards.MAX_CARDS` cards.
    :raises InvalidArgumentError: more than :data:`MAX_DRAWN_CARDS` cards, or a bad
        ``pack`` or ``face_down``.
    """
    given: object = cards
    # Measured before the cards are read, so that reading them is bounded too.
    if isinstance(given, str) and len(given) > 8 * MAX_DRAWN_CARDS:
        raise InvalidArgumentError(f"cards: at most {MAX_DRAWN_CARDS} cards are drawn")
    if not isinstance(given, (str, bytes, bytearray, dict)) and hasattr(given, "__iter__"):
        items = tuple(islice(_items(cards, "cards"), MAX_DRAWN_CARDS + 1))
        if len(items) > MAX_DRAWN_CARDS:  # counted before any is read as a card
            raise InvalidArgumentError(f"cards: at most {MAX_DRAWN_CARDS} cards are drawn")
        cards = items  # type: ignore[assignment]
    codes = _bounded(as_cards(cards), "cards")
    spanish = _pack_is_spanish(pack)
    check_flag("face_down", face_down)
    label = f"{len(codes)} hidden cards" if face_down else "cards " + _said(codes, spanish)
    palette = _palette(colors)
    row = row_piece(codes, spanish, face_down=face_down, palette=palette)
    return framed(row, label, size=_size(size), palette=palette)


def _names(cards: Sequence[Card]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards) or "(none)"


def _said(cards: Sequence[Card], spanish: bool) -> str:
    """Cards as a picture's words name them for a player (:func:`_card_words`)."""
    return (", " if spanish else " ").join(
        _card_words(card, spanish) for card in cards
    ) or "(none)"


def _check_meld(meld: object) -> Meld:
    if not isinstance(meld, Meld):
        raise InvalidArgumentError(f"expected a meld, got {describe(meld)}")
    return meld


def meld_svg(
    meld: Meld, *, size: int | None = None, colors: Mapping[str, str] | None = None
) -> str:
    """One meld; under each wild card, the card it stands for (C-WILD). The pack is the
    one of the rules the meld was checked under (a Spanish rank order shows the Spanish
    suits); ``size`` and ``colors`` as :func:`view_svg` takes them.

    >>> from scala40.drawing import meld_svg
    >>> from scala40 import check_meld
    >>> "stands for 7♠" in meld_svg(check_meld("5S 6S JK"))
    True

    :raises InvalidArgumentError: ``meld`` is not a :class:`~scala40.melds.Meld`.
    """
    return meld_picture(_check_meld(meld), size=_size(size), palette=_palette(colors))


def table_svg(
    melds: Iterable[Meld], *, size: int | None = None, colors: Mapping[str, str] | None = None
) -> str:
    """A table of melds, numbered as moves name them (``#0``, ``#1``, ...); ``size`` and
    ``colors`` as :func:`view_svg` takes them.

    >>> from scala40.drawing import table_svg
    >>> from scala40 import check_meld
    >>> picture = table_svg([check_meld("5S 6S 7S"), check_meld("9H 9D 9C")])
    >>> picture.count("<title>stands for"), "#1" in picture
    (0, True)

    :raises InvalidArgumentError: an item is not a meld, or the melds hold more than
        :data:`MAX_DRAWN_CARDS` cards.
    """
    given: object = melds
    if isinstance(given, (str, bytes, Meld, dict)) or not hasattr(given, "__iter__"):
        raise InvalidArgumentError(f"expected melds, got {describe(given)}")
    checked: list[Meld] = []
    drawn = 0
    for meld in _items(melds, "melds"):
        checked.append(_check_meld(meld))
        drawn += len(checked[-1])
        if drawn > MAX_DRAWN_CARDS:
            raise InvalidArgumentError(f"melds: at most {MAX_DRAWN_CARDS} cards are drawn")
    palette = _palette(colors)
    piece = table_piece([meld_cards(meld) for meld in checked], False, palette=palette)
    return framed(piece, f"table of {len(checked)} melds", size=_size(size), palette=palette)


def _items(items: Iterable[Any], what: str) -> Iterator[object]:
    """The items of an iterable, refusing one that fails while it is read."""
    try:
        iterator = iter(items)
    except Exception:  # an object that claims to be iterable and is not
        raise InvalidArgumentError(f"expected {what}, got {describe(items)}") from None
    while True:
        try:
            item = next(iterator)
        except StopIteration:
            return
        except Exception:  # an iterable that fails while it is read
            raise InvalidArgumentError(f"expected {what}, got {describe(items)}") from None
        yield item


# -- options -----------------------------------------------------------------------------

COLOR_NAMES = ("face", "back", "border", "ink", "highlight", "background")
"""The parts whose colour ``colors`` may set: card faces, card backs, card borders, text,
the highlight around marked cards, and the background (transparent by default)."""

MAX_SIZE = 10_000
"""The widest ``size`` a picture may be given, in pixels."""

LAYOUT_WIDTH = MAX_ROW_WIDTH + 2 * MARGIN
"""How wide a table's picture runs, margins included, before its rows of cards wrap, by
default, in the picture's own units (a card is 44 wide, text 12 to 15 high)."""
MIN_LAYOUT_WIDTH = 200
"""The narrowest ``layout_width`` a table's picture may be laid out in: its piles and a
few cards of a row."""

_COLOUR = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?|[a-zA-Z]{1,30}")
_FILL_PLACE = re.compile(r"stock|discard|table|#\d{1,4}|seat \d{1,2}")


def _palette(colors: object) -> Palette:
    """``colors`` (a mapping of :data:`COLOR_NAMES` to CSS colours: ``#rgb``, ``#rrggbb``
    or a colour's name) as a palette."""
    if colors is None:
        return DEFAULT_PALETTE
    if not isinstance(colors, Mapping) or len(colors) > len(COLOR_NAMES):
        raise InvalidArgumentError(
            f"colors must map parts ({', '.join(COLOR_NAMES)}) to colours, got {describe(colors)}"
        )
    chosen: dict[str, str] = {}
    for part, colour in colors.items():
        if part not in COLOR_NAMES:
            raise InvalidArgumentError(
                f"colors: no part {describe(part)}; parts: {', '.join(COLOR_NAMES)}"
            )
        chosen[part] = _colour(colour, f"colors[{part!r}]")
    return Palette(**chosen)


def _colour(value: object, what: str) -> str:
    if not (isinstance(value, str) and _COLOUR.fullmatch(value)):
        raise InvalidArgumentError(
            f"{what} must be a colour (#rgb, #rrggbb or a name), got {describe(value)}"
        )
    return value


def _size(size: object) -> int | None:
    if size is None:
        return None
    if not (is_int(size) and 16 <= size <= MAX_SIZE):
        raise InvalidArgumentError(
            f"size must be a width in pixels from 16 to {MAX_SIZE}, got {describe(size)}"
        )
    return int(size)


def _layout_width(width: object) -> int:
    if width is None:
        return LAYOUT_WIDTH
    if not (is_int(width) and MIN_LAYOUT_WIDTH <= width <= MAX_SIZE):
        raise InvalidArgumentError(
            f"layout_width must be a width from {MIN_LAYOUT_WIDTH} to {MAX_SIZE}, "
            f"got {describe(width)}"
        )
    return int(width)


def _fill(fill: object) -> dict[str, str]:
    """``fill``: places (``"stock"``, ``"discard"``, ``"table"``, a table meld ``"#2"``,
    a seat's hand ``"seat 1"``) to colours."""
    if fill is None:
        return {}
    if not isinstance(fill, Mapping) or len(fill) > 64:
        raise InvalidArgumentError(
            f"fill must map at most 64 places to colours, got {describe(fill)}"
        )
    chosen = {}
    for place, colour in fill.items():
        if not (isinstance(place, str) and _FILL_PLACE.fullmatch(place)):
            raise InvalidArgumentError(
                "fill: a place is 'stock', 'discard', 'table', a table meld ('#2') or a "
                f"seat's hand ('seat 1'), got {describe(place)}"
            )
        chosen[place] = _colour(colour, f"fill[{place!r}]")
    return chosen


def _optional_card(card: object, what: str) -> Card | None:
    if card is None:
        return None
    try:
        return as_card(card)
    except InvalidCardError as error:
        raise InvalidArgumentError(f"{what}: {error}") from None


def _move_text(move: object, move_set: Any) -> str | None:
    """``move`` (a move, its text or its dictionary) as the text of a move of
    ``move_set``, read and checked by it (a game with no move set: text only)."""
    if move is None:
        return None
    if isinstance(move, str) and len(move) > MAX_MOVE_TEXT:
        raise InvalidArgumentError(
            f"last_move: a move's text is at most {MAX_MOVE_TEXT} characters"
        )
    if move_set is None:
        if isinstance(move, str):
            return " ".join(move.split())
        raise InvalidArgumentError(
            f"last_move must be a move's text for this game, got {describe(move)}"
        )
    if isinstance(move, str):
        return str(move_set.parse(move))
    if isinstance(move, Mapping):
        return str(move_set.from_dict(move))
    if isinstance(move, tuple(move_set.kinds)):
        return str(move)
    raise InvalidArgumentError(f"last_move must be a move of this game, got {describe(move)}")


def _marks(
    move_set: Any,
    seats: int,
    last_move: object,
    taken: object,
    fill: object,
    perspective: object,
    size: object,
    colors: object,
    layout_width: object = None,
) -> Marks:
    return Marks(
        last_move=_move_text(last_move, move_set),
        taken=_optional_card(taken, "taken"),
        fill=_fill(fill),
        perspective=read.optional_seat(perspective, seats, "perspective"),
        size=_size(size),
        palette=_palette(colors),
        layout_width=_layout_width(layout_width),
    )


# -- states and views --------------------------------------------------------------------


def _melds_field(obj: Any) -> tuple[MeldCards, ...]:
    value = read.field(obj, "table", ())
    if not (isinstance(value, tuple) and len(value) <= MAX_DRAWN_CARDS // 3):
        raise InvalidArgumentError(f"table must be a tuple of melds, got {describe(value)}")
    return tuple(meld_cards(_check_meld(meld)) for meld in value)


def _scene(obj: Any, hands: list[tuple[Card, ...] | int], viewer: int | None) -> Scene:
    """The scene of a state (every hand a tuple) or a view (hidden hands as counts)."""
    seats = len(hands)
    phase = read.field(read.field(obj, "phase"), "value", "")
    over = read.field(obj, "is_over", phase == "over") is True
    current = read.optional_seat(obj.current_player, seats, "current_player")
    scores = read.field(obj, "scores")
    totals = read.field(obj, "totals")
    active = read.field(obj, "active")
    stock: int | None = None
    if hasattr(obj, "stock") or hasattr(obj, "stock_size"):
        stock = (
            len(read.cards_field(obj, "stock"))
            if viewer is None
            else read.count_field(obj, "stock_size")
        )
    taken = read.field(obj, "taken")
    spanish = read.is_spanish_rules(read.field(obj, "rules"))
    return Scene(
        title=read.game_title(
            read.field(obj, "game_name", read.field(read.field(obj, "state_type"), "game_name"))
        ),
        hand_number=read.bounded_number(read.field(obj, "hand_number", 0), "hand_number"),
        viewer=viewer,
        status=read.status_line(
            phase,
            over,
            read.field(obj, "winners", ()),
            current,
            viewer,
            read.offer_of(read.field(obj, "turn"), read.field(obj, "offer_card"), seats),
            spanish,
        ),
        current=current,
        hands=hands,
        spanish=spanish,
        scores=read.bounded_numbers(scores, "scores")
        if isinstance(scores, tuple) and len(scores) == seats
        else None,
        totals=read.bounded_numbers(totals, "totals")
        if isinstance(totals, tuple) and not isinstance(scores, tuple)
        else None,
        stock=stock,
        discard=read.cards_field(obj, "discard") if hasattr(obj, "discard") else None,
        table=_melds_field(obj) if hasattr(obj, "table") else None,
        active=tuple(bool(flag) for flag in active)
        if isinstance(active, tuple) and len(active) == seats
        else None,
        taken=taken if is_int(taken) and taken in range(len(CARD_NAMES)) else None,
    )


def _position(given: object, view: bool) -> object:
    """``given``, or the state or view its text describes (:mod:`scala40.notation`)."""
    if not isinstance(given, str):
        return given
    found = position_from_text(given)
    if isinstance(found, View) != view:
        wanted = "a seat's view" if view else "a whole state"
        raise InvalidArgumentError(f"expected the text of {wanted}, got {describe(given, 60)}")
    return found


def state_svg(
    state: State | str,
    *,
    last_move: object = None,
    taken: Card | str | None = None,
    fill: Mapping[str, str] | None = None,
    perspective: int | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    layout_width: int | None = None,
) -> str:
    """A whole state as its referee sees it: every hand face up, the stock, the discard
    pile's top card, the table and each seat's total. ``state`` may also be given as its
    text (``state.to_text()``).

    The options (all keyword-only, all checked) are those of :func:`view_svg`, with
    ``taken`` outlined in the hand of the seat to play.

    >>> from scala40.drawing import state_svg
    >>> from scala40.games.chinchon import new_game
    >>> picture = state_svg(new_game(players=2, seed=1))
    >>> "caballo" in picture or "rey" in picture, picture.count("hidden card") >= 1
    (True, True)
    >>> state_svg(new_game(players=2, seed=1).to_text()) == picture
    True

    :raises InvalidArgumentError: ``state`` is not a game's state (or a view's text), or
        an option is not what it must be.
    :raises InvalidPositionError: its text describes no valid state.
    """
    given: object = _position(state, view=False)
    state = given  # type: ignore[assignment]
    if not isinstance(given, State) or not hasattr(given, "hands"):
        raise InvalidArgumentError(f"expected a game's state, got {describe(state)}")
    hands = read.field(state, "hands")
    if not (isinstance(hands, tuple) and 1 <= len(hands) <= 16):
        raise InvalidArgumentError(f"hands must be a tuple of hands, got {describe(hands)}")
    drawn: list[tuple[Card, ...] | int] = []
    for seat, hand in enumerate(hands):
        drawn.append(read.cards_value(hand, f"hand {seat}"))
    scene = _scene(state, drawn, None)
    moves = read.field(type(state), "MOVES")
    marks = _marks(
        moves, len(drawn), last_move, taken, fill, perspective, size, colors, layout_width
    )
    return draw_scene(scene, marks)


def view_svg(
    view: View | Mapping[str, Any] | str,
    *,
    last_move: object = None,
    taken: Card | str | None = None,
    fill: Mapping[str, str] | None = None,
    perspective: int | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    layout_width: int | None = None,
    own_hand: bool = True,
) -> str:
    """What one seat sees: its own hand face up, the others' face down (only how many
    cards they hold), the stock's size, the discard pile's top card and the table.

    ``view`` is a seat's view, its text (``view.to_text()``), or its JSON
    (``view.to_dict()``, as a server sends it), read as untrusted input
    (:func:`~scala40.view_json.view_from_dict` checks it, and each field the picture
    reads is checked again): all give the same picture. The
    picture reads the view alone: two states that differ only in cards the seat cannot
    see give the same picture.

    The options, like those of python-chess's ``chess.svg.board``:

    ``last_move``
        the move that led here (a move, its text or its dictionary; read by the game):
        written under the status, and the cards it laid or named outlined where they now
        lie face up (the table's melds, the top of the discard pile);
    ``taken``
        a card of the seat's hand to outline, the card just taken (by default the card
        the view says was taken from the discard pile this turn, if any);
    ``fill``
        places to colour behind: ``"stock"``, ``"discard"``, ``"table"``, a table meld
        (``"#2"``) or a seat's hand (``"seat 1"``), each to a colour;
    ``perspective``
        a seat drawn last, nearest the bottom, the others above it in turn order from the
        seat after it (by default the seats in order);
    ``size``
        the width the picture is shown at, in pixels (its height in proportion);
    ``colors``
        colours of the parts named in :data:`COLOR_NAMES`;
    ``layout_width``
        how wide the picture runs, margins included, in its own units, before rows of
        cards wrap and lines
        of text break (:data:`LAYOUT_WIDTH` by default, at least
        :data:`MIN_LAYOUT_WIDTH`): a picture laid out narrow can be shown on a phone at
        its own size or larger, its text as large as it was drawn;
    ``own_hand``
        whether to draw the seat's own hand (``True`` by default): a page that shows the
        hand beside the picture, as cards to pick, passes ``False`` and the picture says
        only how many cards it holds.

    Seats are named as ``Seat 1``, the viewer's own as ``Seat 0 (you)``.

    Colours are ``#rgb``, ``#rrggbb`` or a colour's name.

    >>> from scala40.drawing import view_svg
    >>> from scala40 import new_game
    >>> state = new_game(players=3, seed=4)
    >>> view_svg(state.view(1)).count("<title>hidden card</title>")
    27
    >>> view_svg(state.view(1).to_dict()) == view_svg(state.view(1))
    True
    >>> view_svg(state.view(1).to_text()) == view_svg(state.view(1))
    True
    >>> picture = view_svg(state.view(1), size=300, fill={"discard": "#ffe08a"})
    >>> picture[:70]
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="355" viewB'
    >>> narrow = view_svg(state.view(1), layout_width=300)
    >>> narrow[:66]
    '<svg xmlns="http://www.w3.org/2000/svg" width="294" height="680" v'
    >>> "Seat 1 (you) · 0 points · 13 cards in hand" in view_svg(state.view(1), own_hand=False)
    True

    :raises InvalidArgumentError: ``view`` is not a seat's view of a game (or a whole
        state's text), or an option is not what it must be.
    :raises SerializationError: ``view`` is a dictionary that is not a view's JSON.
    :raises InvalidPositionError: its text describes no valid view.
    :raises InvalidMoveError: ``last_move`` is no move of the view's game.
    """
    given: object = _position(view, view=True)
    if isinstance(given, Mapping):
        client = view_from_dict(given)
        scene, move_set = read.scene_of_json(client)
    else:
        scene, move_set = _scene_of_view(given)
    seats = len(scene.hands)
    check_flag("own_hand", own_hand)
    marks = _marks(
        move_set, seats, last_move, taken, fill, perspective, size, colors, layout_width
    )
    marks.own_hand = own_hand
    return draw_scene(scene, marks)


def _scene_of_view(view: object) -> tuple[Scene, Any]:
    if not isinstance(view, View) or not hasattr(view, "hand_sizes"):
        raise InvalidArgumentError(f"expected a seat's view, got {describe(view)}")
    sizes = read.field(view, "hand_sizes")
    player = read.field(view, "player")
    if not (isinstance(sizes, tuple) and 1 <= len(sizes) <= 16):
        raise InvalidArgumentError(f"hand_sizes must be a tuple of counts, got {describe(sizes)}")
    if not (is_int(player) and 0 <= player < len(sizes)):
        raise InvalidArgumentError(f"player must be a seat of the view, got {describe(player)}")
    own = read.cards_field(view, "hand")
    drawn: list[tuple[Card, ...] | int] = []
    for seat in range(len(sizes)):
        drawn.append(
            own if seat == player else read.card_count(sizes[seat], f"hand_sizes[{seat}]")
        )
    return _scene(view, drawn, player), read.field(read.field(view, "state_type"), "MOVES")


# -- moves and hands ---------------------------------------------------------------------


def _spanish_move(move: object) -> bool:
    """Whether ``move``'s game deals a Spanish pack (its move set says, or for a kind
    several games share, its notation: :func:`~scala40.movekinds.drawn_pack`).

    :raises InvalidArgumentError: ``move`` is not a move of a game.
    """
    if not isinstance(move, MoveBase):
        raise InvalidArgumentError(f"expected a move of a game, got {describe(move)}")
    return drawn_pack(type(move)) == "spanish"


def move_svg(
    move: Any, *, size: int | None = None, colors: Mapping[str, str] | None = None
) -> str:
    """A move: its text over the cards it names, each meld it lays with the cards its
    wild cards stand for, in its game's pack. Notebooks show moves this way.

    >>> from scala40.drawing import move_svg
    >>> from scala40 import load_game
    >>> move = load_game("chinchon").parse_move("close 7D : AC 2C 3C / 5S 5H JK=5C")
    >>> picture = move_svg(move)
    >>> picture.count("<title>stands for"), "sota" in picture or "as de" in picture
    (1, True)

    :raises InvalidArgumentError: ``move`` is not a move of a game, or a bad option.
    """
    spanish = _spanish_move(move)
    return move_picture(move, spanish, size=_size(size), palette=_palette(colors))


def moves_svg(
    moves: Iterable[Any], *, size: int | None = None, colors: Mapping[str, str] | None = None
) -> str:
    """Moves one under the other (a state's legal moves: notebooks show
    :class:`~scala40.legal.LegalMoves` this way), at most :data:`MAX_LISTED_MOVES`, then
    how many more there are (at most :data:`MAX_DRAWN_CARDS` moves are read).

    >>> from scala40.drawing import moves_svg
    >>> from scala40 import new_game
    >>> picture = moves_svg(new_game(players=2, seed=3).legal_moves())
    >>> picture.count("<text"), "draw" in picture
    (1, True)

    :raises InvalidArgumentError: an item is not a move of a game, more than
        :data:`MAX_DRAWN_CARDS` moves, or a bad option.
    """
    given: object = moves
    if isinstance(given, (str, bytes, Mapping)) or not hasattr(given, "__iter__"):
        raise InvalidArgumentError(f"expected moves, got {describe(given)}")
    checked: list[object] = []
    spanish = False
    for item in islice(_items(moves, "moves"), MAX_DRAWN_CARDS + 1):
        spanish = _spanish_move(item)
        checked.append(item)
    if len(checked) > MAX_DRAWN_CARDS:
        raise InvalidArgumentError(f"moves: at most {MAX_DRAWN_CARDS} moves are read")
    return moves_picture(checked, spanish, size=_size(size), palette=_palette(colors))


def _hand_cards(cards: object) -> tuple[Card, ...]:
    given: Any = cards
    if isinstance(given, str) and len(given) > 8 * MAX_DRAWN_CARDS:
        raise InvalidArgumentError(f"a hand holds at most {MAX_DRAWN_CARDS} cards")
    if not isinstance(given, (str, bytes, bytearray, dict)) and hasattr(given, "__iter__"):
        given = tuple(islice(_items(given, "cards"), MAX_DRAWN_CARDS + 1))
    return _bounded(as_cards(given), "hand")


@attrs.frozen(repr=False)
class Hand:
    """Cards held, in order, as a value a notebook shows as a picture (a view's ``hand``
    is a plain tuple of card codes): ``Hand(view.hand)``, or :meth:`of` a view in its
    game's pack.

    >>> from scala40.drawing import Hand, cards_svg
    >>> from scala40 import new_game
    >>> hand = Hand.of(new_game(players=2, seed=1).view(0))
    >>> len(hand), str(hand)[:8], hand._repr_svg_() == cards_svg(hand.cards)
    (13, 'AS 6H 6H', True)

    :raises InvalidCardError: an item is not a card.
    :raises InvalidArgumentError: more than :data:`MAX_DRAWN_CARDS` cards, or a bad pack.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_hand_cards)
    pack: str = attrs.field(default="french")

    def __repr__(self) -> str:
        """The hand as Python that makes it again, its cards by name.

        >>> from scala40.drawing import Hand
        >>> Hand("AS 7H JK"), Hand("7D AD", pack="spanish")
        (Hand('AS 7H JK'), Hand('7D AD', pack='spanish'))
        """
        pack = "" if self.pack == "french" else f", pack={self.pack!r}"
        return f"Hand({' '.join(CARD_NAMES[card] for card in self.cards)!r}{pack})"

    @pack.validator
    def _check_pack(self, attribute: Any, value: object) -> None:
        del attribute
        _pack_is_spanish(value)

    @classmethod
    def of(cls, view: View) -> Hand:
        """The hand of ``view``'s seat, in its game's pack.

        :raises InvalidArgumentError: ``view`` is not a seat's view.
        """
        scene, _ = _scene_of_view(view)
        own = scene.hands[scene.viewer or 0]
        return cls(own if isinstance(own, tuple) else (), "spanish" if scene.spanish else "french")

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __str__(self) -> str:
        return _names(self.cards)

    def _repr_svg_(self) -> str:
        """The hand as a fanned row of cards (:func:`cards_svg`)."""
        return cards_svg(self.cards, pack=self.pack)


_MAX_ENDING_WORDS = 200
"""The longest wording of a hand's ending a picture writes (a game's own words are far
shorter; a longer text is no game's, and the plain "closed" stands for it)."""


def _shown_piece(showing: Any, spanish: bool, width: int) -> Piece:
    """What a seat showed at the end of a knock game's hand: its melds, the cards it laid
    off on other seats' melds (CH-LAYOFF), then its unmatched cards, wrapping past
    ``width``."""
    stack = Stack(width)
    melds = read.field(showing, "melds", ())
    if isinstance(melds, tuple) and melds:
        cards = [meld_cards(_check_meld(meld)) for meld in melds]
        stack.piece(table_piece(cards, spanish, max_width=width))
    layoffs = read.field(showing, "layoffs", ())
    if isinstance(layoffs, tuple) and layoffs:
        laid = ", ".join(_layoff_text(layoff, spanish) for layoff in layoffs[:MAX_DRAWN_CARDS])
        stack.line(f"laid off: {laid}", size=12)
    unmatched = read.cards_value(read.field(showing, "unmatched", ()), "unmatched")
    stack.line("unmatched: " + (_said(unmatched, spanish) if unmatched else "none"), size=12)
    if unmatched:
        stack.piece(row_piece(unmatched, spanish, max_width=width))
    return stack.as_piece()


def _layoff_text(layoff: Any, spanish: bool) -> str:
    card = as_card(read.field(layoff, "card"))
    represents = as_card(read.field(layoff, "represents"))
    owner = read.bounded_number(read.field(layoff, "owner"), "owner")
    meld = read.bounded_number(read.field(layoff, "meld"), "meld")
    name = _card_words(card, spanish)
    if card != represents:
        name += (
            f" as {_card_words(represents, spanish)}"
            if spanish
            else f"={_card_words(represents, spanish)}"
        )
    return f"{name} on {seat_name(owner)}'s #{meld}"


def _resigned_in(game: object, number: int, seats: int) -> tuple[int, ...]:
    """The seats whose resignation ended hand ``number``, the last hand (C-RESIGN): the
    resignations its log ends with, while the game is still at that hand (a hand
    abandoned before the game went on to the next, or the end of the match)."""
    if read.field(game, "hand_number") != number:
        return ()
    history = read.field(game, "history")
    if not isinstance(history, Sequence):
        return ()
    found: list[int] = []
    for entry in reversed(history[-seats:] if len(history) > seats else list(history)):
        move = getattr(entry, "move", None)
        if not isinstance(move, ResignMove):
            break
        if is_int(move.seat) and 0 <= move.seat < seats:
            found.append(move.seat)
    return tuple(reversed(found))


def _card_words(card: Card, spanish: bool) -> str:
    """How a line of a picture's text names a card: as the web table's page does, by its
    Spanish name in a Spanish pack (as the cards' titles do too), else by its suit symbol
    (``Q♣``; the joker ``JK``)."""
    return players_text(CARD_NAMES[card], spanish)


def last_hand_svg(game: State | View | str, *, layout_width: int | None = None) -> str:
    """How the last hand of a state or view (or their text) ended: who closed, what each
    seat showed or still held, and the points each seat (or side) scored; laid out in
    ``layout_width`` as :func:`view_svg` is.

    >>> from scala40.drawing import last_hand_svg
    >>> import random
    >>> from scala40.games.chinchon import new_game
    >>> state, chooser = new_game(players=2, seed=5), random.Random(5)
    >>> while state.last_hand is None:
    ...     state = state.apply(chooser.choice(state.legal_moves()))
    >>> "ended" in last_hand_svg(state)
    True

    :raises InvalidArgumentError: ``game`` is no state or view, or no hand has ended yet.
    :raises InvalidPositionError: its text describes no valid state or view.
    """
    if isinstance(game, str):
        game = position_from_text(game)
    if not isinstance(game, (State, View)):
        raise InvalidArgumentError(f"expected a game's state or view, got {describe(game)}")
    result = read.field(game, "last_hand")
    if result is None:
        raise InvalidArgumentError("no hand has ended yet: there is no last hand to draw")
    spanish = read.is_spanish_rules(read.field(game, "rules"))
    width = _layout_width(layout_width) - 2 * MARGIN
    stack = Stack(width)
    number = read.bounded_number(read.field(result, "hand_number", 0), "hand_number")
    hands = read.field(result, "hands", ())
    if not (isinstance(hands, tuple) and 1 <= len(hands) <= 16):
        raise InvalidArgumentError(f"the last hand's hands must be a tuple, got {describe(hands)}")
    hands = tuple(read.cards_value(hand, f"hand {seat}") for seat, hand in enumerate(hands))
    closer = read.optional_seat(
        read.field(result, "closer", read.field(result, "went_out")), len(hands), "closer"
    )
    viewer = read.field(game, "player") if isinstance(game, View) else None
    viewer = viewer if is_int(viewer) and 0 <= viewer < len(hands) else None
    resigned = _resigned_in(game, number, len(hands))
    if resigned:
        # C-RESIGN: the hand in play was abandoned, nobody scored for it.
        names = " and ".join(seat_name(seat, viewer) for seat in resigned)
        how = f"{names} resigned, the hand abandoned"
        closer = None
    else:
        # A game whose hands end in several ways words each on its result's ending.
        words = read.field(read.field(result, "end"), "words")
        end = words if isinstance(words, str) and len(words) <= _MAX_ENDING_WORDS else None
        end = end or ("went out" if hasattr(result, "went_out") else "closed")
        how = (
            f"{seat_name(closer, viewer)} {end}"
            if closer is not None
            else "blocked, nobody closed"
        )
    stack.line(f"Hand {number} ended: {how}", bold=True, size=15)
    points = read.bounded_numbers(read.field(result, "points", ()), "points")
    shown = read.field(result, "shown")
    by_seat = len(points) == len(hands)
    if not by_seat:
        stack.line("points by side: " + ", ".join(f"{p:+d}" for p in points))
    for seat, hand in enumerate(hands):
        caption = seat_name(seat, viewer) + (f" · {points[seat]:+d} points" if by_seat else "")
        stack.line(caption, bold=seat == closer)
        showing = shown[seat] if isinstance(shown, tuple) and seat < len(shown) else None
        if showing is not None:
            stack.piece(_shown_piece(showing, spanish, width))
        elif hand:
            stack.piece(row_piece(hand, spanish, max_width=width))
        else:
            # No empty space where a hand would be: say why there is none.
            stack.line("went out: no cards left" if seat == closer else "no cards left", size=12)
    return framed(stack.as_piece(), f"hand {number} ended: {how}")

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

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from scala40._checks import describe, is_int
from scala40._svg import (
    CARD_HEIGHT,
    CARD_WIDTH,
    MAX_ROW_WIDTH,
    Piece,
    card_group,
    framed,
    is_spanish_order,
    meld_picture,
    meld_piece,
    row_piece,
    text,
)
from scala40.cards import CARD_NAMES, Card, as_card, as_cards
from scala40.errors import InvalidArgumentError, InvalidCardError, UnknownGameError
from scala40.game import State, View, load_game, position_from_text
from scala40.melds import Meld, MeldKind

__all__ = [
    "MAX_DRAWN_CARDS",
    "PACKS",
    "card_svg",
    "cards_svg",
    "last_hand_svg",
    "meld_svg",
    "state_svg",
    "table_svg",
    "view_svg",
]

PACKS = ("french", "spanish")
"""The packs a picture can show: the French pack (Scala 40, Skarney, Rumino) and the
Spanish pack (Chinchón, La Conga)."""

MAX_DRAWN_CARDS = 1_000
"""The most cards one picture draws (a game's deck holds at most 428); asking for more
raises :class:`~scala40.errors.InvalidArgumentError`."""

_LINE = 18
"""The height of a line of text."""
_GAP = 10
"""The space between the parts of a picture."""
_MELD_GAP = 12
"""The space between two melds of a table."""


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


def card_svg(card: Card | str, *, pack: str = "french", face_down: bool = False) -> str:
    """One card (a code or its text), face up or, with ``face_down=True``, its back.

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
    if type(face_down) is not bool:
        raise InvalidArgumentError(f"face_down must be True or False, got {describe(face_down)}")
    piece = Piece(card_group(code, spanish, 0, 0, face_down=face_down), CARD_WIDTH, CARD_HEIGHT)
    return framed(piece, "hidden card" if face_down else f"card {CARD_NAMES[code]}")


def cards_svg(
    cards: Iterable[Card | str] | str, *, pack: str = "french", face_down: bool = False
) -> str:
    """Cards in a fanned row, in the order given (a hand); rows wrap at 760 pixels.

    >>> from xml.etree import ElementTree
    >>> picture = ElementTree.fromstring(cards_svg("AS 2S 3S JK"))
    >>> picture.get("aria-label"), picture.get("width")
    ('cards AS 2S 3S JK', '138')

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
    if type(face_down) is not bool:
        raise InvalidArgumentError(f"face_down must be True or False, got {describe(face_down)}")
    label = f"{len(codes)} hidden cards" if face_down else "cards " + _names(codes)
    return framed(row_piece(codes, spanish, face_down=face_down), label)


def _names(cards: Sequence[Card]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards) or "(none)"


def _meld_piece(meld: Meld) -> Piece:
    wild = meld.wild_positions if meld.kind is not MeldKind.WILD else ()
    return meld_piece(meld.cards, meld.represented, wild, is_spanish_order(meld.rules.rank_order))


def _check_meld(meld: object) -> Meld:
    if not isinstance(meld, Meld):
        raise InvalidArgumentError(f"expected a meld, got {describe(meld)}")
    return meld


def meld_svg(meld: Meld) -> str:
    """One meld; under each wild card, the card it stands for (C-WILD). The pack is the
    one of the rules the meld was checked under (a Spanish rank order shows the Spanish
    suits).

    >>> from scala40 import check_meld
    >>> "stands for 7♠" in meld_svg(check_meld("5S 6S JK"))
    True

    :raises InvalidArgumentError: ``meld`` is not a :class:`~scala40.melds.Meld`.
    """
    checked = _check_meld(meld)
    wild = checked.wild_positions if checked.kind is not MeldKind.WILD else ()
    spanish = is_spanish_order(checked.rules.rank_order)
    return meld_picture(checked.cards, checked.represented, wild, spanish)


def _table_piece(melds: Sequence[Meld]) -> Piece:
    """Melds left to right, numbered as moves name them (#0, #1, ...), wrapping."""
    parts: list[str] = []
    x = y = width = line_height = 0
    for index, meld in enumerate(melds):
        piece = _meld_piece(meld)
        if x and x + piece.width > MAX_ROW_WIDTH:
            x, y = 0, y + line_height + _GAP
            line_height = 0
        parts.append(
            f'<g transform="translate({x} {y})">{text(0, 12, f"#{index}", 11)}'
            f'<g transform="translate(0 {_LINE})">{piece.body}</g></g>'
        )
        width = max(width, x + piece.width)
        line_height = max(line_height, piece.height + _LINE)
        x += piece.width + _MELD_GAP
    if not melds:
        return Piece(text(0, 12, "(no melds)", 12), 80, _LINE)
    return Piece("".join(parts), width, y + line_height)


def table_svg(melds: Iterable[Meld]) -> str:
    """A table of melds, numbered as moves name them (``#0``, ``#1``, ...).

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
    return framed(_table_piece(checked), f"table of {len(checked)} melds")


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


# -- states and views -------------------------------------------------------------------


class _Stack:
    """Parts of a picture placed one under the other."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0
        self.height = 0

    def line(self, content: str, *, bold: bool = False, size: int = 13) -> None:
        self.parts.append(text(0, self.height + 13, content, size, bold=bold))
        # No font metrics here: three quarters of the font size a character is wide
        # enough for the sans-serif fonts that browsers use (bold included).
        self.width = max(self.width, len(content) * size * 3 // 4)
        self.height += _LINE

    def piece(self, piece: Piece, indent: int = 0) -> None:
        self.parts.append(f'<g transform="translate({indent} {self.height})">{piece.body}</g>')
        self.width = max(self.width, indent + piece.width)
        self.height += piece.height + _GAP

    def as_piece(self) -> Piece:
        return Piece("".join(self.parts), self.width, self.height)


def _field(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default)


def _cards_field(obj: Any, name: str) -> tuple[Card, ...]:
    return _cards_value(_field(obj, name), name)


def _cards_value(value: object, name: str) -> tuple[Card, ...]:
    if not (isinstance(value, tuple) and len(value) <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(
            f"{name} must be a tuple of at most {MAX_DRAWN_CARDS} cards, got {describe(value)}"
        )
    try:
        return as_cards(value)
    except InvalidCardError as error:
        raise InvalidArgumentError(f"{name}: {error}") from None


def _count_field(obj: Any, name: str) -> int:
    value = _field(obj, name)
    if not (is_int(value) and 0 <= value <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{name} must be a count of cards, got {describe(value)}")
    return int(value)


def _melds_field(obj: Any) -> tuple[Meld, ...]:
    value = _field(obj, "table", ())
    if not (isinstance(value, tuple) and len(value) <= MAX_DRAWN_CARDS // 3):
        raise InvalidArgumentError(f"table must be a tuple of melds, got {describe(value)}")
    return tuple(_check_meld(meld) for meld in value)


def _is_spanish_rules(rules: Any) -> bool:
    deck = _field(rules, "deck")
    name = _field(deck, "name", "")
    return isinstance(name, str) and name.startswith("spanish")


def _title(game_name: object) -> str:
    """The game's title, from the registry; a game made but not registered draws under
    its own name, and a view that does not say its game under none."""
    if not isinstance(game_name, str):
        return "Game"
    try:
        return str(load_game(game_name).title)
    except UnknownGameError:
        return game_name[:40]


_MAX_NUMBER = 10**9
"""The largest score or count a picture writes (no game comes near)."""


def _number(value: object, what: str) -> int:
    if not (is_int(value) and -_MAX_NUMBER <= value <= _MAX_NUMBER):
        raise InvalidArgumentError(f"{what} must be a number, got {describe(value)}")
    return int(value)


def _seat(value: object, seats: int, what: str) -> int | None:
    if value is None:
        return None
    if not (is_int(value) and 0 <= value < seats):
        raise InvalidArgumentError(f"{what} must be a seat or None, got {describe(value)}")
    return int(value)


def _numbers(value: object, what: str) -> tuple[int, ...]:
    if not (isinstance(value, tuple) and len(value) <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{what} must be a tuple of numbers, got {describe(value)}")
    return tuple(_number(item, what) for item in value)


def _status(obj: Any, seats: int) -> str:
    phase = _field(_field(obj, "phase"), "value", "")
    phase = phase if isinstance(phase, str) and len(phase) <= 20 else ""
    if _field(obj, "is_over", phase == "over") is True:
        winners = ", ".join(str(seat) for seat in _numbers(_field(obj, "winners", ()), "winners"))
        return f"game over: seat {winners} won" if winners else "game over"
    current = _seat(obj.current_player, seats, "current_player")
    if current is None:
        return f"{phase}: chance step (a shuffle)"
    return (
        f"seat {current} to {phase}" if phase in ("draw", "play") else f"seat {current}: {phase}"
    )


def _scores(obj: Any, seats: int) -> list[str]:
    """Each seat's caption: its total, where the game keeps one per seat."""
    scores = _field(obj, "scores")
    if isinstance(scores, tuple) and len(scores) == seats:
        return [f"{score} points" for score in _numbers(scores, "scores")]
    return [""] * seats


def _picture(obj: Any, hands: list[tuple[Card, ...] | int], viewer: int | None) -> str:
    """The picture of a state (every hand a tuple) or a view (hidden hands as counts)."""
    title = _title(_field(obj, "game_name", _field(_field(obj, "state_type"), "game_name")))
    spanish = _is_spanish_rules(_field(obj, "rules"))
    seats = len(hands)
    stack = _Stack()
    hand_number = _number(_field(obj, "hand_number", 0), "hand_number")
    who = "" if viewer is None else f" · seen by seat {viewer}"
    stack.line(f"{title} · hand {hand_number}{who}", bold=True, size=15)
    status = _status(obj, seats)
    stack.line(status)
    totals = _field(obj, "totals")
    if isinstance(totals, tuple) and not isinstance(_field(obj, "scores"), tuple):
        stack.line("side totals: " + ", ".join(map(str, _numbers(totals, "totals"))))
    piles: list[str] = []
    if hasattr(obj, "stock") or hasattr(obj, "stock_size"):
        stock = (
            len(_cards_field(obj, "stock")) if viewer is None else _count_field(obj, "stock_size")
        )
        piles += [
            card_group(0, spanish, 0, _LINE, face_down=True),
            text(0, 12, f"stock {stock}", 12),
        ]
    if hasattr(obj, "discard"):
        discard = _cards_field(obj, "discard")
        piles.append(text(70, 12, f"discard pile {len(discard)}", 12))
        if discard:
            piles.append(card_group(discard[-1], spanish, 70, _LINE))
    stack.piece(Piece("".join(piles), 170, _LINE + CARD_HEIGHT))
    if hasattr(obj, "table"):
        stack.line("Table", bold=True)
        stack.piece(_table_piece(_melds_field(obj)))
    captions = _scores(obj, seats)
    active = _field(obj, "active")
    current = _seat(obj.current_player, seats, "current_player")
    for seat, hand in enumerate(hands):
        notes = [captions[seat]] if captions[seat] else []
        if seat == viewer:
            notes.append("you")
        if seat == current:
            notes.append("to move")
        if isinstance(active, tuple) and len(active) == seats and not active[seat]:
            notes.append("out")
        stack.line(f"Seat {seat}" + "".join(f" · {note}" for note in notes), bold=seat == current)
        if isinstance(hand, int):
            stack.piece(row_piece((0,) * hand, spanish, face_down=True))
        else:
            stack.piece(row_piece(hand, spanish))
    label = f"{title}, hand {hand_number}{who}: {status}"
    return framed(stack.as_piece(), label)


def _position(given: object, view: bool) -> object:
    """``given``, or the state or view its text describes (:mod:`scala40.notation`)."""
    if not isinstance(given, str):
        return given
    found = position_from_text(given)
    if isinstance(found, View) != view:
        wanted = "a seat's view" if view else "a whole state"
        raise InvalidArgumentError(f"expected the text of {wanted}, got {describe(given, 60)}")
    return found


def state_svg(state: State | str) -> str:
    """A whole state as its referee sees it: every hand face up, the stock, the discard
    pile's top card, the table and each seat's total. ``state`` may also be given as its
    text (``state.to_text()``).

    >>> from scala40.games.chinchon import new_game
    >>> picture = state_svg(new_game(players=2, seed=1))
    >>> "caballo" in picture or "rey" in picture, picture.count("hidden card") >= 1
    (True, True)
    >>> state_svg(new_game(players=2, seed=1).to_text()) == picture
    True

    :raises InvalidArgumentError: ``state`` is not a game's state (or a view's text).
    :raises InvalidPositionError: its text describes no valid state.
    """
    given: object = _position(state, view=False)
    state = given  # type: ignore[assignment]
    if not isinstance(given, State) or not hasattr(given, "hands"):
        raise InvalidArgumentError(f"expected a game's state, got {describe(state)}")
    hands = _field(state, "hands")
    if not (isinstance(hands, tuple) and 1 <= len(hands) <= 16):
        raise InvalidArgumentError(f"hands must be a tuple of hands, got {describe(hands)}")
    drawn: list[tuple[Card, ...] | int] = []
    for seat, hand in enumerate(hands):
        drawn.append(_cards_value(hand, f"hand {seat}"))
    return _picture(state, drawn, None)


def view_svg(view: View | str) -> str:
    """What one seat sees: its own hand face up, the others' face down (only how many
    cards they hold), the stock's size, the discard pile's top card and the table.
    ``view`` may also be given as its text (``view.to_text()``).

    The picture reads the view alone: two states that differ only in cards the seat
    cannot see give the same picture.

    >>> from scala40 import new_game
    >>> state = new_game(players=3, seed=4)
    >>> view_svg(state.view(1)).count("<title>hidden card</title>")
    27
    >>> view_svg(state.view(1).to_text()) == view_svg(state.view(1))
    True

    :raises InvalidArgumentError: ``view`` is not a seat's view of a game (or a whole
        state's text).
    :raises InvalidPositionError: its text describes no valid view.
    """
    given: object = _position(view, view=True)
    view = given  # type: ignore[assignment]
    if not isinstance(given, View) or not hasattr(given, "hand_sizes"):
        raise InvalidArgumentError(f"expected a seat's view, got {describe(view)}")
    sizes = _field(view, "hand_sizes")
    player = _field(view, "player")
    if not (isinstance(sizes, tuple) and 1 <= len(sizes) <= 16):
        raise InvalidArgumentError(f"hand_sizes must be a tuple of counts, got {describe(sizes)}")
    if not (is_int(player) and 0 <= player < len(sizes)):
        raise InvalidArgumentError(f"player must be a seat of the view, got {describe(player)}")
    own = _cards_field(view, "hand")
    drawn: list[tuple[Card, ...] | int] = []
    for seat in range(len(sizes)):
        if seat == player:
            drawn.append(own)
        elif is_int(sizes[seat]) and 0 <= sizes[seat] <= MAX_DRAWN_CARDS:
            drawn.append(int(sizes[seat]))
        else:
            raise InvalidArgumentError(f"hand_sizes[{seat}] must be a count of cards")
    return _picture(view, drawn, player)


_ENDINGS = {
    "knock": "knocked",
    "gin": "knocked with gin",
    "close": "closed",
    "all_matched": "closed with every card matched",
    "wild_chinchon": "closed with a chinchón holding a wild card",
    "chinchon": "closed with a chinchón",
    "rumino": "showed a Rumino",
    "blocked": "played the last turn of a blocked hand",
}
"""How each ending of a knock game's hand reads after the seat that made it."""


def _shown_piece(showing: Any, spanish: bool) -> Piece:
    """What a seat showed at the end of a knock game's hand: its melds, the cards it laid
    off on other seats' melds (CH-LAYOFF), then its unmatched cards."""
    stack = _Stack()
    melds = _field(showing, "melds", ())
    if isinstance(melds, tuple) and melds:
        stack.piece(_table_piece(tuple(_check_meld(meld) for meld in melds)))
    layoffs = _field(showing, "layoffs", ())
    if isinstance(layoffs, tuple) and layoffs:
        laid = ", ".join(_layoff_text(layoff) for layoff in layoffs[:MAX_DRAWN_CARDS])
        stack.line(f"laid off: {laid}", size=12)
    unmatched = _cards_value(_field(showing, "unmatched", ()), "unmatched")
    stack.line("unmatched: " + (_names(unmatched) if unmatched else "none"), size=12)
    if unmatched:
        stack.piece(row_piece(unmatched, spanish))
    return stack.as_piece()


def _layoff_text(layoff: Any) -> str:
    card = as_card(_field(layoff, "card"))
    represents = as_card(_field(layoff, "represents"))
    owner = _number(_field(layoff, "owner"), "owner")
    meld = _number(_field(layoff, "meld"), "meld")
    name = CARD_NAMES[card] + (f"={CARD_NAMES[represents]}" if card != represents else "")
    return f"{name} on seat {owner}'s #{meld}"


def last_hand_svg(game: State | View | str) -> str:
    """How the last hand of a state or view (or their text) ended: who closed, what each
    seat showed or still held, and the points each seat (or side) scored.

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
    result = _field(game, "last_hand")
    if result is None:
        raise InvalidArgumentError("no hand has ended yet: there is no last hand to draw")
    spanish = _is_spanish_rules(_field(game, "rules"))
    stack = _Stack()
    number = _number(_field(result, "hand_number", 0), "hand_number")
    hands = _field(result, "hands", ())
    if not (isinstance(hands, tuple) and 1 <= len(hands) <= 16):
        raise InvalidArgumentError(f"the last hand's hands must be a tuple, got {describe(hands)}")
    hands = tuple(_cards_value(hand, f"hand {seat}") for seat, hand in enumerate(hands))
    closer = _seat(_field(result, "closer", _field(result, "went_out")), len(hands), "closer")
    ending = _field(_field(result, "end"), "value")
    end = _ENDINGS.get(ending) if isinstance(ending, str) else None
    end = end or ("went out" if hasattr(result, "went_out") else "closed")
    how = f"seat {closer} {end}" if closer is not None else "blocked, nobody closed"
    stack.line(f"Hand {number} ended: {how}", bold=True, size=15)
    points = _numbers(_field(result, "points", ()), "points")
    shown = _field(result, "shown")
    by_seat = len(points) == len(hands)
    if not by_seat:
        stack.line("points by side: " + ", ".join(f"{p:+d}" for p in points))
    for seat, hand in enumerate(hands):
        caption = f"Seat {seat}" + (f" · {points[seat]:+d} points" if by_seat else "")
        stack.line(caption, bold=seat == closer)
        showing = shown[seat] if isinstance(shown, tuple) and seat < len(shown) else None
        if showing is not None:
            stack.piece(_shown_piece(showing, spanish))
        else:
            stack.piece(row_piece(hand, spanish))
    return framed(stack.as_piece(), f"hand {number} ended: {how}")

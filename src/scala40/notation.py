"""Positions as one line of text, for every game: ``state.to_text()`` and
``game.state_from_text(text)``, ``view.to_text()`` and ``game.view_from_text(text)``.

A position's text is to a state's dictionary what FEN is to a chess board: one line, a
few hundred characters, that a player can read and paste into a bug report, a forum post
or a test. It holds everything the dictionary holds (the rules, every card where it
lies, the scores, whose turn it is, the randomness still to come, how the last hand
ended), so a state read back from its text is the same state::

    scala40 official 4S4S9SQSKS3H5DJD2C5C6C7C9C/5H6H6D7DKD/AS6S7S7SJSQSKS4H10H4D6CJCKC/6SAHJHKH7DQDQC 3SJK=4S5S/QHKHAH/8S9S10S/8SJK=8D8C/10SJK=10H10C QD3CJC9H2C3C9C3D2D10C9HKCKD8H7CJD4C 38 play 1 3 1 0/0/0/0 40 5d9ed3fb32b6d4f8 opened=0/1/0/1 turns_played=5/4/4/4 opened_at_turn_start=1

**The fields** are separated by spaces. The first names the game (its registered name;
a seat's view adds ``@`` and the seat: ``scala40@2``), the second its rules: a preset's
name, then each option that differs from it as ``,name=value`` (``official,jokers=2``;
the nearest preset is written, the game's standard one among equals). Then come the
game's own fields, in the order its grammar gives (the docs' page of each game shows
it, :func:`grammar` lists it): the hands, the table, the discard pile and the stock
first, then whose turn it is, the counts and the scores, the move number and the state
of the generator (C-RNG). Last come the fields that are most often at their usual
value, each as ``name=value`` and left out when at it (``taken=7S``, ``last_hand=...``);
they may come in any order.

**Values** have one spelling each (:mod:`scala40._format.text_values`): cards one name after
another (``7S8S9S``, ``-`` for none), a meld's wild card followed by ``=`` and the card
it stands for (``8C9CJK=10C``), one value per seat separated by ``/`` (``0/25/10``),
``1`` and ``0`` for yes and no, ``-`` for nothing; values inside another are grouped
as ``[a,b]`` (a list) and ``(a;b)`` (the parts of a record, in the order of the
game's JSON Schema).

**The stock** is written as a number of cards when they are exactly the first cards of
the deck as the generator dealt it: the deck (in card order) shuffled from the
generator state ``D - 1`` draws before the state's (``D`` cards in the deck), a shuffle
that leaves the generator at the state's. That is the stock of every hand dealt by the
engine until the stock is rebuilt; any other stock is written card by card, bottom card
first. **The number of seats** is the number of hands.

**A view** is written the same way, but for what the seat may not know: every other
hand is its number of cards, the stock is its number of cards, and the fields no view
holds (the generator) are left out. A view's text keeps what the bots read, as a state's
does not: the hand's last :data:`~scala40.history.TEXT_MOVES` moves as every seat saw
them (``history=``, the dictionary's JSON, spaces written ``\\u0020``; ``shown=`` is
then what the seats were seen to hold before them, ``history_dropped=`` how many first
moves they leave out), so that a bot given the view read back (``scala40 hint``) plays the
move it plays at the table. A state's text leaves the hand's moves out, as FEN leaves a
chess game's: give ``hint`` a seat's view to ask what a bot plays there. Reading it gives the game's view (the value
``state.view(seat)`` gives, with its ``sample`` and its legal moves), once a state that
gives it has been dealt and checked.

**Reading** is strict and bounded: a text of at most :data:`MAX_POSITION_TEXT`
characters, printable ASCII, each field spelled as the grammar says; what the fields
say is then checked by the game's own loader (``from_dict``), exactly as a dictionary
is. Every error is an :class:`~scala40.errors.InvalidPositionError` naming the field
and the character where the problem is.

>>> import scala40
>>> state = scala40.load_game("chinchon").new_game(players=2, seed=1)
>>> text = state.to_text()
>>> text
'chinchon catsatcards 2S3SKS5H5DAC4C/4S4H6H4D6DKD7C KC 25 draw 0 1 1 0/0 0 56e27eb562eddf5e'
>>> scala40.load_game("chinchon").state_from_text(text) == state
True
>>> state.view(1).to_text()
'chinchon@1 catsatcards 7/4S4H6H4D6DKD7C KC 25 draw 0 1 1 0/0 0'
>>> scala40.load_game("chinchon").state_from_text(text.replace(" KC ", " KX "))
Traceback (most recent call last):
...
scala40.errors.InvalidPositionError: discard (character 51): expected cards (7S8SJK...) or - for none, got 'KX'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from scala40._cache import BoundedCache
from scala40._format.text_fields import (
    ABSENT,
    NO_DEFAULT,
    LengthOf,
    Notation,
    NotationField,
    PerItem,
    PerSeat,
)
from scala40._format.text_values import (
    JSON_CODEC,
    ArrayCodec,
    CardsCodec,
    Codec,
    Cursor,
    IntCodec,
    codec_for,
)
from scala40._rng import rewind, shuffle
from scala40.cards import CARD_NAMES
from scala40.checks import describe
from scala40.errors import InvalidPositionError, Scala40Error
from scala40.history import (
    HISTORY_FIELDS,
    HISTORY_KEYS,
    HISTORY_START,
    VIEW_ONLY,
    moves_of_text,
    shown_of,
    with_moves,
)

__all__ = [
    "ABSENT",
    "MAX_POSITION_TEXT",
    "GrammarField",
    "LengthOf",
    "Notation",
    "NotationField",
    "PerItem",
    "PerSeat",
    "grammar",
    "position_head",
    "state_from_text",
    "state_to_text",
    "view_from_text",
    "view_to_text",
]

MAX_POSITION_TEXT = 64_000
"""The longest position text read (a state of the largest deck, every card written, is
under 3,000 characters; a view's, with its hand's last 512 moves, under 10,000 in hands
that never end, measured; the bound leaves room for moves of long melds)."""

_MAX_FIELDS = 200
"""The most fields a position's text may have (a game's grammar has a few dozen)."""


_SHOWN = NotationField(
    "shown",
    "the cards each seat was seen to take this hand and still holds (in a view's text, "
    "before the moves its history holds)",
    ABSENT,
)
"""The named field of the shown cards, which every game that keeps its hands' moves has
(:mod:`scala40.history`)."""

_FIELD_KEYS = frozenset({"format", "version", "rules", "players"})
"""Keys of a state's dictionary that no grammar lists: the header (the game's), the
rules (the second field) and the number of seats (the number of hands)."""
_GENERIC_ORDER = ("hands", "stock", "phase", "turn", "dealer", "hand_number", "move_number")


def _generic_notation(keys: Sequence[str]) -> Notation:
    present = [key for key in _GENERIC_ORDER if key in keys]
    fields = tuple(NotationField(key, key.replace("_", " ")) for key in present)
    named = tuple(
        NotationField(key, key.replace("_", " "), ABSENT if key == "resigned" else NO_DEFAULT)
        for key in keys
        if key not in present and key not in _FIELD_KEYS
    )
    return Notation(fields, named)


# ---------------------------------------------------------------- a game's codecs


@attrs.frozen(eq=False)
class _Spec:
    """What reading and writing one game's positions needs, made once per game."""

    notation: Notation
    codecs: Mapping[str, Codec]
    options: Mapping[str, Codec]
    template_keys: tuple[str, ...]
    state_type: Any
    view_fields: frozenset[str]

    def codec(self, key: str) -> Codec:
        return self.codecs.get(key, JSON_CODEC)

    def fields(self, view: bool) -> tuple[NotationField, ...]:
        """The positional fields of a state's text, or of a view's."""
        return tuple(f for f in self.notation.fields if not view or self.is_public(f.key))

    def named(self, view: bool) -> tuple[NotationField, ...]:
        if view:
            return tuple(f for f in self.notation.named if self.is_public(f.key))
        return tuple(f for f in self.notation.named if f.key not in VIEW_ONLY)

    def is_public(self, key: str) -> bool:
        """Whether a view holds the field ``key`` of the state (the hands and the stock
        it holds as counts)."""
        return (
            key in self.view_fields or key in ("hands", "stock", "move_number") or key in VIEW_ONLY
        )


_SPECS: BoundedCache[Any, _Spec] = BoundedCache("position grammars", limit=64)
_COMMON_NODES: Mapping[str, Mapping[str, Any]] = {
    "move_number": {"type": "integer"},
    "resigned": {"type": "array", "items": {"type": "integer"}},
}
_OWN_VIEW_FIELDS = frozenset(
    {"player", "hand", "hand_sizes", "stock_size", "state_type", "move_number"}
)


def _spec(game: Any) -> _Spec:
    found = _SPECS.get(game)
    if found is not None:
        return found
    rules = game.ruleset_type.default()
    template = game.new_game(rules, rules.min_players, 0, auto_chance=False)
    keys = tuple(template.to_dict())
    keys = tuple(key for key in keys if key not in HISTORY_KEYS)
    notation = game.notation if game.notation is not None else _generic_notation(keys)
    nodes: dict[str, Mapping[str, Any]] = dict(_COMMON_NODES)
    if game.state_schema is not None:
        nodes.update(game.state_schema().get("properties", {}))
    codecs = {key: codec_for(node) for key, node in nodes.items() if key != "rules"}
    if getattr(type(template), "keeps_history", False):
        # The cards each seat was seen to take and still holds: a state's text leaves the
        # hand's moves out (as FEN does a game's), but keeps what they show; a view's
        # keeps the hand's last moves too, which the bots read (TEXT_MOVES).
        notation = attrs.evolve(notation, named=(*notation.named, _SHOWN, *HISTORY_FIELDS))
        codecs["shown"] = codecs.get("hands", JSON_CODEC)
        codecs["history"] = JSON_CODEC
        codecs["history_dropped"] = IntCodec()
    option_nodes = game.ruleset_type.json_schema()["properties"]["options"]["properties"]
    options = {name: codec_for(node) for name, node in option_nodes.items()}
    view_type = getattr(type(template), "VIEW", None)
    view_fields: set[str] = set()
    if view_type is not None and attrs.has(view_type):
        names = {field.name for field in attrs.fields(view_type)} - _OWN_VIEW_FIELDS
        view_fields = {"players" if name == "player_count" else name for name in names}
    return _SPECS.put(
        game,
        _Spec(notation, codecs, options, keys, type(template), frozenset(view_fields)),
    )


_TEMPLATES: BoundedCache[tuple[Any, Any, int], Any] = BoundedCache("position templates", 256)


def _template(game: Any, rules: Any, players: int) -> Any:
    """A new game (not dealt) of these rules and seats: the header of the dictionary,
    and what a view leaves out."""
    key = (game, rules, players)
    found = _TEMPLATES.get(key)
    if found is None:
        found = _TEMPLATES.put(key, game.new_game(rules, players, 0, auto_chance=False))
    return found


# ---------------------------------------------------------------- the rules


def _best_preset(rules: Any) -> tuple[str, dict[str, tuple[Any, Any]]]:
    kind = type(rules)
    best_name = kind.DEFAULT_PRESET
    best = rules.differences(kind.default())
    for name, preset in kind.presets().items():
        found = rules.differences(preset)
        if len(found) < len(best):
            best_name, best = name, found
    return best_name, best


def _rules_text(spec: _Spec, rules: Any) -> str:
    name, changes = _best_preset(rules)
    options = rules.to_dict()["options"]
    parts = [name]
    parts.extend(
        f"{option}={spec.options[option].write(options[option], 1)}" for option in changes
    )
    return ",".join(parts)


_PRESET = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
_OPTION = re.compile(r"[a-z_][a-z0-9_]*")


def _read_rules(spec: _Spec, game: Any, token: str, start: int) -> Any:
    cursor = Cursor(token, "rules", start)
    kind = game.ruleset_type
    name = cursor.match(_PRESET, "the name of a preset")
    if name not in kind.presets():
        raise cursor.fail(
            f"no preset named {name!r}; presets: {', '.join(kind.preset_names())}", 0
        )
    options = dict(kind.preset(name).to_dict()["options"])
    changed: set[str] = set()
    while cursor.take(","):
        at = cursor.pos
        option = cursor.match(_OPTION, "an option's name")
        codec = spec.options.get(option)
        if codec is None:
            raise cursor.fail(f"{game.title} has no option {option!r}", at)
        if option in changed:
            raise cursor.fail(f"option {option!r} is given twice", at)
        cursor.expect("=", f"= after {option}")
        options[option] = codec.read(cursor, 1)
        changed.add(option)
    cursor.finish()
    try:
        return kind.from_dict(
            {"format": kind.FORMAT, "version": kind.FORMAT_VERSION, "options": options}
        )
    except Scala40Error as error:
        raise cursor.fail(str(error), 0) from None


# ---------------------------------------------------------------- the stock


def _dealt(rules: Any, rng_text: object) -> tuple[str, ...] | None:
    """The deck as the generator dealt it before reaching ``rng_text`` (16 hex digits):
    the deck shuffled from the state ``D - 1`` draws back, if that shuffle ends there."""
    if not (isinstance(rng_text, str) and re.fullmatch(r"[0-9a-fA-F]{16}", rng_text)):
        return None
    deck = rules.deck.cards
    rng = int(rng_text, 16)
    order, after = shuffle(deck, rewind(rng, max(len(deck) - 1, 0)))
    if after != rng:
        return None
    return tuple(CARD_NAMES[card] for card in order)


def _stock_text(rules: Any, data: Mapping[str, Any]) -> str:
    stock = data["stock"]
    if not isinstance(stock, str):
        return JSON_CODEC.write(stock, 0)
    names = tuple(stock.split(" ")) if stock else ()
    if not names:
        return "0"
    order = _dealt(rules, data.get("rng"))
    if order is not None and order[: len(names)] == names:
        return str(len(names))
    return CardsCodec().write(stock, 0)


# ---------------------------------------------------------------- writing


def _default(field: NotationField, data: Mapping[str, Any], players: int) -> Any:
    default = field.default
    if isinstance(default, PerSeat):
        return [default.value] * players
    if isinstance(default, (PerItem, LengthOf)):
        other = data.get(default.key)
        length = len(other) if isinstance(other, list) else 0
        return length if isinstance(default, LengthOf) else [default.value] * length
    return default


def _write(spec: _Spec, head: str, rules: Any, data: Mapping[str, Any], seat: int | None) -> str:
    view = seat is not None
    tokens = [head, _rules_text(spec, rules)]
    hands = data.get("hands")
    players = len(hands) if isinstance(hands, list) else 0
    for field in spec.fields(view):
        key = field.key
        value = data.get(key)
        if view and key == "hands" and isinstance(hands, list):
            tokens.append(
                "/".join(
                    CardsCodec().write(hand, 1) if place == seat else str(hand)
                    for place, hand in enumerate(hands)
                )
            )
        elif key == "stock":
            tokens.append(str(value) if view else _stock_text(rules, data))
        else:
            tokens.append(spec.codec(key).write(value, 0))
    for field in spec.named(view):
        key = field.key
        if key in data and data[key] != _default(field, data, players):
            tokens.append(f"{key}={spec.codec(key).write(data[key], 0)}")
    return " ".join(tokens)


def state_to_text(state: Any, game: Any) -> str:
    """The text of ``state``, a state of ``game`` (what ``state.to_text()`` returns).

    :raises SerializationError: the state holds a value the text cannot spell (no state
        of the library's games does).
    """
    return _write(_spec(game), game.name, state.rules, _without_log(state.to_dict(), state), None)


def view_to_text(view: Any, game: Any) -> str:
    """The text of ``view``, a seat's view of a state of ``game`` (what ``view.to_text()``
    returns): the state's text with every hand but the seat's, and the stock, written
    as their numbers of cards, and without what no view holds.

    :raises SerializationError: the view holds a value the text cannot spell.
    """
    spec = _spec(game)
    seat: int = view.player
    turn_state = getattr(view, "turn_state", None)
    stand_in = turn_state() if callable(turn_state) else view.sample(0)
    data = with_moves(_without_log(stand_in.to_dict(), view), view)
    data["hands"] = [
        hand if place == seat else size
        for place, (hand, size) in enumerate(zip(data["hands"], view.hand_sizes))
    ]
    data["stock"] = view.stock_size
    data["move_number"] = view.move_number
    return _write(spec, f"{game.name}@{seat}", view.rules, data, seat)


def _without_log(data: dict[str, Any], value: Any) -> dict[str, Any]:
    """A state's dictionary without its hand's moves, with the shown cards of ``value``
    (a state or a view) instead."""
    for key in HISTORY_KEYS:
        data.pop(key, None)
    shown = getattr(value, "shown", ())
    if shown:
        data["shown"] = [" ".join(CARD_NAMES[card] for card in cards) for cards in shown]
    return data


def _shown_start(whole: dict[str, Any], reading: _Reading) -> None:
    """The shown cards read from a text, as the dictionary gives them: what the log of
    a position without its moves starts from. A field that shows no card is refused:
    the text of a position where no hand shows one leaves the field out (one spelling)."""
    shown = whole.pop("shown", None)
    if shown is None:
        return
    if isinstance(shown, list) and not any(shown):
        start, _ = reading.places.get("shown", (None, ""))
        raise InvalidPositionError(
            f"shown{'' if start is None else f' (character {start})'}: no seat shows a "
            "card; a position where none does leaves the field out",
            field="shown",
            position=start,
        )
    whole[HISTORY_START] = {"moves": 0, "shown": shown}


# ---------------------------------------------------------------- reading


_COUNT = re.compile(r"[0-9]+(?=/|$)")
_CARD_COUNT = re.compile(r"(?:0|[1-9][0-9]{0,3})(?![0-9])")
"""A stock's number of cards, in its one spelling (no leading zero)."""
_PRINTABLE = re.compile(r"[ -~\t\r\n]*")
_HEAD = re.compile(r"([^@\s]{1,100})(?:@(0|[1-9][0-9]{0,2}))?")


def _fields(text: object) -> list[tuple[int, str]]:
    if not isinstance(text, str):
        raise InvalidPositionError(f"expected a position's text, got {describe(text)}")
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidPositionError(
            f"a position's text is at most {MAX_POSITION_TEXT} characters, got {len(text)}"
        )
    wrong = _PRINTABLE.match(text)
    if wrong is not None and wrong.end() < len(text):
        at = wrong.end()
        raise InvalidPositionError(
            f"character {at}: {text[at]!r} is not printable ASCII (cards are written "
            "7S 10H JK, suits S H D C)",
            position=at,
        )
    fields = [(found.start(), found.group()) for found in re.finditer(r"\S+", text)]
    if len(fields) < 2:
        raise InvalidPositionError("a position's text starts with its game and its rules")
    if len(fields) > _MAX_FIELDS:
        raise InvalidPositionError(f"a position's text has at most {_MAX_FIELDS} fields")
    return fields


def position_head(text: object) -> tuple[str, int | None]:
    """The game a position's text names (as written) and, for a view, the seat it is
    of (``None`` for a whole state): what tells the two apart before either is read.

    >>> from scala40.notation import position_head
    >>> position_head("scala40@2 official 13/...")
    ('scala40', 2)

    :raises InvalidPositionError: ``text`` is no position's text.
    """
    start, token = _fields(text)[0]
    found = _HEAD.fullmatch(token)
    if found is None:
        raise InvalidPositionError(
            f"game (character {start}): expected a game's name, and @SEAT for a view, "
            f"got {describe(token)}",
            field="game",
            position=start,
        )
    seat = found.group(2)
    return found.group(1), None if seat is None else int(seat)


class _Reading:
    """One position's text being read: its fields, and where each came from."""

    def __init__(self, game: Any, text: object, view: bool) -> None:
        self.fields = _fields(text)
        name, self.seat = position_head(text)
        self.game = game
        self.spec = _spec(game)
        self.places: dict[str, tuple[int, str]] = {}
        start = self.fields[0][0]
        if _same_game(name, game) is False:
            raise InvalidPositionError(
                f"game (character {start}): a position of {name!r}, not of {game.name}",
                field="game",
                position=start,
            )
        if view and self.seat is None:
            raise InvalidPositionError(
                f"game (character {start}): a whole state's text; a view's names its "
                f"seat ({game.name}@SEAT): read it with state_from_text",
                field="game",
                position=start,
            )
        if not view and self.seat is not None:
            raise InvalidPositionError(
                f"game (character {start}): a view's text (of seat {self.seat}); read it "
                "with view_from_text",
                field="game",
                position=start,
            )
        self.view = view
        self.rules = _read_rules(self.spec, game, self.fields[1][1], self.fields[1][0])

    def cursor(self, key: str, start: int, token: str) -> Cursor:
        self.places[key] = (start, token)
        return Cursor(token, key, start)

    def read(self) -> dict[str, Any]:
        """The dictionary the fields give, but for what the template adds."""
        spec, view = self.spec, self.view
        positional = spec.fields(view)
        given = self.fields[2:]
        if len(given) < len(positional):
            missing = positional[len(given)].key
            end = len(" ".join(token for _, token in self.fields))
            raise InvalidPositionError(
                f"{missing} (character {end}): the text ends before this field",
                field=missing,
                position=end,
            )
        data: dict[str, Any] = {}
        for field, (start, token) in zip(positional, given):
            cursor = self.cursor(field.key, start, token)
            data[field.key] = self._positional(field.key, cursor)
            cursor.finish()
        named = {field.key: field for field in spec.named(view)}
        for start, token in given[len(positional) :]:
            key, equals, value = token.partition("=")
            if not equals:
                raise InvalidPositionError(
                    f"character {start}: expected a field written name=value after the "
                    f"{len(positional) + 2} fields in place, got {describe(token, 60)}",
                    position=start,
                )
            if key not in named:
                known = ", ".join(named) or "none"
                raise InvalidPositionError(
                    f"character {start}: no field named {describe(key, 40)}; the named "
                    f"fields are {known}",
                    position=start,
                )
            if key in data:
                raise InvalidPositionError(
                    f"{key} (character {start}): the field is given twice",
                    field=key,
                    position=start,
                )
            cursor = self.cursor(key, start + len(key) + 1, value)
            data[key] = spec.codec(key).read(cursor, 0)
            cursor.finish()
        hands = data.get("hands")
        players = len(hands) if isinstance(hands, list) else 0
        for key, field in named.items():
            if key not in data:
                default = _default(field, data, players)
                if default is NO_DEFAULT:
                    end = len(" ".join(token for _, token in self.fields))
                    raise InvalidPositionError(
                        f"{key} (character {end}): the field {key}=... is missing",
                        field=key,
                        position=end,
                    )
                if default is not ABSENT:
                    data[key] = default
        return data

    def _positional(self, key: str, cursor: Cursor) -> Any:
        if key == "hands":
            return self._hands(cursor)
        if key == "stock":
            if cursor.text.isdigit():
                return int(cursor.match(_CARD_COUNT, "a number of cards without leading zeros"))
            if self.view:
                raise cursor.fail("a view's stock is its number of cards")
            return CardsCodec().read(cursor, 0)
        return self.spec.codec(key).read(cursor, 0)

    def _hands(self, cursor: Cursor) -> list[Any]:
        codec = self.spec.codec("hands")
        if not (isinstance(codec, ArrayCodec) and isinstance(codec.items, CardsCodec)):
            return list(codec.read(cursor, 0))
        cards, counts = CardsCodec(), IntCodec()
        found: list[Any] = []
        while True:
            place, at = len(found), cursor.pos
            hidden = _COUNT.match(cursor.text, at) is not None
            if self.view and place != self.seat:
                if not hidden:
                    raise cursor.fail(
                        f"seat {place}: expected the number of cards of a hand the view "
                        f"hides (only seat {self.seat}'s cards are shown)"
                    )
                count = counts.read(cursor, 1)
                if not 0 <= count <= len(self.rules.deck.cards):
                    raise cursor.fail(f"seat {place}: {count} cards, more than the deck holds", at)
                found.append(count)
            elif hidden:
                raise cursor.fail(
                    f"seat {place}: a number of cards stands for a hand a view hides; "
                    + (
                        "the seat's own hand is its cards"
                        if self.view
                        else "a state gives every card"
                    ),
                    at,
                )
            else:
                found.append(cards.read(cursor, 1))
            if not cursor.take("/"):
                break
        if self.seat is not None and self.seat >= len(found):
            raise cursor.fail(f"a view of seat {self.seat}, but there are {len(found)} hands", 0)
        return found

    def dealt_stock(self, data: Mapping[str, Any]) -> str:
        """The cards of a stock written as its number of cards (see the module)."""
        count: int = data["stock"]
        if count == 0:
            return ""
        start, _ = self.places["stock"]
        order = _dealt(self.rules, data.get("rng"))
        if order is None or count > len(order):
            raise InvalidPositionError(
                f"stock (character {start}): {count} cards, but the generator state "
                f"{describe(data.get('rng'))} dealt no deck this stock can come from: "
                "write the stock's cards",
                field="stock",
                position=start,
            )
        return " ".join(order[:count])

    def finish(self, data: Mapping[str, Any], hidden: Mapping[str, Any] | None) -> dict[str, Any]:
        """The whole dictionary: the header, the rules, the number of seats, the fields
        read, and for a view (``hidden``: a new game's dictionary) what it leaves out."""
        hands = data.get("hands")
        players = len(hands) if isinstance(hands, list) else self.rules.min_players
        try:
            template = _template(self.game, self.rules, players)
        except Scala40Error as error:
            start, _ = self.places.get("hands", (0, ""))
            raise InvalidPositionError(
                f"hands (character {start}): {players} hands: {error}",
                field="hands",
                position=start,
            ) from None
        header = template.to_dict()
        whole: dict[str, Any] = {"format": header["format"], "version": header["version"]}
        for key in self.spec.template_keys:
            if key == "rules":
                whole[key] = self.rules.to_dict()
            elif key == "players":
                whole[key] = players
            elif key in data:
                whole[key] = data[key]
            elif hidden is not None and key in hidden and key not in _FIELD_KEYS:
                whole[key] = hidden[key]
        for key, value in data.items():
            whole.setdefault(key, value)
        return whole

    def fail(self, error: Scala40Error) -> InvalidPositionError:
        """``error`` (from the game's loader) placed at the field it names, if any."""
        message = str(error)
        best: tuple[int, str] | None = None
        for key in self.places:
            found = re.search(rf"(?<![A-Za-z0-9_]){re.escape(key)}(?![A-Za-z0-9_])", message)
            if found is not None and (best is None or found.start() < best[0]):
                best = (found.start(), key)
        if best is None:
            return InvalidPositionError(message)
        key = best[1]
        start = self.places[key][0]
        return InvalidPositionError(
            f"{key} (character {start}): {message}", field=key, position=start
        )


def _same_game(name: str, game: Any) -> bool:
    folded = name.casefold()
    return folded == game.name or folded in {alias.casefold() for alias in game.aliases}


def state_from_text(game: Any, text: object) -> Any:
    """The state of ``game`` whose text is ``text`` (``state.to_text()``), every field
    checked as its dictionary's are (what ``game.state_from_text(text)`` returns).

    :raises InvalidPositionError: the text is not a position of this game, a field is
        not spelled as the grammar says, or the state it describes is invalid (the
        error names the field and its character, where it can).
    """
    reading = _Reading(game, text, view=False)
    data = reading.read()
    dealt = isinstance(data.get("stock"), int) and data["stock"] > 0
    if isinstance(data.get("stock"), int):
        data["stock"] = reading.dealt_stock(data)
    whole = reading.finish(data, None)
    whole.setdefault("move_number", 0)
    _shown_start(whole, reading)
    try:
        return game.state_from_dict(whole)
    except Scala40Error as error:
        if dealt and "the deck has" in str(error):
            # The cards do not add up, and the stock was dealt from the generator's
            # state: the likeliest mistake is there.
            start, _ = reading.places["stock"]
            raise InvalidPositionError(
                f"stock (character {start}): the stock holds the cards the generator "
                f"state {data.get('rng')} dealt, and with them {error}",
                field="stock",
                position=start,
            ) from None
        raise reading.fail(error) from None


_PLACEHOLDER = CARD_NAMES[0]
"""The card a view's hidden hands and stock are filled with while its fields are read
(the fields are read one by one, not together: any card does)."""


def view_from_text(game: Any, text: object) -> Any:
    """The view of ``game`` whose text is ``text`` (``view.to_text()``): the game's own
    view, as ``state.view(seat)`` gives it (what ``game.view_from_text(text)`` returns).

    Each field is read by the game's loader as a state's is; then a state is dealt from
    the view (``view.sample``, the hidden cards at random) and checked as a loaded state
    is, and it must give the view back: a text that no state gives is refused.

    :raises InvalidPositionError: the text is not a view of this game, a field is not
        spelled as the grammar says, or no state gives the view it describes.
    """
    reading = _Reading(game, text, view=True)
    data = reading.read()
    seat = reading.seat
    assert seat is not None  # a view's text, checked by _Reading
    stock = data.get("stock")
    if isinstance(stock, int) and stock > len(reading.rules.deck.cards):
        start, _ = reading.places["stock"]
        raise InvalidPositionError(
            f"stock (character {start}): {stock} cards, more than the deck holds",
            field="stock",
            position=start,
        )
    hands = data.get("hands")
    _refuse_other_seats(reading, data, len(hands) if isinstance(hands, list) else 0)
    if isinstance(hands, list):
        data["hands"] = [
            hand if place == seat else " ".join([_PLACEHOLDER] * hand)
            for place, hand in enumerate(hands)
        ]
    if isinstance(stock, int):
        data["stock"] = " ".join([_PLACEHOLDER] * stock)
    spec = reading.spec
    players = len(hands) if isinstance(hands, list) else reading.rules.min_players
    try:
        hidden = _template(game, reading.rules, players).to_dict()
    except Scala40Error:
        hidden = {}  # finish names the wrong number of hands
    whole = reading.finish(data, hidden)
    move_number = whole.pop("move_number", 0)
    state_type = spec.state_type
    read = getattr(state_type, "_read", None)
    if not callable(read) or getattr(state_type, "VIEW", None) is None:
        raise InvalidPositionError(
            f"{game.title} reads no view from a text: its state has no _read"
        )
    _shown_start(whole, reading)
    log = moves_of_text(whole, reading.places, game.parse_move, players)
    try:
        record = read(whole)
        if log is not None:
            object.__setattr__(record, "hand_log", log)
        view = state_type.VIEW.of(record, seat)
        if log is not None:
            # The hidden hands are stand-ins here: what the others were seen to take is
            # the text's, not what the stand-ins hold.
            object.__setattr__(view, "shown", shown_of(log, view.hand_sizes))
    except NotImplementedError:
        raise InvalidPositionError(
            f"{game.title} reads no view from a text: its state has no _read"
        ) from None
    except ValueError as error:  # the library's errors, and a malformed shown field
        if isinstance(error, Scala40Error):
            raise reading.fail(error) from None
        raise InvalidPositionError(str(error), field="shown") from None
    object.__setattr__(view, "move_number", move_number)
    _check_view(view, seat)
    return view


_SEAT_FIELDS = ("turn", "dealer")
"""The fields in place of every game's grammar that name a seat."""


def _refuse_other_seats(reading: _Reading, data: Mapping[str, Any], players: int) -> None:
    """Refuse a seat to play or a dealer that is none of the ``players`` seats: a view's
    state is dealt before the game's loader sees its fields, and the deal takes them as
    seats."""
    for key in _SEAT_FIELDS:
        seat = data.get(key)
        if type(seat) is int and not 0 <= seat < players:
            start, _ = reading.places[key]
            raise InvalidPositionError(
                f"{key} (character {start}): {key} must be a seat from 0 to {players - 1}, "
                f"got {seat}",
                field=key,
                position=start,
            )


def _check_view(view: Any, seat: int) -> None:
    """Refuse a view that no state gives: a state dealt from it must pass the checks of
    a loaded state, and give the view back."""
    try:
        sample = view.sample(0)
        problems = list(sample.problems())
    except Scala40Error as error:
        turn_state = getattr(view, "turn_state", None)
        problems = []
        if callable(turn_state):
            try:
                problems = list(turn_state().problems())
            except Scala40Error:
                problems = []
        why = "; ".join(problems[:3]) if problems else str(error)
        raise InvalidPositionError(f"no state gives this view: {why}") from None
    if problems:
        raise InvalidPositionError("no state gives this view: " + "; ".join(problems[:3]))
    again = sample.view(seat)
    if again != view:
        fields = [
            field.name
            for field in attrs.fields(type(view))
            if field.eq and getattr(again, field.name) != getattr(view, field.name)
        ]
        raise InvalidPositionError(
            "no state gives this view: a state dealt from it differs in "
            + (", ".join(fields) or "its fields")
        )


# ---------------------------------------------------------------- the grammar


@attrs.frozen
class GrammarField:
    """One field of a game's position text, as :func:`grammar` lists it."""

    place: str
    """``"1"``, ``"2"``... for a field written in its place, ``"name="`` for a named one."""
    key: str
    """The key of the state's dictionary it writes."""
    doc: str
    """What it holds."""
    spelling: str
    """How its value is written."""
    default: str | None
    """For a named field, its value when it is left out."""
    in_view: bool
    """Whether a view's text has it too."""


def grammar(game: Any) -> tuple[GrammarField, ...]:
    """The fields of ``game``'s position texts, in order: the grammar its page documents.

    >>> from scala40.game import load_game
    >>> from scala40.notation import grammar
    >>> rows = grammar(load_game("rumino"))
    >>> [row.key for row in rows][:6]
    ['game', 'rules', 'hands', 'discard', 'stock', 'phase']
    >>> rows[2].spelling
    "each seat's cards, seat 0 first, separated by / (in a view, each other seat's number of cards)"
    """
    spec = _spec(game)
    rows = [
        GrammarField(
            "1",
            "game",
            "the game; a view adds @SEAT",
            f"{game.name} or {game.name}@SEAT",
            None,
            True,
        ),
        GrammarField(
            "2",
            "rules",
            "the rules",
            "a preset, then ,name=value for each option that differs from it",
            None,
            True,
        ),
    ]
    for place, field in enumerate(spec.notation.fields, 3):
        rows.append(
            GrammarField(
                str(place),
                field.key,
                field.doc,
                _SPELLINGS.get(field.key) or spec.codec(field.key).words(),
                None,
                spec.is_public(field.key),
            )
        )
    for field in spec.notation.named:
        rows.append(
            GrammarField(
                f"{field.key}=",
                field.key,
                field.doc,
                spec.codec(field.key).words(),
                _default_words(spec, field),
                spec.is_public(field.key),
            )
        )
    return tuple(rows)


_SPELLINGS = {
    "hands": "each seat's cards, seat 0 first, separated by / (in a view, each other "
    "seat's number of cards)",
    "stock": "its number of cards when the generator dealt them, else its cards, bottom "
    "first (in a view, its number of cards)",
}


def _default_words(spec: _Spec, field: NotationField) -> str:
    default = field.default
    codec = spec.codec(field.key)
    if default is ABSENT or default is NO_DEFAULT:
        return "empty (the dictionary leaves it out)" if default is ABSENT else "always written"
    if isinstance(default, PerSeat):
        inner = (
            codec.items.write(default.value, 1) if isinstance(codec, ArrayCodec) else default.value
        )
        return f"{inner} for every seat"
    if isinstance(default, PerItem):
        inner = (
            codec.items.write(default.value, 1) if isinstance(codec, ArrayCodec) else default.value
        )
        return f"{inner} for every item of {default.key}"
    if isinstance(default, LengthOf):
        return f"the number of items of {default.key}"
    return codec.write(default, 0)

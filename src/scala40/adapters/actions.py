"""Stable integer actions for every game: a move is a short series of small decisions.

Learning agents choose among a fixed set of integer actions. The moves of a rummy game
do not fit one small set (a meld names any of thousands of card combinations, a joker
the card it stands for, a layoff any meld of the table), so :class:`ActionEncoding`
writes each move as a short series of **tokens**, read from one fixed vocabulary of
``num_distinct_actions`` tokens per game, rules and number of players:

* the move's **verb** (one token per move kind: ``draw``, ``meld``, ``discard``...);
* then each of its fields in order, as its codec (:mod:`scala40.movekinds`) says:

  - a card (``CARD``): one of 53 **card** tokens, one per card code (52 is the joker);
  - cards (``CARDS``): the cards in the move's order, then **end**;
  - an optional card or cards (``OPTIONAL_CARD``, ``OPTIONAL_CARDS``): **none**, or
    as above;
  - a table meld's index or a number (``INDEX``, ``INT``): one **number** token, from 0
    to the deck's size less one (no table holds more melds than the deck has cards);
  - a seat (``SEAT``): one **seat** token;
  - yes or no (``BOOL``): **no** or **yes**;
  - a member of an enum (a field typed with an enum and written by
    :func:`~scala40.movekinds.enum_codec`): one **choice** token per member, **none**
    when the field is optional;
  - any other codec: its JSON value, written as a tree: **[** a list's items **end**,
    **cards:** a card text's cards **end**, numbers, **yes**/**no**, **none**.

Every move of every game is a :class:`~scala40.movekinds.MoveBase` whose fields carry
codecs, so the encoding is built from the game's move kinds alone: a new game needs no
adapter code. A move's tokens are a prefix-free code (each field knows where it ends),
so the tokens of the legal moves form a tree: at each step, the legal actions are the
tokens that continue some legal move's tokens from what was chosen so far. Every choice
leads on to a legal move (no dead ends), and the series of choices can reach every
legal move and nothing else. :class:`Decision` walks that tree.

>>> from scala40.adapters.actions import ActionEncoding
>>> import scala40
>>> encoding = ActionEncoding("scala40", "official", players=2)
>>> encoding.num_distinct_actions
180
>>> move = scala40.parse_move("layoff JK=6S #2 low")
>>> actions = encoding.encode(move)
>>> actions, [encoding.describe(action) for action in actions]
((4, 62, 74, 69, 15), ['layoff', 'JK', '2', 'low', '6S'])
>>> encoding.decode(actions) == move
True

Walk a decision token by token: each step offers the legal tokens, and the last one
completes a legal move.

>>> state = scala40.new_game("official", players=2, seed=3).apply("draw")
>>> decision = encoding.decision(state)
>>> [encoding.describe(action) for action in decision.actions()]
['meld', 'discard']
>>> decision = decision.after(encoding.token_id("discard"))
>>> decision.complete, len(decision.actions())
(False, 13)
>>> decision = decision.after(decision.actions()[0])
>>> decision.complete, decision.move
(True, Discard(card='AS'))

Chance steps are shuffles of a state's :meth:`~scala40.game.State.chance_cards`;
:class:`ChanceDraws` draws them one card at a time, each distinct card with probability
its copies over the cards left, so that agents and search see every outcome with its
probability.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from scala40.adapters.action_errors import ActionEncodingError, IllegalActionError
from scala40.adapters.candidates import Decision, gather
from scala40.cards import CARD_NAMES, JOKER, as_cards, format_cards
from scala40.errors import IllegalMoveError, InvalidCardError, InvalidMoveError, InvalidValueError
from scala40.game import Game, load_game
from scala40.movekinds import (
    BOOL,
    CARD,
    CARDS,
    INDEX,
    INT,
    OPTIONAL_CARD,
    OPTIONAL_CARDS,
    SEAT,
    Codec,
    MoveBase,
    MoveSet,
)

__all__ = [
    "CARD_CODES",
    "UNOFFERED_VERBS",
    "ActionEncoding",
    "ActionEncodingError",
    "Decision",
    "IllegalActionError",
    "Token",
    "TokenKind",
    "move_set_of",
]

UNOFFERED_VERBS = frozenset({"resign"})
"""Verbs of moves never offered to agents: resigning is a player's choice to leave a
match, not a move of the game to learn (an agent that could resign would learn to end
bad hands early). Their kinds get no token."""

CARD_CODES = JOKER + 1
"""Card tokens and chance outcomes: one per card code, 0-51 the natural cards, 52 the
joker."""


class TokenKind(enum.Enum):
    """What a token of an :class:`ActionEncoding` stands for."""

    VERB = "verb"
    """A move kind: the first token of every move."""
    CARD = "card"
    """A card code."""
    END = "end"
    """The end of a list of cards or of a JSON list."""
    NONE = "none"
    """An optional field left empty (JSON ``null``)."""
    NO = "no"
    """``False``."""
    YES = "yes"
    """``True``."""
    LIST = "list"
    """The start of a JSON list."""
    TEXT = "text"
    """The start of a card text in a JSON value (its cards follow, then ``END``)."""
    CHOICE = "choice"
    """A member of an enum."""
    SEAT = "seat"
    """A seat."""
    NUMBER = "number"
    """A small non-negative integer: a table meld's index, a count."""


_SPECIAL_ORDER = (
    TokenKind.END,
    TokenKind.NONE,
    TokenKind.NO,
    TokenKind.YES,
    TokenKind.LIST,
    TokenKind.TEXT,
)
_JSON_TOKENS = (*_SPECIAL_ORDER, TokenKind.NUMBER)
"""What the JSON value of a game's own codec may be written with."""

_PREFIXES_KEPT = 4096
"""How many unfinished moves' tokens an encoding keeps read (see ``slot``)."""
_MOVES_KEPT = 16384
"""How many moves' tokens an encoding keeps written (see ``decision``): a game's moves
come back turn after turn (mostly the very same objects), so each is written once."""
_SPECIAL_TEXT = {
    TokenKind.END: "end",
    TokenKind.NONE: "none",
    TokenKind.NO: "no",
    TokenKind.YES: "yes",
    TokenKind.LIST: "[",
    TokenKind.TEXT: "cards:",
}


@attrs.frozen
class Token:
    """One action of an encoding: its id, what it stands for and how it reads."""

    id: int
    kind: TokenKind
    value: Any
    """The verb, the card code, the number, the seat, the enum member, or ``None``."""
    text: str
    """How the token reads (``"meld"``, ``"7H"``, ``"end"``, ``"seat 1"``...)."""


def move_set_of(game: Game, rules: Any, players: int) -> MoveSet:
    """The :class:`~scala40.movekinds.MoveSet` of ``game``: its record's, or else the one
    a move of a new game names (every move of every game is a
    :class:`~scala40.movekinds.MoveBase`).

    :raises ActionEncodingError: the game's moves are not ``MoveBase`` values.
    """
    state = game.new_game(rules, players, 0)
    legal = state.legal_moves()
    move = legal[0] if legal else None
    move_set = game.move_set or getattr(type(move), "move_set", None)
    if not isinstance(move, MoveBase) or not isinstance(move_set, MoveSet):
        raise ActionEncodingError(
            f"the moves of game {game.name!r} are not MoveBase values with codecs, got "
            f"{move!r}: the learning-agent adapters read moves through their codecs"
        )
    return move_set


# ---------------------------------------------------------------- field schemes


class _Scheme:
    """How one field is written as tokens, read back, and skipped over."""

    max_length = 1
    """The most tokens the field takes."""

    def write(self, value: Any, out: list[int]) -> None:
        raise NotImplementedError

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        """The value whose tokens start at ``at``, and the position after them.

        :raises ActionEncodingError: the tokens are not a value of the field.
        """
        raise NotImplementedError

    def end_of(self, actions: Sequence[int], at: int) -> int | None:
        """Where the field whose tokens start at ``at`` ends (the position after them,
        as :meth:`read` gives it), or ``None`` where :meth:`read` would raise (tokens
        cut short, a token not of the field). Where the fields of an unfinished move end
        is asked of each new series of tokens an observation meets, most of them cut
        short: the simple fields say so without raising an error."""
        try:
            return self.read(actions, at)[1]
        except ActionEncodingError:
            return None


class _Card(_Scheme):
    def __init__(self, first: int) -> None:
        self.first = first

    def write(self, value: Any, out: list[int]) -> None:
        out.append(self.first + value)

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        card = _token_at(actions, at) - self.first
        if not 0 <= card < CARD_CODES:
            raise ActionEncodingError(f"expected a card token at position {at}")
        return card, at + 1

    def end_of(self, actions: Sequence[int], at: int) -> int | None:
        if at < len(actions) and 0 <= actions[at] - self.first < CARD_CODES:
            return at + 1
        return None


class _Cards(_Scheme):
    def __init__(self, first: int, end: int, most: int) -> None:
        self.first = first
        self.end = end
        self.max_length = most + 1

    def write(self, value: Any, out: list[int]) -> None:
        first = self.first
        out.extend(first + card for card in value)
        out.append(self.end)

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        cards: list[int] = []
        while True:
            action = _token_at(actions, at)
            at += 1
            if action == self.end:
                return tuple(cards), at
            card = action - self.first
            if not 0 <= card < CARD_CODES:
                raise ActionEncodingError(f"expected a card token or end at position {at - 1}")
            cards.append(card)

    def end_of(self, actions: Sequence[int], at: int) -> int | None:
        first = self.first
        for place in range(at, len(actions)):
            action = actions[place]
            if action == self.end:
                return place + 1
            if not 0 <= action - first < CARD_CODES:
                return None
        return None


class _Optional(_Scheme):
    """A field that may be ``None``, written as the ``none`` token, else as ``scheme``
    writes its value."""

    def __init__(self, scheme: _Scheme, none: int) -> None:
        self.scheme = scheme
        self.none = none
        self.max_length = scheme.max_length

    def write(self, value: Any, out: list[int]) -> None:
        if value is None:
            out.append(self.none)
        else:
            self.scheme.write(value, out)

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        if _token_at(actions, at) == self.none:
            return None, at + 1
        return self.scheme.read(actions, at)

    def end_of(self, actions: Sequence[int], at: int) -> int | None:
        if at < len(actions) and actions[at] == self.none:
            return at + 1
        return self.scheme.end_of(actions, at)


class _Number(_Scheme):
    def __init__(self, first: int, count: int, what: str) -> None:
        self.first = first
        self.count = count
        self.what = what

    def write(self, value: Any, out: list[int]) -> None:
        if not 0 <= value < self.count:
            raise ActionEncodingError(
                f"{self.what} {value!r} is beyond the action encoding's numbers (0 to "
                f"{self.count - 1})"
            )
        out.append(self.first + value)

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        number = _token_at(actions, at) - self.first
        if not 0 <= number < self.count:
            raise ActionEncodingError(f"expected {self.what} token at position {at}")
        return number, at + 1

    def end_of(self, actions: Sequence[int], at: int) -> int | None:
        if at < len(actions) and 0 <= actions[at] - self.first < self.count:
            return at + 1
        return None


class _Bool(_Scheme):
    def __init__(self, no: int, yes: int) -> None:
        self.no = no
        self.yes = yes

    def write(self, value: Any, out: list[int]) -> None:
        out.append(self.yes if value else self.no)

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        action = _token_at(actions, at)
        if action not in (self.no, self.yes):
            raise ActionEncodingError(f"expected yes or no at position {at}")
        return action == self.yes, at + 1


class _Choice(_Scheme):
    def __init__(self, ids: dict[Any, int], none: int | None) -> None:
        self.ids = ids
        self.members = {action: member for member, action in ids.items()}
        self.none = none

    def write(self, value: Any, out: list[int]) -> None:
        if value is None and self.none is not None:
            out.append(self.none)
        else:
            out.append(self.ids[value])

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        action = _token_at(actions, at)
        if self.none is not None and action == self.none:
            return None, at + 1
        if action not in self.members:
            raise ActionEncodingError(f"expected one of {list(self.ids)} at position {at}")
        return self.members[action], at + 1


class _Json(_Scheme):
    """A field of a game's own codec, written as its JSON value's tree."""

    def __init__(self, codec: Codec, encoding: ActionEncoding, most: int) -> None:
        self.codec = codec
        self.ids = encoding.special
        self.card = encoding.first_card
        self.numbers = encoding.first_number
        self.number_count = encoding.number_count
        self.max_length = most

    def write(self, value: Any, out: list[int]) -> None:
        self._write_json(self.codec.to_tree(value), out)

    def _write_json(self, data: Any, out: list[int]) -> None:
        ids = self.ids
        if data is None:
            out.append(ids[TokenKind.NONE])
        elif isinstance(data, bool):
            out.append(ids[TokenKind.YES if data else TokenKind.NO])
        elif isinstance(data, int) and 0 <= data < self.number_count:
            out.append(self.numbers + data)
        elif isinstance(data, str):
            try:
                cards = as_cards(data)
            except InvalidCardError:
                cards = None
            if cards is None or format_cards(cards) != data:
                raise ActionEncodingError(
                    f"the {self.codec.what} field's JSON holds {data!r}, which is not card "
                    "text: the action encoding reads JSON of lists, card texts, numbers, "
                    "yes/no and null"
                )
            out.append(ids[TokenKind.TEXT])
            out.extend(self.card + card for card in cards)
            out.append(ids[TokenKind.END])
        elif isinstance(data, list):
            out.append(ids[TokenKind.LIST])
            for item in data:
                self._write_json(item, out)
            out.append(ids[TokenKind.END])
        else:
            raise ActionEncodingError(
                f"the {self.codec.what} field's JSON holds {data!r}: the action encoding "
                f"reads JSON of lists, card texts, numbers from 0 to "
                f"{self.number_count - 1}, yes/no and null"
            )

    def read(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        data, at = self._read_json(actions, at)
        try:
            return self.codec.from_tree(data), at
        except (InvalidMoveError, InvalidCardError) as error:
            raise ActionEncodingError(
                f"the tokens of a {self.codec.what} field: {error}"
            ) from None

    def _read_json(self, actions: Sequence[int], at: int) -> tuple[Any, int]:
        ids = self.ids
        action = _token_at(actions, at)
        at += 1
        if action == ids.get(TokenKind.NONE):
            return None, at
        if action == ids.get(TokenKind.YES):
            return True, at
        if action == ids.get(TokenKind.NO):
            return False, at
        if 0 <= action - self.numbers < self.number_count:
            return action - self.numbers, at
        if action == ids.get(TokenKind.TEXT):
            cards: list[int] = []
            while (action := _token_at(actions, at)) != ids[TokenKind.END]:
                if not 0 <= action - self.card < CARD_CODES:
                    raise ActionEncodingError(f"expected a card token or end at position {at}")
                cards.append(action - self.card)
                at += 1
            return format_cards(cards), at + 1
        if action == ids.get(TokenKind.LIST):
            items = []
            while _token_at(actions, at) != ids[TokenKind.END]:
                item, at = self._read_json(actions, at)
                items.append(item)
            return items, at + 1
        raise ActionEncodingError(f"unexpected token {action} at position {at - 1}")


def _token_at(actions: Sequence[int], at: int) -> int:
    if at >= len(actions):
        raise ActionEncodingError(f"the actions end too early: expected a token at position {at}")
    return actions[at]


def _enum_of(kind: type, name: str, codec: Codec) -> tuple[type[enum.Enum], bool] | None:
    """The enum a field holds (and whether it may be ``None``), from the field's type,
    when its codec is an enum codec (its description lists the members' values)."""
    try:
        hints = typing.get_type_hints(kind)
    except (NameError, TypeError, AttributeError):  # an annotation that cannot be evaluated
        return None
    hint = hints.get(name)
    optional = False
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        optional = len(args) < len(typing.get_args(hint))
        hint = args[0] if len(args) == 1 else None
    if not (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return None
    if codec.what != ", ".join(str(member.value) for member in hint):
        return None
    return hint, optional


# ---------------------------------------------------------------- the encoding


class ActionEncoding:
    """The tokens of one game's moves, for a ruleset and a number of players.

    ``game`` is a game's name or ``Game`` record; ``rules`` a
    ruleset, a preset name or ``None`` (the standard rules); ``players`` the number of
    seats (the game's usual number when ``None``).

    The ids are stable: the same game, rules and number of players give the same ids, in
    this order: the verbs (in the order of the game's ``MoveSet``),
    the 53 card codes, the special tokens the game's fields use (of end, none, no, yes,
    ``[``, ``cards:``), the enum members (enum by enum, in the order the fields first
    name them), the seats, the numbers. Only the last two depend on the rules (the deck's
    size) and the number of players.

    :raises UnknownGameError: no game has that name.
    :raises InvalidValueError: ``players`` is outside the rules' range.
    """

    def __init__(self, game: str | Game, rules: Any = None, players: int | None = None) -> None:
        self.game: Game = load_game(game)
        self.rules: Any = self.game.resolve_rules(rules)
        if players is None:
            players = min(
                max(self.game.default_players, self.rules.min_players), self.rules.max_players
            )
        if not (
            type(players) is int and self.rules.min_players <= players <= self.rules.max_players
        ):
            raise InvalidValueError(
                f"players must be from {self.rules.min_players} to {self.rules.max_players} "
                f"under these rules, got {players!r}"
            )
        self.players = players
        self.move_set: MoveSet = move_set_of(self.game, self.rules, players)
        self.kinds: tuple[type[MoveBase], ...] = tuple(
            kind for kind in self.move_set.kinds if kind.verb not in UNOFFERED_VERBS
        )
        """The move kinds agents choose among: the game's, but ``UNOFFERED_VERBS``."""
        deck_size = self.rules.deck.size
        self.number_count: int = deck_size
        """Number tokens stand for 0 to ``number_count - 1``."""
        self._field_codecs = [
            [(field.name, field.metadata.get("codec")) for field in attrs.fields(kind)]  # type: ignore[arg-type]
            for kind in self.kinds
        ]
        tokens: list[Token] = []

        def add(kind: TokenKind, value: Any, text: str) -> int:
            tokens.append(Token(len(tokens), kind, value, text))
            return len(tokens) - 1

        self.verbs: dict[type[MoveBase], int] = {
            kind: add(TokenKind.VERB, kind.verb, kind.verb) for kind in self.kinds
        }
        self.first_card: int = len(tokens)
        for card in range(CARD_CODES):
            add(TokenKind.CARD, card, CARD_NAMES[card])
        used = self._used_tokens()
        self.special: dict[TokenKind, int] = {}
        for kind in _SPECIAL_ORDER:
            if kind in used:
                self.special[kind] = add(kind, None, _SPECIAL_TEXT[kind])
        choices: dict[type[enum.Enum], dict[Any, int]] = {}
        for move_kind, fields in zip(self.kinds, self._field_codecs):
            for name, codec in fields:
                found = _enum_of(move_kind, name, codec) if isinstance(codec, Codec) else None
                if found is not None and found[0] not in choices:
                    choices[found[0]] = {
                        member: add(TokenKind.CHOICE, member, str(member.value))
                        for member in found[0]
                    }
        self.first_seat: int = len(tokens)
        if SEAT in used:
            for seat in range(players):
                add(TokenKind.SEAT, seat, f"seat {seat}")
        self.first_number: int = len(tokens)
        if TokenKind.NUMBER in used:
            for number in range(self.number_count):
                add(TokenKind.NUMBER, number, str(number))
        else:
            self.number_count = 0
        self.tokens: tuple[Token, ...] = tuple(tokens)
        """Every token, by id."""
        self.num_distinct_actions: int = len(tokens)
        """How many distinct actions (tokens) there are: ids run from 0 to one less."""
        self._by_text = {token.text: token.id for token in reversed(tokens)}
        self._prefixes: dict[tuple[int, ...], tuple[int, int]] = {}
        self._written: dict[Any, tuple[int, ...]] = {}
        # Each move met, by id: its candidate (tokens, move), tokens None for a move not
        # offered (typed loosely: a candidate once its tokens are checked).
        self._seen: dict[int, tuple[Any, Any]] = {}
        self._schemes: dict[type[MoveBase], tuple[tuple[str, _Scheme], ...]] = {}
        fields = [
            (kind, name)
            for kind, codecs in zip(self.kinds, self._field_codecs)
            for name, _ in codecs
        ]
        self.slots: tuple[tuple[type[MoveBase] | None, str], ...] = ((None, "verb"), *fields)
        """What a decision can be choosing: the verb first, then each field of each kind."""
        self._first_slot: dict[type[MoveBase], int] = {}
        for index, (move_kind, _) in enumerate(fields, 1):
            self._first_slot.setdefault(move_kind, index)
        most = 2 * deck_size + 8
        for move_kind, fields in zip(self.kinds, self._field_codecs):
            self._schemes[move_kind] = tuple(
                (name, self._scheme(move_kind, name, codec, choices, most))
                for name, codec in fields
            )
        self.max_move_length: int = 1 + max(
            (
                sum(scheme.max_length for _, scheme in schemes)
                for schemes in self._schemes.values()
            ),
            default=0,
        )
        """The most tokens one move can take (for custom fields, a generous bound)."""
        self._decode_verbs = {self.verbs[kind]: kind for kind in self.kinds}

    def _used_tokens(self) -> set[Any]:
        """The special token kinds and codecs the game's fields need."""
        used: set[Any] = set()
        for kind, fields in zip(self.kinds, self._field_codecs):
            for name, codec in fields:
                if codec in (OPTIONAL_CARD, OPTIONAL_CARDS):
                    used.add(TokenKind.NONE)
                if codec in (CARDS, OPTIONAL_CARDS):
                    used.add(TokenKind.END)
                if codec is BOOL:
                    used.update((TokenKind.NO, TokenKind.YES))
                if codec is SEAT:
                    used.add(SEAT)
                if codec in (INDEX, INT):
                    used.add(TokenKind.NUMBER)
                if codec in (CARD, CARDS, OPTIONAL_CARD, OPTIONAL_CARDS, BOOL, SEAT, INDEX, INT):
                    continue
                if not isinstance(codec, Codec):
                    raise ActionEncodingError(
                        f"move field {kind.__name__}.{name} has no codec: the action "
                        "encoding reads every field through its codec"
                    )
                found = _enum_of(kind, name, codec)
                if found is None:
                    used.update(_JSON_TOKENS)
                elif found[1]:
                    used.add(TokenKind.NONE)
        return used

    def _scheme(
        self,
        kind: type[MoveBase],
        name: str,
        codec: Codec,
        choices: dict[type[enum.Enum], dict[Any, int]],
        most: int,
    ) -> _Scheme:
        special = self.special
        size = self.rules.deck.size
        if codec is CARD:
            return _Card(self.first_card)
        if codec is OPTIONAL_CARD:
            return _Optional(_Card(self.first_card), special[TokenKind.NONE])
        if codec is CARDS:
            return _Cards(self.first_card, special[TokenKind.END], size)
        if codec is OPTIONAL_CARDS:
            cards = _Cards(self.first_card, special[TokenKind.END], size)
            return _Optional(cards, special[TokenKind.NONE])
        if codec is INDEX:
            return _Number(self.first_number, self.number_count, "a table meld index")
        if codec is INT:
            return _Number(self.first_number, self.number_count, "a number")
        if codec is SEAT:
            return _Number(self.first_seat, self.players, "a seat")
        if codec is BOOL:
            return _Bool(special[TokenKind.NO], special[TokenKind.YES])
        found = _enum_of(kind, name, codec)
        if found is not None:
            return _Choice(choices[found[0]], special[TokenKind.NONE] if found[1] else None)
        return _Json(codec, self, most)

    # -- moves and tokens ------------------------------------------------------------------

    def __reduce__(self) -> Any:
        # Made anew from the game's name: the caches hold moves by identity, which mean
        # nothing in another process.
        return (ActionEncoding, (self.game.name, self.rules, self.players))

    def __repr__(self) -> str:
        return (
            f"<ActionEncoding {self.game.name} {self.players} players: "
            f"{self.num_distinct_actions} actions>"
        )

    def encode(self, move: Any) -> tuple[int, ...]:
        """The tokens of ``move``, a move of the game.

        :raises ActionEncodingError: ``move`` is not a move of the game, or does not fit
            the encoding (a number beyond its bound).
        """
        schemes = self._schemes.get(type(move))
        if schemes is None:
            raise ActionEncodingError(f"expected a move of {self.game.title}, got {move!r}")
        out = [self.verbs[type(move)]]
        for name, scheme in schemes:
            scheme.write(getattr(move, name), out)
        return tuple(out)

    def decode(self, actions: Iterable[int]) -> Any:
        """The move whose tokens are ``actions`` (the inverse of :meth:`encode`).

        :raises ActionEncodingError: the actions are not the tokens of one move.
        """
        actions = tuple(actions)
        move, at = self.read(actions)
        if at != len(actions):
            raise ActionEncodingError(
                f"{len(actions) - at} tokens left over after a complete {move.verb} move"
            )
        return move

    def move_end(self, actions: Sequence[int], at: int = 0) -> int:
        """Where the tokens of the move that starts at position ``at`` of ``actions``
        end (the position after its last token), without making the move: each field
        knows where it ends (:meth:`read` makes the move too).

        :raises ActionEncodingError: the tokens from ``at`` do not start with a move.
        """
        return self._fields(actions, at)[2]

    def read(self, actions: Sequence[int], at: int = 0) -> tuple[Any, int]:
        """The move whose tokens start at position ``at`` of ``actions`` (the tokens of
        several moves one after the other, as a game's history holds them), and the
        position after its last token: each field knows where it ends.

        >>> from scala40.adapters.actions import ActionEncoding
        >>> import scala40
        >>> encoding = ActionEncoding("scala40", players=2)
        >>> tokens = encoding.encode(scala40.parse_move("draw")) + encoding.encode(scala40.parse_move("discard 7S"))
        >>> encoding.read(tokens, 1)
        (Discard(card='7S'), 3)

        :raises ActionEncodingError: the tokens from ``at`` do not start with a move.
        """
        kind, values, at = self._fields(actions, at)
        try:
            return kind(**values), at
        except (InvalidMoveError, InvalidCardError) as error:
            raise ActionEncodingError(
                f"the tokens do not make a {kind.verb} move: {error}"
            ) from None

    def _fields(self, actions: Sequence[int], at: int) -> tuple[Any, dict[str, Any], int]:
        """The move kind whose verb token stands at position ``at`` of ``actions``, its
        fields' values as the tokens after it write them, and the position after them."""
        kind = self._decode_verbs.get(_token_at(actions, at))
        if kind is None:
            raise ActionEncodingError(
                f"expected a verb token at position {at}, got {actions[at]!r}"
            )
        values: dict[str, Any] = {}
        at += 1
        for name, scheme in self._schemes[kind]:
            values[name], at = scheme.read(actions, at)
        return kind, values, at

    def describe(self, action: int) -> str:
        """How token ``action`` reads (``"meld"``, ``"7H"``, ``"end"``)."""
        return self.token(action).text

    def token(self, action: int) -> Token:
        """The :class:`Token` of id ``action``.

        :raises InvalidValueError: no token has that id.
        """
        if not (type(action) is int and 0 <= action < self.num_distinct_actions):
            raise InvalidValueError(
                f"expected an action from 0 to {self.num_distinct_actions - 1}, got {action!r}"
            )
        return self.tokens[action]

    def token_id(self, text: str) -> int:
        """The id of the token that reads ``text`` (a verb, a card, ``end``...; the first
        one when several read alike).

        :raises InvalidValueError: no token reads so.
        """
        found = self._by_text.get(text)
        if found is None:
            raise InvalidValueError(f"no action reads {text!r}")
        return found

    def slot(self, actions: Sequence[int]) -> int:
        """What comes after the tokens ``actions`` (an unfinished move's): the index in
        :attr:`slots` of the field being chosen (0 for the verb)."""
        return self._prefix_facts(actions)[0]

    def field_start(self, actions: Sequence[int]) -> int:
        """Where the field being chosen after ``actions`` starts in them."""
        return self._prefix_facts(actions)[1]

    def position(self, actions: Sequence[int]) -> tuple[int, int]:
        """:meth:`slot` and :meth:`field_start` of ``actions`` at once: the field being
        chosen after them, and where it starts in them (an observation's decision part
        asks both, of each new series of tokens).

        >>> from scala40.adapters.actions import ActionEncoding
        >>> import scala40
        >>> encoding = ActionEncoding("scala40", players=2)
        >>> tokens = encoding.encode(scala40.parse_move("layoff JK=6S #2 low"))
        >>> encoding.position(tokens[:2]), encoding.slots[4]
        ((4, 2), (<class 'scala40.games.scala40.moves.LayOff'>, 'meld'))
        """
        return self._prefix_facts(actions)

    def _prefix_facts(self, actions: Sequence[int]) -> tuple[int, int]:
        # Observations ask both of every unfinished move, and the same few prefixes
        # come again and again (a verb, a verb and a card): each is read once.
        key = tuple(actions)
        found = self._prefixes.get(key)
        if found is None:
            prefixes = self._prefixes
            if len(prefixes) >= _PREFIXES_KEPT:
                prefixes.clear()
            # A prefix comes after the one a token shorter, read just before: the
            # fields it had whole read the same, so the reading resumes at its field.
            parent = prefixes.get(key[:-1]) if len(key) > 1 else None
            if parent is not None and parent[0]:
                found = self._resumed_facts(key, *parent)
            else:
                found = (self._slot(key), self._field_start(key))
            prefixes[key] = found
        return found

    def _resumed_facts(self, actions: tuple[int, ...], slot: int, at: int) -> tuple[int, int]:
        """What :meth:`_prefix_facts` gives for ``actions``, knowing that the tokens
        before its last one were choosing slot ``slot``, a field that starts at ``at``."""
        kind = self._decode_verbs[actions[0]]
        for _name, scheme in self._schemes[kind][slot - self._first_slot[kind] :]:
            end = scheme.end_of(actions, at)
            if end is None:
                return slot, at
            at = end
            slot += 1
        return 0, len(actions)

    def _slot(self, actions: Sequence[int]) -> int:
        if not actions:
            return 0
        kind = self._decode_verbs[actions[0]]
        at = 1
        index = 1 + sum(
            len(self._schemes[other]) for other in self.kinds[: self.kinds.index(kind)]
        )
        for _name, scheme in self._schemes[kind]:
            end = scheme.end_of(actions, at)
            if end is None:
                return index
            at = end
            index += 1
        return 0  # a whole move: the next one starts with its verb

    def _field_start(self, actions: Sequence[int]) -> int:
        if not actions:
            return 0
        at = 1
        for _name, scheme in self._schemes[self._decode_verbs[actions[0]]]:
            after = scheme.end_of(actions, at)
            if after is None:
                return at
            at = after
        return len(actions)

    # -- decisions -------------------------------------------------------------------------

    def decision(self, state: Any) -> Decision:
        """The decision of the seat to move in ``state``, before its first token.

        :raises IllegalMoveError: no seat decides in ``state`` (a chance step, the end).
        """
        player = state.current_player
        if player is None:
            raise IllegalMoveError(
                "no seat decides here: "
                + ("the game is over" if state.is_over else "a chance step comes next")
            )
        # Moves are looked up by identity first (the entry keeps the move alive, so no
        # other move can have its id meanwhile), then by value (an engine that makes
        # its moves afresh); ``None`` stands for a move not offered.
        seen = self._seen
        written = self._written
        if len(seen) >= _MOVES_KEPT:
            seen.clear()
            written.clear()
        # The candidates by their first token, gathered in the same pass: an agent asks
        # for the legal actions of every decision (see Decision.actions). A move's entry
        # is its candidate, ``(tokens, move)``, so a move met before costs no new tuple.
        candidates, branches = gather(
            state.legal_moves(), seen, written, self.encode, UNOFFERED_VERBS
        )
        return Decision(self, state, (), tuple(candidates), player, _branches=branches)

    def legal_sequences(self, state: Any) -> tuple[tuple[int, ...], ...]:
        """The tokens of every legal move of ``state`` that agents are offered (all but
        ``UNOFFERED_VERBS``), in the order of its legal moves."""
        return tuple(
            self.encode(move)
            for move in state.legal_moves()
            if getattr(move, "verb", None) not in UNOFFERED_VERBS
        )

    def legal_actions(self, state: Any, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """The legal tokens after ``prefix`` in ``state``, in increasing order."""
        decision = self.decision(state)
        for action in prefix:
            decision = decision.after(action)
        return decision.actions()

    def legal_mask(self, state: Any, prefix: Sequence[int] = ()) -> list[int]:
        """1 for each legal token after ``prefix`` in ``state``, 0 for the others (a list of
        :attr:`num_distinct_actions` entries)."""
        mask = [0] * self.num_distinct_actions
        for action in self.legal_actions(state, prefix):
            mask[action] = 1
        return mask

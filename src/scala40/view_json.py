"""A view as JSON, for every game: what an app sends to a client (:func:`view_to_dict`,
which each view's ``to_dict()`` calls), and the checked value a client or a server reads
back (:func:`view_from_dict`, :class:`ClientView`), with the format's name, version and
schema. (The views themselves are the games' classes on :class:`~scala40.views.ViewBase`.)

Every game's view has ``to_dict()``, written once here. Its keys are the same in every
game (format ``scala40.view``, version 2):

``format``, ``version``, ``game``
    the header and the game's registered name;
``seat``
    the seat the view belongs to;
``move_number``
    the moves applied in the match so far, chance moves included (send it back with a
    move: ``state.apply(move, expected_move_number=n)`` refuses a stale one);
``phase``, ``current_player``, ``decision``
    the phase's name, the seat that decides (``None`` at a chance step or the end), and
    ``{"seat": n, "kind": phase}`` or ``None``;
``legal_moves``
    the seat's legal moves, each ``{"text": ..., "move": ...}`` (its notation and its
    dictionary), empty when the seat does not decide;
``hand``
    the seat's cards in card notation (``"10H"``, ``"JK"``), never card codes;
``scores``, ``is_over``, ``winners``
    the scores, one a seat (Skarney: its running total; one a side in a partnership),
    whether the game has ended, and its winners: seats, in increasing order, below
    ``public["player_count"]``;
``last_hand``
    how the previous hand ended, in one shape for every game (:func:`hand_result_to_dict`),
    or ``None``;
``public``
    every other field of the game's view, with cards as card text, melds in the move
    notation (``"JK=5H 6H 7H"``), and the rules as their dictionary; and what a client
    needs that those fields leave to be worked out (:meth:`ViewBase.client_facts <scala40.views.ViewBase.client_facts>`):
    ``last_hand_parts`` (how each seat's or side's points of the last hand were made),
    and each game's own (Scala 40: ``meld_owners``, who put down each table meld).
    Everything in it is the same in every seat's view: a server may show it to the
    whole table;
``own``
    what the seat alone may know, worked out from its own hand
    (:meth:`ViewBase.own_facts <scala40.views.ViewBase.own_facts>`): ``refused`` (the moves a player looks for that the
    rules refuse now, each with the rule's reason), and each game's own (Scala 40:
    ``opening``, the best melds the hand holds towards the seat's opening and the points
    they lack; Skarney: ``contract``, the contract's melds the hand holds and those
    missing). Never to be shown to another seat.

Version 1 had no ``own``: the seat's own facts were under ``public``. A view of version
1 is still read (:func:`view_from_dict`), until the next release.

Nothing in it depends on cards the seat may not see: two states that differ only in
hidden cards give the same JSON (the protocol suite checks it for every game).

A client reads a view's JSON back key by key, as untrusted input; the pictures
(:func:`scala40.drawing.view_svg`) draw from what it reads.

>>> import json
>>> from scala40.games.chinchon import new_game
>>> from scala40.view_json import view_from_dict
>>> view = new_game(players=2, seed=1).view(0)
>>> data = view.to_dict()
>>> data["game"], data["seat"], data["move_number"], data["decision"]
('chinchon', 0, 0, {'seat': 0, 'kind': 'draw'})
>>> len(data["hand"]), data["hand"][0], [move["text"] for move in data["legal_moves"]]
(7, '2S', ['draw', 'take'])
>>> view_from_dict(json.loads(json.dumps(data))).to_dict() == data
True
>>> from scala40.games.chinchon import new_game
>>> client = view_from_dict(new_game(players=2, seed=1).view(0).to_dict(), "chinchon")
>>> client.game, client.seat, client.hand[:3]
('chinchon', 0, ('2S', '3S', 'KS'))
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Mapping
from typing import Any

import attrs

from scala40._format.serial import MAX_MOVE_TEXT
from scala40._registry import Game, load_game, registered_game
from scala40.cards import CARD_NAMES
from scala40.checks import describe
from scala40.errors import Scala40Error, SerializationError
from scala40.history import log_to_json
from scala40.movekinds import MoveSet
from scala40.schema_parts import schema_problem, text

__all__ = [
    "MAX_VIEW_ITEMS",
    "VIEW_FORMAT",
    "VIEW_FORMAT_VERSION",
    "ClientView",
    "hand_result_to_dict",
    "view_facts_schemas",
    "view_from_dict",
    "view_to_dict",
]

VIEW_FORMAT = "scala40.view"
"""The format name of a view's JSON."""
VIEW_FORMAT_VERSION = 2
"""The version of a view's JSON. Version 2 keeps what the seat alone may know under
``own``; version 1 kept it under ``public`` and is still read, until the next release."""
MAX_VIEW_ITEMS = 10_000
"""The most legal moves, cards or seats a view's JSON read back may list (far more than
any position of the library has)."""


@attrs.frozen
class ClientView:
    """A view's JSON read back and checked (:func:`view_from_dict`): what a client holds.
    ``to_dict()`` gives the JSON again."""

    game: str
    seat: int
    move_number: int
    phase: str | None
    current_player: int | None
    decision: Mapping[str, Any] | None = attrs.field(eq=False)
    legal_moves: tuple[tuple[str, Mapping[str, Any]], ...] = attrs.field(eq=False)
    hand: tuple[str, ...]
    scores: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]
    last_hand: Mapping[str, Any] | None = attrs.field(eq=False)
    public: Mapping[str, Any] = attrs.field(eq=False)
    """The game's other fields and facts, the same in every seat's view."""
    own: Mapping[str, Any] = attrs.field(eq=False)
    """What the seat alone may know (``refused``, Scala 40's ``opening``, Skarney's
    ``contract``): never to be shown to another seat. Read from ``public`` in a view of
    version 1, which kept them there."""
    _data: Mapping[str, Any] = attrs.field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON this value was read from (a fresh copy)."""
        data: dict[str, Any] = _copy(self._data)
        return data


def _copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(item) for item in value]
    return value


_KEYS = (
    "format", "version", "game", "seat", "move_number", "phase", "current_player",
    "decision", "legal_moves", "hand", "scores", "is_over", "winners", "last_hand",
    "public", "own",
)  # fmt: skip
_KEYS_OF_VERSION = {VIEW_FORMAT_VERSION: _KEYS, 1: _KEYS[:-1]}
"""The keys of a view's JSON, by version: version 1 had no ``own``."""
_OWN_IN_VERSION_1 = ("refused", "opening", "contract")
"""The seat's own facts a view of version 1 kept under ``public``."""


def _fail(name: str, expected: str, value: object) -> SerializationError:
    return SerializationError(f"view: {name}: expected {expected}, got {describe(value)}")


def _int(data: Mapping[str, Any], name: str, low: int = 0) -> int:
    value = data[name]
    if type(value) is not int or not low <= value <= 10**18:
        raise _fail(name, f"an integer from {low}", value)
    return value


def _seat_or_none(data: Mapping[str, Any], name: str) -> int | None:
    value = data[name]
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < MAX_VIEW_ITEMS:
        raise _fail(name, "a seat or null", value)
    return value


def _list(data: Mapping[str, Any], name: str) -> list[Any]:
    value = data[name]
    if not isinstance(value, list) or len(value) > MAX_VIEW_ITEMS:
        raise _fail(name, f"a list of at most {MAX_VIEW_ITEMS} items", value)
    return value


def _card_texts(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    items = _list(data, name)
    for place, item in enumerate(items):
        if not (isinstance(item, str) and item in _CARD_TEXTS):
            raise _fail(f"{name}[{place}]", "a card in card notation", item)
    return tuple(items)


_CARD_TEXTS = frozenset(CARD_NAMES)


def _json_value(value: object, name: str, depth: int = 0) -> None:
    """Check that ``value`` is plain JSON, bounded in depth and size."""
    if depth > 8:
        raise SerializationError(f"view: {name}: nested too deep")
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, str) and len(value) > MAX_VIEW_ITEMS:
            raise _fail(name, f"a text of at most {MAX_VIEW_ITEMS} characters", value)
        return
    if isinstance(value, list):
        if len(value) > MAX_VIEW_ITEMS:
            raise _fail(name, f"at most {MAX_VIEW_ITEMS} items", value)
        for place, item in enumerate(value):
            _json_value(item, f"{name}[{place}]", depth + 1)
        return
    if isinstance(value, Mapping):
        if len(value) > MAX_VIEW_ITEMS:
            raise _fail(name, f"at most {MAX_VIEW_ITEMS} keys", value)
        for key, item in value.items():
            if not isinstance(key, str):
                raise _fail(name, "text keys", key)
            _json_value(item, f"{name}.{key}", depth + 1)
        return
    raise _fail(name, "a JSON value", value)


def _check_hand_result(last: object) -> None:
    if not (
        isinstance(last, Mapping)
        and set(last) == {"hand_number", "closer", "points", "hands", "details"}
    ):
        raise _fail("last_hand", "null or a hand result", last)
    _int(last, "hand_number")
    _seat_or_none(last, "closer")
    for place, points in enumerate(_list(last, "points")):
        if type(points) is not int:
            raise _fail(f"last_hand.points[{place}]", "an integer", points)
    for place, hand in enumerate(_list(last, "hands")):
        where = f"last_hand.hands[{place}]"
        _card_texts({where: hand}, where)
    details = last["details"]
    if not isinstance(details, Mapping):
        raise _fail("last_hand.details", "a mapping", details)
    _json_value(details, "last_hand.details")


def _check_refused(facts: Mapping[str, Any], where: str, game: Game | None) -> None:
    """The moves the rules refuse the seat now (``refused``,
    :meth:`scala40.views.ViewBase.own_facts`), each ``{"move", "why"}``."""
    for place, item in enumerate(_list(facts, "refused")):
        at = f"{where}.refused[{place}]"
        if not (isinstance(item, Mapping) and set(item) == {"move", "why"}):
            raise _fail(at, "a mapping of move and why", item)
        text, why = item["move"], item["why"]
        if not (isinstance(text, str) and len(text) <= MAX_MOVE_TEXT):
            raise _fail(f"{at}.move", "a move's text", text)
        if game is not None and game.move_set is not None and not game.move_set.is_written(text):
            raise SerializationError(f"view: {at}.move: {game.move_set.unwritten(text)}")
        if not (isinstance(why, str) and len(why) <= MAX_MOVE_TEXT):
            raise _fail(f"{at}.why", "a reason's text", why)


def _check_parts(public: Mapping[str, Any]) -> None:
    """How each seat's (or side's) points of the last hand were made
    (``last_hand_parts``, :meth:`scala40.views.ViewBase.client_facts`)."""
    for place, parts in enumerate(_list(public, "last_hand_parts")):
        where = f"public.last_hand_parts[{place}]"
        for index, part in enumerate(_list({where: parts}, where)):
            at = f"{where}[{index}]"
            if not (isinstance(part, Mapping) and set(part) == {"what", "cards", "points"}):
                raise _fail(at, "a mapping of what, cards and points", part)
            if not (isinstance(part["what"], str) and len(part["what"]) <= 100):
                raise _fail(f"{at}.what", "a text of at most 100 characters", part["what"])
            _card_texts({f"{at}.cards": part["cards"]}, f"{at}.cards")
            if type(part["points"]) is not int:
                raise _fail(f"{at}.points", "an integer", part["points"])


def _check_facts(public: Mapping[str, Any], own: Mapping[str, Any], game: Game | None) -> None:
    """The facts every view works out for a client
    (:meth:`scala40.views.ViewBase.client_facts` in ``public``,
    :meth:`~scala40.views.ViewBase.own_facts` in ``own``),
    and those of a registered game, checked by the schemas that describe them
    (:func:`view_facts_schemas`). ``own`` holds those and no other key."""
    for where, facts, name in (("own", own, "refused"), ("public", public, "last_hand_parts")):
        if name not in facts:
            raise SerializationError(f"view: {where}: missing fields [{name!r}]")
    _check_refused(own, "own", game)
    _check_parts(public)
    public_facts, own_facts = ({}, {}) if game is None else _registered_facts_schemas(game.name)
    for where, facts, schemas in (("public", public, public_facts), ("own", own, own_facts)):
        for name, schema in schemas.items():
            if name not in facts:
                raise SerializationError(f"view: {where}: missing fields [{name!r}]")
            problem = schema_problem(facts[name], schema, f"{where}.{name}")
            if problem is not None:
                raise SerializationError(f"view: {problem}")
    if game is not None:
        unknown = sorted(str(key) for key in own if key != "refused" and key not in own_facts)
        if unknown:
            raise SerializationError(f"view: own: unknown fields {unknown}")


def _check_facts_of_version_1(public: Mapping[str, Any], game: Game | None) -> None:
    """The facts a view of version 1 gives, each when present (the views written before
    them have none), as version 1 checked them."""
    if "refused" in public:
        _check_refused(public, "public", game)
    if "last_hand_parts" in public:
        _check_parts(public)


@functools.cache
def _registered_facts_schemas(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    # (A registered game's, made once: a view read checks its facts by them.)
    return _facts_schemas(load_game(name))


def _facts_schemas(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    pattern = None if game.move_set is None else game.move_set.text_pattern()
    move_text = text(MAX_MOVE_TEXT, pattern)
    try:
        view: Any = type(game.new_game(None, game.default_players, 0).view(0))
    except Scala40Error:  # a game that cannot start with its defaults adds no facts
        return {}, {}
    public = getattr(view, "public_facts_schema", None)
    own = getattr(view, "own_facts_schema", None)
    return (
        {} if public is None else dict(public(move_text)),
        {} if own is None else dict(own(move_text)),
    )


def view_facts_schemas(game: str | Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """The JSON Schemas of the facts ``game``'s view adds, by name: to its ``public``
    (:meth:`scala40.views.ViewBase.public_facts_schema`) and to its ``own``
    (:meth:`~scala40.views.ViewBase.own_facts_schema`). The view's schema
    (:mod:`scala40.schemas`) describes them so, and :func:`view_from_dict` checks them
    against these.

    >>> from scala40.view_json import view_facts_schemas
    >>> public, own = view_facts_schemas("scala40")
    >>> sorted(public), sorted(own), sorted(own["opening"]["oneOf"][0]["properties"])
    (['meld_owners'], ['opening'], ['best', 'held', 'missing', 'plans', 'put_down', 'threshold'])

    :raises UnknownGameError: ``game`` names no game.
    """
    found = game if isinstance(game, Game) else load_game(game)
    if registered_game(found.name) is found:
        public, own = _registered_facts_schemas(found.name)
    else:
        public, own = _facts_schemas(found)
    copied: tuple[dict[str, Any], dict[str, Any]] = (_copy(public), _copy(own))
    return copied


def _same_move(game: Game, text: str, data: Mapping[str, Any], where: str) -> None:
    moves = game.move_set
    if moves is None:
        return
    if not moves.is_written(text):
        raise SerializationError(f"view: {where}.text: {moves.unwritten(text)}")
    try:
        move = moves.from_dict(data)
        same = moves.parse(text) == move
    except Scala40Error as error:
        raise SerializationError(f"view: {where}: {error}") from None
    if not same:
        raise _fail(where, "a text and a dictionary of the same move", text)


def view_from_dict(data: object, game: str | None = None) -> ClientView:
    """Read a view's JSON (``view.to_dict()``), untrusted: every key is checked, and a
    :class:`~scala40.SerializationError` names the first that is wrong.

    With ``game`` (a registered game's name), the JSON must be of that game. The JSON of
    a registered game names it as the library writes it (``chinchon``, no alias), and
    each of its legal moves has a text written as the library writes moves and a
    dictionary of the same move; a view of a game this process does not know is read
    without its moves being judged. The work is bounded by
    :data:`~scala40.view_json.MAX_VIEW_ITEMS` items per list and a nesting depth of 8.

    >>> from scala40.games.rumino import new_game
    >>> from scala40.view_json import view_from_dict
    >>> data = new_game(players=2, seed=1).view(1).to_dict()
    >>> client = view_from_dict(data)
    >>> client.seat, client.decision, client.legal_moves
    (1, {'seat': 0, 'kind': 'draw'}, ())
    >>> view_from_dict({**data, "hand": [7]})
    Traceback (most recent call last):
    ...
    scala40.errors.SerializationError: view: hand[0]: expected a card in card notation, got 7
    """
    if not isinstance(data, Mapping):
        raise _fail("the data", "a mapping", data)
    if len(data) > len(_KEYS):
        raise _fail("the data", f"a mapping of {len(_KEYS)} keys", f"{len(data)} keys")
    if data.get("format") != VIEW_FORMAT:
        raise _fail("format", repr(VIEW_FORMAT), data.get("format"))
    version = data.get("version")
    if not (type(version) is int and version in _KEYS_OF_VERSION):
        raise _fail(
            "version", f"{VIEW_FORMAT_VERSION} (or 1, read until the next release)", version
        )
    keys = _KEYS_OF_VERSION[version]
    missing = [key for key in keys if key not in data]
    if missing:
        raise SerializationError(f"view: missing fields {missing}")
    unknown = sorted(str(key) for key in data if key not in keys)
    if unknown:
        raise SerializationError(f"view: unknown fields {unknown}")
    name = data["game"]
    if not (isinstance(name, str) and 0 < len(name) <= 100):
        raise _fail("game", "a game name", name)
    if game is not None and name != game:
        raise _fail("game", repr(game), name)
    known = registered_game(name)
    if known is not None and known.name != name:
        # A view names its game as the library writes it, not by an alias.
        raise _fail("game", repr(known.name), name)
    seat = _int(data, "seat")
    move_number = _int(data, "move_number")
    phase = data["phase"]
    if not (phase is None or (isinstance(phase, str) and len(phase) <= 100)):
        raise _fail("phase", "a phase name or null", phase)
    current = _seat_or_none(data, "current_player")
    decision = data["decision"]
    if current is None:
        if decision is not None:
            raise _fail("decision", "null when nobody decides", decision)
    elif not (
        # (Compared key by key and by type: Python's == holds true for 0 and false.)
        isinstance(decision, Mapping)
        and decision.keys() == {"seat", "kind"}
        and type(decision["seat"]) is int
        and decision["seat"] == current
        and decision["kind"] == phase
        and type(decision["kind"]) is type(phase)
    ):
        raise _fail("decision", f"{{'seat': {current}, 'kind': {phase!r}}}", decision)
    moves = _list(data, "legal_moves")
    if moves and current != seat:
        raise _fail("legal_moves", "an empty list when the seat does not decide", moves)
    legal = []
    for place, item in enumerate(moves):
        where = f"legal_moves[{place}]"
        if not (
            isinstance(item, Mapping)
            and set(item) == {"text", "move"}
            and isinstance(item["text"], str)
            and isinstance(item["move"], Mapping)
        ):
            raise _fail(where, "{'text': ..., 'move': {...}}", item)
        _json_value(item["move"], f"{where}.move")
        if known is not None:
            _same_move(known, item["text"], item["move"], where)
        legal.append((item["text"], item["move"]))
    hand = _card_texts(data, "hand")
    scores = _list(data, "scores")
    for place, score in enumerate(scores):
        if type(score) is not int:
            raise _fail(f"scores[{place}]", "an integer", score)
    is_over = data["is_over"]
    if not isinstance(is_over, bool):
        raise _fail("is_over", "true or false", is_over)
    public = data["public"]
    if not isinstance(public, Mapping):
        raise _fail("public", "a mapping", public)
    _json_value(public, "public")
    if version == 1:
        # Version 1 kept the seat's own facts under "public": read there, held apart.
        _check_facts_of_version_1(public, known)
        own = {key: public[key] for key in _OWN_IN_VERSION_1 if key in public}
        public = {key: item for key, item in public.items() if key not in own}
    else:
        own = data["own"]
        if not isinstance(own, Mapping):
            raise _fail("own", "a mapping", own)
        _json_value(own, "own")
        _check_facts(public, own, known)
    # Winners are seats, not sides: a partnership's scores are one a side (SK-PLAYERS),
    # so the seats are counted by the view's player_count where it gives one.
    seats = public.get("player_count")
    if not (type(seats) is int and 0 < seats <= MAX_VIEW_ITEMS):
        seats = MAX_VIEW_ITEMS
    for field, value in (("seat", seat), ("current_player", current)):
        if value is not None and value >= seats:
            raise _fail(field, f"a seat below the player count, {seats}", value)
    winners = _list(data, "winners")
    for place, winner in enumerate(winners):
        if type(winner) is not int or not 0 <= winner < seats:
            raise _fail(f"winners[{place}]", f"a seat below {seats}", winner)
    if sorted(set(winners)) != winners:
        raise _fail("winners", "distinct seats in increasing order", winners)
    if is_over != bool(winners):
        raise _fail("is_over", "true exactly when there are winners", is_over)
    last = data["last_hand"]
    if last is not None:
        _check_hand_result(last)
    return ClientView(
        game=name,
        seat=seat,
        move_number=move_number,
        phase=phase,
        current_player=current,
        decision=decision,
        legal_moves=tuple(legal),
        hand=hand,
        scores=tuple(scores),
        is_over=is_over,
        winners=tuple(winners),
        last_hand=last,
        public=public,
        own=own,
        data=_copy(data),
    )


_CARD_WORD = re.compile(r"\bCard\b")
_SKIPPED = frozenset({"state_type", "move_number", "hand_log"})
_TOP_LEVEL = frozenset({"player", "hand", "phase", "winners", "last_hand", "scores"})


def _json(value: Any, annotation: str) -> Any:
    """``value`` as JSON, ``annotation`` (its field's type, as text) telling cards from
    other integers."""
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, int):
        return CARD_NAMES[value] if _CARD_WORD.search(annotation) else value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_json(item, annotation) for item in value]
    if type(value).__name__ == "Meld":
        return str(value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if attrs.has(type(value)):
        return {
            field.name: _json(getattr(value, field.name), str(field.type))
            for field in attrs.fields(type(value))
        }
    raise SerializationError(f"view: cannot write {describe(value)} as JSON")


def hand_result_to_dict(result: Any) -> dict[str, Any]:
    """How a hand ended, in one shape for every game: ``hand_number``, ``closer`` (the
    seat that closed, went out or knocked; ``None`` if nobody did), ``points`` (each
    seat's points for the hand), ``hands`` (each seat's cards left, as card text), and
    ``details``: the game's other facts, by name.

    >>> from scala40.games._knock.phases import HandEnd, HandResult
    >>> from scala40.view_json import hand_result_to_dict
    >>> from scala40.cards import parse_cards
    >>> hands = ((), tuple(parse_cards("2C 3C")))
    >>> result = HandResult(1, HandEnd.GIN, 0, (0, 25), (None, None), hands)
    >>> data = hand_result_to_dict(result)
    >>> data["closer"], data["points"], data["hands"], data["details"]["end"]
    (0, [0, 25], [[], ['2C', '3C']], 'gin')
    """
    fields = {field.name: field for field in attrs.fields(type(result))}
    closer = next(
        (getattr(result, name) for name in ("closer", "went_out") if name in fields), None
    )
    details = {
        name: _json(getattr(result, name), str(field.type))
        for name, field in fields.items()
        if name not in {"hand_number", "closer", "went_out", "points", "hands"}
    }
    return {
        "hand_number": result.hand_number,
        "closer": closer,
        "points": list(result.points),
        "hands": [[CARD_NAMES[card] for card in hand] for hand in result.hands],
        "details": details,
    }


def view_to_dict(view: Any, game: str, moves: MoveSet) -> dict[str, Any]:
    """The JSON of ``view``, a view of the game named ``game`` whose moves ``moves``
    writes (each game's ``view.to_dict()`` calls this; see the module for the keys).

    The legal moves come from the view itself (a sampled state: they depend only on
    what the seat sees), and only when the seat decides.
    """
    seat: int = view.player
    current = view.current_player
    phase = getattr(view, "phase", None)
    phase_name = phase.value if isinstance(phase, enum.Enum) else None
    legal: list[dict[str, Any]] = []
    if current == seat:
        legal = [{"text": str(move), "move": moves.to_dict(move)} for move in view.legal_moves()]
    scores: Any = getattr(view, "scores", None)
    if scores is None:
        scores = getattr(view, "totals", ())
    last = view.last_hand
    public = {
        field.name: _json(getattr(view, field.name), str(field.type))
        for field in attrs.fields(type(view))
        if field.name not in _SKIPPED and field.name not in _TOP_LEVEL
    }
    public.update(log_to_json(view.hand_log))
    public.update(view.client_facts())
    own = view.own_facts()
    winners = tuple(view.winners)
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_FORMAT_VERSION,
        "game": game,
        "seat": seat,
        "move_number": view.move_number,
        "phase": phase_name,
        "current_player": current,
        "decision": None if current is None else {"seat": current, "kind": phase_name},
        "legal_moves": legal,
        "hand": [CARD_NAMES[card] for card in view.hand],
        "scores": list(scores),
        "is_over": bool(winners),
        "winners": list(winners),
        "last_hand": None if last is None else hand_result_to_dict(last),
        "public": public,
        "own": own,
    }

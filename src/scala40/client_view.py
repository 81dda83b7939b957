"""A view's JSON read back: what a client holds (:class:`ClientView`), checked key by
key as untrusted input (:func:`view_from_dict`).

A view's JSON is written by ``view.to_dict()`` (:mod:`scala40.views` describes its keys);
a client or a server that receives one reads it back here, and the pictures
(:func:`scala40.drawing.view_svg`) draw from it.

>>> from scala40.games.chinchon import new_game
>>> from scala40.client_view import view_from_dict
>>> client = view_from_dict(new_game(players=2, seed=1).view(0).to_dict(), "chinchon")
>>> client.game, client.seat, client.hand[:3]
('chinchon', 0, ('2S', '3S', 'KS'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from scala40._checks import describe
from scala40._format.serial import MAX_MOVE_TEXT
from scala40.cards import CARD_NAMES
from scala40.errors import Scala40Error, SerializationError
from scala40.game import Game, registered_game

__all__ = [
    "MAX_VIEW_ITEMS",
    "VIEW_FORMAT",
    "VIEW_FORMAT_VERSION",
    "ClientView",
    "view_from_dict",
]

VIEW_FORMAT = "scala40.view"
"""The format name of a view's JSON."""
VIEW_FORMAT_VERSION = 1
"""The version of a view's JSON."""
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
    "public",
)  # fmt: skip


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


def _check_client_facts(public: Mapping[str, Any], game: Game | None) -> None:
    """The facts every view works out for a client (``refused``, ``last_hand_parts``:
    :meth:`scala40.views.ViewBase.client_facts`), when present (a view written before
    them has none)."""
    if "refused" in public:
        for place, item in enumerate(_list(public, "refused")):
            where = f"public.refused[{place}]"
            if not (isinstance(item, Mapping) and set(item) == {"move", "why"}):
                raise _fail(where, "a mapping of move and why", item)
            text, why = item["move"], item["why"]
            if not (isinstance(text, str) and len(text) <= MAX_MOVE_TEXT):
                raise _fail(f"{where}.move", "a move's text", text)
            if (
                game is not None
                and game.move_set is not None
                and not game.move_set.is_written(text)
            ):
                raise SerializationError(f"view: {where}.move: {game.move_set.unwritten(text)}")
            if not (isinstance(why, str) and len(why) <= MAX_MOVE_TEXT):
                raise _fail(f"{where}.why", "a reason's text", why)
    if "last_hand_parts" in public:
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
    :data:`~scala40.client_view.MAX_VIEW_ITEMS` items per list and a nesting depth of 8.

    >>> from scala40.games.rumino import new_game
    >>> from scala40.client_view import view_from_dict
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
    if not (type(data.get("version")) is int and data["version"] == VIEW_FORMAT_VERSION):
        raise _fail("version", str(VIEW_FORMAT_VERSION), data.get("version"))
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise SerializationError(f"view: missing fields {missing}")
    unknown = sorted(str(key) for key in data if key not in _KEYS)
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
    _check_client_facts(public, known)
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
        data=_copy(data),
    )

"""Every loader agrees with its JSON Schema, in every game and format.

A document (a state, a view, a move, a ruleset, a game record or a tournament result;
the requests of ``scala40 serve`` that carry one are the server's tests',
tests/server/test_serve_spellings.py) is judged twice: by the schema the library
ships for it, with a real validator (``jsonschema``, draft 2020-12: see
:mod:`tests.documents` for the two ways in which it is held to JSON Schema's own
definitions rather than to Python's), and by the library's loader. The documents start
from saved ones (what release 0.2.0 wrote, and what the library writes today, in every
game), and change in two ways:

* **spelled otherwise**: one value of a saved document written another way, its
  meaning kept: a card in lower case, suit first, with a symbol, ``T`` for ten or ``1``
  for the ace; a word (a verb, a phase, an end) in upper case; a space before, after or
  doubled, a comma or a tab between words; an integer written ``1.0``, ``"1"`` or
  ``true``, a number written without its fraction; a key in upper case or with a space.
  Nothing but the spelling changes, so the two must agree exactly: **accepted by both
  or refused by both**. (Only values whose schema spells them, with a pattern, a choice
  or a constant, are spelled otherwise: a player's name in upper case is another name.)
* **drawn from the schema**: one place of a saved document given a value drawn from
  the part of the schema that describes it, inside it or just outside (a bound passed,
  another type, a word misspelt, an item or a key too many or too few), and whole moves
  and rulesets drawn so. Whatever the loader accepts, the schema accepts: a loader
  never reads what its schema refuses. (The other way round, a value the schema allows
  may still mean nothing where it is put, such as a card the deck does not hold: the
  loader has the last word on how fields fit together, as the schemas page says.)

And every loader answers with a value or an error of the library, within its bound.
Ten times the examples run in the long run (``HYPOTHESIS_PROFILE=long nox -s soak``),
and the soak (the ``slow`` tests) spells every value
of every saved document otherwise, each way.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.game import Game, load_game
from scala40.records import GameRecord
from scala40.schemas import BUILTIN_GAMES, KINDS
from scala40.tournament import run_tournament
from tests.documents import (
    Path_,
    is_valid,
    load,
    release_documents,
    resolved,
    schema_of,
    validator,
    walk,
)
from tests.hostile import fuzz_settings, library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

GAMES = [load_game(name) for name in BUILTIN_GAMES]
LOADER_SECONDS = 0.25
"""The bound of every call of the library."""


# ---------------------------------------------------------------- saved documents


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@functools.cache
def _written_today(name: str) -> tuple[tuple[str, Any], ...]:
    """A document of each format, as the library writes it today: from the middle of a
    seeded random game of ``name``, with its legal moves."""
    game = load_game(name)
    chooser = random.Random(21)
    state = game.new_game(None, game.default_players, 21)
    for _ in range(36):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    names = tuple(f"seat {seat}" for seat in range(game.default_players))
    record = GameRecord.start(None, game.default_players, 22, game=game, names=names)
    replayed = record.final_state()
    for _ in range(8):
        legal = replayed.legal_moves()
        record = record.append(replayed, legal[chooser.randrange(len(legal))])
        replayed = record.final_state()
    result = run_tournament(
        1, ["random"], players=game.default_players, game=game, seed=23, workers=1,
        max_actions=40,
    )  # fmt: skip
    seat = state.current_player if state.current_player is not None else 0
    legal = list(state.legal_moves())
    documents = [
        ("state", state.to_dict()),
        ("view", state.view(seat).to_dict()),
        ("ruleset", state.rules.to_dict()),
        ("record", record.to_dict()),
        ("tournament", result.to_dict()),
        *[("move", game.move_to_dict(move)) for move in legal[:: max(1, len(legal) // 6)]],
    ]
    return tuple((kind, _json(document)) for kind, document in documents)


@functools.cache
def _saved(name: str) -> tuple[tuple[str, Any], ...]:
    """The saved documents of ``name``: 0.2.0's and today's."""
    return (*tuple(release_documents("0.2.0", name)), *_written_today(name))


def _schema_name(kind: str, game: Game, document: Any) -> str:
    # A record or a tournament result names its game: read by that game's schema.
    named = document.get("game") if kind in ("record", "tournament") else None
    return f"{named if named in BUILTIN_GAMES else game.name}.{kind}"


@functools.cache
def _places(name: str, index: int) -> tuple[tuple[Path_, Any, Any], ...]:
    """Each place of saved document ``index`` of ``name``, with its part of the schema."""
    kind, document = _saved(name)[index]
    schema = schema_of(_schema_name(kind, load_game(name), document))
    return tuple(walk(schema, document))


def _replaced(document: Any, path: Path_, value: Any) -> Any:
    """A copy of ``document`` with the value at ``path`` replaced by ``value``."""
    if not path:
        return copy.deepcopy(value)
    changed = copy.deepcopy(document)
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


# ---------------------------------------------------------------- spelled otherwise

_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card_forms(text: str) -> Iterator[str]:
    """``text`` with each of its cards written in another form of C-NOTATION."""
    words = text.split(" ")

    def each(change: Any) -> str:
        out = []
        for word in words:
            parts = word.split("=")
            out.append("=".join(change(part) if _is_card(part) else part for part in parts))
        return " ".join(out)

    yield each(lambda card: card if card == "JK" else card[-1] + card[:-1])  # suit first
    yield each(lambda card: card if card == "JK" else card[:-1] + _SUIT_SYMBOLS[card[-1]])
    yield each(lambda card: card.replace("10", "T"))
    yield each(lambda card: "1" + card[1:] if card[:1] == "A" else card)
    yield each(lambda card: "*" if card == "JK" else card)


def _is_card(word: str) -> bool:
    return word == "JK" or (
        len(word) in (2, 3) and word[-1] in _SUIT_SYMBOLS and word[:-1] in _RANKS
    )


_RANKS = frozenset(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])


def _spells(schema: Any) -> bool:
    """Whether a string under ``schema`` is spelled by it (a pattern, a choice, a
    constant), rather than free text (a name) whose other spelling is another value."""
    return any(key in schema for key in ("pattern", "enum", "const"))


def _text_spellings(text: str) -> set[str]:
    found = {text.lower(), text.upper(), text.swapcase(), text.capitalize(), text.title()}
    found |= {f" {text}", f"{text} ", f"{text}\n", text.replace(" ", "  ")}
    found |= {text.replace(" ", ","), text.replace(" ", ", "), text.replace(" ", "\t")}
    found |= set(_card_forms(text))
    found.discard(text)
    return found


def _spellings(value: Any, schema: Any) -> list[Any]:
    """``value`` written otherwise, its meaning kept (see the module)."""
    if isinstance(value, bool):
        return [int(value)]
    if isinstance(value, int):
        found: list[Any] = [float(value), str(value)]
        if value in (0, 1):
            found.append(bool(value))
        return found
    if isinstance(value, float):
        return [int(value)] if value.is_integer() and abs(value) < 2**53 else []
    if isinstance(value, str) and _spells(schema):
        return sorted(_text_spellings(value))
    return []


Change = tuple[Path_, str, Any]
"""A change of a document: at a place, ``"value"`` (a value written otherwise) or
``"key"`` (one of its keys written otherwise, as the new key)."""


@functools.cache
def _changes(name: str, index: int) -> tuple[Change, ...]:
    """Every way saved document ``index`` of ``name`` may be spelled otherwise."""
    _, document = _saved(name)[index]
    changes: list[Change] = []
    for path, schema, _ in _places(name, index):
        value = _at(document, path)
        changes += [(path, "value", other) for other in _spellings(value, schema)]
        if isinstance(value, dict) and "properties" in schema:
            for key in value:
                changes += [(path, "key", (key, other)) for other in (key.upper(), f"{key} ")]
    return tuple(change for change in changes if change[2] != ("", " "))


def _at(document: Any, path: Path_) -> Any:
    for step in path:
        document = document[step]
    return document


def _changed(document: Any, change: Change) -> Any:
    path, what, value = change
    if what == "value":
        return _replaced(document, path, value)
    old, new = value
    held = _at(document, path)
    renamed = {(new if key == old else key): item for key, item in held.items()}
    return _replaced(document, path, renamed)


def _judge(kind: str, game: Game, document: Any, *, exact: bool, what: str) -> None:
    """Judge ``document`` by the schema and the loader (see the module)."""
    by_schema = is_valid(kind, game, document)
    loaded = library_errors_only(load, kind, game, document, seconds=LOADER_SECONDS)
    by_loader = loaded is not None
    if by_loader and not by_schema:
        name = _schema_name(kind, game, document)
        problem = next(iter(validator(name).iter_errors(document)), None)
        raise AssertionError(
            f"{game.name} {kind} {what}: the loader accepts what the schema refuses "
            f"({getattr(problem, 'message', '?')[:200]} at {getattr(problem, 'json_path', '?')})"
        )
    if exact and by_schema and not by_loader:
        try:
            load(kind, game, document)
        except Exception as error:  # the library's error, named in the failure
            reason = f"{type(error).__name__}: {str(error)[:200]}"
        raise AssertionError(
            f"{game.name} {kind} {what}: the schema accepts what the loader refuses ({reason})"
        )


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
@fuzz_settings(30)
@given(data=st.data())
def test_a_document_spelled_otherwise_is_accepted_by_both_or_refused_by_both(
    game: Game, data: st.DataObject
) -> None:
    saved = _saved(game.name)
    index = data.draw(st.integers(0, len(saved) - 1), label="document")
    kind, document = saved[index]
    changes = _changes(game.name, index)
    if not changes:
        return
    change = data.draw(st.sampled_from(changes), label="change")
    changed = _changed(document, change)
    _judge(kind, game, changed, exact=True, what=f"{change[0]} {change[1]} {change[2]!r:.60}")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_every_document_spelled_otherwise_is_accepted_by_both_or_refused_by_both(
    game: Game,
) -> None:
    # The property above, over every change of every saved document rather than a draw.
    for index, (kind, document) in enumerate(_saved(game.name)):
        for change in _changes(game.name, index):
            what = f"{change[0]} {change[1]} {change[2]!r:.60}"
            _judge(kind, game, _changed(document, change), exact=True, what=what)


# ---------------------------------------------------------------- drawn from the schema


def _from_schema(schema: Any, root: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of ``schema`` (a part of ``root``), mostly valid: its types, bounds,
    patterns, choices and shapes, with small lists and few keys."""
    schema, root = resolved(schema, root)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    branches = schema.get("oneOf", schema.get("anyOf"))
    if branches:
        return st.one_of([_from_schema(branch, root, depth) for branch in branches])
    kinds = schema.get("type", ["null", "boolean", "integer", "string"])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return st.one_of([_of_type(kind, schema, root, depth) for kind in kinds])


def _of_type(kind: str, schema: Any, root: Any, depth: int) -> st.SearchStrategy[Any]:
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        edges = [edge for edge in (low, high) if edge is not None]
        numbers: st.SearchStrategy[Any] = st.integers(low, high)
        if edges:
            numbers = st.one_of(numbers, st.sampled_from(edges))
        if kind == "number":
            numbers = st.one_of(
                numbers, st.floats(low, high, allow_nan=False, allow_infinity=False)
            )
        return numbers
    if kind == "string":
        most, least = schema.get("maxLength"), schema.get("minLength", 0)
        pattern = schema.get("pattern")
        texts = (
            st.from_regex(pattern, fullmatch=True)
            if pattern is not None
            else st.text(max_size=min(most or 12, 12))
        )
        return texts.filter(lambda text: least <= len(text) <= (most or len(text)))
    if kind == "array":
        least = schema.get("minItems", 0)
        most = min(schema.get("maxItems", least + 3), least + (0 if depth > 3 else 3))
        prefix = schema.get("prefixItems", [])
        items = schema.get("items")
        parts = [_from_schema(part, root, depth + 1) for part in prefix]
        rest = _from_schema(items, root, depth + 1) if isinstance(items, dict) else st.none()
        return st.integers(least, max(least, most)).flatmap(
            lambda size: st.tuples(
                *[parts[index] if index < len(parts) else rest for index in range(size)]
            ).map(list)
        )
    assert kind == "object", kind
    properties = schema.get("properties")
    if properties is None:
        return st.dictionaries(st.text(max_size=6), st.integers(0, 9), max_size=2)
    required = [key for key in schema.get("required", []) if key in properties]
    return st.fixed_dictionaries(
        {key: _from_schema(properties[key], root, depth + 1) for key in required},
        optional={
            key: _from_schema(part, root, depth + 1)
            for key, part in properties.items()
            if key not in required
        },
    )


def _spoiled(value: Any, schema: Any) -> st.SearchStrategy[Any]:
    """``value`` just outside ``schema``, or inside it still: a bound passed, another
    type, a word misspelt, an item or a key too many or too few."""
    others: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], {}]
    if isinstance(value, bool):
        others += [int(value)]
    elif isinstance(value, int):
        others += [value - 1, value + 1, float(value), str(value)]
        others += [schema[key] + step for key, step in (("minimum", -1), ("maximum", 1))
                   if key in schema]  # fmt: skip
    elif isinstance(value, str):
        others += [*sorted(_text_spellings(value)), value + "X", value[1:]]
    elif isinstance(value, list):
        others += [value[:-1], value + value[-1:], [*value, None]]
    elif isinstance(value, dict):
        others += [{**value, "extra": 1}]
        others += [{k: v for k, v in value.items() if k != key} for key in list(value)[:3]]
    return st.sampled_from(others)


def _near(schema: Any, root: Any) -> st.SearchStrategy[Any]:
    valid = _from_schema(schema, root)
    return st.one_of(
        valid, valid.flatmap(lambda value: _spoiled(value, resolved(schema, root)[0]))
    )


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_every_integer_past_its_bound_or_a_boolean_is_read_only_if_the_schema_accepts_it(
    game: Game,
) -> None:
    """The drawn documents' cases that every run must hold, whatever it draws: each
    integer of a saved document of each kind (the first of each kind) one past its
    bounds, and ``true`` in its place (Python's ``True == 1``), read only where the
    schema accepts it."""
    kinds: set[str] = set()
    for index, (kind, document) in enumerate(_saved(game.name)):
        if kind in kinds:
            continue
        kinds.add(kind)
        for path, part, root in _places(game.name, index):
            schema = resolved(part, root)[0]
            types = schema.get("type") if isinstance(schema, dict) else None
            if "integer" not in (types if isinstance(types, list) else [types]):
                continue
            values: list[Any] = [True]
            if "maximum" in schema:
                values.append(schema["maximum"] + 1)
            if "minimum" in schema:
                values.append(schema["minimum"] - 1)
            for value in values:
                changed = _replaced(document, path, value)
                _judge(kind, game, changed, exact=False, what=f"{path} = {value!r}")


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
@fuzz_settings(20)
@given(data=st.data())
def test_a_document_drawn_from_its_schema_is_read_only_if_the_schema_accepts_it(
    game: Game, data: st.DataObject
) -> None:
    saved = _saved(game.name)
    index = data.draw(st.integers(0, len(saved) - 1), label="document")
    kind, document = saved[index]
    places = _places(game.name, index)
    path, schema, root = data.draw(st.sampled_from(places), label="place")
    value = data.draw(_near(schema, root), label="value")
    _judge(kind, game, _replaced(document, path, value), exact=False, what=f"{path} drawn")


@pytest.mark.parametrize("kind", ["move", "ruleset"])
@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
@fuzz_settings(12)
@given(data=st.data())
def test_a_whole_move_or_ruleset_drawn_from_its_schema_is_read_only_if_the_schema_accepts_it(
    game: Game, kind: str, data: st.DataObject
) -> None:
    schema = schema_of(f"{game.name}.{kind}")
    document = data.draw(_near(schema, schema), label=kind)
    _judge(kind, game, document, exact=False, what="drawn whole")


# ---------------------------------------------------------------- what the audit found


def _view_deciding(game: Game) -> dict[str, Any]:
    state = game.new_game(None, game.default_players, 3)
    while state.current_player is None or state.current_player != 0:
        state = state.apply(state.legal_moves()[0])
    view: dict[str, Any] = _json(state.view(0).to_dict())
    return view


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_the_spellings_a_loader_once_read_are_refused_by_both(game: Game) -> None:
    """What loaders read and schemas refused, each now refused by both: a seat written
    ``false`` (Python's ``False == 0``), cards in lower case, with a space after, suit
    first, a move's text in upper case, a record's game by an alias."""
    view = _view_deciding(game)
    state = _json(game.new_game(None, game.default_players, 4).to_dict())
    record = _json(GameRecord.start(None, game.default_players, 4, game=game).to_dict())
    hand = state["hands"][0]
    first = hand.split(" ")[0]
    suit_first = hand.replace(first, first[-1] + first[:-1], 1)
    upper_move = str(game.new_game(None, game.default_players, 4).legal_moves()[0]).upper()
    others = state["hands"][1:]
    spoilt: list[tuple[str, Any]] = [
        ("view", {**view, "decision": {**view["decision"], "seat": False}}),
        ("state", {**state, "hands": [hand.lower(), *others]}),
        ("state", {**state, "hands": [hand + " ", *others]}),
        ("state", {**state, "hands": [suit_first, *others]}),
        ("record", {**record, "game": game.title}),
        ("record", {**record, "game": game.name.upper()}),
        ("record", {**record, "moves": [upper_move]}),
    ]
    if view["legal_moves"]:
        item = view["legal_moves"][0]
        upper = {**item, "text": item["text"].upper()}
        spoilt.append(("view", {**view, "legal_moves": [upper, *view["legal_moves"][1:]]}))
    for kind, document in spoilt:
        assert not is_valid(kind, game, document), (kind, document)
        assert library_errors_only(load, kind, game, document) is None, (kind, document)


def test_every_format_has_saved_documents() -> None:
    for name in BUILTIN_GAMES:
        assert {kind for kind, _ in _saved(name)} == set(KINDS)

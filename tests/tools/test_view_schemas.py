"""The view's JSON Schema (``<game>.view.json``, shipped) says field by field what a view
holds, checked with a real validator (``jsonschema``, draft 2020-12) against real views.

* Every seat's view of every game and preset (the default presets in the default run,
  the others in the soak), at many moments of seeded random games (each phase, hands'
  ends, finished matches), validates against the shipped schema.
* Every key of the facts a view works out for a client is declared by the schema, with
  its type: the seat's own facts (``own``: ``refused``, Scala 40's ``opening``,
  Skarney's ``contract``) in closed objects, every key of every object inside them; and
  the public facts (``last_hand_parts``, Scala 40's ``meld_owners``). A fact of a wrong
  type, a key too many or one missing is refused by the schema and by the loader
  (``view_from_dict``).
* The seat's own facts are under ``own``, never under ``public``; a view of version 1,
  which kept them under ``public``, still validates and reads back unchanged, its facts
  held apart in ``own``.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.errors import SerializationError
from scala40.game import Game, load_game
from scala40.schemas import BUILTIN_GAMES, shipped_schema
from scala40.view_json import VIEW_FORMAT_VERSION, view_facts_schemas, view_from_dict
from tests.documents import release_documents
from tests.protocol.cases import registered_cases

# (jsonschema ships no type information: Any to mypy, as where the other tests use it.)
jsonschema: Any = importlib.import_module("jsonschema")

CASES = registered_cases()
"""Every game's default preset in the default run, its other presets in the soak."""
MOVES = 400
"""The moves of each seeded game, at most (hands end within them in every game)."""
EVERY = 7
"""A view of every seat is taken every EVERY moves, and at every hand's end."""
OWN_FACTS = {"scala40": {"opening"}, "skarney": {"contract"}}
"""The facts each game adds to a view's ``own`` (every game has ``refused``)."""
PUBLIC_FACTS = {"scala40": {"meld_owners"}}
"""The facts each game adds to a view's ``public`` (every game has ``last_hand_parts``)."""


@functools.cache
def _validator(name: str) -> Any:
    schema = shipped_schema("view", name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _problems(name: str, data: object) -> list[str]:
    return [
        f"{error.json_path}: {error.message[:120]}" for error in _validator(name).iter_errors(data)
    ]


def _views(game: Game, preset: str, seed: int) -> Iterator[dict[str, Any]]:
    """Every seat's view JSON of a seeded random game, every EVERY moves, at each hand's
    end, and at the end of the match."""
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    state: Any = game.new_game(rules, players, seed)
    chooser = random.Random(seed)
    last = None
    for step in range(MOVES):
        if step % EVERY == 0 or state.last_hand is not last or state.is_over:
            last = state.last_hand
            for seat in range(state.player_count):
                yield json.loads(json.dumps(state.view(seat).to_dict()))
        if state.is_over:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


def _branch(schema: dict[str, Any], value: object) -> dict[str, Any]:
    """The part of ``schema`` that describes ``value``: the branch of a ``oneOf`` that
    accepts it."""
    while "oneOf" in schema:
        fits = [
            branch
            for branch in schema["oneOf"]
            if jsonschema.Draft202012Validator(branch).is_valid(value)
        ]
        assert len(fits) == 1, (schema, value)
        schema = fits[0]
    return schema


def _undeclared(schema: dict[str, Any], value: object, where: str) -> Iterator[str]:
    """Each place in ``value`` that ``schema`` does not declare: a key of an object its
    part leaves open or does not name, an item of a list its part does not describe."""
    part = _branch(schema, value)
    if isinstance(value, dict):
        if part.get("additionalProperties") is not False:
            yield f"{where}: an open object"
        for key, item in value.items():
            if key not in part.get("properties", {}):
                yield f"{where}.{key}: not declared"
            else:
                yield from _undeclared(part["properties"][key], item, f"{where}.{key}")
    elif isinstance(value, list):
        if value and "items" not in part:
            yield f"{where}: items not described"
        for place, item in enumerate(value):
            yield from _undeclared(part["items"], item, f"{where}[{place}]")
    elif "type" not in part and "enum" not in part and "const" not in part:
        yield f"{where}: no type"


def _version_2(name: str) -> dict[str, Any]:
    branches = shipped_schema("view", name)["oneOf"]
    found: dict[str, Any] = next(
        branch
        for branch in branches
        if branch["properties"]["version"] == {"const": VIEW_FORMAT_VERSION}
    )
    return found


def _check_declared(name: str, data: dict[str, Any]) -> None:
    schema = _version_2(name)
    own_part = schema["properties"]["own"]
    assert set(data["own"]) == {"refused", *OWN_FACTS.get(name, ())}
    assert set(own_part["required"]) == set(data["own"])
    assert list(_undeclared(own_part, data["own"], "own")) == []
    public_part = schema["properties"]["public"]
    facts = {"last_hand_parts", *PUBLIC_FACTS.get(name, ())}
    assert set(public_part["required"]) == facts
    for key in facts:
        place = f"public.{key}"
        assert list(_undeclared(public_part["properties"][key], data["public"][key], place)) == []
    # What the seat alone may know is never in what every seat sees.
    assert not set(data["public"]) & {"refused", "opening", "contract"}


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_view_validates_and_every_fact_is_declared(game: Game, preset: str) -> None:
    seen: set[str] = set()
    count = 0
    for seed in (1, 2):
        for data in _views(game, preset, seed):
            count += 1
            assert _problems(game.name, data) == [], (game.name, preset, data["move_number"])
            _check_declared(game.name, data)
            for key, value in data["own"].items():
                if value:
                    seen.add(key)
    # The facts were seen holding something, not only null or empty (a preset may have
    # none to give: Skarney's free_meld has no contract).
    if preset == game.ruleset_type.DEFAULT_PRESET:
        assert seen >= OWN_FACTS.get(game.name, set()), seen
    assert count >= 40, count


def _view_of(name: str, fact: str, *, deciding: bool = False) -> dict[str, Any]:
    """A view JSON of ``name`` whose ``own[fact]`` holds something (the seat deciding,
    if ``deciding``)."""
    game = load_game(name)
    for data in _views(game, game.ruleset_type.DEFAULT_PRESET, 3):
        if data["own"][fact] and (not deciding or data["current_player"] == data["seat"]):
            return data
    raise AssertionError(f"no view of {name} with {fact}")  # pragma: no cover


def _spoiled(name: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Views whose facts are each wrong in one way."""
    if name == "scala40":
        data = _view_of(name, "opening")
        opening = data["own"]["opening"]
        best = {"melds": ["8D 9D 10D"], "points": 27}
        for what, value in (
            ("best of a wrong type", 27),
            ("best's points as text", {**best, "points": "27"}),
            ("best's melds not melds", {**best, "melds": ["8d 9d 10d"]}),
            ("best with a key too many", {**best, "extra": 1}),
            ("best without its points", {"melds": best["melds"]}),
        ):
            yield f"opening {what}", _with(data, ("own", "opening", "best"), value)
        yield "missing as true", _with(data, ("own", "opening", "missing"), True)
        yield "threshold below 0", _with(data, ("own", "opening", "threshold"), -1)
        yield "held not a list", _with(data, ("own", "opening", "held"), {"meld": "8D 9D 10D"})
        held = {"meld": "8D 9D 10D", "points": 27, "kind": "sequence"}
        yield "held with a key too many", _with(data, ("own", "opening", "held"), [held])
        yield (
            "plans of no move",
            _with(data, ("own", "opening", "plans"), [{"moves": [], "points": 1}]),
        )
        without = {key: value for key, value in opening.items() if key != "missing"}
        yield "opening without missing", _with(data, ("own", "opening"), without)
        yield "meld_owners of text", _with(data, ("public", "meld_owners"), ["0"])
        yield "no meld_owners", _without(data, ("public", "meld_owners"))
        yield "no opening", _without(data, ("own", "opening"))
    if name == "skarney":
        data = _view_of(name, "contract")
        yield "contract kind a run", _with(data, ("own", "contract", "kind"), "run")
        yield "contract sets of cards", _with(data, ("own", "contract", "sets"), [["5S", "5H"]])
        yield "contract missing as text", _with(data, ("own", "contract", "missing"), "1")
        held = {"meld": "5S 5H 5D", "kind": "wild"}
        yield "held of a kind no contract has", _with(data, ("own", "contract", "held"), [held])
        yield "no contract", _without(data, ("own", "contract"))
    data = _view_of(name, "refused", deciding=True) if name == "scala40" else _views_first(name)
    yield "an unknown own fact", _with(data, ("own", "extra"), 1)
    yield "no refused", _without(data, ("own", "refused"))
    yield "refused of a wrong type", _with(data, ("own", "refused"), [{"move": 7, "why": "x"}])
    yield "no own", _without(data, ("own",))
    yield "no last_hand_parts", _without(data, ("public", "last_hand_parts"))


def _views_first(name: str) -> dict[str, Any]:
    game = load_game(name)
    return next(_views(game, game.ruleset_type.DEFAULT_PRESET, 3))


def _with(data: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _without(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return changed


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_a_wrong_fact_is_refused_by_the_schema_and_the_loader(name: str) -> None:
    count = 0
    for what, data in _spoiled(name):
        count += 1
        assert _problems(name, data), f"{name}: the schema accepts a view with {what}"
        with pytest.raises(SerializationError):
            view_from_dict(data, name)
    assert count == {"scala40": 19, "skarney": 10}.get(name, 5)


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_the_schema_s_facts_are_the_views(name: str) -> None:
    """The facts the schema describes are those the view class declares, which the
    loader checks too (one description for both)."""
    public, own = view_facts_schemas(name)
    schema = _version_2(name)
    assert set(own) == OWN_FACTS.get(name, set())
    assert set(public) == PUBLIC_FACTS.get(name, set())
    for key, part in own.items():
        assert schema["properties"]["own"]["properties"][key] == part
    for key, part in public.items():
        assert schema["properties"]["public"]["properties"][key] == part
    assert schema["properties"]["own"]["additionalProperties"] is False


@pytest.mark.parametrize("release", ["0.2.0", "0.3.0"])
@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_a_view_of_version_1_reads_its_own_facts_apart(release: str, name: str) -> None:
    """A view of version 1 (the seat's own facts under ``public``) validates, reads back
    unchanged, and its reader holds the seat's facts in ``own``, not in ``public``."""
    views = [document for kind, document in release_documents(release, name) if kind == "view"]
    assert views
    for document in views:
        assert document["version"] == 1
        assert "own" not in document
        assert _problems(name, document) == []
        client = view_from_dict(document, name)
        assert client.to_dict() == document
        moved = {key for key in ("refused", "opening", "contract") if key in document["public"]}
        assert set(client.own) == moved
        assert not set(client.public) & moved
        assert {**client.public, **client.own} == document["public"]
        # A version 1 view with a version 2 key is refused: "own" came with version 2.
        with pytest.raises(SerializationError, match="unknown fields"):
            view_from_dict({**document, "own": {"refused": []}}, name)
        assert _problems(name, {**document, "own": {"refused": []}})

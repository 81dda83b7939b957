"""The JSON Schemas of the library's formats (scala40.schemas).

* The shipped files equal what the code makes (they cannot drift), and use only the
  keywords the tests' validator knows.
* Real data validates: the states and moves of seeded random playouts of every game and
  preset (chance steps played by the engine and played explicitly), the presets and
  random rulesets, game records, tournament results and their JSON lines.
* Broken data fails, and whatever a schema refuses of it, the library's loader refuses
  too (a schema is a first line of defence, never stricter than the loader).
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import runpy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots import play_game
from scala40.bots.registry import game_bots_of
from scala40.cards import CARD_NAMES
from scala40.errors import InvalidArgumentError, InvalidRulesetError, Scala40Error
from scala40.game import Game, load_game
from scala40.movekinds import MAX_MOVE_TEXT
from scala40.records import GameRecord
from scala40.rulesets import MAX_OPTION_INT, RulesetBase
from scala40.schema_parts import DRAFT
from scala40.schemas import (
    BUILTIN_GAMES,
    KINDS,
    PROTOCOLS,
    json_schema,
    protocol_schema,
    schema_file_name,
    shipped_schema,
    write_schemas,
)
from scala40.tournament import TournamentResult, run_tournament
from scala40.view_json import view_from_dict
from tests.hostile import fuzz_settings
from tests.protocol.cases import knock_game_names, soak_unless_default
from tests.tools.schema_validator import SchemaError, check_schema, errors, keywords_used

GAMES = [load_game(name) for name in BUILTIN_GAMES]
CASES = [
    pytest.param(game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset))
    for game in GAMES
    for preset in game.ruleset_type.preset_names()
]
SCHEMA_DIR = Path(__file__).resolve().parents[2] / "src" / "scala40" / "schemas"


@functools.cache
def _schema(kind: str, name: str) -> dict[str, Any]:
    return json_schema(kind, name)


def _valid(value: object, kind: str, game: Game) -> None:
    found = errors(value, _schema(kind, game.name))
    assert not found, f"{game.name} {kind}: " + "; ".join(found[:5])


def _invalid(value: object, kind: str, game: Game) -> bool:
    return bool(errors(value, _schema(kind, game.name)))


# ---------------------------------------------------------------- the files


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_shipped_schemas_are_what_the_code_makes(kind: str, game: str) -> None:
    assert shipped_schema(kind, game) == json_schema(kind, game), (
        f"{schema_file_name(kind, game)} is stale: run 'python -m scala40.schemas'"
    )


@pytest.mark.parametrize("name", PROTOCOLS)
def test_shipped_protocol_schemas_are_what_the_code_makes(name: str) -> None:
    shipped = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert shipped == protocol_schema(name), (
        f"{name}.json is stale: run 'python -m scala40.schemas'"
    )
    assert shipped["$id"] == f"{name}.json"


def test_the_package_ships_one_file_per_game_and_format() -> None:
    # Besides the formats of each game, the package ships the command line's protocols
    # (``check --jsonl``, ``hand --jsonl``, the conformance corpus), made from the code
    # too; the schemas of ``scala40 serve`` ship with the server, not here.
    shipped = {path.name for path in SCHEMA_DIR.glob("*.json")}
    games = {schema_file_name(kind, game) for game in BUILTIN_GAMES for kind in KINDS}
    assert shipped == games | {f"{name}.json" for name in PROTOCOLS}
    for name in shipped:
        assert json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))["$id"] == name


def test_write_schemas_writes_the_shipped_files(tmp_path: Path) -> None:
    written = write_schemas(tmp_path / "made" / "here")
    assert len(written) == len(BUILTIN_GAMES) * len(KINDS) + len(PROTOCOLS)
    for path in written:
        assert path.read_text(encoding="utf-8") == (SCHEMA_DIR / path.name).read_text(
            encoding="utf-8"
        )


def _run_module(monkeypatch: pytest.MonkeyPatch, *argv: str) -> object:
    monkeypatch.setattr("sys.argv", ["scala40.schemas", *argv])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("scala40.schemas", run_name="__main__")
    return exited.value.code


def test_python_m_scala40_schemas_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "not" / "yet"
    assert _run_module(monkeypatch, str(target)) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(BUILTIN_GAMES) * len(KINDS) + len(PROTOCOLS)
    assert sorted(Path(line).name for line in printed) == sorted(
        path.name for path in target.iterdir()
    )


def test_python_m_scala40_schemas_says_what_is_wrong_with_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    for argv in ([str(blocker)], [str(blocker / "below")], ["one", "two"]):
        assert _run_module(monkeypatch, *argv) in (1, 2)
        captured = capsys.readouterr()
        assert captured.err.startswith("error: ")
        assert "Traceback" not in captured.err
        assert captured.out == ""


def test_an_add_on_game_gets_schemas_made_but_none_shipped() -> None:
    # A game that describes neither its states nor its moves: their headers only.
    add_on = attrs.evolve(
        load_game("scala40"), name="addon", title="Add-on", state_schema=None, move_set=None
    )
    for kind in KINDS:
        schema = json_schema(kind, add_on)
        check_schema(schema)
        assert schema["title"].startswith("Add-on")
        with pytest.raises(InvalidArgumentError, match="no schema of Add-on ships"):
            shipped_schema(kind, add_on)
    assert json_schema("state", add_on)["required"] == ["format", "version"]
    assert json_schema("move", add_on)["required"] == ["format", "version", "type"]
    record = json_schema("record", add_on)
    assert record["properties"]["moves"]["items"] == {"type": "string", "maxLength": MAX_MOVE_TEXT}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_schemas_use_only_what_the_validator_knows(kind: str, game: str) -> None:
    schema = json_schema(kind, game)
    check_schema(schema)
    assert schema["$schema"] == DRAFT
    assert schema["title"].startswith(load_game(game).title)


def test_the_validator_refuses_unknown_keywords() -> None:
    with pytest.raises(SchemaError, match="unknown keywords"):
        check_schema({"type": "string", "format": "date"})
    with pytest.raises(SchemaError, match="unresolvable"):
        check_schema({"$ref": "#/$defs/nothing"})


def test_bad_requests_are_library_errors() -> None:
    with pytest.raises(InvalidArgumentError, match="expected a format among state, move"):
        json_schema("layout")
    with pytest.raises(Scala40Error, match="no game named 'bridge'"):
        json_schema("state", "bridge")


def test_the_card_pattern_is_the_card_names() -> None:
    kinds = _schema("move", "scala40")["oneOf"]
    discard = next(kind for kind in kinds if kind["properties"]["type"]["const"] == "discard")
    card = discard["properties"]["card"]
    assert card["type"] == "string"
    candidates = {*CARD_NAMES, "7s", "1S", "11H", "TH", "7♠", "JK ", " 7S", "", "JKK", "0S"}
    candidates |= {rank + suit for rank in ("A", "T", "1", "9", "10", "J") for suit in "SHDCX"}
    assert {text for text in candidates if re.search(card["pattern"], text)} == set(CARD_NAMES)


# ---------------------------------------------------------------- real data validates


def _playout(game: Game, preset: str, seed: int, *, auto_chance: bool) -> list[tuple[Any, Any]]:
    """The states of a seeded random game of at most 250 moves, each with the move played
    in it (``None`` after the last)."""
    chooser = random.Random(seed)
    rules = game.ruleset_type.preset(preset)
    players = min(max(game.default_players, rules.min_players), rules.max_players)
    state = game.new_game(rules, players, seed, auto_chance=auto_chance)
    played = []
    for _ in range(250):
        if state.is_over:
            break
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        played.append((state, move))
        state = state.apply(move)
    return [*played, (state, None)]


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_playout_states_moves_and_records_validate(game: Game, preset: str) -> None:
    for seed, auto_chance in ((1, True), (2, False)):
        played = _playout(game, preset, seed, auto_chance=auto_chance)
        for state, move in played:
            _valid(json.loads(json.dumps(state.to_dict())), "state", game)
            if move is not None:
                legal = list(state.legal_moves())
                for other in legal[:: max(1, len(legal) // 12)]:
                    _valid(game.move_to_dict(other), "move", game)
                _valid(game.move_to_dict(move), "move", game)
        first = played[0][0]
        record = GameRecord(
            first.rules,
            first.player_count,
            seed,
            tuple(str(move) for _, move in played[:-1]),
            auto_chance,
            game.name,
            game.version,
            tuple(f"bot {seat}" for seat in range(first.player_count)),
        )
        _valid(json.loads(json.dumps(record.to_dict())), "record", game)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_finished_games_validate(game: Game) -> None:
    """A whole game between greedy bots: every state, with the hands' results, and the
    end validate."""
    state = game.new_game(None, game.default_players, 3)
    bots = [game_bots_of(game).bots["greedy"]() for _ in range(state.player_count)]
    results = 0

    def check(before: Any, _move: Any) -> None:
        nonlocal results
        data = before.to_dict()
        _valid(data, "state", game)
        results += data["last_hand"] is not None

    final = play_game(state, bots, 3, max_actions=5000, on_move=check)
    assert final.is_over
    assert results
    _valid(final.to_dict(), "state", game)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_preset_rulesets_validate(game: Game) -> None:
    for rules in game.ruleset_type.presets().values():
        _valid(json.loads(json.dumps(rules.to_dict())), "ruleset", game)
    _valid({"format": game.ruleset_type.FORMAT, "version": 1, "options": {}}, "ruleset", game)


def _candidate(option: dict[str, Any], chooser: random.Random) -> Any:
    """A value for an option: mostly one its schema allows (its bounds often), sometimes
    one just outside or of another kind."""
    if chooser.random() < 0.15:
        return chooser.choice([None, "other", 44, -1, True, [3], MAX_OPTION_INT + 1])
    if "enum" in option:
        return chooser.choice(option["enum"])
    kinds = option["type"] if isinstance(option["type"], list) else [option["type"]]
    if "null" in kinds and chooser.random() < 0.2:
        return None
    if "boolean" in kinds:
        return chooser.choice([True, False])
    if "array" in kinds:
        return [_candidate(option["items"], chooser) for _ in range(chooser.randrange(1, 9))]
    low, high = option["minimum"], option["maximum"]
    inside = [low, high, chooser.randint(low, min(high, low + 20)), chooser.randint(low, high)]
    return chooser.choice([*inside, *inside, low - 1, high + 1])


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
@fuzz_settings(150)
@given(seed=st.integers(0, 2**32))
def test_every_ruleset_the_library_accepts_validates(game: Game, seed: int) -> None:
    """Random option values, many out of range: whenever the ruleset's validation takes
    them, the schema does too (its ranges are never narrower than the validation's)."""
    chooser = random.Random(seed)
    options = _schema("ruleset", game.name)["properties"]["options"]["properties"]
    changes = {
        name: _candidate(option, chooser)
        for name, option in options.items()
        if chooser.random() < 0.2
    }
    data = {"format": game.ruleset_type.FORMAT, "version": 1, "options": changes}
    try:
        rules = game.ruleset_type.from_dict(data)
    except Scala40Error:
        return
    _valid(data, "ruleset", game)
    _valid(rules.to_dict(), "ruleset", game)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_declared_ranges_are_enforced(game: Game) -> None:
    """Just outside an integer option's declared range, every preset refuses the value."""
    ruleset_type: type[RulesetBase] = game.ruleset_type
    checked = 0
    for name in ruleset_type.option_names():
        span = ruleset_type.option_range(name)
        if span is None:
            continue
        low, high = span
        default = getattr(ruleset_type.default(), name)
        outside = [low - 1, high + 1]
        values = [[value] for value in outside] if isinstance(default, tuple) else outside
        for rules in ruleset_type.presets().values():
            for value in values:
                with pytest.raises(InvalidRulesetError, match=name):
                    rules.replace(**{name: value})
                checked += 1
    assert checked


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_tournament_results_and_lines_validate(game: Game) -> None:
    result = run_tournament(2, ["greedy", "random"], players=game.default_players, seed=5,
                            game=game, workers=1, max_actions=200)  # fmt: skip
    data = json.loads(json.dumps(result.to_dict()))
    _valid(data, "tournament", game)
    assert TournamentResult.from_dict(data) == result
    schema = _schema("tournament", game.name)
    line_schema = {"$defs": schema["$defs"], "$ref": "#/$defs/game_line"}
    for entry in result.games:
        line = {**entry.to_dict(), "bots": [result.bots[bot] for bot in entry.seats]}
        assert not errors(json.loads(json.dumps(line)), line_schema)
        assert errors(entry.to_dict(), line_schema)  # the bots are part of a line


# ---------------------------------------------------------------- broken data fails

_WRONG_VALUES: list[Any] = [None, True, -1, 10**30, 1.5, "??", ["??"], {"x": 1}]


_LOADER_GAPS = {(name, "state", "with last_hand.hand_number = -1") for name in knock_game_names()}
"""Broken data the schema refuses and a loader still takes: the knock games' loader reads
any number as the last hand's number. The schema states what the games write (a hand
number is never negative)."""


def _samples(game: Game) -> dict[str, dict[str, Any]]:
    """One dictionary of each format, from the middle of a game."""
    played = _playout(game, game.ruleset_type.DEFAULT_PRESET, 7, auto_chance=True)
    state = played[len(played) // 2][0]
    move = state.legal_moves()[-1]
    record = GameRecord.start(None, state.player_count, 7, game=game)
    record = record.append(record.final_state(), record.final_state().legal_moves()[0])
    result = run_tournament(
        1, ["random"], players=game.default_players, game=game, seed=1, workers=1, max_actions=60
    )
    return {
        "state": state.to_dict(),
        "move": game.move_to_dict(move),
        "ruleset": state.rules.to_dict(),
        "record": record.to_dict(),
        "tournament": result.to_dict(),
        "view": state.view(state.current_player or 0).to_dict(),
    }


def _load(kind: str, game: Game, data: Any) -> None:
    if kind == "state":
        game.state_from_dict(data)
    elif kind == "move":
        game.move_from_dict(data)
    elif kind == "ruleset":
        game.ruleset_type.from_dict(data)
    elif kind == "record":
        GameRecord.from_dict(data)
    elif kind == "view":
        view_from_dict(data, game.name)
    else:
        TournamentResult.from_dict(data)


def _refused_by_loader(kind: str, game: Game, data: Any) -> bool:
    try:
        _load(kind, game, data)
    except Scala40Error:
        return True
    return False


def _changes(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Broken copies of ``data``: a field missing, one too many, a field of the wrong kind
    (at the top and one level down)."""
    for name in data:
        broken = copy.deepcopy(data)
        del broken[name]
        yield f"without {name}", broken
    yield "with an unknown field", {**copy.deepcopy(data), "extra": 1}
    yield "of another format", {**copy.deepcopy(data), "format": "scala40.other"}
    yield "of another version", {**copy.deepcopy(data), "version": 99}
    for name, value in data.items():
        targets: list[tuple[str, str | None]] = [(name, None)]
        if isinstance(value, dict):
            targets += [(name, key) for key in value]
        for outer, inner in targets:
            for wrong in _WRONG_VALUES:
                broken = copy.deepcopy(data)
                if inner is None:
                    broken[outer] = wrong
                    where = outer
                else:
                    broken[outer][inner] = wrong
                    where = f"{outer}.{inner}"
                yield f"with {where} = {wrong!r:.20}", broken


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_broken_data_fails_and_the_loader_agrees(game: Game, kind: str) -> None:
    sample = _samples_of(game)[kind]
    _valid(sample, kind, game)
    _load(kind, game, copy.deepcopy(sample))
    refused = 0
    taken = []
    for what, broken in _changes(sample):
        if not _invalid(broken, kind, game):
            continue
        refused += 1
        if not _refused_by_loader(kind, game, broken):
            taken.append(what)
    taken = [what for what in taken if (game.name, kind, what) not in _LOADER_GAPS]
    assert not taken, f"the {kind} schema refuses, but the loader takes, a {kind}: {taken}"
    assert refused >= len(sample) * 4


@functools.cache
def _samples_of(game: Game) -> dict[str, dict[str, Any]]:
    return _samples(game)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_every_field_is_checked(game: Game) -> None:
    """Each field of each format refuses at least one wrong value: nothing is described
    as 'anything'."""
    for kind, sample in _samples_of(game).items():
        for name in sample:
            broken = [
                {**copy.deepcopy(sample), name: wrong}
                for wrong in _WRONG_VALUES
                if _invalid({**copy.deepcopy(sample), name: wrong}, kind, game)
            ]
            assert broken, f"{kind}: field {name!r} takes any value"


def test_missing_moves_and_names_in_records() -> None:
    game = load_game("rumino")
    record = GameRecord.start(None, 2, 1, game=game, names=("human", "greedy")).to_dict()
    _valid(record, "record", game)
    assert _invalid({**record, "names": []}, "record", game)
    assert _invalid({**record, "names": [""]}, "record", game)
    assert _invalid({**record, "moves": ["jump 7S"]}, "record", game)
    assert _invalid({**record, "game": "chinchon"}, "record", game)


def _page_keywords() -> set[str]:
    """The keywords the schemas page lists ("The schemas use a small set of keywords"):
    the rules' schemas' and the referee's (scala40-server's, which refer to the rules')."""
    page = (SCHEMA_DIR.parents[2] / "docs" / "schemas.rst").read_text(encoding="utf-8")
    start = page.index("The schemas use a small set of keywords")
    paragraph = page[start : page.index("\n\n", start)]
    return set(re.findall(r"``(\$?[a-zA-Z]+)``", paragraph))


def test_the_schemas_page_names_every_keyword_the_schemas_use() -> None:
    # The page's list covers the rules' schemas; that it names no keyword that neither
    # they nor the referee's use is held with the referee's (server/tests).
    used: set[str] = set()
    for game in BUILTIN_GAMES:
        for kind in KINDS:
            used |= keywords_used(json_schema(kind, game))
    for name in PROTOCOLS:
        used |= keywords_used(protocol_schema(name))
    annotations = {"$schema", "$id", "title", "description", "default"}
    named = _page_keywords()
    assert used - annotations <= named | {"$defs"}, used - annotations - named

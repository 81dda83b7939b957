"""The schemas of the referee's protocol (``serve.request.json``, ``serve.answer.json``,
:mod:`scala40_server.protocol`) and of the rules' command line's verdicts
(``check.verdict.json``, ``hand.verdict.json``), checked with a real JSON Schema
validator (``jsonschema``, draft 2020-12) that resolves their references to the games'
schemas by ``$id``.

* Real requests and answers of every operation of ``scala40 serve``, in every game
  (success and error answers alike), validate; so do the verdicts of ``check --jsonl``
  and ``hand --jsonl``.
* Mutated ones are refused: a field left out, a field added, a value of the wrong kind
  at the top or deep in a payload (a state's turn, a view's hand, a move's type), an
  answer passed off as another operation's (a ``legal`` answer without its moves).
* The protocol declares exactly the referee's operations; the files the server ships
  are what the code makes; and :func:`~scala40_server.protocol.write_schemas` writes
  every schema, the rules' and the referee's, under its ``$id``, so that a validator
  given the directory resolves every reference.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")

from scala40.cli import main  # noqa: E402
from scala40.errors import InvalidArgumentError  # noqa: E402
from scala40.game import game_names, load_game  # noqa: E402
from scala40.schemas import (  # noqa: E402
    BUILTIN_GAMES,
    KINDS,
    PROTOCOLS,
    json_schema,
    protocol_schema,
)
from scala40_server import protocol  # noqa: E402
from scala40_server.commands.serve import Referee  # noqa: E402
from scala40_server.protocol import OPERATIONS, SCHEMAS, shipped_schema  # noqa: E402
from scala40_server.serving.fair_deal import value_commitment_of  # noqa: E402

from .support.cases import one_game_by_default  # noqa: E402


def _registry() -> Any:
    documents = [json_schema(kind, game) for game in BUILTIN_GAMES for kind in KINDS]
    documents += [protocol_schema(name) for name in PROTOCOLS]
    documents += [protocol.protocol_schema(name) for name in SCHEMAS]
    resources = [
        (document["$id"], referencing.Resource.from_contents(document)) for document in documents
    ]
    return referencing.Registry().with_resources(resources)


REGISTRY = _registry()


def _validator(name: str, fragment: str = "") -> Any:
    schema = {"$ref": f"{name}.json{fragment}"}
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


REQUEST = _validator("serve.request")
ANSWER = _validator("serve.answer")


def _valid(validator: Any, value: object) -> bool:
    return bool(validator.is_valid(json.loads(json.dumps(value))))


# ---------------------------------------------------------------- real traffic


def _traffic(game_name: str, seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The requests a client sends to play a game of ``game_name`` a while, with every
    operation, and the referee's answers (successes and errors)."""
    referee = Referee()
    chooser = random.Random(seed)

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        answer = referee.answer(request)
        # What travels on the wire.
        sent: dict[str, Any] = json.loads(json.dumps(answer))
        pairs.append((request, sent))
        return sent

    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    ask({"op": "games", "id": seed})
    game = load_game(game_name)
    rules = game.ruleset_type.default()
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    created = ask({"op": "new", "game": game_name, "players": players, "seed": seed, "id": "n"})
    handle = created["handle"]
    ask({"op": "deal", "handle": handle})
    ask({"op": "new", "game": game_name, "rules": rules.to_dict(), "shuffle": False})
    # A deal the client's seats shuffle with the referee: commitments, then values; and
    # one a seat voids by withholding its value.
    for withheld in (False, True):
        waiting = ask(
            {"op": "new", "game": game_name, "rules": rules.to_dict(), "players": players}
        )
        ask({"op": "deal", "handle": waiting["handle"]})
        values = [f"{seat:02x}" * 16 for seat in range(players)]
        table = waiting["deal"]["commitment"]
        commitments = [value_commitment_of(table, seat, values[seat]) for seat in range(players)]
        ask({"op": "commit", "handle": waiting["handle"], "commitments": commitments})
        ask({"op": "legal", "handle": waiting["handle"]})  # refused: not dealt yet
        sent = [None, *values[1:]] if withheld else values
        ask({"op": "reveal", "handle": waiting["handle"], "values": sent})
        ask({"op": "deal", "handle": waiting["handle"]})
    for step in range(12):
        legal = ask({"op": "legal", "handle": handle})
        if legal["summary"]["is_over"]:
            break
        moves = legal["moves"]
        chosen = moves[chooser.randrange(len(moves))]
        move = chosen["move"] if step % 2 else chosen["text"]
        ask({"op": "apply", "handle": handle, "move": move, "id": step})
        seat = legal["summary"]["current_player"] or 0
        if step in (0, 9):
            view = ask({"op": "view", "handle": handle, "seat": seat})["view"]
            ask({"op": "picture", "handle": handle, "seat": seat, "size": 400})
            ask({"op": "picture", "view": view, "last_move": chosen["text"], "perspective": 0})
            ask({"op": "events", "handle": handle, "seat": seat, "since": max(step - 3, 0)})
    summary = ask({"op": "legal", "handle": handle})["summary"]
    seat = summary["current_player"] or 0
    if summary["current_player"] is not None:
        ask({"op": "bot", "handle": handle, "bot": "greedy", "seed": 1})
        ask({"op": "hint", "handle": handle, "bot": "random", "time_limit": 0.5})
    # A game whose other seats the referee's bots play.
    bots: list[str | None] = [None] + ["greedy"] * (players - 1)
    with_bots = ask(
        {"op": "new", "game": game_name, "players": players, "bots": bots, "shuffle": False}
    )
    for _ in range(3):
        moves = ask({"op": "legal", "handle": with_bots["handle"]})["moves"]
        if not moves:
            break
        ask({"op": "apply", "handle": with_bots["handle"], "move": moves[0]["text"]})
    ask({"op": "advance", "handle": with_bots["handle"]})
    sampled = ask({"op": "sample", "handle": handle, "seat": seat, "seed": 3})
    saved = ask({"op": "save", "handle": handle})
    ask({"op": "load", "state": saved["state"]})
    ask({"op": "load", "position": saved["position"], "game": game_name})
    ask({"op": "close", "handle": sampled["handle"]})
    ask({"op": "check", "game": game_name, "melds": ["JK 9C 8C", "5D 5H 5S", "7S 8S"]})
    ask({"op": "check", "game": game_name, "melds": ["AS 2S 3S"], "rules": rules.preset_name()})
    if game.hand_value is not None:
        ask({"op": "hand", "game": game_name, "cards": "AS KH 7D"})
    # Errors: an illegal move, a stale one, an unknown handle, an unknown operation, a
    # request that is no object, a bad position.
    ask({"op": "apply", "handle": handle, "move": "resign 99"})
    ask({"op": "apply", "handle": handle, "move": "draw", "expected_move_number": 10**6})
    ask({"op": "legal", "handle": "g999"})
    ask({"op": "fly"})
    ask({"op": "load", "position": "scala40 nonsense"})
    ask({"op": "check", "melds": []})
    yield from pairs


GAMES = list(game_names())
_TRAFFIC = {name: list(_traffic(name, 7)) for name in GAMES}


@pytest.mark.parametrize("name", one_game_by_default("laconga"))
def test_real_requests_and_answers_validate(name: str) -> None:
    operations = set()
    for request, answer in _TRAFFIC[name]:
        assert _valid(REQUEST, request) or not answer["ok"], request
        errors = list(ANSWER.iter_errors(answer))
        assert not errors, (request, answer, errors[:1])
        branch = answer["op"] if answer["ok"] else "error"
        assert _valid(_validator("serve.answer", f"#/$defs/{branch}"), answer)
        if answer["ok"]:
            operations.add(answer["op"])
            assert _valid(_validator("serve.request", f"#/$defs/{answer['op']}"), request)
    expected = {operation.name for operation in OPERATIONS}
    if load_game(name).hand_value is None:
        expected.discard("hand")
    assert operations == expected


def test_every_operation_is_declared_once() -> None:
    assert Referee().operations == tuple(operation.name for operation in OPERATIONS)
    request = protocol.protocol_schema("serve.request")
    answer = protocol.protocol_schema("serve.answer")
    assert list(request["$defs"]) == [operation.name for operation in OPERATIONS]
    assert list(answer["$defs"]) == [*(operation.name for operation in OPERATIONS), "error"]


# ---------------------------------------------------------------- mutations


def _wrong_kind(value: object) -> object:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return f"{value} and more"  # not decimal text either (a seed may be written so)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"items": value}
    if isinstance(value, dict):
        return [value]
    return 3.5


_OPTIONAL = frozenset({"id", "readings"})
"""Fields an answer or a verdict may leave out."""


def _mutations(answer: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for key in answer:
        if key == "id":
            continue  # any JSON value
        if key not in _OPTIONAL:
            yield f"without {key}", {k: v for k, v in answer.items() if k != key}
        changed = copy.deepcopy(answer)
        changed[key] = _wrong_kind(answer[key])
        yield f"{key} of the wrong kind", changed
    yield "a field added", {**answer, "bogus": 1}
    if answer.get("ok"):
        for other in OPERATIONS:
            if other.name == answer["op"]:
                continue
            # Answers of the same shape (new, load and sample: a handle and a summary)
            # are told apart by their op alone: only a passed-off answer whose fields
            # are not the other operation's is wrong.
            schema = other.answer_schema(BUILTIN_GAMES)
            fields = set(answer) - {"id", "ok", "op"}
            required = set(schema["required"]) - {"id", "ok", "op"}
            if not required <= fields <= set(schema["properties"]):
                yield f"passed off as {other.name}", {**answer, "op": other.name}


_DEEP: dict[str, Callable[[Any], object]] = {
    "state": lambda data: data.__setitem__("turn", "P1"),
    "view": lambda data: data.__setitem__("hand", [7]),
    "summary": lambda data: data.__setitem__("players", -1),
    "moves": lambda data: data[0]["move"].__setitem__("type", "fly") if data else None,
    "melds": lambda data: data[0].__setitem__("valid", "yes"),
    "events": lambda data: data.append({"number": 1}),
    "games": lambda data: data[0].pop("presets"),
}


def _one_of_each(name: str) -> list[dict[str, Any]]:
    """The first answer of each operation (and the first error) of a game's traffic."""
    found: dict[object, dict[str, Any]] = {}
    for _, answer in _TRAFFIC[name]:
        found.setdefault(answer["op"] if answer["ok"] else None, answer)
    return list(found.values())


@pytest.mark.parametrize("name", GAMES)
def test_mutated_answers_are_refused(name: str) -> None:
    refused = 0
    for answer in _one_of_each(name):
        for what, mutated in _mutations(answer):
            assert not _valid(ANSWER, mutated), f"{answer.get('op')}: {what} was accepted"
            refused += 1
        for key, mutate in _DEEP.items():
            if answer.get("ok") and key in answer and answer[key]:
                mutated = copy.deepcopy(answer)
                mutate(mutated[key])
                assert not _valid(ANSWER, mutated), f"{answer['op']}: {key} mutated deep inside"
                refused += 1
    assert refused > 100


def test_a_legal_answer_without_its_moves_is_refused() -> None:
    answer = next(
        answer for _, answer in _TRAFFIC["scala40"] if answer.get("op") == "legal" and answer["ok"]
    )
    assert _valid(ANSWER, answer)
    errors = list(
        ANSWER.iter_errors({key: value for key, value in answer.items() if key != "moves"})
    )
    assert errors
    assert {key: value for key, value in answer.items() if key != "moves"} != answer


@pytest.mark.parametrize(
    ("request_body", "path", "words"),
    [
        ({"op": "view", "handle": "g1", "seat": -1}, ["seat"], "minimum"),
        ({"op": "new", "seeed": 1}, [], "'seeed' was unexpected"),
        ({"op": "apply", "handle": "g1"}, [], "'move' is a required property"),
        ({"op": "bot", "handle": "g1", "time_limit": 9}, ["time_limit"], "maximum"),
        ({"op": "fly"}, ["op"], "is not one of"),
        ({"id": 1}, [], "'op' is a required property"),
    ],
)
def test_a_validator_names_the_problem_of_the_requests_own_operation(
    request_body: dict[str, Any], path: list[str], words: str
) -> None:
    """The request schema picks its branch by ``op`` (``if``/``then``), so a validator's
    best error is the named operation's problem, not "valid under none of the schemas"."""
    error = jsonschema.exceptions.best_match(REQUEST.iter_errors(request_body))
    assert error is not None
    assert list(error.absolute_path) == path
    assert words in error.message, error.message


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ({"id": 1, "ok": True, "op": "legal", "summary": {}}, "'moves' is a required property"),
        ({"id": 1, "ok": False, "op": "new"}, "'error' is a required property"),
    ],
)
def test_a_validator_names_the_problem_of_the_answers_own_operation(
    answer: dict[str, Any], words: str
) -> None:
    error = jsonschema.exceptions.best_match(ANSWER.iter_errors(answer))
    assert error is not None
    assert words in error.message, error.message


@pytest.mark.parametrize("name", GAMES)
def test_mutated_requests_are_refused(name: str) -> None:
    for request, answer in _TRAFFIC[name]:
        if not answer["ok"]:
            continue
        op = request["op"]
        declared = next(operation for operation in OPERATIONS if operation.name == op)
        required = set(declared.request_schema(BUILTIN_GAMES)["required"])
        for key in request:
            if key in ("id",):
                continue
            if key in required:
                without = {k: v for k, v in request.items() if k != key}
                assert not _valid(REQUEST, without), f"{op}: without {key}"
            changed = {**request, key: _wrong_kind(request[key])}
            assert not _valid(REQUEST, changed), f"{op}: {key} of the wrong kind"


# ---------------------------------------------------------------- batch verdicts


def _verdicts(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    lines: list[str],
) -> list[Any]:
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(lines).encode() + b"\n\xff\n"))
    )
    main([command, "--jsonl"])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_batch_verdicts_validate_and_mutated_ones_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "JK 9C 8C",
        "7S 7S 7S",
        "JK 7S 7H",
        "7X",
        json.dumps({"id": [1], "game": "chinchon", "cards": "AS 2S 3S"}),
        json.dumps({"game": "bridge", "cards": "7S"}),
        "",
    ]
    for command in ("check", "hand"):
        validator = _validator(f"{command}.verdict")
        verdicts = _verdicts(monkeypatch, capsys, command, lines)
        assert len(verdicts) == len(lines) + 1
        for verdict in verdicts:
            assert not list(validator.iter_errors(verdict)), verdict
            for what, mutated in _mutations(verdict):
                if what.startswith("without") and what.removeprefix("without ") in (
                    "game",
                    "rules",
                ):
                    continue  # a line that could not be read names neither
                assert not _valid(validator, mutated), f"{command}: {what}"


# ---------------------------------------------------------------- the files

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "src" / "scala40_server" / "schemas"
"""Where the server's schemas ship: its package's ``schemas`` directory."""


@pytest.mark.parametrize("name", SCHEMAS)
def test_shipped_protocol_schemas_are_what_the_code_makes(name: str) -> None:
    shipped = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert shipped == protocol.protocol_schema(name), (
        f"{name}.json is stale: run 'python -m tests.regenerate'"
    )
    assert shipped["$id"] == f"{name}.json"
    assert shipped_schema(name) == shipped


def test_the_package_ships_the_protocols_schemas_alone() -> None:
    # The games' schemas and the rules' verdicts ship with the rules (scala40.schemas):
    # the server ships only its own, which refer to them by name: the referee's protocol,
    # and the receipt a person saves from the web table's page.
    shipped = {path.name for path in SCHEMA_DIR.glob("*.json")}
    assert shipped == {f"{name}.json" for name in SCHEMAS} | {"receipt.json"}


@pytest.mark.parametrize("name", ["check.verdict", "serve", 7])
def test_an_unknown_schema_is_refused_with_the_rules_error(name: object) -> None:
    for make in (protocol.protocol_schema, shipped_schema):
        with pytest.raises(InvalidArgumentError, match="expected a protocol among serve"):
            make(name)  # type: ignore[arg-type]


def test_write_schemas_writes_every_schema_under_its_id(tmp_path: Path) -> None:
    target = tmp_path / "new" / "dir"
    written = protocol.write_schemas(target)
    names = sorted(path.name for path in written)
    assert names == sorted(path.name for path in target.iterdir())
    assert len(names) == len(BUILTIN_GAMES) * len(KINDS) + len(PROTOCOLS) + len(SCHEMAS)
    for path in target.iterdir():
        assert json.loads(path.read_text(encoding="utf-8"))["$id"] == path.name
    for name in SCHEMAS:  # byte for byte what ships
        shipped = (SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8")
        assert (target / f"{name}.json").read_text(encoding="utf-8") == shipped
    # A validator that knows only the directory resolves the references between files.
    stored = {
        path.name: referencing.Resource.from_contents(json.loads(path.read_text(encoding="utf-8")))
        for path in target.iterdir()
    }
    registry = referencing.Registry().with_resources(stored.items())
    answer = next(answer for _, answer in _TRAFFIC["skarney"] if answer.get("op") == "save")
    validator = jsonschema.Draft202012Validator(
        stored["serve.answer.json"].contents, registry=registry
    )
    assert validator.is_valid(answer)
    assert not validator.is_valid({**answer, "state": {**answer["state"], "turn": "x"}})


def test_serve_write_schemas_writes_them_and_prints_each_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "not" / "yet"
    assert main(["serve", "--write-schemas", str(target)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    printed = out.splitlines()
    assert sorted(Path(line).name for line in printed) == sorted(
        path.name for path in target.iterdir()
    )
    assert len(printed) == len(BUILTIN_GAMES) * len(KINDS) + len(PROTOCOLS) + len(SCHEMAS)
    for name in SCHEMAS:
        assert (target / f"{name}.json").read_bytes() == (SCHEMA_DIR / f"{name}.json").read_bytes()
    # A directory that exists is written into, its other files left alone.
    (target / "mine.txt").write_text("kept")
    assert main(["serve", "--write-schemas", str(target)]) == 0
    assert (target / "mine.txt").read_text() == "kept"


@pytest.mark.parametrize("command", [["schemas"], ["serve", "--write-schemas"]], ids=" ".join)
def test_a_directory_that_cannot_be_written_is_one_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``scala40 serve --write-schemas`` refuses what ``scala40 schemas`` refuses, in the
    same words: a file where the directory would be, or a directory below a file."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for directory in (blocker, blocker / "below"):
        assert main([*command, str(directory)]) == 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err.startswith(f"error: cannot write the schemas into {str(directory)!r}: ")
        assert err.count("\n") == 1
        assert "Traceback" not in err
    assert main([*command, str(blocker)]) == 1
    assert "not a directory" in capsys.readouterr().err.lower()
    assert blocker.read_text() == "x"


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
@pytest.mark.parametrize("planted", ["a-rules-schema", "a-servers-schema", "the-directory"])
def test_serve_write_schemas_never_writes_through_a_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: str
) -> None:
    """A link planted where a schema goes (the rules' or the server's own), or that the
    directory is, is refused in one line, and nothing is written through it: the file
    or directory it points to is left as it was."""
    victim = tmp_path / "victim.json"
    victim.write_text("precious\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = tmp_path / "schemas"
    if planted == "the-directory":
        target.symlink_to(elsewhere, target_is_directory=True)
    else:
        target.mkdir()
        name = "serve.answer.json" if planted == "a-servers-schema" else "chinchon.view.json"
        (target / name).symlink_to(victim)
    assert main(["serve", "--write-schemas", str(target)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "is a symbolic link" in err
    assert victim.read_text() == "precious\n"
    assert list(elsewhere.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
def test_serve_write_schemas_into_a_directory_swapped_for_a_link_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The directory swapped for a link to another as the first schema is made (the
    writer's step hooked): every schema goes into the directory it opened."""
    target = tmp_path / "schemas"
    target.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = tmp_path / "checked"
    real_open = os.open

    real_io_open = io.open

    def swap() -> None:
        if not target.is_symlink():
            target.rename(moved)
            target.symlink_to(elsewhere, target_is_directory=True)

    def in_it(path: Any, kwargs: dict[str, Any]) -> bool:
        # A file made in the directory: by a name relative to an open directory, or by a
        # path in it (not a module's bytecode written as the command is imported).
        return kwargs.get("dir_fd") is not None or str(path).startswith(str(target))

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and in_it(path, kwargs):
            swap()
        return real_open(path, flags, *args, **kwargs)

    def io_open_after_the_swap(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        # A writer that opens files by path with Python's open() is hooked at the same step.
        if "w" in mode and not isinstance(file, int) and in_it(file, {}):
            swap()
        return real_io_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_the_swap)
    monkeypatch.setattr(io, "open", io_open_after_the_swap)
    assert main(["serve", "--write-schemas", str(target)]) == 0
    monkeypatch.undo()
    capsys.readouterr()
    assert list(elsewhere.iterdir()) == []
    assert (moved / "serve.request.json").read_bytes() == (
        SCHEMA_DIR / "serve.request.json"
    ).read_bytes()


def test_serve_write_schemas_without_a_directory_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--write-schemas"]) == 2
    err = capsys.readouterr().err
    assert "--write-schemas" in err
    assert err.count("\n") == 1

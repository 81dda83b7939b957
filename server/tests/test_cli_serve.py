"""``scala40 serve``, driven as a subprocess in JSON lines, for every game: each request
and each answer valid under the shipped schemas, errors answered with the error's class
and message, never a traceback."""

from __future__ import annotations

import functools
import importlib
import json
import os
import random
import select
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from scala40.drawing import view_svg
from scala40.game import game_names, load_game
from scala40_server.commands.serve import MAX_NUMBER_DIGITS, MAX_REQUEST_BYTES
from scala40_server.commands.serve import Referee as ServeReferee

from .support.cases import one_game_by_default

SRC = Path(__file__).resolve().parents[2] / "src"
"""The rules' source: the processes these tests start import it, and the server's."""
SOURCES = os.pathsep.join([str(SRC), str(Path(__file__).resolve().parents[1] / "src")])
"""The ``PYTHONPATH`` of the processes these tests start: the project's two packages,
the rules' and the server's (``scala40 serve`` is found by the installed server's entry
point, and imported from here)."""

# The schemas are checked where jsonschema is installed (the docs extra); the referee is
# tested everywhere.
try:
    jsonschema: Any = importlib.import_module("jsonschema")
except ImportError:  # pragma: no cover - depends on the environment
    jsonschema = None


def _shipped() -> dict[str, dict[str, Any]]:
    """Every schema the two packages ship, by its ``$id`` (its file's name): the rules'
    (the games' formats, which the referee's payloads refer to) and the server's."""
    found = {}
    for folder in (
        resources.files("scala40.schemas"),
        resources.files("scala40_server").joinpath("schemas"),
    ):
        for entry in folder.iterdir():
            if entry.name.endswith(".json"):
                found[entry.name] = json.loads(entry.read_text("utf-8"))
    return found


SHIPPED = _shipped()
REQUEST = SHIPPED["serve.request.json"]
ANSWER = SHIPPED["serve.answer.json"]


@functools.cache
def _validator(name: str) -> Any:
    """The validator of the shipped schema ``name``, whose references to the games'
    schemas (by their ``$id``) resolve to the shipped files."""
    referencing = importlib.import_module("referencing")
    registry = referencing.Registry().with_resources(
        (key, referencing.Resource.from_contents(document)) for key, document in SHIPPED.items()
    )
    jsonschema.Draft202012Validator.check_schema(SHIPPED[name])
    return jsonschema.Draft202012Validator(SHIPPED[name], registry=registry)


def _validate(value: object, schema: dict[str, Any]) -> None:
    if jsonschema is not None:
        _validator(schema["$id"]).validate(value)


STRICT = {
    **os.environ,
    "PYTHONPATH": SOURCES,
    "LC_ALL": "C.UTF-8",
    "PYTHONIOENCODING": "utf-8:strict",
}
"""A strict UTF-8 locale: Python's own reading of standard input would fail on a bad byte."""


def serve(lines: list[str], *args: str) -> list[dict[str, Any]]:
    """The answers of ``scala40 serve`` to ``lines``, each checked against the schema."""
    return serve_bytes("".join(line + "\n" for line in lines).encode(), *args)


def serve_bytes(data: bytes, *args: str) -> list[dict[str, Any]]:
    """The answers of ``scala40 serve`` to ``data``, sent as bytes down a pipe from
    another process, each checked against the schema."""
    done = subprocess.run(
        [sys.executable, "-m", "scala40", "serve", *args],
        input=data,
        capture_output=True,
        env=STRICT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    for answer in answers:
        _validate(answer, ANSWER)
    return answers


def requests(*bodies: dict[str, Any]) -> list[str]:
    for body in bodies:
        _validate(body, REQUEST)
    return [json.dumps(body) for body in bodies]


@pytest.mark.parametrize("name", one_game_by_default("scala40"))
def test_a_game_refereed_in_json_lines(name: str) -> None:
    first = serve(
        requests(
            {"id": "a", "op": "new", "game": name, "seed": 5}, {"op": "legal", "handle": "g1"}
        )
    )
    assert [answer["ok"] for answer in first] == [True, True]
    assert first[0]["id"] == "a"
    summary, moves = first[1]["summary"], first[1]["moves"]
    assert summary["game"] == name
    assert not summary["is_chance"]
    seat = summary["current_player"]
    answers = serve(
        requests(
            {"op": "new", "game": name, "seed": 5},
            {"op": "apply", "handle": "g1", "move": moves[0]["move"]},
            {"op": "save", "handle": "g1"},
            {"op": "new", "game": name, "seed": 5},
            {"op": "apply", "handle": "g2", "move": moves[0]["text"]},
            {"op": "sample", "handle": "g2", "seat": seat, "seed": 1},
            {"op": "close", "handle": "g1"},
            {"op": "legal", "handle": "g1"},
            {"op": "apply", "handle": "g2", "move": "fly away"},
        )
    )
    assert [answer["ok"] for answer in answers] == [True] * 7 + [False, False]
    assert answers[1]["summary"] == answers[4]["summary"]
    assert answers[7]["error"]["type"] == "InvalidArgumentError"
    assert answers[8]["error"]["type"] == "InvalidMoveError"
    saved = answers[2]["state"]
    loaded = serve(requests({"op": "load", "state": saved}, {"op": "save", "handle": "g1"}))
    assert loaded[0]["summary"] == answers[1]["summary"]
    assert loaded[1]["state"] == saved


@pytest.mark.parametrize("name", one_game_by_default("skarney"))
def test_melds_and_hands_of_every_game(name: str) -> None:
    meld = "5H 6H 7H" if name == "skarney" else "AS 2S 3S"
    answers = serve(
        requests(
            {"op": "check", "game": name, "melds": [meld, "KS AS 9S"]},
            {"op": "hand", "game": name, "cards": "AS KH"},
        )
    )
    assert [meld["valid"] for meld in answers[0]["melds"]] == [True, False]
    assert isinstance(answers[1]["value"], int)


def test_the_game_of_serve_is_the_default_of_its_requests() -> None:
    answers = serve(requests({"op": "new"}, {"op": "games"}), "--game", "chinchón")
    assert json.loads(answers[0]["deal"]["terms"])["game"] == "chinchon"
    assert [game["name"] for game in answers[1]["games"]] == list(game_names())


def test_errors_are_answers() -> None:
    """Bad input of every kind gets an error answer naming the error's class, one per
    line, and the referee goes on."""
    lines = [
        "not json",
        "[1, 2]",
        json.dumps({"op": "dance"}),
        json.dumps({"id": 7}),
        json.dumps({"op": "new", "game": "poker"}),
        json.dumps({"op": "new", "game": "skarney", "players": 3}),
        json.dumps({"op": "new", "seed": -1}),
        json.dumps({"op": "new", "players": "two"}),
        json.dumps({"op": "hand", "cards": "ZZ"}),
        json.dumps({"op": "check", "melds": []}),
        json.dumps({"op": "view", "handle": "g9", "seat": 0}),
        json.dumps({"op": "check", "melds": ["AS " * 200]}),
        "[" * 100_000,
        "x" * (MAX_REQUEST_BYTES + 10),
        json.dumps({"id": 1, "op": "games"}),
    ]
    answers = serve(lines)
    assert len(answers) == len(lines)
    assert [answer["ok"] for answer in answers] == [False] * (len(lines) - 1) + [True]
    types = [answer["error"]["type"] for answer in answers[:-1]]
    assert types == [
        "InvalidValueError",
        "InvalidArgumentError",
        "InvalidArgumentError",
        "InvalidArgumentError",
        "UnknownGameError",
        "InvalidValueError",
        "InvalidValueError",
        "InvalidArgumentError",
        "InvalidCardError",
        "InvalidValueError",
        "InvalidArgumentError",
        "InvalidValueError",
        "InvalidValueError",
        "InvalidValueError",
    ]
    assert answers[3]["id"] == 7
    assert "SK-PLAYERS" in answers[5]["error"]["message"] or "4" in answers[5]["error"]["message"]


@pytest.mark.parametrize("name", one_game_by_default("rumino"))
def test_a_seats_view_and_stale_moves(name: str, referee: Referee) -> None:
    summary = referee.ask({"op": "new", "game": name, "seed": 2})["summary"]
    seat, number = summary["current_player"], summary["move_number"]
    move = referee.ask({"op": "legal", "handle": "g1"})["moves"][0]["text"]
    answers = [
        referee.ask(body)
        for body in (
            {"op": "view", "handle": "g1", "seat": seat},
            {"op": "view", "handle": "g1", "seat": 99},
            {"op": "apply", "handle": "g1", "move": move, "expected_move_number": number + 1},
            {"op": "apply", "handle": "g1", "move": move, "expected_move_number": number},
        )
    ]
    view = answers[0]["view"]
    assert (view["game"], view["seat"], view["move_number"]) == (name, seat, number)
    assert view["legal_moves"][0]["text"] == move
    assert answers[1]["error"]["type"] == "InvalidValueError"
    assert answers[2]["error"]["type"] == "StaleMoveError"
    assert answers[3]["ok"]
    assert answers[3]["summary"]["move_number"] > number


@pytest.mark.parametrize("name", one_game_by_default("chinchon"))
def test_the_events_since_a_move_are_the_library_feed(name: str, referee: Referee) -> None:
    """``events`` answers what ``scala40.events.events_since`` gives a seat: the mover
    sees the cards its move brought, the others see the move without them."""
    summary = referee.ask({"op": "new", "game": name, "seed": 5})["summary"]
    seat = summary["current_player"]
    other = (seat + 1) % summary["players"]
    move = referee.ask({"op": "legal", "handle": "g1"})["moves"][0]["text"]
    answers = [
        referee.ask(body)
        for body in (
            {"op": "view", "handle": "g1", "seat": seat},
            {"op": "apply", "handle": "g1", "move": move, "chance": False},
            {"op": "view", "handle": "g1", "seat": seat},
            {"op": "events", "handle": "g1", "seat": seat},
            {"op": "events", "handle": "g1", "seat": other, "since": 0},
            {"op": "events", "handle": "g1", "seat": seat, "since": 1},
            {"op": "events", "handle": "g1", "seat": 99},
        )
    ]
    assert [answer["ok"] for answer in answers] == [True] * 6 + [False]
    before, after = answers[0]["view"]["hand"], answers[2]["view"]["hand"]
    gained = sorted(card for card in set(after) if after.count(card) > before.count(card))
    mine, theirs = answers[3]["events"][0], answers[4]["events"][0]
    assert (mine["number"], mine["seat"], mine["move"]) == (1, seat, move)
    assert sorted(mine["cards"]) == gained
    assert (theirs["move"], theirs["cards"]) == (move, [])
    assert answers[3]["move_number"] == 1
    assert answers[5]["events"] == []
    assert answers[6]["error"]["type"] == "InvalidValueError"


class Referee:
    """``scala40 serve`` in a subprocess, spoken to one request at a time over its pipes,
    as a client program would: each request and answer checked against the schemas."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": SOURCES}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scala40", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def ask(self, body: dict[str, Any]) -> dict[str, Any]:
        _validate(body, REQUEST)
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps(body) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        _validate(answer, ANSWER)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0
        self.process.stdout.close()


@pytest.fixture
def referee() -> Any:
    process = Referee()
    yield process
    process.close()


@pytest.mark.parametrize("name", one_game_by_default("laconga"))
def test_a_whole_game_against_the_referees_bots(name: str, referee: Referee) -> None:
    """The client holds seat 0 and plays random legal moves; the referee's greedy bots
    play the others inside ``new`` and ``apply``, and their moves are in the answers and
    in the event feed."""
    chooser = random.Random(1)
    game = load_game(name)
    players = game.default_players
    bots: list[str | None] = [None, *["greedy"] * (players - 1)]
    rules = game.ruleset_type.default()
    if name == "skarney":  # two hands of the seven: a whole game, in a quarter of the time
        rules = rules.replace(hands=2)
    asked = {"op": "new", "game": name, "seed": 3, "bots": bots, "rules": rules.to_dict()}
    answer = referee.ask(asked)
    handle = answer["handle"]
    played = list(answer["bot_moves"])
    mine = 0
    while not answer["summary"]["is_over"]:
        if answer["summary"]["current_player"] != 0:  # the request's time ran out
            answer = referee.ask({"op": "advance", "handle": handle})
            played += answer["bot_moves"]
            continue
        moves = referee.ask({"op": "legal", "handle": handle})["moves"]
        answer = referee.ask(
            {"op": "apply", "handle": handle, "move": chooser.choice(moves)["move"]}
        )
        assert answer["ok"], answer
        played += answer["bot_moves"]
        mine += 1
    assert mine > 0
    assert played
    assert {move["seat"] for move in played} <= set(range(1, players))
    events = referee.ask({"op": "events", "handle": handle, "seat": 1})["events"]
    moved = [(event["seat"], event["move"]) for event in events if event["seat"] not in (0, None)]
    assert [(move["seat"], move["text"]) for move in played] == moved


def test_a_bots_move_and_a_hint(referee: Referee) -> None:
    handle = referee.ask({"op": "new", "game": "chinchon", "seed": 2})["handle"]
    legal = referee.ask({"op": "legal", "handle": handle})["moves"]
    asked = {"op": "bot", "handle": handle, "bot": "ismcts:iterations=60", "seed": 5}
    first, again = referee.ask(asked), referee.ask(asked)
    assert first == again  # seeded: stopped by its iterations before the clock
    assert {"text": first["text"], "move": first["move"]} in legal
    seat = referee.ask({"op": "legal", "handle": handle})["summary"]["current_player"]
    assert (first["seat"], first["bot"]) == (seat, "ismcts:iterations=60")
    greedy = referee.ask({"op": "bot", "handle": handle})
    assert greedy["bot"] == "greedy"
    hint = referee.ask({"op": "hint", "handle": handle, "time_limit": 0.1})
    assert hint["bot"].startswith("ismcts")
    assert "draw" in hint["advice"]
    # Asking changed nothing: the game is where it was.
    assert referee.ask({"op": "legal", "handle": handle})["moves"] == legal


BOT_REQUESTS_REFUSED = [
    ({"op": "bot", "handle": "g1", "bot": "clever"}, "InvalidBotSpecError"),
    ({"op": "bot", "handle": "g1", "time_limit": 5}, "InvalidValueError"),
    ({"op": "bot", "handle": "g1", "time_limit": 0}, "InvalidValueError"),
    ({"op": "bot", "handle": "g1", "bot": "ismcts:time_limit=1"}, "InvalidArgumentError"),
    ({"op": "hint", "handle": "g9"}, "InvalidArgumentError"),
    ({"op": "new", "bots": ["greedy", "greedy"]}, "InvalidValueError"),
    ({"op": "new", "bots": [None]}, "InvalidValueError"),
    ({"op": "new", "bots": [None, 3]}, "InvalidArgumentError"),
    ({"op": "new", "bots": [None, "greedy"], "bot_time_limit": -1}, "InvalidValueError"),
    ({"op": "advance", "handle": "g1"}, "InvalidArgumentError"),
]
"""Requests about bots that the referee refuses, each with its error's class."""


def test_bot_requests_are_checked() -> None:
    # g1 has no bot seat; g2's seat 0, first to move, is a bot's: the referee plays it
    # inside 'new', up to seat 1's decision. A refused request changes nothing, so one
    # referee answers them all in turn.
    answers = serve(
        [
            json.dumps({"op": "new", "game": "chinchon", "seed": 1}),
            json.dumps({"op": "new", "game": "chinchon", "seed": 1, "bots": ["greedy", None]}),
            *(json.dumps(body) for body, _ in BOT_REQUESTS_REFUSED),
        ]
    )
    assert answers[1]["bot_moves"]
    assert answers[1]["summary"]["current_player"] == 1
    refused = [(answer["ok"], answer["error"]["type"]) for answer in answers[2:]]
    assert refused == [(False, error) for _, error in BOT_REQUESTS_REFUSED]


def test_a_request_plays_a_bounded_number_of_bot_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound, the answer names a bot seat to move: 'apply' refuses to move for
    it, and 'advance' plays on."""
    monkeypatch.setattr("scala40_server.serving.bot_seats.MAX_BOT_MOVES", 1)
    referee = ServeReferee()
    new = {
        "op": "new",
        "game": "laconga",
        "players": 3,
        "seed": 4,
        "bots": ["greedy", "greedy", None],
    }
    answer = referee.answer(new)
    while not answer["bot_moves"]:  # the client's seat deals first: play its moves
        move = referee.answer({"op": "legal", "handle": "g1"})["moves"][0]["move"]
        answer = referee.answer({"op": "apply", "handle": "g1", "move": move})
    assert len(answer["bot_moves"]) == 1
    assert answer["summary"]["current_player"] in (0, 1)
    refused = referee.answer({"op": "apply", "handle": "g1", "move": "draw"})
    assert refused["error"]["type"] == "InvalidArgumentError"
    assert "advance" in refused["error"]["message"]
    while answer["summary"]["current_player"] != 2:
        answer = referee.answer({"op": "advance", "handle": "g1"})
        assert len(answer["bot_moves"]) == 1


# -- reading requests: every line answered, whatever its bytes ----------------------------


def test_a_bad_byte_costs_only_its_own_line() -> None:
    """A line of invalid UTF-8 among 22 good ones: 23 answers, the bad line's naming the
    problem and the line (it once cost every request read with it, 1 of 23 answered)."""
    good = [json.dumps({"id": number, "op": "games"}).encode() for number in range(22)]
    lines = [*good[:11], b'{"id": "bad", "op": "g\xffames"}', *good[11:]]
    answers = serve_bytes(b"".join(line + b"\n" for line in lines))
    assert len(answers) == 23
    assert [answer["ok"] for answer in answers] == [True] * 11 + [False] + [True] * 11
    assert [answer["id"] for answer in answers if answer["ok"]] == list(range(22))
    error = answers[11]["error"]
    assert error["type"] == "InvalidValueError"
    assert error["message"] == "line 12 is not UTF-8: invalid start byte at byte 23"


def test_every_line_is_answered_in_turn_over_a_pipe() -> None:
    """A client that sends a line and waits for its answer never hangs: a blank line, a
    line of spaces or of a carriage return, a bad byte and a line that is not JSON each
    get an error answer, naming the line, at once."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scala40", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=STRICT,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    sent = [b"", b"   ", b"\r", b"\xc3\x28", b"{", b'{"id": 9, "op": "games"}']
    try:
        answers = []
        for line in sent:
            process.stdin.write(line + b"\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, f"no answer to {line!r}"
            answers.append(json.loads(process.stdout.readline()))
    finally:
        process.stdin.close()
        process.wait(timeout=60)
        process.stdout.close()
        assert process.stderr is not None
        process.stderr.close()
    assert process.returncode == 0
    messages = [answer["error"]["message"] for answer in answers[:-1]]
    assert messages[:3] == [
        f"line {number} is blank: a request is a JSON object" for number in (1, 2, 3)
    ]
    assert messages[3] == "line 4 is not UTF-8: invalid continuation byte at byte 1"
    assert messages[4].startswith("line 5 is not JSON: ")
    assert all(answer["error"]["type"] == "InvalidValueError" for answer in answers[:-1])
    assert (answers[-1]["id"], answers[-1]["ok"]) == (9, True)


def test_requests_are_checked_field_by_field() -> None:
    """A field its operation does not take is refused by name; players the rules do not
    allow are a bad value (C-SEAT); a number of 5,000 digits is refused by the referee's
    own bound, not Python's; NaN is not JSON."""
    lines = [
        json.dumps({"id": 1, "op": "new", "seeed": 5}),
        json.dumps({"id": 2, "op": "new", "players": -1}),
        json.dumps({"id": 3, "op": "view", "handle": "g1", "seat": 0, "a": 1, "b": 2}),
        '{"id": 4, "op": "new", "seed": ' + "9" * 5000 + "}",
        '{"id": 5, "op": "new", "seed": ' + "9" * MAX_NUMBER_DIGITS + "}",
        '{"id": 6, "op": "new", "seed": NaN}',
        json.dumps({"id": 7, "op": "games", "x": None}),
    ]
    answers = serve_bytes("".join(line + "\n" for line in lines).encode())
    errors = [(answer["error"]["type"], answer["error"]["message"]) for answer in answers]
    assert errors[0] == (
        "InvalidArgumentError",
        "'new' takes no field 'seeed'; its fields: game, rules, players, seed, shuffle, "
        "bots, bot_time_limit, bot_seed (and id)",
    )
    assert errors[1] == ("InvalidValueError", "players must be from 2 to 6, got -1")
    assert errors[2] == (
        "InvalidArgumentError",
        "'view' takes no fields 'a', 'b'; its fields: handle, seat (and id)",
    )
    assert errors[3] == (
        "InvalidValueError",
        f"line 4: a number of 5000 digits: a request's numbers have at most {MAX_NUMBER_DIGITS}",
    )
    assert errors[4][0] == "InvalidValueError"
    assert errors[4][1].startswith("'seed' must be an integer from 0 to 2**53 - 1")
    assert errors[5] == ("InvalidValueError", "line 6: NaN is not a JSON value")
    assert errors[6][1] == "'games' takes no field 'x'; its fields: none (and id)"
    assert all("int_max_str_digits" not in message for _, message in errors)


def test_the_request_bound_is_counted_in_bytes() -> None:
    """MAX_REQUEST_BYTES is a number of bytes: a request of exactly that many is read, one
    byte more is refused, and so is a line of fewer characters but more bytes (two-byte
    letters); the line after each is read as usual."""
    exact = b'{"op": "games"' + b" " * (MAX_REQUEST_BYTES - 15) + b"}"
    assert len(exact) == MAX_REQUEST_BYTES
    over = exact[:-1] + b" }"
    wide = ('{"op": "games", "id": "' + "é" * (MAX_REQUEST_BYTES // 2) + '"}').encode()
    assert len(wide.decode()) < MAX_REQUEST_BYTES < len(wide)
    after = b'{"id": "after", "op": "games"}'
    answers = serve_bytes(b"\n".join([exact, after, over, after, wide, after]) + b"\n")
    assert [answer["ok"] for answer in answers] == [True, True, False, True, False, True]
    assert answers[2]["error"]["message"] == f"line 3 is longer than {MAX_REQUEST_BYTES} bytes"
    assert answers[4]["error"]["message"] == f"line 5 is longer than {MAX_REQUEST_BYTES} bytes"
    assert answers[5]["id"] == "after"


def test_the_fields_of_each_operation_are_the_schemas() -> None:
    """The fields the referee takes are the request schema's, which refuses any other."""
    referee = ServeReferee()
    assert [item["then"]["$ref"] for item in REQUEST["allOf"]] == [
        f"#/$defs/{op}" for op in referee.operations
    ]
    for op, branch in REQUEST["$defs"].items():
        assert branch["properties"]["op"]["const"] == op
        assert set(branch["properties"]) == {"op", "id", *referee.fields(op)}, op
        assert branch["additionalProperties"] is False


def test_pictures_of_a_held_game_and_of_a_view_json() -> None:
    answers = serve(
        [
            *requests(
                {"op": "new", "game": "chinchon", "seed": 3},
                {"op": "view", "handle": "g1", "seat": 1},
                {"op": "picture", "handle": "g1", "seat": 1, "size": 400, "perspective": 1},
                {"op": "picture", "handle": "g1", "seat": 9},
            ),
            # Not a view's JSON: the schema refuses it, and so does the referee.
            json.dumps({"op": "picture", "view": {"format": "scala40.view"}}),
            *requests({"op": "picture", "handle": "g1", "seat": 0, "last_move": "fly"}),
        ]
    )
    assert [answer["ok"] for answer in answers] == [True, True, True, False, False, False]
    view = answers[1]["view"]
    assert answers[2]["svg"] == view_svg(view, size=400, perspective=1)
    assert answers[3]["error"]["type"] == "InvalidValueError"
    assert answers[4]["error"]["type"] == "SerializationError"
    assert answers[5]["error"]["type"] == "InvalidMoveError"
    again = serve(requests({"op": "picture", "view": view}))
    assert again[0]["svg"] == view_svg(view)

"""The example game server (``examples/game_server.py``), driven by scripted clients over
HTTP: whole games of every game, views as JSON, the event feed, stale moves, wrong
tokens, timeouts and resignations."""

from __future__ import annotations

import http.client
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scala40.cards import format_cards
from scala40.game import game_names, load_game
from scala40.games.chinchon import Ruleset

PATH = Path(__file__).resolve().parent.parent / "examples" / "game_server.py"


def _load() -> ModuleType:
    module = sys.modules.get("game_server")
    if module is None:
        spec = importlib.util.spec_from_file_location("game_server", PATH)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["game_server"] = module
        spec.loader.exec_module(module)
    return module


server_module = _load()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    store = server_module.Store(str(tmp_path_factory.mktemp("server") / "tables.sqlite"))
    server = server_module.serve(store)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", store
    finally:
        server.shutdown()
        server.server_close()


def _stored_state(store: Any, table: int) -> Any:
    with store.connect() as db:
        game, text = db.execute("SELECT game, state FROM tables WHERE id = ?", (table,)).fetchone()
    return load_game(game).state_from_dict(json.loads(text))


def _create(base: str, game: str, players: int, bots: dict[str, str]) -> tuple[int, Any]:
    status, created = server_module.call(
        base, "POST", "/tables", {"game": game, "players": players, "seed": 3, "bots": bots}
    )
    assert status == 200, created
    return created["table"], created["tokens"]


@pytest.mark.parametrize("game", game_names())
def test_whole_games_of_every_game(served: tuple[str, Any], game: str) -> None:
    base, _ = served
    players = load_game(game).default_players
    view = server_module.play_table(base, game, players, seed=11, timeouts=True)
    assert view["is_over"]
    assert view["winners"]


def test_two_people_at_one_table(served: tuple[str, Any]) -> None:
    base, _ = served
    # A match to 30 points: two scripted people take a few hundred moves to end it.
    rules = Ruleset(target=30).to_dict()
    view = server_module.play_table(base, "chinchon", 2, seed=5, humans=2, rules=rules)
    assert view["is_over"]


def test_a_view_shows_the_seat_its_own_cards_and_the_events(served: tuple[str, Any]) -> None:
    base, store = served
    table, tokens = _create(base, "scala40", 2, {"1": "greedy"})
    status, answered = server_module.call(
        base, "GET", f"/tables/{table}?seat=0&token={tokens['0']}&since=0"
    )
    assert status == 200
    state = _stored_state(store, table)
    view = answered["view"]
    assert " ".join(view["hand"]) == format_cards(state.hands[0])
    assert format_cards(state.hands[1]) not in json.dumps(answered)
    assert view["move_number"] == state.move_number
    assert all(event["number"] <= state.move_number for event in answered["events"])


def test_stale_moves_wrong_tokens_and_bad_requests(served: tuple[str, Any]) -> None:
    base, store = served
    table, tokens = _create(base, "chinchon", 2, {"1": "greedy"})
    state = _stored_state(store, table)
    move = str(state.legal_moves()[0])
    body = {"seat": 0, "token": tokens["0"], "move": move, "move_number": state.move_number}
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/moves", {**body, "move_number": state.move_number - 1}
    )
    assert status == 409, answered
    assert str(state.move_number) in answered["message"]
    assert _stored_state(store, table) == state  # refused: nothing changed
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/moves", {**body, "token": "nope"}
    )
    assert status == 403
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/moves", {**body, "move": "fly"}
    )
    assert (status, answered["error"]) == (400, "InvalidMoveError")
    status, answered = server_module.call(base, "GET", "/tables/999?seat=0&token=x")
    assert status == 404
    status, answered = server_module.call(base, "POST", f"/tables/{table}/moves", body)
    assert status == 200, answered
    assert answered["view"]["move_number"] > state.move_number


def test_a_timeout_plays_the_default_move(served: tuple[str, Any]) -> None:
    base, store = served
    table, _ = _create(base, "laconga", 2, {"1": "greedy"})
    state = _stored_state(store, table)
    expected = state.default_move(0)
    status, answered = server_module.call(base, "POST", f"/tables/{table}/timeout", {"seat": 0})
    assert status == 200, answered
    assert str(expected) in json.dumps(answered["events"])


def test_a_resignation_in_a_two_player_game_ends_it(served: tuple[str, Any]) -> None:
    """C-RESIGN: with one side left the match ends at once, and the other player wins."""
    base, store = served
    table, tokens = _create(base, "scala40", 2, {"1": "greedy"})
    body = {"seat": 0, "token": tokens["0"]}
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/resign", {**body, "token": "x"}
    )
    assert status == 403
    status, answered = server_module.call(base, "POST", f"/tables/{table}/resign", body)
    assert status == 200, answered
    view = answered["view"]
    assert view["is_over"]
    assert view["winners"] == [1]
    assert view["public"]["resigned"] == [0]
    kinds = [(event["kind"], event["seat"]) for event in answered["events"]]
    assert ("resign", 0) in kinds
    assert ("game_over", None) in kinds
    state = _stored_state(store, table)
    assert state.is_over
    assert state.resigned == (0,)
    assert state.returns() == (0.0, 1.0)
    status, answered = server_module.call(base, "POST", f"/tables/{table}/resign", body)
    assert (status, answered["error"]) == (400, "IllegalMoveError")


def test_a_resignation_out_of_turn_abandons_the_hand_and_play_goes_on(
    served: tuple[str, Any],
) -> None:
    """C-RESIGN: at a table of three, a seat resigns while another decides; the hand in
    play is abandoned (nobody scores), and the game goes on without it, bots included."""
    base, store = served
    table, tokens = _create(base, "chinchon", 3, {"0": "greedy"})
    before = _stored_state(store, table)
    deciding = before.current_player
    assert deciding in (1, 2)  # the bot played up to a person's decision
    leaving = 3 - deciding
    body = {"seat": leaving, "token": tokens[str(leaving)], "since": before.move_number}
    status, answered = server_module.call(base, "POST", f"/tables/{table}/resign", body)
    assert status == 200, answered
    events = answered["events"]
    assert [(event["kind"], event["seat"]) for event in events[:2]] == [
        ("resign", leaving),
        ("hand_end", None),
    ]
    assert events[1]["result"]["points"] == [0, 0, 0]
    assert answered["view"]["public"]["resigned"] == [leaving]
    after = _stored_state(store, table)
    assert after.resigned == (leaving,)
    assert not after.is_over
    assert after.hand_number == before.hand_number + 1
    assert after.scores == before.scores
    assert not after.hands[leaving]
    assert after.current_player == deciding
    # The seat left plays on (its time runs out here), then the bot, and so on.
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/timeout", {"seat": deciding}
    )
    assert status == 200, answered
    assert _stored_state(store, table).current_player == deciding
    status, answered = server_module.call(base, "POST", f"/tables/{table}/resign", body)
    assert (status, answered["error"]) == (400, "IllegalMoveError")


def test_a_retried_move_after_the_turn_has_passed_is_stale(served: tuple[str, Any]) -> None:
    """A move sent twice is refused as stale (409) even when, by the time the second
    arrives, another seat decides: two people at a table, the first discards, the turn
    passes to the second, and the retried discard is stale, not "not deciding"."""
    base, store = served
    table, tokens = _create(base, "chinchon", 2, {})
    state = _stored_state(store, table)
    seat = state.current_player
    body = {"seat": seat, "token": tokens[str(seat)]}
    draw = {**body, "move": "draw", "move_number": state.move_number}
    status, answered = server_module.call(base, "POST", f"/tables/{table}/moves", draw)
    assert status == 200, answered
    drawn = _stored_state(store, table)
    discard = next(move for move in drawn.legal_moves() if str(move).startswith("discard"))
    sent = {**body, "move": str(discard), "move_number": drawn.move_number}
    status, answered = server_module.call(base, "POST", f"/tables/{table}/moves", sent)
    assert status == 200, answered
    after = _stored_state(store, table)
    assert after.current_player != seat  # the turn has passed
    for retried in (sent, draw):
        status, answered = server_module.call(base, "POST", f"/tables/{table}/moves", retried)
        assert (status, answered["error"]) == (409, "StaleMoveError"), answered
        assert f"the game is at move {after.move_number}" in answered["message"]
    assert _stored_state(store, table) == after
    # A current move number from the seat that does not decide is still refused as such.
    status, answered = server_module.call(
        base, "POST", f"/tables/{table}/moves", {**sent, "move_number": after.move_number}
    )
    assert (status, answered["message"]) == (400, f"seat {seat} is not deciding")


@pytest.mark.parametrize(
    "path", ["/tables", "/tables/1/moves", "/tables/1/timeout", "/tables/1/resign"]
)
def test_every_post_takes_a_json_object(served: tuple[str, Any], path: str) -> None:
    """Any JSON value where an object is expected (an array, a number, text, null, no
    body at all) is answered 400 with a message, never a dropped connection."""
    base, _ = served
    _create(base, "chinchon", 2, {"1": "greedy"})
    for body in ([], [{"game": "chinchon"}], 3, "x", True, None):
        status, answered = server_module.call(base, "POST", path, body)
        assert status == 400, (body, answered)
        assert answered == {
            "error": "InvalidArgument",
            "message": "the body must be a JSON object",
        }


def _raw(
    base: str, method: str, path: str, body: bytes, headers: dict[str, str]
) -> tuple[int, Any]:
    """One request over a socket, its body and headers as given."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.putrequest(method, path)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_hostile_fields_and_bodies_get_an_answer(served: tuple[str, Any]) -> None:
    """Fields of the wrong JSON type in a new table, numbers of thousands of digits, NaN,
    bad UTF-8, a negative or non-numeric Content-Length and a seat in other digits: each
    answered 400 (or 404) with a message, over the socket."""
    base, _ = served
    good = {"game": "chinchon", "players": 2, "seed": 1, "bots": {"1": "greedy"}}
    for changes in (
        {"bots": ["greedy"]},
        {"bots": {"one": "greedy"}},
        {"bots": {"1": 5}},
        {"bots": {"²": "greedy"}},
        {"rules": 5},
        {"rules": ["catsatcards"]},
        {"players": "2"},
        {"players": -1},
        {"game": ["chinchon"]},
    ):
        status, answered = server_module.call(base, "POST", "/tables", {**good, **changes})
        assert status == 400, (changes, answered)
        assert answered["message"], changes
    text = json.dumps(good)
    for body in (
        text.replace('"seed": 1', '"seed": ' + "9" * 5000),
        text.replace('"seed": 1', '"seed": NaN'),
        text[:-1],
    ):
        status, answered = _raw(
            base, "POST", "/tables", body.encode(), {"Content-Length": str(len(body))}
        )
        assert (status, answered["error"]) == (400, "BadRequest"), answered
        assert "int_max_str_digits" not in answered["message"]
    bad = b'{"game": "chin\xffchon"}'
    status, answered = _raw(base, "POST", "/tables", bad, {"Content-Length": str(len(bad))})
    assert status == 400, answered
    for length in ("-5", "x", "²"):
        status, answered = _raw(base, "POST", "/tables", b"{}", {"Content-Length": length})
        assert (status, answered["error"]) == (400, "BadRequest"), answered
    status, answered = server_module.call(base, "GET", "/tables/1?seat=%C2%B2&token=x")
    assert status == 400, answered
    status, answered = server_module.call(base, "GET", "/tables/%C2%B2")
    assert status == 404, answered

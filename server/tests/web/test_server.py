"""The web table's server (:mod:`scala40_server.web`) over real sockets: whole games of every
game, each seat sent only what it may see, stale moves (409), wrong tokens (403),
refused requests, CORS, the page's files and the card pictures, pictures of views and of
a view's JSON, undo where it shows nothing hidden, timeouts, resignations (C-RESIGN),
and the bots' time budget."""

from __future__ import annotations

import json
import pathlib
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.bots import bot_names, make_bot, quick_bot
from scala40.drawing import card_svg, view_svg
from scala40.drawing._svg import card_name
from scala40.game import game_names, load_game
from scala40_server.web import lobby
from scala40_server.web.server import MAX_BODY

from ..support.bots import patient_bots
from ..support.cases import one_game_by_default
from ..web.site import Site, serving, unmetered


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # No clock (0 seconds a decision, from the moment it comes): the scripted seats let
    # their time run out at will.
    database = str(tmp_path_factory.mktemp("web") / "tables.sqlite")
    limits = unmetered(decision_seconds=0, unseen_seconds=0, hand_break_seconds=0)
    with serving(database, limits=limits) as running:
        yield running


def _play_out(site: Site, table: int, tokens: dict[str, str], seed: int) -> dict[str, Any]:
    """Play seat 0 to the end of the game: the greedy bot's move (sent as its text or its
    dictionary), or its time let run out every third decision."""
    rng = random.Random(seed)
    greedy = make_bot("greedy", site.state(table).game_name)
    seen = 0
    for step in range(20_000):
        status, answered = site.call(
            "GET", f"/tables/{table}?seat=0&token={tokens['0']}&since={seen}"
        )
        assert status == 200, answered
        view = answered["view"]
        assert all(event["number"] > seen for event in answered["events"])
        seen = view["move_number"]
        if view["is_over"]:
            over: dict[str, Any] = view
            return over
        assert view["current_player"] == 0
        assert not answered["waiting"]
        asker = {"seat": 0, "token": tokens["0"], "since": seen}
        if step % 3 == 2:
            status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
        else:
            state = site.state(table)
            move = greedy.choose(state.view(0), list(state.legal_moves()), rng)
            sent = state.MOVES.to_dict(move) if step % 2 else str(move)
            body = {**asker, "move": sent, "move_number": view["move_number"]}
            status, answered = site.call("POST", f"/tables/{table}/moves", body)
        assert status == 200, answered
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", one_game_by_default("chinchon"))
def test_whole_games_of_every_game(site: Site, game: str) -> None:
    fields: dict[str, Any] = {"seed": 11, "players": 2}
    if game == "skarney":  # four seats, two hands of the seven: a whole game in less time
        rules = load_game(game).ruleset_type.default().replace(hands=2)
        fields = {"seed": 11, "players": 4, "rules": rules.to_dict()}
    table, tokens = site.create(game, None, **fields)
    view = _play_out(site, table, tokens, 11)
    assert view["winners"]
    assert site.state(table).is_over


def test_the_games_are_listed_with_presets_and_bots(site: Site) -> None:
    status, answered = site.call("GET", "/games")
    assert status == 200
    games = {game["name"]: game for game in answered["games"]}
    assert list(games) == list(game_names())
    assert "greedy" in games["chinchon"]["bots"]
    assert games["scala40"]["default_preset"] in [p["name"] for p in games["scala40"]["presets"]]


def test_the_lobby_seats_each_game_s_strongest_quick_bot_and_says_which_bot_is_which(
    site: Site,
) -> None:
    """Each game's lobby seats ``careful`` where the game has it, else ``greedy``, read
    from the registry of bots (no list of games), and gives every bot a line."""
    _, answered = site.call("GET", "/games")
    for game in answered["games"]:
        bots = bot_names(game["name"])
        assert game["default_bot"] == ("careful" if "careful" in bots else "greedy")
        assert game["default_bot"] == quick_bot(game["name"])
        assert list(game["bot_lines"]) == game["bots"] == list(bots)
        assert all(line and "\n" not in line for line in game["bot_lines"].values())
        if "careful" in bots:
            assert game["bot_lines"]["careful"].endswith("the strongest quick bot")
            assert "strongest" not in game["bot_lines"]["greedy"]


def test_bots_registered_show_in_the_lobby_at_once_and_leave_it_as_they_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The listing kept for a minute is made again as soon as a game's bots change: a bot
    registered shows at once, and is gone once it is taken back."""

    def bots_of_chinchon() -> list[str]:
        return next(game["bots"] for game in lobby.games_listing() if game["name"] == "chinchon")

    assert "patient" not in bots_of_chinchon()
    with monkeypatch.context() as patched, patient_bots(patched, "chinchon"):
        assert "patient" in bots_of_chinchon()
    assert "patient" not in bots_of_chinchon()


def test_a_bot_the_lobby_has_no_words_for_is_described_by_its_documentation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(lobby.BOT_LINES, "careful")
    line = lobby.bot_line(load_game("chinchon"), "careful")
    assert line.startswith("Greedy's moves, a stricter take")
    assert line.endswith("; the strongest quick bot")


def test_a_seat_is_sent_only_what_it_may_see(site: Site) -> None:
    table, tokens = site.create("scala40", [None, "greedy"], seed=3)
    status, answered = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
    assert status == 200
    state = site.state(table)
    assert answered["view"] == state.view(0).to_dict()
    assert answered["seats"] == [{"player": True}, {"bot": "greedy"}]
    assert tokens["0"] not in json.dumps(answered)
    status, _, picture = site.request("GET", f"/tables/{table}/picture?seat=0&token={tokens['0']}")
    assert status == 200
    text = picture.decode()
    visible = Counter(state.hands[0]) + Counter(state.discard[-1:])
    for card in set(state.hands[1]) - set(visible):
        assert f"<title>{card_name(card, False)}</title>" not in text
    assert text.count("<title>hidden card</title>") == len(state.hands[1]) + 1
    # The page shows the seat's hand as cards to pick: the picture counts it, once.
    assert f"Seat 0 (you) · 0 points · to move · {len(state.hands[0])} cards in hand" in text


def test_stale_moves_wrong_tokens_and_bad_requests(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=4)
    state = site.state(table)
    body = {"seat": 0, "token": tokens["0"], "move": "draw", "move_number": state.move_number}
    path = f"/tables/{table}/moves"
    status, answered = site.call("POST", path, {**body, "move_number": state.move_number - 1})
    assert (status, answered["error"]) == (409, "StaleMoveError")
    assert site.state(table) == state  # refused: nothing changed
    assert site.call("POST", path, {**body, "token": "nope"})[0] == 403
    # A token wrong in one character only, at its start, its middle or its end (compared
    # whole, never a prefix of it), or one character short or long.
    right = tokens["0"]
    for wrong in (
        ("A" if right[0] != "A" else "B") + right[1:],
        right[:8] + ("A" if right[8] != "A" else "B") + right[9:],
        right[:-1] + ("A" if right[-1] != "A" else "B"),
        right[:-1],
        right + "A",
        right[:2],
    ):
        assert site.call("POST", path, {**body, "token": wrong})[0] == 403, wrong
    assert site.call("POST", path, {**body, "seat": 1})[0] == 403  # a bot's seat
    assert site.call("POST", path, {**body, "seat": 7})[0] == 400
    # A seat is an integer, never a boolean (Python's True is 1, False 0): refused as no
    # seat, with the right seat's token too.
    for boolean in (False, True):
        status, answered = site.call("POST", path, {**body, "seat": boolean})
        assert (status, answered["error"]) == (400, "InvalidArgumentError"), (boolean, answered)
    assert site.state(table) == state  # nothing played
    status, answered = site.call("POST", path, {**body, "move": "fly"})
    assert (status, answered["error"]) == (400, "InvalidMoveError")
    assert site.call("GET", "/tables/999?seat=0&token=x")[0] == 404
    assert site.call("GET", "/nowhere")[0] == 404
    assert site.call("POST", f"/tables/{table}/fly", {})[0] == 404
    status, _, data = site.request("POST", path, raw=b"{not json")
    assert (status, json.loads(data)["error"]) == (400, "BadRequest")
    status, _, data = site.request("POST", path, raw=b" " * (MAX_BODY + 1))
    assert status == 413
    for raw in (b'{"seat": NaN}', b"[1, 2]", b"7", b'{"seat": 0, "since": 1' + b"0" * 5000 + b"}"):
        status, _, data = site.request("POST", path, raw=raw)
        assert status == 400, raw[:40]
        assert json.loads(data)["message"]
    status, answered = site.call("POST", path, body)
    assert status == 200, answered
    assert answered["view"]["move_number"] > state.move_number


@pytest.mark.parametrize(
    ("request_body", "error"),
    [
        ({"game": "go"}, "UnknownGameError"),
        ({"game": "chinchon", "players": 99}, "InvalidValueError"),
        ({"game": "chinchon", "bots": ["greedy", "greedy"]}, "InvalidValueError"),
        ({"game": "chinchon", "bots": [None]}, "InvalidValueError"),
        ({"game": "chinchon", "bots": [None, "wizard"]}, "InvalidBotSpecError"),
        ({"game": "chinchon", "bots": {"5": "greedy"}}, "InvalidValueError"),
        ({"game": "chinchon", "seed": -1}, "InvalidValueError"),
        ({"game": "chinchon", "rules": "nonsense"}, "UnknownPresetError"),
        ({"game": "chinchon", "bot_time_limit": 60}, "InvalidValueError"),
        ([1, 2], "InvalidArgumentError"),
    ],
)
def test_a_table_request_is_checked(site: Site, request_body: Any, error: str) -> None:
    status, answered = site.call("POST", "/tables", request_body)
    assert status == 400
    assert answered["error"] == error


def test_same_origin_by_default(site: Site) -> None:
    """The server allowed any origin (``Access-Control-Allow-Origin: *``): it is
    same-origin by default now, answers allow no other origin, and a request from another
    origin's page is refused (403), its preflight too."""
    status, headers, _ = site.request("GET", "/games")
    assert status == 200
    assert "Access-Control-Allow-Origin" not in headers
    host = site.base.removeprefix("http://")
    for origin, expected in [
        (site.base, 200),
        ("http://elsewhere.example", 403),
        (f"https://{host}.evil.example", 403),
        ("null", 403),
    ]:
        status, headers, _ = site.request("GET", "/games", origin=origin)
        assert status == expected, origin
        assert "Access-Control-Allow-Origin" not in headers
    status, _, _ = site.request("OPTIONS", "/tables", origin="http://elsewhere.example")
    assert status == 403


def test_the_page_its_files_and_the_card_pictures(site: Site) -> None:
    status, headers, page = site.request("GET", "/")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert b"/static/app.js" in page
    for name, kind in (("app.js", "text/javascript"), ("style.css", "text/css")):
        status, headers, _ = site.request("GET", f"/static/{name}")
        assert (status, headers["Content-Type"].split(";")[0]) == (200, kind)
    for wrong in ("/static/../pyproject.toml", "/static/tables.py", "/cards/german/7S.svg"):
        assert site.request("GET", wrong)[0] == 404
    assert site.request("GET", "/cards/french/1X.svg")[0] == 404
    status, headers, card = site.request("GET", "/cards/spanish/QD.svg")
    assert (status, headers["Content-Type"]) == (200, "image/svg+xml")
    assert card.decode() == card_svg("QD", pack="spanish")
    assert site.request("GET", "/cards/french/back.svg")[2].decode() == card_svg(
        "JK", face_down=True
    )


def test_pictures_of_a_view_json(site: Site) -> None:
    view = load_game("rumino").new_game(players=3, seed=5).view(1).to_dict()
    status, headers, picture = site.request("POST", "/picture", view)
    assert (status, headers["Content-Type"]) == (200, "image/svg+xml")
    assert picture.decode() == view_svg(view)
    status, _, picture = site.request("POST", "/picture", {"view": view, "size": 300})
    assert picture.decode() == view_svg(view, size=300)
    status, _, picture = site.request("POST", "/picture", {"view": view, "layout_width": 300})
    assert picture.decode() == view_svg(view, layout_width=300)
    status, _, data = site.request("POST", "/picture", {**view, "hand": ["7X"]})
    assert (status, json.loads(data)["error"]) == (400, "SerializationError")
    status, _, data = site.request("POST", "/picture", {"view": view, "size": -3})
    assert (status, json.loads(data)["error"]) == (400, "InvalidArgumentError")


def test_the_last_hand_picture(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=6)
    path = f"/tables/{table}/picture?seat=0&token={tokens['0']}&what=last_hand"
    assert site.request("GET", path)[0] == 404  # no hand has ended yet


def test_undo_goes_back_where_it_shows_nothing_hidden(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=8)
    asker = {"seat": 0, "token": tokens["0"]}
    start = site.state(table)
    assert start.current_player == 0
    status, answered = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
    assert not answered["can_undo"]  # nothing to take back yet
    undo = f"/tables/{table}/undo"
    status, answered = site.call("POST", undo, {**asker, "move_number": start.move_number})
    assert (status, answered["error"]) == (400, "UndoRefused")
    # Taking the discard pile's top card shows nothing hidden: undo is offered.
    move = {**asker, "move": "take", "move_number": start.move_number}
    status, answered = site.call("POST", f"/tables/{table}/moves", move)
    assert answered["can_undo"]
    taken = site.state(table)
    status, answered = site.call("POST", undo, {**asker, "move_number": start.move_number})
    assert (status, answered["error"]) == (409, "StaleMoveError")
    status, answered = site.call("POST", undo, {**asker, "move_number": taken.move_number})
    assert status == 200, answered
    assert answered["undone_to"] == start.move_number
    assert site.state(table) == start
    assert answered["view"] == start.view(0).to_dict()
    assert all(event["number"] <= start.move_number for event in answered["events"])
    # A card drawn from the stock was seen: no undo past it.
    move = {**asker, "move": "draw", "move_number": start.move_number}
    status, answered = site.call("POST", f"/tables/{table}/moves", move)
    assert not answered["can_undo"]
    drawn = site.state(table)
    status, answered = site.call("POST", undo, {**asker, "move_number": drawn.move_number})
    assert (status, answered["error"]) == (400, "UndoRefused")
    assert "stock" in answered["message"]


def test_undo_never_takes_back_a_move_another_seat_has_answered(site: Site) -> None:
    """Take the discard, discard, undo, discard another card...: each time the bot
    answered, and its answers showed cards of its hand and the top of the stock. Once
    another seat has moved, the seat's move stands; within its own turn it may be taken
    back (the take, before the discard)."""
    table, tokens = site.create("rumino", [None, "greedy"], seed=9, players=2)
    asker = {"seat": 0, "token": tokens["0"]}
    path = f"/tables/{table}/moves"
    start = site.state(table)
    status, answered = site.call(
        "POST", path, {**asker, "move": "take", "move_number": start.move_number}
    )
    assert status == 200, answered
    assert answered["can_undo"]  # the take alone: nothing hidden came to light
    taken = site.state(table)
    discard = next(move for move in taken.legal_moves() if str(move).startswith("discard"))
    body = {**asker, "move": str(discard), "move_number": taken.move_number}
    status, answered = site.call("POST", path, body)
    assert status == 200, answered
    after = site.state(table)
    assert any(event["seat"] == 1 for event in answered["events"])  # the bot answered
    assert not answered["can_undo"]
    status, answered = site.call(
        "POST", f"/tables/{table}/undo", {**asker, "move_number": after.move_number}
    )
    assert (status, answered["error"]) == (400, "UndoRefused")
    assert "seat 1 has moved since" in answered["message"]
    assert site.state(table) == after


def test_the_first_decision_of_a_table_can_be_taken_back_too(site: Site) -> None:
    """A seat that decides first, before any bot has moved, had no decision to go back
    to: the table's first state was never kept as one."""
    table, tokens = site.create("rumino", [None, "greedy"], seed=3, players=2)
    start = site.state(table)
    assert (start.current_player, start.move_number) == (0, 0)
    asker = {"seat": 0, "token": tokens["0"]}
    status, answered = site.call(
        "POST", f"/tables/{table}/moves", {**asker, "move": "take", "move_number": 0}
    )
    assert answered["can_undo"], answered
    status, answered = site.call("POST", f"/tables/{table}/undo", {**asker, "move_number": 1})
    assert status == 200, answered
    assert site.state(table) == start


def test_undo_only_where_every_other_seat_is_a_bot(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, None])
    state = site.state(table)
    seat = state.current_player
    asker = {"seat": seat, "token": tokens[str(seat)]}
    body = {**asker, "move": "take", "move_number": state.move_number}
    status, answered = site.call("POST", f"/tables/{table}/moves", body)
    assert not answered["can_undo"]
    status, answered = site.call(
        "POST", f"/tables/{table}/undo", {**asker, "move_number": state.move_number + 1}
    )
    assert (status, answered["error"]) == (400, "UndoRefused")


def test_a_timeout_plays_the_default_move(site: Site) -> None:
    table, tokens = site.create("laconga", [None, "greedy"], seed=3, players=2)
    state = site.state(table)
    expected = state.default_move(0)
    body = {"seat": 0, "token": tokens["0"], "since": state.move_number}
    assert site.call("POST", f"/tables/{table}/timeout", {"seat": 0, "token": "x"})[0] == 403
    status, answered = site.call("POST", f"/tables/{table}/timeout", body)
    assert status == 200, answered
    assert answered["events"][0]["move"] == str(expected)


def test_a_resignation_in_a_two_player_game_ends_it(site: Site) -> None:
    """C-RESIGN: with one side left the match ends at once, and the other player wins."""
    table, tokens = site.create("scala40", [None, "greedy"], seed=3)
    body = {"seat": 0, "token": tokens["0"]}
    assert site.call("POST", f"/tables/{table}/resign", {**body, "token": "x"})[0] == 403
    status, answered = site.call("POST", f"/tables/{table}/resign", body)
    assert status == 200, answered
    view = answered["view"]
    assert (view["is_over"], view["winners"], view["public"]["resigned"]) == (True, [1], [0])
    kinds = [(event["kind"], event["seat"]) for event in answered["events"]]
    assert ("resign", 0) in kinds
    assert ("game_over", None) in kinds
    assert site.state(table).returns() == (0.0, 1.0)
    status, answered = site.call("POST", f"/tables/{table}/resign", body)
    assert (status, answered["error"]) == (400, "IllegalMoveError")


def test_a_seat_resigns_only_itself(site: Site) -> None:
    """C-RESIGN lets any seat resign at any moment, but only itself: the move ``resign 1``
    sent by seat 0 at its own turn would have won it the match (another seat's client
    resigning a bot, or a person). Refused, and nothing changes; its own resignation
    sent as a move stands."""
    table, tokens = site.create("chinchon", [None, "greedy"], seed=4)
    before = site.state(table)
    assert before.current_player == 0
    asker = {"seat": 0, "token": tokens["0"], "move_number": before.move_number}
    for move in ("resign 1", {"type": "resign", "seat": 1}):
        status, answered = site.call("POST", f"/tables/{table}/moves", {**asker, "move": move})
        assert (status, answered["error"]) == (400, "InvalidArgumentError"), answered
        assert "seat 0 may resign only itself, not seat 1" in answered["message"]
    assert site.state(table) == before
    status, answered = site.call("POST", f"/tables/{table}/moves", {**asker, "move": "resign 0"})
    assert status == 200, answered
    assert answered["view"]["winners"] == [1]


def test_a_resignation_out_of_turn_abandons_the_hand_and_play_goes_on(site: Site) -> None:
    """C-RESIGN: at a table of three, a seat resigns while another decides; the hand in
    play is abandoned (nobody scores), and the game goes on without it, bots included.
    Two people sit, so the deal cannot be seeded: where the bot closes the next hand
    before anyone decides (the scores then move for a reason of their own), the test
    sits at a new table, at most eight times."""
    for _ in range(8):
        table, tokens = site.create("chinchon", ["greedy", None, None], players=3)
        while site.state(table).current_player == 0:  # the request's time ran out
            site.call("POST", f"/tables/{table}/advance", {"seat": 1, "token": tokens["1"]})
        before = site.state(table)
        deciding = before.current_player
        assert deciding in (1, 2)  # the bot played up to a person's decision
        leaving = 3 - deciding
        body = {"seat": leaving, "token": tokens[str(leaving)], "since": before.move_number}
        status, answered = site.call("POST", f"/tables/{table}/resign", body)
        assert status == 200, answered
        events = answered["events"]
        assert [(event["kind"], event["seat"]) for event in events[:2]] == [
            ("resign", leaving),
            ("hand_end", None),
        ]
        assert events[1]["result"]["points"] == [0, 0, 0]
        if all(event["kind"] != "hand_end" for event in events[2:]):
            break
    else:
        raise AssertionError("the bot closed the next hand at eight tables running")
    after = site.state(table)
    assert (after.resigned, after.is_over, after.scores) == ((leaving,), False, before.scores)
    assert after.current_player == deciding
    status, answered = site.call("POST", f"/tables/{table}/resign", body)
    assert (status, answered["error"]) == (400, "IllegalMoveError")


def test_the_bots_play_within_the_request_budget(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no time left in a request, the bots stop and the answer says ``waiting``;
    ``advance`` plays on (a bot that thinks for all its time: one move a request)."""
    limits = unmetered(request_seconds=0.01, decision_seconds=0, hand_break_seconds=0)
    with (
        patient_bots(monkeypatch, "chinchon"),
        serving(str(tmp_path / "tables.sqlite"), limits=limits) as site,
    ):
        table, tokens = site.create("chinchon", [None, "patient"], seed=2)
        asker = {"seat": 0, "token": tokens["0"]}
        path = f"/tables/{table}/moves"
        waited = False
        while site.state(table).current_player != 0:
            waited = True
            assert site.call("POST", f"/tables/{table}/advance", asker)[0] == 200
        for _ in range(6):
            state = site.state(table)
            assert state.current_player == 0
            move = str(state.legal_moves()[0])
            status, answered = site.call(
                "POST", path, {**asker, "move": move, "move_number": state.move_number}
            )
            assert status == 200, answered
            for _ in range(10):
                if not answered["waiting"]:
                    break
                waited = True
                assert site.state(table).current_player == 1
                status, answered = site.call("POST", f"/tables/{table}/advance", asker)
                assert status == 200, answered
        assert waited


def test_a_table_replays_the_same_from_its_seed(site: Site) -> None:
    first, _ = site.create("rumino", [None, "greedy", "greedy"], seed=21, players=3)
    second, _ = site.create("rumino", [None, "greedy", "greedy"], seed=21, players=3)
    assert site.state(first) == site.state(second)


def test_a_retried_move_after_the_turn_has_passed_is_stale(site: Site) -> None:
    """A move sent twice is refused as stale (409) even when, by the time the second
    arrives, another seat decides: the move number is checked first."""
    table, tokens = site.create("chinchon", [None, None])
    state = site.state(table)
    seat = state.current_player
    asker = {"seat": seat, "token": tokens[str(seat)]}
    path = f"/tables/{table}/moves"
    draw = {**asker, "move": "draw", "move_number": state.move_number}
    assert site.call("POST", path, draw)[0] == 200
    drawn = site.state(table)
    discard = next(move for move in drawn.legal_moves() if str(move).startswith("discard"))
    sent = {**asker, "move": str(discard), "move_number": drawn.move_number}
    assert site.call("POST", path, sent)[0] == 200
    after = site.state(table)
    assert after.current_player != seat  # the turn has passed
    for retried in (sent, draw):
        status, answered = site.call("POST", path, retried)
        assert (status, answered["error"]) == (409, "StaleMoveError"), answered
        assert f"the game is at move {after.move_number}" in answered["message"]
    assert site.state(table) == after
    status, answered = site.call("POST", path, {**sent, "move_number": after.move_number})
    assert (status, answered["message"]) == (
        400,
        f"seat {seat} does not decide now: seat {after.current_player} does; seat {seat} may "
        "only resign until its turn (C-RESIGN)",
    )


@pytest.mark.parametrize(
    "path", ["/tables", "/tables/1/moves", "/tables/1/timeout", "/tables/1/resign", "/picture"]
)
def test_every_post_takes_a_json_object(site: Site, path: str) -> None:
    """Any JSON value where an object is expected (an array, a number, text, null, no
    body at all) is answered 400 with a message, never a dropped connection."""
    site.create("chinchon", None, seed=1)
    for body in ([], [{"game": "chinchon"}], 3, "x", True, None):
        status, answered = site.call("POST", path, body)
        assert status == 400, (body, answered)
        assert "must be" in answered["message"]


def test_hostile_fields_and_bodies_get_an_answer(site: Site) -> None:
    """Fields of the wrong JSON type, numbers of thousands of digits, NaN, bad UTF-8, a
    negative or non-numeric Content-Length and a seat in other digits: each answered 400
    with a message, over the socket."""
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
        {"bot_time_limit": "fast"},
    ):
        status, answered = site.call("POST", "/tables", {**good, **changes})
        assert status == 400, (changes, answered)
        assert answered["message"], changes
    text = json.dumps(good)
    for body in (
        text.replace('"seed": 1', '"seed": ' + "9" * 5000),
        text.replace('"seed": 1', '"seed": NaN'),
        text[:-1],
    ):
        status, answered = site.raw("/tables", body.encode(), str(len(body)))
        assert (status, answered["error"]) == (400, "BadRequest"), answered
        assert "int_max_str_digits" not in answered["message"]
    bad = b'{"game": "chin\xffchon"}'
    assert site.raw("/tables", bad, str(len(bad)))[0] == 400
    for length in ("-5", "x", "²"):
        status, answered = site.raw("/tables", b"{}", length)
        assert (status, answered["error"]) == (400, "BadRequest"), answered
    status, answered = site.call("GET", "/tables/%D9%A1?seat=0&token=x")
    assert status == 404


def test_a_page_asks_for_its_picture_laid_out_as_narrow_as_its_screen(site: Site) -> None:
    """A phone's page lays the table out narrow, so that it shows the text at its size."""
    table, tokens = site.create("scala40", [None, "greedy"], seed=3)
    query = f"seat=0&token={tokens['0']}&size=360&layout_width=300"
    status, _, picture = site.request("GET", f"/tables/{table}/picture?{query}")
    assert status == 200
    text = picture.decode()
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="360"')
    assert int(text.split('viewBox="0 0 ')[1].split()[0]) <= 300
    status, _, answer = site.request(
        "GET", f"/tables/{table}/picture?seat=0&token={tokens['0']}&layout_width=20"
    )
    assert status == 400
    assert b"layout_width" in answer

"""A person's clock at the web table, over real sockets: the server starts it when a
decision is shown to the person (an answer to their seat carries it), or a bounded time
after it came (``unseen_seconds``), says how much is left, and plays the game's default
move for them (``timeout``) only once it has run out, whichever seat asks (the person is
told which move that is, and, once played, that it was); a person's first decision of
each hand has the hand's break on top. The bounds are judged on a clock the test sets
(:class:`Clock`), never by waiting."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.errors import InvalidArgumentError
from scala40.game import game_names, load_game
from scala40_server.web.limits import ServerLimits
from scala40_server.web.tables import RequestError, Tables, TableStore

from ..web.site import Site, serving, unmetered

CLOCK = 0.6
"""Seconds a decision, for these tests (short, so that they run out quickly)."""
BREAK = 30.0
"""Seconds of a hand's break, for the test of the break (far longer than a request)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    database = str(tmp_path_factory.mktemp("web") / "tables.sqlite")
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=0)
    with serving(database, limits=limits) as running:
        yield running


def test_a_timeout_is_played_only_once_the_clock_has_run_out(site: Site) -> None:
    """Any seat could ask for another's default move at once: no clock was kept."""
    table, tokens = site.create("chinchon", [None, None])
    state = site.state(table)
    mover = state.current_player
    waiting = 1 - mover
    asker = {"seat": waiting, "token": tokens[str(waiting)]}
    # The mover's page looks first (their clock starts as the decision is shown).
    mine = site.call("GET", f"/tables/{table}?seat={mover}&token={tokens[str(mover)]}")[1]
    status, answered = site.call("GET", f"/tables/{table}?seat={waiting}&token={asker['token']}")
    clock = answered["clock"]
    assert (clock["seat"], clock["seconds"]) == (mover, CLOCK)
    assert 0 < clock["left"] <= CLOCK
    # The move a timeout plays is told to the person it is played for, and to no one
    # else (a discard would name a card of their hand).
    assert "default_move" not in clock
    assert mine["clock"]["default_move"] == str(state.default_move(mover))
    for seat in (waiting, mover):  # the seat to decide may not skip its own clock either
        body = {"seat": seat, "token": tokens[str(seat)]}
        status, answered = site.call("POST", f"/tables/{table}/timeout", body)
        assert (status, answered["error"]) == (409, "ClockRunning"), answered
        assert f"seat {mover} has " in answered["message"]
    assert site.state(table) == state  # refused: nothing played
    time.sleep(CLOCK + 0.1)
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert status == 200, answered
    played = site.state(table)
    assert played.move_number == state.move_number + 1
    assert answered["events"][-1]["move"] == str(state.default_move(mover))
    # The next decision has a clock of its own, started afresh.
    assert answered["clock"]["left"] > 0
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert (status, answered["error"]) == (409, "ClockRunning")


class _SetClock:
    """A clock that reads what the test sets (seconds since the epoch): a clock judged
    by the time it reads, not by the test waiting for it."""

    def __init__(self) -> None:
        self.reads = 1_800_000_000.0

    def __call__(self) -> float:
        return self.reads


def _state(tables: Tables, table: int) -> Any:
    """The table's state as the server keeps it."""
    with tables.store.connect() as db:
        game, text = db.execute("SELECT game, state FROM tables WHERE id = ?", (table,)).fetchone()
    return load_game(game).state_from_dict(json.loads(text))


def test_a_timeout_is_refused_while_any_time_is_left_on_the_clock(tmp_path: Path) -> None:
    """A timeout judged early (the time left rounded to the second, or to the
    millisecond an answer tells, or half a second spared) would play a person's move
    with their clock still running: refused with a minute, a second, half a second, a
    millisecond or less left, as the clock reads it; played once it reads none."""
    clock = _SetClock()
    # The clock starts as the decision comes (none unseen): the test judges the timeout.
    limits = unmetered(decision_seconds=60.0, hand_break_seconds=0, unseen_seconds=0)
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")), limits, clock=clock)
    body = {"game": "chinchon", "bots": [None, None], "shuffle": False}
    made = tables.handle("POST", "/tables", "", body)[1]
    path, started = f"/tables/{made['table']}", clock.reads
    state = _state(tables, made["table"])
    mover = state.current_player
    asker = {"seat": 1 - mover, "token": made["tokens"][str(1 - mover)]}
    query = f"seat={asker['seat']}&token={asker['token']}"
    for left in (60.0, 1.0, 0.5, 0.001, 0.0004):
        clock.reads = started + 60.0 - left
        told = tables.handle("GET", path, query, None)[1]["clock"]
        assert (told["seat"], told["left"]) == (mover, round(left, 3))  # told to the ms
        with pytest.raises(RequestError) as refused:
            tables.handle("POST", path + "/timeout", "", asker)
        assert (refused.value.status, refused.value.kind) == (409, "ClockRunning"), left
        assert _state(tables, made["table"]) == state  # nothing played
    clock.reads = started + 60.0
    status, answered = tables.handle("POST", path + "/timeout", "", asker)
    assert status == 200, answered
    assert answered["events"][-1]["move"] == str(state.default_move(mover))
    assert answered["clock"]["left"] == 60.0  # the next decision's, started afresh


def _presets() -> list[tuple[str, str]]:
    return [
        (name, preset)
        for name in game_names()
        for preset in load_game(name).ruleset_type.preset_names()
    ]


def test_the_default_move_is_told_to_the_person_to_decide_alone_whatever_the_sides(
    tmp_path: Path,
) -> None:
    """The move a timeout plays names a card of the decider's hand (a discard): told to
    the person to decide, and to no other person at the table, their partner included
    (Skarney's partnerships: seats 0 and 2 against 1 and 3), at a table of four people
    of every game and every preset (its sides, or a seat each)."""
    limits = unmetered(decision_seconds=60.0, hand_break_seconds=0)
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")), limits)
    partners = 0
    for name, preset in _presets():
        rules = load_game(name).ruleset_type.preset(preset)
        players = max(rules.min_players, min(4, rules.max_players))
        body = {"game": name, "rules": preset, "players": players, "shuffle": False}
        made = tables.handle("POST", "/tables", "", {**body, "bots": [None] * players})[1]
        state = _state(tables, made["table"])
        decider = state.current_player
        for seat in range(players):
            query = f"seat={seat}&token={made['tokens'][str(seat)]}"
            clock = tables.handle("GET", f"/tables/{made['table']}", query, None)[1]["clock"]
            assert clock["seat"] == decider, (name, preset, clock)
            if seat == decider:
                assert clock["default_move"] == str(state.default_move(decider))
            else:
                assert "default_move" not in clock, (name, preset, seat, clock)
                partners += any({seat, decider} <= set(side) for side in state.teams)
    assert partners >= 3  # Skarney's partnership presets, each a partner told nothing


def test_no_clock_runs_while_a_bot_is_to_move_or_the_match_is_over(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=3)
    asker = {"seat": 0, "token": tokens["0"]}
    status, answered = site.call("POST", f"/tables/{table}/resign", asker)
    assert status == 200, answered
    assert answered["clock"] is None
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert (status, answered["error"]) == (400, "InvalidArgumentError")


def test_the_clock_is_the_servers_to_set(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="decision_seconds must be a number of seconds"):
        ServerLimits(decision_seconds=-1)
    with pytest.raises(InvalidArgumentError, match="clock must be callable"):
        Tables(TableStore(str(tmp_path / "tables.sqlite")), clock=1_800_000_000.0)  # type: ignore[arg-type]


def test_a_persons_first_decision_of_each_hand_has_the_break_on_its_clock(
    tmp_path: Path,
) -> None:
    """The clock of the next hand's first decision ran while the page showed how the last
    hand ended: a person reading it could have their move played for them."""
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=BREAK)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        table, tokens = site.create("chinchon", [None, "greedy"], seed=3)
        greedy = make_bot("greedy", "chinchon")
        rng = random.Random(3)
        hands: list[int] = []
        for _ in range(2_000):
            status, answered = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
            assert status == 200, answered
            state = site.state(table)
            if state.is_over or len(hands) == 2:
                break
            first = not any(entry.seat == 0 for entry in state.view(0).history)
            if first:
                hands.append(state.hand_number)
                assert answered["clock"]["left"] > CLOCK, answered["clock"]
                status, refused = site.call(
                    "POST", f"/tables/{table}/timeout", {"seat": 0, "token": tokens["0"]}
                )
                assert (status, refused["error"]) == (409, "ClockRunning"), refused
            else:
                assert answered["clock"]["left"] <= CLOCK, answered["clock"]
            move = greedy.choose(state.view(0), list(state.legal_moves()), rng)
            body = {"seat": 0, "token": tokens["0"], "move": str(move)}
            status, answered = site.call(
                "POST", f"/tables/{table}/moves", {**body, "move_number": state.move_number}
            )
            assert status == 200, answered
        assert hands == [1, 2]


def test_every_persons_first_decision_of_a_hand_has_the_break(tmp_path: Path) -> None:
    """The defect: once one person had moved in a hand, the second person's first
    decision of it got no break (60 s against 90). Each person's first decision of each
    hand has it, at a table of two people."""
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=BREAK)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        table, tokens = site.create("chinchon", [None, None], players=2)
        greedy = make_bot("greedy", "chinchon")
        rng = random.Random(5)
        firsts: list[tuple[int, int]] = []
        for _ in range(200):
            state = site.state(table)
            if state.is_over or len(firsts) == 4:
                break
            seat = state.current_player
            token = tokens[str(seat)]
            status, answered = site.call("GET", f"/tables/{table}?seat={seat}&token={token}")
            assert status == 200, answered
            first = not any(entry.seat == seat for entry in state.view(seat).history)
            if first:
                firsts.append((state.hand_number, seat))
                assert answered["clock"]["left"] > CLOCK, (seat, answered["clock"])
            else:
                assert answered["clock"]["left"] <= CLOCK, (seat, answered["clock"])
            move = greedy.choose(state.view(seat), list(state.legal_moves()), rng)
            body = {"seat": seat, "token": token, "move": str(move)}
            status, answered = site.call(
                "POST", f"/tables/{table}/moves", {**body, "move_number": state.move_number}
            )
            assert status == 200, answered
        assert {seat for _, seat in firsts} == {0, 1}


class Clock:
    """The time the server's decisions' clocks read, set by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


SECONDS = 60.0
"""A decision's clock in the tests on a set clock (the server's default)."""
UNSEEN = 10.0
"""How long a decision's clock waits to be shown, in those tests (the default)."""


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[tuple[Site, Clock]]:
    """A server whose decisions' clocks read a :class:`Clock` the test sets (its tables
    are dealt as they are made, ``"shuffle": false``: no answer shows the first decision
    to its person before the test's look does)."""
    clock = Clock()
    limits = unmetered(decision_seconds=SECONDS, unseen_seconds=UNSEEN, hand_break_seconds=0)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits, clock=clock) as site:
        yield site, clock


def _look(site: Site, table: int, seat: int, token: str, since: int = 0) -> dict[str, Any]:
    status, answered = site.call("GET", f"/tables/{table}?seat={seat}&token={token}&since={since}")
    assert status == 200, answered
    return dict(answered)


def _time_out(site: Site, table: int, seat: int, token: str) -> tuple[int, dict[str, Any]]:
    status, answered = site.call(
        "POST", f"/tables/{table}/timeout", {"seat": seat, "token": token}
    )
    return status, dict(answered)


def test_a_decisions_clock_starts_when_it_is_shown_to_its_person(
    timed: tuple[Site, Clock],
) -> None:
    """The defect: a decision's clock started as it came, though its person's page
    learnt of it only at its next look. After another person had a timeout play a draw
    for them, the page showed the draw for more than a minute, and the discard's clock
    ran out meanwhile: one timeout cost two decisions. The clock starts when an answer
    to the person's seat carries the decision (their page's look, or the answer to their
    own move); another seat's look starts nothing."""
    site, clock = timed
    table, tokens = site.create("chinchon", [None, None], players=2, shuffle=False)
    mover = site.state(table).current_player
    other = 1 - mover
    mine, theirs = tokens[str(mover)], tokens[str(other)]
    # Not shown yet: the clock waits (the other seat reads what it waits for).
    assert _look(site, table, other, theirs)["clock"]["left"] == SECONDS + UNSEEN
    clock.now += 4
    assert _look(site, table, other, theirs)["clock"]["left"] == SECONDS + UNSEEN - 4
    # Shown: it starts now, and looking again does not start it again.
    assert _look(site, table, mover, mine)["clock"]["left"] == SECONDS
    clock.now += 20
    assert _look(site, table, mover, mine)["clock"]["left"] == SECONDS - 20
    assert _look(site, table, other, theirs)["clock"]["left"] == SECONDS - 20
    clock.now += SECONDS - 20
    number = site.state(table).move_number
    status, answered = _time_out(site, table, other, theirs)
    assert status == 200, answered
    played = site.state(table)
    assert played.move_number == number + 1
    assert played.current_player == mover
    # The mover's next decision (the discard) waits for their page: the other seat's
    # answer did not show it to them.
    assert answered["clock"]["left"] == SECONDS + UNSEEN
    clock.now += UNSEEN - 1
    assert _time_out(site, table, other, theirs)[0] == 409
    # The mover's page looks late (nine seconds): the whole minute is theirs, and the
    # answer says what was played for them.
    seen = _look(site, table, mover, mine, since=number)
    assert seen["clock"]["left"] == SECONDS
    [event] = seen["events"]
    assert (event["seat"], event["timeout"]) == (mover, True)
    clock.now += SECONDS - 0.5
    status, refused = _time_out(site, table, other, theirs)
    assert (status, refused["error"]) == (409, "ClockRunning"), refused
    # Their own move's answer shows the decision after it at once: its clock starts then.
    move = site.state(table).legal_moves()[0]
    body = {"seat": mover, "token": mine, "move": str(move), "move_number": number + 1}
    status, answered = site.call("POST", f"/tables/{table}/moves", body)
    assert status == 200, answered
    if site.state(table).current_player == mover:
        assert answered["clock"]["left"] == SECONDS


def test_a_client_that_never_looks_holds_the_table_unseen_seconds_at_most(
    timed: tuple[Site, Clock],
) -> None:
    """A person whose client never looks at the table cannot stall it: each decision's
    clock starts ``unseen_seconds`` after it came at the latest, and the other person may
    have the default move played once a decision's time more has passed."""
    site, clock = timed
    table, tokens = site.create("chinchon", [None, None], players=2, shuffle=False)
    mover = site.state(table).current_player
    other = 1 - mover
    theirs = tokens[str(other)]
    for _ in range(3):  # a decision after another, none of them looked at
        number = site.state(table).move_number
        clock.now += UNSEEN + SECONDS - 0.01
        status, refused = _time_out(site, table, other, theirs)
        assert (status, refused["error"]) == (409, "ClockRunning"), refused
        clock.now += 0.01
        status, answered = _time_out(site, table, other, theirs)
        assert status == 200, answered
        assert site.state(table).move_number == number + 1
        if site.state(table).current_player != mover:
            break
    assert site.state(table).move_number > 0


def test_the_state_poll_tells_each_seat_which_moves_a_timeout_played(
    timed: tuple[Site, Clock],
) -> None:
    """The page of the person to decide looks again while it is their turn: an answer
    with nothing new (the same move number, no events), until a move is played for
    them; then the move's event says a timeout played it, to them and to every seat
    (their own moves never say so)."""
    site, clock = timed
    table, tokens = site.create("chinchon", [None, None], players=2, shuffle=False)
    state = site.state(table)
    mover = state.current_player
    other = 1 - mover
    mine, theirs = tokens[str(mover)], tokens[str(other)]
    number = state.move_number
    first = _look(site, table, mover, mine, since=number)
    for _ in range(3):  # the page's polls while its person thinks
        clock.now += 2
        again = _look(site, table, mover, mine, since=number)
        assert again["events"] == []
        assert again["view"] == first["view"]
        assert again["clock"]["left"] == first["clock"]["left"] - 2 * (_ + 1)
    clock.now += SECONDS
    default = str(state.default_move(mover))
    assert _time_out(site, table, other, theirs)[0] == 200
    told = _look(site, table, mover, mine, since=number)
    assert told["view"]["move_number"] == number + 1
    assert [(event["move"], event.get("timeout")) for event in told["events"]] == [(default, True)]
    assert _look(site, table, other, theirs, since=number)["events"][0]["timeout"] is True
    # The person's own move is theirs: no event of it says timeout.
    move = str(site.state(table).legal_moves()[0])
    body = {"seat": mover, "token": mine, "move": move, "move_number": number + 1}
    status, answered = site.call("POST", f"/tables/{table}/moves", {**body, "since": number + 1})
    assert status == 200, answered
    assert answered["events"]
    assert all("timeout" not in event for event in answered["events"])

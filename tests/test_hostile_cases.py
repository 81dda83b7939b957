"""Each way hostile input broke the library, as found by fuzzing it, with the answer it
gets now: refused with an error of the library (and the matching builtin), fast.

The fuzz suites (``test_hostile_input.py`` in each test package, and the long runs of
``nox -s soak``) look for more; this module keeps one test for each case found.
"""

from __future__ import annotations

import io
import itertools
import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

from scala40 import (
    JOKER,
    GameState,
    GreedyBot,
    InvalidArgumentError,
    InvalidCardError,
    InvalidMeldError,
    InvalidMoveError,
    InvalidRulesetError,
    InvalidStateError,
    InvalidValueError,
    LayOff,
    MeldRules,
    Ruleset,
    Scala40Error,
    SearchLimitError,
    SerializationError,
    UnknownGameError,
    check_meld,
    meld_interpretations,
    move_from_dict,
    new_game,
    parse_move,
)
from scala40.cards import MAX_CARDS, MAX_CARDS_TEXT, as_cards, parse_cards
from scala40.cli import EXIT_QUIT, common, main
from scala40.cli.common import MAX_RECORD_BYTES
from scala40.events import MAX_EVENTS, events_of, events_since
from scala40.game import load_game
from scala40.games.scala40.analysis import best_opening, can_open, hand_melds, min_deadwood
from scala40.melds import MAX_MELD_CARDS
from scala40.records import MAX_RECORD_MOVES, GameRecord
from scala40.tournament import run_tournament
from scala40.verdicts import meld_report
from tests.hostile import (
    BOUND_SECONDS,
    FailingRepr,
    assert_within,
    cpu_seconds,
    library_errors_only,
)

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

HUGE = 10**5000


@contextmanager
def fast(seconds: float = BOUND_SECONDS) -> Iterator[None]:
    """The block must finish within ``seconds`` of its thread's CPU time (the library's
    bound by default)."""
    with cpu_seconds() as elapsed:
        yield
    assert_within(elapsed.seconds, seconds, "the block")


def refused(error: type[Exception], call: Callable[[], object], match: str | None = None) -> str:
    """``call()`` raises ``error`` (an error of the library), fast; returns its message."""
    with fast(), pytest.raises(error, match=match) as info:
        call()
    assert isinstance(info.value, Scala40Error)
    return str(info.value)


# -- unbounded work ------------------------------------------------------------------------------


def test_an_ace_and_11_jokers_no_longer_take_seconds() -> None:
    # Any number of jokers: 11! orders of identical jokers were enumerated (over 10 s);
    # 13 took hours.
    rules = MeldRules(max_wilds=None)
    for jokers in (11, 13, MAX_MELD_CARDS - 1):
        with fast(0.05):
            readings = meld_interpretations("AS " + "JK " * jokers, rules)
        assert len(readings) <= 2
    with fast(0.05):
        assert len(meld_interpretations("AS " + "JK " * 11, rules)) == 2


def test_many_different_wild_cards_are_refused_before_they_are_ordered() -> None:
    rules = MeldRules(max_wilds=None, wild_ranks=frozenset(range(2, 14)))
    refused(InvalidMeldError, lambda: check_meld("AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", rules))


@pytest.mark.parametrize("size", [28, 31])
def test_dense_hands_beyond_a_deal_are_refused_by_the_analysis(size: int) -> None:
    # 28 cards took seconds and hundreds of MiB, 31 about 1 GiB: no deal gives more than
    # 13 cards now (hand_size), and the analysis takes 14 (the deal and the draw).
    cards = [f"{rank}{suit}" for rank in ("3", "4", "5", "6", "7", "8", "9") for suit in "SHDC"]
    hand = " ".join([*(cards * 2)[: size - 2], "JK", "JK"])
    for call in (best_opening, can_open, min_deadwood):
        refused(InvalidValueError, lambda call=call: call(hand), "at most 14 cards")  # type: ignore[misc]
    refused(InvalidRulesetError, lambda: Ruleset(hand_size=30), "hand_size")


def test_the_densest_hands_of_a_deal_are_analysed_fast() -> None:
    hand = "3S 4S 5S 6S 7S 3H 4H 5H 6H 7H JK JK JK JK"
    rules = Ruleset(max_jokers_per_meld=2, jokers=8)
    # Each call is bounded on its own, as an app makes them one at a time.
    library_errors_only(
        best_opening, hand, rules, criterion="deadwood", threshold=120, seconds=0.25
    )
    library_errors_only(min_deadwood, hand, rules, seconds=0.25)
    library_errors_only(can_open, hand, 120, rules, seconds=0.25)
    library_errors_only(hand_melds, hand, rules, seconds=0.25)


def test_the_greedy_bot_decides_fast_on_a_dense_hand() -> None:
    state = GameState.from_position(
        hands=["3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 5D 6D JK JK", "2C 3C 4C"],
        discard="KC",
        opened=[False, True],
        turns_played=[1, 1],
        phase="play",
        rules=Ruleset(max_jokers_per_meld=None),
    )
    legal = library_errors_only(lambda: list(state.legal_moves()))
    move = library_errors_only(
        GreedyBot().choose, state.view(0), legal, __import__("random").Random(1)
    )
    assert move in state.legal_moves()


# Large inputs are refused by their length before any of them is read: the bounds
# (MAX_CARDS, MAX_CARDS_TEXT, MAX_GAME_NAME, MAX_OPTION_ITEMS, MAX_READ_ITEMS, the
# check command's MAX_MELDS) are documented where they are defined.


def test_a_million_cards_are_refused_by_their_number() -> None:
    refused(InvalidCardError, lambda: parse_cards("7S " * 1_000_000), "at most 10000 are read")
    refused(InvalidCardError, lambda: parse_cards("7s," * 1_000_000), "at most 10000 are read")
    refused(InvalidCardError, lambda: check_meld("x" * 3_000_000), "at most 10000 are read")
    edge = " ".join(["7S"] * MAX_CARDS)
    assert len(edge) <= MAX_CARDS_TEXT
    assert len(parse_cards(edge)) == MAX_CARDS
    refused(InvalidCardError, lambda: parse_cards(edge + " 7S"), f"{MAX_CARDS + 1} cards")
    refused(InvalidCardError, lambda: parse_cards("* " * (MAX_CARDS + 1)), "at most 1000")
    for many in ([6] * 1_000_000, (6,) * 1_000_000, iter([6] * 1_000_000), itertools.repeat(6)):
        refused(InvalidCardError, lambda many=many: as_cards(many), "at most 1000 are read")  # type: ignore[misc]
    refused(InvalidCardError, lambda: check_meld([6] * 1_000_000), "at most 1000")
    refused(InvalidCardError, lambda: hand_melds("7S " * 1_000_000), "at most 10000")
    assert as_cards([6] * MAX_CARDS) == (6,) * MAX_CARDS


def test_large_names_and_dictionaries_are_refused_by_their_size() -> None:
    refused(UnknownGameError, lambda: load_game("x" * 3_000_000), "at most 100 characters")
    many = {str(number): 1 for number in range(100_000)}
    state = new_game(players=2, seed=1)
    refused(SerializationError, lambda: GameState.from_dict({**state.to_dict(), **many}), "keys")
    refused(SerializationError, lambda: move_from_dict({**many, "type": "draw"}), "keys")
    options = Ruleset().to_dict()
    refused(SerializationError, lambda: Ruleset.from_dict({**options, "options": many}), "1000")
    long_list = {**options["options"], "extra": [3] * 1_000_000}
    refused(SerializationError, lambda: Ruleset.from_dict({**options, "options": long_list}))
    # A message quotes the first items of a large value, whatever lies after them.
    tail = [FailingRepr()] * 1_000_000
    message = refused(
        SerializationError, lambda: move_from_dict({"type": "meld", "cards": [6] * 100 + tail})
    )
    assert "[6, 6, 6" in message


def test_the_check_command_refuses_long_melds_and_many_melds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (["check", "7S " * 100_000], ["check", *["7S 8S 9S"] * 10_000]):
        with fast():
            assert main(argv) == 2
        assert "at most" in capsys.readouterr().err
    refused(
        InvalidValueError, lambda: meld_report(load_game("scala40"), "official", ["7S 8S 9S"] * 65)
    )


def test_big_invalid_requests_leave_no_memory_behind() -> None:
    rules = MeldRules(max_wilds=None)
    for size in (MAX_MELD_CARDS + 1, MAX_CARDS):
        with fast():
            assert not meld_interpretations((JOKER,) * size, rules)
    with fast(), pytest.raises(InvalidCardError, match=f"at most {MAX_CARDS} are read"):
        meld_interpretations((JOKER,) * 100_000, rules)  # refused by its length
    assert all(len(key) <= MAX_MELD_CARDS for key in rules.tables.readings)
    assert rules.tables.readings.held <= rules.tables.readings.budget


# -- broken states accepted ----------------------------------------------------------------------


def _state(phase: str = "play") -> dict[str, Any]:
    state = new_game(players=2, seed=1)
    if phase == "play":
        state = state.apply("draw")
    return state.to_dict()


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        # The restock step rebuilds the stock from the discard pile: from a full stock it
        # turned 108 cards into 27.
        ({"phase": "restock"}, "the stock is rebuilt only once it is empty"),
        # A card taken that must be melded, but no card taken: legal_moves() crashed.
        ({"taken_must_use": True}, "taken_must_use is set, but no card was taken"),
        ({"phase": "over", "winners": [9]}, "winners must hold seats"),
        ({"phase": "over", "winners": [0, 0]}, "winners must be distinct players"),
        ({"hand_number": -5}, "hand_number must be an integer from 0"),
        ({"hand_number": 0}, "hand number 0 is the deal of the first hand"),
        ({"dealer": 7}, "dealer must be a seat from 0 to 1"),
        ({"scores": [150, 0]}, "still in with 150, at or past the elimination score 101"),
        ({"active": [True, False]}, "only one player is still in the match"),
        (
            {
                "last_hand": {
                    "hand_number": "x",
                    "closer": [],
                    "points": "ab",
                    "doubled": "no",
                    "hands": [],
                    "eliminated": [],
                    "reentered": [],
                }
            },
            "last_hand: hand_number must be an integer",
        ),
        (
            {
                "last_hand": {
                    "hand_number": 0,
                    "closer": 9,
                    "points": [1, 0],
                    "doubled": False,
                    "hands": ["", ""],
                    "eliminated": [],
                    "reentered": [],
                }
            },
            "closer must be a player from 0 to 1",
        ),
        (
            {
                "last_hand": {
                    "hand_number": 0,
                    "closer": 0,
                    "points": [0, 5],
                    "doubled": True,
                    "hands": ["", "7S"],
                    "eliminated": [1],
                    "reentered": [1],
                }
            },
            "doubled points need S40-V-DOUBLE",
        ),
    ],
)
def test_states_that_broke_the_engine_are_refused(changes: dict[str, Any], problem: str) -> None:
    data = {**_state(), **changes}
    refused(SerializationError, lambda: GameState.from_dict(data), problem)


def test_a_state_with_no_legal_move_is_refused() -> None:
    position: dict[str, Any] = {
        "hands": ["7S 8S 9S 2C", "3H 4H 5H 9C"],
        "discard": "2D",
        "opened": [True, True],
        "turns_played": [1, 1],
        "phase": "play",
        "taken": "9S",
        "taken_must_use": True,
    }
    dead_end = attrs.evolve(GameState.from_position(**position), turns_played=(0, 0))
    refused(SerializationError, lambda: GameState.from_dict(dead_end.to_dict()), "no legal move")
    position["turns_played"] = [0, 0]
    refused(InvalidStateError, lambda: GameState.from_position(**position), "no legal move")


@pytest.mark.parametrize("seed", ["1.5", "abc", "²", "9" * 41, 7, None])
def test_a_record_seed_must_be_an_integer(seed: object) -> None:
    data = GameRecord.start("official", players=2, seed=1).to_dict()
    data["seed"] = seed
    refused(SerializationError, lambda: GameRecord.from_dict(data), "seed must be an integer")
    refused(InvalidArgumentError, lambda: GameRecord(Ruleset(), 2, _any(1.5)), "seed")


def test_the_longest_record_reads_back_fast() -> None:
    """A record of MAX_RECORD_MOVES moves (Chinchón where each player takes the first
    legal move: nobody closes, so the match goes on) is replayed and checked within the
    bound; one more move is refused by the count, before any replay (100,000 moves, the
    old bound, took 0.45 s)."""
    game = load_game("chinchon")
    state = game.new_game(None, 2, 1)
    moves: list[str] = []
    while len(moves) < MAX_RECORD_MOVES:
        move = state.legal_moves()[0]
        moves.append(str(move))
        state = state.apply(move)
    data = GameRecord(state.rules, 2, 1, tuple(moves), True, "chinchon").to_dict()
    with fast(0.25):
        record = GameRecord.from_dict(data)
    assert record.final_state() == state
    data["moves"].append(data["moves"][-2])
    refused(SerializationError, lambda: GameRecord.from_dict(data), "10000 a record may hold")


def test_the_longest_event_feed_is_read_fast() -> None:
    """events_since reads at most MAX_EVENTS events, each given to the seat within the
    bound (a million, the bound before, took seconds); one more is refused first."""
    game = load_game("chinchon")
    state = game.new_game(None, 2, 1)
    played: list[Any] = []
    for _ in range(200):
        move = state.legal_moves()[0]
        after = state.apply(move)
        played.extend(events_of(state, move, after))
        state = after
    feed = (played * (MAX_EVENTS // len(played) + 1))[:MAX_EVENTS]
    with fast(0.25):
        assert len(events_since(feed, 0, 1)) == MAX_EVENTS
    refused(SearchLimitError, lambda: events_since([*feed, played[0]], 0, 1), "30000 events")


# -- errors outside the tree ---------------------------------------------------------------------


def test_a_move_with_a_5000_digit_number() -> None:
    refused(InvalidMoveError, lambda: LayOff("7S", HUGE), "an integer of 5001 digits")
    refused(InvalidMoveError, lambda: parse_move("layoff 7S #" + "9" * 1900))
    data = {
        "format": "scala40.move",
        "version": 1,
        "type": "layoff",
        "card": "7S",
        "meld": HUGE,
        "end": None,
        "represents": None,
    }
    refused(SerializationError, lambda: move_from_dict(data))
    state = new_game(players=2, seed=1)
    refused(InvalidMoveError, lambda: state.apply(HUGE))  # type: ignore[arg-type]
    refused(InvalidValueError, lambda: state.view(HUGE), "an integer of 5001 digits")
    refused(InvalidRulesetError, lambda: Ruleset(elimination_score=HUGE), "5001 digits")


def test_infinity_and_nan_from_json() -> None:
    move = json.loads(
        '{"format": "scala40.move", "version": 1, "type": "layoff",'
        ' "card": "7S", "meld": Infinity, "end": null, "represents": null}'
    )
    refused(SerializationError, lambda: move_from_dict(move))
    data = _state()
    data["scores"] = [math.inf, 0]
    refused(SerializationError, lambda: GameState.from_dict(data), "scores")
    rules = Ruleset().to_dict()
    rules["options"]["opening_threshold"] = math.nan
    refused(SerializationError, lambda: Ruleset.from_dict(rules), "opening_threshold")
    refused(InvalidValueError, lambda: best_opening("7S 8S 9S", threshold=math.inf))  # type: ignore[arg-type]


def test_out_of_range_seats() -> None:
    state = new_game(players=2, seed=1)
    for seat in (-1, 2, 99):
        message = "player must be a seat from 0 to 1"
        refused(InvalidValueError, lambda seat=seat: state.view(seat), message)  # type: ignore[misc]
    refused(InvalidValueError, lambda: new_game(players=2, dealer=5), "dealer")
    refused(InvalidValueError, lambda: new_game(players=10**30), "players must be from 2 to 6")


def _any(value: object) -> Any:
    """``value``, typed as anything (the point of these calls is the wrong type)."""
    return value


@pytest.mark.parametrize(
    ("call", "error", "builtin"),
    [
        (lambda: Ruleset(jokers=_any("4")), InvalidRulesetError, ValueError),
        (lambda: MeldRules(max_wilds=_any("x")), InvalidMeldError, ValueError),
        (lambda: MeldRules(rank_order=_any(5)), InvalidMeldError, ValueError),
        (lambda: best_opening("7S 8S 9S", keep=_any("1")), InvalidValueError, ValueError),
        (lambda: best_opening("7S 8S 9S", criterion=_any([])), InvalidValueError, ValueError),
        (lambda: min_deadwood("7S 8S 9S", table=_any(5)), InvalidArgumentError, TypeError),
        (lambda: can_open("7S 8S 9S", _any("40")), InvalidValueError, ValueError),
        (lambda: run_tournament(2, ["random"], workers=_any("2")), InvalidValueError, ValueError),
        (lambda: run_tournament(2, ["random"], progress=_any(5)), InvalidArgumentError, TypeError),
        (lambda: run_tournament(10**12, ["random"]), InvalidValueError, ValueError),
        (
            lambda: GameState.from_position(hands=_any(5), discard=""),
            InvalidStateError,
            ValueError,
        ),
        (
            lambda: GameState.from_position(hands=["7S", "8S"], discard="", turn=_any("x")),
            InvalidStateError,
            ValueError,
        ),
    ],
)
def test_wrong_argument_types(call: Callable[[], object], error: type, builtin: type) -> None:
    with fast(), pytest.raises(error) as info:
        call()
    assert isinstance(info.value, (Scala40Error, builtin))
    assert isinstance(info.value, builtin)


def test_the_cli_on_a_crafted_replay_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    for content in (b'{"seed": ' + b"9" * 5000 + b"}", b"\xff\xfe", b"[" * 100_000):
        path.write_bytes(content)
        assert main(["replay", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("error: ")
        assert "Traceback" not in err


def test_a_replay_file_is_read_up_to_its_bound_and_no_further(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file without end (``/dev/zero``, a pipe that never closes) is read up to one byte
    past the largest record and refused, never read whole: the bytes read are counted
    (a file asked for all it holds fails the test), then ``/dev/zero`` itself."""
    asked: list[int] = []

    class Endless(io.RawIOBase):
        def read(self, size: int | None = -1) -> bytes:
            assert size is not None, "the whole file asked for"
            assert size >= 0, "the whole file asked for"
            asked.append(size)
            return b"0" * size

    monkeypatch.setattr(common, "open", lambda *_: Endless(), raising=False)
    assert main(["replay", "endless.json"]) == 1
    assert "larger than a game record may be" in capsys.readouterr().err
    assert asked == [MAX_RECORD_BYTES + 1]
    monkeypatch.undo()
    if Path("/dev/zero").exists():
        assert main(["replay", "/dev/zero"]) == 1
        err = capsys.readouterr().err
        assert "larger than a game record may be" in err
        assert "Traceback" not in err


def test_the_cli_on_odd_input_typed_into_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = ["²", "1⁰", "9" * 5000, "discard " + "9" * 5000, "layoff 7S #²", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["play", "--seed", "1"]) == EXIT_QUIT
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert captured.out.count("error: ") == 5

"""The deal's check (:func:`~scala40_server.serving.fair_deal.verify_deal`): it holds a server to
the terms, the secret and the values it committed to, replays what the seat was sent
under the rules the table applies (an undo only where the table takes one), and, given
anything at all, answers or raises one of its three documented errors within its bound.

The defects reproduced here first: (D4) the check accepted an undo of a stock draw,
which the server refuses; (D5) a move text without an extension's end (``extend 5D #1``,
which the position reads) made it raise ``MissingReadingError``, outside its three
documented errors.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import random
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, InvalidValueError, SerializationError
from scala40.events import events_of
from scala40.game import load_game
from scala40_server.serving import _replay
from scala40_server.serving.fair_deal import (
    MAX_DEAL_EVENTS,
    Deal,
    deal_problems,
    refuted_void,
    sealed_seed_of,
    terms_text,
    verify_deal,
)

from ..serving.deals import GAME, RULES, dealt_alone, feed, hex_of, sealed_deal
from ..support.hostile import HUGE, FailingRepr, assert_within, cpu_seconds

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

DOCUMENTED = (SerializationError, InvalidArgumentError, InvalidValueError)
"""The errors ``verify_deal`` documents (and their subclasses)."""
AGAINST_A_BOT = terms_text(
    GAME.name, RULES.to_dict(), [{"player": True}, {"bot": "greedy"}], shuffle=True
)
"""The terms of a Chinchón table of a person and a bot."""
MINE = "c0ffee" * 8
"""The person's value in these tests."""


def _game_feed(state: Any, moves: list[str], seat: int = 0) -> tuple[list[Any], Any]:
    """The events ``seat`` is sent as ``moves`` are played from ``state``, and the state
    after them."""
    events: list[Any] = []
    for move in moves:
        after = state.apply(move)
        events += [event.for_seat(seat) for event in events_of(state, move, after)]
        state = after
    return events, state


def test_an_undo_the_table_refuses_fails_the_check() -> None:
    """(D4) A replay goes back only where the table's undo rule allows: over the seat's
    own take, yes; over a card drawn from the stock, another seat's move, or at a table
    with another person, no (the message says why)."""
    rng = random.Random(6)
    deal, _ = sealed_deal(rng, [MINE, None], terms=AGAINST_A_BOT)
    start = GAME.new_game(RULES, 2, deal.seed)

    def problems(first: list[str], then: list[str], terms_deal: Any = deal) -> list[str]:
        sent, _ = _game_feed(start, first)
        again, state = _game_feed(start, then)
        view = state.view(0).to_dict()
        return deal_problems(
            terms_deal.commitment,
            terms_deal.public(revealed=True),
            view,
            sent + again,
            value=MINE,
            commitments=list(terms_deal.commitments),
        )

    assert problems(["take"], ["draw"]) == []  # a take taken back: the table allows it
    drawn = problems(["draw"], ["take"])
    assert drawn == [
        "event 1 (move 1) goes back to move 0, which the table refuses: a card has come to "
        "your hand from the stock or a deal since"
    ]
    discard = next(
        str(move) for move in start.apply("take").legal_moves() if str(move).startswith("discard")
    )
    answered = problems(["take", discard, "draw"], ["take", discard, "take"])
    assert answered[0].endswith("seat 1 has moved since: a move another seat has answered stands")
    # Back over the seat's own take and discard, then seat 1's move: every event taken
    # back is judged, not the first alone.
    over_three = problems(["take", discard, "draw"], ["draw"])
    assert over_three[0].endswith(
        "seat 1 has moved since: a move another seat has answered stands"
    )
    # At a table with another person, the same undo, the seat's own take taken back
    # before anyone else moved: only the table's rule refuses it, so the deal is one
    # where seat 0 moves first (another seat moving first refused it for that reason).
    two = sealed_deal(random.Random(30), [MINE, "be" * 20])[0]
    start = GAME.new_game(RULES, 2, two.seed)
    assert start.current_player == 0
    assert problems(["take"], ["draw"], two) == [
        "event 1 (move 1) goes back to move 0, which the table refuses: undo is only at a "
        "table whose other seats are all bots"
    ]


@functools.cache
def _extension() -> tuple[Any, list[Any], Any, str]:
    """A Skarney game (seed 0, four seats, random moves) up to a seat's extension of a
    table meld whose text is read only in the position without its end: the state, the
    events seat 0 was sent, and the extension's full and short texts."""
    game = load_game("skarney")
    rules = game.ruleset_type.default()
    state = game.new_game(rules, 4, 0)
    chooser = random.Random(0)
    events: list[Any] = []
    for _ in range(76):
        legal = list(state.legal_moves())
        move = legal[0] if state.is_chance else chooser.choice(legal)
        after = state.apply(move)
        events += [event.for_seat(0) for event in events_of(state, move, after)]
        state = after
    full = next(str(move) for move in state.legal_moves() if str(move).startswith("extend 5D #1"))
    return state, events, full, full.rsplit(" ", 1)[0]


def test_a_move_text_the_position_reads_is_replayed_without_a_stray_error() -> None:
    """(D5) An event whose move leaves out an extension's end, which the position reads
    (``extend 5D #1``): the replay reads it in the position, as the server read it, and
    says how the event differs from the one it makes, raising nothing."""
    state, events, full, short = _extension()
    assert state.parse_move(short) == state.parse_move(full)
    after = state.apply(full)
    made = [event.for_seat(0) for event in events_of(state, full, after)]
    deal = Deal(0, "ab" * 32, chosen=True)
    sent = [*events, {**made[0], "move": short}, *made[1:]]
    view = after.view(0).to_dict()
    problems = deal_problems(deal.commitment, deal.public(revealed=True), view, sent)
    assert "differs from the seed's deal" in problems[0]
    assert deal_problems(deal.commitment, deal.public(revealed=True), view, events + made) == []


def test_the_commitment_covers_the_game_the_rules_the_seats_and_the_shuffle() -> None:
    """Terms changed after the commitment (an option, a seat, the game, the shuffle) fail
    the check, and so does a last view whose rules are not the committed ones: the check
    replays under the committed rules, never the view's."""
    rng = random.Random(8)
    deal, seen = sealed_deal(rng, [MINE, None], terms=AGAINST_A_BOT)
    revealed = deal.public(revealed=True)
    events, view = feed(deal.seed)
    assert verify_deal(deal.commitment, revealed, view, events, value=MINE, commitments=seen)
    rules = RULES.to_dict()
    flags = rules["options"]
    options = [key for key, value in flags.items() if isinstance(value, bool)]
    assert len(options) >= 2
    seats: list[dict[str, Any]] = [{"player": True}, {"bot": "greedy"}]
    forged = [
        terms_text(GAME.name, {**rules, "options": {**flags, key: not flags[key]}}, seats, True)
        for key in options
    ]
    forged += [
        terms_text("laconga", rules, seats, True),
        terms_text(GAME.name, rules, [{"player": True}, {"player": True}], True),
        terms_text(GAME.name, rules, seats, False),
        # Terms that do not say whether the table shuffles.
        json.dumps({"game": GAME.name, "rules": rules, "seats": seats}, separators=(",", ":")),
    ]
    for terms in forged:
        problems = deal_problems(
            deal.commitment,
            {**revealed, "terms": terms},
            view,
            events,
            value=MINE,
            commitments=seen,
        )
        assert "commitment" in problems[0]
    changed = copy.deepcopy(view)
    changed["public"]["rules"] = {**rules, "options": {**flags, options[0]: not flags[options[0]]}}
    with contextlib.suppress(SerializationError):  # a view with other rules is refused
        assert not verify_deal(
            deal.commitment, revealed, changed, events, value=MINE, commitments=seen
        )


def test_a_server_dealing_from_any_other_seed_fails_verification() -> None:
    """A server that grinds secrets after the values, ignores a value, or deals from any
    seed but the one its commitment and the values give, fails the check: 40 other
    seeds tried, each refused; the honest deal verified."""
    rng = random.Random(11)
    deal, seen = sealed_deal(rng, [MINE, None], terms=AGAINST_A_BOT)
    revealed = deal.public(revealed=True)
    events, view = feed(deal.seed)
    assert verify_deal(deal.commitment, revealed, view, events, value=MINE, commitments=seen)
    others = [sealed_seed_of(deal.secret, [None, None])]  # the value left out
    others += [sealed_seed_of(hex_of(rng), [MINE, None]) for _ in range(19)]
    others += [rng.getrandbits(64) for _ in range(20)]  # any seed at all
    for seed in others:
        events, view = feed(seed)
        assert not verify_deal(
            deal.commitment, revealed, view, events, value=MINE, commitments=seen
        )
        # Revealing the seed it dealt from does not help: it is not the values' seed.
        forged = {**revealed, "seed": str(seed)}
        problems = deal_problems(
            deal.commitment, forged, view, events, value=MINE, commitments=seen
        )
        assert "values give" in problems[0]
    # A seed that differs from the values' in its last digit only: compared whole.
    real = str(deal.seed)
    near = real[:-1] + ("1" if real[-1] != "1" else "2")
    events, view = feed(deal.seed)
    problems = deal_problems(
        deal.commitment, {**revealed, "seed": near}, view, events, value=MINE, commitments=seen
    )
    assert "values give" in problems[0]
    # A server that leaves the person's value, and its commitment, out of what it reveals.
    without = {**revealed, "values": [None, None], "commitments": [None, None]}
    without["seed"] = str(sealed_seed_of(deal.secret, [None, None]))
    events, view = feed(int(without["seed"]))
    problems = deal_problems(deal.commitment, without, view, events, value=MINE, commitments=seen)
    assert "your value" in problems[0]


def test_the_deals_a_server_chose_are_reported_as_its_choice() -> None:
    """A deal no value of the seat's went into is the server's choice, whatever its
    scheme, and the check says so as a warning: a table made without shuffling, a seat
    that took no part, a seed drawn alone, a deal of the scheme before dealt without the
    seat's value; and a value of another seat shown as it came (that scheme) could have
    been chosen after the seat's."""
    rng = random.Random(12)
    alone = dealt_alone(rng)
    events, view = feed(alone.seed)
    assert deal_problems(alone.commitment, alone.public(revealed=True), view, events)[
        0
    ].startswith("the server chose this deal: the table was made without shuffling")
    other = sealed_deal(rng, [None, "be" * 20])[0]
    events, view = feed(other.seed)
    assert deal_problems(other.commitment, other.public(revealed=True), view, events)[
        0
    ].startswith("no value of yours went into this deal's seed")
    drawn = Deal(9, "ab" * 32)
    events, view = feed(9)
    assert (
        "drew the seed alone"
        in deal_problems(drawn.commitment, drawn.public(revealed=True), view, events)[0]
    )


# ---------------------------------------------------------------- any input at all


@functools.cache
def _subjects() -> list[tuple[Any, ...]]:
    """A verified case of every scheme: its commitment, revealed deal, view, events, value
    and commitments seen."""
    rng = random.Random(13)
    cases: list[tuple[Any, ...]] = []
    deal, seen = sealed_deal(rng, [MINE, "be" * 20])
    cases.append(
        (deal.commitment, deal.public(revealed=True), *feed(deal.seed, moves=24)[::-1], MINE, seen)
    )
    alone = dealt_alone(rng)
    cases.append(
        (
            alone.commitment,
            alone.public(revealed=True),
            *feed(alone.seed, moves=24)[::-1],
            None,
            None,
        )
    )
    chosen = Deal(rng.getrandbits(64), hex_of(rng), chosen=True)
    cases.append(
        (
            chosen.commitment,
            chosen.public(revealed=True),
            *feed(chosen.seed, moves=24)[::-1],
            None,
            None,
        )
    )
    for number, case in enumerate(cases):
        problems = deal_problems(
            case[0], case[1], case[2], case[3], value=case[4], commitments=case[5]
        )
        assert len(problems) == (number == 1), problems  # the deal dealt alone: a warning
    return cases


WEIRD: list[Any] = [
    None, True, 0, -1, 7, 2**64, HUGE, 1.5, float("nan"), "", "x", "7", "ab" * 32, "AB" * 32,
    "extend 5D #1", "draw", "discard", "resign 0", "resign 9", [], [None], [[[[[[]]]]]], {},
    {"a": 1}, {"kind": "hand_end"}, b"bytes", FailingRepr(), "\x00", "9" * 5000,
]  # fmt: skip
"""Values a hostile caller puts where a field of the deal, the view or an event goes."""


def _mutated(rng: random.Random, case: tuple[Any, ...]) -> tuple[Any, ...]:
    """A case with one to three of its parts damaged: a key dropped or given a weird
    value, events dropped, doubled, swapped or cut, a move's text cut or replaced."""
    commitment, deal, view, events, value, seen = copy.deepcopy(case)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.2 and events:
            index = rng.randrange(len(events))
            kind = rng.choice(["drop", "double", "swap", "cut", "weird"])
            if kind == "drop":
                del events[index]
            elif kind == "double":
                events.insert(index, events[index])
            elif kind == "swap" and index + 1 < len(events):
                events[index], events[index + 1] = events[index + 1], events[index]
            elif kind == "cut":
                events = events[:index]
            else:
                events[index] = rng.choice(WEIRD)
        elif roll < 0.4 and events and isinstance(events[-1], dict):
            event = rng.choice([event for event in events if isinstance(event, dict)])
            move = event.get("move")
            if isinstance(move, str) and rng.random() < 0.5:
                event["move"] = move.rsplit(" ", 1)[0]
            elif event:  # (an event emptied by an earlier change has no key to change)
                event[rng.choice(sorted(event))] = rng.choice(WEIRD)
        elif roll < 0.85:
            target = rng.choice(
                [deal, view, view.get("public") if isinstance(view.get("public"), dict) else deal]
            )
            key = rng.choice(sorted(target)) if target else None
            if key is None:
                continue
            if rng.random() < 0.3:
                del target[key]
            else:
                target[key] = rng.choice(WEIRD)
        elif roll < 0.92:
            value = rng.choice([*WEIRD, MINE, "be" * 20])
        elif roll < 0.97:
            shown = deal.get("commitments")
            seen = rng.choice([*WEIRD, [None, None], shown if isinstance(shown, list) else []])
        else:
            commitment = rng.choice(WEIRD)
    return commitment, deal, view, events, value, seen


def _hostile_checks(count: int) -> None:
    """``count`` checks of damaged cases: each answered, or refused with one of the
    documented errors, within the 0.25 s bound of a call."""
    rng = random.Random(14)
    subjects = _subjects()
    for attempt in range(count):
        commitment, deal, view, events, value, seen = _mutated(
            rng, subjects[attempt % len(subjects)]
        )
        with cpu_seconds() as elapsed:
            try:
                answer = deal_problems(
                    commitment, deal, view, events, value=value, commitments=seen
                )
            except DOCUMENTED:
                continue
            except Exception as error:  # the defect: an error it does not document
                raise AssertionError(f"case {attempt}: {type(error).__name__}: {error}") from error
        assert isinstance(answer, list)
        assert all(isinstance(problem, str) for problem in answer)
        assert_within(elapsed.seconds, 0.25, f"case {attempt}")


def test_a_deal_check_raises_only_its_documented_errors() -> None:
    """400 damaged deals, views, feeds, values and commitments of every scheme (16,000
    in the slow run): each answered with its problems, or refused with
    SerializationError, InvalidArgumentError or InvalidValueError."""
    _hostile_checks(400)


@pytest.mark.slow
def test_a_deal_check_raises_only_its_documented_errors_over_16000_inputs() -> None:
    _hostile_checks(16_000)


def test_acknowledgements_and_void_deals_of_any_form_are_answered_or_refused() -> None:
    """The acknowledgements a seat gives the check, the void deals a revealed deal lists
    and the pairs :func:`~scala40_server.serving.fair_deal.refuted_void` reads, of any form:
    each answered, or refused with a documented error."""
    commitment, deal, view, events, value, seen = _subjects()[0]
    forms: list[Any] = [
        *WEIRD,
        [{}] * 7,
        [{"table": commitment}],
        [{"table": 7, "seat": "x", "revealed": "yes"}],
        [{"table": "ab" * 32, "seat": 0, "commitment": None, "revealed": True}],
    ]
    for given in forms:
        lists: list[Any] = [None, [], given]
        for voided in lists:
            revealed = deal if voided is None else {**deal, "voided": voided}
            try:
                answer = deal_problems(
                    commitment,
                    revealed,
                    view,
                    events,
                    value=value,
                    commitments=seen,
                    acknowledgements=given,
                )
            except DOCUMENTED:
                continue
            assert all(isinstance(problem, str) for problem in answer)
    for void in forms:
        for given in forms:
            try:
                refuted = refuted_void(void, given)
            except InvalidArgumentError:
                continue
            assert refuted is None or isinstance(refuted, str)


def test_the_longest_feed_checked_stays_within_a_calls_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A feed of nearly :data:`~scala40_server.serving.fair_deal.MAX_DEAL_EVENTS` events, each a
    move to replay (a Rumino match whose players always take the last legal move, which
    never ends a hand: its moves cost the most to replay), is checked with one move played
    an event at most; more events are refused before any is replayed. The work so bounded
    is what keeps a check within the 0.25 s of a call, which is judged where the tests run
    alone (:data:`~tests.hostile.TIMED`: the default run judges the work, not seconds)."""
    game = load_game("rumino")
    rules = game.ruleset_type.default()
    deal = Deal(3, "ab" * 32, chosen=True)
    state = game.new_game(rules, 2, deal.seed)
    events: list[Any] = []
    while True:
        legal = list(state.legal_moves())
        move = legal[0] if state.is_chance else legal[-1]
        after = state.apply(move)
        made = [event.for_seat(0) for event in events_of(state, move, after)]
        if len(events) + len(made) > MAX_DEAL_EVENTS:
            break
        events += made
        state = after
    assert len(events) > MAX_DEAL_EVENTS - 5
    view = state.view(0).to_dict()
    played: list[int] = []
    play = _replay._play

    def counted(*args: Any) -> Any:
        played.append(1)
        return play(*args)

    monkeypatch.setattr(_replay, "_play", counted)
    with cpu_seconds() as elapsed:
        problems = deal_problems(deal.commitment, deal.public(revealed=True), view, events)
    assert problems == [], problems[:1]
    moves = state.move_number
    assert len(played) == moves <= len(events) <= MAX_DEAL_EVENTS
    assert_within(elapsed.seconds, 0.25, "a check of the longest feed")
    # The same feed sent twice over (every event sent again once): a comparison each, no
    # move played again.
    played.clear()
    doubled = [item for event in events for item in (event, event)][:MAX_DEAL_EVENTS]
    deal_problems(deal.commitment, deal.public(revealed=True), view, doubled)
    assert len(played) <= len(doubled) // 2 + 1
    played.clear()
    with pytest.raises(InvalidValueError, match="at most"):
        deal_problems(
            deal.commitment, deal.public(revealed=True), view, [events[0]] * (MAX_DEAL_EVENTS + 1)
        )
    assert not played

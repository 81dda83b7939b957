"""The hand's log (:mod:`scala40.history`) in every game and preset: what every seat saw
of the hand in play, kept once for every game by the state base.

In seeded random games (and from every seat), each applied move

* is the log's last entry, with the seat that made it (none for a chance step, whose
  cards' order is never logged) and the cards it took into the mover's hand from a
  face-up place: exactly those that came into the hand and left the face-up places
  (the oracle, a reading of the two states), which the event feed shows every seat
  (:mod:`scala40.events`);
* keeps the shown cards true: each hand holds the cards it was seen to take and has not
  played (``problems()`` checks it, and a state's views say so in ``known_cards()``);
* leaves a log that reads back from the state's dictionary and from the view's JSON, is
  the same in a sample of any seat's view and in a twin state (the same public moves),
  and starts empty with each new hand;

and a state that keeps no log (``without_log()``) plays the same moves.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from scala40.cards import CARD_NAMES
from scala40.errors import InvalidPositionError, SerializationError
from scala40.events import events_of
from scala40.game import Game, load_game
from scala40.history import (
    MAX_HISTORY,
    MAX_LOGGED_MOVES,
    HandHistory,
    log_from_json,
    log_of,
    log_to_json,
    shown_of,
)
from scala40.movekinds import DealMove, RestockMove
from scala40.resignation import ResignMove
from tests.protocol.cases import registered_cases
from tests.protocol.tally import TALLY, long_run

GAMES = 3 if long_run() else 1
"""Seeded random games per game and preset."""
MAX_ACTIONS = 2000 if long_run() else 400


def _check_move(before: Any, move: Any, after: Any) -> None:
    if after.hand_number != before.hand_number:
        assert len(after.history) == 0, "a new hand starts with an empty log"
        return
    entry = after.history[-1]
    assert len(after.history) == len(before.history) + 1 or after.history.dropped
    if isinstance(move, ResignMove):
        assert entry.seat == move.seat
    else:
        assert entry.seat == before.current_player
    if isinstance(move, (DealMove, RestockMove)) and before.is_chance:
        assert entry.move == type(move)(), "a chance step's order is nobody's to see"
    else:
        assert entry.move == move
    [first, *_] = events_of(before, move, after)
    assert entry.shown == _taken_from_face_up(before, after, entry.seat)
    assert entry.shown == tuple(first.shown), "the log shows what the event feed shows"
    assert after.problems() == []
    for seat, cards in enumerate(after.shown):
        assert not Counter(cards) - Counter(after.hands[seat])
        TALLY["shown cards checked"] += len(cards)


def _taken_from_face_up(before: Any, after: Any, seat: int | None) -> tuple[int, ...]:
    """The oracle of what a move showed: the cards that came into the mover's hand and
    left the face-up places, unless the discard pile became a new stock (whose card the
    mover drew is hidden)."""
    if seat is None or after.hand_number != before.hand_number:
        return ()
    received = Counter(after.hands[seat]) - Counter(before.hands[seat])
    left = Counter(before.face_up_cards()) - Counter(after.face_up_cards())
    if sum(left.values()) > sum(received.values()):
        return ()
    return tuple(sorted((left & received).elements()))


def _check_state(game: Game, state: Any, chooser: random.Random) -> None:
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    assert again.history == state.history
    assert again.shown == state.shown
    for seat in range(state.player_count):
        view = state.view(seat)
        assert view.history == state.history
        assert view.known_cards()[seat] == state.hands[seat]
        data = json.loads(json.dumps(view.to_dict()))
        public = {
            key: data["public"][key]
            for key in ("history", "history_start")
            if key in data["public"]
        }
        assert public == log_to_json(state.hand_log)
        sample = view.sample(chooser.randrange(10**6))
        assert sample.hand_log is state.hand_log  # shared, as the hand's nodes are
        assert sample.view(seat).history == view.history
    TALLY["logs checked"] += 1


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_the_log_keeps_what_every_seat_saw(game: Game, preset: str) -> None:
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    for seed in range(GAMES):
        chooser = random.Random(seed)
        state = game.new_game(rules, players, seed, auto_chance=seed % 2 == 1)
        quiet = state.without_log()
        for step in range(MAX_ACTIONS):
            if state.is_over:
                break
            legal = state.legal_moves()
            move = legal[chooser.randrange(len(legal))]
            after = state.apply(move)
            _check_move(state, move, after)
            quiet = quiet.apply(move)
            assert quiet == after
            assert len(quiet.history) == 0
            if step % 25 == 0:
                _check_state(game, after, chooser)
            state = after


def test_a_long_hand_keeps_its_last_moves_and_what_they_showed() -> None:
    """A hand without a turn limit can go on for ever (CH-TURN): the log keeps the last
    MAX_LOGGED_MOVES moves or so, and the shown cards of those it no longer keeps."""

    class Move(str):
        """A move of text ``take`` or ``discard N`` (card N played from the hand)."""

        def cards_from_hand(self) -> tuple[int, ...]:
            return (int(self.split()[1]),) if self.startswith("discard") else ()

    # Seat 0 takes a card and discards it again, but keeps one in 500 for good.
    entries: list[tuple[int, Move, tuple[int, ...]]] = []
    for index in range(2500):
        card = index % 52
        entries.append((0, Move("take"), (card,)))
        if index % 500:
            entries.append((0, Move(f"discard {card}"), ()))
    log = log_of(entries, 2)
    history = HandHistory(log)
    assert MAX_LOGGED_MOVES <= len(history) < MAX_HISTORY
    assert history.dropped + len(history) == len(entries)
    assert history[-1].move == "discard 3"
    kept = tuple(sorted(index % 52 for index in range(0, 2500, 500)))
    assert shown_of(log, (60, 60)) == (kept, ())
    data = json.loads(json.dumps(log_to_json(log)))
    assert data["history_start"]["moves"] == history.dropped
    again = log_from_json(data, Move, 2, "")
    assert shown_of(again, (60, 60)) == shown_of(log, (60, 60))
    assert HandHistory(again) == history


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"history": "draw"}, "history must be a list"),
        ({"history": [[0]]}, r"history\[0\] must be"),
        ({"history": [[5, "draw"]]}, r"history\[0\] must be"),
        ({"history": [[True, "draw"]]}, r"history\[0\] must be"),
        ({"history": [[None, "deal", "7H"]]}, "a chance step shows no card"),
        ({"history": [[0, "take", "7X"]]}, "bad card"),
        ({"history": [[0, "fly"]]}, "unknown verb"),
        # A document spells moves and cards as the library writes them.
        ({"history": [[0, "DRAW"]]}, "the verb is written 'draw'"),
        ({"history": [[0, "discard  7H"]]}, "word 2 is empty"),
        ({"history": [[0, "take", "7h"]]}, "'7h' at position 1 is written 7H"),
        ({"history": [[0, "take", ""]]}, "shows no card"),
        ({"history": [], "history_start": {"moves": -1, "shown": ["", ""]}}, "history_start"),
        ({"history": [[0, "draw"]] * MAX_HISTORY}, "at most"),
    ],
)
def test_a_hostile_log_is_refused_naming_what_is_wrong(data: Any, message: str) -> None:
    state = load_game("chinchon").new_game(None, 2, 1)
    with pytest.raises(Exception, match=message) as raised:
        type(state).from_dict({**state.to_dict(), **data})
    assert type(raised.value).__name__ == "SerializationError"


def _showing_state(game: Game, preset: str) -> Any:
    """A state of a seeded random game in which some hand shows a card."""
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    for seed in range(50):
        chooser = random.Random(seed)
        state = game.new_game(rules, players, seed)
        for _ in range(300):
            if state.is_over:
                break
            if any(state.shown) and not state.is_chance:
                return state
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
    raise AssertionError("no hand showed a card")  # pragma: no cover


def _shown_text(shown: Any) -> str:
    """A position's ``shown`` field for these shown cards."""
    return "/".join("".join(CARD_NAMES[card] for card in cards) or "-" for cards in shown)


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_a_log_that_contradicts_the_hands_is_refused(game: Game, preset: str) -> None:
    """A log is checked against the hands it speaks of, in a dictionary and in a
    position's text: a shown card the hand lacks, a card shown more often than held, a
    hand shown holding a card it took this turn that the log leaves out, and a shown
    field that shows nothing (the text of a position where no hand shows a card leaves
    the field out) are refused, naming the log; nothing is silently dropped."""
    state = _showing_state(game, preset)
    seat = next(place for place, cards in enumerate(state.shown) if cards)
    card = state.shown[seat][0]
    hand = state.hands[seat]
    lacking = next(other for other in state.all_cards() if other not in hand)
    data = json.loads(json.dumps(state.to_dict()))
    place = max(
        index
        for index, entry in enumerate(data["history"])
        if entry[0] == seat and len(entry) == 3 and CARD_NAMES[card] in entry[2].split()
    )
    refused = 0

    def refuse_dict(changed: dict[str, Any], message: str) -> None:
        nonlocal refused
        with pytest.raises(SerializationError, match=message):
            game.state_from_dict(changed)
        refused += 1

    # The shown card replaced by one the hand does not hold.
    history = [list(entry) for entry in data["history"]]
    history[place][2] = " ".join(
        CARD_NAMES[lacking] if name == CARD_NAMES[card] else name
        for name in history[place][2].split()
    )
    refuse_dict({**data, "history": history}, "does not hold")
    # The same taking logged twice: the card shown more often than the hand holds it.
    if hand.count(card) == 1:
        history = [list(entry) for entry in data["history"]]
        history.insert(place, list(history[place]))
        refuse_dict({**data, "history": history}, "does not hold")
    # The position's text: the shown field changed the same ways, and emptied.
    text = state.to_text()
    field = f"shown={_shown_text(state.shown)}"
    assert field in text.split()
    others = list(state.shown)
    others[seat] = tuple(sorted((*state.shown[seat][1:], lacking)))
    twice = list(state.shown)
    twice[seat] = tuple(sorted((*state.shown[seat], card)))
    spellings = [f"shown={_shown_text(others)}", f"shown={_shown_text([()] * len(state.shown))}"]
    if hand.count(card) == 1:
        spellings.append(f"shown={_shown_text(twice)}")
    for spelling in spellings:
        with pytest.raises(InvalidPositionError):
            game.state_from_text(text.replace(field, spelling))
        refused += 1
    # The seat's own view: its own shown cards are checked against its own hand.
    view_text = state.view(seat).to_text()
    if field in view_text.split():
        for spelling in spellings:
            with pytest.raises(InvalidPositionError):
                game.view_from_text(view_text.replace(field, spelling))
            refused += 1
    TALLY["contradicting logs refused"] += refused

"""The event feed (:mod:`scala40.events`) in every game and preset: each applied move's
events, as each seat may see them.

In seeded random games, every move's events

* carry the move number the move made, and the seat that moved (none for chance steps);
* show a player's move to every seat as the state reads it back, and a chance step's
  kind only, never its cards' order;
* give each seat exactly the cards that came into its own hand, and nothing of the
  others' hands but the cards taken from where everyone saw them (the discard pile, an
  offer, a table meld's joker), which every seat is shown: the events of a twin state (a sample of a seat's view, differing in the
  cards that seat cannot see) look the same to that seat;
* end a hand with its result and the game with its winners, once each.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.events import Event, events_of, events_since
from scala40.game import Game, load_game
from tests.protocol.cases import registered_cases

PUBLIC_TAKES = ("take", "upcard", "accept", "claim", "swap", "exchange")
"""The verbs that take a card into the mover's hand from where every seat saw it."""


def _check_events(before: Any, move: Any, after: Any, chooser: random.Random) -> list[Event]:
    events = events_of(before, move, after)
    first = events[0]
    assert all(event.number == after.move_number for event in events)
    assert first.chance == before.is_chance
    assert first.seat == (None if before.is_chance else before.current_player)
    for seat in range(before.player_count):
        shown = first.for_seat(seat)
        assert json.loads(json.dumps(shown)) == shown
        if before.is_chance:
            assert shown["move"] is None
            assert shown["move_dict"] is None
        else:
            assert before.MOVES.parse(shown["move"]) == before.MOVES.from_dict(shown["move_dict"])
        gained = Counter(after.view(seat).hand) - Counter(before.view(seat).hand)
        assert sorted(shown["cards"]) == sorted(_names(gained))
    # A card taken from where everyone saw it (the discard pile, an offer, a table meld's
    # joker) is shown to every seat; a card drawn from the stock never is.
    if not before.is_chance:
        mover = before.current_player
        gained = Counter(after.view(mover).hand) - Counter(before.view(mover).hand)
        shown_cards = Counter(first.shown)
        assert shown_cards & gained == shown_cards
        verb = first.kind
        if verb in PUBLIC_TAKES and after.hand_number == before.hand_number:
            assert gained
            assert shown_cards == gained
        if verb == "draw":
            assert not first.shown
    # A twin of one seat's view sees the same events.
    seat = chooser.randrange(before.player_count)
    twin = before.view(seat).sample(chooser.randrange(1000))
    if not twin.is_over and twin.current_player == before.current_player:
        twin_move = move if not before.is_chance else None
        if twin_move is not None and twin.is_legal(twin_move):
            twin_after = twin.apply(twin_move)
            if twin_after.view(seat) == after.view(seat):
                twins = events_of(twin, twin_move, twin_after)
                assert [event.for_seat(seat) for event in twins] == [
                    event.for_seat(seat) for event in events
                ]
    kinds = [event.kind for event in events[1:]]
    assert kinds.count("hand_end") <= 1
    assert kinds.count("game_over") <= 1
    if after.is_over:
        assert kinds[-1] == "game_over"
        assert events[-1].for_seat(0)["winners"] == list(after.winners)
    return list(events)


def _names(cards: Counter[int]) -> list[str]:
    from scala40.cards import CARD_NAMES

    return [CARD_NAMES[card] for card in cards.elements()]


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_every_move_makes_its_events(game: Game, preset: str) -> None:
    for seed, auto_chance in ((1, True), (2, False)):
        rules = game.resolve_rules(preset)
        players = max(rules.min_players, min(game.default_players, rules.max_players))
        state: Any = game.new_game(rules, players, seed, auto_chance=auto_chance)
        chooser = random.Random(seed)
        log: list[Event] = []
        for _ in range(150):
            if state.is_over:
                break
            legal = state.legal_moves()
            move = legal[chooser.randrange(len(legal))]
            after = state.apply(move)
            log += _check_events(state, str(move), after, chooser)
            state = after
        numbers = [event.number for event in log]
        assert numbers == sorted(numbers)
        middle = state.move_number // 2
        missed = events_since(log, middle, seat=0)
        assert [item["number"] for item in missed] == [n for n in numbers if n > middle]


def test_events_refuse_wrong_arguments() -> None:
    game = load_game("rumino")
    before: Any = game.new_game(None, 2, 1)
    after = before.apply("draw")
    [event] = events_of(before, "draw", after)
    seats: list[Any] = [-1, 2, "0", None, 10**100]
    for seat in seats:
        error = InvalidValueError if type(seat) is int else InvalidArgumentError
        with pytest.raises(error, match="seat must be a seat from 0 to 1"):
            event.for_seat(seat)
    with pytest.raises(InvalidArgumentError, match="one move after"):
        events_of(before, "draw", before)
    with pytest.raises(InvalidArgumentError, match="two states of one game"):
        events_of(before, "draw", load_game("chinchon").new_game(None, 2, 1))
    with pytest.raises(InvalidValueError, match="number must be an integer"):
        events_since([event], -1, 0)
    with pytest.raises(InvalidArgumentError, match="number must be an integer"):
        events_since([event], "1", 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected events"):
        events_since(["draw"], 0, 0)  # type: ignore[list-item]

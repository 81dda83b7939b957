"""Observations: fixed shapes, numbers within their declared ranges, from the seat's view
only; texts that tell views apart; the decision part; information-state digests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import scala40
from scala40.adapters.actions import ActionEncoding
from scala40.adapters.observation import observation_of
from scala40.adapters.observation.scala40 import OBSERVATION, max_table_melds
from scala40.adapters.observations import PROTOCOL_OBSERVATION, History, Observer
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import ObservationEncoding, ObservationField, game_names, load_game
from tests.adapters.toygame import GAME as TOY


def _states(game: Any, preset: str, players: int, seed: int, count: int) -> Iterator[Any]:
    chooser = random.Random(seed)
    state = game.new_game(preset, players, seed)
    for _ in range(count):
        yield state
        if state.is_over:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


def _blocks(
    fields: tuple[ObservationField, ...], numbers: Any
) -> Iterator[tuple[Any, list[float]]]:
    at = 0
    for field in fields:
        yield field, list(numbers[at : at + field.size])
        at += field.size
    assert at == len(numbers)


SCALA40 = load_game("scala40")


@pytest.mark.parametrize("preset", SCALA40.ruleset_type.preset_names())
def test_scala40_numbers_are_in_range_and_come_from_the_view_alone(preset: str) -> None:
    players = SCALA40.ruleset_type.preset(preset).max_players
    for seed in range(2):
        for index, state in enumerate(_states(SCALA40, preset, players, seed, 300)):
            fields = OBSERVATION.fields(state.rules, players)
            for seat in range(players) if index % 10 == 0 else (index % players,):
                view = state.view(seat)
                numbers = OBSERVATION.encode(view)
                blocks = {field.name: values for field, values in _blocks(fields, numbers)}
                for field, values in _blocks(fields, numbers):
                    assert min(values) >= field.low, field.name
                    assert max(values) <= field.high, field.name
                assert sum(blocks["hand"]) == len(view.hand)
                others = sum(view.hand_sizes) - len(view.hand)
                assert sum(blocks["unseen"]) == others + view.stock_size
                assert blocks["hand_sizes"][0] == len(view.hand)
                assert sum(blocks["table_kind"]) == len(view.table)
                # What the seat cannot see does not show: a state sampled from its view
                # (other hands and stock dealt afresh) gives the same numbers and text.
                if index % 25 == 0:
                    again = view.sample(seed + index).view(seat)
                    assert list(OBSERVATION.encode(again)) == list(numbers)
                    assert OBSERVATION.text(again) == OBSERVATION.text(view)


def test_scala40_texts_tell_views_apart() -> None:
    for preset in ("official", "classic"):
        seen: dict[str, Any] = {}  # texts leave the rules out: they never change in a game
        for seed in range(3):
            for state in _states(SCALA40, preset, 3, seed, 250):
                for seat in range(3):
                    view = state.view(seat)
                    text = OBSERVATION.text(view)
                    assert seen.setdefault(text, view) == view
        assert len(seen) > 1000


def test_scala40_encoding_is_the_game_records() -> None:
    assert isinstance(OBSERVATION, ObservationEncoding)
    assert observation_of(SCALA40) is OBSERVATION
    rules = scala40.Ruleset()
    fields = OBSERVATION.fields(rules, 4)
    assert OBSERVATION.fields(rules, 4) is fields
    names = [field.name for field in fields]
    assert len(names) == len(set(names))
    assert {field.name: field.shape for field in fields}["table_cards"] == (36, 53)
    assert max_table_melds(scala40.Ruleset(jokers=2)) == 35
    state = scala40.new_game(rules, players=4, seed=1)
    assert len(OBSERVATION.encode(state.view(2))) == sum(field.size for field in fields)


class _Reading:
    """A state that notes the name of everything read from it."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.names: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.names.add(name)
        return getattr(self.state, name)


@pytest.mark.parametrize("name", game_names())
def test_encoding_a_state_gives_its_views_numbers_and_reads_only_the_view(name: str) -> None:
    """``encode_state(state, seat)`` is ``encode(state.view(seat))``, and reads nothing
    of the state that the view does not copy from it (its public fields, the seat's own
    hand, the counts of cards), whatever the preset: what a seat cannot see does not
    show, as with the view."""
    game = load_game(name)
    encoding: Any = observation_of(game)
    for preset in game.ruleset_type.preset_names():
        players = game.ruleset_type.preset(preset).max_players
        names: set[str] = set()
        for index, state in enumerate(_states(game, preset, players, 1, 250)):
            for seat in range(players) if index % 5 == 0 else (index % players,):
                view = state.view(seat)
                numbers = list(encoding.encode(view))
                reading = _Reading(state)
                assert list(encoding.encode_state(reading, seat)) == numbers
                names |= reading.names
                if index % 50 == 0:
                    again = view.sample(index)
                    assert list(encoding.encode_state(again, seat)) == numbers
        kind = type(view)
        shown = {"hands", "stock", "player_count", *kind.PUBLIC_FIELDS}
        read = {name for name in names if not isinstance(getattr(kind, name, None), property)}
        assert read <= shown, read - shown
    with pytest.raises(InvalidValueError, match="seat must be from 0 to"):
        encoding.encode_state(state, players)
    with pytest.raises(InvalidArgumentError, match="expected a game state, got"):
        encoding.encode_state("a state", 0)


def test_fallback_observation_for_a_game_without_one() -> None:
    encoding = ActionEncoding(TOY, None, 4)
    observer = Observer(encoding)
    assert observer.game_encoding is PROTOCOL_OBSERVATION
    names = [field.name for field in observer.fields]
    assert names == [
        "to_move", "scores", "winners", "hand_number", "over",
        "acting", "slot", "move_tokens", "field_tokens",
    ]  # fmt: skip
    state = TOY.new_game(None, 4, 3)
    chooser = random.Random(3)
    while True:
        for seat in range(4):
            numbers = observer.encode(state, seat)
            assert len(numbers) == observer.size
            for field, values in _blocks(observer.fields, numbers):
                assert field.low <= min(values) <= max(values) <= field.high
            assert observer.text(state, seat) == repr(state.view(seat))
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    winners = observer.encode(state, 0)[8:12]
    assert winners == [float(seat in state.winners) for seat in range(4)]


def test_the_decision_part_says_what_is_being_chosen() -> None:
    encoding = ActionEncoding("scala40", players=2)
    observer = Observer(encoding)
    state = scala40.new_game(players=2, seed=3).apply("draw")
    decision = encoding.decision(state)
    meld = decision.after(encoding.token_id("meld"))
    first_card = meld.actions()[0]
    chosen = meld.after(first_card)
    numbers = observer.encode(state, 0, chosen)
    acting = observer.offset("acting")
    slot = observer.offset("slot")
    move = observer.offset("move_tokens")
    field = observer.offset("field_tokens")
    assert numbers[acting] == 1.0
    assert encoding.slots[numbers[slot:move].index(1.0)] == (scala40.PutDown, "cards")
    assert numbers[move + encoding.token_id("meld")] == 1.0
    assert numbers[move + first_card] == 1.0
    assert numbers[field + first_card] == 1.0
    assert numbers[field + encoding.token_id("meld")] == 0.0
    # The other seat sees nothing of the decision; the text shows the chooser its tokens.
    other = observer.encode(state, 1, chosen)
    assert not any(other[acting:])
    assert observer.text(state, 0, chosen).endswith(
        "choosing: meld " + encoding.describe(first_card)
    )
    assert "choosing" not in observer.text(state, 1, chosen)
    with pytest.raises(InvalidValueError, match="no observation block named 'hands'"):
        observer.offset("hands")


def test_history_digests_follow_what_each_seat_observed() -> None:
    text = OBSERVATION.text
    start = scala40.new_game(players=2, seed=5)
    mover = start.current_player
    assert mover is not None
    watcher = 1 - mover
    root = History(None, start)
    drawn = start.apply("draw")
    after_draw = root.after(drawn, mover, scala40.DrawStock())
    # The same observations give the same digest; a new observation another digest.
    again = History(None, start).after(drawn, mover, scala40.DrawStock())
    assert after_draw.digest(mover, text) == again.digest(mover, text)
    assert after_draw.digest(mover, text) != root.digest(mover, text)
    assert after_draw.digest(watcher, text) != root.digest(watcher, text)
    # The watcher sees the mover draw; a deal where the mover's cards and the stock differ
    # reads the same to it, but not to the mover.
    other_deal = start.view(watcher).sample(7)
    assert other_deal.hands[mover] != start.hands[mover]
    other_root = History(None, other_deal)
    other_after = other_root.after(other_deal.apply("draw"), mover, scala40.DrawStock())
    assert other_root.digest(watcher, text) == root.digest(watcher, text)
    assert other_after.digest(watcher, text) == after_draw.digest(watcher, text)
    assert other_root.digest(mover, text) != root.digest(mover, text)
    # Long histories are summed without recursion.
    node = root
    for _ in range(5000):
        node = node.after(start, None, None)
    assert len(node.digest(watcher, text)) == 16

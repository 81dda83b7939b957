"""Skarney's endgame search (:mod:`scala40.bots.skarney.endgame`): careful's moves wherever
it does not search, legal and the same from the same view and generator, blind to the
cards its view hides, its departures confirmed on fresh worlds, its work bounded and its
options checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.bots import bot_options, make_bot
from scala40.bots.skarney import CarefulBot, EndgameBot
from scala40.bots.skarney import endgame as endgame_module
from scala40.bots.skarney.endgame import (
    DECISION_KINDS,
    decision_kind,
    play_out,
    side_margin,
)
from scala40.deadline import Deadline
from scala40.errors import IllegalMoveError, InvalidArgumentError, InvalidBotSpecError
from scala40.games.skarney import new_game
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.state import GameState
from tests.decisions import varied_decisions

CARE = CarefulBot()


def _endgame(seed: int, pile: int, games: int = 1) -> Iterator[GameState]:
    """The decisions with a choice of careful bots' games while the pile holds ``pile``
    cards or fewer."""
    rng = random.Random(0)
    for number in range(games):
        state = new_game(seed=seed + number)
        while not state.is_over:
            legal = list(state.legal_moves())
            if state.is_chance or len(legal) == 1:
                state = state.apply(legal[0])
                continue
            seat = state.current_player
            assert seat is not None
            if len(state.stock) <= pile:
                yield state
            state = state.apply(CARE.choose(state.view(seat), legal, rng))


def _view_and_legal(state: GameState) -> tuple[Any, list[Any]]:
    seat = state.current_player
    assert seat is not None
    return state.view(seat), list(state.legal_moves())


@pytest.mark.parametrize(("preset", "players"), [("partnership", 4), ("singles", 3)])
def test_where_it_does_not_search_it_plays_careful_s_moves(preset: str, players: int) -> None:
    # The pile is longer than ``pile`` at every decision of a game's first 300 moves.
    bot = EndgameBot(pile=0)
    compared = 0
    for state in varied_decisions("skarney", preset, players, 4, 300):
        view, legal = _view_and_legal(state)
        if view.stock_size == 0:
            continue
        assert bot.choose(view, legal, random.Random(1)) == CARE.choose(view, legal, None)  # type: ignore[arg-type]
        compared += 1
    assert compared > 50


def test_with_no_kind_searched_it_plays_careful_s_moves_in_the_endgame() -> None:
    bot = EndgameBot(kinds="exchange", pile=100)
    for state in list(_endgame(40, 8))[:60]:
        view, legal = _view_and_legal(state)
        ranked = CARE.ranked(view, legal)
        if decision_kind(view, ranked) != "exchange":
            assert bot.choose(view, legal, random.Random(1)) == ranked[0]


def test_it_plays_legal_moves_the_same_from_the_same_view_and_generator() -> None:
    bot = make_bot("endgame:worlds=3,confirm=3,margin=0", "skarney")
    departed = 0
    for state in list(_endgame(50, 10, games=2))[::4][:30]:
        view, legal = _view_and_legal(state)
        move = bot.choose(view, legal, random.Random(7))
        assert move in legal
        assert bot.choose(view, legal, random.Random(7)) == move
        departed += move != CARE.choose(view, legal, random.Random(0))
    assert departed > 0


def test_it_never_reads_the_cards_its_view_hides() -> None:
    """Two states that differ only in what the seat cannot see (the other hands and the
    pile, dealt again from its view) give the same move with the same generator."""
    bot = EndgameBot(worlds=2, confirm=2)
    checked = 0
    for state in list(_endgame(60, 10))[::4][:14]:
        view, legal = _view_and_legal(state)
        other = view.sample(99)
        assert other.view(view.player) == view
        if other.hands == state.hands and other.stock == state.stock:
            continue  # nothing hidden to deal otherwise
        first = bot.choose(view, legal, random.Random(3))
        assert bot.choose(other.view(view.player), legal, random.Random(3)) == first
        checked += 1
    assert checked >= 10


def test_a_departure_is_played_only_where_fresh_worlds_confirm_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The defect guarded: the best of several candidates on the worlds it was chosen on
    (a winner's curse). The choosing worlds favour another move than careful's; where the
    confirming worlds favour careful's, the bot keeps it; where they favour the other, it
    departs."""
    state = next(state for state in _endgame(70, 10) if state.phase is Phase.OFFER)
    view, legal = _view_and_legal(state)
    bot = EndgameBot(worlds=4, confirm=4, candidates=2)
    options = bot.options(view, CARE.ranked(view, legal))
    assert options[0] == CARE.choose(view, legal, random.Random(0))

    def favouring(confirmed: int) -> Any:
        def values(
            self: EndgameBot,
            view: Any,
            options: list[Any],
            indices: Any,
            count: int,
            seed: int,
            limit: Deadline,
        ) -> list[list[float]]:
            favoured = confirmed if seed >= endgame_module._FRESH else 1
            return [
                [10.0 * (index == favoured) + world for world in range(count)] for index in indices
            ]

        return values

    monkeypatch.setattr(EndgameBot, "_values", favouring(0))
    assert bot.choose(view, legal, random.Random(1)) == options[0]
    monkeypatch.setattr(EndgameBot, "_values", favouring(1))
    assert bot.choose(view, legal, random.Random(1)) == options[1]


def test_its_work_is_bounded_by_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: list[int] = []
    real = endgame_module.play_out

    def counting(*args: Any, **keywords: Any) -> float | None:
        counted.append(1)
        return real(*args, **keywords)

    monkeypatch.setattr(endgame_module, "play_out", counting)
    bot = EndgameBot(worlds=3, confirm=2, candidates=3)
    most = 0
    for state in list(_endgame(80, 10))[::5][:20]:
        view, legal = _view_and_legal(state)
        counted.clear()
        bot.choose(view, legal, random.Random(2))
        options = bot.options(view, CARE.ranked(view, legal))
        assert len(options) <= 3 + 1
        assert len(counted) <= len(options) * 3 + 2 * 2
        most = max(most, len(counted))
    assert most > 0


def test_it_returns_careful_s_move_when_the_deadline_has_passed() -> None:
    for state in list(_endgame(90, 10))[::5][:10]:
        view, legal = _view_and_legal(state)
        passed = Deadline.after(0)
        assert EndgameBot().choose(view, legal, random.Random(1), deadline=passed) == (
            CARE.choose(view, legal, random.Random(0))
        )


def test_decision_kinds_name_accept_offer_melds_contract_and_going_out() -> None:
    out = GameState.from_position(
        hands=["7S 7H 7D", "AS 3C 4D", "AH 4D 9C", "AD 6S 8H"],
        table=[("5S 5H 5D", 0), ("6C 6D 6H", 0), ("9S 9H 9D", 2)],
        contracts=[True, False],
    )
    view, legal = _view_and_legal(out)
    assert decision_kind(view, CARE.ranked(view, legal)) == "out"
    kept = GameState.from_position(
        hands=["7S 7H 7D 9C KD", "AS 3C 4D", "AH 4D 9C", "AD 6S 8H"],
        table=[("5S 5H 5D", 0), ("6C 6D 6H", 0), ("9S 9H 9D", 2)],
        contracts=[True, False],
    )
    view, legal = _view_and_legal(kept)
    assert decision_kind(view, CARE.ranked(view, legal)) == "meld"
    seen = set()
    for state in _endgame(100, 20, games=3):
        view, legal = _view_and_legal(state)
        seen.add(decision_kind(view, CARE.ranked(view, legal)))
    assert {"accept", "offer", "meld"} <= seen <= set(DECISION_KINDS)


def test_a_play_out_ends_the_hand_and_values_it_for_the_side() -> None:
    state = next(iter(_endgame(110, 6)))
    seat = state.current_player
    assert seat is not None
    hand = state.hand_number
    value = play_out(state, seat, hand, 5_000)
    assert value == play_out(state, (seat + 2) % 4, hand, 5_000)  # the partner's side
    assert value == -play_out(state, (seat + 1) % 4, hand, 5_000)  # type: ignore[operator]
    assert play_out(state, seat, hand, 5_000, Deadline.after(0)) is None
    # Cut short, the hand is valued as it stands.
    assert play_out(state, seat, hand, 0 + 1) == side_margin(
        state.apply(CARE.choose(state.view(seat), list(state.legal_moves()), random.Random(0))),
        seat,
        hand,
    )


def test_values_are_checked() -> None:
    state = next(iter(_endgame(120, 10)))
    view, legal = _view_and_legal(state)
    bot = EndgameBot()
    assert [len(row) for row in bot.values(view, legal[:2], 2, seed=1)] == [2, 2]
    with pytest.raises(InvalidArgumentError, match="seed"):
        bot.values(view, legal[:2], 2, seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        bot.values(state, legal[:2], 2, seed=1)  # type: ignore[arg-type]
    foreign = next(
        move for other in _endgame(130, 20) for move in other.legal_moves() if move not in legal
    )
    with pytest.raises(IllegalMoveError):
        bot.values(view, [foreign], 1, seed=1)


def test_its_options_are_named_and_checked() -> None:
    assert bot_options(EndgameBot) == (
        "pile", "worlds", "confirm", "candidates", "margin", "kinds", "rollout_limit",
        "time_limit",
    )  # fmt: skip
    bot = make_bot("endgame:pile=6,kinds=offer+meld+out,margin=0.5", "skarney")
    assert isinstance(bot, EndgameBot)
    assert (bot.pile, bot.kinds, bot.margin) == (6, ("offer", "meld", "out"), 0.5)
    assert make_bot("endgame:kinds=all", "skarney").kinds == DECISION_KINDS  # type: ignore[attr-defined]
    for spec, message in (
        ("endgame:pile=-1", "pile must be an integer from 0 to 108"),
        ("endgame:worlds=0", "worlds must be an integer from 1 to 10000"),
        ("endgame:candidates=1", "candidates must be an integer from 2 to 10000"),
        ("endgame:kinds=draw", "kinds must be names of decision kinds"),
        ("endgame:kinds=", "kinds must be names of decision kinds"),
        ("endgame:margin=much", "margin must be a number from 0 to 100"),
        ("endgame:time_limit=-1", "time_limit must be"),
    ):
        with pytest.raises(InvalidBotSpecError, match=message):
            make_bot(spec, "skarney")
    with pytest.raises(InvalidBotSpecError, match="kinds"):
        EndgameBot(kinds=3)  # type: ignore[arg-type]

"""The Skarney greedy bot, and the generic bots and tournaments over Skarney."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40.bots import Bot, PlayoutBot, RandomBot, make_bot, play_game
from scala40.bots.skarney import GreedyBot
from scala40.bots.skarney.bots import _table_fits
from scala40.cards import JOKER, parse_card
from scala40.games.skarney import new_game
from scala40.games.skarney.moves import Accept, Decline, Offer
from scala40.games.skarney.phases import side_of
from scala40.games.skarney.rules import MELD_RULES
from scala40.melds import MeldKind
from scala40.tournament import run_tournament
from tests.decisions import varied_decisions
from tests.games.skarney.helpers import position


@pytest.mark.parametrize(("preset", "players"), [("partnership", 4), ("singles", 3),
                                                  ("free_meld", 4), ("no_jokers", 4)])  # fmt: skip
def test_greedy_plays_whole_games_legally(preset: str, players: int) -> None:
    final = play_game(new_game(preset, players, seed=3), [GreedyBot()] * players, rng=3)
    assert final.is_over
    assert final.hand_number == 7


def test_greedy_beats_random_for_its_side() -> None:
    # Partners on seats 0 and 2 (SK-PLAYERS): a side's win is one win.
    wins = 0
    for seed in range(4):
        pair: list[Bot] = (
            [GreedyBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), GreedyBot()]
        )
        bots = pair * 2
        final = play_game(new_game(seed=seed), bots, rng=seed)
        greedy_seats = {0, 2} if seed % 2 == 0 else {1, 3}
        wins += set(final.winners) == greedy_seats
    assert wins == 4


def test_greedy_ranks_every_legal_move() -> None:
    bot = GreedyBot()
    state = new_game(seed=5).apply("draw")
    legal = list(state.legal_moves())
    ranked = bot.ranked(state.view(state.turn), legal)
    assert sorted(map(str, ranked)) == sorted(map(str, legal))
    assert bot.choose(state.view(state.turn), legal, random.Random(0)) == ranked[0]


def test_greedy_never_offers_a_wild_card_when_it_can_keep_it() -> None:
    state = position(["JK 2C 5S 9H KD", "AS 3C", "AH 4D", "AD 6S"])
    move = GreedyBot().choose(state.view(0), list(state.legal_moves()), random.Random(0))
    assert isinstance(move, Offer)
    assert move.card not in (parse_card("JK"), parse_card("2C"))


def test_greedy_makes_its_contract_and_exchanges_first() -> None:
    state = position(
        ["5S 5H 5D 7C 7C 7D KS KD JK 4C 9H", "AS 3C", "AH 4D", "AD 6S"],
        table=[("4S 4H 2C", 1)],
        contracts=[False, True],
    )
    bot = GreedyBot()
    moves = []
    while state.current_player == 0 and state.phase.value == "play":
        move = bot.choose(state.view(0), list(state.legal_moves()), random.Random(0))
        moves.append(str(move))
        state = state.apply(move)
    assert moves[0] == "exchange 4C #0"
    assert state.contracts[0]


def test_greedy_takes_an_offered_card_that_makes_its_contract() -> None:
    # Seat 1 holds two sets and two 9s: the offered 9D makes the third set.
    state = position(["5S 9D", "QS QH QD 7C 7C 7D 9S 9H 4C 3D", "AH 4D", "AD 6S"]).apply(
        "offer 9D"
    )
    choice = GreedyBot().choose(state.view(1), list(state.legal_moves()), random.Random(0))
    assert choice == Accept()
    useless = position(["5S 10D", "QS QH QD 7C 7C 7D 9S 9H 4C 3D", "AH 4D", "AD 6S"])
    useless = useless.apply("offer 10D")
    choice = GreedyBot().choose(useless.view(1), list(useless.legal_moves()), random.Random(0))
    assert choice == Decline()


def test_the_generic_playout_bot_plays_skarney() -> None:
    # Skarney has no Monte Carlo bot of its own: "montecarlo" is the generic PlayoutBot.
    bot = make_bot("montecarlo:playouts=2,candidates=2,rollout_limit=40", "skarney")
    assert isinstance(bot, PlayoutBot)
    state = new_game(seed=8)
    final = play_game(state, [bot, GreedyBot(), GreedyBot(), GreedyBot()], rng=8, max_actions=150)
    assert final.hand_number >= 1


def test_tournaments_count_sides() -> None:
    result = run_tournament(2, ["greedy", "random"], game="skarney", players=4, seed=1, workers=1)
    assert [game.seats for game in result.games] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert all(game.teams == ((0, 2), (1, 3)) for game in result.games)
    greedy, random_bot = result.stats
    assert greedy.games == 2
    assert greedy.wins == 2
    assert random_bot.wins == 0
    assert "higher scores are better in Skarney" in result.summary()


def _table_fits_by_card(view: Any, card: int) -> tuple[int, int]:
    """The oracle: how many melds of the bot's side, and of the side its offers go to
    first, ``card`` extends, meld by meld (a meld of wild cards only: wild cards alone)."""
    partnership = view.rules.partnership
    next_side = side_of((view.player + 1) % view.player_count, partnership)
    own = other = 0
    for meld, owner in zip(view.table, view.owners):
        if meld.kind is MeldKind.WILD and card not in MELD_RULES.wild_cards:
            continue
        if any(extension.card == card for extension in meld.extensions()):
            side = side_of(owner, partnership)
            own += side == view.side
            other += side != view.side and side == next_side
    return own, other


@pytest.mark.parametrize(("preset", "players"), [("partnership", 4), ("singles", 3)])
def test_the_table_fits_counted_once_a_table_are_the_fits_card_by_card(
    preset: str, players: int
) -> None:
    """The bots count each card's fits to the table once a table and seat, from the cards
    that extend each meld (kept meld by meld): the counts are the oracle's, card by
    card, at every decision of varied games deep into their hands (tables of many melds,
    melds of wild cards among them) and from views made anew of the same state."""
    checked = 0
    for state in varied_decisions("skarney", preset, players, 9, 1_500):
        seat = state.current_player
        assert seat is not None
        cards = set(range(JOKER + 1))
        for view in (state.view(seat), state.view(seat)):
            for card in cards:
                assert _table_fits(view, card) == _table_fits_by_card(view, card)
        checked += bool(state.table)
    assert checked > 100

"""Search a decision from what one player may see: determinization over player views.

Run it with no arguments, scala40 installed::

    python examples/search_with_views.py

A search bot never sees the other hands nor the order of the stock. It takes its
``PlayerView``, deals the cards it cannot see at random many times
(``PlayerView.sample``: each sample is a full ``GameState`` consistent with the view),
tries each of its moves in every sample and plays the rest of the hand out. This script
does it by hand in a few lines, with greedy players for the playouts, and then asks the
shipped ``MonteCarloBot`` the same question.
"""

from __future__ import annotations

import random

from scala40 import (
    Discard,
    GameState,
    GreedyBot,
    MonteCarloBot,
    Move,
    Phase,
    PlayerView,
    Ruleset,
    format_cards,
    new_game,
)
from scala40.bots import play_game

RULES = Ruleset(match_format="single")  # S40-V-SINGLE: the first to close wins


def a_decision() -> GameState:
    """Play greedy players from seeded deals until player 0, having opened, has a real
    choice in the play phase (a meld or a layoff, or which card to discard)."""
    greedy = GreedyBot()
    for seed in range(100):
        state = new_game(RULES, players=2, seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = list(state.legal_moves())
            if (
                state.turn == 0
                and state.opened[0]
                and state.phase is Phase.PLAY
                and len(state.hands[0]) >= 4
                and any(not isinstance(move, Discard) for move in legal)
            ):
                return state
            state = state.apply(greedy.choose(state.view(state.turn), legal, chooser))
    raise RuntimeError("no decision found")


def playout_wins(view: PlayerView, move: Move, samples: int, seed: int) -> float:
    """How often ``move`` wins the hand for the viewer, over sampled deals of the hidden
    cards, with greedy players in every seat afterwards."""
    wins = 0
    for world in view.samples(samples, seed):
        final = play_game(world.apply(move), [GreedyBot(), GreedyBot()], seed, max_actions=400)
        wins += view.player in final.winners
    return wins / samples


def main() -> None:
    state = a_decision()
    view = state.view(0)
    print(f"player 0 holds {format_cards(view.hand)}; the table: "
          f"{' | '.join(str(meld) for meld in view.table)}")  # fmt: skip
    print(f"player 1 holds {view.hand_sizes[1]} hidden cards; the stock has {view.stock_size}")

    # Every sample agrees with the view and differs in what the view hides.
    for world in view.samples(3, seed=5):
        assert world.view(0) == view
        print(f"  a sample deals player 1: {format_cards(world.hands[1])}")

    legal = list(view.legal_moves())
    greedy_choice = GreedyBot().choose(view, legal, random.Random(0))
    candidates = [greedy_choice, *[move for move in legal if move != greedy_choice][:3]]
    print("win rate of each candidate over 40 sampled deals (greedy playouts):")
    for move in candidates:
        print(f"  {move!s:<28} {playout_wins(view, move, 40, seed=7):.0%}")

    bot = MonteCarloBot(playouts=240)
    scores = bot.evaluate(view, candidates, random.Random(3), rounds=40)
    print("the same candidates scored by MonteCarloBot.evaluate:")
    for move, score in scores.items():
        print(f"  {move!s:<28} {score:.2f}")
    print(f"MonteCarloBot plays: {bot.choose(view, legal, random.Random(3))}")


if __name__ == "__main__":
    main()

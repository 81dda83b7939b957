"""OpenSpiel's information-set MCTS (its Python ``ISMCTSBot``) against the library's
greedy bot, in OpenSpiel's own ``evaluate_bots``, on one hand of a game of the library;
each deal played twice, the search in each seat.

Needs the ``openspiel`` extra (``pip install "scala40[openspiel]"``):

    python examples/recipes/openspiel_ismcts.py --deals 20 --simulations 100

``evaluate_bots`` calls every bot's ``restart_at`` before a game. OpenSpiel's Python
``ISMCTSBot`` does not define it (it searches afresh at every step, so it has nothing to
restart), and the base class raises "RestartAt(state) not implemented": the search is
wrapped in :class:`~scala40.adapters.openspiel_bots.Restartable`, whose ``restart_at``
does nothing. The greedy bot is an :class:`~scala40.adapters.openspiel_bots.OpenSpielBot`.
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from scala40.adapters import openspiel
from scala40.adapters.episodes import learning_rules
from scala40.adapters.openspiel_bots import OpenSpielBot, Restartable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    args = parser.parse_args()
    game = openspiel.load_game(
        args.game, rules=learning_rules(args.game), episode="hand", chance="deal"
    )
    won = 0.0
    for deal in range(args.deals):
        for seat in (0, 1):
            rng = np.random.RandomState(deal)
            search = ismcts.ISMCTSBot(
                game,
                evaluator=mcts.RandomRolloutEvaluator(1, rng),
                uct_c=2.0,
                max_simulations=args.simulations,
                random_state=rng,
            )
            bots = [OpenSpielBot(game, 1 - seat, "greedy", seed=deal)] * 2
            bots[seat] = Restartable(search)
            returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(deal))
            won += returns[seat]
    hands = 2 * args.deals
    print(
        f"ISMCTS ({args.simulations} simulations) against greedy: won {won / hands:.1%} of {hands} hands"
    )


if __name__ == "__main__":
    main()

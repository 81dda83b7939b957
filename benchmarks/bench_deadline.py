"""How closely the bots that search, and the belief, keep the deadline a caller gives.

Run it from the repository root, with scala40 installed::

    python benchmarks/bench_deadline.py                  # every game, 0.05 s and 0.2 s
    python benchmarks/bench_deadline.py skarney --budgets 0.05

For each game (its default rules) a hand is played by greedy bots from a fixed seed, and
three decisions of seat 0 with a choice are kept: its first, one about 25 moves later
and one about 60 moves later (what the hand has). Each bot is made afresh for each
budget and asked at those decisions in order (a bot on a belief so updates it over the
moves between them, the costliest update it meets), through
:func:`scala40.bots.choose_move` with a deadline of the budget on the wall clock, its own
``time_limit`` set to the same budget. The worst decision's wall and CPU time is printed
per bot, game and budget, with its overrun past the budget. Then one belief update over
the same moves is timed, at the default particles and at
:data:`~scala40.bots.belief.MAX_PARTICLES`, under a deadline of each budget.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from scala40 import Deadline
from scala40.bots import choose_move, make_bot
from scala40.bots.belief import DEFAULT_PARTICLES, MAX_PARTICLES, Belief
from scala40.bots.registry import game_bots_of
from scala40.game import game_names, load_game

BOTS = ("search", "belief", "belief:particles=10000", "ismcts", "montecarlo", "playout")
GAPS = (0, 25, 60)
"""Moves of the hand before each decision asked (roughly: the next with a choice)."""


def decisions(name: str, seed: int = 11) -> list[Any]:
    """The states at seat 0's decisions with a choice, about :data:`GAPS` moves apart."""
    game = load_game(name)
    rules = game.ruleset_type.preset(game.ruleset_type.DEFAULT_PRESET)
    players = 4 if name == "skarney" else 2
    state = game.new_game(rules, players, seed)
    greedy = game_bots_of(game).bots["greedy"]()
    rng = random.Random(seed)
    kept: list[Any] = []
    moves = 0
    while not state.is_over and len(kept) < len(GAPS):
        legal = list(state.legal_moves())
        if state.is_chance:
            state = state.apply(legal[0])
            continue
        seat = state.current_player
        if seat == 0 and len(legal) > 1 and moves >= GAPS[len(kept)]:
            kept.append(state)
        state = state.apply(greedy.choose(state.view(seat), legal, rng))
        moves += 1
    return kept


def worst_decision(spec: str, name: str, states: list[Any], budget: float) -> tuple[float, float]:
    """The worst wall and CPU seconds of one decision of ``spec`` over ``states``."""
    own = f"{spec}{',' if ':' in spec else ':'}time_limit={budget}"
    bot = make_bot(own, name)
    worst_wall = worst_cpu = 0.0
    for index, state in enumerate(states):
        legal = list(state.legal_moves())
        wall, cpu = time.monotonic(), time.thread_time()
        deadline = Deadline.after(budget)
        move = choose_move(bot, state.view(0), legal, random.Random(index), deadline)
        worst_wall = max(worst_wall, time.monotonic() - wall)
        worst_cpu = max(worst_cpu, time.thread_time() - cpu)
        assert move in legal
    return worst_wall, worst_cpu


def worst_update(particles: int, states: list[Any], budget: float) -> tuple[float, float, bool]:
    """The worst wall and CPU seconds of one update of a belief over ``states``, each
    under a deadline of ``budget``, and whether every update finished its work."""
    belief = Belief(particles=particles, seed=1)
    worst_wall = worst_cpu = 0.0
    finished = True
    for state in states:
        wall, cpu = time.monotonic(), time.thread_time()
        belief.update(state.view(0), deadline=Deadline.after(budget))
        worst_wall = max(worst_wall, time.monotonic() - wall)
        worst_cpu = max(worst_cpu, time.thread_time() - cpu)
        finished = finished and belief.finished
    return worst_wall, worst_cpu, finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(game_names()))
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.05, 0.2])
    parser.add_argument("--bots", nargs="+", default=list(BOTS))
    parser.add_argument(
        "--particles", type=int, nargs="+", default=[DEFAULT_PARTICLES, MAX_PARTICLES]
    )
    arguments = parser.parse_args()
    print(f"{'bot':<24} {'game':<10} {'budget':>6} {'wall':>7} {'cpu':>7} {'over':>7}")
    for name in arguments.games:
        states = decisions(name)
        for spec in arguments.bots:
            for budget in arguments.budgets:
                wall, cpu = worst_decision(spec, name, states, budget)
                over = max(wall, cpu) - budget
                print(f"{spec:<24} {name:<10} {budget:>6g} {wall:>7.3f} {cpu:>7.3f} {over:>+7.3f}")
        for particles in arguments.particles:
            for budget in arguments.budgets:
                wall, cpu, finished = worst_update(particles, states, budget)
                label = f"update:{particles}" + ("" if finished else " (cut)")
                over = max(wall, cpu) - budget
                print(
                    f"{label:<24} {name:<10} {budget:>6g} {wall:>7.3f} {cpu:>7.3f} {over:>+7.3f}"
                )


if __name__ == "__main__":
    main()

"""OpenSpiel's PyTorch DQN on one seat of a game of the library, against the greedy bot,
in OpenSpiel's ``rl_environment``; then its win share against greedy.

Needs the ``recipes`` extra, PyTorch's CPU build first (``pip install torch
--index-url https://download.pytorch.org/whl/cpu``, then ``pip install
"scala40[recipes]"``). OpenSpiel's PyTorch agents import
``tree``, which OpenSpiel does not install: it is the ``dm-tree`` package, which the
extra brings.

    python examples/recipes/openspiel_dqn.py --episodes 2000

The game is one hand of the learning rules (:func:`scala40.adapters.episodes.learning_rules`)
with each deal a single chance outcome (``chance="deal"``). ``rl_environment`` gives the
agent the observation tensor (these games have no information-state tensor: see
:doc:`learning`); the greedy bot plays seat 1 through
:class:`~scala40.adapters.policies.BotPolicy`, which reads the environment's state.
"""

from __future__ import annotations

import argparse
from typing import Any

import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn

from scala40.adapters import openspiel
from scala40.adapters.episodes import learning_rules
from scala40.adapters.policies import BotPolicy


def play(env: Any, agent: Any, greedy: BotPolicy, learn: bool) -> float:
    """One episode, the agent in seat 0; its reward."""
    time_step = env.reset()
    while not time_step.last():
        if time_step.observations["current_player"] == 0:
            action = agent.step(time_step, is_evaluation=not learn).action
        else:
            action = greedy.act(env.get_state)
        time_step = env.step([action])
    if learn:
        agent.step(time_step)  # the last transition, with the reward
    reward: float = time_step.rewards[0]
    return reward


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=100, help="episodes of evaluation")
    args = parser.parse_args()
    torch.set_num_threads(1)  # a small network: more threads only fight over the cores
    game = openspiel.load_game(
        args.game, rules=learning_rules(args.game), episode="hand", chance="deal"
    )
    env = rl_environment.Environment(game, seed=0)
    size = env.observation_spec()["info_state"][0]
    agent = dqn.DQN(
        player_id=0,
        state_representation_size=size,
        num_actions=env.action_spec()["num_actions"],
        hidden_layers_sizes=[128],
        replay_buffer_capacity=20_000,
        batch_size=64,
        min_buffer_size_to_learn=256,
        epsilon_decay_duration=20_000,
        learning_rate=0.01,
        seed=0,
    )
    greedy = BotPolicy("greedy", game.encoding.game, seed=1)
    for _ in range(args.episodes):
        play(env, agent, greedy, learn=True)
    print(f"trained {args.episodes} episodes ({agent.step_counter:,} agent steps) on {args.game}")
    won = sum(play(env, agent, greedy, learn=False) for _ in range(args.deals))
    print(f"win share against greedy: {won / args.deals:.1%} of {args.deals} hands")


if __name__ == "__main__":
    main()

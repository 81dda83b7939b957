"""PettingZoo's Stable-Baselines3 tutorial (action-masked PPO, one model for every seat)
on a game of the library, with its wrapper fixed for Gymnasium 1.x; then the model
against the greedy bot, which plays its seat in PettingZoo's own loop.

Needs the ``recipes`` extra, PyTorch's CPU build first (``pip install torch
--index-url https://download.pytorch.org/whl/cpu``, then ``pip install
"scala40[recipes]"``):

    python examples/recipes/pettingzoo_masked_ppo.py --steps 20000

The tutorial wraps the AEC environment in a ``pettingzoo.utils.BaseWrapper`` that
answers ``reset`` and ``step`` as a Gymnasium environment does, and gives it to
sb3-contrib's ``ActionMasker``. Under Gymnasium 1.x, ``ActionMasker`` (a
``gymnasium.Wrapper``) refuses anything that is not a ``gymnasium.Env``: "Expected env to
be a `gymnasium.Env`". The fix is one base class more: the wrapper below is a
``gymnasium.Env`` too.

A step returns the observation of the agent to act next (one model plays every seat)
and the reward of the agent that acted. The hands are those of the learning rules
(:func:`scala40.adapters.episodes.learning_rules`), and an unfinished hand pays nothing.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
import torch
from pettingzoo.utils import BaseWrapper
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from scala40.adapters.episodes import learning_rules
from scala40.adapters.pettingzoo import env as scala40_env
from scala40.adapters.policies import BotPolicy


class SB3ActionMaskWrapper(BaseWrapper, gymnasium.Env):  # type: ignore[misc]
    """An AEC environment as one Gymnasium environment for a model that plays every seat.

    ``gymnasium.Env`` among its bases is the Gymnasium 1.x fix: without it ActionMasker
    refuses the wrapper."""

    # The AEC methods are called on BaseWrapper by name: it comes first in the order of
    # the bases, and gymnasium.Env's methods of the same names mean other things.
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        BaseWrapper.reset(self, seed, options)
        agent = self.possible_agents[0]
        # One space for every seat, as SB3 expects of a single environment.
        self.observation_space = BaseWrapper.observation_space(self, agent)["observation"]
        self.action_space = BaseWrapper.action_space(self, agent)
        return self.observe(self.agent_selection), {}

    def step(self, action: Any) -> Any:
        acting = self.agent_selection
        BaseWrapper.step(self, int(action))
        return (
            self.observe(self.agent_selection),
            self._cumulative_rewards[acting],
            self.terminations[acting],
            self.truncations[acting],
            self.infos[acting],
        )

    def observe(self, agent: str) -> Any:
        return BaseWrapper.observe(self, agent)["observation"]

    def action_mask(self) -> Any:
        return BaseWrapper.observe(self, self.agent_selection)["action_mask"]


def make_env(game: str) -> Any:
    return scala40_env(game, learning_rules(game), episode="hand", unfinished="truncate")


def evaluate(model: Any, game: str, deals: int) -> float:
    """The model's win share in seat 0 against the greedy bot in seat 1 (ties as shares),
    played in PettingZoo's own loop."""
    aec = make_env(game)
    greedy = BotPolicy("greedy", game, seed=1)
    won = 0.0
    for deal in range(deals):
        aec.reset(seed=1000 + deal)
        for agent in aec.agent_iter():
            observation, reward, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                won += reward if agent == "player_0" else 0.0
                aec.step(None)
                continue
            if agent == "player_0":
                mask = observation["action_mask"]
                action, _ = model.predict(
                    observation["observation"], action_masks=mask, deterministic=True
                )
                aec.step(int(action))
            else:
                aec.step(greedy.act(aec))
    return won / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    torch.set_num_threads(1)  # a small network: more threads only fight over the cores
    env = SB3ActionMaskWrapper(make_env(args.game))
    env.reset(seed=0)  # sets the spaces
    masked = ActionMasker(env, lambda wrapped: wrapped.action_mask())
    model = MaskablePPO("MlpPolicy", masked, n_steps=256, batch_size=64, seed=0)
    model.learn(total_timesteps=args.steps)
    print(f"trained {model.num_timesteps:,} steps of self-play on {args.game}")
    share = evaluate(model, args.game, args.deals)
    print(f"win share against greedy in seat 1: {share:.1%} of {args.deals} hands")
    print(f"mask of the first decision: {np.flatnonzero(env.action_mask()).tolist()[:5]}...")


if __name__ == "__main__":
    main()

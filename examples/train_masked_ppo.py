"""Train a masked PPO agent on one seat of a game against greedy bots, several games at
once, then measure its win share against random and greedy bots, with 95% Wilson
intervals.

Needs the ``rl`` extra, and sb3-contrib (which brings PyTorch) to train:

    pip install "scala40[rl]" sb3-contrib
    python examples/train_masked_ppo.py --game chinchon --minutes 5

Without sb3-contrib (as the tests run it) it measures the uniform random agent alone,
the baseline a trained agent should beat.

The environment is the library's :class:`scala40.adapters.gym.SeatEnv`: the agent holds a
seat, the library's bots play the others inside ``step``, ``action_masks()`` gives the
legal actions, and an episode is one hand of the learning rules (hands of about 300
steps: :func:`scala40.adapters.episodes.learning_rules`), paid 1 for a won hand, a share
of a tie, 0 for a lost or unfinished one. ``--envs`` copies of it step together, in one
process (``--vec dummy``) or each in its own (``--vec subproc``). Each deal of the
evaluation is played twice, the agent in each seat of a two-player game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from scala40.adapters.gym import SeatEnv
from scala40.tournament import wilson_interval

Policy = Callable[[Any, Any], int]
"""``policy(observation, action_mask) -> action``."""


@dataclass
class Deal:
    """What a policy made of one deal in one seat."""

    reward: float
    """What the hands paid (1 a won hand, a share of a tie, 0 otherwise)."""
    hands: int
    """1, and the hands that ended before the agent could act (dealt again)."""
    unfinished: int
    """The hands that nobody won (blocked by the turn limit: truncated, paid 0)."""


def evaluate(
    policy: Policy, game: str, opponent: str, deals: int, first_seed: int = 10_000
) -> list[Deal]:
    """``policy`` against ``opponent`` bots: each of ``deals`` deals played once with the
    agent in each seat (the same deals for every policy, so that two can be compared
    deal by deal); the hands that ended before the agent could act count as they
    ended."""
    out = []
    players = SeatEnv(game).encoding.players
    for seat in range(players):
        env = SeatEnv(game, seat=seat, opponents=opponent)
        for deal in range(deals):
            observation, info = env.reset(seed=first_seed + deal)
            skipped = info["skipped_hands"]
            while True:
                action = policy(observation, env.action_masks())
                observation, reward, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    break
            out.append(Deal(sum(skipped) + reward, len(skipped) + 1, int(truncated)))
    return out


def report(name: str, opponent: str, deals: list[Deal]) -> str:
    """The win share (ties as shares) with its 95% Wilson interval, and the share of
    unfinished hands."""
    wins = sum(deal.reward for deal in deals)
    hands = sum(deal.hands for deal in deals)
    unfinished = sum(deal.unfinished for deal in deals)
    low, high = wilson_interval(round(wins), hands)
    return (
        f"{name} vs {opponent}: won {wins / hands:.1%} of {hands} hands "
        f"(95% interval {low:.1%}-{high:.1%}), {unfinished / hands:.1%} unfinished"
    )


def paired(first: list[Deal], second: list[Deal]) -> str:
    """The mean difference of the rewards of two policies on the same deals, with its
    95% interval (normal approximation over the deals)."""
    differences = [one.reward - two.reward for one, two in zip(first, second, strict=True)]
    count = len(differences)
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(count) if count > 1 else 1.0
    return f"{mean:+.3f} a deal (95% interval {mean - half:+.3f} to {mean + half:+.3f})"


def train(args: argparse.Namespace) -> Policy | None:
    """A MaskablePPO agent trained for ``--minutes`` (or ``--steps``), or ``None`` without
    sb3-contrib."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.env_util import (
            make_vec_env,
        )
        from stable_baselines3.common.vec_env import (
            DummyVecEnv,
            SubprocVecEnv,
        )
    except ImportError:
        return None
    # One thread: for a network this small, PyTorch's threads only fight over the cores
    # (30 times slower on a busy 2-core machine).
    torch.set_num_threads(1)
    game, opponent = args.game, args.opponent
    envs = make_vec_env(
        SeatEnv,
        n_envs=args.envs,
        seed=args.seed,
        vec_env_cls=SubprocVecEnv if args.vec == "subproc" else DummyVecEnv,
        env_kwargs={"game": game, "opponents": opponent},
    )
    # MaskablePPO asks each copy for action_masks() before every step.
    model = MaskablePPO("MlpPolicy", envs, n_steps=256, batch_size=256, seed=args.seed)
    start = time.monotonic()
    deadline = start + args.minutes * 60
    chunk = 256 * args.envs
    while model.num_timesteps < args.steps and time.monotonic() < deadline:
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
    envs.close()
    print(
        f"trained {model.num_timesteps:,} steps in {time.monotonic() - start:.0f} s on "
        f"{game} against {opponent}, {args.envs} copies ({args.vec})"
    )

    def trained(observation: Any, mask: Any) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return trained


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--opponent", default="greedy", help="the bots trained against")
    parser.add_argument("--minutes", type=float, default=5.0, help="training time at most")
    parser.add_argument("--steps", type=int, default=10**9, help="training steps at most")
    parser.add_argument("--envs", type=int, default=4, help="copies stepped together")
    parser.add_argument("--vec", choices=("dummy", "subproc"), default="dummy")
    parser.add_argument("--deals", type=int, default=200, help="deals per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    chooser = np.random.default_rng(args.seed)

    def uniform(observation: Any, mask: Any) -> int:
        return int(chooser.choice(np.flatnonzero(mask)))

    policies: list[tuple[str, Policy]] = [("random agent", uniform)]
    trained = train(args)
    if trained is None:
        print('sb3-contrib is not installed (pip install "scala40[rl]" sb3-contrib):')
        print("measuring the random agent only, over 10 deals")
        args.deals = min(args.deals, 10)
    else:
        policies.insert(0, ("trained agent", trained))
    for opponent in ("random", "greedy"):
        results = []
        for name, policy in policies:
            results.append(evaluate(policy, args.game, opponent, args.deals))
            print(report(name, opponent, results[-1]))
        if len(results) == 2:
            print(f"trained minus random agent vs {opponent}: {paired(*results)}")


if __name__ == "__main__":
    main()

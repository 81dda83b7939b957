"""Train a masked PPO agent on one seat of a game against greedy bots, several games at
once, then measure its win share against random and greedy bots, with 95% Wilson
intervals.

Needs the ``rl`` extra, and sb3-contrib (which brings PyTorch) to train; PyTorch's CPU
build first, from its CPU index, or pip brings the default build with gigabytes of GPU
libraries:

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install "scala40[rl]" sb3-contrib
    python examples/train_masked_ppo.py --game chinchon --minutes 5

Without sb3-contrib (as the tests run it) it measures the uniform random agent alone,
the baseline a trained agent should beat.

The environment is the library's :class:`scala40.adapters.gym.SeatEnv`: the agent holds a
seat, the library's bots play the others inside ``step``, ``action_masks()`` gives the
legal actions, and an episode is one hand of the learning rules (hands of about 300
steps: :func:`scala40.adapters.episodes.learning_rules`), paid 1 for a won hand, a share
of a tie, 0 for a lost or unfinished one. ``--envs`` copies of it step together, in one
process (``--vec dummy``) or each in its own (``--vec subproc``). The evaluation is the
library's :func:`scala40.adapters.evaluation.evaluate_policy`: each deal played twice,
the agent in each seat of a two-player game, the same deals for both agents, so that
they compare deal by deal too, each a whole match under the game's rules (what decides
the game: an agent that wins hands may still lose matches on the points it keeps), with
the points a hand beside the wins. Each evaluation says where it is as it plays, a
line at each tenth of its games.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from scala40.adapters.evaluation import Evaluation, Policy, evaluate_policy, uniform_policy
from scala40.adapters.gym import SeatEnv


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


def show_progress(label: str) -> Callable[[int, int], None]:
    """A progress callback for ``evaluate_policy``: a line at each tenth of the games."""
    shown = 0

    def told(played: int, total: int) -> None:
        nonlocal shown
        tenth = played * 10 // total
        if tenth > shown:
            shown = tenth
            print(f"  {label}: {played:,} of {total:,} games played", flush=True)

    return told


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
    policies: list[tuple[str, Policy]] = [("random agent", uniform_policy(args.seed))]
    trained = train(args)
    if trained is None:
        print("sb3-contrib is not installed; to train, install PyTorch's CPU build, then it:")
        print("   pip install torch --index-url https://download.pytorch.org/whl/cpu")
        print('   pip install "scala40[rl]" sb3-contrib')
        args.deals = min(args.deals, 10)
        print(f"measuring the random agent only, over {args.deals} deals")
    else:
        policies.insert(0, ("trained agent", trained))
    for opponent in ("random", "greedy"):
        results: list[Evaluation] = []
        for name, policy in policies:
            progress = show_progress(f"{name} vs {opponent}")
            results.append(
                evaluate_policy(policy, args.game, opponent, args.deals, progress=progress)
            )
            print(results[-1].summary(name))
        if len(results) == 2:
            difference = results[0].paired_difference(results[1])
            print(f"trained minus random agent vs {opponent}: {difference}")


if __name__ == "__main__":
    main()

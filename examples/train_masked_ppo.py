"""Train a masked PPO agent on one seat of a game for a few minutes, then measure its win
rate against random and greedy opponents, with 95% Wilson intervals.

Needs the ``rl`` extra and sb3-contrib (which brings PyTorch) to train:

    pip install "scala40[rl]" sb3-contrib
    python examples/train_masked_ppo.py --game chinchon --minutes 5

Without sb3-contrib (as the tests run it) it measures the random agent alone, the
baseline a trained agent should beat.

The agent holds seat 0; the other seats are the library's bots, which choose whole moves
that the environment writes as tokens. An episode is one hand (``episode="hand"``): its
reward is 1 for a won hand, shared in a tie, 0 for a lost one. The Gymnasium
environment below (:class:`SeatEnv`) is what any single-agent library needs; the
learning itself is sb3-contrib's ``MaskablePPO``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
from gymnasium import Env, spaces

from scala40.adapters.pettingzoo import raw_env
from scala40.bots import make_bot


class SeatEnv(Env[Any, int]):
    """One seat of a game as a Gymnasium environment: the other seats are played by
    ``opponent`` bots inside :meth:`step`; observations are the seat's, and
    :meth:`action_masks` gives its legal actions (as sb3-contrib's ``MaskablePPO``
    asks)."""

    def __init__(self, game: str, opponent: str, seat: int = 0) -> None:
        self.inner = raw_env(game, episode="hand")
        self.seat = seat
        self.agent = self.inner.possible_agents[seat]
        self.opponent = opponent
        self.bots = [make_bot(opponent, game) for _ in self.inner.possible_agents]
        self.rng = random.Random(0)
        self.ended_early: list[float] = []
        """The rewards of the hands the last :meth:`reset` dealt again because they ended
        before the seat decided."""
        observations: Any = self.inner.observation_space(self.agent)
        self.observation_space = observations["observation"]
        actions: Any = spaces.Discrete(self.inner.encoding.num_distinct_actions)
        self.action_space = actions

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
        self.ended_early = []
        while True:
            self.inner.reset(seed=self.rng.getrandbits(32))
            self._play_others()
            if not self._done():
                return self._observation(), {}
            # The hand ended before the seat's first decision (an opponent closed at
            # once): nothing to learn from it; its reward is kept for the evaluation.
            self.ended_early.append(float(self.inner.rewards[self.agent]))

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self.inner.step(int(action))
        self._play_others()
        done = self._done()
        reward = float(self.inner.rewards[self.agent]) if done else 0.0
        return self._observation(), reward, done, False, {}

    def _done(self) -> bool:
        inner = self.inner
        return bool(inner.terminations[self.agent] or inner.truncations[self.agent])

    def action_masks(self) -> Any:
        return self.inner.observe(self.agent)["action_mask"].astype(bool)

    def _observation(self) -> Any:
        return self.inner.observe(self.agent)["observation"]

    def _play_others(self) -> None:
        """Play the bots' whole moves, token by token, until the seat decides or the
        episode ends."""
        inner = self.inner
        while inner.decision is not None and inner.decision.player != self.seat:
            decision = inner.decision
            state = decision.state
            seat = decision.player
            move = self.bots[seat].choose(state.view(seat), state.legal_moves(), self.rng)
            for token in inner.encoding.encode(move):
                inner.step(token)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(policy: Any, game: str, opponent: str, hands: int) -> tuple[float, int]:
    """The hands ``policy(observation, mask) -> action`` wins against ``opponent`` bots
    (ties counted as shares), and how many were played: ``hands`` hands, and any that
    ended before the seat's first decision."""
    env = SeatEnv(game, opponent)
    wins = 0.0
    played = 0
    for hand in range(hands):
        observation, _ = env.reset(seed=10_000 + hand)
        # Hands that ended before the seat could act count as played, as they were.
        wins += sum(env.ended_early)
        played += len(env.ended_early) + 1
        done = False
        reward = 0.0
        while not done:
            action = policy(observation, env.action_masks())
            observation, reward, done, _, _ = env.step(action)
        wins += reward
    return wins, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--hands", type=int, default=200, help="hands per evaluation")
    args = parser.parse_args()
    rng = np.random.default_rng(0)

    def uniform(observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    policies: list[tuple[str, Any]] = [("random agent", uniform)]
    try:
        from sb3_contrib import MaskablePPO  # type: ignore[import-not-found]
        from sb3_contrib.common.wrappers import ActionMasker  # type: ignore[import-not-found]
    except ImportError:
        # Without sb3-contrib, the evaluation alone runs: a baseline to compare with.
        print('sb3-contrib is not installed (pip install "scala40[rl]" sb3-contrib):')
        print("measuring the random agent only, over 20 hands")
        args.hands = min(args.hands, 20)
    else:
        env = ActionMasker(SeatEnv(args.game, "random"), lambda env: env.action_masks())
        model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, seed=0, verbose=0)
        deadline = time.monotonic() + args.minutes * 60
        steps = 0
        while time.monotonic() < deadline:
            model.learn(total_timesteps=4096, reset_num_timesteps=False)
            steps += 4096
        print(f"trained {steps:,} steps in {args.minutes:g} minutes on {args.game}")

        def trained(observation: Any, mask: Any) -> int:
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            return int(action)

        policies.insert(0, ("trained", trained))

    for name, policy in policies:
        for opponent in ("random", "greedy"):
            wins, hands = evaluate(policy, args.game, opponent, args.hands)
            low, high = wilson(wins, hands)
            print(
                f"{name} vs {opponent}: {wins / hands:.3f} of {hands} hands "
                f"(95% interval {low:.3f}-{high:.3f})"
            )


if __name__ == "__main__":
    main()

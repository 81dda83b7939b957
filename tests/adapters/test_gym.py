"""The Gymnasium seat environment: Gymnasium's own checker, vectorised copies in one
process and in subprocesses, pickling mid-episode, opponents of every kind, seeding,
episodes and what they pay. Skipped without the ``gym`` extra."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from scala40.adapters.actions import IllegalActionError  # noqa: E402
from scala40.adapters.episodes import learning_rules  # noqa: E402
from scala40.adapters.gym import ENV_ID, SeatEnv  # noqa: E402
from scala40.bots import RandomBot, make_bot  # noqa: E402
from scala40.errors import (  # noqa: E402
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidValueError,
)
from scala40.game import game_names  # noqa: E402
from tests.adapters.toygame import GAME as TOY  # noqa: E402


def _episode(env: Any, seed: int, chooser: Any) -> tuple[float, bool, int]:
    """Random legal actions to the end: the reward, whether truncated, the steps."""
    env.reset(seed=seed)
    steps = 0
    while True:
        action = int(chooser.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert info["action_mask"].dtype == np.int8
        if terminated or truncated:
            assert not env.action_masks().any()
            return reward, truncated, steps
        assert reward == 0.0


@pytest.mark.parametrize("name", game_names())
def test_gymnasium_check_env_passes_for_every_game(name: str) -> None:
    check_env(SeatEnv(name), skip_render_check=True)
    check_env(SeatEnv(name, observation="dict", seat=1, episode="match"), skip_render_check=True)


def test_check_env_passes_with_partners_and_a_toy_game() -> None:
    # The toy game lists no bots: its other seats are given as bots.
    check_env(SeatEnv(TOY, players=4, seat=2, opponents=RandomBot()), skip_render_check=True)
    check_env(SeatEnv("skarney", players=4, seat=3, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("name", game_names())
def test_random_agents_finish_their_hands(name: str) -> None:
    env = SeatEnv(name, opponents="random")
    chooser = np.random.default_rng(0)
    for seed in range(3):
        reward, truncated, _ = _episode(env, seed, chooser)
        assert reward in (0.0, 0.5, 1.0) or 0 < reward < 1
        assert not (truncated and reward)  # an unfinished hand pays nothing


def test_the_same_seed_and_actions_give_the_same_episode() -> None:
    first, second = SeatEnv("chinchon"), SeatEnv("chinchon")
    for env in (first, second):
        env.reset(seed=11)
    chooser = random.Random(3)
    while True:
        mask = first.action_masks()
        assert (mask == second.action_masks()).all()
        action = chooser.choice(np.flatnonzero(mask).tolist())
        one, two = first.step(action), second.step(action)
        assert (one[0] == two[0]).all()
        assert one[1:4] == two[1:4]
        if one[2] or one[3]:
            break
    assert first.game_state == second.game_state


def test_short_hands_and_unfinished_hands() -> None:
    env = SeatEnv("chinchon")
    assert env.rules == learning_rules("chinchon")
    assert SeatEnv("chinchon", short_hands=False).rules.turn_limit is None
    # Without a turn limit and with a tiny cap, the cap truncates: a draw or nothing.
    for unfinished, paid in (("truncate", 0.0), ("draw", 0.5)):
        capped = SeatEnv("chinchon", max_game_length=140, unfinished=unfinished)
        capped.reset(seed=1)
        chooser = np.random.default_rng(1)
        while True:
            action = int(chooser.choice(np.flatnonzero(capped.action_masks())))
            _, reward, terminated, truncated, _ = capped.step(action)
            if terminated or truncated:
                break
        assert truncated
        assert not terminated
        assert reward == paid


def test_a_blocked_hand_is_truncated_and_unpaid() -> None:
    # Random seats rarely close within the turn limit: their hands end blocked.
    env = SeatEnv("rumino", opponents="random")
    chooser = np.random.default_rng(2)
    outcomes = [_episode(env, seed, chooser)[:2] for seed in range(6)]
    assert (0.0, True) in outcomes
    drawn = SeatEnv("rumino", opponents="random", unfinished="draw")
    chooser = np.random.default_rng(2)
    blocked = [_episode(drawn, seed, chooser)[:2] for seed in range(6)]
    assert any(reward == pytest.approx(1 / 3) and not truncated for reward, truncated in blocked)


def test_an_illegal_action_loses_the_episode() -> None:
    env = SeatEnv("chinchon")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, True, False, True)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(0)
    env.reset()
    with pytest.raises(InvalidArgumentError, match="integer"):
        env.step("draw")


def test_opponents_of_every_kind() -> None:
    greedy = make_bot("greedy", "laconga")
    seen: list[int] = []

    def first_legal(observation: Any, mask: Any) -> int:
        assert observation.dtype == np.float32
        assert mask.dtype == np.int8
        action = int(np.flatnonzero(mask)[0])
        seen.append(action)
        return action

    env = SeatEnv("laconga", players=3, seat=1, opponents={0: greedy, 2: first_legal})
    assert env.opponents[0] is greedy
    assert env.opponents[1] is None
    _episode(env, 4, np.random.default_rng(4))
    assert seen
    listed = SeatEnv("laconga", players=3, opponents=[None, "random", "montecarlo:playouts=2"])
    assert type(listed.opponents[1]).__name__ == "RandomBot"
    with pytest.raises(InvalidBotSpecError):
        SeatEnv("laconga", opponents="clever")
    with pytest.raises(InvalidArgumentError):
        SeatEnv("laconga", opponents=3)
    with pytest.raises(InvalidValueError):
        SeatEnv("laconga", players=3, opponents=["random"])
    with pytest.raises(InvalidValueError):
        SeatEnv("laconga", players=3, opponents={1: "random"})
    with pytest.raises(InvalidValueError):
        SeatEnv("laconga", seat=5)
    with pytest.raises(InvalidValueError):
        SeatEnv("laconga", observation="image")


def test_a_policy_that_breaks_the_rules_is_named() -> None:
    env = SeatEnv("chinchon", seat=1, opponents=lambda observation, mask: 10_000)
    with pytest.raises(IllegalActionError, match="seat 0's policy"):
        env.reset(seed=1)


@pytest.mark.parametrize("game", ["scala40", "skarney"])
def test_it_pickles_mid_episode(game: str) -> None:
    # The state pickles as itself (its melds keep their hashes: Skarney's melds once
    # lost theirs when unpickled).
    env = SeatEnv(game, opponents="random")
    env.reset(seed=5)
    chooser = random.Random(5)
    for _ in range(30):
        env.step(chooser.choice(np.flatnonzero(env.action_masks()).tolist()))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state
    assert hash(copy.game_state) == hash(env.game_state)
    assert (copy.action_masks() == env.action_masks()).all()
    for _ in range(40):
        action = chooser.choice(np.flatnonzero(env.action_masks()).tolist())
        one, two = env.step(action), copy.step(action)
        assert (one[0] == two[0]).all()
        assert one[1:4] == two[1:4]
        if one[2] or one[3]:
            break


def test_the_skipped_hands_are_listed() -> None:
    env = SeatEnv("chinchon", seat=1, opponents="greedy")
    skipped = [env.reset(seed=seed)[1]["skipped_hands"] for seed in range(20)]
    assert all(isinstance(rewards, list) for rewards in skipped)


def test_render_shows_the_table() -> None:
    env = SeatEnv("chinchon", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "player_0 to choose" in text


def _masked_random(envs: Any, steps: int, masks: Any) -> int:
    """Random legal actions in every copy; the episodes that ended."""
    chooser = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        current: Sequence[Any] = masks()
        # Under Gymnasium's default autoreset (the next step resets a copy whose episode
        # ended, and ignores its action) an ended copy has no legal action: any will do.
        actions = np.array(
            [int(chooser.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in current]
        )
        _, _, terminated, truncated, _ = envs.step(actions)
        ended += int(np.sum(terminated | truncated))
    return ended


def test_gymnasium_vector_environments() -> None:
    sync = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", game="chinchon")
    sync.reset(seed=1)
    assert _masked_random(sync, 200, lambda: sync.call("action_masks")) > 0
    sync.close()
    same_step = gymnasium.make_vec(
        ENV_ID,
        num_envs=2,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP},
        game="chinchon",
    )
    same_step.reset(seed=1)
    # Reset in the same step: every copy always has a legal action.
    assert _masked_random(same_step, 200, lambda: same_step.call("action_masks")) > 0
    same_step.close()
    # Subprocesses take a pickled factory and send observations back.
    fns = [lambda: SeatEnv("laconga", opponents="random") for _ in range(2)]
    asynchronous = gymnasium.vector.AsyncVectorEnv(fns)
    observations, _infos = asynchronous.reset(seed=2)
    assert observations.shape == (2, SeatEnv("laconga").observer.size)
    _masked_random(asynchronous, 60, lambda: asynchronous.call("action_masks"))
    asynchronous.close()

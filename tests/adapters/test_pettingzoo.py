"""The PettingZoo environment: PettingZoo's own API and seed tests, random agents to the
end of a game, rewards, render, errors. Skipped without the ``rl`` extra."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from scala40.adapters.pettingzoo import GameEnv, env, raw_env  # noqa: E402
from scala40.errors import InvalidArgumentError, InvalidValueError  # noqa: E402
from scala40.game import game_names  # noqa: E402
from scala40.games.scala40.rules import Ruleset  # noqa: E402
from tests.adapters.toygame import GAME as TOY  # noqa: E402

# PettingZoo's API test advises Box observations and warns for the dictionary of an
# observation and its action mask, unless the environment is one of its own: the
# dictionary is how PettingZoo's own card and board games give their masks.
DICT_OBSERVATIONS = (
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def _play(game: Any, seed: int) -> tuple[int, dict[str, float]]:
    """Random legal actions to the end; the steps taken and each agent's total reward."""
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    steps = 0
    game.reset(seed=seed)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
        steps += 1
    return steps, totals


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize("name", game_names())
def test_pettingzoo_api_test_passes_for_every_game(name: str) -> None:
    api_test(env(name), num_cycles=500)


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
def test_pettingzoo_api_test_passes_with_partners_and_out_of_turn_decisions() -> None:
    api_test(env(TOY, players=4), num_cycles=200)
    api_test(env("scala40", "classic", players=4), num_cycles=200)


@pytest.mark.parametrize("name", game_names())
def test_seeded_resets_replay_the_same_game(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=200)


def test_random_agents_play_scala40_to_the_end() -> None:
    rules = Ruleset(match_format="single")
    game = env("scala40", rules, players=3)
    for seed in range(3):
        steps, totals = _play(game, seed)
        state = game.unwrapped.game_state
        assert state.is_over
        assert steps <= game.unwrapped.steps
        assert totals == {f"player_{seat}": share for seat, share in enumerate(state.returns())}
        assert sum(totals.values()) == 1.0


def test_partners_share_their_reward() -> None:
    game = env(TOY, "standard", players=4)
    for seed in range(4):
        _, totals = _play(game, seed)
        assert totals["player_0"] == totals["player_2"]
        assert totals["player_1"] == totals["player_3"]
        assert totals["player_0"] + totals["player_1"] == 1.0


def test_a_long_game_is_truncated_and_pays_a_draw() -> None:
    # The deal takes 108 steps; the longest move 335: the cap stops the game at the first
    # move boundary after 600 - 335 = 265 steps.
    game = raw_env("scala40", "official", 2, max_game_length=600)
    for seed in range(10):
        _, totals = _play(game, seed)
        if not game.game_state.is_over:
            break
    assert 265 < game.steps <= 600
    assert all(game.truncations.values())
    assert totals == {"player_0": 0.5, "player_1": 0.5}
    assert f"Stopped after {game.steps} steps" in game.text()


def test_observations_and_masks() -> None:
    game = raw_env("scala40", "official", 2)
    game.reset(seed=3)
    acting = game.agent_selection
    waiting = next(agent for agent in game.agents if agent != acting)
    mine = game.observe(acting)
    theirs = game.observe(waiting)
    space = game.observation_space(acting)
    assert space.contains(mine)
    assert space.contains(theirs)
    assert mine["action_mask"].dtype == np.int8
    assert mine["action_mask"].sum() == 1  # the draw
    assert theirs["action_mask"].sum() == 0
    assert mine["observation"][game.observer.offset("acting")] == 1.0
    assert theirs["observation"][game.observer.offset("acting")] == 0.0
    assert game.observation_space(acting) is game.observation_space(waiting) or (
        game.observation_space(acting) == game.observation_space(waiting)
    )
    # A move of several tokens keeps the same agent until it is complete.
    game.step(game.encoding.token_id("draw"))
    agent = game.agent_selection
    assert agent == acting
    game.step(game.encoding.token_id("discard"))
    assert game.agent_selection == acting
    card = int(np.flatnonzero(game.observe(acting)["action_mask"])[0])
    game.step(card)
    assert game.agent_selection == waiting


def test_render_shows_the_table_to_the_agent_deciding(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env("scala40", "official", 2, render_mode="ansi")
    game.reset(seed=2)
    game.step(game.encoding.token_id("draw"))
    game.step(game.encoding.token_id("discard"))
    text = game.render()
    assert text is not None
    assert "Your hand (14 cards)" in text
    assert text.endswith("to choose: discard")
    human = raw_env("scala40", "official", 2, render_mode="human")
    human.reset(seed=2)
    human.step(0)
    assert "to choose: (a move)" in capsys.readouterr().out
    silent = raw_env("scala40", "official", 2)
    silent.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None


def test_bad_actions_and_options_are_library_errors() -> None:
    game = raw_env("scala40", "official", 2)
    game.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="integer action"):
        game.step("draw")
    game.step(np.int64(0))  # NumPy integers are actions too
    with pytest.raises(InvalidValueError, match="render_mode"):
        GameEnv("scala40", render_mode="rgb_array")
    with pytest.raises(InvalidValueError, match="max_game_length"):
        GameEnv("scala40", max_game_length=0)
    assert str(game) == "scala40_v0"
    with pytest.raises(InvalidValueError, match="no agent named 'player_9'"):
        game.observe("player_9")
    with pytest.raises(InvalidValueError, match="no agent named"):
        game.action_space("nobody")


def test_unfinished_episodes_can_end_truncated_and_unpaid() -> None:
    """With ``unfinished="truncate"``, a capped episode pays nothing, and a hand blocked
    by the turn limit (nobody scores) is truncated too; by default both pay a draw."""
    from scala40.adapters.episodes import learning_rules

    def ending(game: Any, seed: int) -> tuple[bool, bool, set[float]]:
        """Random play to the end: whether the hand moved no total, whether the episode
        ended truncated, and the rewards paid."""
        rng = np.random.default_rng(seed)
        game.reset(seed=seed)
        truncations = set()
        paid = set()
        for _ in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                truncations.add(truncated)
                paid.add(reward)
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        blocked = not any(game.unwrapped.game_state.scores)
        (was_truncated,) = truncations
        return blocked, was_truncated, paid

    rules = learning_rules("rumino")
    for unfinished, share in (("draw", 1 / 3), ("truncate", 0.0)):
        game = env("rumino", rules, episode="hand", unfinished=unfinished)
        endings = [ending(game, seed) for seed in range(4)]
        blocked = [(truncated, paid) for moved_none, truncated, paid in endings if moved_none]
        assert blocked
        assert all(paid == {share} for _, paid in blocked)
        assert all(truncated == (unfinished == "truncate") for truncated, _ in blocked)
    capped = env("chinchon", episode="hand", max_game_length=150, unfinished="truncate")
    assert ending(capped, 1)[1:] == (True, {0.0})


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
def test_the_other_pettingzoo_utilities_that_apply() -> None:
    """Besides api_test and seed_test: render_test (both render modes) and state_test's
    checks of an AEC environment's state(). The docs say why the others do not apply."""
    from pettingzoo.test import render_test

    # The module (pettingzoo.test's own name state_test is the function that needs a
    # parallel environment too).
    state_checks = importlib.import_module("pettingzoo.test.state_test")

    render_test(lambda render_mode: env("chinchon", render_mode=render_mode))
    state_checks.test_state_space(env("skarney"))
    state_checks.test_state(env("scala40", "official", players=3), num_cycles=100)

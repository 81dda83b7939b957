"""Bots as policies over tokens: in a loop over decisions, the PettingZoo environment, the
Gymnasium seat environment and OpenSpiel (its bots in ``evaluate_bots``, its policies),
and OpenSpiel's own ISMCTS bot in ``evaluate_bots`` once wrapped. The optional parts are
skipped without their extras."""

from __future__ import annotations

import random
from typing import Any

import pytest

import scala40
from scala40.adapters.actions import ActionEncoding
from scala40.adapters.episodes import learning_rules
from scala40.adapters.policies import BotPolicy, decision_of
from scala40.bots import RandomBot, make_bot
from scala40.errors import IllegalMoveError, InvalidArgumentError, InvalidBotSpecError
from scala40.game import game_names, load_game


@pytest.mark.parametrize("name", game_names())
def test_a_bot_as_a_policy_plays_the_moves_the_bot_chooses(name: str) -> None:
    """Token by token, the policy plays exactly the moves its bot chooses with the same
    randomness, to the end of a hand."""
    game = load_game(name)
    encoding = ActionEncoding(name)
    state = game.new_game(None, encoding.players, 4)
    policy = BotPolicy("greedy", name, seed=9)
    twin, twin_rng = make_bot("greedy", name), random.Random(9)
    for _ in range(60):
        if state.is_over or state.hand_number > 1:
            break
        if state.is_chance:
            state = state.apply(state.legal_moves()[0])
            continue
        decision = encoding.decision(state)
        legal = [move for _, move in decision.candidates]
        expected = twin.choose(state.view(decision.player), legal, twin_rng)
        while not decision.complete:
            decision = decision.after(policy.act(decision))
        assert decision.move == expected
        state = state.apply(decision.move)


def test_the_bot_finishes_a_move_another_began() -> None:
    encoding = ActionEncoding("scala40", "official", players=2)
    state = scala40.new_game("official", players=2, seed=3).apply("draw")
    decision = encoding.decision(state).after(encoding.token_id("discard"))
    policy = BotPolicy(RandomBot(), seed=1)
    while not decision.complete:
        decision = decision.after(policy.act(decision))
    assert decision.move.verb == "discard"


def test_policies_refuse_what_they_cannot_read() -> None:
    with pytest.raises(InvalidArgumentError, match="needs its game"):
        BotPolicy("greedy")
    with pytest.raises(InvalidArgumentError):
        BotPolicy(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidBotSpecError):
        BotPolicy("clever", "chinchon")
    with pytest.raises(InvalidArgumentError):
        decision_of("a table")
    over = scala40.new_game(players=2, seed=1)

    class Cheat:
        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            return scala40.parse_move("discard 7H")

    encoding = ActionEncoding("scala40", players=2)
    with pytest.raises(IllegalMoveError, match="not one of the legal moves"):
        BotPolicy(Cheat()).act(encoding.decision(over))
    assert repr(BotPolicy("greedy", "scala40")) == "BotPolicy('greedy')"


def test_greedy_plays_a_seat_in_the_pettingzoo_loop() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from scala40.adapters.pettingzoo import env

    game = env("chinchon", rules=learning_rules("chinchon"), episode="hand")
    greedy = BotPolicy("greedy", "chinchon", seed=2)
    chooser = np.random.default_rng(2)
    game.reset(seed=2)
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            action = None
        elif agent == "player_1":
            action = greedy.act(game)  # the wrapped environment: read through .unwrapped
        else:
            action = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
    assert sum(game.unwrapped.rewards.values()) in (0.0, 1.0)


def test_openspiel_bots_in_evaluate_bots() -> None:
    np = pytest.importorskip("numpy")
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    from scala40.adapters import openspiel
    from scala40.adapters.openspiel_bots import OpenSpielBot, OpenSpielPolicy, Restartable

    rules = learning_rules("chinchon")
    game = openspiel.load_game("chinchon", rules=rules, episode="hand", chance="deal")
    rng = np.random.RandomState(0)
    greedy = OpenSpielBot(game, 1, "greedy", seed=1)
    returns = evaluate_bots(game.new_initial_state(), [OpenSpielBot(game, 0), greedy], rng)
    assert sum(returns) == 1.0
    search = ismcts.ISMCTSBot(
        game,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=5,
        random_state=rng,
    )
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):  # OpenSpiel's bot, bare
        evaluate_bots(game.new_initial_state(), [search, greedy], rng)
    returns = evaluate_bots(game.new_initial_state(), [Restartable(search), greedy], rng)
    assert sum(returns) == 1.0
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    ((action, probability),) = OpenSpielPolicy(game).action_probabilities(state).items()
    assert probability == 1.0
    assert action in state.legal_actions()
    chosen, picked = greedy.clone().step_with_policy(state)
    assert chosen == [(picked, 1.0)]
    with pytest.raises(InvalidArgumentError):
        OpenSpielBot(object(), 0)

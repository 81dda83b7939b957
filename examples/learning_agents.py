"""Learning agents on Scala 40: integer actions, a PettingZoo random agent, an OpenSpiel
game loop and OpenSpiel's information-set MCTS.

Run it as it is: ``python examples/learning_agents.py``. The action encoding needs
nothing but the library; the PettingZoo and OpenSpiel parts need the optional packages
(``python -m pip install "scala40[rl]"``) and say so when they are missing.
"""

from __future__ import annotations

import random

import scala40
from scala40.adapters import ActionEncoding, MissingExtraError

RULES = scala40.Ruleset(match_format="single")  # one hand: a quick game


def show_actions() -> None:
    """Moves as tokens of the action encoding, and the legal tokens of a decision."""
    encoding = ActionEncoding("scala40", RULES, players=2)
    print(f"Scala 40 actions: {encoding.num_distinct_actions} tokens")
    for text in ("draw", "discard 7H", "meld 8C 9C JK=10C", "layoff JK=6S #2 low"):
        actions = encoding.encode(scala40.parse_move(text))
        words = " ".join(encoding.describe(action) for action in actions)
        print(f"  {text:22} -> {list(actions)}  ({words})")
    state = scala40.new_game(RULES, players=2, seed=3).apply("draw")
    decision = encoding.decision(state)
    print("  legal first tokens after a draw:", [encoding.describe(a) for a in decision.actions()])


def pettingzoo_random_game() -> None:
    """Two random agents play a hand in the PettingZoo environment."""
    try:
        from scala40.adapters.pettingzoo import env
    except MissingExtraError as error:
        print(f"PettingZoo part skipped: {error}")
        return
    import numpy as np

    game = env("scala40", rules=RULES, players=2)
    game.reset(seed=42)
    chooser = random.Random(42)
    steps = 0
    for _agent in game.agent_iter():
        observation, _reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            action = None
        else:
            action = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
        steps += 1
    state = game.unwrapped.game_state
    print(
        f"PettingZoo: {steps} steps, {game.unwrapped.moves} moves, winner P{state.winners[0]}, "
        f"observations of {observation['observation'].shape[0]} numbers"
    )


def openspiel_games() -> None:
    """A random game through OpenSpiel, then one decision of its ISMCTS bot."""
    try:
        from scala40.adapters import openspiel
    except MissingExtraError as error:
        print(f"OpenSpiel part skipped: {error}")
        return
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load_game("scala40", players=2, rules=RULES)
    state = game.new_initial_state()
    chooser = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(chooser.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    print(f"OpenSpiel: {len(state.history())} actions, returns {state.returns()}")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=20, random_state=rng
    )
    # Random play up to a decision with a choice, then the bot's choice.
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(chooser.choices(*zip(*state.chance_outcomes()))[0])
        else:
            state.apply_action(state.legal_actions()[0])
    choices = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    action = bot.step(state)
    print(f"ISMCTS chooses {state.action_to_string(state.current_player(), action)} of {choices}")


if __name__ == "__main__":
    show_actions()
    pettingzoo_random_game()
    openspiel_games()

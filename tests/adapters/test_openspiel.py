"""The OpenSpiel games: OpenSpiel's random-simulation checks, chance outcomes, observations
and information states, parameters, and an OpenSpiel algorithm playing a whole game of
Scala 40. Skipped without the ``rl`` extra."""

from __future__ import annotations

import json
import math
import pickle
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import scala40  # noqa: E402
from scala40.adapters import openspiel  # noqa: E402
from scala40.adapters.actions import CARD_CODES, IllegalActionError  # noqa: E402
from scala40.adapters.episodes import default_max_game_length  # noqa: E402
from scala40.errors import (  # noqa: E402
    InvalidValueError,
    SerializationError,
    UnknownPresetError,
)
from scala40.game import game_names  # noqa: E402
from scala40.games.scala40.rules import Ruleset  # noqa: E402
from tests.adapters.toygame import GAME as TOY  # noqa: E402


def _random_game(game: Any, seed: int, stop: Any = None) -> Any:
    """A state played with random chance outcomes and random actions to the end (or until
    ``stop(state)``)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and not (stop and stop(state)):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_registered_under_its_name(name: str) -> None:
    assert f"python_{name}" in pyspiel.registered_names()
    game = pyspiel.load_game(f"python_{name}")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    assert game.max_game_length() == default_max_game_length(game.encoding, "match", "card")
    assert kind.provides_observation_tensor
    assert game.max_chance_outcomes() == CARD_CODES
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize("name", game_names())
def test_openspiel_random_simulations_pass(name: str) -> None:
    short = openspiel.short_name(name)
    # Whole matches (1,000 to 11,000 actions), serialized along the way.
    pyspiel.random_sim_test(pyspiel.load_game(short), num_sims=1, serialize=True, verbose=False)


def test_openspiel_random_simulations_pass_for_partners_and_fallback_observations() -> None:
    game = openspiel.load_game(TOY, players=4)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    for seed in range(4):
        returns = _random_game(game, seed).returns()
        assert returns[0] == returns[2]
        assert returns[1] == returns[3]
        assert returns[0] + returns[1] == 1.0
    assert game.utility_sum() == 2.0


def test_chance_nodes_draw_the_deck_card_by_card() -> None:
    game = openspiel.load_game("scala40", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(CARD_CODES))
    assert math.isclose(outcomes[52], 4 / 108)
    assert math.isclose(sum(outcomes.values()), 1.0)
    assert state.legal_actions() == sorted(outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 52) == "draw JK"
    for _ in range(108):
        assert state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0])
    # The deck, drawn in order, is dealt: a decision follows.
    assert not state.is_chance_node()
    assert state.current_player() in (0, 1)
    assert len(state.game_state.hands[0]) == 13


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = openspiel.load_game("scala40", players=2)
    state = _random_game(game, 3, stop=lambda s: not s.is_chance_node())
    before = str(state)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="not legal here"):
        state.apply_action(illegal)
    assert str(state) == before
    chance = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="not possible"):
        chance.apply_action(99)


def test_a_state_replays_from_its_history_and_serializes() -> None:
    game = openspiel.load_game("scala40", players=2, max_game_length=3000)
    state = _random_game(game, 6, stop=lambda s: s.move_number() > 250)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert again.information_state_string(0) == state.information_state_string(0)
    assert str(game.deserialize_state(state.serialize())) == str(state)


class _Pickled:
    """A pickle that reads back as the serialized state ``text`` of game ``game``."""

    def __init__(self, game: str, text: str) -> None:
        self.game, self.text = game, text

    def __reduce__(self) -> Any:
        return (openspiel._state_from, (self.game, self.text))


def _serialized(game: Any, history: str, state: str = "{}", pending: int = 0) -> str:
    count = history.count(",") + 1 if history else 0
    return (
        f"history={history}\nmove_number={count}\ngame={game}\npending={pending}\n"
        f"moves=0\nstate={state}"
    )


@pytest.mark.parametrize(
    "history",
    [
        "-1:9223372036854775808",  # past a C++ integer: pybind11 raised TypeError
        "-1:99999999",
        "0:1:2",
        "-1:٣",  # an Arabic-Indic digit, which int() reads
        " -1:3",
        "-1:3,,-1:4",
        "-1:03",  # one spelling: no leading zeros
        "x",
        "-1:" + "9" * 5000,
    ],
)
def test_a_serialized_state_is_read_only_as_written(history: str) -> None:
    """Hostile serialized states and pickles raise the library's SerializationError,
    naming the action, never an error of pybind11 or of Python's integer reading."""
    game = openspiel.load_game("chinchon")
    with pytest.raises(SerializationError, match=r"player:action"):
        game.deserialize_state(_serialized(game, history))
    data = pickle.dumps(_Pickled(str(game), _serialized(game, history)))
    with pytest.raises(SerializationError, match=r"player:action"):
        pickle.loads(data)


@pytest.mark.parametrize("name", game_names())
def test_a_serialized_state_whose_history_contradicts_it_is_refused_at_load(name: str) -> None:
    """The defect: a state whose history line was another game's loaded, answered the
    false ``history()``, and failed only at its first information-state string. The
    history is replayed at load now: two cards of the deal swapped, or the history of
    another game of as many actions, each refused there."""
    game = openspiel.load_game(name)
    state = _random_game(game, 3, stop=lambda s: s.move_number() > 150)
    text = state.serialize()
    head, rest = text.split("\n", 1)
    actions = head.removeprefix("history=").split(",")
    first_chance = [index for index, action in enumerate(actions) if action.startswith("-1:")]
    swapped = list(actions)
    one, two = first_chance[0], first_chance[1]
    swapped[one], swapped[two] = swapped[two], swapped[one]
    other = _random_game(game, 4, stop=lambda s: len(s.history()) >= len(actions))
    forgeries = {
        "two chance outcomes swapped": swapped,
        "the history of another game": [
            f"{step.player}:{step.action}" for step in other.full_history()
        ][: len(actions)],
    }
    tried = 0
    for what, forged in forgeries.items():
        if forged == actions:
            continue
        tried += 1
        with pytest.raises(SerializationError):
            game.deserialize_state("history=" + ",".join(forged) + "\n" + rest)
        assert what
    assert tried
    assert game.deserialize_state(text).history() == state.history()


def test_a_serialized_state_whose_hands_log_its_history_does_not_give_is_refused() -> None:
    """The log of the hand in play (what every seat saw played: the moves, and the cards
    taken from a face-up place) is part of the state read back: one that its history
    does not give is refused, even where the game's loader, which checks the log
    against the hands alone, accepts it (a discard said to be of another card)."""
    game = openspiel.load_game("chinchon")
    state = _random_game(game, 6, stop=lambda s: s.move_number() > 120 and len(
        s.game_state.to_dict().get("history", [])) > 4)  # fmt: skip
    text = state.serialize()
    head, line = text.rsplit("\nstate=", 1)
    data = json.loads(line)
    history = data["history"]
    index = next(i for i, entry in enumerate(history) if entry[1].startswith("discard "))
    card = history[index][1].split()[1]
    other = next(c for c in ("AS", "2S", "3S", "4S") if c != card)
    history[index] = [history[index][0], f"discard {other}"]
    forged = head + "\nstate=" + json.dumps(data, separators=(",", ":"))
    game.record.state_from_dict(data)  # the loader alone accepts it
    with pytest.raises(SerializationError, match="do not lead to the state read"):
        game.deserialize_state(forged)
    assert game.deserialize_state(text).serialize() == text


def test_a_serialized_states_lines_are_read_as_written() -> None:
    """Each line of a serialized state is read in its one spelling and checked: the
    state's dictionary by the game's loader, the pending tokens and the moves against the
    actions, the game against this one; anything else is refused with SerializationError,
    and the text is accepted only as the state writes it."""
    game = openspiel.load_game("chinchon")
    state = _random_game(game, 3, stop=lambda s: s.move_number() > 60)
    text = state.serialize()
    lines = text.split("\n")
    state_line = lines[5].removeprefix("state=")
    data = json.loads(state_line)
    other = {**data, "hand_number": "two"}
    count = len(state.history())

    def with_line(index: int, line: str) -> str:
        return "\n".join([*lines[:index], line, *lines[index + 1 :]])

    bad = {
        "not JSON": with_line(5, "state={"),
        "not a state": with_line(5, "state=" + json.dumps(other, separators=(",", ":"))),
        "JSON written otherwise": with_line(5, "state=" + json.dumps(data)),
        "NaN": with_line(5, "state=" + state_line.replace('"hand_number":1', '"hand_number":NaN')),
        "long JSON": with_line(5, "state=" + " " * (openspiel.MAX_STATE_CHARS + 1)),
        "too many pending": with_line(3, f"pending={count + 1}"),
        "pending 0-padded": with_line(3, "pending=00"),
        "too many moves": with_line(4, f"moves={count + 1}"),
        "another game": with_line(2, f"game={openspiel.load_game('rumino')}"),
        "a move number off": text.replace("move_number=", "move_number=1", 1),
        "one line": text.replace("\n", " "),
        "a line more": text + "\nstate={}",
    }
    for name, forged in bad.items():
        try:
            game.deserialize_state(forged)
        except SerializationError:
            continue
        pytest.fail(f"{name}: read back")
    with pytest.raises(SerializationError, match="characters"):
        game.deserialize_state("history=" + "-1:0," * 10_000_000)
    assert game.deserialize_state(text).serialize() == text


def test_a_state_read_back_replays_its_actions_at_load() -> None:
    """A state is read back from its dictionary and its actions replayed once, at load:
    actions that do not lead to it are refused there, not at the first information-state
    string."""
    game = openspiel.load_game("chinchon")

    def between_moves(state: Any) -> bool:
        decision = state.node.decision
        return state.move_number() > 300 and decision is not None and not decision.prefix

    state = _random_game(game, 4, stop=between_moves)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state)
    for player in range(game.num_players()):
        assert again.information_state_string(player) == state.information_state_string(player)
    # Another game's state under this one's actions: refused at load.
    other = _random_game(game, 5, stop=between_moves).node
    lines = text.split("\n")
    forged_text = "\n".join(
        [
            *lines[:4],
            f"moves={min(other.history.number, state.node.history.number)}",
            "state=" + json.dumps(other.state.to_dict(), separators=(",", ":")),
        ]
    )
    with pytest.raises(SerializationError, match="do not lead to the state"):
        game.deserialize_state(forged_text)


def _hoarding(game: Any, steps: int) -> Any:
    """A state of ``steps`` actions: chance at random, players always taking their first
    action (in Chinchón nobody closes, so the match goes on to the cap)."""
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < steps:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_long_histories_read_back_without_a_replay() -> None:
    """A capped Chinchón match (at 21,300 actions it took 0.3-0.5 s to replay; the cap is
    now MAX_GAME_LENGTH) reads back, serialized and pickled, as the same state with the
    same history."""
    game = openspiel.load_game("chinchon")
    state = _hoarding(game, game.max_game_length())
    assert len(state.history()) > game.max_game_length() - game.episode.longest_step
    text = state.serialize()
    for again in (game.deserialize_state(text), pickle.loads(pickle.dumps(state))):
        assert str(again) == str(state)
        assert again.history() == state.history()
        assert again.serialize() == text
        assert again.returns() == state.returns()


def test_a_state_clones_independently() -> None:
    game = openspiel.load_game("scala40", players=2)
    state = _random_game(game, 1, stop=lambda s: s.move_number() > 150)
    clone = state.clone()
    assert str(clone) == str(state)
    assert clone.history() == state.history()
    before = str(state)
    while not clone.is_terminal() and clone.move_number() < 200:
        if clone.is_chance_node():
            clone.apply_action(clone.chance_outcomes()[0][0])
        else:
            clone.apply_action(clone.legal_actions()[-1])
    assert str(state) == before


def test_observations_and_information_states() -> None:
    game = openspiel.load_game("scala40", players=2)
    state = _random_game(
        game,
        2,
        stop=lambda s: (
            s.move_number() > 140 and not s.is_chance_node() and s.game_state.phase.value == "play"
        ),
    )
    player = state.current_player()
    tensor = np.array(state.observation_tensor(player))
    assert tensor.shape == tuple(game.observation_tensor_shape())
    assert tensor.shape == (game.observer.size,)
    assert tensor[game.observer.offset("acting")] == 1.0
    text = state.observation_string(player)
    assert text.startswith(f"player {player} of 2")
    info = state.information_state_string(player)
    assert info.startswith(text)
    assert "history " in info
    # The other seat does not see the tokens the player is choosing; the player does.
    other = 1 - player
    before = state.information_state_string(other)
    for action in state.legal_actions():
        chosen = state.clone()
        chosen.apply_action(action)
        if chosen.game_state is state.game_state:  # the move is not complete yet
            assert chosen.current_player() == player
            assert chosen.information_state_string(other) == before
            assert chosen.information_state_string(player) != info
            assert "choosing: " in chosen.information_state_string(player)
            break
    else:
        pytest.fail("no move of several tokens at this state")


def _deal_and_draw(game: Any, order: list[int]) -> Any:
    state = game.new_initial_state()
    for card in order:
        state.apply_action(card)
    return state


def test_information_states_are_what_the_seat_observed() -> None:
    """Two deals that differ only in cards a seat cannot see read the same to it, before
    and after a move it watches; the seat that holds those cards tells them apart."""
    game = openspiel.load_game("scala40", players=2)
    order = list(scala40.french_deck().shuffled(seed=11))
    first = _deal_and_draw(game, order)
    dealt = first.game_state
    mover = first.current_player()
    watcher = 1 - mover
    start = game.initial_state

    def differs_for_the_mover_only(swap: list[int]) -> bool:
        other = start.apply(start.chance_move(swap))
        return bool(
            other.hands[watcher] == dealt.hands[watcher]
            and other.hands[mover] != dealt.hands[mover]
            and other.discard == dealt.discard
            and other.stock[-1] == dealt.stock[-1]
        )

    # Swap a card the mover is dealt with one deep in the stock.
    for here in range(len(order)):
        for there in range(here):
            swapped = list(order)
            swapped[here], swapped[there] = swapped[there], swapped[here]
            if differs_for_the_mover_only(swapped):
                break
        else:
            continue
        break
    second = _deal_and_draw(game, swapped)
    assert second.game_state.hands[watcher] == dealt.hands[watcher]
    assert second.game_state.hands[mover] != dealt.hands[mover]
    assert second.game_state.discard == dealt.discard
    assert second.information_state_string(watcher) == first.information_state_string(watcher)
    assert second.information_state_string(mover) != first.information_state_string(mover)
    for state in (first, second):
        state.apply_action(game.encoding.token_id("draw"))
    assert second.information_state_string(watcher) == first.information_state_string(watcher)
    assert second.observation_string(watcher) == first.observation_string(watcher)
    assert list(second.observation_tensor(watcher)) == list(first.observation_tensor(watcher))


def test_parameters_choose_the_rules_and_players() -> None:
    rules = Ruleset(match_format="single", jokers=2, max_players=4)
    game = openspiel.load_game("scala40", players=4, rules=json.dumps(rules.to_dict()), seed=3)
    assert game.num_players() == 4
    assert game.encoding.rules == rules
    assert game.num_distinct_actions() == 10 + 53 + 9 + 106
    assert openspiel.load_game("scala40", rules="classic").encoding.rules.split_sequences
    assert openspiel.register("scala40") == "python_scala40"
    assert openspiel.register_all() == tuple(f"python_{name}" for name in game_names())
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        openspiel.load_game("scala40", colour="red")
    # Parameters OpenSpiel accepts but the library does not: the library's errors.
    with pytest.raises(UnknownPresetError, match="no preset named 'house'"):
        openspiel.load_game("scala40", rules="house")
    with pytest.raises(InvalidValueError, match="max_game_length"):
        openspiel.load_game("scala40", max_game_length=-1)
    with pytest.raises(InvalidValueError, match="players must be from 2 to 6"):
        openspiel.load_game("scala40", players=7)
    with pytest.raises(InvalidValueError, match="expected a preset name or JSON"):
        openspiel.load_game("scala40", rules="{not json")


def test_a_truncated_game_is_a_draw() -> None:
    game = openspiel.load_game("scala40", players=3, max_game_length=500)
    state = _random_game(game, 4)
    assert state.is_terminal()
    assert not state.game_state.is_over
    assert state.returns() == pytest.approx([1 / 3] * 3)
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)


def test_mcts_plays_a_whole_game_of_scala40() -> None:
    """OpenSpiel's MCTS, with random rollouts, plays seat 0 of a one-hand game of the
    official rules against random play, to the end."""
    rules = Ruleset(match_format="single")
    game = openspiel.load_game("scala40", players=2, rules=json.dumps(rules.to_dict()))
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=3,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.game_state.is_over
    assert decisions > 10
    assert sorted(state.returns()) == [0.0, 1.0]


def test_a_state_resamples_what_its_seat_cannot_see() -> None:
    game = openspiel.load_game("scala40", players=3)
    state = _random_game(game, 5, stop=lambda s: s.move_number() > 400 and s.current_player() >= 0)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sampled = state.resample_from_infostate(player, sampler)
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert sampled.legal_actions() == state.legal_actions()
    assert sampled.game_state.hands[player] == state.game_state.hands[player]
    others = [seat for seat in range(3) if seat != player]
    assert any(sampled.game_state.hands[seat] != state.game_state.hands[seat] for seat in others)
    with pytest.raises(InvalidValueError, match="only the seat deciding"):
        state.resample_from_infostate(others[0], sampler)


def test_ismcts_plays_a_whole_game_of_scala40() -> None:
    """OpenSpiel's information-set MCTS searches the states its seat deems possible
    (``resample_from_infostate``) and plays a one-hand game to the end."""
    game = openspiel.load_game("scala40", players=2, rules=Ruleset(match_format="single"))
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=3,
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.game_state.is_over
    assert sorted(state.returns()) == [0.0, 1.0]


def test_each_kind_of_observer_keeps_its_own_digests() -> None:
    """An information state's digest does not depend on which observers asked before:
    an observer of neither public nor private information shared the whole
    observation's memo, so whichever asked first gave both their digests."""
    kinds = {
        "whole": pyspiel.IIGObservationType(
            perfect_recall=True,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
        "neither": pyspiel.IIGObservationType(
            perfect_recall=True, public_info=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    }
    seen = []
    for order in (["whole", "neither"], ["neither", "whole"]):
        game = openspiel.load_game("chinchon")
        state = _random_game(game, 1, stop=lambda s: s.move_number() > 80)
        strings = {}
        for name in order:
            strings[name] = game.make_py_observer(kinds[name]).string_from(state, 0)
        seen.append(strings)
    assert seen[0] == seen[1]
    assert seen[0]["whole"].splitlines()[-1] != seen[0]["neither"].splitlines()[-1]


@pytest.mark.parametrize("name", game_names())
def test_an_observer_fills_its_tensor_in_place_as_the_state_observes(name: str) -> None:
    """An observer's tensor, filled in place from the encoding's numbers and the decision
    part (no array of the whole observation made on the way), holds the state's own
    observation at every decision of a random game, every token of a move included, and
    its public or private part under those observers; asking for another seat or again
    in between changes nothing."""
    game = openspiel.load_game(name)
    kinds = {
        "both": (True, True),
        "public": (True, False),
        "private": (False, True),
    }
    observers = {
        kind: game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False,
                public_info=public,
                private_info=(
                    pyspiel.PrivateInfoType.SINGLE_PLAYER
                    if private
                    else pyspiel.PrivateInfoType.NONE
                ),
            )
        )
        for kind, (public, private) in kinds.items()
    }
    state = game.new_initial_state()
    chooser = np.random.default_rng(5)
    decisions = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(chooser.integers(len(outcomes)))][0])
            continue
        mover = state.current_player()
        watcher = (mover + 1) % game.num_players()
        for seat in (watcher, mover):
            whole = np.array(state.observation_tensor(seat))
            for observer in observers.values():
                observer.set_from(state, seat)
                expected = whole if observer.mask is None else whole * observer.mask
                assert (observer.tensor == expected).all()
        legal = state.legal_actions()
        state.apply_action(legal[int(chooser.integers(len(legal)))])
        decisions += 1
    with pytest.raises(InvalidValueError, match="player must be a seat"):
        observers["both"].set_from(state, game.num_players())

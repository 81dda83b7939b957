"""What the learning adapters promise for every game: OpenSpiel games and states that
pickle, deep-copy and serialize exactly (tampered text refused), game strings that carry
any ruleset, observers that honour the kind of information asked for, episodes of one
hand, chance dealt as one outcome, a length cap that stops both adapters alike, and
PettingZoo's checks with the default wrappers. Skipped without the ``rl`` extra."""

from __future__ import annotations

import copy
import functools
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from scala40.adapters import openspiel  # noqa: E402
from scala40.adapters.actions import ActionEncoding  # noqa: E402
from scala40.adapters.episodes import (  # noqa: E402
    HAND_DECK_PASSES,
    MATCH_HANDS,
    MAX_GAME_LENGTH,
    default_max_game_length,
)
from scala40.adapters.pettingzoo import env, raw_env  # noqa: E402
from scala40.bots import make_bot  # noqa: E402
from scala40.errors import InvalidValueError, SerializationError  # noqa: E402
from scala40.game import game_names, load_game  # noqa: E402
from tests.adapters.toygame import GAME as TOY  # noqa: E402

DICT_OBSERVATIONS = ("ignore:Observation", "ignore:.*should be gymnasium")


def _play(state: Any, seed: int, stop: Any = None) -> Any:
    rng = np.random.RandomState(seed)
    while not state.is_terminal() and not (stop and stop(state)):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _custom_rules(name: str) -> Any:
    """A ruleset of the game that is no preset: its default with one yes/no rule flipped."""
    kind = load_game(name).ruleset_type
    presets = [kind.preset(preset) for preset in kind.preset_names()]
    data = kind().to_dict()
    options = data["options"]
    for key, value in sorted(options.items()):
        if isinstance(value, bool):
            try:
                rules = kind.from_dict({**data, "options": {**options, key: not value}})
            except ValueError:
                continue
            if rules not in presets:
                return rules
    pytest.skip(f"{name}: no ruleset apart from the presets to try")


@pytest.mark.parametrize("name", game_names())
def test_games_and_states_pickle_copy_and_serialize_exactly(name: str) -> None:
    game = openspiel.load_game(name, max_game_length=3000)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert copy.deepcopy(game) is game
    state = _play(game.new_initial_state(), 1, stop=lambda s: s.move_number() > 60)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.serialize() == text
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(again.observation_tensor(seat), state.observation_tensor(seat))
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded.history() == state.history()
    assert str(loaded) == str(state)
    copied = copy.deepcopy(state)
    assert copied.history() == state.history()
    copied.apply_action(copied.legal_actions()[0])
    assert str(state) == str(again)
    other_game, other_state = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(other_game) == str(game)
    assert str(other_state) == str(state)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda text: text.replace("history=", "story="),
        lambda text: text.replace(",", ",7:", 1),
        lambda text: text.replace("-1:", "-1:99", 1),
        lambda text: text[:-4],
        lambda text: text.replace("move_number=", "move_number=1"),
        lambda text: "history=" + ",".join(["-1:0"] * 60_000) + "\nmove_number=0\n__dict__=",
        lambda text: 42,
    ],
)
def test_tampered_serializations_are_refused_with_the_library_error(tamper: Any) -> None:
    game = openspiel.load_game("scala40", max_game_length=3000)
    state = _play(game.new_initial_state(), 2, stop=lambda s: s.move_number() > 30)
    with pytest.raises(SerializationError):
        game.deserialize_state(tamper(state.serialize()))


@pytest.mark.parametrize("name", game_names())
def test_a_game_string_carries_any_ruleset(name: str) -> None:
    rules = _custom_rules(name)
    game = openspiel.load_game(name, rules=rules)
    text = str(game)
    assert "rules=zjson:" in text
    again = pyspiel.load_game(text)
    assert again.encoding.rules == rules
    assert str(again) == text
    # A preset's name stays a name.
    preset = load_game(name).ruleset_type.DEFAULT_PRESET
    assert f"rules={preset}" in str(openspiel.load_game(name))
    with pytest.raises(InvalidValueError, match="not a ruleset packed"):
        openspiel.load_game(name, rules="zjson:not-base64!")


@pytest.mark.parametrize("name", game_names())
def test_random_simulations_serialize_for_every_game(name: str) -> None:
    for chance in ("card", "deal"):
        game = openspiel.load_game(name, max_game_length=1500, chance=chance)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    # Whole hands, as long as they go (up to the default cap).
    hand = openspiel.load_game(name, episode="hand", chance="deal")
    pyspiel.random_sim_test(hand, num_sims=2, serialize=True, verbose=False)


def _hidden_swap(game: Any) -> tuple[Any, Any, int]:
    """Two states at the same decision that differ only in cards no seat but the mover
    holds... and in the stock: deal once, then swap one of a hand's cards with a stock
    card that is not the same card."""
    state = game.new_initial_state()
    order = list(range(200))
    first = state.clone()
    while first.is_chance_node():
        outcomes = [o for o, _ in first.chance_outcomes()]
        first.apply_action(outcomes[order.pop() % len(outcomes)])
    actions = first.history()
    start = game.new_initial_state()
    for index in range(len(actions)):
        for other in range(index + 1, len(actions)):
            if actions[index] == actions[other]:
                continue
            swapped = list(actions)
            swapped[index], swapped[other] = swapped[other], swapped[index]
            second = start.clone()
            for action in swapped:
                second.apply_action(action)
            dealt, redealt = first.game_state, second.game_state
            mover = first.current_player()
            watcher = (mover + 1) % game.num_players()
            if (
                second.current_player() == mover
                and dealt.view(watcher) == redealt.view(watcher)
                and dealt.view(mover) != redealt.view(mover)
            ):
                return first, second, mover
    pytest.skip("no such swap")


@pytest.mark.parametrize("name", game_names())
def test_a_public_observer_sees_no_hidden_card(name: str) -> None:
    game = openspiel.load_game(name)
    first, second, mover = _hidden_swap(game)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    private = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )
    )
    both = game.make_py_observer()
    tensors = []
    for state in (first, second):
        public.set_from(state, mover)
        tensors.append(public.tensor.copy())
    assert (tensors[0] == tensors[1]).all()
    assert public.string_from(first, mover) == public.string_from(second, mover)
    private.set_from(first, mover)
    mine = private.tensor.copy()
    private.set_from(second, mover)
    assert (mine != private.tensor).any()
    assert both.string_from(first, mover) != both.string_from(second, mover)
    # Public and private parts add up to the whole observation.
    both.set_from(first, mover)
    public.set_from(first, mover)
    private.set_from(first, mover)
    assert (both.tensor == public.tensor + private.tensor).all()
    # Public perfect recall: the same for both states; with private information not.
    recall = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    history = game.make_py_observer(recall)
    assert history.string_from(first, mover) == history.string_from(second, mover)
    assert first.information_state_string(mover) != second.information_state_string(mover)
    with pytest.raises(InvalidValueError, match="no information-state tensor"):
        first.information_state_tensor(mover)
    with pytest.raises(InvalidValueError, match="no information-state tensor"):
        history.set_from(first, mover)
    with pytest.raises(InvalidValueError, match="every player"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False,
                public_info=True,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
            )
        )


@pytest.mark.parametrize("name", game_names())
def test_an_episode_of_one_hand_pays_the_hand(name: str) -> None:
    game = openspiel.load_game(name, episode="hand", chance="deal")
    assert game.max_chance_outcomes() == 53
    for seed in range(2):
        state = _play(game.new_initial_state(), seed)
        assert state.is_terminal()
        final = state.game_state
        assert final.hand_number == 1 or final.is_over
        returns = state.returns()
        assert sum(returns) == pytest.approx(game.utility_sum())
        order = load_game(name).score_order.value
        totals = [final.scores[side[0]] for side in final.teams]
        best = min(totals) if order == "low" else max(totals)
        for side, total in zip(final.teams, totals, strict=True):
            assert (returns[side[0]] > 0) == (total == best)


@pytest.mark.parametrize("name", game_names())
def test_the_cap_stops_both_adapters_at_the_same_move_with_a_draw(name: str) -> None:
    """The same deal and the same actions: OpenSpiel (deal as one outcome) and
    PettingZoo count the steps alike, so the cap ends both at the same state."""
    cap = load_game(name).default_players * 0 + 700
    pz = raw_env(name, max_game_length=cap, chance="deal")
    pz.reset(seed=5)
    rng = np.random.RandomState(5)
    moves = []
    while pz.decision is not None:
        legal = list(pz.decision.actions())
        action = int(rng.choice(legal))
        moves.append(action)
        pz.step(action)
    game = openspiel.load_game(name, max_game_length=cap, chance="deal")
    # OpenSpiel's chance outcomes differ from PettingZoo's shuffles, so compare counts:
    # both stop at a move boundary where the longest step no longer fits.
    longest = game.episode.longest_step
    assert pz.steps + longest > cap or pz.episode.over(pz.game_state)
    if not pz.episode.over(pz.game_state):
        assert all(pz.truncations.values())
        assert set(pz.rewards.values()) == {1.0 / len(pz.game_state.teams)}
    state = _play(game.new_initial_state(), 3)
    assert len(state.history()) <= game.max_game_length() == cap
    if not state.node.over:
        assert set(state.returns()) == {1.0 / len(state.game_state.teams)}


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("episode", ["hand", "match"])
@pytest.mark.parametrize("chance", ["card", "deal"])
def test_the_default_cap_is_the_games_and_the_same_in_both_adapters(
    name: str, episode: str, chance: str
) -> None:
    game = openspiel.load_game(name, episode=episode, chance=chance)
    pz = raw_env(name, episode=episode, chance=chance)
    cap = default_max_game_length(pz.encoding, episode, chance)
    assert game.max_game_length() == pz.episode.max_game_length == cap
    assert f"max_game_length={cap}" in str(game)
    hand = default_max_game_length(pz.encoding, "hand", chance)
    most = pz.encoding.rules.most_hands
    assert cap == min(hand if episode == "hand" else (most or MATCH_HANDS) * hand, MAX_GAME_LENGTH)


@pytest.mark.parametrize("name", game_names())
def test_the_default_cap_follows_the_rules_and_the_seats(name: str) -> None:
    record = load_game(name)
    rules = record.resolve_rules(None)
    encoding = ActionEncoding(record, rules)
    deal, card = (default_max_game_length(encoding, "hand", chance) for chance in ("deal", "card"))
    # Card by card, every turn may rebuild the stock a card at a time, and the deal is
    # the deck's outcomes: more steps than a deal drawn as one outcome.
    assert card > deal > HAND_DECK_PASSES * rules.deck.size
    # The rules' own bound on a hand's turns lowers the cap (RU-TURN, CH-TURN, SK-LOOP,
    # S40-STALL's turn_limit).
    option = record.hand_bound_option
    assert option is not None
    limited = ActionEncoding(record, rules.replace(**{option: 20}))
    assert default_max_game_length(limited, "hand", "deal") < deal
    # More seats, more steps a turn.
    seats = rules.max_players
    if seats > encoding.players:
        crowded = ActionEncoding(record, rules, seats)
        assert default_max_game_length(crowded, "hand", "deal") > deal
    with pytest.raises(InvalidValueError, match="episode"):
        default_max_game_length(encoding, "season", "deal")
    with pytest.raises(InvalidValueError, match="chance"):
        default_max_game_length(encoding, "hand", "coin")


@pytest.mark.parametrize("name", game_names())
def test_hands_played_to_win_end_well_within_the_default_cap(name: str) -> None:
    """Greedy players' hands, counted as the adapters count steps, take a small part of
    the default cap: it stops only play that never goes out."""
    record = load_game(name)
    rules = record.resolve_rules(None)
    encoding = ActionEncoding(record, rules)
    cap = default_max_game_length(encoding, "hand", "deal")
    for seed in range(3):
        state = record.new_game(rules, encoding.players, seed, auto_chance=False)
        bots = [make_bot("greedy", name) for _ in range(encoding.players)]
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            if state.is_chance:
                cards = list(state.chance_cards())
                state = state.apply(state.chance_move(tuple(rng.sample(cards, len(cards)))))
                steps += 1
                if state.hand_number > 1:
                    break
                continue
            seat = state.current_player
            move = bots[seat].choose(state.view(seat), state.legal_moves(), rng)
            steps += len(encoding.encode(move))
            state = state.apply(move)
        assert steps < cap / 4, (seed, steps, cap)


@pytest.mark.filterwarnings(*(f"{w}" for w in DICT_OBSERVATIONS))
@pytest.mark.parametrize("name", game_names())
def test_pettingzoo_checks_pass_with_the_default_wrappers(name: str) -> None:
    api_test(env(name, max_game_length=3000), num_cycles=300)
    seed_test(functools.partial(env, name, max_game_length=3000), num_cycles=300)
    hand = env(name, episode="hand")
    api_test(hand, num_cycles=300)
    wrapped = env(name)
    assert type(wrapped).__name__ == "OrderEnforcingWrapper"
    assert type(wrapped.env).__name__ == "AssertOutOfBoundsWrapper"


@pytest.mark.parametrize("name", [*game_names(), TOY])
def test_an_illegal_action_ends_the_game_and_the_offender_loses(name: Any) -> None:
    game = env(name, players=4 if name is TOY else None)
    game.reset(seed=4)
    offender = game.agent_selection
    mask = game.observe(offender)["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    bare = game.unwrapped
    teams = bare.game_state.teams
    seat = bare.possible_agents.index(offender)
    assert all(game.terminations.values())
    assert game.rewards[offender] == 0.0
    partners = [s for side in teams if seat in side for s in side]
    others = [s for s in range(len(bare.possible_agents)) if s not in partners]
    assert all(game.rewards[bare.possible_agents[s]] == 0.0 for s in partners)
    assert sum(game.rewards[bare.possible_agents[s]] for s in others) == pytest.approx(
        len(others) / (len(teams) - 1)
    )
    assert "illegal action" in bare.text()


@pytest.mark.parametrize("name", game_names())
def test_the_global_state_for_centralised_critics(name: str) -> None:
    game = env(name)
    game.reset(seed=2)
    bare = game.unwrapped
    state = bare.state()
    assert bare.state_space.contains(state)
    size = bare.observer.game_size
    seat = bare.possible_agents.index(game.agent_selection)
    own = game.observe(game.agent_selection)["observation"][:size]
    assert (state[seat * size : (seat + 1) * size] == own).all()


def test_the_keys_and_masks_rllib_reads() -> None:
    """RLlib's ``PettingZooEnv`` reads ``agent_selection``, ``last()``, the observation
    dictionary's ``observation`` and ``action_mask`` (its action-masking models take
    the mask as a float or int array of the action space's size), ``rewards``,
    ``terminations`` and ``truncations`` keyed by agent, and one observation and action
    space for every agent."""
    game = env("scala40")
    game.reset(seed=0)
    spaces_seen = {str(game.observation_space(a)) for a in game.possible_agents}
    assert len(spaces_seen) == 1
    assert len({str(game.action_space(a)) for a in game.possible_agents}) == 1
    observation, reward, terminated, truncated, info = game.last()
    assert set(observation) == {"observation", "action_mask"}
    assert observation["action_mask"].shape == (game.action_space(game.agent_selection).n,)
    assert observation["action_mask"].any()
    assert set(game.rewards) == set(game.terminations) == set(game.truncations)
    assert isinstance(info, dict)
    assert isinstance(reward, float)
    assert not terminated
    assert not truncated


def test_a_cap_too_small_for_one_deal_ends_the_episode_at_once() -> None:
    game = env("scala40", max_game_length=100)
    game.reset(seed=1)
    assert all(game.truncations.values())
    assert game.rewards == {"player_0": 0.5, "player_1": 0.5}
    assert sum(1 for _ in game.agent_iter() if game.step(None) is None) == 2
    state = openspiel.load_game("scala40", max_game_length=100).new_initial_state()
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]


def test_the_pages_table_of_default_caps_is_the_games() -> None:
    # The caps the learning page lists, each as default_max_game_length gives it.
    page = (Path(__file__).resolve().parents[2] / "docs" / "learning.rst").read_text("utf-8")
    start = page.index(".. list-table::", page.index("The default caps with each game's"))
    lines = []
    for line in page[start:].splitlines()[1:]:
        if line.strip() and not line.startswith(" "):
            break
        lines.append(line)
    rows = "\n".join(lines).split("   * - ")[2:]
    assert len(rows) == 5
    for row in rows:
        cells = [cell.strip() for cell in row.split("\n     - ")]
        title, players = cells[0].split(", ")
        name = next(name for name in game_names() if load_game(name).title == title)
        encoding = ActionEncoding(name, None, int(players.split()[0]))
        expected = [
            default_max_game_length(encoding, "hand", "deal"),
            default_max_game_length(encoding, "hand", "card"),
            default_max_game_length(encoding, "match", "card"),
        ]
        assert [int(cell.replace(",", "")) for cell in cells[1:4]] == expected, title

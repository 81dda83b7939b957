"""The protocol suite: one set of checks that every registered game passes.

Each game gets these tests by registering (as OpenSpiel's API test runs over all its
games): seeded random playouts under each of its presets, with chance steps played by
the engine and played explicitly, checking at every step that

* the cards are conserved (C-DECK): the state holds the deck's cards, no more, no less;
* a state that is not over has a decision to make, and only then (no dead ends);
* every listed move applies, given as a value or as its text, and moves listed
  elsewhere but not here are refused with an error of the library, the state unchanged;
* the seat to decide is a seat, the sides partition the seats, and the returns at the
  end are win shares (constant-sum, partners equal);
* views hide what they must: a view samples full states that give the same view back;
* states, moves and game records round-trip through JSON, and the same seed and moves
  give the same game;
* a state's dictionary with any field changed to a value of another kind or range is
  refused with an error of the library, or gives a state that plays on (every card kept,
  a legal move until the end).

Long runs: ``HYPOTHESIS_PROFILE=long nox -s soak`` plays many more games (it scales
them up).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import scala40._registry
from scala40.bots import bot_factories, bot_options
from scala40.bots.registry import game_bots_of
from scala40.errors import IllegalMoveError, InvalidMoveError, Scala40Error
from scala40.game import Game, State, View, game_names, load_game
from scala40.records import GameRecord
from tests import knock_variant
from tests.example_game import load_example
from tests.protocol.cases import soak_unless_default
from tests.protocol.tally import TALLY

_SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "long"
PLAYOUTS = 12 if _SOAK else 1
"""Playouts per game, preset and chance mode."""
MAX_ACTIONS = 3000 if _SOAK else 400
"""Actions per playout: enough to cross several hands of the small games."""
DEEP_EVERY = 5 if _SOAK else 10
"""Every this many states, the expensive checks too (every move applied, round-trips)."""


# A knock game of another package plays the family's bots and words, given to their layers.
knock_variant.register_tools()


def _builtin_games() -> list[Game]:
    return [load_game(name) for name in game_names()]


def _every_game() -> list[Game]:
    """The library's games, the one ``examples/add_a_game.py`` adds, and a knock-family
    game written as its rules alone (``tests/knock_variant.py``): a new game built on the
    core, or on the knock family, keeps every promise the protocol checks."""
    return [*_builtin_games(), load_example().GAME, knock_variant.GAME]


def _cases() -> Iterator[Any]:
    for game in _every_game():
        for preset in game.ruleset_type.preset_names():
            yield pytest.param(
                game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset)
            )


CASES = list(_cases())


@pytest.fixture(autouse=True)
def _example_game_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example game and the knock variant registered for each test of this module
    only (records find a game by name), and forgotten after it, so that no other test
    sees them."""
    for game in (load_example().GAME, knock_variant.GAME):
        monkeypatch.setitem(scala40._registry._REGISTERED, game.name, game)


def _players(game: Game, preset: str) -> list[int]:
    rules = game.ruleset_type.preset(preset)
    counts = {rules.min_players, rules.max_players, game.default_players}
    return sorted(count for count in counts if rules.min_players <= count <= rules.max_players)


def _choose(state: State, chooser: random.Random) -> Any:
    legal = state.legal_moves()
    return legal[chooser.randrange(len(legal))]


def _playout(
    game: Game, preset: str, players: int, seed: int, *, auto_chance: bool
) -> Iterator[tuple[State, Any]]:
    """The states of a seeded random game and the move played in each (``None`` last)."""
    chooser = random.Random(seed)
    state = game.new_game(preset, players, seed, auto_chance=auto_chance)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        move = _choose(state, chooser)
        yield state, move
        state = state.apply(move)
    yield state, None


def _check_state(game: Game, state: State) -> None:
    TALLY["states checked (cards conserved, no dead end)"] += 1
    deck = state.rules.deck.cards
    assert Counter(state.all_cards()) == Counter(deck), "cards created or lost"
    seats = sorted(seat for team in state.teams for seat in team)
    assert seats == list(range(state.player_count)), "the sides must partition the seats"
    legal = state.legal_moves()
    if state.is_over:
        assert state.current_player is None
        assert not state.is_chance
        assert not legal, "a finished game lists no moves"
        assert state.winners, "a finished game has winners"
        returns = state.returns()
        assert len(returns) == state.player_count
        sides = {tuple(team): returns[team[0]] for team in state.teams}
        for team in state.teams:
            assert len({returns[seat] for seat in team}) == 1, "partners share their returns"
        assert abs(sum(sides.values()) - 1.0) < 1e-9, "returns are shares of one win"
        return
    assert legal, "a game that is not over has a move to make (no dead ends)"
    assert state.returns() == (0.0,) * state.player_count
    if state.is_chance:
        assert state.current_player is None
        cards = state.chance_cards()
        assert cards, "a chance step draws an order of some cards"
        order = list(cards)
        random.Random(len(order)).shuffle(order)
        explicit = state.chance_move(order)
        assert Counter(state.apply(explicit).all_cards()) == Counter(deck)
    else:
        seat = state.current_player
        assert seat is not None
        assert 0 <= seat < state.player_count


def _check_moves(game: Game, state: State, elsewhere: list[Any]) -> None:
    """Every listed move applies, as a value and as text; unlisted ones are refused."""
    before = state.to_dict()
    legal = list(state.legal_moves())
    texts = {str(move) for move in legal}
    assert len(texts) == len(legal), "two listed moves read the same (C-IDENTITY)"
    for move in legal:
        after = state.apply(move)
        assert isinstance(after, type(state))
        assert move in state.legal_moves()
        assert str(move) in state.legal_moves()
        parsed = game.parse_move(str(move))
        assert parsed == move, f"{move} does not read back from its text"
        assert game.move_from_dict(json.loads(json.dumps(game.move_to_dict(move)))) == move
        if not state.is_chance:
            assert state.apply(str(move)) == after
    for move in elsewhere:
        if move in legal or str(move) in texts:
            continue
        with pytest.raises((IllegalMoveError, InvalidMoveError)):
            state.apply(move)
        assert move not in state.legal_moves()
    assert state.to_dict() == before, "a refused or listed move changed the state"
    TALLY["listed moves applied and read back"] += len(legal)
    TALLY["unlisted moves tried"] += len(elsewhere)


def _check_round_trip(game: Game, state: State) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    again = game.state_from_dict(data)
    assert again == state
    assert again.to_dict() == state.to_dict()
    assert list(map(str, again.legal_moves())) == list(map(str, state.legal_moves()))
    TALLY["states round-tripped"] += 1


def _check_views(state: State, seed: int) -> None:
    for seat in range(state.player_count):
        view = state.view(seat)
        assert isinstance(view, View)
        assert view.player == seat
        assert view.current_player == state.current_player
        for offset in range(2):
            sample = view.sample(seed + offset)
            TALLY["samples checked"] += 1
            assert sample.view(seat) == view, "a sampled state gives its view back"
            assert Counter(sample.all_cards()) == Counter(state.all_cards())
            assert sample.current_player == state.current_player
            if state.current_player == seat:
                # The seat to decide knows its own legal moves exactly.
                assert list(map(str, sample.legal_moves())) == list(map(str, state.legal_moves()))
        if state.current_player == seat and hasattr(view, "legal_moves"):
            # And the view lists them itself, the same and in the same order.
            assert list(view.legal_moves()) == list(state.legal_moves())


@pytest.mark.parametrize(("game", "preset"), CASES)
@pytest.mark.parametrize("auto_chance", [True, False], ids=["auto", "explicit-chance"])
def test_random_playouts_keep_every_promise(game: Game, preset: str, auto_chance: bool) -> None:
    for players in _players(game, preset):
        for seed in range(PLAYOUTS):
            history = list(_playout(game, preset, players, seed, auto_chance=auto_chance))
            moves_seen = [move for _, move in history if move is not None]
            chooser = random.Random(seed)
            for index, (state, _move) in enumerate(history):
                _check_state(game, state)
                if index % DEEP_EVERY == 0 or state.is_over:
                    elsewhere = chooser.sample(moves_seen, min(len(moves_seen), 12))
                    _check_moves(game, state, elsewhere)
                    _check_round_trip(game, state)
                    if not state.is_chance:
                        _check_views(state, seed * 1000 + index)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_same_seed_and_moves_give_the_same_game(game: Game, preset: str) -> None:
    players = _players(game, preset)[-1]
    first = [state for state, _ in _playout(game, preset, players, 5, auto_chance=True)]
    second = [state for state, _ in _playout(game, preset, players, 5, auto_chance=True)]
    assert first == second
    other = [state for state, _ in _playout(game, preset, players, 6, auto_chance=True)]
    assert other[0] != first[0], "another seed deals another game"


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_records_replay_the_game(game: Game, preset: str) -> None:
    players = _players(game, preset)[0]
    record = GameRecord.start(preset, players=players, seed=3, game=game)
    state = record.initial_state()
    chooser = random.Random(3)
    for _ in range(150):
        if state.is_over:
            break
        move = _choose(state, chooser)
        record = record.append(state, move)
        state = state.apply(move)
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert again.game == game.name
    assert again.final_state() == state


@pytest.mark.parametrize("game", _every_game(), ids=lambda game: game.name)
def test_game_record_is_complete(game: Game) -> None:
    assert load_game(game.name) is game
    for alias in game.aliases:
        assert load_game(alias) is game
    assert game.ruleset_type.DEFAULT_PRESET in game.ruleset_type.preset_names()
    rules = game.ruleset_type.default()
    assert rules.min_players <= game.default_players <= rules.max_players
    assert "greedy" in game_bots_of(game).bots, "every game ships a greedy bot"
    if (
        game_bots_of(game).bots["greedy"].__module__.startswith("scala40.")
    ):  # one's own game need not
        assert "careful" in game_bots_of(game).bots, (
            "every game of the library ships a cheap bot above greedy"
        )
    # A game may name its own search "search" (Scala 40's Monte Carlo search); "best" is
    # the strongest measured bot, added by the tools.
    assert not {"random", "playout", "ismcts", "belief"} & set(game_bots_of(game).bots), (
        "a game lists only its own bots: the tools add the generic ones"
    )
    assert {"random", "montecarlo", "playout", "ismcts", "belief", "search", "best"} <= set(
        bot_factories(game)
    ), "the generic bots"
    state = game.new_game(None, game.default_players, 1)
    assert state.game_name == game.name
    assert isinstance(state, State)
    for preset in game.ruleset_type.preset_names():
        ruleset = game.ruleset_type.preset(preset)
        data = json.loads(json.dumps(ruleset.to_dict()))
        assert game.ruleset_type.from_dict(data) == ruleset
        assert ruleset.preset_name() == preset


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_tools_hooks_answer(game: Game, preset: str) -> None:
    """The record's hooks for the tools: the scores a game reports (one a seat) and,
    where the game values a hand alone, the value of a dealt hand."""
    rules = game.ruleset_type.preset(preset)
    state = game.new_game(rules, _players(game, preset)[0], 4)
    scores = game.reported_scores(state)
    assert len(scores) == state.player_count
    assert all(isinstance(score, int) for score in scores)
    if game.hand_value is not None:
        seat = state.current_player if state.current_player is not None else 0
        hand = state.view(seat).hand
        value = game.hand_value(hand, rules)
        assert isinstance(value, int)
        assert value >= 0


@pytest.mark.parametrize("game", _every_game(), ids=lambda game: game.name)
def test_bots_take_the_legal_moves_as_the_state_gives_them(game: Game) -> None:
    """A bot chooses from ``state.legal_moves()`` itself, a list or a tuple of it alike."""
    state = game.new_game(None, game.default_players, 3)
    for step in range(60):
        if state.is_over:
            break
        if state.current_player is None:
            state = state.apply(state.legal_moves()[0])
            continue
        legal = state.legal_moves()
        view = state.view(state.current_player)
        for name, factory in bot_factories(game).items():
            if name in ("montecarlo", "playout"):  # searches: slow, checked in tests/tools
                continue
            # The searches on a small budget: what is checked is the moves they may take.
            if name == "ismcts":
                bot = factory(iterations=3)
            elif "time_limit" in (bot_options(factory) or ()):
                bot = factory(time_limit=0.002)
            else:
                bot = factory()
            # Each decision in one of the three forms, in turn: each form ~20 times a bot.
            given = (legal, list(legal), tuple(legal))[step % 3]
            assert bot.choose(view, given, random.Random(5)) in legal, name
        state = state.apply(legal[0])


@pytest.mark.parametrize("game", _every_game(), ids=lambda game: game.name)
def test_bad_input_raises_library_errors(game: Game) -> None:
    state = game.new_game(None, game.default_players, 2)
    for text in ("", "jump", "draw draw draw", "#", "x" * 3000, "1⁰", "discard 99999999999"):
        with pytest.raises(Scala40Error):
            state.apply(text)
    broken: list[object] = [
        None,
        3,
        [],
        {"format": "nothing"},
        {"format": state.to_dict()["format"]},
    ]
    for data in broken:
        with pytest.raises(Scala40Error):
            game.state_from_dict(data)  # type: ignore[arg-type]
    for seat in (state.player_count, -1, "0", None, 10**5000):
        with pytest.raises(Scala40Error):
            state.view(seat)
    for move in (None, 3, 10**5000, [], object()):
        with pytest.raises(Scala40Error):
            state.apply(move)
    with pytest.raises(Scala40Error):
        game.new_game(None, 99, 1)
    with pytest.raises(Scala40Error):
        game.new_game(None, 10**5000, 1)


# Values of every kind a field of a state's dictionary may be changed to: other types,
# numbers out of any range, NaN and infinities, text and containers of no meaning.
_HOSTILE_FIELD_VALUES: list[Any] = [
    None, True, 0, -1, 1, 7, 10**9, 10**5000, math.nan, math.inf, 1.5, "", "x", "²", [],
    [0], ["x"], {}, {"format": None},
]  # fmt: skip


def _check_plays_on(state: State, chooser: random.Random, moves: int) -> None:
    deck = Counter(state.rules.deck.cards)
    for _ in range(moves):
        assert Counter(state.all_cards()) == deck, "cards created or lost"
        if state.is_over:
            return
        legal = state.legal_moves()
        assert legal, "an accepted state that is not over has a legal move"
        state = state.apply(legal[chooser.randrange(len(legal))])


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_changed_state_dictionaries_are_refused_or_play_on(game: Game, preset: str) -> None:
    players = _players(game, preset)[0]
    history = [state for state, _ in _playout(game, preset, players, 8, auto_chance=False)]
    chooser = random.Random(8)
    for state in (history[1], history[len(history) // 2]):
        data = state.to_dict()
        for field in sorted(data):
            if field in ("format", "version"):
                continue
            for value in chooser.sample(_HOSTILE_FIELD_VALUES, 6):
                changed = copy.deepcopy(data)
                changed[field] = value
                try:
                    loaded = game.state_from_dict(changed)
                except Scala40Error:
                    continue
                _check_plays_on(loaded, chooser, 40)

"""Every hand ends: a promise of every game, checked over every registered game and preset,
the game ``examples/add_a_game.py`` adds and the toy game of the adapters' tests.

Hands are played by three kinds of player at every seat (and every shipped bot against
itself, below):

* ``random``: a legal move drawn at random;
* ``greedy``: the game's greedy bot (the random player for a game without one);
* ``adversarial``: never a move that ends the hand (knocking, closing, going out) while
  it has another, and among the others the moves that keep cards in hand (draws,
  discards, offers, answers) before those that put cards on the table.

Each hand must end within the bound the game documents (``Game.max_hand_moves``: the
deal, every chance move and every decision counted). Where the rules let a hand go on
for ever (a player who never knocks or closes), ``max_hand_moves`` answers ``None`` and
the game's docs page says so: the hands are then played under the option that bounds
them (``Game.hand_bound_option``: Skarney's ``turn_limit``, SK-LOOP; the knock games'
``turn_limit``, the RU-TURN and CH-TURN Decision, since a player who never knocks or
closes keeps a hand going, and even random players can pass thousands of moves), and not
at all in a game that has none. Scala 40's hands end by S40-STALL whoever plays.

Every bot a registered game ships (:func:`scala40.bots.bot_names`) also plays against
itself, at every seat, under every preset's rules as they are (no turn limit): a bot that
takes a card only to throw it back, facing a copy of itself, would keep a hand going for
ever (two careful bots once passed Chinchón's 5 of diamonds back and forth). Its hands
must end within the game's bound, or :data:`BOT_HAND_CAP` moves where the rules have none.
The searches play on small budgets (:data:`SMALL_BUDGETS`), one hand a case but in the
long run: what loops is the moves a policy picks, not how long it thinks. The quick bots in each game's default preset play
in the default run, every bot in every preset in the soak.

``HYPOTHESIS_PROFILE=long nox -s soak`` plays many more hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.bots import QUICK_BOTS, bot_factories, bot_options, make_bot
from scala40.game import Game, State, game_names, load_game
from tests.adapters import toygame
from tests.example_game import load_example
from tests.protocol.cases import soak_unless_default
from tests.protocol.tally import TALLY, long_run

HANDS = 12 if long_run() else 2
"""Hands per game, preset, player kind and seed."""
SEEDS = 6 if long_run() else 1
"""Seeds per game, preset and player kind."""
UNDOCUMENTED_BOUND = 5_000
"""The cap for a game that documents no bound (the example and toy games): their hands
are a few dozen moves."""
TURN_LIMIT = 60
"""The value of a game's ``hand_bound_option`` when the adversarial player needs it."""

BOT_HAND_CAP = 3_000
"""The moves a hand of a bot against itself may take where the rules bound none (such
hands take a few dozen; the looping careful bots passed 3,000)."""
SMALL_BUDGETS = {
    "playouts": 4,
    "iterations": 16,
    "worlds": 2,
    "particles": 16,
    "rollout_limit": 40,
}
"""The options that bound a search's work, and the small values the searches play with
here (each bot gets those it takes): few play-outs, each cut short, since what loops is
the moves a policy picks, not how far a search looks (a Skarney partnership's Monte Carlo
hand took two minutes with its play-outs played to the hand's end)."""

ENDING_WORDS = ("knock", "close", "out", "end")
"""First words of move texts that may end a hand (tried last by the adversarial player)."""
TABLE_WORDS = ("meld", "layoff", "lay", "extend", "split", "swap", "exchange", "put")
"""First words of move texts that put cards on the table (tried after the others)."""


def _games() -> list[Game]:
    return [load_game(name) for name in game_names()] + [load_example().GAME, toygame.GAME]


def _cases() -> Iterator[Any]:
    for game in _games():
        for preset in game.ruleset_type.preset_names():
            yield pytest.param(
                game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset)
            )


CASES = list(_cases())


def _rank(move: Any) -> int:
    word = str(move).split(" ", 1)[0].lower()
    if word in ENDING_WORDS:
        return 2
    if word in TABLE_WORDS:
        return 1
    return 0


def _ends_hand(state: State, after: State) -> bool:
    return after.is_over or after.hand_number != state.hand_number


def adversarial_move(state: State, rng: random.Random) -> Any:
    """A legal move that keeps the hand going if one does: moves that keep cards in hand
    first, then those that put cards on the table, then those that may end the hand; the
    first that does not end the hand (checked by applying it), else the first."""
    legal = list(state.legal_moves())
    rng.shuffle(legal)
    legal.sort(key=_rank)
    for move in legal:
        if not _ends_hand(state, state.apply(move)):
            return move
    return legal[0]


def _chooser(game: Game, kind: str) -> Any:
    if kind == "adversarial":
        return lambda state, rng: adversarial_move(state, rng)
    factory = game.bots.get("greedy") if kind == "greedy" else None
    if factory is None:
        return lambda state, rng: state.legal_moves()[rng.randrange(len(state.legal_moves()))]
    bot = factory()
    return lambda state, rng: bot.choose(
        state.view(state.current_player), state.legal_moves(), rng
    )


def _bound(game: Game, rules: Any, players: int) -> int | None:
    if game.max_hand_moves is None:
        return UNDOCUMENTED_BOUND
    return game.max_hand_moves(rules, players)


def _play_hands(game: Game, rules: Any, players: int, seed: int, kind: str, bound: int) -> None:
    """Play :data:`HANDS` hands (or to the end of the match), each within ``bound``."""
    rng = random.Random(seed)
    choose = _chooser(game, kind)
    state = game.new_game(rules, players, seed)
    for _ in range(HANDS):
        if state.is_over:
            return
        hand = state.hand_number
        moves = 0
        while not state.is_over and state.hand_number == hand:
            assert moves < bound, (
                f"{game.name} hand {hand} ({kind}, seed {seed}) past {bound} moves, the bound "
                "the game documents"
            )
            chance = state.current_player is None
            state = state.apply(state.legal_moves()[0] if chance else choose(state, rng))
            moves += 1
        TALLY["hands ended"] += 1
        TALLY["moves played to the end of a hand"] += moves


@pytest.mark.parametrize(("game", "preset"), CASES)
@pytest.mark.parametrize("kind", ["random", "greedy", "adversarial"])
def test_every_hand_ends_within_the_documented_bound(game: Game, preset: str, kind: str) -> None:
    # S40-STALL, SK-LOOP, RU-TURN, CH-TURN: every hand ends; where the rules allow an
    # endless hand, the game names the option that bounds it.
    rules = game.ruleset_type.preset(preset)
    players = game.default_players
    if not rules.min_players <= players <= rules.max_players:
        players = rules.min_players
    bound = _bound(game, rules, players)
    if bound is None:
        # The rules let a hand go on for ever: a random player too may never go out
        # (Chinchón's random players can pass 5,000 moves in a hand).
        option = game.hand_bound_option
        if option is None:
            pytest.skip(
                f"{game.name}: the rules let a hand go on for ever and no option bounds it"
            )
        rules = rules.replace(**{option: TURN_LIMIT})
        bound = _bound(game, rules, players)
        assert bound is not None, f"{option} bounds {game.name}'s hands"
    for seed in range(SEEDS):
        _play_hands(game, rules, players, seed, kind, bound)


def test_scala40_hands_end_by_s40_stall_whatever_the_players() -> None:
    # S40-STALL: a Scala 40 hand has a bound under every ruleset but S40-V-FOURKIND,
    # where the cards of a natural four of a kind leave the table and can come back.
    game = load_game("scala40")
    for preset in game.ruleset_type.preset_names():
        rules = game.ruleset_type.preset(preset)
        assert game.max_hand_moves is not None
        assert game.max_hand_moves(rules, 2) is not None
        assert game.max_hand_moves(rules.replace(discard_four_of_a_kind=True), 2) is None


def test_endless_hands_are_named_on_the_docs_pages() -> None:
    # SK-LOOP: the docs page of a game whose rules allow an endless hand says so.
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "games"
    for name in game_names():
        game = load_game(name)
        rules = game.ruleset_type.preset(game.ruleset_type.preset_names()[0])
        assert game.max_hand_moves is not None, name
        page = (docs / f"{name}.rst").read_text(encoding="utf-8")
        assert "Every hand ends" in page or "go on for ever" in page, name
        if game.max_hand_moves(rules, game.default_players) is None:
            assert "go on for ever" in page, name
            if game.hand_bound_option is not None:
                assert f"``{game.hand_bound_option}``" in page, name


def _bot_cases() -> Iterator[Any]:
    for name in game_names():
        game = load_game(name)
        for preset in game.ruleset_type.preset_names():
            for bot in bot_factories(game):
                quick = preset == game.ruleset_type.DEFAULT_PRESET and bot in QUICK_BOTS
                yield pytest.param(
                    game,
                    preset,
                    bot,
                    id=f"{name}-{preset}-{bot}",
                    marks=() if quick else (pytest.mark.slow,),
                )


def _small_budget(game: Game, bot: str) -> str:
    """``bot``'s specification with :data:`SMALL_BUDGETS` for the options it takes."""
    taken = bot_options(bot_factories(game)[bot]) or ()
    options = ",".join(f"{key}={value}" for key, value in SMALL_BUDGETS.items() if key in taken)
    return f"{bot}:{options}" if options else bot


@pytest.mark.parametrize(("game", "preset", "bot"), list(_bot_cases()))
def test_every_shipped_bot_against_itself_ends_every_hand(
    game: Game, preset: str, bot: str
) -> None:
    # Every hand a game's own bots play against themselves ends, under the rules as they
    # are: no bot takes a card only to throw it back without progress.
    rules = game.ruleset_type.preset(preset)
    players = game.default_players
    if not rules.min_players <= players <= rules.max_players:
        players = rules.min_players
    bound = game.max_hand_moves(rules, players) if game.max_hand_moves is not None else None
    spec = _small_budget(game, bot)
    bots = [make_bot(spec, game) for _ in range(players)]
    # A search's hand costs a minute even on its small budget: one a case but in the long run.
    hands = HANDS if bot in QUICK_BOTS or long_run() else 1
    for seed in range(SEEDS):
        rng = random.Random(seed)
        state = game.new_game(rules, players, seed)
        for _ in range(hands):
            if state.is_over:
                break
            hand, moves = state.hand_number, 0
            limit = BOT_HAND_CAP if bound is None else bound
            while not state.is_over and state.hand_number == hand:
                assert moves < limit, (
                    f"{game.name} ({preset}) hand {hand} of {spec} against itself, seed "
                    f"{seed}: past {limit} moves"
                )
                player = state.current_player
                legal = state.legal_moves()
                if player is None:
                    move = legal[0]
                else:
                    move = bots[player].choose(state.view(player), list(legal), rng)
                state = state.apply(move)
                moves += 1
            TALLY["hands of a bot against itself ended"] += 1


@pytest.mark.parametrize("name", ["chinchon", "laconga"])
def test_careful_bots_no_longer_pass_one_card_back_and_forth(name: str) -> None:
    # Seed 66's first hand: two careful bots took the 5 of diamonds and threw it back,
    # each in turn, for ever (past 3,000 moves); it now ends in a few dozen.
    game = load_game(name)
    state = game.new_game(game.ruleset_type.preset(game.ruleset_type.DEFAULT_PRESET), 2, 66)
    bots = [make_bot("careful", game) for _ in range(2)]
    rng = random.Random(66)
    moves = 0
    while state.hand_number == 1 and not state.is_over:
        assert moves < 300, f"{name} seed 66: the first hand passed 300 moves"
        player = state.current_player
        legal = list(state.legal_moves())
        move = legal[0] if player is None else bots[player].choose(state.view(player), legal, rng)
        state = state.apply(move)
        moves += 1

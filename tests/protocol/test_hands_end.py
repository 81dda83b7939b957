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

Every bot a game ships (:func:`scala40.bots.bot_names`; the example and toy games' too,
but the playout search, which plays registered games only)
also plays against itself, at every seat, under every preset's rules as they are (no
turn limit), at two, three and four seats and the most each preset allows
(:func:`table_sizes`): careful and greedy bots once froze first hands of Chinchón and La
Conga (about 1 in 300 at three seats, 1 in 20 at four), each keeping the low cards
another needed, and two careful Skarney bots passed an ace back and forth, neither
drawing (1 singles hand in 100; :data:`FROZEN`). Its hands must end within the game's bound, or :data:`BOT_HAND_CAP`
moves where the rules have none (:data:`RANDOM_HAND_CAP` for the random bot). The bots
that answer without searching and the random one play :data:`DEFAULT_RUN_HANDS` first
hands a table under each game's default preset in the default run; in the soak those play
:data:`SOAK_HANDS` a case under every preset where the rules bound no hand
(:data:`BOUNDED_HANDS` where they do; the random bot :data:`RANDOM_HANDS`), and the
searches, on small budgets (:data:`SMALL_BUDGETS`: what loops is the moves a policy
picks, not how long it thinks), :data:`SEARCH_HANDS`; a bot another of the game's names
makes as it is (:func:`aliases`: ``best`` where it is the careful bot) is played once.
Where the rules let a hand go on
for ever, what ends it is the move each game's greedy bot names (``progress_move``),
which every shipped bot plays where it applies
(:func:`test_every_shipped_bot_plays_the_move_that_keeps_a_hand_moving`); the docs'
pages say so, as the suite plays it.

``HYPOTHESIS_PROFILE=long nox -s soak`` plays many more hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scala40.bots import (
    QUICK_BOTS,
    PlayoutBot,
    best_bot,
    bot_factories,
    bot_names,
    bot_options,
    make_bot,
)
from scala40.bots.knock.bots import STALL_RANDOM_SHARE
from scala40.bots.knock.stalled import STALL_DECKS
from scala40.bots.registry import game_bots_of
from scala40.game import Game, State, game_names, load_game
from scala40.games._knock.state import KnockState
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

TABLE_SIZES = (2, 3, 4)
"""The table sizes every shipped bot plays at, with the most each preset allows (those
the preset allows: :func:`table_sizes`)."""
DEFAULT_RUN_HANDS = 3
"""Seeded first hands a case plays in the default run: every bot that answers without
searching, and the random one, under each game's default preset at every table size."""
SOAK_HANDS = 1_000
"""Seeded first hands the soak plays for each bot that answers without searching
(:data:`~scala40.bots.QUICK_BOTS`, and ``best`` where it is one of them), each game,
preset and table size where the rules bound no hand: the careful bots' hands froze in 1
of 300 at three seats."""
BOUNDED_HANDS = 200
"""The same where the rules end every hand whoever plays (Scala 40's S40-STALL): the
hands there check the cap, not an argument of the bots'."""
RANDOM_HANDS = 100
"""The same for the random bot, whose hands end with probability one but take thousands
of moves."""
SEARCH_HANDS = 1
"""The same for a search, under the game's default preset (and at the default table
under the others): its hands cost seconds even on :data:`SMALL_BUDGETS`, and what keeps
a hand moving is its game's greedy bot's move, which every search plays first
(:func:`test_every_shipped_bot_plays_the_move_that_keeps_a_hand_moving`)."""
SKARNEY_HANDS = 200
"""Hands of each Skarney preset other than the default checked to draw at one turn of
two (:func:`test_skarney_bots_draw_at_one_turn_of_two`)."""
LONG_RUN_FACTOR = 3 if long_run() else 1
"""How many times more hands the long run plays than the soak (``HYPOTHESIS_PROFILE=long
nox -s soak``)."""

BOT_HAND_CAP = 3_000
"""The moves a hand of a bot against itself may take where the rules bound none (such
hands take a few dozen; a stalled one ends within a few hundred; the frozen ones passed
3,000)."""
RANDOM_HAND_CAP = 30_000
"""The same for the random bot."""
TIMES = {2: "twice", 3: "three times"}
"""How the pages say :data:`~scala40.bots.knock.bots.STALL_DECKS`."""
FROZEN_CAP = 1_000
"""The moves within which the hands that froze (:data:`FROZEN`) now end."""
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
PROGRESS_POSITIONS = 3
"""Positions a case checks every shipped bot at (:func:`_progress_positions`)."""
PROGRESS_SEEDS = 12
"""First hands searched for them."""
PROGRESS_MOVES = 4_000
"""Moves of each such hand searched."""

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
    factory = game_bots_of(game).bots.get("greedy") if kind == "greedy" else None
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


# ---------------------------------------------------------------- the shipped bots


def table_sizes(rules: Any) -> tuple[int, ...]:
    """The table sizes the bots play at under ``rules``: :data:`TABLE_SIZES` and the most
    the rules allow, those the rules allow."""
    sizes = {*TABLE_SIZES, rules.max_players}
    return tuple(sorted(size for size in sizes if rules.min_players <= size <= rules.max_players))


def _bot_games() -> list[Game]:
    return [load_game(name) for name in game_names()] + [load_example().GAME, toygame.GAME]


def _small_budget(game: Game, bot: str) -> str:
    """``bot``'s specification with :data:`SMALL_BUDGETS` for the options it takes."""
    taken = bot_options(bot_factories(game)[bot]) or ()
    options = ",".join(f"{key}={value}" for key, value in SMALL_BUDGETS.items() if key in taken)
    return f"{bot}:{options}" if options else bot


def _kind(game: Game, bot: str) -> str:
    """``"quick"`` for a bot that answers without searching (:data:`QUICK_BOTS`, and
    ``best`` where it is one of them), ``"random"``, or ``"search"``."""
    if bot == "random" or (bot == "best" and best_bot(game) == "random"):
        return "random"
    name = best_bot(game).partition(":")[0] if bot == "best" else bot
    return "quick" if name in QUICK_BOTS else "search"


def _soak_hands(game: Game, rules: Any, players: int, kind: str) -> int:
    """Seeded first hands a case plays in the soak (see :data:`SOAK_HANDS`)."""
    if kind == "search":
        hands = SEARCH_HANDS
    elif kind == "random":
        hands = RANDOM_HANDS
    elif game.max_hand_moves is not None and game.max_hand_moves(rules, players) is not None:
        hands = BOUNDED_HANDS
    else:
        hands = SOAK_HANDS
    return hands * LONG_RUN_FACTOR


def aliases(game: Game) -> dict[str, str]:
    """The bots of ``game`` that another of its names makes as it is (the same factory,
    the same options: ``best`` where it is the careful bot, ``montecarlo`` where it is
    the playout search), each to that other name: the soak plays them once."""
    factories = bot_factories(game)
    first: dict[int, str] = {}
    found = {}
    for name, factory in factories.items():
        known = first.setdefault(id(factory), name)
        if known != name:
            found[name] = known
    return found


def _bot_cases() -> Iterator[Any]:
    for game in _bot_games():
        default = game.ruleset_type.DEFAULT_PRESET
        same = aliases(game)
        for preset in game.ruleset_type.preset_names():
            rules = game.ruleset_type.preset(preset)
            for bot in bot_factories(game):
                if bot_factories(game)[bot] is PlayoutBot and game.name not in game_names():
                    continue  # the playout search plays registered games (found by name)
                kind = _kind(game, bot)
                for players in table_sizes(rules):
                    if preset == default and kind != "search":
                        yield pytest.param(
                            game, preset, bot, players, DEFAULT_RUN_HANDS,
                            id=f"{game.name}-{preset}-{bot}-{players}",
                        )  # fmt: skip
                    if bot in same:
                        continue  # the soak plays it under its other name
                    if kind == "search" and preset != default and players != _table(game, rules):
                        continue  # a search's hands are costly: its other presets at one table
                    yield pytest.param(
                        game, preset, bot, players, _soak_hands(game, rules, players, kind),
                        id=f"{game.name}-{preset}-{bot}-{players}-soak",
                        marks=pytest.mark.slow,
                    )  # fmt: skip


def _table(game: Game, rules: Any) -> int:
    """The game's default table under ``rules`` (the fewest seats they allow, if less)."""
    players = game.default_players
    return players if rules.min_players <= players <= rules.max_players else rules.min_players


def _cap(game: Game, rules: Any, players: int, kind: str) -> int:
    """The moves a hand of ``kind`` of bot may take: the game's own bound where its rules
    bound every hand and that is lower, else :data:`BOT_HAND_CAP` (:data:`RANDOM_HAND_CAP`
    for the random bot), or :data:`UNDOCUMENTED_BOUND` in a game that documents none."""
    if game.max_hand_moves is None:
        return UNDOCUMENTED_BOUND
    cap = RANDOM_HAND_CAP if kind == "random" else BOT_HAND_CAP
    bound = game.max_hand_moves(rules, players)
    return cap if bound is None else min(bound, cap)


def play_first_hand(
    game: Game, rules: Any, bots: list[Any], seed: int, cap: int, who: str
) -> None:
    """Play the first hand of the game of ``seed`` with ``bots`` (one a seat, ``who`` in
    messages), each drawing from its own seeded generator, to its end, asserting it ends
    within ``cap`` moves."""
    rngs = [random.Random(seed * 31 + seat) for seat in range(len(bots))]
    state = game.new_game(rules, len(bots), seed)
    hand, moves = state.hand_number, 0
    while not state.is_over and state.hand_number == hand:
        assert moves < cap, (
            f"{game.name}: the first hand of seed {seed}, {who}, {len(bots)} players, "
            f"passed {cap} moves"
        )
        player = state.current_player
        legal = state.legal_moves()
        if player is None:
            move = legal[0]
        else:
            move = bots[player].choose(state.view(player), list(legal), rngs[player])
        state = state.apply(move)
        moves += 1
    TALLY["hands of a bot against itself ended"] += 1
    TALLY["moves of those hands"] += moves


@pytest.mark.parametrize(("game", "preset", "bot", "players", "hands"), list(_bot_cases()))
def test_every_shipped_bot_against_itself_ends_every_hand(
    game: Game, preset: str, bot: str, players: int, hands: int
) -> None:
    # Every hand a game's own bots play against themselves ends, at every table size, under
    # the rules as they are (no turn limit): by the rules (S40-STALL), by the bots' rule
    # for a hand that could go on for ever (a knock game's stalled hand, Skarney's stop
    # cards; test_every_shipped_bot_plays_the_move_that_keeps_a_hand_moving), or, for the
    # random bot, with probability one.
    rules = game.ruleset_type.preset(preset)
    kind = _kind(game, bot)
    cap = _cap(game, rules, players, kind)
    spec = _small_budget(game, bot)
    for seed in range(hands):
        bots = [make_bot(spec, game) for _ in range(players)]
        play_first_hand(game, rules, bots, seed, cap, f"{spec} against itself ({preset})")


FROZEN = (
    ("laconga", 3, (153, 305, 565)),
    ("laconga", 4, (28, 35, 44)),
    ("chinchon", 3, (4, 492, 587)),
    ("chinchon", 4, (44, 48, 55)),
    ("skarney", 2, (63, 109, 171)),
    ("skarney", 3, (18,)),
)
"""First hands of careful bots against themselves that never ended (past 3,000 moves),
under the game's default preset (Skarney's ``singles``): at three or four seats of La
Conga and Chinchón each seat kept the low cards another needed while the stock held only
cards everyone threw back at once, no close ever legal; in Skarney two players passed an
ace back and forth, each accepting it and so never drawing (SK-STOP)."""


@pytest.mark.parametrize(
    ("name", "players", "seeds"),
    [pytest.param(*case, id=f"{case[0]}-{case[1]}") for case in FROZEN],
)
def test_the_hands_that_never_ended_now_end(
    name: str, players: int, seeds: tuple[int, ...]
) -> None:
    game = load_game(name)
    preset = "singles" if name == "skarney" else game.ruleset_type.DEFAULT_PRESET
    rules = game.ruleset_type.preset(preset)
    for seed in seeds:
        bots = [make_bot("careful", game) for _ in range(players)]
        play_first_hand(game, rules, bots, seed, FROZEN_CAP, "careful against itself")


class _Drawn(random.Random):
    """A generator that takes every chance (:meth:`random` draws 0) and draws ``index``
    from every range (modulo its length): what a bot draws at a decision, fixed."""

    def __init__(self, index: int) -> None:
        super().__init__(0)
        self.index = index

    def random(self) -> float:
        return 0.0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        low, high = (0, start) if stop is None else (start, stop)
        return low + step * (self.index % len(range(low, high, step)))


def _progress_positions(game: Game, rules: Any, players: int) -> list[State]:
    """Up to :data:`PROGRESS_POSITIONS` positions (one a hand) where the game's greedy
    bot has a move that keeps the hand moving (``progress_move``), found in the first
    hands of random and adversarial players (:data:`PROGRESS_SEEDS` of them, each cut at
    :data:`PROGRESS_MOVES` moves)."""
    greedy = game_bots_of(game).bots["greedy"]()
    found: list[State] = []
    for seed in range(PROGRESS_SEEDS):
        rng = random.Random(seed)
        state = game.new_game(rules, players, seed)
        hand = state.hand_number
        for _ in range(PROGRESS_MOVES):
            if state.is_over or state.hand_number != hand:
                break
            legal = list(state.legal_moves())
            player = state.current_player
            if player is None:
                state = state.apply(legal[0])
                continue
            if len(legal) > 1 and greedy.progress_move(state.view(player), legal, _Drawn(0)):
                found.append(state)
                break
            if seed % 2:
                state = state.apply(adversarial_move(state, rng))
            else:
                state = state.apply(legal[rng.randrange(len(legal))])
        if len(found) == PROGRESS_POSITIONS:
            break
    return found


def _progress_cases() -> list[Any]:
    cases: list[Any] = []
    for name in game_names():
        game = load_game(name)
        if getattr(game_bots_of(game).bots.get("greedy"), "progress_move", None) is None:
            continue
        for preset in game.ruleset_type.preset_names():
            rules = game.ruleset_type.preset(preset)
            marks = soak_unless_default(game, preset)
            cases.extend(
                pytest.param(game, preset, players, id=f"{name}-{preset}-{players}", marks=marks)
                for players in table_sizes(rules)
            )
    return cases


@pytest.mark.parametrize(("game", "preset", "players"), _progress_cases())
def test_every_shipped_bot_plays_the_move_that_keeps_a_hand_moving(
    game: Game, preset: str, players: int
) -> None:
    # Where a game's rules let players keep a hand going for ever, its greedy bot names the
    # move the game's bots play so that every hand ends (progress_move: in a stalled
    # hand of a knock game, at times, a legal move drawn at random; in Skarney, a stop card
    # from a player who did not draw this turn declined), and the argument that every hand
    # ends needs every shipped bot to play it there: each its own, the searches through
    # their game's greedy bot. The random bot draws any move there, each with its chance.
    rules = game.ruleset_type.preset(preset)
    positions = _progress_positions(game, rules, players)
    assert positions, f"{game.name} ({preset}, {players} players): no position found"
    greedy = game_bots_of(game).bots["greedy"]()
    for bot in bot_factories(game):
        if _kind(game, bot) == "random":
            continue
        player = make_bot(_small_budget(game, bot), game)
        for state in positions:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), list(state.legal_moves())
            for index in range(min(3, len(legal))):
                wanted = greedy.progress_move(view, legal, _Drawn(index))
                chosen = player.choose(view, legal, _Drawn(index))
                assert chosen == wanted, (
                    f"{game.name} ({preset}): {bot} played {chosen} where the hand needs "
                    f"{wanted} ({state!r})"
                )
                TALLY["moves that keep a hand moving checked"] += 1


def _skarney_cases() -> list[Any]:
    game = load_game("skarney")
    return [
        pytest.param(preset, players, bot, id=f"{preset}-{players}-{bot}", marks=marks)
        for preset in game.ruleset_type.preset_names()
        for players in table_sizes(game.ruleset_type.preset(preset))
        for bot in QUICK_BOTS
        for marks in [soak_unless_default(game, preset)]
    ]


@pytest.mark.parametrize(("preset", "players", "bot"), _skarney_cases())
def test_skarney_bots_draw_at_one_turn_of_two(preset: str, players: int, bot: str) -> None:
    # SK-STOP, SK-END: the bots decline a stop card from a player who did not draw this
    # turn, so that of two turns in a row one draws from the pile, which is never
    # refilled: a hand between them takes at most twice as many turns as the pile had
    # cards, and one.
    game = load_game("skarney")
    rules = game.ruleset_type.preset(preset)
    default = preset == game.ruleset_type.DEFAULT_PRESET
    hands = DEFAULT_RUN_HANDS if default else SKARNEY_HANDS * LONG_RUN_FACTOR
    for seed in range(hands):
        bots = [make_bot(bot, game) for _ in range(players)]
        rngs = [random.Random(seed * 31 + seat) for seat in range(players)]
        state = game.new_game(rules, players, seed)
        pile, turns = state.view(0).stock_size, 0
        while state.hand_number == 1 and not state.is_over:
            turns = state.turn_number
            assert turns <= 2 * pile + 1, f"{bot}, {preset}, seed {seed}: turn {turns}"
            player = state.current_player
            legal = list(state.legal_moves())
            move = (
                legal[0]
                if player is None
                else bots[player].choose(state.view(player), legal, rngs[player])
            )
            state = state.apply(move)
        TALLY["Skarney hands checked to draw at one turn of two"] += 1


def test_the_pages_say_the_library_s_bots_end_every_hand() -> None:
    # RU-RESTOCK, CH-RESTOCK, SK-LOOP: the page of a game whose rules let a hand go on for
    # ever says that the library's bots end every hand at every table size, and that is
    # what the suite plays: every bot the game ships, at every table size of every preset.
    docs = Path(__file__).resolve().parents[2] / "docs"
    played: dict[str, set[tuple[str, str, int]]] = {}
    for case in _bot_cases():
        game, preset, bot, players, _ = case.values
        played.setdefault(game.name, set()).add((preset, bot, players))
    for name in game_names():
        game = load_game(name)
        rules = game.ruleset_type.preset(game.ruleset_type.DEFAULT_PRESET)
        assert game.max_hand_moves is not None, name
        if game.max_hand_moves(rules, game.default_players) is not None:
            continue  # every hand ends by the rules (Scala 40's S40-STALL)
        page = " ".join((docs / "games" / f"{name}.rst").read_text(encoding="utf-8").split())
        assert "The library's bots end every hand, at every table size" in page, name
        if isinstance(game.new_game(rules, game.default_players, 0), KnockState):
            assert f"lasted {TIMES[STALL_DECKS]} as many turns as the deck has" in page, name
        assert "random players end theirs with probability one" in page, name
        assert ":ref:`bots-hands-end`" in page, name
        same = aliases(game)
        wanted = {
            (preset, same.get(bot, bot), players)
            for preset in game.ruleset_type.preset_names()
            for bot in bot_names(game)
            for players in table_sizes(game.ruleset_type.preset(preset))
            if _kind(game, bot) != "search"
            or preset == game.ruleset_type.DEFAULT_PRESET
            or players == _table(game, game.ruleset_type.preset(preset))
        }
        assert played[name] >= wanted, (name, sorted(wanted - played[name]))
    # The figures of the bots page are this suite's.
    page = (docs / "bots.rst").read_text(encoding="utf-8")
    section = " ".join(
        page[page.index(".. _bots-hands-end:") : page.index("Information-set tree search")].split()
    )
    for figure in (
        f"in the soak {SOAK_HANDS:,} a case",
        f"{BOUNDED_HANDS:,} where they do",
        f"holds every hand to {BOT_HAND_CAP:,} moves ({RANDOM_HAND_CAP:,} for the random bot)",
        f"STALL_RANDOM_SHARE` ({STALL_RANDOM_SHARE:g})",
        f"lasted {TIMES[STALL_DECKS]} as many turns, all seats together",
        f"the frozen hands end within {FROZEN_CAP:,} moves",
        "every seat draws from the stock",
    ):
        assert figure in section, figure

"""Tests of the bots (:mod:`scala40.bots`): legality, determinism, and how they play."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import scala40
from scala40 import (
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    IllegalMoveError,
    LayOff,
    MeldEnd,
    MonteCarloBot,
    Move,
    Phase,
    PlayerView,
    PutDown,
    Ruleset,
    SwapJoker,
    TakeDiscard,
)
from scala40.bots import (
    Bot,
    InvalidBotSpecError,
    RandomBot,
    best_bot,
    bot_factories,
    bot_name,
    make_bot,
    play_game,
)
from scala40.bots.belief_search import BEST_WORLDS, BestBot
from scala40.cards import parse_card
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import SearchTuning, load_game
from scala40.tournament import run_tournament

PRESET_NAMES = ("official", "classic", "federation-article", "online")
SINGLE = Ruleset(match_format="single")


class CheckingBot:
    """Wraps a bot; checks that each move it chooses is one of the legal moves it got."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot_name(bot)
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        assert view.is_my_turn
        assert legal, "a player to move always has a legal move"
        move: Move = self.bot.choose(view, legal, rng)
        assert move in legal, f"{self.name} chose {move}, not among {[str(m) for m in legal]}"
        self.decisions += 1
        return move


def play_checked(bot: Bot, rules: Ruleset | str, players: int, seed: int) -> int:
    """Play a game (at most 3000 moves) with ``bot`` in every seat; return its decisions."""
    checking = [CheckingBot(bot) for _ in range(players)]
    state = scala40.new_game(rules, players, seed)
    final = play_game(state, checking, seed, max_actions=3000)
    assert final.is_over or sum(b.decisions for b in checking) >= 2900
    return sum(b.decisions for b in checking)


# ---------------------------------------------------------------- legality


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_bot_plays_only_legal_moves(preset: str) -> None:
    rules = Ruleset.preset(preset)
    decisions = sum(play_checked(RandomBot(), rules, players, seed=players) for players in (2, 3))
    assert decisions >= 150


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_greedy_bot_plays_only_legal_moves(preset: str) -> None:
    # Elimination matches of several hands: thousands of decisions over the presets.
    rules = Ruleset.preset(preset)
    decisions = sum(
        play_checked(GreedyBot(), rules, players, seed=10 + players) for players in (2, 4)
    )
    assert decisions >= 300


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_montecarlo_bot_chooses_legal_moves(preset: str) -> None:
    rules = Ruleset.preset(preset).replace(match_format="single", double_on_open_and_close=False)
    bot = CheckingBot(MonteCarloBot(playouts=4, candidates=2, rollout_limit=40))
    state = scala40.new_game(rules, 2, seed=5)
    play_game(state, [bot, GreedyBot()], 5, max_actions=60)
    assert bot.decisions >= 15


def test_bots_play_explicit_chance_steps() -> None:
    # With auto_chance=False, play_game plays Deal (and Restock) itself (C-RNG).
    state = scala40.new_game(SINGLE, 2, seed=4, auto_chance=False)
    assert state.phase is Phase.DEAL
    seen: list[Move] = []
    final = play_game(state, [GreedyBot(), GreedyBot()], 4, on_move=lambda s, m: seen.append(m))
    assert final.is_over
    assert seen[0] == scala40.Deal()


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_games_are_reproducible_from_the_seed(name: str) -> None:
    def moves(seed: int) -> list[str]:
        played: list[str] = []
        state = scala40.new_game("official", 3, seed=21)
        bots = [make_bot(name, "scala40") for _ in range(3)]
        play_game(state, bots, seed, max_actions=400, on_move=lambda s, m: played.append(str(m)))
        return played

    assert moves(1) == moves(1)
    if name == "random":
        assert moves(1) != moves(2)


def test_montecarlo_is_deterministic_given_the_rng() -> None:
    state = scala40.new_game(SINGLE, 2, seed=8).apply("draw")
    legal = list(state.legal_moves())
    view = state.view(state.turn)
    bot = MonteCarloBot(playouts=12, rollout_limit=60, margin=0)
    choices = {str(bot.choose(view, legal, random.Random(3))) for _ in range(3)}
    assert len(choices) == 1
    scores = bot.evaluate(view, legal[:3], random.Random(3), rounds=2)
    assert scores == bot.evaluate(view, legal[:3], random.Random(3), rounds=2)
    assert set(scores) == set(legal[:3])


def test_montecarlo_with_a_time_limit_still_answers() -> None:
    state = scala40.new_game(SINGLE, 2, seed=8).apply("draw")
    legal = list(state.legal_moves())
    bot = MonteCarloBot(playouts=10_000, time_limit=0.05, rollout_limit=30)
    assert bot.choose(state.view(state.turn), legal, random.Random(1)) in legal


def test_greedy_bot_does_not_use_its_rng() -> None:
    state = scala40.new_game(SINGLE, 2, seed=9).apply("draw")
    legal = list(state.legal_moves())
    view = state.view(state.turn)
    choices = {GreedyBot().choose(view, legal, random.Random(seed)) for seed in range(5)}
    assert len(choices) == 1


# ---------------------------------------------------------------- play_game


class IllegalBot:
    """Always draws from the stock, even when it must discard."""

    name = "stubborn"

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        return DrawStock()


class TextBot:
    """Returns move text instead of a move."""

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        return "draw"  # type: ignore[return-value]


def test_play_game_names_a_bot_that_plays_an_illegal_move() -> None:
    state = scala40.new_game(SINGLE, 2, seed=1)
    with pytest.raises(IllegalMoveError, match=r"bot 'stubborn' \(player \d\) chose draw") as info:
        play_game(state, [IllegalBot(), IllegalBot()], 0)
    assert "S40-TURN" in str(info.value)


def test_play_game_refuses_move_text() -> None:
    state = scala40.new_game(SINGLE, 2, seed=1)
    with pytest.raises(IllegalMoveError, match="returned the text 'draw'"):
        play_game(state, [TextBot(), TextBot()], 0)


def test_play_game_accepts_a_legal_move_written_differently() -> None:
    # A meld whose cards come in another order than the generated move is still legal.
    state = GameState.from_position(
        hands=["9S 7S 8S KD KH QC 2D 4H", "2C 3C 4C 5H 6H 7H QD 9D"],
        discard="JC",
        opened=[True, True],
        turns_played=[1, 1],
    )

    class Reversed:
        def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
            if view.phase is Phase.DRAW:
                return DrawStock()
            for move in legal:
                if isinstance(move, PutDown):
                    return PutDown(tuple(reversed(move.cards)))
            return legal[-1]

    final = play_game(state, [Reversed(), GreedyBot()], 0, max_actions=3)
    assert any(meld.cards == tuple(scala40.parse_cards("7S 8S 9S")) for meld in final.table)


def test_play_game_stops_at_max_actions() -> None:
    state = scala40.new_game("official", 2, seed=3)
    final = play_game(state, [RandomBot(), RandomBot()], 3, max_actions=7)
    assert not final.is_over
    assert final != state


def test_play_game_needs_one_bot_per_player() -> None:
    with pytest.raises(ValueError, match="expected 3 bots"):
        play_game(scala40.new_game("official", 3, seed=1), [GreedyBot()], 0)


def test_play_game_accepts_a_random_generator() -> None:
    state = scala40.new_game(SINGLE, 2, seed=2)
    first = play_game(state, [RandomBot(), RandomBot()], random.Random(5))
    second = play_game(state, [RandomBot(), RandomBot()], random.Random(5))
    assert first == second


# ---------------------------------------------------------------- the registry


def test_make_bot_builds_each_registered_bot() -> None:
    for name, factory in bot_factories("scala40").items():
        bot = make_bot(name, "scala40")
        assert isinstance(bot, factory)  # type: ignore[arg-type]
        assert isinstance(bot, Bot)
        # best is the strongest measured bot, under its own name.
        assert bot_name(bot) == (best_bot("scala40") if name == "best" else name)


def test_make_bot_options() -> None:
    bot = make_bot(
        " MonteCarlo : playouts=20, time_limit=0.5, candidates=2, margin=0, search_all=true ",
        "scala40",
    )
    assert isinstance(bot, MonteCarloBot)
    assert (bot.playouts, bot.time_limit, bot.candidates, bot.margin) == (20, 0.5, 2, 0.0)
    assert bot.search_all is True
    assert make_bot("montecarlo:time_limit=none", "scala40").time_limit is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clever", "no bot named 'clever'; bots: random, greedy, careful, montecarlo"),
        ("greedy:depth=3", "bot 'greedy' takes no option 'depth'; it takes no options"),
        ("ismcts:iterations=10,iterations=20", "option 'iterations' is given twice"),
        ("belief:model=x", "model must be a seat model"),
        ("search:foo=1", "bot 'search' takes no option 'foo'; its options: playouts, time_limit"),
        ("montecarlo:playouts", "bad bot option 'playouts'"),
        ("montecarlo:playouts=0", "playouts must be an integer from 1 to 1000000, got 0"),
        ("montecarlo:playouts=many", "playouts must be an integer from 1 to 1000000, got 'many'"),
        ("montecarlo:playouts=1000001", "playouts must be an integer from 1 to 1000000"),
        (
            "montecarlo:playouts=1e400",
            "playouts must be an integer from 1 to 1000000, got '1e400'",
        ),
        ("montecarlo:time_limit=-1", "time_limit must be a positive number"),
        ("montecarlo:time_limit=inf", "time_limit must be a positive number"),
        ("montecarlo:time_limit=nan", "time_limit must be a positive number"),
        ("montecarlo:candidates=0", "candidates must be an integer from 1 to 1000000"),
        ("montecarlo:rollout_limit=0", "rollout_limit must be an integer from 1 to 1000000"),
        ("montecarlo:margin=-1", "margin must be a number from 0 to 1000000"),
        ("montecarlo:settle_rounds=0", "settle_rounds must be an integer from 1 to 1000000"),
        ("montecarlo:search_all=yes", "search_all must be true or false, got 'yes'"),
        ("montecarlo:opponent_turns=-1", "opponent_turns must be an integer from 0 to 40"),
        ("playout:playouts=²", "playouts must be an integer from 1 to 1000000, got '²'"),
        ("x" * 2000, "a bot specification of 2000 characters"),
    ],
)
def test_make_bot_errors(spec: str, message: str) -> None:
    with pytest.raises(InvalidBotSpecError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make_bot(spec, "scala40")


def test_make_bot_needs_text() -> None:
    with pytest.raises(InvalidBotSpecError, match="expected a bot name"):
        make_bot(3, "scala40")  # type: ignore[arg-type]


def test_bot_name_falls_back_to_the_class_name() -> None:
    assert bot_name(TextBot()) == "TextBot"
    assert bot_name(TextBot) == "TextBot"
    assert bot_name(IllegalBot()) == "stubborn"
    assert repr(RandomBot()) == "RandomBot()"
    assert repr(GreedyBot()) == "GreedyBot()"


# ---------------------------------------------------------------- how the greedy bot plays


def greedy_move(state: GameState) -> Move:
    return GreedyBot().choose(state.view(state.turn), list(state.legal_moves()), random.Random())


def test_greedy_opens_with_the_best_opening_one_meld_at_a_time() -> None:
    # S40-OPEN, S40-DISJOINT: the four 9s and the kings make 66, but 7S 8S 9S, 9H 9D 9C
    # and the kings make 81: the best opening, put down one meld a move.
    state = GameState.from_position(
        hands=[
            "7S 8S 9S 9H 9D 9C KD KH KC 2S 4H 6C 8D 3C",
            "2C 3C 4C 5H 6H 7H QD 9D 4S 5S 6S 7D 8H",
        ],
        discard="JC",
        phase="play",
        turns_played=[1, 1],
    )
    for _ in range(3):
        move = greedy_move(state)
        assert isinstance(move, PutDown)
        state = state.apply(move)
    assert state.opened[0]
    assert sorted(str(meld) for meld in state.table) == ["7S 8S 9S", "9H 9D 9C", "KH KD KC"]
    assert isinstance(greedy_move(state), Discard)


def test_greedy_takes_a_discard_it_can_meld_and_melds_it() -> None:
    state = GameState.from_position(
        hands=["7S 8S KD KH QC 2D 4H", "2C 3C 4C 5H 6H 7H QD"],
        discard="9S",
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert greedy_move(state) == TakeDiscard()
    state = state.apply("take")
    move = greedy_move(state)
    assert isinstance(move, PutDown)
    assert parse_card("9S") in move.cards


def test_greedy_draws_from_the_stock_before_opening() -> None:
    # S40-DRAW-STOCK: the only draw of a player who has not opened.
    state = GameState.from_position(
        hands=["7S 8S KD KH QC 2D 4H", "2C 3C 4C 5H 6H 7H QD"], discard="9S", turns_played=[1, 1]
    )
    assert greedy_move(state) == DrawStock()


def test_greedy_lays_off_and_frees_jokers() -> None:
    state = GameState.from_position(
        hands=["10S 8H KD 2C 4H 6D", "2D 3D 4D 5H 6H 7H QD"],
        discard="JC",
        table=["7S 8S 9S", "7H JK=8H 9H"],
        opened=[True, True],
        phase="play",
        turns_played=[1, 1],
    )
    moves = []
    for _ in range(4):
        move = greedy_move(state)
        if isinstance(move, Discard):
            break
        moves.append(move)
        state = state.apply(move)
    assert LayOff(parse_card("10S"), 0, MeldEnd.HIGH) in moves
    assert SwapJoker(parse_card("8H"), 1) in moves
    assert scala40.JOKER in state.hands[0]


def test_greedy_discards_a_lone_high_card_after_opening() -> None:
    # S40-HAND-VALUE: after opening, a king that fits nothing costs most if another closes.
    state = GameState.from_position(
        hands=["KD 5S 5H 7C 8C 2H 2D", "2C 3D 4D 5D 6H 7H QD"],
        discard="JC",
        opened=[True, True],
        phase="play",
        turns_played=[1, 1],
    )
    assert greedy_move(state) == Discard(parse_card("KD"))


def test_greedy_keeps_a_card_that_frees_an_opponents_joker() -> None:
    # S40-SWAP: discarding 8H would let the opened opponent take it and win the joker.
    state = GameState.from_position(
        hands=["8H 2C 5D 9S QD", "2D 3D 4D 5H 6H 7H QC"],
        discard="JC",
        table=["7H JK=8H 9H"],
        opened=[True, True],
        phase="play",
        turns_played=[1, 1],
    )
    order = GreedyBot().discard_order(state.view(0), state.hands[0])
    assert order[-1] == parse_card("8H")
    assert order[0] == parse_card("QD")


def test_greedy_ranking_puts_its_choice_first() -> None:
    state = scala40.new_game(SINGLE, 2, seed=12).apply("draw")
    legal = list(state.legal_moves())
    view = state.view(state.turn)
    ranked = GreedyBot().ranked(view, legal)
    assert ranked[0] == GreedyBot().choose(view, legal, random.Random())
    assert sorted(map(str, ranked)) == sorted(map(str, legal))


# ---------------------------------------------------------------- strength


def test_greedy_beats_random() -> None:
    # 40 single-hand games, seats rotating on the same deals: greedy wins nearly all.
    result = run_tournament(40, ["greedy", "random"], match="single", seed=2026, workers=1)
    greedy, random_bot = result.stats
    assert greedy.wins + random_bot.wins == 40
    assert greedy.wins >= 32
    low, _ = greedy.win_interval
    assert low > 0.5


@pytest.mark.slow
def test_montecarlo_beats_greedy() -> None:
    # The first 200 games of the benchmark's match (benchmarks/bench_bots.py, seed 2026),
    # which over 1,000 games measured 57.2% (95% CI 54.1% - 60.2%); here 116 wins to 84.
    # S40-V-SINGLE.
    result = run_tournament(200, ["montecarlo", "greedy"], match="single", seed=2026, workers=2)
    montecarlo, greedy = result.stats
    assert result.unfinished == 0
    assert montecarlo.wins > greedy.wins


def test_montecarlo_deals_hidden_cards_consistently() -> None:
    # The hidden cards are dealt to the other hands and the stock; the other hands are
    # improved as a greedy player would have kept them, and nothing else changes.
    state = scala40.new_game(SINGLE, 3, seed=14)
    for _ in range(12):
        state = state.apply(
            GreedyBot().choose(state.view(state.turn), list(state.legal_moves()), random.Random())
        )
    view = state.view(state.turn)
    bot = MonteCarloBot(opponent_turns=3)
    world = bot._deal(view, seed=5)
    assert world.view(view.player) == view
    assert world.problems() == []
    plain = MonteCarloBot(opponent_turns=0)._deal(view, seed=5)
    assert plain == view.sample(5)


def test_montecarlo_leaves_the_opening_to_the_greedy_bot_unless_asked() -> None:
    # A player who has not opened opens as the greedy bot does: no search by default.
    state = GameState.from_position(
        hands=["7S 8S 9S 9H 9D 9C KD KH KC 2S 4H 6C 8D 3C", "2C 3C 4C 5H 6H 7H QD 9D"],
        discard="JC",
        phase="play",
        turns_played=[1, 1],
    )
    view, legal = state.view(0), list(state.legal_moves())
    greedy = GreedyBot().choose(view, legal, random.Random())
    assert (
        MonteCarloBot(playouts=1000, rollout_limit=1).choose(view, legal, random.Random(1))
        == greedy
    )
    searched = MonteCarloBot(playouts=8, rollout_limit=20, search_all=True)
    assert searched.choose(view, legal, random.Random(1)) in legal


def test_montecarlo_refuses_a_view_of_another_player() -> None:
    state = scala40.new_game(SINGLE, 2, seed=3)
    other = 1 - state.turn
    with pytest.raises(scala40.InvalidStateError, match=f"not player {other}'s turn"):
        MonteCarloBot().choose(state.view(other), list(state.legal_moves()), random.Random())


def test_montecarlo_closes_without_searching_when_the_greedy_bot_can() -> None:
    # S40-CLOSE: the last card goes to the discard pile; a close is never weighed against
    # anything else (a million playouts would take minutes: none is played).
    state = GameState.from_position(
        hands=["5S 6S 7S 9D", "3S KS 2D 3D QC KC"],
        discard="8H",
        table=["5H 5D 5C"],
        opened=[True, True],
        phase="play",
        turns_played=[9, 9],
    )
    view, legal = state.view(0), list(state.legal_moves())
    bot = MonteCarloBot(playouts=1_000_000)
    move = bot.choose(view, legal, random.Random(1))
    assert move == scala40.parse_move("meld 5S 6S 7S")
    assert state.apply(move).apply(Discard(parse_card("9D"))).hand_number == 2


def test_montecarlo_weighs_a_layoff_against_keeping_the_card() -> None:
    # Opened, the greedy bot would lay off 10S: the search compares it with discarding.
    state = GameState.from_position(
        hands=["10S 2H 2C 3C", "3S KS 2D 3D QC KC"],
        discard="8H",
        table=["6S 7S 8S 9S", "5H 5D 5C"],
        opened=[True, True],
        phase="play",
        turns_played=[9, 9],
    )
    view, legal = state.view(0), list(state.legal_moves())
    bot = MonteCarloBot(playouts=40, candidates=3)
    options = bot._options(view, legal)
    assert str(options[0]) == "layoff 10S #0 high"
    assert any(isinstance(move, Discard) for move in options[1:3])
    scores = bot.evaluate(view, options[:3], random.Random(2), rounds=6)
    assert set(scores) == set(options[:3])
    assert all(0.0 <= score <= 1.0 for score in scores.values())  # single hand: wins only
    assert bot.choose(view, legal, random.Random(2)) in options[:3]


def test_montecarlo_drops_candidates_clearly_behind() -> None:
    from scala40.bots.scala40.playouts import survivors

    best = [1.0, 1.0, 0.0, 1.0] * 8
    close = [1.0, 0.0, 1.0, 1.0] * 8
    behind = [0.0] * 32
    assert survivors([best, close, behind], [0, 1, 2]) == [0, 1]
    assert survivors([behind, best], [0, 1]) == [1]
    assert survivors([best, best], [0, 1]) == [0, 1]


def test_montecarlo_shares_the_stock_out_in_drawing_order() -> None:
    # Common random numbers: each player draws its own share of the stock, in turn order
    # from the next player to draw, whatever the others take.
    from scala40.bots.scala40.playouts import stock_shares

    state = scala40.new_game(SINGLE, 3, seed=4).apply("draw")
    view = state.view(0)
    shares = stock_shares(state, view)
    top = list(reversed(state.stock))
    assert shares[1] == top[0::3]
    assert shares[2] == top[1::3]
    assert shares[0] == top[2::3]
    assert sorted(card for share in shares for card in share) == sorted(state.stock)


@pytest.mark.parametrize("seed", range(4))
def test_montecarlo_deals_opened_opponents_hands_a_greedy_player_would_keep(seed: int) -> None:
    # An opened greedy player holds no meld and no card that extends a table meld.
    from scala40.bots.scala40.bots import _table_targets
    from scala40.games.scala40.analysis import hand_melds

    state = scala40.new_game(SINGLE, 2, seed=seed)
    greedy = GreedyBot()
    while not (state.phase is Phase.DRAW and all(state.opened)) and not state.is_over:
        state = state.apply(
            greedy.choose(state.view(state.turn), list(state.legal_moves()), random.Random())
        )
        if state.hand_number > 1 or state.is_over:
            pytest.skip("the hand ended before both players opened")
    view = state.view(state.turn)
    bot = MonteCarloBot()
    bot._turn_start = ((view.hand_number, view.player, view.turns_played), view.table)
    extend, _ = _table_targets(view.table)
    other = 1 - view.player
    for deal in range(5):
        world = bot._deal(view, seed=deal)
        assert world.view(view.player) == view
        assert world.problems() == []
        hand = world.hands[other]
        if hand != view.sample(deal).hands[other]:  # a hand could be found
            assert not hand_melds(hand, world.rules)
            assert not set(hand) & extend


class _DeadlineBot:
    """A bot whose choose takes the caller's deadline, and says what it got."""

    def __init__(self) -> None:
        self.given: list[object] = []

    def choose(
        self, view: object, legal: Sequence[object], rng: random.Random, *, deadline: object = None
    ) -> object:
        self.given.append(deadline)
        return legal[0]


def test_choose_move_hands_the_caller_s_deadline_to_a_bot_that_takes_one() -> None:
    from scala40 import Deadline
    from scala40.bots import choose_move, takes_deadline

    state = scala40.new_game(players=2, seed=1)
    legal = list(state.legal_moves())
    deadline = Deadline.after(1.0)
    bot = _DeadlineBot()
    assert takes_deadline(bot)
    assert choose_move(bot, state.view(0), legal, random.Random(1), deadline) == legal[0]
    assert bot.given == [deadline]
    # No deadline given: the bot is asked as the protocol says, and decides alone.
    choose_move(bot, state.view(0), legal, random.Random(1))
    assert bot.given == [deadline, None]
    # A bot without the keyword is asked without it.
    assert not takes_deadline(RandomBot())
    assert choose_move(RandomBot(), state.view(0), legal, random.Random(1), deadline) in legal


@pytest.mark.parametrize(
    ("name", "worlds", "candidates"),
    [("skarney", 8, 4), ("rumino", BEST_WORLDS, 1), ("chinchon", BEST_WORLDS, 4)],
)
def test_the_search_bot_takes_each_games_tuning_from_its_bots(
    name: str, worlds: int, candidates: int
) -> None:
    """The worlds and candidates of ``search`` are the game's (its bots' module's
    ``SEARCH_TUNING``, :func:`~scala40.bots.registry.game_bots_of`), the search's defaults where the game names none, and the
    options a caller gives win over both. (Scala 40 names a bot of its own ``search``.)"""
    game = load_game(name)
    bot = BestBot()
    assert (bot.world_count(game), bot.candidate_count(game)) == (worlds, candidates)
    assert BestBot(worlds=5).world_count(game) == 5
    assert BestBot(candidates=3).candidate_count(game) == 3
    assert repr(make_bot("search", name)) == repr(bot)
    assert type(make_bot("search", "scala40")).__module__ == "scala40.bots.scala40.best"


@pytest.mark.parametrize(
    "value",
    [0, -1, 10_001, True, 2.0, "8", 10**5000],
    ids=["zero", "negative", "too-many", "bool", "float", "text", "huge"],
)
def test_a_search_tuning_takes_none_or_a_count(value: object) -> None:
    # A count out of range is a value error, anything else of the wrong kind a type error.
    error = InvalidValueError if type(value) is int else InvalidArgumentError
    with pytest.raises(error, match="worlds must be None or an integer"):
        SearchTuning(worlds=value)  # type: ignore[arg-type]
    with pytest.raises(error, match="candidates must be None or an integer"):
        SearchTuning(candidates=value)  # type: ignore[arg-type]
    assert SearchTuning(worlds=None, candidates=1).candidates == 1

"""The tools reach every game through its :class:`~scala40.game.Game` record alone: its
one list of bots, its hooks (reported scores, hand values, the match format as a ruleset
option, how ``check`` prints a meld), and the command line's ``check``, ``hand`` and
``play`` on each game, hostile typed input included.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import InvalidRulesetError, Scala40Error
from scala40.bots import (
    PlayoutBot,
    RandomBot,
    best_bot,
    bot_factories,
    bot_names,
    make_bot,
    play_game,
)
from scala40.bots.generic import game_bots
from scala40.bots.registry import game_bots_of
from scala40.cli import EXIT_INVALID, EXIT_OK, EXIT_QUIT, EXIT_USAGE, main
from scala40.game import BUILTIN_GAMES, DEFAULT_GAME, game_names, load_game
from scala40.tournament import run_tournament
from tests.cli_run import run_answered
from tests.hostile import fuzz_settings, hostile_texts

GAMES = BUILTIN_GAMES


def test_the_library_s_games_are_the_ones_checked() -> None:
    assert game_names()[: len(GAMES)] == GAMES
    assert GAMES[0] == DEFAULT_GAME


# ---------------------------------------------------------------- bots by game


@pytest.mark.parametrize("name", GAMES)
def test_a_game_s_bots_are_one_list(name: str) -> None:
    game = load_game(name)
    assert bot_names(name) == tuple(bot_factories(game))
    factories = bot_factories(game)
    assert {name: bot for name, bot in factories.items() if name != "best"} == game_bots(
        game_bots_of(game).bots
    )
    assert list(factories)[-1] == "best"
    assert type(make_bot("best", game)) is type(make_bot(best_bot(game), game))
    assert {"random", "greedy", "careful", "montecarlo", "playout", "search", "best"} <= set(
        bot_factories(game)
    )
    assert bot_factories(game)["random"] is RandomBot
    assert bot_factories(game)["playout"] is PlayoutBot
    # Skarney's endgame search is its own too.
    assert set(game_bots_of(game).bots) <= {
        "greedy",
        "careful",
        "montecarlo",
        "search",
        "endgame",
    }, "the game lists only its own bots"
    # Every game has a careful bot of its own, cheaper than a search (the web lobby's
    # default, scala40 bots's list).
    assert "careful" in game_bots_of(game).bots


def test_game_bots_puts_the_generic_bots_around_a_game_s_own() -> None:
    assert list(game_bots({"greedy": RandomBot})) == [
        "random",
        "greedy",
        "montecarlo",
        "playout",
        "ismcts",
        "belief",
        "search",
    ]
    assert game_bots({"montecarlo": RandomBot})["montecarlo"] is RandomBot
    with pytest.raises(Scala40Error, match="expected bot factories by name"):
        game_bots({"greedy": 3})  # type: ignore[dict-item]
    with pytest.raises(Scala40Error, match="expected bot factories by name"):
        game_bots(["greedy"])  # type: ignore[arg-type]


def test_make_bot_takes_the_game_it_plays() -> None:
    """No silent default: the same name gives each game its own bot."""
    game = inspect.signature(make_bot).parameters["game"]
    assert game.default is inspect.Parameter.empty
    assert (
        type(make_bot("greedy", "chinchon")) is game_bots_of(load_game("chinchon")).bots["greedy"]
    )
    assert type(make_bot("greedy", "scala40")) is game_bots_of(load_game("scala40")).bots["greedy"]
    assert type(make_bot("greedy", "chinchon")) is not type(make_bot("greedy", "scala40"))


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_of_a_game_plays_it(name: str) -> None:
    game = load_game(name)
    options = {
        "montecarlo": ":playouts=1,candidates=2",
        "playout": ":playouts=1,candidates=2",
        "ismcts": ":iterations=5",
    }
    for bot in game_bots_of(game).bots:
        players = game.default_players
        bots = [make_bot(bot + options.get(bot, ""), name) for _ in range(players)]
        state = game.new_game(players=players, seed=3)
        after = play_game(state, bots, random.Random(1), max_actions=6)
        assert after != state


# ---------------------------------------------------------------- the Game hooks


@pytest.mark.parametrize("name", GAMES)
def test_reported_scores_default_to_the_totals(name: str) -> None:
    game = load_game(name)
    state = game.new_game(players=game.default_players, seed=2)
    assert game.reported_scores(state) == tuple(state.scores)
    other = load_game("skarney" if name == "scala40" else "scala40").new_game(players=4, seed=1)
    for wrong in (other, None, "state", 3):
        with pytest.raises(Scala40Error, match=f"expected a state of {game.title}"):
            game.reported_scores(wrong)


def test_scala40_single_hands_report_the_cards_left() -> None:
    """S40-V-SINGLE, S40-HAND-VALUE: a single hand keeps no totals, so its result counts
    the value of the cards left in each hand (0 for the closer)."""
    game = load_game("scala40")
    rules = game.ruleset_type.default().with_match_format("single")
    final = play_game(game.new_game(rules, players=2, seed=5), [RandomBot(), RandomBot()], 5)
    scores = game.reported_scores(final)
    assert final.scores == (0, 0)
    assert 0 in scores
    assert sum(scores) > 0


@pytest.mark.parametrize(
    ("name", "cards", "value"),
    [
        ("scala40", "AS KH 7D JK", 53),  # S40-HAND-VALUE
        ("skarney", "JK 2C AS KH 5D", 180),  # SK-SCORE-HAND
        ("chinchon", "AS 2S 3S 7C", 7),  # CH-VALUES: the melded run counts nothing
        ("laconga", "AS 2S 3S KH", 10),
        ("rumino", "AS 2S 3S AH AD 4C 5C", 11),  # RU-VALUES, RU-KNOCK
    ],
)
def test_each_game_values_a_hand(name: str, cards: str, value: int) -> None:
    game = load_game(name)
    assert game.hand_value is not None
    assert game.hand_value(cards, game.ruleset_type.default()) == value
    code = main(["hand", "--game", name, cards])
    assert code == EXIT_OK


@pytest.mark.parametrize("name", GAMES[1:])
def test_a_game_without_match_formats_refuses_one(name: str) -> None:
    rules = load_game(name).ruleset_type.default()
    with pytest.raises(InvalidRulesetError, match="no match formats"):
        rules.with_match_format("single")
    with pytest.raises(InvalidRulesetError, match="no match formats"):
        run_tournament(1, ["random"], game=name, match="single", players=2, workers=1)


def test_scala40_s_match_format_is_a_ruleset_option() -> None:
    """S40-V-SINGLE: the format names a value of the match_format option."""
    rules: Any = load_game("scala40").ruleset_type.default()
    assert rules.with_match_format("single").match_format.value == "single"
    with pytest.raises(InvalidRulesetError, match="match_format must be one of"):
        rules.with_match_format("short")


# ---------------------------------------------------------------- check and hand by game


def test_check_judges_a_skarney_meld_by_skarney_s_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SK-MELDS: a 2 is wild in Skarney; SK-SCORE-MELDS: its meld scores 5 + 25 + 5, its
    points, beside its value (Meld.value: 5 + 6 + 7)."""
    code, out, _ = run_answered(capsys, monkeypatch, ["check", "--game", "skarney", "5S 2C 7S"])
    assert code == EXIT_OK
    assert "  sequence of spades: 5S 2C=6S 7S" in out
    assert "  value: 18\n  points: 35" in out
    assert "opening" not in out  # Scala 40's threshold is no Skarney rule
    code, out, _ = run_answered(capsys, monkeypatch, ["check", "5S 2C 7S"])
    assert code == EXIT_INVALID  # in Scala 40 a 2 is a plain card


def test_check_refuses_cards_the_game_s_deck_lacks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """C-DECK, CH-DECK: Chinchón's Spanish pack has no 8, 9, 10 and no joker."""
    code, out, err = run_answered(
        capsys, monkeypatch, ["check", "--game", "chinchon", "8S 9S 10S"]
    )
    assert code == EXIT_INVALID
    assert "  not a meld" in out
    assert err.strip() == "error: meld 1: the 40-card Spanish pack has no 8s, 9s or 10s"
    code, out, _ = run_answered(capsys, monkeypatch, ["check", "--game", "chinchon", "AS 2S 3S"])
    assert code == EXIT_OK
    assert "  extended by: 4S at the high end" in out  # no joker offered


@pytest.mark.parametrize("command", ["check", "hand"])
def test_check_and_hand_take_the_game_s_presets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    code, _, err = run_answered(capsys, monkeypatch, [command, "AS 2S 3S", "--game", "rumino", "--rules", "official"])  # fmt: skip
    assert code == EXIT_USAGE
    assert err.startswith(
        "error: argument --rules: no preset named 'official' in Rumino; presets: "
    )
    assert "('official' is a preset of --game scala40)" in err
    assert err.rstrip().endswith(f"(see 'scala40 {command} --help')")
    preset = load_game("rumino").ruleset_type.preset_names()[-1]
    code, _, _ = run_answered(capsys, monkeypatch, [command, "AS 2S 3S", "--game", "rumino", "--rules", preset])  # fmt: skip
    assert code == EXIT_OK


# ---------------------------------------------------------------- play: hostile typed input

_TYPED = ["", ";", ";;", " ; ", "; ;", "frobnicate", "moves", "hint", "board", "help",
          "9999", "0", "draw;", ";draw", "draw; frobnicate", "\x00"]  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_play_answers_empty_turns_and_unknown_verbs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A line of separators alone is no turn: an error line, then the game asks again."""
    stdin = "\n".join([*_TYPED, "quit", ""])
    code, out, _ = run_answered(
        capsys, monkeypatch, ["play", "--game", name, "--seed", "1", "--hint-bot", "greedy"], stdin
    )
    assert code == EXIT_QUIT
    assert "error: a turn needs at least one move" in out
    assert out.rstrip().endswith("Game abandoned.")


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(10)
@given(lines=st.lists(st.one_of(st.sampled_from(_TYPED), hostile_texts()), max_size=8))
def test_play_answers_any_typed_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lines: list[str],
) -> None:
    stdin = "\n".join([*lines, "quit", ""])
    code, out, _ = run_answered(
        capsys, monkeypatch, ["play", "--game", name, "--seed", "2", "--hint-bot", "greedy"], stdin
    )
    assert code in (EXIT_QUIT, EXIT_OK)
    assert "Game abandoned." in out or code == EXIT_OK

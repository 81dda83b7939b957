"""Positions as text on the command line (:mod:`scala40.notation`): ``scala40 hint
POSITION``, ``scala40 play --from POSITION`` and ``serve``'s ``load``/``save``/``view``.

* ``hint`` answers for the seat to decide, seeing only its view, with the bot's choice
  first (the one ``choose`` makes) and its runners-up; a view's text works as a state's;
* ``play --from`` plays on from the position, and prints the position reached on leaving,
  which plays on again;
* ``serve`` loads a position's text, and gives the text of a state and of a view.
"""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import pytest

import scala40
from scala40.bots import make_bot
from scala40.cli import main
from scala40.game import load_game, position_from_text


def _state(name: str = "scala40", players: int = 3, moves: int = 20, seed: int = 4) -> Any:
    game = load_game(name)
    state = game.new_game(None, players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state = state.apply(chooser.choice(list(state.legal_moves())))
    return state


def _deciding(name: str, moves: int) -> Any:
    """A state some moves in where a seat decides between several moves."""
    state = _state(name, players=4 if name == "skarney" else 3, moves=moves)
    chooser = random.Random(1)
    while state.current_player is None or len(state.legal_moves()) < 3:
        state = state.apply(chooser.choice(list(state.legal_moves())))
    return state


@pytest.mark.parametrize("name", ["scala40", "chinchon", "skarney"])
def test_hint_gives_the_bots_choice_first(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    state = _deciding(name, 12)
    seat = state.current_player
    legal = list(state.legal_moves())
    chosen = make_bot("greedy", name).choose(state.view(seat), legal, random.Random(0))
    assert main(["hint", state.to_text(), "--bot", "greedy", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["seat"] == seat
    assert answer["game"] == name
    assert answer["bot"] == "greedy"
    assert answer["moves"][0]["text"] == str(chosen)
    assert len(answer["moves"]) == min(3, len(legal))
    texts = [move["text"] for move in answer["moves"]]
    assert len(set(texts)) == len(texts)
    assert all(state.is_legal(move["move"]) for move in answer["moves"])
    # The seat's view, as text, gets the same answer.
    assert main(["hint", state.view(seat).to_text(), "--bot", "greedy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == answer


def test_hint_with_a_search_shows_walks_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    state = _deciding("scala40", 8)
    argv = ["hint", state.to_text(), "--bot", "ismcts:iterations=40", "--count", "4"]
    assert main([*argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    moves = answer["moves"]
    assert 1 <= len(moves) <= 4
    assert all({"text", "move", "visits", "value"} <= set(move) for move in moves)
    assert sum(move["visits"] for move in moves) <= 40
    assert [move["visits"] for move in moves] == sorted(
        (move["visits"] for move in moves), reverse=True
    )
    bot = make_bot("ismcts:iterations=40", "scala40")
    seat = state.current_player
    chosen = bot.choose(state.view(seat), list(state.legal_moves()), random.Random(0))
    assert moves[0]["text"] == str(chosen)
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"Scala 40, seat {seat} to decide")
    assert "walks, value" in printed
    # What the columns mean, under them: the choice is the move walked most.
    assert f"value: its mean result for seat {seat}" in printed
    assert "The bot plays the move tried most" in printed


def test_hint_reads_standard_input_and_refuses_what_it_cannot_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _deciding("rumino", 6)
    monkeypatch.setattr(sys, "stdin", io.StringIO(state.to_text() + "\n"))
    assert main(["hint", "-", "--bot", "greedy"]) == 0
    assert "the greedy bot would play" in capsys.readouterr().out
    other = (state.current_player + 1) % state.player_count
    assert main(["hint", state.view(other).to_text()]) == 2
    assert "a hint is for the seat to decide" in capsys.readouterr().err
    assert main(["hint", "rumino nonsense"]) == 2
    assert "POSITION: rules (character 7)" in capsys.readouterr().err
    assert main(["hint", state.to_text(), "--count", "0"]) == 2
    assert main(["hint", state.to_text(), "--bot", "nobody"]) == 2
    assert "--bot" in capsys.readouterr().err
    over = scala40.new_game(scala40.Ruleset(match_format="single"), players=2, seed=5)
    from scala40.bots import RandomBot, play_game

    over = play_game(over, [RandomBot(), RandomBot()], rng=5)
    assert main(["hint", over.to_text()]) == 2
    assert "the game is over" in capsys.readouterr().err
    dealing = load_game("chinchon").new_game(players=2, seed=1, auto_chance=False)
    assert main(["hint", dealing.to_text()]) == 2
    assert "a chance step" in capsys.readouterr().err


def test_play_from_a_position_and_the_position_it_prints_on_leaving(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _state("chinchon", players=2, moves=6)
    seat = state.current_player
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nquit\n"))
    assert main(["play", "--from", state.to_text()]) == 3
    out = capsys.readouterr().out
    assert f"You are P{seat}." in out
    assert "from the position given" in out
    line = next(line for line in out.splitlines() if "to play on with --from: " in line)
    reached = position_from_text(line.split("--from: ", 1)[1])
    assert reached.move_number > state.move_number
    assert reached.hand_number == state.hand_number
    # It plays on again, the same way from the same text.
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--from", reached.to_text()]) == 3
    assert reached.to_text() in capsys.readouterr().out


def test_play_from_refuses_what_the_position_decides_and_views(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = _state("chinchon", players=2, moves=6)
    for extra in (
        ["--seed", "3"],
        ["--players", "3"],
        ["--rules", "catsatcards"],
        ["--save", "x"],
    ):
        assert main(["play", "--from", state.to_text(), *extra]) == 2
        assert "leave out" in capsys.readouterr().err
    assert main(["play", "--from", state.view(0).to_text()]) == 2
    assert "cannot be played on" in capsys.readouterr().err
    assert main(["play", "--from", state.to_text(), "--game", "scala40"]) == 2
    assert "the position is of chinchon" in capsys.readouterr().err
    assert main(["play", "--from", "chinchon x"]) == 2

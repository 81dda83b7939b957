"""Skarney from the command line: play a partnership game against bots, simulate,
replay, list the rules (run in-process through :func:`scala40.cli.main`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scala40.cli import EXIT_QUIT
from scala40.cli.text.skarney import TEXT
from scala40.games.skarney import GameState, Ruleset, parse_move
from scala40.records import GameRecord
from tests.cli_run import CaptureFixture, run


def test_play_a_whole_partnership_game_against_bots(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The human (P0) always plays the first legal move; the partner P2 is a bot.
    saved = tmp_path / "game.json"
    argv = [
        "play",
        "--game",
        "skarney",
        "--seed",
        "5",
        "--hint-bot",
        "greedy",
        "--save",
        str(saved),
    ]
    code, out, err = run(capsys, monkeypatch, argv, "help\nmoves\nhint\n" + "1\n" * 4000)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Skarney, 4 players, rules partnership, seed 5. You are P0."
    assert "Skarney · hand 1 of 7 · contract: three 3-card sets, or three 3-card sequences" in out
    assert "Scores: your side (P0 you + P2 greedy) 0 · opponents (P1 greedy + P3 greedy) 0" in out
    assert "P2 (greedy, your partner): 11 cards" in out
    assert "  offer KD              end your turn by offering KD to the next player" in out
    assert "The greedy bot would play:" in out
    assert "'accept' or 'decline'" in out  # offers to the human, out of turn
    assert "Skarney · hand 4 of 7 · contract: four 3-card sets, or four 3-card sequences" in out
    assert "Hand 7" in out
    assert "Final scores: P0 (you) + P2 (greedy)" in out
    assert "Winner: " in out
    record = GameRecord.from_dict(json.loads(saved.read_text()))
    assert record.game == "skarney"
    assert record.final_state().is_over
    # The saved game replays to the same end.
    code, out, _ = run(capsys, monkeypatch, ["replay", str(saved)])
    assert code == 0
    assert out.startswith("Game: Skarney, rules partnership, 4 players, seed 5,")
    assert ": accept" in out or ": decline" in out
    assert "Final scores:" in out


def test_play_shows_offers_and_contracts(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, ["play", "--game", "skarney", "--seed", "3"], "1\n" * 12 + "quit\n"
    )
    assert code == EXIT_QUIT
    assert "P2 offers you QS: 'accept' or 'decline'." in out
    assert "P0 (you) takes QS from P2 (greedy)." in out
    assert "Contracts: your side not yet · opponents not yet" in out
    assert "Your side needs its contract" in out
    assert out.rstrip().endswith("Game abandoned.")


def test_play_singles_and_refuse_bad_moves(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--game", "skarney", "--rules", "singles", "--players", "3", "--seed", "2"]
    code, out, _ = run(capsys, monkeypatch, argv, "offer 5S\nmeld 5S\n1\nboard\nquit\n")
    assert code == EXIT_QUIT
    assert "Skarney, 3 players, rules singles, seed 2. You are P0." in out
    assert "error: offer 5S: this move is allowed only during a turn, after the draw" in out
    assert "error: 'meld' needs cards" not in out
    assert "Scores: P0 (you) 0 · P1 (greedy) 0 · P2 (greedy) 0" in out


def test_play_checks_the_number_of_players(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["play", "--game", "skarney", "--players", "3"])
    assert code == 2
    # SK-PLAYERS: the partnership rules need four; the singles preset takes three.
    assert err == (
        "error: --players: these rules take exactly 4 players, got 3; --rules singles allows 3\n"
    )


def test_simulate_four_seats(capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["simulate", "--game", "skarney", "--players", "4", "--games", "4",
            "--bots", "greedy", "random", "--workers", "1"]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    assert out.startswith("Skarney, 4 games, 4 players, rules partnership, seed 0")
    assert "greedy      4     4    100.0%" in out
    assert "(higher scores are better in Skarney)" in out


def test_rules_lists_the_presets_and_options(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["rules", "--game", "skarney"])
    assert code == 0
    assert out.startswith("Skarney: Rummy for two partnerships")
    assert "partnership: every option at its default" in out
    assert "singles: differs from partnership in" in out
    assert "  partnership  False  (SK-PLAYERS)" in out
    assert "free_meld: differs from partnership in" in out
    code, out, _ = run(capsys, monkeypatch, ["rules", "singles", "--game", "skarney"])
    assert code == 0
    assert "preset: singles" in out
    assert "turn_limit" in out
    assert "SK-LOOP" in out
    assert "partnership               False" in out


def test_the_wording_of_hand_ends_and_offers() -> None:
    names = ["you", "greedy", "greedy", "greedy"]
    rules = Ruleset(turn_limit=2)
    state = GameState.from_position(
        hands=["9C", "8C", "7C", "6C"],
        table=[("5S 5H 5D", 0), ("6S 6H 6D", 1)],
        rules=rules,
        turn_number=2,
        contracts=[True, True],
    )
    assert TEXT.turn_hint(state) == (
        "Exchange, meld and extend your side's melds as you like, then 'end' the hand: it "
        "is the last turn, no offer."
    )
    after = state.apply("end")
    lines = TEXT.events(state, after, names)
    assert lines[0] == "Hand 1 ends: the turn limit is reached (SK-LOOP)."
    assert lines[1] == "The highest hand scores are equal: the hand does not count (SK-TIE)."
    assert lines[2] == "  P0 (you) + P2 (greedy): melds 15, cards left -10, bonus 0: +0"
    offer = GameState.from_position(hands=["5S AC", "AS 3C", "AH 4D", "AD 6S"]).apply("offer AC")
    assert TEXT.turn_hint(offer) == (
        "P0 offers you AC: 'accept' or 'decline' (an ace, a 2 or a joker accepted skips your "
        "next draw)."
    )
    taken = offer.apply("accept")
    assert TEXT.events(offer, taken, names) == [
        "P1 (greedy) takes AC from P0 (you) and skips the next draw."
    ]
    assert TEXT.status(offer) == "hand 1, P1 deciding on an offer"
    assert TEXT.move(parse_move("meld 5S 2C=6S 7S"), unicode=True) == "meld 5♠ 2♣=6♠ 7♠"


def test_the_board_names_a_sets_wild_card_by_its_rank() -> None:
    """SK-MELDS: a set's wild card stands for a card of its rank, whatever the suit its
    notation names (a 6♣ or a 6♥ frees the 2♦ of 6♠ 6♥ 6♦ 2♦, SK-EXCHANGE); a sequence's wild
    card stands for one card, suit and all. The board says so, as the pictures draw it."""
    state = GameState.from_position(
        hands=["6C 6H 9D", "AH 3C 4C", "KH KD QC", "AD 6D 9C"],
        table=[("6S 6H 6D 2D", 1), ("5S 2C 7S", 1)],
    )
    assert {"exchange 6C #0", "exchange 6H #0"} <= {str(move) for move in state.legal_moves()}
    board = TEXT.board(state, 0, ["you", "a", "b", "c"], unicode=True)
    assert any("#0   6♠ 6♥ 6♦ 2♦=6 " in line for line in board), board
    assert any("#1   5♠ 2♣=6♠ 7♠ " in line for line in board), board

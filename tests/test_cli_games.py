"""Every command of the command line for every game, through :func:`scala40.cli.main`:
the game chosen by name as the command line displays it, the number of players each
game's rules want, the bots taking the seats in turn, and errors that say what to do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scala40.game import game_names, load_game
from scala40.records import GameRecord
from tests.cli_run import run


def test_the_help_names_every_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["--help"])
    assert code == 0
    flat = " ".join(out.split())
    for name in game_names():
        assert f"{load_game(name).title} ({name})" in flat


@pytest.mark.parametrize("spelling", ["chinchón", "Chinchón", "CHINCHON", "chinchon"])
def test_the_game_as_displayed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["hand", "--game", spelling, "AS 2S 3S 7C"])
    assert (code, out) == (0, "hand: AS 2S 3S 7C\nvalue: 7\n")


@pytest.mark.parametrize("name", game_names())
def test_check_hand_and_rules_take_every_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    meld = "AS 2S 3S" if name != "skarney" else "5H 6H 7H"
    code, out, _ = run(capsys, monkeypatch, ["check", "--game", name, meld])
    assert code == 0
    assert "sequence of" in out
    code, out, _ = run(capsys, monkeypatch, ["hand", "--game", name, "AS KH"])
    assert code == 0
    assert "value: " in out
    code, out, _ = run(capsys, monkeypatch, ["rules", "--game", name])
    assert code == 0
    assert out


def test_skarney_three_players_hint_the_singles_preset(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SK-PLAYERS: the partnership preset seats four; singles takes two to four."""
    code, _, err = run(capsys, monkeypatch, ["play", "--game", "skarney", "--players", "3"])
    assert code == 2
    assert err == (
        "error: --players: these rules take exactly 4 players, got 3; --rules singles allows 3\n"
    )
    argv = ["play", "--game", "skarney", "--rules", "singles", "--players", "3", "--seed", "1"]
    code, out, _ = run(capsys, monkeypatch, argv, "quit\n")
    assert code == 3
    assert out.startswith("Skarney, 3 players, rules singles")


def test_simulate_seats_the_players_the_rules_want(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SK-PLAYERS: two bots fill a partnership game of four, taking the seats in turn."""
    argv = ["simulate", "--game", "skarney", "--games", "1", "--workers", "1"]
    code, out, _ = run(capsys, monkeypatch, [*argv, "--max-actions", "50"])
    assert code == 0
    assert out.startswith("Skarney, 1 games, 4 players, rules partnership")


@pytest.mark.parametrize(
    ("argv", "first_line"),
    [
        (["--game", "skarney"], "Skarney, 4 players, rules partnership"),
        (["--bots", "greedy", "random", "random"], "Scala 40, 4 players, rules official"),
        (["--players", "5", "--bots", "greedy", "random"], "Scala 40, 5 players"),
        (["--game", "laconga"], "La Conga, 3 players"),
    ],
)
def test_play_seats_follow_the_game_and_the_bots(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    first_line: str,
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["play", "--seed", "2", *argv], "quit\n")
    assert code == 3
    assert out.startswith(first_line)


def test_an_unknown_preset_names_its_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["rules", "singles"])
    assert code == 2
    assert "'singles' is a preset of --game skarney" in err
    code, _, err = run(capsys, monkeypatch, ["rules", "offical"])
    assert code == 2
    assert "did you mean 'official'?" in err


def test_unquoted_cards_of_a_meld_get_one_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, ["check", "JK", "9C", "8C"])
    assert code == 2
    assert out == ""
    assert err.count("error:") == 1
    assert 'quote the cards of a meld: scala40 check "JK 9C 8C"' in err


def test_check_says_why_beside_the_verdict(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CH-DECK: the Spanish pack has no 8, in a player's words, with the preset that has."""
    code, out, _ = run(capsys, monkeypatch, ["check", "--game", "chinchon", "8S 9S 10S"])
    assert code == 1
    assert "  not a meld: the 40-card Spanish pack has no 8s, 9s or 10s\n" in out
    code, out, err = run(capsys, monkeypatch, ["check", "--game", "chinchon", "JK 9C 8C"])
    assert code == 1
    assert "catsatcards" not in out + err
    assert (
        "error: meld 1: the 40-card Spanish pack has no jokers, 8s or 9s; "
        "--rules argentina_50 plays the 48-card pack with 2 jokers"
    ) in err


@pytest.mark.parametrize("name", game_names())
def test_every_report_as_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    meld = "AS 2S 3S" if name != "skarney" else "5H 6H 7H"
    code, out, _ = run(capsys, monkeypatch, ["check", "--json", "--game", name, meld, "KS AS 9S"])
    answer = json.loads(out)
    assert code == 1
    assert answer["game"] == name
    assert answer["valid"] is False
    assert [meld["valid"] for meld in answer["melds"]] == [True, False]
    assert answer["melds"][1]["reason"]
    code, out, _ = run(capsys, monkeypatch, ["hand", "--json", "--game", name, "AS KH"])
    assert code == 0
    assert isinstance(json.loads(out)["value"], int)
    game = load_game(name)
    preset = game.ruleset_type.DEFAULT_PRESET
    code, out, _ = run(capsys, monkeypatch, ["rules", "--json", "--game", name, preset])
    options = json.loads(out)["options"]
    assert code == 0
    assert list(options) == list(game.ruleset_type.option_names())
    assert all(option["description"] for option in options.values())


PLAY = ["play", "--seed", "3", "--match", "single"]


def test_undo_takes_back_the_players_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "undo\ndraw\ndiscard 9S\nundo\nundo\ndraw\nquit\n"
    code, out, _ = run(capsys, monkeypatch, PLAY, lines)
    assert code == 3
    assert "error: nothing to undo: you have not moved yet" in out
    assert out.count("Your last move is taken back.") == 2
    # Back at the start, the same draw brings the same card.
    assert out.count("You drew 9S.") == 2
    assert out.split("Your last move is taken back.")[-1].count("(13 cards)") == 1


def test_reasons_in_words_and_rule_ids_with_verbose(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """S40-DRAW-STOCK: before opening, a player draws from the stock only."""
    code, out, _ = run(capsys, monkeypatch, PLAY, "take\nquit\n")
    assert code == 3
    assert "error: take: a player who has not opened may only draw from the stock\n" in out
    code, out, _ = run(capsys, monkeypatch, [*PLAY, "--verbose"], "take\nquit\n")
    assert "may only draw from the stock (S40-DRAW-STOCK)\n" in out


@pytest.mark.parametrize("name", game_names())
def test_a_typo_suggests_a_verb_the_player_may_use(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    argv = ["play", "--game", name, "--seed", "1"]
    code, out, _ = run(capsys, monkeypatch, argv, "moves\ndrwa\nquit\n")
    assert code == 3
    said = out.split("error: 'drwa' is not a move", 1)[1].splitlines()[0]
    assert "deal" not in said
    assert "restock" not in said


def test_la_conga_after_taking_the_only_discard_is_an_ordinary_turn(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """LC-DEAL: only the mano's first turn starts the discard pile; a pile emptied by a
    take leaves an ordinary discard to make."""
    game = load_game("laconga")
    state = game.new_game(game.ruleset_type.default(), 3, 0)
    moves: list[str] = []
    while True:
        legal = list(state.legal_moves())
        take = [move for move in legal if str(move) == "take"]
        move = take[0] if take and len(state.discard) == 1 else legal[0]
        if not state.is_chance:
            moves.append(str(move))
        state = state.apply(move)
        if str(move) == "take" and not state.discard:
            break
    names = tuple("human" if seat == state.current_player else "greedy" for seat in range(3))
    record = GameRecord(state.rules, 3, 0, tuple(moves), True, "laconga", names=names)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    code, out, err = run(capsys, monkeypatch, ["play", "--load", str(path)], "quit\n")
    assert err == ""
    assert code == 3
    hand = re.findall(r"Your hand \(\d+ cards\): (.*)", out)[-1].split()
    example = re.search(r"Discard a card \('discard (\S+)'\)", out)
    assert example is not None
    assert example.group(1) in hand  # a card of the hand
    assert "eighth card" not in out

"""Tests of the ``scala40`` command line, run in-process through :func:`scala40.cli.main`."""

from __future__ import annotations

import argparse
import platform
import runpy
import subprocess
import sys

import pytest

import scala40
from scala40 import __version__
from scala40.cli import COMMANDS, Command, build_parser, main
from scala40.game import load_game
from scala40.games.scala40.rules import option_names, option_rule

CaptureFixture = pytest.CaptureFixture[str]


def run(capsys: CaptureFixture, *argv: str) -> tuple[int, str, str]:
    """Run the command line; return the exit code, standard output and standard error."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def error_lines(err: str) -> list[str]:
    lines = err.splitlines()
    assert lines, "expected an error message"
    assert all(line.startswith("error: ") for line in lines), err
    return lines


# ---------------------------------------------------------------- check


def test_check_sequence_with_joker_by_position(capsys: CaptureFixture) -> None:
    # S40-JOKER: the joker above the 9 is the 10; S40-MELD-VALUE: 8 + 9 + 10.
    code, out, err = run(capsys, "check", "JK 9C 8C")
    assert code == 0
    assert err == ""
    assert out == (
        "meld 1: JK 9C 8C\n"
        "  sequence of clubs: 8C 9C JK=10C\n"
        "  joker: JK stands for 10C\n"
        "  value: 27\n"
        "  other readings:\n"
        "    JK=7C 8C 9C (value 24)\n"
        "  extended by: 7C at the low end, JC at the high end\n"
        "  joker swap: 10C takes the place of JK\n"
        "\n"
        "opening: 27 is below the opening threshold of 40 (S40-OPEN)\n"
    )


def test_check_two_melds_open_with_42(capsys: CaptureFixture) -> None:
    # S40-OPEN: Joker-9-8 of clubs (27) and three 5s (15) make 42, enough to open.
    code, out, err = run(capsys, "check", "JK 9C 8C", "5D 5H 5S")
    assert code == 0
    assert err == ""
    assert "meld 2: 5D 5H 5S\n  set of 5s: 5S 5H 5D\n  value: 15\n" in out
    assert "  extended by: 5C, JK as 5C\n" in out
    assert out.endswith(
        "\ntotal value: 42\nopening: 42 reaches the opening threshold of 40 (S40-OPEN)\n"
    )


def test_check_unicode(capsys: CaptureFixture) -> None:
    code, out, _ = run(capsys, "check", "JK ♣9 ♣8", "--unicode")
    assert code == 0
    assert "  sequence of clubs: 8♣ 9♣ JK=10♣\n" in out
    assert "  extended by: 7♣ at the low end, J♣ at the high end\n" in out


def test_check_joker_as_resolves_an_ambiguous_set(capsys: CaptureFixture) -> None:
    # S40-JOKER: in a 3-card set the player names one of the two missing suits.
    code, out, err = run(capsys, "check", "7S 7H JK", "--joker-as", "7C")
    assert code == 0
    assert err == ""
    assert "  set of 7s: 7S 7H JK=7C\n" in out
    assert "  other readings:\n    7S 7H JK=7D (value 21)\n" in out
    assert "  extended by: 7D\n" in out
    # S40-SWAP decision: only the represented card frees the joker.
    assert "  joker swap: 7C takes the place of JK\n" in out


def test_check_joker_written_in_the_meld(capsys: CaptureFixture) -> None:
    code, out, _ = run(capsys, "check", "JK=7C 9C 8C")
    assert code == 0
    assert "  sequence of clubs: JK=7C 8C 9C\n  joker: JK stands for 7C\n  value: 24\n" in out


def test_check_ambiguous_meld_lists_readings(capsys: CaptureFixture) -> None:
    code, out, err = run(capsys, "check", "7S 7H JK")
    assert code == 1
    assert out == (
        "meld 1: 7S 7H JK\n"
        "  ambiguous: 2 readings\n"
        "    7S 7H JK=7D (value 21)\n"
        "    7S 7H JK=7C (value 21)\n"
    )
    assert error_lines(err) == [
        "error: meld 1: 7S 7H JK has 2 readings: it is a meld, but which one depends on "
        'the card the joker stands for; name it in the meld, written as "7S 7H JK=7D" or '
        '"7S 7H JK=7C", or --joker-as CARD for a single meld'
    ]


def test_check_ambiguous_among_several_melds_asks_for_inline_joker(
    capsys: CaptureFixture,
) -> None:
    code, _, err = run(capsys, "check", "5D 5H 5S", "7S 7H JK")
    assert code == 1
    assert error_lines(err) == [
        "error: meld 2: 7S 7H JK has 2 readings: it is a meld, but which one depends on "
        'the card the joker stands for; name it in the meld, written as "7S 7H JK=7D" or '
        '"7S 7H JK=7C"'
    ]


def test_check_invalid_meld_after_checking_all(capsys: CaptureFixture) -> None:
    # S40-SEQ: K-A-2 is not a sequence; S40-SET: two clubs in a set.
    code, out, err = run(capsys, "check", "KS AS 2S", "5D 5H 5S", "9H 9C 9C")
    assert code == 1
    assert "meld 1: KS AS 2S\n  not a meld: K-A-2 goes around the corner (S40-SEQ)\n" in out
    assert "meld 2: 5D 5H 5S\n  set of 5s: 5S 5H 5D\n" in out
    assert "meld 3: 9H 9C 9C\n  not a meld: set has two ♣ (S40-SET)\n" in out
    assert "total value" not in out
    assert error_lines(err) == [
        "error: meld 1: KS AS 2S is not a meld: K-A-2 goes around the corner (S40-SEQ)",
        "error: meld 3: 9H 9C 9C is not a meld: set has two ♣ (S40-SET)",
    ]


def test_check_two_jokers(capsys: CaptureFixture) -> None:
    # S40-JOKER: at most one joker per meld.
    code, _, err = run(capsys, "check", "JK JK 5S")
    assert code == 1
    assert error_lines(err) == [
        "error: meld 1: JK JK 5S is not a meld: two jokers in one meld (S40-JOKER)"
    ]


def test_check_bad_card_is_a_usage_error(capsys: CaptureFixture) -> None:
    # C-NOTATION: the bad token and its position are named.
    code, out, err = run(capsys, "check", "5D 5H 5S", "7S 10X")
    assert code == 2
    assert out == ""
    assert error_lines(err) == [
        "error: meld 2: bad card '10X' at position 2: expected a rank (A 2-10 J Q K, or T) "
        "and a suit (S H D C), or a joker (JK)"
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["check", "7S 7H JK", "5D 5H 5S", "--joker-as", "7C"],
            "error: --joker-as applies to a single meld; write JK=CARD in the meld instead",
        ),
        (
            ["check", "JK=7C 8C 9C", "--joker-as", "10C"],
            "error: give --joker-as or JK=CARD in the meld, not both",
        ),
        (
            ["check", "JK 8C 9C", "--joker-as", "10X"],
            "error: argument --joker-as: bad card '10X' at position 1: expected a rank "
            "(A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK) "
            "(see 'scala40 check --help')",
        ),
        (
            ["check", "JK 8C 9C", "--rules", "house"],
            "error: argument --rules: no preset named 'house' in Scala 40; presets: official, classic, "
            "federation-article, online (see 'scala40 check --help')",
        ),
    ],
)
def test_check_usage_errors(capsys: CaptureFixture, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert error_lines(err) == [message]


def test_check_a_natural_card_said_to_stand_for_another_is_no_meld(
    capsys: CaptureFixture,
) -> None:
    """C-WILD: only a wild card stands for another card; a natural card said to stand for
    itself says nothing (as check_meld reads it: one verdict)."""
    code, _, err = run(capsys, "check", "7S=8S 8S 9S")
    assert code == 1
    assert error_lines(err) == [
        "error: meld 1: 7S=8S 8S 9S is not a meld: 7S=8S: only a wild card stands for another card"
    ]
    code, out, _ = run(capsys, "check", "7S=7S 8S 9S")
    assert code == 0
    assert "sequence of spades: 7S 8S 9S" in out


def test_check_joker_as_that_fits_no_reading(capsys: CaptureFixture) -> None:
    code, _, err = run(capsys, "check", "7S 7H JK", "--joker-as", "7S")
    assert code == 1
    assert error_lines(err) == ["error: meld 1: in 7S 7H JK the wild cards cannot stand for 7S"]


def test_check_classic_rules_limit_sequences(capsys: CaptureFixture) -> None:
    # S40-V-SPLIT: no sequence longer than 5 cards.
    code, _, err = run(capsys, "check", "5S 6S 7S 8S 9S 10S", "--rules", "classic")
    assert code == 1
    assert error_lines(err) == [
        "error: meld 1: 5S 6S 7S 8S 9S 10S is not a meld: a sequence has at most 5 cards, got 6 (S40-V-SPLIT)"
    ]
    code, out, _ = run(capsys, "check", "5S 6S 7S 8S 9S", "--rules", "classic")
    assert code == 0
    assert "  extended by: nothing, the meld is complete\n" in out


def test_check_joker_worth_25_opens(capsys: CaptureFixture) -> None:
    # S40-V-JOKER25: 7-7-Joker counts 39, with three 4s 51.
    argv = ["check", "7S 7H JK=7D", "4D 4C 4S"]
    code, out, _ = run(capsys, *argv, "--rules", "federation-article")
    assert code == 0
    assert "total value: 51\nopening: 51 reaches the opening threshold of 40" in out
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "total value: 33\nopening: 33 is below the opening threshold of 40" in out


# ---------------------------------------------------------------- hand


def test_hand_value(capsys: CaptureFixture) -> None:
    # S40-HAND-VALUE: 11 + 10 + 7 + 25.
    code, out, err = run(capsys, "hand", "AS KH 7D JK")
    assert (code, out, err) == (0, "hand: AS KH 7D JK\nvalue: 53\n", "")


def test_hand_lone_ace_under_online_rules(capsys: CaptureFixture) -> None:
    # S40-V-LONEACE
    assert run(capsys, "hand", "AH", "--rules", "online") == (0, "hand: AH\nvalue: 1\n", "")
    assert run(capsys, "hand", "AH") == (0, "hand: AH\nvalue: 11\n", "")


def test_hand_unicode_and_empty(capsys: CaptureFixture) -> None:
    assert run(capsys, "hand", "10h qs", "--unicode") == (0, "hand: 10♥ Q♠\nvalue: 20\n", "")
    assert run(capsys, "hand", "") == (0, "hand: no cards\nvalue: 0\n", "")


def test_hand_more_copies_than_the_deck(capsys: CaptureFixture) -> None:
    # C-DECK, C-IDENTITY: two copies of each card; the online deck has 2 jokers.
    code, _, err = run(capsys, "hand", "7S 7S 7S")
    assert code == 1
    assert error_lines(err) == [
        "error: the hand holds 3 copies of 7S, but the deck of 'official' has 2"
    ]
    code, _, err = run(capsys, "hand", "JK JK JK", "--rules", "online")
    assert code == 1
    assert error_lines(err) == [
        "error: the hand holds 3 copies of JK, but the deck of 'online' has 2"
    ]


def test_hand_bad_card(capsys: CaptureFixture) -> None:
    code, out, err = run(capsys, "hand", "AS QQ")
    assert code == 2
    assert out == ""
    assert len(error_lines(err)) == 1
    assert "bad card 'QQ' at position 2" in err


def test_hand_of_cards_the_pack_lacks_is_one_error_and_no_hand_line(
    capsys: CaptureFixture,
) -> None:
    # CH-DECK: the 40-card Spanish pack of Chinchón's standard rules has no joker.
    code, out, err = run(capsys, "hand", "--game", "chinchon", "AS KD 7C JK 5H")
    assert (code, out) == (1, "")
    assert error_lines(err) == [
        "error: the 40-card Spanish pack has no jokers; --rules argentina_50 plays with 2 jokers"
    ]


def test_spanish_pack_prints_its_own_suits_not_the_french_symbols(
    capsys: CaptureFixture,
) -> None:
    code, out, _ = run(capsys, "hand", "--game", "chinchon", "--unicode", "AS 7H KD 5C")
    assert code == 0
    assert out.splitlines()[0] == (
        "hand: AS 7H KD 5C (as de espadas, siete de copas, rey de oros, cinco de bastos)"
    )
    code, out, _ = run(capsys, "check", "--game", "chinchon", "--unicode", "3S 3H 3D")
    assert code == 0
    assert not set("♠♥♦♣") & set(out)
    assert out.startswith("meld 1: 3S 3H 3D (tres de espadas, tres de copas, tres de oros)\n")
    state = load_game("chinchon").new_game(players=2, seed=4)
    state = state.apply(state.legal_moves()[0])  # seat 1 takes: now a discard to choose
    code, out, _ = run(capsys, "hint", "--unicode", "--bot", "greedy", state.to_text())
    assert code == 0
    assert "discard" in out
    assert not set("♠♥♦♣") & set(out)


@pytest.mark.parametrize(
    ("choice", "no_color", "coloured"),
    [("always", "", True), ("always", "1", True), ("never", "", False), ("auto", "", False)],
)
def test_color_option(
    capsys: CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    choice: str,
    no_color: str,
    coloured: bool,
) -> None:
    """--color always/never say so; auto colours a terminal only (the tests' output is
    none), and NO_COLOR turns auto off but not an explicit always."""
    monkeypatch.setenv("NO_COLOR", no_color)
    code, out, _ = run(capsys, "hand", "AH KS", "--color", choice)
    assert code == 0
    red_ace = "\x1b[31mAH\x1b[0m"
    assert out.startswith(f"hand: {red_ace} KS\n" if coloured else "hand: AH KS\n")
    code, out, _ = run(capsys, "check", "7H 8H 9H", "--color", choice)
    assert (red_ace.replace("AH", "7H") in out) is coloured


def test_color_auto_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from scala40.cli.style import colour_chosen

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    assert colour_chosen("auto", Terminal())
    assert not colour_chosen("never", Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_chosen("auto", Terminal())
    assert colour_chosen("always", Terminal())


# ---------------------------------------------------------------- rules


def test_rules_lists_presets_with_differences(capsys: CaptureFixture) -> None:
    code, out, err = run(capsys, "rules")
    assert code == 0
    assert err == ""
    assert out.startswith(
        "official: every option at its default\n"
        "\n"
        "classic: differs from official in\n"
        "  split_sequences  True  (S40-V-SPLIT)\n"
        "\n"
        "federation-article: differs from official in\n"
        "  joker_meld_value       25    (S40-V-JOKER25)\n"
        "  close_without_discard  True  (S40-V-NODISCARDCLOSE)\n"
        "\n"
        "online: differs from official in\n"
    )
    assert "  restock                    flip  (S40-RESTOCK)\n" in out
    assert out.endswith("\nRun 'scala40 rules PRESET' to list every option of a preset.\n")


def test_rules_of_a_preset_list_every_option(capsys: CaptureFixture) -> None:
    code, out, err = run(capsys, "rules", "classic")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "preset: classic"
    assert lines[1].split() == ["option", "value", "rule"]
    # Each option's row is followed by its description, indented.
    rows = [line for line in lines[2:] if not line.startswith(" ")]
    assert [row.split()[0] for row in rows] == list(option_names())
    for row, name in zip(rows, option_names(), strict=True):
        assert row.split()[2] == option_rule(name)
    assert "split_sequences                False" not in out
    assert any(
        row.split()[:3] == ["split_sequences", "True", "S40-V-SPLIT"]
        and row.endswith("(official: False)")
        for row in rows
    )
    assert sum("(official:" in row for row in rows) == 1


def test_rules_unknown_preset(capsys: CaptureFixture) -> None:
    code, out, err = run(capsys, "rules", "house")
    assert code == 2
    assert out == ""
    assert error_lines(err) == [
        "error: no preset named 'house' in Scala 40; presets: official, classic, "
        "federation-article, online"
    ]


# ---------------------------------------------------------------- the program


def test_version(capsys: CaptureFixture) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    build = "compiled by mypyc" if scala40.__compiled__ else "pure Python"
    assert out.startswith(f"scala40 {__version__} ({build}, ")
    assert out.endswith(f" {platform.python_version()})\n")


def test_python_m_scala40_runs_the_command_line(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.argv", ["scala40", "hand", "QS KS AS"])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("scala40", run_name="__main__")
    assert exited.value.code == 0
    assert capsys.readouterr().out == "hand: QS KS AS\nvalue: 31\n"


def test_help(capsys: CaptureFixture) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert command.name in out
    code, out, _ = run(capsys, "check", "--help")
    assert code == 0
    assert "--joker-as" in out
    assert 'scala40 check "JK 9C 8C" "5D 5H 5S"' in out


@pytest.mark.parametrize(
    "argv",
    [[], ["deal"], ["check"], ["check", "JK 9C 8C", "--colour"], ["hand"], ["rules", "a", "b"]],
)
def test_usage_errors_are_one_line(capsys: CaptureFixture, argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(error_lines(err)) == 1


def test_parser_takes_new_commands(capsys: CaptureFixture) -> None:
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--times", type=int, default=1)

    def handler(args: argparse.Namespace) -> int:
        print("hello " * args.times)
        return 0

    extra = Command("hello", "say hello", "Say hello.", configure, handler)
    args = build_parser((*COMMANDS, extra)).parse_args(["hello", "--times", "2"])
    assert args.handler(args) == 0
    assert capsys.readouterr().out == "hello hello \n"


def test_python_dash_m() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "scala40", "check", "JK 9C 8C"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    assert completed.stdout.splitlines()[:3] == [
        "meld 1: JK 9C 8C",
        "  sequence of clubs: 8C 9C JK=10C",
        "  joker: JK stands for 10C",
    ]

"""The command line as a player meets it, through :func:`scala40.cli.main` and
subprocesses: refused moves say why in words (rule IDs only with ``--verbose``), ``hint``
asks a bot within a bounded time, ``simulate`` counts games, the game is found by its
displayed name in a fresh interpreter, and what happened since the player's last move
comes from the library's event feed."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.cards import CARD_NAMES
from scala40.errors import IllegalMoveError
from scala40.events import events_of, events_since
from scala40.game import BUILTIN_GAMES, game_names, load_game
from scala40.records import GameRecord
from tests.cli_run import run

SRC = Path(__file__).resolve().parent.parent / "src"
RULE_ID = re.compile(r"\((?:[A-Z0-9]+-)+[A-Z0-9]+")


def _refused_extension(name: str, verb: str) -> tuple[GameRecord, str]:
    """A game of ``name`` stopped where seat 0, who has melded, may add cards to the
    table (``verb``), and a card of its hand the table refuses: the record and the move."""
    game = load_game(name)
    rules = game.ruleset_type.default()
    players = rules.min_players
    bot = make_bot("greedy", game)
    for seed in range(40):
        state = game.new_game(rules, players, seed)
        moves: list[str] = []
        rng = random.Random(seed)
        while not state.is_over and len(moves) < 3000:
            if state.is_chance:
                move = state.legal_moves()[0]
            else:
                legal = list(state.legal_moves())
                if state.current_player == 0 and any(str(m).startswith(verb) for m in legal):
                    for card in sorted(set(state.view(0).hand)):
                        text = f"{verb} {CARD_NAMES[card]} #0"
                        try:
                            state.apply(text)
                        except IllegalMoveError as error:
                            if "cannot be added to" in str(error):
                                names = ("human", *(["greedy"] * (players - 1)))
                                record = GameRecord(
                                    rules, players, seed, tuple(moves), True, game.name,
                                    game.version, names,
                                )  # fmt: skip
                                return record, text
                move = bot.choose(state.view(state.current_player), legal, rng)
            state = state.apply(move)
            moves.append(str(move))
    raise AssertionError(f"no refused {verb} found")


@pytest.mark.parametrize(("name", "verb", "rule"), [("scala40", "layoff", "S40-AFTER-OPEN"),
                                                    ("skarney", "extend", "SK-EXTEND")])  # fmt: skip
def test_a_refused_layoff_says_why_in_words(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    verb: str,
    rule: str,
) -> None:
    """S40-AFTER-OPEN, SK-EXTEND: a card the table meld does not take is refused with the
    reason (the suit, the rank, the end, the meld full), and a meld number that does not
    exist is named; the rule's ID only with --verbose."""
    record, move = _refused_extension(name, verb)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    typed = f"{move}\n{verb} {move.split()[1]} #99\nquit\n"
    code, out, _ = run(capsys, monkeypatch, ["play", "--load", str(path)], typed)
    assert code == 3
    errors = [line for line in out.splitlines() if "error: " in line]
    assert len(errors) == 2
    reason = errors[0].split("cannot be added to ", 1)[1]
    assert re.search(
        r": (the set has an? \w+ already|a set of \w+ takes only|the sequence is of \w+|"
        r"the sequence has \w+ already|only .+ extends the sequence|it goes only|"
        r"an? \w+ holds at most|a meld of wild cards|nothing can extend)",
        reason,
    ), reason
    assert "#99" in errors[1]
    assert "no table meld #99" in errors[1] or "no meld #99" in errors[1], errors[1]
    assert not any(RULE_ID.search(line) for line in errors)
    code, out, _ = run(capsys, monkeypatch, ["play", "--load", str(path), "--verbose"], typed)
    assert f"({rule}" in out or "(C-WILD" in out or "(SK-WILDMELD" in out


@pytest.mark.parametrize("name", game_names())
def test_every_game_refuses_typed_moves_with_reasons(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A move typed at the wrong time, or of cards not held, is refused in words that say
    what the game waits for (no phase names, no rule IDs)."""
    game = load_game(name)
    state = game.new_game(seed=2, players=game.ruleset_type.default().min_players)
    while state.is_chance:
        state = state.apply(state.legal_moves()[0])
    held = set(state.view(state.current_player).hand)
    missing = next(CARD_NAMES[card] for card in range(52) if card not in held)
    seat = state.current_player
    assert game.move_set is not None
    verb = "discard" if "discard" in game.move_set.verbs else "offer"
    typed = f"{verb} {missing}\nquit\n"
    code, out, _ = run(
        capsys, monkeypatch, ["play", "--game", name, "--seed", "2", "--seat", str(seat)], typed
    )
    assert code == 3
    [error] = [line for line in out.splitlines() if "error: " in line]
    assert " phase" not in error
    assert not RULE_ID.search(error)
    assert re.search(rf"error: {verb} {missing}: \w+", error), error


def test_the_hint_asks_the_information_set_search_or_the_bot_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["play", "--seed", "3"], "hint\nquit\n")
    assert code == 3
    assert "The ismcts bot would play: draw" in out
    argv = ["play", "--seed", "3", "--hint-bot", "greedy"]
    code, out, _ = run(capsys, monkeypatch, argv, "hint\nhint\nquit\n")
    assert out.count("The greedy bot would play: draw") == 2
    code, _, err = run(capsys, monkeypatch, ["play", "--hint-bot", "clever"], "quit\n")
    assert code == 2
    assert "--hint-bot: no bot named 'clever'" in err


def test_simulate_counts_games_and_sides(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players, two bots: each bot sits in every game, one of them twice."""
    argv = ["simulate", "--players", "3", "--games", "3", "--bots", "random", "random"]
    argv += ["--match", "single", "--workers", "1", "--max-actions", "300"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:4]}
    assert out.splitlines()[1].split()[:4] == ["bot", "games", "sides", "wins"]
    assert [rows["random"][1], rows["random#2"][1]] == ["3", "3"]
    assert int(rows["random"][2]) + int(rows["random#2"][2]) == 9  # 3 games of 3 seats
    code, out, _ = run(capsys, monkeypatch, [*argv[:2], "2", *argv[3:]])
    assert out.splitlines()[1].split()[:3] == ["bot", "games", "wins"]


@pytest.mark.parametrize("spelling", ["chinchón", "Chinchon", "CHINCHÓN", "La Conga", "la conga"])
def test_load_game_finds_a_displayed_name_in_a_fresh_interpreter(spelling: str) -> None:
    code = f"from scala40.game import load_game; print(load_game({spelling!r}).name)"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("chinchon", "laconga")


def test_an_unknown_game_name_is_refused_with_the_nearest() -> None:
    code = "from scala40.game import load_game; load_game('chinchn')"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert "UnknownGameError: no game named 'chinchn'" in done.stderr
    assert "did you mean 'chinchon'?" in done.stderr


def test_since_your_last_move_is_the_event_feed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the board says happened is what ``events_since`` gives the player's seat."""
    argv = ["play", "--seed", "3", "--hint-bot", "greedy"]
    _, out, _ = run(capsys, monkeypatch, argv, "draw\ndiscard KD\nquit\n")
    game = load_game("scala40")
    state = game.new_game(players=2, seed=3)
    feed: list[Any] = []
    bot = make_bot("greedy", game)
    rng = random.Random(3)
    bot_rng = random.Random(rng.getrandbits(64))
    for move in ("draw", "discard KD"):
        after = state.apply(move)
        feed.extend(events_of(state, move, after))
        state = after
    seen = state.move_number
    while state.current_player != 0:
        move = bot.choose(state.view(1), list(state.legal_moves()), bot_rng)
        after = state.apply(move)
        feed.extend(events_of(state, move, after))
        state = after
    shown = "; ".join(f"P1 (greedy): {item['move']}" for item in events_since(feed, seen, 0))
    assert f"Since your last move: {shown}\n" in out
    assert "You drew " in out


def test_the_library_games_titles_and_aliases_are_known_before_import() -> None:
    """Every title and alias of the library's games finds its game in a fresh
    interpreter (the table in ``scala40.game`` agrees with the games' records)."""
    spellings = []
    for name in BUILTIN_GAMES:
        game = load_game(name)
        spellings += [(spelling, name) for spelling in (game.title, *game.aliases)]
    code = "import sys; from scala40.game import load_game\n"
    code += "for line in sys.stdin: print(load_game(line.rstrip('\\n')).name)"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="".join(spelling + "\n" for spelling, _ in spellings),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [name for _, name in spellings]

"""The knock games' command-line texts through whole games: eliminations and re-entries
(CH-END, LC-REENGANCHE), players out of the game, hands shown, gin streaks
(RU-GINSTREAK), and the lines every phase gives."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scala40.cli.text.knock import meld_text
from scala40.errors import InvalidArgumentError
from scala40.game import load_game
from scala40.texts import text_of

PHRASES = (
    "re-enters at",
    "does not re-enter",
    "may re-enter at",
    "drops out with",
    "You are out of the game.",
    "The hand is over: every hand has been shown.",
    "lays off",
    "(RU-GINSTREAK)",
)


def _texts(name: str, options: dict[str, Any], players: int, seed: int) -> list[str]:
    """Every text a game of random moves gives, at every step, for every seat."""
    game = load_game(name)
    text = text_of(game)
    rules = game.ruleset_type.default().replace(**options)
    state = game.new_game(rules, players, seed, auto_chance=False)
    names = [f"bot {seat}" for seat in range(players)]
    chooser = random.Random(seed)
    lines: list[str] = []
    for _ in range(5000):
        if state.is_over:
            break
        lines.append(text.status(state))
        if state.current_player is not None:
            # The seat to decide, and those out of the game.
            for seat in range(players):
                if seat == state.current_player or not state.active[seat]:
                    lines.extend(text.board(state, seat, names, False))
            lines.append(text.turn_hint(state))
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        lines.append(text.move(move, True))
        after = state.apply(move)
        lines.extend(text.events(state, after, names))
        state = after
    assert state.is_over
    lines.extend(text.final(state, names))
    return lines


@pytest.mark.parametrize(
    ("name", "options", "players", "phrases"),
    [
        # CH-END: elimination with one re-entry each.
        ("chinchon", {"end_mode": "elimination", "reentry": 1, "target": 40}, 3, PHRASES[:7]),
        # LC-REENGANCHE, LC-ELIM.
        ("laconga", {"eliminate_at": 30, "reentry": 1}, 3, PHRASES[:7]),
        # RU-GINSTREAK: a gin in the first hand wins at once.
        ("rumino", {"gin_streak": 1}, 2, ("(RU-GINSTREAK)",)),
    ],
    ids=["chinchon-elimination", "laconga-reentry", "rumino-gin-streak"],
)
def test_whole_games_tell_every_event(
    name: str, options: dict[str, Any], players: int, phrases: tuple[str, ...]
) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        for line in _texts(name, options, players, seed):
            assert isinstance(line, str)
            assert "chance" not in line.lower(), line
            for phrase in phrases:
                seen[phrase] += phrase in line
    assert all(seen[phrase] for phrase in phrases), seen


def test_meld_text_takes_melds_only() -> None:
    with pytest.raises(InvalidArgumentError, match="expected a meld, got"):
        meld_text("7S 8S 9S", False)  # type: ignore[arg-type]

"""``scala40 replay``: replay a saved game record, move by move, with how each hand
ended and the final scores; any game, through its record's wording
(:class:`~scala40.game.GameText`)."""

from __future__ import annotations

import argparse
import textwrap

from scala40.cli.common import (
    EXIT_OK,
    Command,
    CommandError,
    add_game_option,
    load_record,
)
from scala40.game import DEFAULT_GAME, load_game
from scala40.tournament import rules_label

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record saved as JSON")
    parser.add_argument(
        "--verbose", action="store_true", help="print the whole table after each move"
    )
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")
    add_game_option(parser)


def _run(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    game = load_game(record.game)
    if args.game is not None and args.game != game.name:
        raise CommandError(f"{args.file} is a record of {game.title}, not of {args.game}")
    unicode: bool = args.unicode
    text = game.text
    names = [f"player {player}" for player in range(record.players)]
    title = "" if game.name == DEFAULT_GAME else f"{game.title}, "
    print(
        f"Game: {title}rules {rules_label(record.rules)}, {record.players} players, "
        f"seed {record.seed}, {len(record.moves)} moves"
    )
    states = record.states()
    state = next(states)
    if args.verbose:
        print(textwrap.indent(str(state), "    "))
    for number, (move_text, after) in enumerate(zip(record.moves, states), 1):
        mover = "dealer" if state.is_chance else f"P{state.current_player}"
        print(f"{number:>4}. {mover}: {text.move(game.parse_move(move_text), unicode)}")
        for line in text.events(state, after, names):
            print(f"      {line}")
        if args.verbose:
            print(textwrap.indent(str(after), "    "))
        state = after
    if state.is_over:
        print("\n".join(text.final(state, names)))
    else:
        scores = ", ".join(f"P{player} {score}" for player, score in enumerate(state.scores))
        print(f"The game is not over ({text.status(state)}).")
        print(f"Scores so far: {scores}")
    return EXIT_OK


COMMAND = Command(
    name="replay",
    summary="replay a saved game record",
    description="Replay a game record saved as JSON (by 'scala40 play --save' or "
    "GameRecord.to_dict): print each move, how each hand ended and the final scores.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 replay game.json\n  scala40 replay game.json --verbose",
)
"""The ``replay`` command."""

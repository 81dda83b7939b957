"""``scala40 moves POSITION`` and ``scala40 perft POSITION DEPTH``: a position's legal
moves in the canonical order, and the number of move sequences to a depth
(:mod:`scala40.perft`), for checking another implementation's move generator.

>>> from scala40.cli import main
>>> from scala40.game import load_game
>>> text = load_game("chinchon").new_game(players=2, seed=3).to_text()
>>> main(["moves", text])
draw
take
0
>>> main(["perft", text, "2"])
17
0
>>> main(["perft", text, "2", "--divide"])
draw: 9
take: 8
<BLANKLINE>
moves: 2
sequences: 17
0
"""

from __future__ import annotations

import argparse

from scala40.cli.common import add_number_option, add_position_argument, print_json, read_position
from scala40.commands import EXIT_OK, Command, UsageError
from scala40.game import load_game
from scala40.perft import DEFAULT_NODE_LIMIT, MAX_DEPTH, MAX_NODE_LIMIT, perft_divide
from scala40.perft import canonical_moves as _canonical_moves

__all__ = ["MOVES_COMMAND", "PERFT_COMMAND"]


def _configure_moves(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object a line: the move's text and its dictionary (move.to_dict())",
    )


def _run_moves(args: argparse.Namespace) -> int:
    name, _, position = read_position(args.position)
    game = load_game(name)
    for move in _canonical_moves(position):
        if args.json:
            print_json({"text": str(move), "move": game.move_to_dict(move)})
        else:
            print(move)
    return EXIT_OK


def _configure_perft(parser: argparse.ArgumentParser) -> None:
    add_position_argument(
        parser, "a whole state's text (state.to_text(): a view hides the stock), quoted"
    )
    parser.add_argument(
        "depth",
        metavar="DEPTH",
        type=int,
        help=f"the length of the move sequences counted, from 1 to {MAX_DEPTH}",
    )
    parser.add_argument(
        "--divide",
        action="store_true",
        help="the count under each first move, then the moves and the total",
    )
    add_number_option(
        parser,
        "--node-limit",
        len(str(MAX_NODE_LIMIT)),
        f"the most positions visited before the count is given up "
        f"(default: {DEFAULT_NODE_LIMIT:,}; at most {MAX_NODE_LIMIT:,})",
        DEFAULT_NODE_LIMIT,
    )


def _run_perft(args: argparse.Namespace) -> int:
    _, _, state = read_position(args.position)
    if not hasattr(state, "view"):
        raise UsageError("POSITION: perft counts over a whole state, not a seat's view")
    depth: int = args.depth
    if not 1 <= depth <= MAX_DEPTH:
        raise UsageError(f"DEPTH must be from 1 to {MAX_DEPTH}, got {depth}")
    node_limit: int = args.node_limit
    if not 1 <= node_limit <= MAX_NODE_LIMIT:
        raise UsageError(f"--node-limit must be from 1 to {MAX_NODE_LIMIT:,}, got {node_limit}")
    divided = perft_divide(state, depth, node_limit=node_limit)
    total = sum(count for _, count in divided)
    if not args.divide:
        print(total)
        return EXIT_OK
    for move, count in divided:
        print(f"{move}: {count}")
    print()
    print(f"moves: {len(divided)}")
    print(f"sequences: {total}")
    return EXIT_OK


MOVES_COMMAND = Command(
    name="moves",
    summary="a position's legal moves, in the canonical order, one a line",
    description="Print the legal moves of POSITION (a game's state or a seat's view as one "
    "line of text, as state.to_text() or view.to_text() writes it), one a line as the "
    "library writes them, in the canonical order (sorted by their texts, compared as "
    "Unicode code points). A position where no seat decides has none.",
    configure=_configure_moves,
    run=_run_moves,
    epilog='examples:\n  scala40 moves "$(cat position.txt)"\n'
    "  scala40 moves - --json < position.txt",
)
"""The ``moves`` command."""


PERFT_COMMAND = Command(
    name="perft",
    summary="the number of move sequences of a given length from a position",
    description="Count the sequences of DEPTH moves from POSITION (a whole state, "
    "state.to_text()), every seat's moves in turn, the stock in the order the state holds "
    "it. A position where no seat decides (the end of a hand or of the game) ends the "
    "sequences through it. With --divide, the count under each first move, as chess "
    "programs print it (where two implementations differ, follow the move whose count "
    "differs). The work is bounded by --node-limit; past it the command fails.",
    configure=_configure_perft,
    run=_run_perft,
    epilog='examples:\n  scala40 perft "$(cat position.txt)" 3\n'
    "  scala40 perft - 2 --divide < position.txt",
)
"""The ``perft`` command."""

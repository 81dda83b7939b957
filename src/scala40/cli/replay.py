"""``scala40 replay``: replay a saved game record, move by move, with how each hand
ended and the final scores; any game, through its record's wording
(:class:`~scala40.texts.GameText`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scala40.cards import format_cards
from scala40.cli.common import add_report_options, load_game_record, plural, print_json
from scala40.cli.style import Style, colour_chosen, in_words
from scala40.commands import EXIT_OK, Command
from scala40.game import DEFAULT_GAME
from scala40.resignation import ResignMove
from scala40.texts import text_of
from scala40.tournament import rules_label

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record saved as JSON")
    parser.add_argument(
        "--verbose", action="store_true", help="print every hand and the stock after each move"
    )
    add_report_options(parser)


def _table(state: Any, unicode: bool) -> list[str]:
    """Every seat's hand and the stock, as ``--verbose`` prints them after each move."""
    lines = []
    for seat in range(state.player_count):
        view = state.view(seat)
        hand = format_cards(view.hand, unicode=unicode) or "no cards"
        lines.append(f"P{seat} ({plural(len(view.hand), 'card')}): {hand}")
    stock = getattr(state.view(0), "stock_size", None)
    if stock is not None:
        lines.append(f"stock: {plural(stock, 'card')}")
    return lines


def _where(state: Any) -> str:
    """Where an unfinished game stands, in words."""
    if state.is_chance:
        return f"hand {state.hand_number}, the cards are to be dealt"
    return f"hand {state.hand_number}, P{state.current_player} to move"


def _run(args: argparse.Namespace) -> int:
    record, game = load_game_record(args.file, args.game)
    as_json: bool = args.json
    # A Spanish pack keeps its letters: its suits are not the French symbols.
    unicode: bool = args.unicode and not as_json and record.rules.deck.pack != "spanish"
    text = text_of(game)
    # The record's names of the seats (``human`` and the bots of ``play --save``).
    names = list(record.names) or [f"player {player}" for player in range(record.players)]
    style = Style(colour=colour_chosen(args.color, sys.stdout), unicode=unicode)

    def shown(line: str) -> str:
        """A line of the game's text: suits as symbols with --unicode, rule IDs only with
        --verbose."""
        return style.cards(line if args.verbose else in_words(line))

    title = "" if game.name == DEFAULT_GAME else f"{game.title}, "
    say = (lambda line: None) if as_json else print
    say(
        f"Game: {title}rules {rules_label(record.rules)}, {record.players} players, "
        f"seed {record.seed}, {plural(len(record.moves), 'move')}"
    )
    states = record.states()
    state = next(states)
    played: list[dict[str, Any]] = []
    for number, (move_text, after) in enumerate(zip(record.moves, states), 1):
        # Read where it was played: a record may leave a lay-off's end or a wild card's
        # card to the position (as records written before their texts named them do).
        parse = getattr(state, "parse_move", None)
        move = parse(move_text) if callable(parse) else game.parse_move(move_text)
        # A resignation is its own seat's, whoever was to decide (C-RESIGN).
        mover = None if state.is_chance else state.current_player
        if isinstance(move, ResignMove):
            mover = move.seat
        events = text.events(state, after, names)
        played.append({"number": number, "seat": mover, "move": str(move), "events": events})
        who = "dealer" if mover is None else f"P{mover}"
        say(f"{number:>4}. {who}: {text.move(move, unicode)}")
        for line in events:
            say(f"      {shown(line)}")
        if args.verbose:
            for line in _table(after, unicode):
                say(f"      {line}")
        state = after
    if as_json:
        answer = {
            "game": game.name,
            "rules": rules_label(record.rules),
            "players": record.players,
            "seed": record.seed,
            "moves": played,
            "is_over": state.is_over,
            "scores": list(game.reported_scores(state)),
            "winners": list(state.winners),
            "final": text.final(state, names) if state.is_over else [],
        }
        print_json(answer)
        return EXIT_OK
    if state.is_over:
        print("\n".join(shown(line) for line in text.final(state, names)))
    else:
        scores = ", ".join(f"P{player} {score}" for player, score in enumerate(state.scores))
        print(f"The game is not over: {_where(state)}.")
        print(f"Scores so far: {scores}")
    return EXIT_OK


COMMAND = Command(
    name="replay",
    summary="replay a saved game record",
    description="Replay a game record saved as JSON (by 'scala40 play --save' or "
    "GameRecord.to_dict): print each move, how each hand ended and the final scores.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 replay game.json\n  scala40 replay game.json --verbose\n"
    "  scala40 replay game.json --json",
)
"""The ``replay`` command."""

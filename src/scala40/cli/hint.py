"""``scala40 hint POSITION``: the move a bot would play in a position given as text (a
state's, ``state.to_text()``, or a seat's view, ``view.to_text()``), and its runners-up.

The bot sees what the seat to decide may see, nothing more: the view of that seat (a
view's text is that already). By default it is the bot ``play``'s ``hint`` asks
(:data:`~scala40.cli.play.HINT_BOT`: the information-set search, half a second); a bot
that ranks the moves it searched (:meth:`~scala40.bots.ismcts.ISMCTSBot.ranked_moves`) gives
each its walks and mean value, a greedy bot its order of preference.

>>> from scala40.cli import main
>>> from scala40.game import load_game
>>> text = load_game("chinchon").new_game(players=2, seed=3).to_text()
>>> main(["hint", text, "--bot", "greedy"])
Chinchón, seat 0 to decide (draw): the greedy bot would play
  1. take
  2. draw
0
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from scala40.bots import Bot, bot_name
from scala40.cli.common import (
    add_number_option,
    add_position_argument,
    add_unicode_option,
    print_json,
    read_position,
)
from scala40.cli.play import HINT_BOT, hint_bot
from scala40.commands import EXIT_OK, Command, UsageError
from scala40.game import Game, load_game
from scala40.texts import text_of

__all__ = ["COMMAND", "MAX_RUNNERS_UP", "hint_moves", "walks_legend"]

MAX_RUNNERS_UP = 20
"""The most runners-up ``--count`` may ask for."""


def _configure(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--bot",
        metavar="BOT",
        help=f"the bot to ask, as in play --bots (default: play's hint bot, {HINT_BOT}; "
        "greedy where a game has no ismcts bot)",
    )
    add_number_option(parser, "--count", 2, "moves shown, the bot's choice first (default: 3)", 3)
    add_number_option(parser, "--seed", 20, "the seed of the bot's randomness (default: 0)", 0)
    parser.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    add_unicode_option(parser)


def hint_moves(
    bot: Bot, view: Any, legal: list[Any], rng: random.Random, count: int
) -> list[dict[str, Any]]:
    """The bot's choice in ``view`` and its runners-up, at most ``count`` moves in all,
    best first: each ``{"move": move}``, with ``"visits"`` and ``"value"`` when the bot
    ranks what it searched (``ranked_moves``).

    >>> import random, scala40
    >>> from scala40.bots import make_bot
    >>> from scala40.cli.hint import hint_moves
    >>> state = scala40.new_game(players=2, seed=3).apply("draw")
    >>> view, legal = state.view(0), list(state.legal_moves())
    >>> greedy = make_bot("greedy", "scala40")
    >>> [str(item["move"]) for item in hint_moves(greedy, view, legal, random.Random(0), 3)]
    ['meld 5S 5H 5D', 'meld 9S JK=9H 9C', 'meld 9S JK=9D 9C']
    """
    ranked_moves = getattr(bot, "ranked_moves", None)
    if callable(ranked_moves):
        ranked = ranked_moves(view, legal, rng)
        return [
            {"move": move, "visits": visits, "value": value}
            for move, visits, value in ranked[:count]
        ]
    choice = bot.choose(view, legal, rng)
    order = getattr(bot, "ranked", None)
    others = order(view, legal) if callable(order) else []
    moves = [choice, *(move for move in others if move != choice)]
    return [{"move": move} for move in list(dict.fromkeys(moves))[:count]]


def _run(args: argparse.Namespace) -> int:
    count: int = args.count
    if not 1 <= count <= MAX_RUNNERS_UP:
        raise UsageError(f"--count must be from 1 to {MAX_RUNNERS_UP}, got {count}")
    name, seat, found = read_position(args.position)
    game = load_game(name)
    view, legal = _decision(game, found, seat)
    bot = hint_bot(args.bot, game, "--bot")
    if bot is None:
        raise UsageError(f"{game.title} has no bot to ask; name one with --bot")
    rng = random.Random(args.seed)
    moves = hint_moves(bot, view, legal, rng, count)
    decider = view.player
    phase = getattr(getattr(found, "phase", None), "value", None)
    if args.json:
        answer = {
            "game": game.name,
            "seat": decider,
            "phase": phase,
            "bot": bot_name(bot),
            "moves": [
                {
                    "text": str(item["move"]),
                    "move": game.move_to_dict(item["move"]),
                    **{key: value for key, value in item.items() if key != "move"},
                }
                for item in moves
            ],
        }
        print_json(answer)
        return EXIT_OK
    what = f" ({phase})" if phase else ""
    print(f"{game.title}, seat {decider} to decide{what}: the {bot_name(bot)} bot would play")
    # A Spanish pack keeps its letters: its suits are not the French symbols.
    rules = getattr(found, "rules", None)
    unicode = args.unicode and not (rules is not None and rules.deck.pack == "spanish")
    for place, item in enumerate(moves, 1):
        shown = text_of(game).move(item["move"], unicode)
        if len(legal) == 1:
            shown += " (the only legal move)"
        elif "visits" in item:
            shown = f"{shown:<24} {item['visits']} walks, value {item['value']:.3f}"
        print(f"  {place}. {shown}")
    if len(legal) > 1 and any("visits" in item for item in moves):
        print(walks_legend(decider))
    return EXIT_OK


def walks_legend(seat: int) -> str:
    """What a search bot's columns mean, printed under its moves: the search ranks the
    moves by their walks (its choice is the move it tried most), and a move's value is
    the mean result of its walks for ``seat``, which need not be the highest for the
    choice (a value from few walks is uncertain).

    >>> from scala40.cli.hint import walks_legend
    >>> print(walks_legend(0))
      walks: how often the search tried the move; value: its mean result for seat 0, from
      0 (lost) to 1 (won), 0.5 even. The bot plays the move tried most, whose value need
      not be the highest: a value from fewer walks is less sure.
    """
    return (
        "  walks: how often the search tried the move; value: its mean result for seat "
        f"{seat}, from\n"
        "  0 (lost) to 1 (won), 0.5 even. The bot plays the move tried most, whose value need\n"
        "  not be the highest: a value from fewer walks is less sure."
    )


def _decision(game: Game, found: Any, seat: int | None) -> tuple[Any, list[Any]]:
    """The view of the seat to decide and its legal moves."""
    if seat is None:
        decider = found.current_player
        if decider is None:
            why = "the game is over" if found.is_over else "a chance step (a deal) comes next"
            raise UsageError(f"no seat decides in this position: {why}")
        return found.view(decider), list(found.legal_moves())
    if found.current_player != seat:
        who = found.current_player
        why = "nobody does" if who is None else f"seat {who} does"
        raise UsageError(f"the view is seat {seat}'s, but {why}: a hint is for the seat to decide")
    return found, list(found.legal_moves())


COMMAND = Command(
    name="hint",
    summary="the move a bot would play in a position given as text, and its runners-up",
    description="Print the move a bot would play in POSITION (a game's state or a seat's "
    "view as one line of text, as state.to_text() or view.to_text() writes it), and its "
    "runners-up. "
    "The bot sees only what the seat to decide may see. By default it is the bot of "
    "play's hint.",
    configure=_configure,
    run=_run,
    epilog='examples:\n  scala40 hint "$(cat position.txt)"\n'
    "  scala40 hint - --bot ismcts:iterations=2000 < position.txt\n"
    "  scala40 hint - --count 5 --json < position.txt",
)
"""The ``hint`` command."""

"""``scala40 bots``: a game's bots (every game's, without ``--game``), each with what a
decision costs it and how strong it was measured, in the game's own unit
(:mod:`scala40.bots.strength`). With ``--json``, one game's listing, or without
``--game`` ``{"source": ..., "games": [listing, ...]}``.

>>> from scala40.cli import main
>>> main(["bots", "--game", "laconga"])  # doctest: +ELLIPSIS
La Conga: the bots by name (scala40 play --bots NAME,...). Measured on paired...
0
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import textwrap
from typing import Any

from scala40.bots import best_bot, bot_factories
from scala40.bots.strength import (
    BEST_MEAN_S,
    BEST_P999_S,
    MeasuredDuel,
    cost_of,
    measured_duels,
    strength_source,
)
from scala40.cli.common import add_json_option
from scala40.commands import EXIT_OK, HELP_WIDTH, Command, add_game_option, chosen_game
from scala40.game import Game, game_names, load_game

__all__ = ["COMMAND", "bot_summary"]

_ROLE = re.compile(r":[a-z:]+:`~?([^`<]*?)(?: <[^>]+>)?`")
_ASIDE = re.compile(r"\s*\((?:see|as)[^()]*\)")


def bot_summary(factory: Any) -> str:
    """The first sentence of a bot's documentation, in plain words (reST markup and
    "(see the module)" asides left out).

    >>> from scala40.bots import bot_factories
    >>> from scala40.cli.bots import bot_summary
    >>> bot_summary(bot_factories("chinchon")["random"])
    'Picks one of the legal moves uniformly at random (any game).'
    """
    text = inspect.getdoc(factory) or ""
    paragraph = " ".join(text.split("\n\n")[0].split())
    paragraph = _ROLE.sub(r"\1", paragraph).replace("``", "")
    paragraph = _ASIDE.sub("", paragraph)
    first, dot, _ = paragraph.partition(". ")
    return first + ("." if dot or not first.endswith(".") else "")


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_option(parser)
    add_json_option(parser)


def _against(duels: tuple[MeasuredDuel, ...], bot: str) -> list[MeasuredDuel]:
    """The duels of ``bot``: a specification with options, its own; a name, those of the
    bot and of its settings (``careful:take_saving=1000``)."""
    if ":" in bot:
        return [duel for duel in duels if duel.top == bot]
    return [duel for duel in duels if duel.top.partition(":")[0] == bot]


def _who(duel: MeasuredDuel, bot: str) -> str:
    """How a duel's line names its bot: nothing for the bot itself, else its settings."""
    return "" if duel.top == bot else f"{duel.top} "


def _measured_as(game: Game, name: str) -> str:
    """The specification whose figures a bot's line gives: ``best``'s
    (:func:`~scala40.bots.best_bot`) for ``best``, else the name itself."""
    return best_bot(game) if name == "best" else name


def _summary(game: Game, name: str, factory: Any) -> str:
    if name != "best":
        return bot_summary(factory)
    spec = best_bot(game)
    beaten = list(  # each once: Skarney's duels may meet one bot with two partners
        dict.fromkeys(
            duel.bottom for duel in measured_duels(game) if duel.top == spec and duel.low > 0.5
        )
    )
    why = (
        f"it beat {', '.join(beaten)} in the game's unit"
        if spec != "careful"
        else "no bot was measured above it in the game's unit"
    )
    return (
        f"The strongest bot measured in this game within {BEST_MEAN_S * 1000:.0f} ms a "
        f"decision on average and {BEST_P999_S:g} s at the 99.9th percentile: {spec} "
        f"({why})."
    )


def _run(args: argparse.Namespace) -> int:
    # Without --game, every game's bots, one game after another.
    games = (
        [chosen_game(args)]
        if args.game is not None
        else [load_game(name) for name in game_names()]
    )
    if args.json:
        listings = [_listing(game, bot_factories(game), measured_duels(game)) for game in games]
        every = {"source": strength_source(), "games": listings}
        print(json.dumps(listings[0] if args.game is not None else every))
        return EXIT_OK
    for index, game in enumerate(games):
        if index:
            print()
        _print_game(game)
    print()
    print(f"Figures: {strength_source()}.")
    return EXIT_OK


def _print_game(game: Game) -> None:
    """One game's bots, each with its time and its measured duels."""
    factories = bot_factories(game)
    duels = measured_duels(game)
    unit = duels[0].games_word if duels else "games"
    print(
        textwrap.fill(
            f"{game.title}: the bots by name (scala40 play --bots NAME,...). Measured on "
            f"paired deals of the default rules, "
            + (
                f"{duels[0].players} players in two sides (the bot with the partner each "
                "line names)"
                if duels and duels[0].players > 2
                else "two players"
            )
            + f", in whole {unit} (what decides the game; a line that says hands counts "
            f"single hands, a search's {unit} costing more than the benchmark could play): "
            f"a bot's share of the {unit} against another with its 95% interval, the "
            "points a hand by which its side beat the other, and the process time of its "
            "decisions.",
            HELP_WIDTH,
        )
    )
    width = max(len(name) for name in factories)
    indent = " " * (width + 2)
    for name, factory in factories.items():
        print()
        print(
            textwrap.fill(
                _summary(game, name, factory),
                HELP_WIDTH,
                initial_indent=f"{name:<{width}}  ",
                subsequent_indent=indent,
            )
        )
        timed = cost_of(game, _measured_as(game, name))
        if timed is not None:
            print(
                textwrap.fill(
                    str(timed), HELP_WIDTH, initial_indent=indent, subsequent_indent=indent
                )
            )
        measured = _against(duels, _measured_as(game, name))
        for duel in measured:
            print(
                textwrap.fill(
                    f"{_who(duel, _measured_as(game, name))}against {duel.bottom}: "
                    f"{duel.result()}",
                    HELP_WIDTH,
                    initial_indent=indent,
                    subsequent_indent=indent + "  ",
                )
            )
        if timed is None and not measured:
            print(f"{indent}not measured in {unit}")


def _listing(
    game: Game, factories: dict[str, Any], duels: tuple[MeasuredDuel, ...]
) -> dict[str, Any]:
    bots = []
    for name, factory in factories.items():
        timed = cost_of(game, _measured_as(game, name))
        bots.append(
            {
                "name": name,
                "summary": _summary(game, name, factory),
                "decision_mean_s": None if timed is None else timed.mean_s,
                "decision_p999_s": None if timed is None else timed.p999_s,
                "duels": [_duel_json(duel) for duel in _against(duels, _measured_as(game, name))],
            }
        )
    return {"game": game.name, "source": strength_source(), "bots": bots}


def _duel_json(duel: MeasuredDuel) -> dict[str, Any]:
    return {
        "bot": duel.top,
        "against": duel.bottom,
        "unit": duel.unit,
        "deals": duel.deals,
        "games": duel.games,
        "share": duel.share,
        "interval": [duel.low, duel.high],
        "difference": duel.difference,
        "difference_se": duel.difference_se,
        "hands": duel.hands,
        "points_a_hand": duel.margin,
        "points_a_hand_se": duel.margin_se,
        "partner": duel.partner,
    }


COMMAND = Command(
    name="bots",
    summary="the games' bots, with what a decision costs each and how strong it is",
    description="List the bots of a game (of every game without --game) by the names the "
    "other commands take (play, "
    "simulate, serve), each with its process time a decision and its measured strength "
    "against greedy and careful on paired deals, in the game's unit (whole matches under "
    "every game's default rules), with the points a hand beside.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 bots\n  scala40 bots --game chinchon --json",
)
"""The ``bots`` command."""

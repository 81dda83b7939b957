"""``scala40 rules``: a game's ruleset presets, or every option of one.

>>> from scala40.cli import main
>>> main(["rules", "--game", "rumino"])  # doctest: +ELLIPSIS
Rumino: ...
0
"""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import json
import re
import textwrap
from typing import Any

from scala40.cli.common import add_json_option, option_text, preset_name
from scala40.commands import EXIT_OK, HELP_WIDTH, Command, add_game_option, chosen_game
from scala40.game import DEFAULT_GAME, Game

__all__ = ["COMMAND", "option_descriptions"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "preset",
        nargs="?",
        metavar="PRESET",
        help="list every option of this preset; without it, list the presets",
    )
    add_game_option(parser)
    add_json_option(parser)


def _run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    ruleset_type = game.ruleset_type
    standard_name = ruleset_type.DEFAULT_PRESET
    standard = ruleset_type.default()
    if args.preset is None:
        if game.name != DEFAULT_GAME:
            print(f"{game.title}: {game.summary}")
            print()
        for number, (preset, rules) in enumerate(ruleset_type.presets().items()):
            if number:
                print()
            differences = rules.differences(standard)
            if not differences:
                print(f"{preset}: every option at its default")
                continue
            print(f"{preset}: differs from {standard_name} in")
            rows = [
                (option, option_text(value), ruleset_type.option_rule(option))
                for option, (value, _) in differences.items()
            ]
            option_width = max(len(option) for option, _, _ in rows)
            value_width = max(len(value_text) for _, value_text, _ in rows)
            for option, value_text, rule in rows:
                print(f"  {option:<{option_width}}  {value_text:<{value_width}}  ({rule})")
        print()
        print(f"Run '{_rules_command(game)}' to list every option of a preset.")
        return EXIT_OK
    name: str = preset_name(args.preset, game)
    options: dict[str, Any] = ruleset_type.preset(name).options()
    described = option_descriptions(ruleset_type)
    if args.json:
        listing = {
            option: {
                "value": ruleset_type.preset(name).to_dict()["options"][option],
                "rule": ruleset_type.option_rule(option),
                "description": described.get(option, ""),
                "standard": options[option] == getattr(standard, option),
            }
            for option in ruleset_type.option_names()
        }
        print(json.dumps({"game": game.name, "preset": name, "options": listing}))
        return EXIT_OK
    rows = [("option", "value", "rule")] + [
        (option, option_text(options[option]), ruleset_type.option_rule(option))
        for option in ruleset_type.option_names()
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    print(f"preset: {name}")
    for index, (option, value_text, rule) in enumerate(rows):
        line = f"{option:<{widths[0]}}  {value_text:<{widths[1]}}  {rule:<{widths[2]}}"
        default = getattr(standard, option) if index else None
        if index and options[option] != default:
            line += f"  ({standard_name}: {option_text(default)})"
        print(line.rstrip())
        if index and described.get(option):
            print(textwrap.fill(described[option], HELP_WIDTH, initial_indent="    ",
                                subsequent_indent="    "))  # fmt: skip
    return EXIT_OK


_RULE_NOTE = re.compile(r"\s*\([A-Z0-9]+-[A-Z0-9-]+(?:[,;]? ?(?:and )?[A-Z0-9]+-[A-Z0-9-]+)*\)")


def option_descriptions(ruleset_type: type) -> dict[str, str]:
    """Each option's description: the first paragraph of the docstring under its field in
    the ruleset's class, in plain words (reST markup and rule IDs left out: the rule has
    its column). Empty when the source can't be read.

    >>> from scala40 import Ruleset
    >>> from scala40.cli.rules import option_descriptions
    >>> option_descriptions(Ruleset)["jokers"]
    'Jokers added to the two French packs: 4 gives 108 cards, 2 gives 106.'
    """
    found: dict[str, str] = {}
    for klass in reversed(ruleset_type.__mro__):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for field, after in itertools.pairwise(body):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                paragraph = inspect.cleandoc(after.value.value).split("\n\n")[0]
                words = " ".join(paragraph.split()).replace("``", "")
                words = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", words)
                found[field.target.id] = _RULE_NOTE.sub("", words)
    return found


def _rules_command(game: Game) -> str:
    # --game is an option of the subcommand: it comes after it.
    return "scala40 rules PRESET" + ("" if game.name == DEFAULT_GAME else f" --game {game.name}")


COMMAND = Command(
    name="rules",
    summary="list the ruleset presets, or every option of one",
    description="Without PRESET, list the presets and how each differs from the official "
    "rules. With PRESET, list every option, its value and the rule it implements.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 rules\n  scala40 rules classic",
)
"""The ``rules`` command."""

"""How the terminal game looks: red hearts and diamonds, red errors, suits as symbols,
and player-facing reasons without rule IDs.

Colour is used only on a terminal, and never when the ``NO_COLOR`` environment variable
is set to anything but the empty string (https://no-color.org), or ``TERM`` is ``dumb``.

>>> from scala40.cli.style import Style, in_words
>>> plain = Style(colour=False, unicode=True)
>>> plain.cards("Hand 1: P1 closes with 7H 8H JK=9H, 10D left")
'Hand 1: P1 closes with 7♥ 8♥ JK=9♥, 10♦ left'
>>> Style(colour=True, unicode=False).cards("7H 7S")
'\\x1b[31m7H\\x1b[0m 7S'
>>> in_words("draw: the stock is empty (S40-RESTOCK, S40-DRAW)")
'draw: the stock is empty'
"""

from __future__ import annotations

import os
import re
from typing import TextIO

import attrs

from scala40.cards import CARD_SYMBOLS, parse_card

__all__ = ["Style", "colour_chosen", "colour_wanted", "in_words"]

RED = "\033[31m"
RESET = "\033[0m"

# A card in the notation as the game prints it: 7H, 10D, QS, JK, or with a suit symbol.
_CARD = re.compile(r"(?<![\w=♠♥♦♣])(?:(?:10|[2-9AJQK])[SHDC]|JK)(?![\w♠♥♦♣])")
_RED_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:(?:10|[2-9AJQK])[HD♥♦]|[♥♦](?:10|[2-9AJQK]))(?![\w])")
# "(S40-OPEN)", "(SK-MELDS, C-WILD)": rule IDs, for the docs and --verbose only.
_RULE_IDS = re.compile(
    r"\s*\((?:[A-Z0-9]+-[A-Z0-9-]*[A-Z0-9])(?:(?:, | and |; )[A-Z0-9]+-[A-Z0-9-]*[A-Z0-9])*\)"
)


def colour_wanted(stream: TextIO) -> bool:
    """Whether to colour what goes to ``stream``: a terminal, ``NO_COLOR`` unset or
    empty, ``TERM`` not ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def colour_chosen(choice: str, stream: TextIO) -> bool:
    """Whether to colour what goes to ``stream`` under ``--color`` ``choice``: ``always``
    and ``never`` say so (over ``NO_COLOR``: the command line is the user's latest word),
    ``auto`` asks :func:`colour_wanted`.

    >>> import io
    >>> from scala40.cli.style import colour_chosen
    >>> colour_chosen("always", io.StringIO()), colour_chosen("auto", io.StringIO())
    (True, False)
    """
    if choice == "always":
        return True
    if choice == "never":
        return False
    return colour_wanted(stream)


def in_words(message: str) -> str:
    """``message`` without the rule IDs in parentheses that end its clauses."""
    return _RULE_IDS.sub("", message)


@attrs.frozen
class Style:
    """Colour on or off, and suits as symbols or letters."""

    colour: bool
    unicode: bool

    def cards(self, line: str) -> str:
        """``line`` with its cards' suits as symbols (if ``unicode``) and its red cards
        in red (if ``colour``)."""
        if self.unicode:
            line = _CARD.sub(lambda found: _symbol(found.group()), line)
            line = re.sub(
                r"(?<==)(?:10|[2-9AJQK])[SHDC](?![\w])", lambda f: _symbol(f.group()), line
            )
        if self.colour:
            line = _RED_CARD.sub(lambda found: f"{RED}{found.group()}{RESET}", line)
        return line

    def error(self, message: str) -> str:
        """An error line as the game shows it: ``error: ...``, in red with colour."""
        text = f"error: {message}"
        return f"{RED}{text}{RESET}" if self.colour else text


def _symbol(card_text: str) -> str:
    return CARD_SYMBOLS[parse_card(card_text)]

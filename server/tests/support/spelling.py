"""What a player reads must spell cards as the web table's page does (``Q♣``, ``4♣``;
a Spanish pack's by their names), never in the notation (``QC``), which is for programs:
the finder of cards left in the notation in a player's text, for the tests of the
pictures and of the page."""

from __future__ import annotations

import html
import re

from scala40.cards import CARD_SYMBOLS, parse_card, spanish_card_name

__all__ = ["CODE", "codes_in", "svg_texts"]

CODE = re.compile(r"(?<![\w=#-])(?:10|[2-9AJQK])[SHDC](?![\w])")
"""A card in the notation inside a text (the joker's ``JK`` is the page's spelling too)."""
_GLOSS = re.compile(r"([a-zíó]+ de [a-z]+|(?:10|[2-9AJQK])[♠♥♦♣]) \(((?:10|[2-9AJQK])[SHDC])\)")
"""A card's name with its notation after it, as the cards' titles gloss it ("sota de
oros (JD)", "A♠ (AS)"): the name is what the player reads."""
_SVG_TEXT = re.compile(
    r"<text[^>]*>(.*?)</text>|<title>(.*?)</title>|aria-label=\"([^\"]*)\"", re.S
)


def _names(code: str) -> tuple[str, ...]:
    """The names a player reads a card by: its symbol form, and its Spanish name."""
    card = parse_card(code)
    return (CARD_SYMBOLS[card], spanish_card_name(card) if not code.startswith("10") else "")


def codes_in(text: str) -> list[str]:
    """The cards ``text`` spells in the notation, a name's gloss aside."""
    unglossed = _GLOSS.sub(
        lambda found: found[1] if found[1] in _names(found[2]) else found[0], text
    )
    return CODE.findall(unglossed)


def svg_texts(svg: str) -> list[str]:
    """What a picture says: its lines of text, its titles and its labels."""
    return [
        html.unescape(next(part for part in found.groups() if part is not None))
        for found in _SVG_TEXT.finditer(svg)
    ]

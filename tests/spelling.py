"""What a player reads must spell cards as the web table's page does (``Q♣``, ``4♣``;
a Spanish pack's by their names), never in the notation (``QC``), which is for programs:
the finder of cards left in the notation in a player's text, for the tests of the
pictures and of the page."""

from __future__ import annotations

import html
import re

from scala40.cards import spanish_card_name

__all__ = ["CODE", "codes_in", "svg_texts"]

CODE = re.compile(r"(?<![\w=#-])(?:10|[2-9AJQK])[SHDC](?![\w])")
"""A card in the notation inside a text (the joker's ``JK`` is the page's spelling too)."""
_GLOSS = re.compile(r"([a-zíó]+ de [a-z]+) \(((?:[2-9AJQK])[SHDC])\)")
"""A Spanish card's name with its notation after it, as the page and the cards' titles
gloss it ("sota de oros (JD)"): the name is what the player reads."""
_SVG_TEXT = re.compile(
    r"<text[^>]*>(.*?)</text>|<title>(.*?)</title>|aria-label=\"([^\"]*)\"", re.S
)


def codes_in(text: str) -> list[str]:
    """The cards ``text`` spells in the notation, a Spanish name's gloss aside."""
    unglossed = _GLOSS.sub(
        lambda found: found[1] if spanish_card_name(found[2]) == found[1] else found[0], text
    )
    return CODE.findall(unglossed)


def svg_texts(svg: str) -> list[str]:
    """What a picture says: its lines of text, its titles and its labels."""
    return [
        html.unescape(next(part for part in found.groups() if part is not None))
        for found in _SVG_TEXT.finditer(svg)
    ]

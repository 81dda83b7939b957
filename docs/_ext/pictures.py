"""The ``picture`` directive: a picture drawn by the library's own drawing functions when
the documentation is built, inline in the page, with a caption.

.. code-block:: rst

   .. picture:: meld JK 8S 9S

      A sequence with a joker: the joker stands for 7♠.

   .. picture:: meld KS AS 2S

      Refused: the engine's reason is added to the caption.

   .. picture:: cards AS 2S 3S 4S 5S 6S 7S JS QS KS
      :game: chinchon

   .. picture:: table 5S 6S 7S / 9H 9D 9C

   .. picture:: view scala40
      :seed: 1

The first word says what is drawn: a ``meld`` (checked under the game's standard rules:
a wild card's value written ``JK=7C`` as in moves; a meld the rules refuse is drawn
as its cards, and the caption ends with the engine's reason, so the page cannot claim a verdict the engine does not give), ``cards`` (a row,
in the game's pack), a ``table`` of melds separated by ``/``, or seat 0's ``view`` of a
game's deal. ``:game:`` chooses the game (its pack and meld rules; ``scala40`` by
default).

Every picture of these pages (the walkthroughs' too) goes through :func:`picture_node`:
it scales to the width of the page, and a picture too wide to be read at a phone's width
keeps a readable width and scrolls sideways in a box that says so.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import scala40
from scala40 import check_meld, parse_cards
from scala40.drawing import cards_svg, meld_svg, table_svg, view_svg
from scala40.errors import InvalidMeldError
from scala40.game import load_game
from scala40.melds import Meld

WIDE = 480
"""Pictures wider than this many pixels shrink no narrower than it: on a narrower screen
they scroll sideways, in a box marked as scrolling, rather than shrink past reading."""

_WIDTH = re.compile(r'<svg[^>]* width="(\d+)"')
_LIBRARY = Path(scala40.__file__).resolve().parent


def depend_on_the_library(directive: SphinxDirective) -> None:
    """Read the directive's page again whenever the library's code changes, not only
    when the page does: an incremental build draws with today's library too."""
    for path in sorted(_LIBRARY.rglob("*.py")):
        directive.env.note_dependency(str(path))


def picture_node(svg: str) -> nodes.raw:
    """The picture as the HTML builders show it (other builders leave it out): scaled to
    the width of the page, or for a wide picture no narrower than :data:`WIDE` pixels in
    a sideways-scrolling box."""
    found = _WIDTH.search(svg)
    if found is None:
        raise ExtensionError("a picture without a width")
    width = int(found.group(1))
    if width <= WIDE:
        html = f'<div class="s40-picture">{svg}</div>'
    else:
        # Focusable, so that a keyboard scrolls it too; the label says what it holds.
        html = (
            f'<div class="s40-picture s40-wide" tabindex="0" role="region" '
            f'aria-label="a wide picture: scroll sideways">{svg}</div>'
        )
    return nodes.raw("", html, format="html")


def _meld(text: str, rules: Any) -> Meld:
    """The meld ``text`` writes, a wild card's value given as ``JK=7C`` as in moves."""
    cards, stands_for = [], []
    for token in text.split():
        card, _, value = token.partition("=")
        cards += parse_cards(card)
        stands_for += parse_cards(value) if value else []
    return check_meld(tuple(cards), rules, joker_as=tuple(stands_for) or None)


class Picture(SphinxDirective):
    """Draw one picture with the library (see the module's description)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {  # noqa: RUF012 - docutils reads a class attribute
        "game": directives.unchanged,
        "seed": directives.nonnegative_int,
        "players": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        depend_on_the_library(self)
        kind, _, rest = self.arguments[0].partition(" ")
        game = load_game(self.options.get("game", "scala40"))
        rules = game.ruleset_type.default()
        pack = "spanish" if rules.deck.name.startswith("spanish") else "french"
        verdict = ""
        if kind == "meld":
            try:
                svg = meld_svg(_meld(rest, rules.meld_rules))
            except InvalidMeldError as error:
                # The cards as written, without the values their wild cards were given.
                written = " ".join(token.partition("=")[0] for token in rest.split())
                svg = cards_svg(written, pack=pack)
                verdict = str(error).partition(" is not a meld: ")[2] or str(error)
        elif kind == "cards":
            svg = cards_svg(rest, pack=pack)
        elif kind == "table":
            melds = [_meld(part, rules.meld_rules) for part in rest.split("/")]
            svg = table_svg(melds)
        elif kind == "view":
            players = self.options.get("players", game.default_players)
            state = game.new_game(players=players, seed=self.options.get("seed", 1))
            svg = view_svg(state.view(0))
        else:
            raise self.error(f"picture: draws a meld, cards, a table or a view, not {kind!r}")
        figure = nodes.container(classes=["s40-figure"])
        figure += picture_node(svg)
        caption = nodes.container(classes=["s40-caption"])
        self.state.nested_parse(self.content, self.content_offset, caption)
        if verdict:
            caption += nodes.paragraph("", f"Refused by the rules: {verdict}.")
        if caption.children:
            figure += caption
        return [figure]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("picture", Picture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

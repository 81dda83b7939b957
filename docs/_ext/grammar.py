"""The ``position-grammar`` directive: the table of a game's position text, made from the
game's own grammar (:func:`scala40.notation.grammar`) when the documentation is built,
so that the page cannot drift from the code.

.. code-block:: rst

   .. position-grammar:: chinchon
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from scala40.game import load_game
from scala40.notation import grammar


def _cell(text: str) -> str:
    return " ".join(text.split())


class PositionGrammar(SphinxDirective):
    """A list-table of the fields of one game's position text, in order."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = load_game(self.arguments[0])
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 14 18 38 30",
            "",
            "   * - Field",
            "     - Key",
            "     - What it holds",
            "     - How it is written",
        ]
        for row in grammar(game):
            place = f"``{row.place}``" if row.place.endswith("=") else row.place
            holds = row.doc
            if not row.in_view:
                holds += " (not in a view's text)"
            written = row.spelling
            if row.default == "always written" or (
                row.default and row.default.startswith("empty")
            ):
                written += f"; {row.default}"
            elif row.default is not None:
                written += f"; left out when ``{row.default}``"
            lines += [
                f"   * - {place}",
                f"     - ``{row.key}``",
                f"     - {_cell(holds)}",
                f"     - {_cell(written)}",
            ]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source="position-grammar"), self.content_offset, container
        )
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("position-grammar", PositionGrammar)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

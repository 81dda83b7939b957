"""The ``position-grammar`` and ``move-verbs`` directives: the table of a game's position
text, made from the game's own grammar (:func:`scala40.notation.grammar`), and the
table of its moves' verbs, made from its move set (:attr:`scala40.game.Game.move_set`),
when the documentation is built, so that the page cannot drift from the code.

.. code-block:: rst

   .. position-grammar:: chinchon
   .. move-verbs:: chinchon
"""

from __future__ import annotations

import inspect
from typing import Any

import attrs
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


class MoveVerbs(SphinxDirective):
    """A list-table of one game's move kinds: the verb, the fields, what the move does
    (the first paragraph of the kind's docstring), in the move set's order."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = load_game(self.arguments[0])
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 12 22 66",
            "",
            "   * - Verb",
            "     - Fields",
            "     - What the move does",
        ]
        for kind in game.move_set.kinds:
            fields = ", ".join(f"``{field.name}``" for field in attrs.fields(kind)) or "none"
            doc = (inspect.getdoc(kind) or "").split("\n\n")[0]
            lines += [
                f"   * - ``{kind.verb}``",
                f"     - {fields}",
                f"     - {_cell(doc)}",
            ]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source="move-verbs"), self.content_offset, container
        )
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("position-grammar", PositionGrammar)
    app.add_directive("move-verbs", MoveVerbs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""The ``position-grammar``, ``move-verbs`` and ``ruleset-options`` directives: the table
of a game's position text, made from the game's own grammar
(:func:`scala40.notation.grammar`), the table of its moves' verbs, made from its move set
(:attr:`scala40.game.Game.move_set`), and the table of its ruleset's options, made from
their declarations (each option's type, range, default, rule and docstring), when the
documentation is built, so that the page cannot drift from the code: an option added to
a ruleset is on the page the day it is declared.

.. code-block:: rst

   .. position-grammar:: chinchon
   .. move-verbs:: chinchon
   .. ruleset-options:: scala40
"""

from __future__ import annotations

import enum
import inspect
from typing import Any

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

from scala40.game import load_game
from scala40.notation import grammar
from scala40.rulesets import OptionKind, option_kinds


def _cell(text: str) -> str:
    return " ".join(text.split())


class _Table(SphinxDirective):
    """A directive that writes one list-table about the game it names: its columns'
    headings and widths, and a row of cells (reStructuredText) per thing described."""

    required_arguments = 1
    columns: tuple[tuple[str, int], ...] = ()

    def rows(self) -> list[list[str]]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        widths = " ".join(str(width) for _, width in self.columns)
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
        for row in [[heading for heading, _ in self.columns], *self.rows()]:
            lines += [f"   {'*' if not index else ' '} - {cell}" for index, cell in enumerate(row)]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=self.name), self.content_offset, container
        )
        return list(container.children)


class PositionGrammar(_Table):
    """A list-table of the fields of one game's position text, in order."""

    columns = (("Field", 14), ("Key", 18), ("What it holds", 38), ("How it is written", 30))

    def rows(self) -> list[list[str]]:
        game = load_game(self.arguments[0])
        rows = []
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
            rows.append([place, f"``{row.key}``", _cell(holds), _cell(written)])
        return rows


class MoveVerbs(_Table):
    """A list-table of one game's move kinds: the verb, the fields, what the move does
    (the first paragraph of the kind's docstring), in the move set's order."""

    columns = (("Verb", 12), ("Fields", 22), ("What the move does", 66))

    def rows(self) -> list[list[str]]:
        rows = []
        for kind in load_game(self.arguments[0]).move_set.kinds:
            fields = ", ".join(f"``{field.name}``" for field in attrs.fields(kind)) or "none"
            doc = (inspect.getdoc(kind) or "").split("\n\n")[0]
            rows.append([f"``{kind.verb}``", fields, _cell(doc)])
        return rows


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"``{type(value).__name__}.{value.name}``"
    return f"``{value!r}``"


def _values_text(kind: OptionKind) -> str:
    """The values an option takes, as its declaration says."""
    if kind.kind == "bool":
        text = "``True``, ``False``"
    elif kind.kind == "choice":
        assert kind.enum is not None
        text = ", ".join(f"``{member.value!r}``" for member in kind.enum)
    elif kind.choices:
        text = ", ".join(f"``{choice!r}``" for choice in kind.choices)
    else:
        low = "" if kind.low is None else f"{kind.low:,}"
        high = "" if kind.high is None else f"{kind.high:,}"
        span = f"{low} to {high}" if low and high else f"{low} or more" if low else "any"
        text = f"{span} (integers)" if kind.kind == "int" else f"up to {kind.most_items} of {span}"
    return f"{text}, or ``None``" if kind.optional else text


def _option_doc(ruleset: type, name: str) -> str:
    """The first paragraph of the docstring under an option's declaration, in the class
    that declares it (a ruleset may inherit options)."""
    for owner in ruleset.__mro__:
        if name not in getattr(owner, "__annotations__", {}):
            continue
        lines = (
            ModuleAnalyzer.for_module(owner.__module__)
            .find_attr_docs()
            .get((owner.__qualname__, name), [])
        )
        paragraph: list[str] = []
        for line in lines:
            if not line.strip():
                break
            paragraph.append(line.strip())
        return " ".join(paragraph)
    return ""


class RulesetOptions(_Table):
    """A list-table of one game's ruleset options, in declaration order: the name, the
    default, the values the declaration allows, the rule and what the option does (the
    first paragraph of the field's docstring)."""

    columns = (("Option", 24), ("Default", 12), ("Values", 18), ("Rule", 12), ("What it does", 34))

    def rows(self) -> list[list[str]]:
        ruleset = load_game(self.arguments[0]).ruleset_type
        default = ruleset()
        rows = []
        for kind in option_kinds(ruleset):
            meaning = _option_doc(ruleset, kind.name)
            if not meaning:
                raise self.error(f"option {kind.name} of {ruleset.__name__} has no docstring")
            rows.append(
                [
                    f"``{kind.name}``",
                    _value_text(getattr(default, kind.name)),
                    _values_text(kind),
                    ruleset.option_rule(kind.name) or "-",
                    _cell(meaning),
                ]
            )
        return rows


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("position-grammar", PositionGrammar)
    app.add_directive("move-verbs", MoveVerbs)
    app.add_directive("ruleset-options", RulesetOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""The ``server-limits`` directive: the table of the web table server's limits, made from
:class:`scala40_server.web.limits.ServerLimits` when the documentation is built (each field's
``scala40 web`` option, its default and its docstring), so that the page cannot drift
from the code: a limit added to the server is on the page the day it is declared.

.. code-block:: rst

   .. server-limits::
"""

from __future__ import annotations

from typing import Any

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

from scala40_server.web.limits import DAY, ServerLimits

OPTIONS = {"allowed_origins": "--allow-origin"}
"""The fields whose ``scala40 web`` option is not the field's name with dashes."""


def _default(name: str, value: object) -> str:
    """A limit's default as the page says it, with its unit (read from its name)."""
    if isinstance(value, tuple):
        return "none" if not value else ", ".join(f"``{item}``" for item in value)
    if not isinstance(value, (int, float)):
        return f"``{value!r}``"
    if name.endswith("_seconds_per_minute"):
        return f"{value:g} s a minute"
    if name.endswith("_per_minute"):
        return f"{value:g} a minute"
    if name.endswith("_seconds"):
        if value >= DAY and value % DAY == 0:
            days = int(value // DAY)
            return "a day" if days == 1 else f"{days} days"
        return f"{value:g} s"
    return f"{value:,}"


class ServerLimitsTable(SphinxDirective):
    """A list-table of the server's limits, in declaration order: the option and the
    field, the default, and what the limit is (the field's docstring)."""

    def run(self) -> list[nodes.Node]:
        docs = ModuleAnalyzer.for_module(ServerLimits.__module__).find_attr_docs()
        defaults = ServerLimits()
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 38 12 50",
            "",
            "   * - Option (``ServerLimits`` field)",
            "     - Default",
            "     - What it is",
        ]
        for field in attrs.fields(ServerLimits):
            doc = docs.get((ServerLimits.__name__, field.name))
            if not doc:
                raise self.error(f"ServerLimits.{field.name} has no docstring")
            option = OPTIONS.get(field.name, "--" + field.name.replace("_", "-"))
            lines += [
                f"   * - ``{option}`` (``{field.name}``)",
                f"     - {_default(field.name, getattr(defaults, field.name))}",
                f"     - {' '.join(' '.join(doc).split())}",
            ]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=self.name), self.content_offset, container
        )
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("server-limits", ServerLimitsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

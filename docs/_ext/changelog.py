"""A Sphinx directive that renders the project's CHANGELOG.md (Keep a Changelog).

The changelog is written in Markdown, the format its readers on the repository and the
package index expect; the documentation shows it as a page of its own. The directive
reads the subset Keep a Changelog uses (headings ``##``/``###``, ``-`` items with their
continuation lines, inline code and links) and hands reST to Sphinx, so no Markdown
parser is needed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
_CODE = re.compile(r"`([^`]+)`")
_UNDERLINES = {2: "-", 3: "~"}


def _inline(text: str) -> str:
    """Markdown's inline code and links as reST (an inline literal next to a letter, as in
    ``GameState``\\ s, gets the escaped space reST needs there)."""
    parts: list[str] = []
    position = 0
    for match in _CODE.finditer(text):
        start, end = match.span()
        parts.append(_links(text[position:start]))
        before = "\\ " if start and text[start - 1].isalnum() else ""
        after = "\\ " if end < len(text) and text[end].isalnum() else ""
        parts.append(f"{before}``{match.group(1)}``{after}")
        position = end
    parts.append(_links(text[position:]))
    return "".join(parts)


def _links(text: str) -> str:
    return _LINK.sub(lambda match: f"`{match.group(1)} <{match.group(2)}>`__", text)


def to_rest(markdown: str) -> list[str]:
    """The reST lines of a Keep a Changelog file, without its top-level title."""
    lines: list[str] = []
    for raw in markdown.splitlines():
        heading = re.match(r"^(#{1,3}) (.*)$", raw)
        if heading:
            level = len(heading.group(1))
            if level == 1:
                continue  # the page has its own title
            title = heading.group(2).replace("[", "").replace("]", "")
            lines.extend(["", title, _UNDERLINES[level] * len(title), ""])
        elif raw.startswith("- "):
            lines.append("* " + _inline(raw[2:]))
        elif raw.startswith("  ") and lines and raw.strip():
            lines.append("  " + _inline(raw.strip()))
        else:
            lines.append(_inline(raw))
    return lines


class MarkdownChangelog(SphinxDirective):
    """``.. markdown-changelog:: PATH``: the changelog at PATH, relative to this file."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        source = Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]
        self.env.note_dependency(str(source.resolve()))
        text = source.read_text(encoding="utf-8")
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(to_rest(text), str(source)), container)
        return list(container.children)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("markdown-changelog", MarkdownChangelog)
    return {"version": "1", "parallel_read_safe": True}

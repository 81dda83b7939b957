"""The ``skarney-endgame`` directive: the tables of Skarney's endgame study, made from the
figures ``python benchmarks/bench_endgame.py --summary`` wrote
(``benchmarks/skarney_endgame.json``) when the documentation is built, so that the page
says what the benchmark measured and nothing else.

.. code-block:: rst

   .. skarney-endgame:: kinds
   .. skarney-endgame:: piles
   .. skarney-endgame:: margins
   .. skarney-endgame:: source
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

SUMMARY = Path(__file__).resolve().parents[2] / "benchmarks" / "skarney_endgame.json"

KIND_NAMES = {
    "offer": "which card to offer",
    "accept": "accept or decline an offer",
    "meld": "meld or extend, or keep the cards",
    "exchange": "take a wild card by an exchange, or not",
    "out": "go out, or keep the cards",
    "contract": "put down the contract, or wait",
    "searched": "**the kinds searched, together**",
}


def _points(mean: float, error: float) -> str:
    return f"{mean:+.1f} ({error:.1f})"


def load_summary() -> dict[str, Any]:
    """The study's figures (see the module)."""
    data: dict[str, Any] = json.loads(SUMMARY.read_text(encoding="utf-8"))
    return data


class SkarneyEndgame(SphinxDirective):
    """A list-table of the study: by kind of decision (``kinds``), or, for the kinds the
    search plays, by the cards left in the pile (``piles``) or by the margin a departure
    must clear (``margins``); or the commands that measured it (``source``)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        data = load_summary()
        which = self.arguments[0]
        if which == "kinds":
            rows = [["Decision", "Decisions", "Ceiling", "Search", "Departures", "A hand"]]
            for row in data["by_kind"]:
                if not row["decisions"]:
                    rows.append([KIND_NAMES.get(row["kind"], row["kind"]), "none", "", "", "", ""])
                    continue
                rows.append(
                    [
                        KIND_NAMES.get(row["kind"], row["kind"]),
                        f"{row['decisions']:,}",
                        _points(row["ceiling"], row["ceiling_se"]),
                        _points(row["gain"], row["gain_se"]),
                        f"{row['departures']:.0%}",
                        _points(row["hand"], row["hand_se"]),
                    ]
                )
            widths = "34 12 14 14 12 14"
        elif which == "piles":
            rows = [
                ["Cards in the pile", "Decisions", "Ceiling", "Search", "Departures", "A hand"]
            ]
            for row in data["by_pile"]:
                low, high = row["piles"]
                rows.append(
                    [
                        f"{low} to {high}",
                        f"{row['decisions']:,} ({row['games']} games)",
                        _points(row["ceiling"], row["ceiling_se"]),
                        _points(row["gain"], row["gain_se"]),
                        f"{row['departures']:.0%}",
                        _points(row["hand"], row["hand_se"]),
                    ]
                )
            widths = "22 18 14 14 12 14"
        elif which == "margins":
            rows = [["Confirmed by (s.e.)", "Decisions", "Search", "Departures", "A hand"]]
            for row in data["by_margin"]:
                rows.append(
                    [
                        "none: the best on the choosing worlds"
                        if row["margin"] is None
                        else f"{row['margin']:g}",
                        f"{row['decisions']:,}",
                        _points(row["gain"], row["gain_se"]),
                        f"{row['departures']:.0%}",
                        _points(row["hand"], row["hand_se"]),
                    ]
                )
            widths = "20 16 16 16 16"
        elif which == "source":
            lines = [".. code-block:: console", ""]
            lines += [f"   $ {command}" for command in data["commands"]]
            lines += [
                "   $ python benchmarks/bench_endgame.py --report --journal ... --summary ..."
            ]
            return self._parsed(lines)
        else:
            raise self.error(
                f"skarney-endgame takes 'kinds', 'piles', 'margins' or 'source', got {which!r}"
            )
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
        for row in rows:
            lines += [f"   {'*' if not index else ' '} - {cell}" for index, cell in enumerate(row)]
        return self._parsed(lines)

    def _parsed(self, lines: list[str]) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=self.name), self.content_offset, container
        )
        self.env.note_dependency(str(SUMMARY))
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("skarney-endgame", SkarneyEndgame)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""The ``bot-ceilings`` directive: the table of a game's decision ceilings, made from the
file ``python benchmarks/bench_ceilings.py --write`` writes from its journals
(``docs/_data/ceilings.json``) when the documentation is built, so that the page says
what the benchmark measured and nothing else, and the sentence that adds the kinds up.

.. code-block:: rst

   .. bot-ceilings:: scala40
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from scala40.bots.strength import measured_duels
from scala40.game import load_game

CEILINGS = Path(__file__).resolve().parents[1] / "_data" / "ceilings.json"
"""The file of the measured ceilings."""

KINDS = {
    "open": "open (or wait)",
    "meld": "put a meld down (or hold it)",
    "layoff": "lay off, swap or split (or hold the card)",
    "hold": "hold what could go down (or put it down)",
    "close": "go out (or hold)",
    "take": "take the discard (or draw)",
    "draw": "draw (or take the discard)",
    "knock": "knock (or play on)",
    "discard": "discard (or its next two)",
}
"""What each kind of decision is, as the table names it: the careful bot's move, and the
alternatives in brackets."""

COLUMNS = (
    ("Decision (the alternatives)", 20),
    ("Valued by", 14),
    ("Decisions studied", 9),
    ("A seat's, a hand (of its decisions)", 12),
    ("Ceiling a decision (s.e.)", 12),
    ("Ceiling a hand, a seat (s.e.)", 12),
    ("Picks another move", 8),
    ("A search from the view, on the truth: a decision (s.e.)", 12),
    ("Best fixed alternative (s.e.)", 16),
)

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def ceilings(game: str) -> dict[str, Any] | None:
    """A game's figures in the file, or ``None``."""
    data = json.loads(CEILINGS.read_text(encoding="utf-8"))
    return next((entry for entry in data["games"] if entry["game"] == game), None)


def per_hand(row: dict[str, Any], players: int) -> float:
    """How often a seat meets the row's kind in a hand of its scope (a seat out of the
    match plays no hand)."""
    return row["occurs"] / max(1, row.get("scope_seat_hands", row["scope_hands"] * players))


def _unit(row: dict[str, Any]) -> str:
    if row["unit"] == "match":
        return "the match (points of share), near its end"
    if row["scope"] == "near":
        return "the hand's points, near the end"
    return "the hand's points"


def _view(row: dict[str, Any]) -> str:
    view = row.get("view")
    if not view:
        return "-"
    return f"{view['gain']:+.2f} ({_error(view['se'])}), {view['n']:,} decisions"


def _error(value: float) -> str:
    return "-" if math.isinf(value) else f"{value:.2f}"


def totals(figures: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The ceilings of every kind together, a seat's: in points a hand before the end of a
    match (the rows valued by the hand's points there), and in points of match share a
    match near its end (the rows valued by the match, times the hands near the end a
    match holds); each with its standard error, the kinds taken as independent."""
    players = figures["players"]
    hand = [r for r in figures["rows"] if r["unit"] == "hand" and r["scope"] != "near"]
    match = [r for r in figures["rows"] if r["unit"] == "match"]
    near_hands = figures["near_hands"] / max(1, figures["matches"])
    out = {}
    for label, rows, scale in (("hand", hand, 1.0), ("match", match, near_hands)):
        # A kind whose split loses (it picks on noise) could still gain nothing: none.
        value = sum(max(0.0, r["gain"]) * per_hand(r, players) * scale for r in rows)
        error = math.sqrt(
            sum(
                (r["gain_se"] * per_hand(r, players) * scale) ** 2
                for r in rows
                if not math.isinf(r["gain_se"])
            )
        )
        out[label] = (value, error)
        searched = [r for r in rows if r.get("view") and not math.isinf(r["view"]["se"])]
        if searched:
            view = sum(r["view"]["gain"] * per_hand(r, players) * scale for r in searched)
            view_error = math.sqrt(
                sum((r["view"]["se"] * per_hand(r, players) * scale) ** 2 for r in searched)
            )
            out[label + " view"] = (view, view_error)
    return out


def shown(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows a table shows, in the order of :data:`KINDS`, each kind's hand before its
    match: a kind's hand's points near the end only where it was studied nowhere else."""
    elsewhere = {r["kind"] for r in rows if r["unit"] == "hand" and r["scope"] != "near"}
    kept = [
        r
        for r in rows
        if r["unit"] == "match" or r["scope"] != "near" or r["kind"] not in elsewhere
    ]
    order = list(KINDS)
    return sorted(
        kept,
        key=lambda r: (
            order.index(r["kind"]) if r["kind"] in order else len(order),
            r["unit"] == "match",
        ),
    )


class BotCeilings(SphinxDirective):
    """A list-table of one game's ceilings by kind of decision (see the module)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = load_game(self.arguments[0])
        self.env.note_dependency(str(CEILINGS))
        figures = ceilings(game.name)
        if figures is None:
            raise self.error(f"no ceiling of {game.name} is measured")
        players = figures["players"]
        widths = " ".join(str(width) for _, width in COLUMNS)
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
        rows = [[heading for heading, _ in COLUMNS]]
        for row in shown(figures["rows"]):
            often = per_hand(row, players)
            share = row["occurs"] / max(1, row["scope_decisions"])
            best = max(row["alternatives"].items(), key=lambda item: item[1]["mean"])
            rows.append(
                [
                    KINDS.get(row["kind"], row["kind"]),
                    _unit(row),
                    f"{row['n']:,}",
                    f"{often:.2f} ({share:.1%})",
                    f"{row['gain']:+.2f} ({_error(row['gain_se'])})",
                    f"{row['gain'] * often:+.2f} ({_error(row['gain_se'] * often)})",
                    f"{row['departs']:.0%}",
                    _view(row),
                    f"{best[0]}: {best[1]['mean']:+.2f} ({_error(best[1]['se'])})",
                ]
            )
        for row in rows:
            lines += [f"   {'*' if not index else ' '} - {cell}" for index, cell in enumerate(row)]
        together = totals(figures)
        hand, hand_se = together["hand"]
        text = (
            f"{players} players, {figures['matches']:,} whole matches of the careful bot "
            f"against itself, {figures['hands']:,} hands ({figures['near_hands']:,} of them "
            f"near the end of the match), {figures['decisions']:,} decisions with a choice; "
            f"{_playouts(figures)} play-outs a candidate. All the kinds together (a kind "
            f"whose split loses counted as none), knowing every hand, a seat could gain "
            f"{hand:+.2f} points a hand (s.e. {hand_se:.2f}; upper end of the 95% interval "
            f"{hand + Z95 * hand_se:+.2f}) in the hands before the end of a match"
        )
        if "match" in together and any(r["unit"] == "match" for r in figures["rows"]):
            match, match_se = together["match"]
            text += (
                f", and {match:+.1f} points of match share a match (s.e. {match_se:.1f}) in "
                f"the hands near its end"
            )
        text += "."
        for label, words in (
            ("hand view", "points a hand before the end of a match"),
            ("match view", "points of match share a match near its end"),
        ):
            if label in together:
                value, error = together[label]
                text += (
                    f" The search from the view, at the decisions it was run at, gains "
                    f"{value:+.2f} {words} (s.e. {error:.2f})."
                )
        lines += ["", text]
        duel = next(
            (
                d
                for d in measured_duels(game)
                if d.top == "careful" and d.bottom == "greedy" and d.players == players
            ),
            None,
        )
        if duel is not None:
            lines += [
                "",
                f"For scale: the careful bot gains {duel.margin:+.2f} points a hand on greedy "
                f"and wins {duel.share:.1%} of {duel.games:,} matches against it "
                f"(:ref:`bot-strength`); a duel of 1,000 paired matches sees a bot above "
                f"another where its share is about {0.5 + _smallest_seen(2_000):.1%} or "
                f"more.",
            ]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=self.name), self.content_offset, container
        )
        return list(container.children)


def _smallest_seen(games: int) -> float:
    """How far above one half a share must be for the lower end of its 95% Wilson interval
    over ``games`` to pass one half (to a tenth of a point)."""
    step = 0.001
    share = 0.5
    while True:
        centre = share + Z95 * Z95 / (2 * games)
        margin = Z95 * math.sqrt(share * (1 - share) / games + Z95**2 / (4 * games**2))
        if (centre - margin) / (1 + Z95 * Z95 / games) > 0.5:
            return share - 0.5
        share += step


def _playouts(figures: dict[str, Any]) -> str:
    counts = sorted({row["playouts"] for row in figures["rows"]})
    return " or ".join(str(count) for count in counts)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("bot-ceilings", BotCeilings)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

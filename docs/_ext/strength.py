"""The ``bot-strength`` directive: the table of a game's measured duels, made from the
package's file of them (:mod:`scala40.bots.strength`, written by ``python
benchmarks/bench_ladder.py --strength``) when the documentation is built, so that the
page says what the benchmark measured and nothing else: the same file gives ``scala40
bots`` its figures.

.. code-block:: rst

   .. bot-strength:: scala40
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from scala40.bots import best_bot
from scala40.bots.strength import measured_duels
from scala40.game import load_game

COLUMNS = (
    ("Bot", 10),
    ("Against", 10),
    ("Deals", 8),
    ("Share of the games (95% CI)", 22),
    ("Paired difference", 12),
    ("Points a hand (s.e.)", 14),
    ("Hands won", 10),
    ("CPU a decision in the duel: mean (99.9th percentile)", 14),
)


def _milliseconds(seconds: float) -> str:
    value = seconds * 1000
    return f"{value:.2f}" if value < 10 else f"{value:.0f}"


class BotStrength(SphinxDirective):
    """A list-table of one game's measured duels: the bot, its opponent, the paired
    deals, its share of the games (matches or hands) with the interval, the paired
    difference, the points a hand, the share of the hands won and the process time of its
    decisions."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = load_game(self.arguments[0])
        duels = measured_duels(game)
        if not duels:
            raise self.error(f"no duel of {game.name} is measured")
        widths = " ".join(str(width) for _, width in COLUMNS)
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
        rows = [[heading for heading, _ in COLUMNS]]
        for duel in duels:
            # In a partnership (Skarney's four) the bot's partner is named beside it.
            partner = "" if duel.partner is None else f" (partner ``{duel.partner}``)"
            rows.append(
                [
                    f"``{duel.top}``{partner}",
                    "noisy greedy" if duel.bottom == "noisy" else f"``{duel.bottom}``",
                    f"{duel.deals:,} ({duel.games:,} {duel.games_word})",
                    f"{duel.share:.1%} ({duel.low:.1%} - {duel.high:.1%})",
                    f"{duel.difference * 100:+.1f} (s.e. {duel.difference_se * 100:.1f})",
                    f"{duel.margin:+.2f} ({duel.margin_se:.2f})",
                    f"{duel.hand_share:.1%} of {duel.hands:,}",
                    f"{_milliseconds(duel.decision_mean_s)} ms "
                    f"({_milliseconds(duel.decision_p999_s)} ms)",
                ]
            )
        for row in rows:
            lines += [f"   {'*' if not index else ' '} - {cell}" for index, cell in enumerate(row)]
        best = best_bot(game)
        # Each bot beaten once (Skarney's duels against one bot with two partners).
        above = list(
            dict.fromkeys(duel.bottom for duel in duels if duel.top == best and duel.low > 0.5)
        )
        lines += [
            "",
            f"``best`` in {game.title} is ``{best}``: "
            + (
                f"it beat ``{'``, ``'.join(above)}`` in the game's unit within the time budget."
                if best != "careful"
                else "no bot was measured above the careful bot in the game's unit within "
                "the time budget."
            ),
        ]
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=self.name), self.content_offset, container
        )
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("bot-strength", BotStrength)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

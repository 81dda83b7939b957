"""The ``walkthrough`` directive: one hand of a game, played by the library's greedy bots
when the documentation is built, and shown with the library's own pictures; and
``games-at-a-glance``: each registered game's summary and what a seat sees at its deal.

.. code-block:: rst

   .. walkthrough:: scala40
      :seed: 7
      :players: 2

The pages never hold a hand written by hand: the deal, the first turn, the close and the
scoring are what the engine gives for that seed today, so the text cannot drift from the
rules the library plays. A hand that does not end within :data:`MAX_MOVES` moves fails the
build. Pictures are inline SVG (HTML builders); other builders get the text alone.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import scala40
from scala40.bots import make_bot
from scala40.drawing import last_hand_svg, state_svg, view_svg
from scala40.game import game_names, load_game

MAX_MOVES = 5_000
"""The most moves a walkthrough plays before it gives up on the hand ending."""


_LIBRARY = Path(scala40.__file__).resolve().parent


def _depend_on_the_library(directive: SphinxDirective) -> None:
    # A page that plays the engine is read again whenever the library's code changes,
    # not only when the page does: an incremental build shows today's engine too.
    for path in sorted(_LIBRARY.rglob("*.py")):
        directive.env.note_dependency(str(path))


def _picture(svg: str) -> nodes.raw:
    return nodes.raw("", f'<div class="s40-picture">{svg}</div>', format="html")


def _moves_text(moves: list[str]) -> str:
    return ", then ".join(f"``{move}``" for move in moves)


def _turns(game_name: str, preset: str | None, players: int, seed: int) -> dict[str, Any]:
    """Play one hand with greedy bots: the deal, every turn's moves, and the end."""
    game = load_game(game_name)
    state = game.new_game(preset, players=players, seed=seed)
    bots = [make_bot("greedy", game_name) for _ in range(players)]
    rng = random.Random(seed)
    deal = state
    turns: list[tuple[int, list[str], Any, Any]] = []  # seat, moves, before, after
    for _ in range(MAX_MOVES):
        if state.last_hand is not None or state.is_over:
            break
        seat = state.current_player
        if seat is None:
            state = state.apply(state.legal_moves()[0])
            continue
        if not turns or turns[-1][0] != seat or turns[-1][2].hand_number != state.hand_number:
            turns.append((seat, [], state, state))
        legal = state.legal_moves()
        move = bots[seat].choose(state.view(seat), legal, rng)
        turns[-1][1].append(str(move))
        state = state.apply(move)
        turns[-1] = (seat, turns[-1][1], turns[-1][2], state)
    else:
        raise ExtensionError(f"walkthrough of {game_name}: the hand did not end in {MAX_MOVES}")
    return {"deal": deal, "turns": turns, "end": state}


class Walkthrough(SphinxDirective):
    """Play and show one hand of a game (see the module's description)."""

    required_arguments = 1
    option_spec = {  # noqa: RUF012 - docutils reads a class attribute
        "seed": directives.nonnegative_int,
        "players": directives.positive_int,
        "preset": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        _depend_on_the_library(self)
        game_name = self.arguments[0]
        seed = self.options.get("seed", 1)
        game = load_game(game_name)
        players = self.options.get("players", game.default_players)
        preset = self.options.get("preset")
        played = _turns(game_name, preset, players, seed)
        deal, turns, end = played["deal"], played["turns"], played["end"]
        rules = preset or deal.rules.preset_name() or "standard"
        result: list[nodes.Node] = []

        def para(text: str) -> None:
            parsed, _ = self.parse_inline(text, lineno=self.lineno)
            result.append(nodes.paragraph("", "", *parsed))

        def rubric(text: str) -> None:
            result.append(nodes.rubric(text, text))

        para(
            f"A hand of {game.title} for {players} players under the ``{rules}`` rules, "
            f"dealt from seed {seed} and played by the greedy bot in every seat. The "
            "library plays it and draws it each time these pages are built, so what "
            "follows is what the engine does today."
        )
        rubric("The deal")
        first = turns[0][0]
        para(
            f"Every hand is dealt face down; the pictures show them all face up, as a "
            f"referee sees them. The stock is face down; seat {first} plays first."
        )
        result.append(_picture(state_svg(deal)))
        rubric("A turn")
        seat, moves, _before, after = turns[0]
        para(
            f"Seat {seat} plays {_moves_text(moves)}. This is what seat {seat} sees "
            "afterwards: its own hand, the others face down."
        )
        result.append(_picture(view_svg(after.view(seat))))
        rubric("The close")
        seat, moves, before, _after = turns[-1]
        para(
            f"After {len(turns)} turns, seat {seat} ends the hand with {_moves_text(moves)}. "
            "Before that last turn the table stood like this:"
        )
        result.append(_picture(state_svg(before)))
        rubric("The scoring")
        hand = end.last_hand
        # Partners score as a side: a result then has one entry a side, not a seat.
        unit = "seat" if len(hand.points) == end.player_count else "side"
        points = ", ".join(f"{unit} {i} {p:+d}" for i, p in enumerate(hand.points))
        totals = ", ".join(f"seat {i}: {score}" for i, score in enumerate(end.scores))
        para(f"The hand is scored: {points}. The totals are now {totals}.")
        result.append(_picture(last_hand_svg(end)))
        return result


class GamesAtAGlance(SphinxDirective):
    """Every registered game: its title, its summary and seat 0's view of a deal."""

    def run(self) -> list[nodes.Node]:
        _depend_on_the_library(self)
        result: list[nodes.Node] = []
        for name in game_names():
            game = load_game(name)
            state = game.new_game(players=game.default_players, seed=1)
            parsed, _ = self.parse_inline(
                f":doc:`{game.title} <{name}>` (``{name}``): {game.summary}", lineno=self.lineno
            )
            result.append(nodes.paragraph("", "", *parsed))
            result.append(_picture(view_svg(state.view(0))))
        return result


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("walkthrough", Walkthrough)
    app.add_directive("games-at-a-glance", GamesAtAGlance)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

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
import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from pictures import depend_on_the_library, picture_node
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from scala40.bots import make_bot
from scala40.cards import format_cards
from scala40.drawing import last_hand_svg, state_svg, view_svg
from scala40.game import game_names, load_game
from scala40.texts import text_of

MAX_MOVES = 5_000
"""The most moves a walkthrough plays before it gives up on the hand ending."""


def _moves_text(moves: list[str]) -> str:
    return ", then ".join(f"``{move}``" for move in moves)


def _turns(game_name: str, preset: str | None, players: int, seed: int) -> dict[str, Any]:
    """Play one hand with greedy bots: the deal, every turn's moves, and the end."""
    game = load_game(game_name)
    state = game.new_game(preset, players=players, seed=seed)
    bots = [make_bot("greedy", game_name) for _ in range(players)]
    rng = random.Random(seed)
    deal = last = state
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
        last = state
        state = state.apply(move)
        turns[-1] = (seat, turns[-1][1], turns[-1][2], state)
    else:
        raise ExtensionError(f"walkthrough of {game_name}: the hand did not end in {MAX_MOVES}")
    return {"deal": deal, "turns": turns, "end": state, "last": last}


def _opening(before: Any, after: Any, seat: int) -> str | None:
    """How a turn that opened adds up (S40-OPEN): the melds it laid, their sum, and the
    threshold; ``None`` if the turn did not open (or the game has no opening)."""
    threshold = getattr(before.rules, "opening_threshold", None)
    opened = getattr(before, "opened", None)
    if threshold is None or opened is None or opened[seat] or not after.opened[seat]:
        return None
    values = [meld.value for meld in after.table[len(before.table) :]]
    if not values:
        return None
    total = sum(values)
    added = " + ".join(map(str, values)) + (f" = {total}" if len(values) > 1 else "")
    return (
        f"The melds open seat {seat}: {added} points, at least the {threshold} a first "
        "meld must make (S40-OPEN)."
    )


def _seats(text: str) -> str:
    """A line of the command line's text with its seats named as on this page."""
    return re.sub(r"P(\d+) \(seat \1\)", r"seat \1", text)


def _scoring_lines(game: Any, last: Any, end: Any) -> list[str]:
    """How the hand scored, in the command line's words: who ended it and each seat's
    (or side's) points, with what they come from."""
    names = [f"seat {seat}" for seat in range(end.player_count)]
    lines = [_seats(line).rstrip() for line in text_of(game).events(last, end, names)]
    hand = end.last_hand
    detailed = any(line.startswith("  ") for line in lines)
    if not detailed and game.hand_value is not None:
        # The game's text gives the points alone: show the cards they come from.
        lines = lines[:1]
        closer = getattr(hand, "closer", getattr(hand, "went_out", None))
        for seat, (cards, points) in enumerate(zip(hand.hands, hand.points)):
            if not cards:
                out = "went out, " if seat == closer else ""
                lines.append(f"  seat {seat}: {out}no cards left: {points:+d}")
                continue
            value = game.hand_value(cards, end.rules)
            why = "" if value == points else " (the rules' penalty)"
            lines.append(
                f"  seat {seat}: cards left {format_cards(cards)}, worth {value}: {points:+d}{why}"
            )
    return lines


class Walkthrough(SphinxDirective):
    """Play and show one hand of a game (see the module's description)."""

    required_arguments = 1
    option_spec = {  # noqa: RUF012 - docutils reads a class attribute
        "seed": directives.nonnegative_int,
        "players": directives.positive_int,
        "preset": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        depend_on_the_library(self)
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
        result.append(picture_node(state_svg(deal)))
        rubric("A turn")
        seat, moves, _before, after = turns[0]
        para(
            f"Seat {seat} plays {_moves_text(moves)}. This is what seat {seat} sees "
            "afterwards: its own hand, the others face down."
        )
        opening = _opening(_before, after, seat)
        if opening is not None:
            para(opening)
        result.append(picture_node(view_svg(after.view(seat))))
        rubric("The close")
        seat, moves, before, _after = turns[-1]
        para(
            f"After {len(turns)} turns, seat {seat} ends the hand with {_moves_text(moves)}. "
            "Before that last turn the table stood like this:"
        )
        result.append(picture_node(state_svg(before)))
        rubric("The scoring")
        hand = end.last_hand
        # Partners score as a side: a result then has one entry a side, not a seat.
        unit = "seat" if len(hand.points) == end.player_count else "side"
        points = ", ".join(f"{unit} {i} {p:+d}" for i, p in enumerate(hand.points))
        totals = ", ".join(f"seat {i}: {score}" for i, score in enumerate(end.scores))
        para(f"The hand is scored: {points}. The totals are now {totals}.")
        para("As the command line reports it (``scala40 play``, ``scala40 replay``):")
        block = "\n".join(_scoring_lines(game, played["last"], end))
        result.append(nodes.literal_block(block, block))
        result.append(picture_node(last_hand_svg(end)))
        return result


class GamesAtAGlance(SphinxDirective):
    """Every registered game: its title, its summary and seat 0's view of a deal."""

    def run(self) -> list[nodes.Node]:
        depend_on_the_library(self)
        result: list[nodes.Node] = []
        for name in game_names():
            game = load_game(name)
            state = game.new_game(players=game.default_players, seed=1)
            parsed, _ = self.parse_inline(
                f":doc:`{game.title} <{name}>` (``{name}``): {game.summary}", lineno=self.lineno
            )
            result.append(nodes.paragraph("", "", *parsed))
            result.append(picture_node(view_svg(state.view(0))))
        return result


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("walkthrough", Walkthrough)
    app.add_directive("games-at-a-glance", GamesAtAGlance)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

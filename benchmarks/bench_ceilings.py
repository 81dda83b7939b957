"""How much a better choice could gain at each kind of decision: the ceiling of every
decision kind of the careful bot, valued on the true state, and what a search that reads
only the seat's view keeps of it.

Run it from the repository root::

    python benchmarks/bench_ceilings.py --plan     # the bots page's runs, then its figures
    python benchmarks/bench_ceilings.py scala40 --matches 20 --journal ceilings.jsonl
    python benchmarks/bench_ceilings.py rumino --kinds knock --view-worlds 32 --journal c.jsonl
    python benchmarks/bench_ceilings.py --report ceilings.jsonl
    python benchmarks/bench_ceilings.py --write ceilings.jsonl   # the bots page's figures

The careful bot plays whole matches against itself at the game's default table (two
players in Scala 40, three in Rumino and La Conga), under the default rules, dealt from
the seed and the match's number. At each decision of every seat with a choice, the
decision is sorted into its *kind* (below); at the kinds studied, the careful bot's own
play and its best alternatives (*candidates*, each a plan for the rest of the seat's
turn) are applied to the **true** state, and the hand is played out from each by the
careful bot at every seat, ``--playouts`` times: each play-out shuffles the cards no seat
knows the order of (the stock) and the generator of later shuffles from one seed, the
same for every candidate (common random numbers). A play-out's value is the seat's
margin of the hand in points (the other seats' mean penalty points less its own), and,
near the end of a match (a seat still in it at :data:`NEAR_TOTAL` points or more, where a
hand may eliminate it), also its share of the match: the match played out to its end, or
with ``--match-value table`` (two players) the chance that the careful bot wins from the
totals the hand leaves (:class:`MatchTable`, checked by ``--check-table``).

The ceiling is **split-sample**: a candidate is picked on half of the play-outs (the best
mean, the careful bot's play on a tie) and valued on the other half, against the careful
bot's play on the same play-outs; then the halves swap, and the two values are averaged.
A pick made on noise gains nothing on the other half, so the ceiling is what knowing
every hand, and ``--playouts / 2`` play-outs of it, could gain at that kind of decision:
an evaluation that reads only the seat's view can gain at most this. Its standard error
is taken over the hands (the decisions of one hand are not independent). With
``--view-worlds N`` the same candidates are also compared in N worlds dealt from the
seat's view (:func:`view_pick`), as a search would, and the pick is valued on the truth's
play-outs, which it never saw: what a search from the view keeps of the ceiling.

The kinds, in Scala 40 (S40-TURN):

* ``open``: the careful bot would open (S40-OPEN) and may wait instead. Candidates: open
  (the careful bot's melds), wait (its discard now), open with the melds of most points.
* ``meld``: it has opened and would put a meld down. Candidates: put it down (and the
  rest of its turn), hold this meld for the turn (the rest of the turn without it), hold
  everything (discard now).
* ``layoff``: it has opened and would lay off, swap a joker or split. Candidates: the
  same three.
* ``hold``: it would discard although it could put cards down (a joker it keeps).
  Candidates: the discard, and putting down greedy's first melding move.
* ``close``: it would close this turn (S40-CLOSE). Candidates: close, hold everything.
* ``take``: it would take the top discard (S40-DRAW-DISCARD). Candidates: take, draw.
* ``discard``: it would discard with nothing to put down. Candidates: its three best
  discards.

In Rumino and La Conga (RU-TURN, CH-TURN):

* ``take``: take the top discard or draw (``take`` where the careful bot takes, ``draw``
  where it draws). Candidates: both.
* ``knock`` (Rumino, RU-KNOCK) and ``close`` (La Conga, CH-CLOSE): the careful bot ends the
  hand whenever it may. Candidates: end it, or play on (its draw, or its discard).
* ``discard``: its three best discards.

Which kinds are studied where is the run's (``--kinds``, ``--where``, ``--every``); by
default each game's :data:`STUDIED` kinds in every hand, and every kind near the end of a
match. Every line of the journal (``--journal``) is written as soon as its decision or
hand is played (a line a studied decision: its kind, the candidates and every
play-out's values; a line a search's pick; a line a hand: its decisions with a choice,
by kind), so that a run cut short counts, and a later run with the same file goes on
after the matches it holds, valuing no decision twice. The figures count the matches a
run finished. A hand the careful bot does not end (Rumino and La Conga at three players,
now and then: :class:`FrozenHandError`) leaves its match there, and its decisions out.
Work is bounded (a play-out stops after :data:`MAX_PLAYOUT_MOVES` moves and
:data:`MAX_PLAYOUT_HANDS` hands) and no clock is read: the figures follow from the
arguments alone.

``--write`` turns journals into ``docs/_data/ceilings.json``, from which the bots page
makes its tables of ceilings when it is built; ``--plan`` plays the runs of
:data:`PLAN` that its journal lacks, then writes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ladder import _hand_points

from scala40.bots import make_bot
from scala40.bots.scala40.bots import MonteCarloBot
from scala40.bots.scala40.careful import CarefulBot as Scala40Careful
from scala40.game import load_game
from scala40.games._knock import moves as knock_moves
from scala40.games.scala40 import moves as s40
from scala40.games.scala40.phases import Phase as S40Phase
from scala40.games.scala40.view import PlayerView as Scala40View
from scala40.match import ScoreOrder

MAX_PLAYOUT_MOVES = 600
"""The moves one hand of a play-out may take before it stops, valued as a hand of no
points."""
MAX_PLAYOUT_HANDS = 30
"""The hands a match's play-out may take before it stops, valued as an even share."""
MAX_HAND_MOVES = 600
"""The moves a studied hand may take before the match stops."""
NEAR_TOTAL = 70
"""A hand is *near the end of the match* when a seat still in it has this many points or
more: a lost hand may then eliminate it (Scala 40 at 101, Rumino past 100, La Conga at
100)."""
CANDIDATES = 3
"""The most candidates a decision compares (the careful bot's play among them)."""
TABLE_HANDS = 4_000
"""The first hands of careful self-play whose points make :class:`MatchTable`."""
TABLE_SEED = 87_999
"""Their seed."""
CHECKED_TOTALS = ((80, 30), (60, 90), (90, 90), (40, 70), (0, 0))
"""The totals from which ``--check-table`` plays matches out."""
_HANDS_S40 = ("--kinds", "open,meld,layoff,hold,close,take", "--where", "hands")
_NEAR_S40 = ("--where", "near", "--every", "discard=3", "--match-value", "table")
_EVERY = ("--every", "draw=4,discard=4")
PLAN: tuple[tuple[str, ...], ...] = (
    ("scala40", "--seed", "87101", "--first", "0", "--matches", "26", *_HANDS_S40),
    ("scala40", "--seed", "87101", "--first", "60", "--matches", "28", *_HANDS_S40),
    ("scala40", "--seed", "87101", "--first", "0", "--matches", "25", *_HANDS_S40,
     "--view-worlds", "32"),
    ("scala40", "--seed", "87101", "--first", "60", "--matches", "27", *_HANDS_S40,
     "--view-worlds", "32"),
    ("scala40", "--seed", "87205", "--first", "0", "--matches", "45", *_NEAR_S40,
     "--view-worlds", "32"),
    ("scala40", "--seed", "87205", "--first", "100", "--matches", "32", *_NEAR_S40,
     "--view-worlds", "32"),
    ("scala40", "--seed", "87601", "--check-table", "400"),
    ("laconga", "--seed", "87301", "--matches", "24", "--kinds", "take,draw,close",
     "--where", "hands", "--every", "draw=4"),
    ("laconga", "--seed", "87302", "--matches", "23", "--kinds", "take,draw,close,discard",
     "--where", "hands", *_EVERY),
    ("rumino", "--seed", "87401", "--matches", "50", "--kinds", "take,draw,knock,discard",
     "--where", "hands", *_EVERY),
    ("rumino", "--seed", "87401", "--matches", "25", "--kinds", "take,draw,knock,discard",
     "--where", "hands", *_EVERY, "--view-worlds", "32"),
    ("rumino", "--seed", "87403", "--matches", "25", "--where", "near", *_EVERY),
)  # fmt: skip
"""The runs whose journal the bots page's figures are made from (``--plan``): each
game's usual kinds in every hand but near the end of a match, every kind near it (Scala 40
and Rumino), the searches from the view at some of the same decisions (Scala 40 and
Rumino), and the match table's check. Play-outs: 32 a candidate (the default). They were
run with the careful bots of commit 9c5a127, which play as today's but in a hand that
stalls (long past the hands studied) and in Skarney, which is not studied here."""
PLAN_JOURNAL = "ceilings-deals.jsonl"
"""Where ``--plan`` keeps the lines it played (ignored by git): a run goes on where the
last stopped."""
ORDINALS = ("2nd discard", "3rd discard")
"""The names of the careful bot's next discards, as candidates."""
CEILINGS_FILE = Path(__file__).resolve().parents[1] / "docs" / "_data" / "ceilings.json"
"""The figures the bots page shows (``--write``)."""


# ---------------------------------------------------------------- playing a turn


class TurnPlan:
    """A plan for the rest of the seat's turn: an optional first move, then the careful
    bot's choices among the legal moves ``allow`` keeps (all of them when it keeps
    none)."""

    def __init__(
        self,
        name: str,
        base: Any,
        first: Any = None,
        allow: Callable[[Any], bool] | None = None,
    ) -> None:
        self.name = name
        self.base = base
        self.first = first
        self.allow = allow

    def play(self, state: Any, seat: int) -> Any:
        """``state`` after the seat's turn played by this plan (or the hand's end)."""
        hand = state.hand_number
        first = self.first
        rng = random.Random(0)
        for _ in range(MAX_HAND_MOVES):
            if state.is_over or state.hand_number != hand or state.current_player != seat:
                return state
            legal = list(state.legal_moves())
            if first is not None:
                move, first = first, None
            elif len(legal) == 1:
                move = legal[0]
            else:
                allowed = [m for m in legal if self.allow(m)] if self.allow else legal
                move = self.base.choose(state.view(seat), allowed or legal, rng)
            state = state.apply(move)
        return state


def _key(state: Any) -> tuple[Any, ...]:
    """What tells two turns' results apart."""
    return (
        state.hand_number,
        state.hands,
        tuple(getattr(state, "table", ())),
        state.discard,
        state.phase,
        state.turn,
        state.is_over,
    )


# ---------------------------------------------------------------- Scala 40's kinds


def _s40_uses(move: Any) -> frozenset[int]:
    """The cards of the hand a Scala 40 move puts on the table."""
    if isinstance(move, s40.PutDown):
        return frozenset(move.cards)
    if isinstance(move, (s40.LayOff, s40.SwapJoker)):
        return frozenset((move.card,))
    if isinstance(move, s40.Split):
        return frozenset(move.added)
    return frozenset()


def _s40_melding(move: Any) -> bool:
    return isinstance(move, (s40.PutDown, s40.LayOff, s40.SwapJoker, s40.Split))


def scala40_kind(
    state: Any, seat: int, legal: Sequence[Any], careful: Any
) -> tuple[str, list[TurnPlan]]:
    """The kind of a Scala 40 decision and its candidates (see the module)."""
    view = state.view(seat)
    move = careful.choose(view, legal, random.Random(0))
    discards = [m for m in legal if isinstance(m, s40.Discard)]
    melding = [m for m in legal if _s40_melding(m)]
    own = TurnPlan("careful", careful)
    if isinstance(move, s40.TakeDiscard):
        return "take", [own, TurnPlan("draw", careful, first=s40.DrawStock())]
    if not isinstance(move, (s40.Discard, *(type(m) for m in melding))):
        return move_kind(move), []
    hold_all = TurnPlan("hold all", careful, allow=lambda m: isinstance(m, s40.Discard))
    closing = careful._closing_move(view, legal) if view.phase is S40Phase.PLAY else None
    if closing is not None and closing == move:
        return "close", [own, hold_all] if discards else []
    if isinstance(move, s40.Discard):
        if melding:
            first = careful.ranked(view, melding)[0]
            return "hold", [own, TurnPlan("put down", careful, first=first)]
        ranked = [m for m in careful.ranked(view, legal) if isinstance(m, s40.Discard)]
        plans = [own] + [
            TurnPlan(ORDINALS[rank], careful, first=m)
            for rank, m in enumerate(ranked[1:CANDIDATES])
        ]
        return "discard", plans
    if not discards:
        return "forced meld", []  # the rest of an opening, or a taken card to meld
    held = _s40_uses(move)
    hold_this = TurnPlan("hold this", careful, allow=lambda m: not (_s40_uses(m) & held))
    if not view.opened[seat]:
        value = TurnPlan("open for points", Scala40Careful(criterion="value"))
        return "open", [own, hold_all, value]
    if isinstance(move, s40.PutDown):
        return "meld", [own, hold_this, hold_all]
    return "layoff", [own, hold_this, hold_all]


# ---------------------------------------------------------------- the knock games' kinds


def knock_kind(
    state: Any, seat: int, legal: Sequence[Any], careful: Any
) -> tuple[str, list[TurnPlan]]:
    """The kind of a Rumino, Chinchón or La Conga decision and its candidates."""
    view = state.view(seat)
    move = careful.choose(view, legal, random.Random(0))
    own = TurnPlan("careful", careful)
    knock = [m for m in legal if isinstance(m, knock_moves.Knock)]
    closes = [m for m in legal if isinstance(m, knock_moves.Close)]
    discards = [m for m in legal if isinstance(m, knock_moves.Discard)]
    take = [m for m in legal if isinstance(m, knock_moves.TakeDiscard)]
    draw = [m for m in legal if isinstance(m, knock_moves.DrawStock)]
    if knock and draw:
        return "knock", [
            own,
            TurnPlan("play on", careful, allow=lambda m: not isinstance(m, knock_moves.Knock)),
        ]
    if take and draw:
        other = draw[0] if isinstance(move, knock_moves.TakeDiscard) else take[0]
        name = "take" if isinstance(move, knock_moves.TakeDiscard) else "draw"
        return name, [own, TurnPlan("the other", careful, first=other)]
    if closes and discards:
        if not isinstance(move, knock_moves.Close):
            return "discard (may close)", []
        return "close", [
            own,
            TurnPlan("play on", careful, allow=lambda m: not isinstance(m, knock_moves.Close)),
        ]
    if discards and isinstance(move, knock_moves.Discard):
        ranked = [m for m in careful.ranked(view, legal) if isinstance(m, knock_moves.Discard)]
        return "discard", [own] + [
            TurnPlan(ORDINALS[rank], careful, first=m)
            for rank, m in enumerate(ranked[1:CANDIDATES])
        ]
    return move_kind(move), []


def move_kind(move: Any) -> str:
    """A move's kind, the first word of its text."""
    return str(move).split(" ", 1)[0].lower()


KINDS: dict[str, Callable[[Any, int, Sequence[Any], Any], tuple[str, list[TurnPlan]]]] = {
    "scala40": scala40_kind,
    "rumino": knock_kind,
    "chinchon": knock_kind,
    "laconga": knock_kind,
}
"""Each game's sorting of a decision into its kind, with its candidates."""

STUDIED: dict[str, frozenset[str]] = {
    "scala40": frozenset({"open", "meld", "layoff", "hold", "close", "take"}),
    "rumino": frozenset({"take", "draw", "knock"}),
    "chinchon": frozenset({"take", "draw", "close"}),
    "laconga": frozenset({"take", "draw", "close"}),
}
"""The kinds studied in every hand; ``discard`` is studied near the end of a match too."""


# ---------------------------------------------------------------- play-outs


def near_end(state: Any) -> bool:
    """Whether a seat still in the match has :data:`NEAR_TOTAL` points or more."""
    return any(active and total >= NEAR_TOTAL for total, active in zip(state.scores, state.active))


def _margin(state: Any, seat: int, playing: Sequence[int], order: ScoreOrder) -> float:
    """The seat's margin of the hand just scored: the mean points of the other seats that
    played it (``playing``: a seat already out of the match scores nothing) less its own,
    in the direction the game counts."""
    result = state.last_hand
    if result is None:
        return 0.0
    points = _hand_points(result, state.teams, state.player_count)
    others = [points[other] for other in playing if other != seat]
    margin = sum(others) / len(others) - points[seat]
    return -margin if order is ScoreOrder.HIGH else margin


def _reshuffled(state: Any, seed: int) -> Any:
    """``state`` with its stock in an order drawn from ``seed``, and the generator of its
    later shuffles (restocks, the next hands' deals) seeded from it too."""
    cards = list(state.stock)
    random.Random(seed).shuffle(cards)
    return state.copy_with(stock=tuple(cards), rng=seed & ((1 << 64) - 1))


class MatchTable:
    """The chance that a seat wins a match of two players from the totals at the start of
    a hand, the careful bot playing both seats: a dynamic programme over the totals, each
    hand's points drawn from those of ``hands`` first hands of careful self-play (who
    plays first, who closes, the points of each; a blocked hand scores nothing and
    passes the deal). The next hand's points are taken as independent of the totals (the
    careful bot plays near the elimination score a little otherwise), so that one short
    simulation gives every pair of totals."""

    def __init__(self, name: str, hands: int, seed: int) -> None:
        game = load_game(name)
        rules: Any = game.ruleset_type.default()
        self.target: int = rules.elimination_score
        careful = make_bot("careful", name)
        outcomes: Counter[tuple[int, int]] = Counter()
        for number in range(hands):
            state = game.new_game(rules, 2, seed * 100_003 + number)
            rng = random.Random(0)
            first = None
            for _ in range(MAX_HAND_MOVES):
                if state.hand_number != 1 or state.is_over:
                    break
                legal = list(state.legal_moves())
                if state.is_chance or len(legal) == 1:
                    state = state.apply(legal[0])
                    continue
                mover = state.current_player
                first = mover if first is None else first
                state = state.apply(careful.choose(state.view(mover), legal, rng))
            result = state.last_hand
            if result is None or first is None:
                continue
            outcomes[result.points[first], result.points[1 - first]] += 1
        total = sum(outcomes.values())
        self.outcomes = [(a, b, count / total) for (a, b), count in sorted(outcomes.items())]
        self.table = self._solve()

    def _solve(self) -> dict[tuple[int, int, int], float]:
        """``W[a, b, f]``: the seat at ``a`` points wins against the other at ``b``, the seat
        playing first this hand when ``f`` is 0, the other when 1 (the deal passes every
        hand)."""
        target = self.target
        still = sum(p for a, b, p in self.outcomes if a == 0 and b == 0)
        moving = [(a, b, p) for a, b, p in self.outcomes if a or b]
        table: dict[tuple[int, int, int], float] = {}

        def after(mine: int, other: int, flip: int) -> float:
            if mine >= target and other >= target:
                return 0.5
            if mine >= target:
                return 0.0
            if other >= target:
                return 1.0
            return table[mine, other, flip]

        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                # This hand's points for (the first player, the second), to each seat.
                s0 = sum(p * after(a + x, b + y, 1) for x, y, p in moving)
                s1 = sum(p * after(a + y, b + x, 0) for x, y, p in moving)
                # A hand that scores nothing passes the deal: solve the pair together.
                table[a, b, 0] = (s0 + still * s1) / (1 - still * still)
                table[a, b, 1] = (s1 + still * s0) / (1 - still * still)
        return table

    def value(self, state: Any, seat: int) -> float:
        """The seat's chance of winning the match from ``state`` at the end of a hand."""
        if state.is_over:
            return float(state.returns()[seat])
        while state.is_chance:  # the next deal, to see who plays first
            state = state.apply(next(iter(state.legal_moves())))
        first = 0 if state.current_player == seat else 1
        return self.table[state.scores[seat], state.scores[1 - seat], first]


def check_table(
    name: str, totals: tuple[int, int], matches: int, seed: int, table: MatchTable
) -> dict[str, Any]:
    """Matches of careful self-play from ``totals`` (the first seat's, the other's), played
    to their end: the first seat's share of them beside the table's chance."""
    game = load_game(name)
    rules = game.ruleset_type.default()
    careful = make_bot("careful", name)
    wins = []
    predicted = []
    for number in range(matches):
        state = game.new_game(rules, 2, seed * 100_003 + number).copy_with(scores=totals)
        while state.is_chance:
            state = state.apply(next(iter(state.legal_moves())))
        predicted.append(table.table[totals[0], totals[1], 0 if state.current_player == 0 else 1])
        _, share = play_out(state, careful, 0, state.hand_number, game.score_order, True)
        wins.append(share if share is not None else 0.5)
    share = statistics.fmean(wins)
    return {
        "kind": "table check", "game": name, "seed": seed, "match": list(totals),
        "matches": matches, "share": share,
        "share_se": math.sqrt(share * (1 - share) / matches),
        "table": statistics.fmean(predicted),
    }  # fmt: skip


class FrozenHandError(Exception):
    """A hand the careful bot does not end: every seat keeps what another needs (Rumino
    and La Conga at three players, now and then). Its decisions are not valued (every
    candidate would score the same nothing), and the match is left there."""


def play_out(
    state: Any,
    careful: Any,
    seat: int,
    hand: int,
    order: ScoreOrder,
    whole_match: bool,
    table: MatchTable | None = None,
    playing: Sequence[int] | None = None,
) -> tuple[float, float | None]:
    """The seat's margin at the end of hand ``hand``, played on by ``careful`` at every
    seat, and with ``whole_match`` its share of the match: from the totals after the hand
    by ``table``, or else the match played to its end (a later hand that passes
    :data:`MAX_PLAYOUT_MOVES` moves, or a match that passes :data:`MAX_PLAYOUT_HANDS`
    hands, is an even share).

    ``playing`` are the seats that play hand ``hand`` (default: those still in the match
    in ``state``).

    :raises FrozenHandError: hand ``hand`` passes :data:`MAX_PLAYOUT_MOVES` moves."""
    players = state.player_count
    if playing is None:
        playing = [other for other in range(players) if state.active[other]]
    rng = random.Random(0)
    margin: float | None = None
    hands = 0
    moves = 0
    while True:
        if state.is_over or state.hand_number != hand:
            if margin is None:
                margin = _margin(state, seat, playing, order)
                if not whole_match:
                    return margin, None
                if table is not None:
                    return margin, table.value(state, seat)
            if state.is_over:
                return margin, float(state.returns()[seat])
            hand = state.hand_number
            hands += 1
            moves = 0
            if hands > MAX_PLAYOUT_HANDS:
                return margin, 1.0 / players
        moves += 1
        if moves > MAX_PLAYOUT_MOVES:
            if margin is None:
                raise FrozenHandError(
                    f"a play-out of hand {hand} passed {MAX_PLAYOUT_MOVES} moves"
                )
            return margin, 1.0 / players
        legal = list(state.legal_moves())
        if state.is_chance or len(legal) == 1:
            state = state.apply(legal[0])
            continue
        mover = state.current_player
        state = state.apply(careful.choose(state.view(mover), legal, rng))


def value_plans(
    state: Any,
    seat: int,
    plans: Sequence[TurnPlan],
    careful: Any,
    playouts: int,
    seed: int,
    whole_match: bool,
    table: MatchTable | None = None,
) -> tuple[list[list[float]], list[list[float]] | None]:
    """Every plan's margin (and match share) in each of ``playouts`` play-outs."""
    order = load_game(state.game_name).score_order
    hand = state.hand_number
    playing = [other for other in range(state.player_count) if state.active[other]]
    margins: list[list[float]] = [[] for _ in plans]
    shares: list[list[float]] = [[] for _ in plans]
    for index in range(playouts):
        start = _reshuffled(state, seed * 1_000_003 + index)
        for number, plan in enumerate(plans):
            after = plan.play(start, seat)
            margin, share = play_out(
                after, careful, seat, hand, order, whole_match, table, playing
            )
            margins[number].append(margin)
            if share is not None:
                shares[number].append(share)
    return margins, (shares if whole_match else None)


# ---------------------------------------------------------------- the study


@dataclass
class Study:
    """What a study plays and values (see :func:`study_match`)."""

    playouts: int = 32
    """Play-outs a candidate, on the true state."""
    kinds: frozenset[str] | None = None
    """The kinds studied in every hand (``None``: the game's :data:`STUDIED`, and every
    kind near the end of a match)."""
    where: str = "both"
    """``"both"``, ``"hands"`` (no decision near the end of a match is studied) or
    ``"near"`` (only those are)."""
    every: dict[str, int] = field(default_factory=dict)
    """Kinds of which only one decision in so many is studied (the first, then every so
    many: the commonest kinds, where fewer suffice)."""
    table: MatchTable | None = None
    """Values a decision near the end by the chance of winning the match from the totals
    after the hand; ``None``: by the match played out."""
    view_worlds: int = 0
    """Worlds dealt from the seat's view in which the same candidates are also compared
    (:func:`view_pick`); 0: none."""
    known: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    """Lines a journal holds already (by :func:`_line_key`): a decision valued there is not
    valued again."""


def deal_world(view: Any, seed: int) -> Any:
    """A full state dealt from ``view``: in Scala 40, the hidden hands as a greedy player
    would hold them (the Monte Carlo bot's worlds: no meld in an opened hand, no opening
    in an unopened one); elsewhere the view's own uniform sample."""
    if isinstance(view, Scala40View):
        return MonteCarloBot()._deal(view, seed)
    return view.sample(seed)


def view_pick(
    state: Any,
    seat: int,
    plans: Sequence[TurnPlan],
    careful: Any,
    worlds: int,
    seed: int,
    near: bool,
    table: MatchTable | None,
) -> tuple[int, list[float]]:
    """The candidate a search from the seat's view picks: each plan played in ``worlds``
    worlds dealt from the view (:func:`deal_world`), the hand played out by ``careful``,
    valued as on the truth (the match near its end, else the hand's margin); the best
    mean, the careful bot's plan (the first) unless another is strictly better."""
    view = state.view(seat)
    order = load_game(state.game_name).score_order
    hand = state.hand_number
    playing = [other for other in range(state.player_count) if state.active[other]]
    values: list[list[float]] = [[] for _ in plans]
    for index in range(worlds):
        world = _reshuffled(deal_world(view, seed * 7_919 + index), seed * 104_729 + index)
        for number, plan in enumerate(plans):
            after = plan.play(world, seat)
            margin, share = play_out(after, careful, seat, hand, order, near, table, playing)
            values[number].append(share if near and share is not None else margin)
    means = [statistics.fmean(row) for row in values]
    best = max(range(len(plans)), key=lambda index: (means[index], -index))
    return (best if means[best] > means[0] else 0), means


def study_match(
    name: str, number: int, seed: int, study: Study, out: Callable[[dict[str, Any]], None]
) -> None:
    """Match ``number`` of ``seed``: careful at every seat; each hand, each studied decision
    (its candidates valued on the true state) and, with ``study.view_worlds``, each
    candidate a search from the view picks there, written to ``out`` as it is played."""
    game = load_game(name)
    players = game.default_players
    rules = game.ruleset_type.default()
    deal = seed * 100_003 + number
    state = game.new_game(rules, players, deal)
    careful = make_bot("careful", name)
    kind_of = KINDS[name]
    kinds = study.kinds
    studied = STUDIED[name] if kinds is None else kinds
    rng = random.Random(0)
    hand = state.hand_number
    counts: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    decision = 0
    moves = 0
    near_at_start = near_end(state)
    playing_at_start = sum(state.active)
    where = study.where
    while not state.is_over:
        if state.hand_number != hand:
            out({"kind": "hand", "game": name, "seed": seed, "match": number,
                 "hand": hand, "counts": dict(counts), "near": near_at_start,
                 "playing": playing_at_start})  # fmt: skip
            hand = state.hand_number
            counts = Counter()
            moves = 0
        if moves == 0:
            near_at_start = near_end(state)
            playing_at_start = sum(state.active)
        moves += 1
        if moves > MAX_HAND_MOVES:
            out({"kind": "stopped", "game": name, "seed": seed, "match": number, "hand": hand})
            return
        legal = list(state.legal_moves())
        if state.is_chance or len(legal) == 1:
            state = state.apply(legal[0])
            continue
        seat = state.current_player
        kind, plans = kind_of(state, seat, legal, careful)
        counts[kind] += 1
        near = near_at_start
        wanted = kind in studied or (near and kinds is None)
        if where == "hands":
            wanted = wanted and not near
        elif where == "near":
            wanted = wanted and near
        if wanted and kind in study.every:
            wanted = seen[kind] % study.every[kind] == 0
            seen[kind] += 1
        if plans and wanted:
            unique: dict[tuple[Any, ...], TurnPlan] = {}
            for plan in plans[:CANDIDATES]:
                unique.setdefault(_key(plan.play(state, seat)), plan)
            chosen = list(unique.values())
            if len(chosen) > 1:
                decision += 1
                at = deal * 1_009 + decision
                line = {"kind": "decision", "game": name, "seed": seed, "match": number,
                        "hand": hand, "number": decision}  # fmt: skip
                if _line_key(line) not in study.known:
                    try:
                        margins, shares = value_plans(
                            state, seat, chosen, careful, study.playouts, at, near, study.table
                        )
                    except FrozenHandError as frozen:
                        out({"kind": "stopped", "game": name, "seed": seed, "match": number,
                             "hand": hand, "why": str(frozen)})  # fmt: skip
                        return
                    view = state.view(seat)
                    out({
                        **line, "seat": seat, "type": kind, "near": near,
                        "scope": scope_of(kind in studied, where),
                        "scores": list(state.scores), "playing": sum(state.active),
                        "cards": len(view.hand),
                        "fewest": min(
                            len(h)
                            for p, h in enumerate(state.hands)
                            if p != seat and state.active[p]
                        ),
                        "plans": [plan.name for plan in chosen],
                        "margins": margins, "shares": shares,
                        "match_value": "table" if study.table is not None else "play",
                    })  # fmt: skip
                seen_line = {**line, "kind": "view"}
                if study.view_worlds and _line_key(seen_line) not in study.known:
                    try:
                        pick, means = view_pick(
                            state, seat, chosen, careful, study.view_worlds, at, near, study.table
                        )
                    except FrozenHandError:
                        pick, means = 0, []  # a world the careful bot does not end: no pick
                    out({**seen_line, "worlds": study.view_worlds, "pick": pick,
                         "means": means, "unit": "match" if near else "hand"})  # fmt: skip
        state = state.apply(careful.choose(state.view(seat), legal, rng))
    out({"kind": "hand", "game": name, "seed": seed, "match": number, "hand": hand,
         "counts": dict(counts), "near": near_at_start,
         "playing": playing_at_start})  # fmt: skip
    out({"kind": "match", "game": name, "seed": seed, "match": number})


def _line_key(line: dict[str, Any]) -> tuple[Any, ...]:
    values = (line.get(field) for field in ("kind", "game", "seed", "match", "hand", "number"))
    return tuple(tuple(value) if isinstance(value, list) else value for value in values)


class Journal:
    """Where a study's lines go: kept in ``lines``, and each written at once to the file
    ``path`` (if any), so that a run cut short counts every line it played (a match cut
    short is played again by the next run, and its lines read once)."""

    def __init__(self, path: str | None, lines: list[dict[str, Any]]) -> None:
        self.path = path
        self.lines = lines

    def __call__(self, line: dict[str, Any]) -> None:
        self.lines.append(line)
        if self.path:
            with open(self.path, "a", encoding="utf-8") as journal:
                journal.write(json.dumps(line) + "\n")


def scope_of(studied: bool, where: str) -> str:
    """Which hands a decision of a kind was studied in: ``"all"``, ``"hands"`` (all but
    those near the end of a match) or ``"near"`` (those only)."""
    if where == "both":
        return "all" if studied else "near"
    return where


def read_lines(paths: Iterable[str]) -> list[dict[str, Any]]:
    """The lines of journals (a line cut short by a stopped run left out, and a line a
    run that went on after a stopped one wrote again counted once: the same match is
    played the same way)."""
    lines = []
    seen: set[tuple[Any, ...]] = set()
    for path in paths:
        try:
            texts = Path(path).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            continue
        for text in texts:
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue
            if isinstance(line, dict) and _line_key(line) not in seen:
                seen.add(_line_key(line))
                lines.append(line)
    return lines


# ---------------------------------------------------------------- the figures


def split_gain(values: Sequence[Sequence[float]]) -> tuple[float, bool]:
    """The split-sample gain of one decision: the candidate with the best mean on one
    half of the play-outs (the careful bot's play, index 0, on a tie) valued against the
    careful bot's on the other half, both ways, averaged; and whether either pick departs
    from the careful bot's play."""
    count = min(len(row) for row in values)
    half = count // 2
    gains = []
    departs = False
    for pick_part, value_part in ((slice(0, half), slice(half, 2 * half)),
                                  (slice(half, 2 * half), slice(0, half))):  # fmt: skip
        means = [statistics.fmean(row[pick_part]) for row in values]
        best = max(range(len(values)), key=lambda index: (means[index], -index))
        if means[best] <= means[0]:
            best = 0
        departs = departs or best != 0
        gains.append(
            statistics.fmean(values[best][value_part]) - statistics.fmean(values[0][value_part])
        )
    return statistics.fmean(gains), departs


def clustered(values: Sequence[float], clusters: Sequence[Any]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error, the clusters (hands) independent."""
    count = len(values)
    mean = statistics.fmean(values)
    sums: dict[Any, float] = defaultdict(float)
    for value, cluster in zip(values, clusters):
        sums[cluster] += value - mean
    groups = len(sums)
    if groups < 2:
        return mean, math.inf
    variance = sum(total * total for total in sums.values()) * groups / (groups - 1)
    return mean, math.sqrt(variance) / count


def figures(lines: Sequence[dict[str, Any]], name: str) -> dict[str, Any]:
    """A game's ceilings by kind from its journal lines (see the module)."""
    # Only the matches a run played to their end (or left at a hand the careful bot does
    # not end): a match a stopped run cut short is played again by the next.
    every_line = [line for line in lines if line.get("game") == name]
    finished = {
        (line["seed"], line["match"])
        for line in every_line
        if line["kind"] in ("match", "stopped")
    }
    own = [
        line
        for line in every_line
        if line["kind"] == "table check" or (line["seed"], line["match"]) in finished
    ]
    hands = [line for line in own if line["kind"] == "hand"]
    players = load_game(name).default_players
    matches = {
        (line["seed"], line["match"]) for line in own if line["kind"] in ("match", "stopped")
    }
    # Only the decisions of hands that ended: a hand the careful bot does not end
    # (FrozenHandError) has its decisions valued only until its play-outs froze.
    ended = {(line["seed"], line["match"], line["hand"]) for line in hands}
    decisions = [
        line
        for line in own
        if line["kind"] == "decision" and (line["seed"], line["match"], line["hand"]) in ended
    ]
    views = {
        (line["seed"], line["match"], line["number"], line["unit"]): line
        for line in own
        if line["kind"] == "view"
    }
    total = sum(sum(line["counts"].values()) for line in hands)
    near_hands = [line for line in hands if line["near"]]
    rows = []
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for line in decisions:
        where = line.get("scope") or ("all" if line["type"] in STUDIED[name] else "near")
        groups[line["type"], "hand", where].append(line)
        if line["near"]:
            groups[line["type"], "match", "near"].append(line)
    for (kind, unit, where), group in sorted(groups.items()):
        key = "shares" if unit == "match" else "margins"
        clusters = [(line["seed"], line["match"], line["hand"]) for line in group]
        gains = []
        departures = 0
        for line in group:
            gain, departs = split_gain(line[key])
            gains.append(gain * (100 if unit == "match" else 1))
            departures += departs
        mean, error = clustered(gains, clusters)
        scope = {
            "all": hands,
            "near": near_hands,
            "hands": [line for line in hands if not line["near"]],
        }[where]
        occurs = sum(line["counts"].get(kind, 0) for line in scope)
        alternatives = {}
        for plan in sorted({plan for line in group for plan in line["plans"][1:]}):
            paired = [
                (
                    statistics.fmean(line[key][line["plans"].index(plan)])
                    - statistics.fmean(line[key][0])
                )
                * (100 if unit == "match" else 1)
                for line in group
                if plan in line["plans"]
            ]
            plan_clusters = [
                (line["seed"], line["match"], line["hand"])
                for line in group
                if plan in line["plans"]
            ]
            plan_mean, plan_error = clustered(paired, plan_clusters)
            alternatives[plan] = {"n": len(paired), "mean": plan_mean, "se": plan_error}
        scale = 100 if unit == "match" else 1
        searched = [
            (line, views[line["seed"], line["match"], line["number"], unit])
            for line in group
            if (line["seed"], line["match"], line["number"], unit) in views
        ]
        view = None
        if searched:
            # The search's pick valued on the truth, every play-out of it: the pick never
            # saw them.
            picked = [
                (statistics.fmean(line[key][seen["pick"]]) - statistics.fmean(line[key][0]))
                * scale
                for line, seen in searched
            ]
            view_mean, view_error = clustered(
                picked, [(line["seed"], line["match"], line["hand"]) for line, _ in searched]
            )
            view = {
                "n": len(picked),
                "gain": view_mean,
                "se": view_error,
                "departs": sum(1 for _, seen in searched if seen["pick"]) / len(searched),
                "worlds": min(seen["worlds"] for _, seen in searched),
            }
        rows.append(
            {
                "kind": kind,
                "unit": unit,
                "scope": where,
                "view": view,
                "n": len(group),
                "occurs": occurs,
                "scope_hands": len(scope),
                # A seat's hands: each hand once for every seat still in the match.
                "scope_seat_hands": sum(line.get("playing", players) for line in scope),
                "scope_decisions": sum(sum(line["counts"].values()) for line in scope),
                "gain": mean,
                "gain_se": error,
                "departs": departures / len(group),
                "playouts": min(len(row) for line in group for row in line[key]),
                "alternatives": alternatives,
            }
        )
    checks = [
        {key: line[key] for key in ("match", "matches", "share", "share_se", "table")}
        for line in own
        if line["kind"] == "table check"
    ]
    return {
        "game": name,
        "players": load_game(name).default_players,
        "table_checks": checks,
        "matches": len(matches),
        "hands": len(hands),
        "near_hands": len(near_hands),
        "decisions": total,
        "rows": rows,
    }


def report(lines: Sequence[dict[str, Any]]) -> list[str]:
    """The figures as text, a line a kind."""
    out = []
    for name in sorted({line["game"] for line in lines if "game" in line}):
        fig = figures(lines, name)
        out.append(
            f"{name} ({fig['players']} players): {fig['matches']} matches, {fig['hands']} hands "
            f"({fig['near_hands']} near the end), {fig['decisions']} decisions with a choice"
        )
        for row in fig["rows"]:
            word = "points of the match share a decision" if row["unit"] == "match" else "points"
            out.append(
                f"  {row['kind']:<9} {row['unit']:<6} {row['scope']:<5} n={row['n']:>5}  occurs "
                f"{row['occurs'] / max(1, row['scope_hands']):.2f} a hand "
                f"({row['occurs'] / max(1, row['scope_decisions']):.1%} of decisions): "
                f"ceiling {row['gain']:+.2f} (s.e. {row['gain_se']:.2f}) {word}, departs "
                f"{row['departs']:.0%}, {row['playouts']} play-outs"
            )
            if row["view"]:
                view = row["view"]
                out.append(
                    f"      a search from the view ({view['worlds']} worlds): "
                    f"{view['gain']:+.2f} (s.e. {view['se']:.2f}) on the truth, n={view['n']}, "
                    f"departs {view['departs']:.0%}"
                )
            for plan, alt in sorted(row["alternatives"].items()):
                out.append(
                    f"      always {plan:<16} {alt['mean']:+.2f} (s.e. {alt['se']:.2f}), "
                    f"n={alt['n']}"
                )
    return out


def write(lines: Sequence[dict[str, Any]]) -> None:
    """Write :data:`CEILINGS_FILE` from journal lines, with the commands of
    :data:`PLAN` that play them."""
    games = sorted({line["game"] for line in lines if "game" in line})
    document = {
        "command": "python benchmarks/bench_ceilings.py --plan",
        "runs": [" ".join(["python benchmarks/bench_ceilings.py", *run]) for run in PLAN],
        "games": [figures(lines, name) for name in games],
    }
    CEILINGS_FILE.parent.mkdir(parents=True, exist_ok=True)
    CEILINGS_FILE.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {CEILINGS_FILE}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="the game's name")
    parser.add_argument("--matches", type=int, default=20, help="matches played (20)")
    parser.add_argument("--first", type=int, default=0, help="the first match's number")
    parser.add_argument("--playouts", type=int, default=32, help="play-outs a candidate (32)")
    parser.add_argument("--seed", type=int, default=87_001)
    parser.add_argument(
        "--kinds",
        help="the kinds to study in every hand, comma-separated (default: the game's usual "
        "ones in every hand, and every kind near the end of a match)",
    )
    parser.add_argument("--journal", help="the file of JSON lines written and read back")
    parser.add_argument(
        "--plan",
        action="store_true",
        help="play the runs of the bots page (PLAN) the journal (default PLAN_JOURNAL) lacks, "
        "and write its figures",
    )
    parser.add_argument(
        "--report", nargs="+", metavar="JSONL", help="print these journals' figures"
    )
    parser.add_argument(
        "--write", nargs="+", metavar="JSONL", help="write the bots page's figures"
    )
    parser.add_argument(
        "--where",
        choices=("both", "hands", "near"),
        default="both",
        help="study decisions in every hand but near the end of a match (hands), only "
        "near it (near), or both (default)",
    )
    parser.add_argument(
        "--every",
        default="",
        help="study one decision in so many of these kinds (KIND=N,...; default: every one)",
    )
    parser.add_argument(
        "--match-value",
        choices=("table", "play"),
        default="play",
        help="value a decision near the end of a match by the chance of winning it from the "
        "totals after the hand (table: two players only), or by the match played out (play)",
    )
    parser.add_argument(
        "--view-worlds",
        type=int,
        default=0,
        help="also compare the candidates in so many worlds dealt from the seat's view, as "
        "a search would, and value its pick on the truth (default 0: not)",
    )
    parser.add_argument(
        "--check-table",
        type=int,
        default=0,
        metavar="MATCHES",
        help="play so many matches from each of CHECKED_TOTALS and set the first seat's share "
        "beside the match table's chance",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.report or args.write:
        lines = read_lines(args.report or args.write)
        print("\n".join(report(lines)))
        if args.write:
            write(lines)
        return 0
    if args.plan:
        for run in PLAN:
            print("python benchmarks/bench_ceilings.py", *run, flush=True)
            main([*run, "--journal", args.journal or PLAN_JOURNAL])
        lines = read_lines([args.journal or PLAN_JOURNAL])
        print("\n".join(report(lines)))
        write(lines)
        return 0
    if args.game is None:
        parser.error("name a game, or --report journals")
    name = load_game(args.game).name
    table = None
    if args.match_value == "table" and args.where != "hands":
        table = MatchTable(name, TABLE_HANDS, TABLE_SEED)
    if args.check_table:
        table = table or MatchTable(name, TABLE_HANDS, TABLE_SEED)
        for totals in CHECKED_TOTALS:
            line = check_table(name, totals, args.check_table, args.seed, table)
            print(line, flush=True)
            if args.journal:
                with open(args.journal, "a", encoding="utf-8") as journal:
                    journal.write(json.dumps(line) + "\n")
        return 0
    held = read_lines([args.journal] if args.journal else [])
    mine = [line for line in held if line.get("game") == name and line.get("seed") == args.seed]
    study = Study(
        playouts=args.playouts,
        kinds=frozenset(args.kinds.split(",")) if args.kinds else None,
        where=args.where,
        every={
            kind: int(count)
            for kind, _, count in (item.partition("=") for item in args.every.split(",") if item)
        },
        table=table,
        view_worlds=args.view_worlds,
        known={_line_key(line): line for line in mine},
    )
    # A match played in full is skipped, unless the views are asked for and it lacks them:
    # then it is played again, each decision it holds valued no more.
    done = {line["match"] for line in mine if line["kind"] == "match"}
    viewed = {line["match"] for line in mine if line["kind"] == "view"}
    decided = {line["match"] for line in mine if line["kind"] == "decision"}
    for number in range(args.first, args.first + args.matches):
        if number in done and not (args.view_worlds and number in decided - viewed):
            continue
        played: list[dict[str, Any]] = []
        study_match(name, number, args.seed, study, Journal(args.journal, played))
        studied = sum(1 for line in played if line["kind"] == "decision")
        print(f"{name} match {number}: {studied} decisions studied", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How strong each game's bots are, as measured: the duels of paired deals that
``benchmarks/bench_ladder.py --strength`` played and wrote to the ``strength.json`` file
of this package, read back here for the command line (``scala40 bots``) and the bots
page, so that neither can drift from what was measured.

Each duel (:class:`MeasuredDuel`) is a bot against another on paired deals (each deal
played once with the bot on each side, under the game's default rules, two players;
Skarney's partnership of four, the bot with the partner the duel names: greedy, or the
bot below it), counted in the game's own
unit (:func:`scala40.match.game_unit`: whole matches in every game's default rules): the
bot's share of the games with its 95% Wilson interval, the paired difference, the points
a hand by which its side beat the other, and the process time of its decisions.

>>> from scala40.bots.strength import measured_duels
>>> duel = next(duel for duel in measured_duels("chinchon") if duel.top == "careful")
>>> duel.unit, duel.bottom, duel.low > 0.5
('match', 'greedy', True)
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from importlib import resources
from typing import Any

import attrs

from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.game import Game, load_game
from scala40.match import game_unit

__all__ = [
    "BEST_MEAN_S",
    "BEST_P999_S",
    "STRENGTH_FILE",
    "DecisionCost",
    "MeasuredDuel",
    "cost_of",
    "measured_duels",
    "strength_source",
    "strongest",
]

STRENGTH_FILE = "strength.json"
"""The file of this package that holds the measured duels."""

BEST_MEAN_S = 0.2
"""The mean process time of a decision, in seconds, that ``best`` may take
(:func:`strongest`)."""
BEST_P999_S = 1.0
"""The 99.9th percentile of its decisions' process time, in seconds."""


@attrs.frozen
class MeasuredDuel:
    """One duel as measured: ``top`` against ``bottom`` in ``game``, on paired deals."""

    game: str
    """The game's name."""
    top: str
    """The bot measured (a :func:`~scala40.bots.make_bot` specification)."""
    bottom: str
    """The bot it played against (``noisy``: greedy choosing at random among its three
    best moves one time in ten)."""
    unit: str
    """What a game was: ``"match"`` or ``"hand"`` (:func:`scala40.match.game_unit`)."""
    players: int
    """The seats of a game."""
    seed: int
    """The duel's seed (its deals follow from it)."""
    deals: int
    """The paired deals played (each once with the top bot on each side)."""
    games: int
    """The games played (matches or hands: :attr:`unit`)."""
    share: float
    """The top bot's share of the games (a tie counting as its share)."""
    low: float
    """The lower end of the 95% Wilson interval of :attr:`share`."""
    high: float
    """The upper end of that interval."""
    difference: float
    """The paired difference: the top bot's share less the bottom bot's, deal by deal."""
    difference_se: float
    """The standard error of :attr:`difference`."""
    hands: int
    """The hands played in all the games."""
    hand_share: float
    """The share of those hands the top bot's side won (the sides with the best points
    of a hand share it)."""
    margin: float
    """The points a hand by which the top bot's side beat the other, in the direction
    the game counts (fewer penalty points, or more points won): positive is better."""
    margin_se: float
    """The standard error of :attr:`margin`, over the deals."""
    decisions: int
    """The top bot's decisions with a choice, timed."""
    decision_mean_s: float
    """Their mean process time, in seconds."""
    decision_p999_s: float
    """Their 99.9th percentile."""
    decision_max_s: float
    """The slowest."""
    partner: str | None = None
    """In a partnership game (Skarney's four), the bot at the top bot's partner's seat;
    ``None`` where each seat plays alone."""

    @property
    def games_word(self) -> str:
        """What the games are called: ``"matches"`` or ``"hands"``."""
        return "hands" if self.unit == "hand" else "matches"

    def result(self) -> str:
        """The duel's result in one line: the share and its interval, the paired
        difference and the points a hand (and in a partnership game, the bot's partner).

        >>> from scala40.bots.strength import measured_duels
        >>> measured_duels("chinchon")[0].result()  # doctest: +ELLIPSIS
        'won ...% of ... matches (95% interval ...%-...%), paired difference ... (s.e. ...); ... points a hand (s.e. ...) over ... hands'
        """
        partner = "" if self.partner is None else f", its partner {self.partner}"
        return (
            f"won {self.share:.1%} of {self.games:,} {self.games_word} (95% interval "
            f"{self.low:.1%}-{self.high:.1%}), paired difference "
            f"{self.difference * 100:+.1f} (s.e. {self.difference_se * 100:.1f}); "
            f"{self.margin:+.2f} points a hand (s.e. {self.margin_se:.2f}) over "
            f"{self.hands:,} hands{partner}"
        )


def _seconds(value: float) -> str:
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 0.01:
        return f"{value * 1000:.0f} ms"
    return f"{value * 1000:.2g} ms"


@functools.cache
def _file() -> Mapping[str, Any]:
    text = resources.files(__package__).joinpath(STRENGTH_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("duels"), list):
        raise InvalidArgumentError(f"{STRENGTH_FILE} holds no list of duels")
    return data


_OPTIONAL = frozenset({"partner"})
_FIELDS = tuple(field.name for field in attrs.fields(MeasuredDuel) if field.name not in _OPTIONAL)


def _duel(entry: object) -> MeasuredDuel:
    if not isinstance(entry, dict) or not all(field in entry for field in _FIELDS):
        raise InvalidArgumentError(f"a duel of {STRENGTH_FILE} lacks fields: {describe(entry)}")
    values = {field: entry[field] for field in _FIELDS}
    values.update({field: entry[field] for field in _OPTIONAL if field in entry})
    for field in ("difference_se", "margin_se"):
        if values[field] is None:  # a single deal: no spread
            values[field] = math.inf
    return MeasuredDuel(**values)


def measured_duels(game: str | Game) -> tuple[MeasuredDuel, ...]:
    """The duels measured in ``game``, in the order the benchmark played them.

    :raises UnknownGameError: ``game`` names no game.
    """
    return _duels(load_game(game).name)


def _duels(name: str) -> tuple[MeasuredDuel, ...]:
    """The duels measured in the game named ``name`` (a registered game's name)."""
    return tuple(_duel(entry) for entry in _file()["duels"] if entry.get("game") == name)


@attrs.frozen
class DecisionCost:
    """What a bot's decisions with a choice cost in one game, in seconds of process time:
    timed apart on positions of its games against greedy, each decision the least of
    ``repeats`` runs (the bots that keep nothing between decisions), or timed once in a
    duel (``repeats`` 1: the searches, whose belief follows the game)."""

    game: str
    """The game's name."""
    bot: str
    """The bot (a :func:`~scala40.bots.make_bot` specification)."""
    decisions: int
    """The decisions timed."""
    repeats: int
    """How many times each was timed, the least kept."""
    mean_s: float
    """The mean."""
    p999_s: float
    """The 99.9th percentile."""
    max_s: float
    """The slowest."""

    def __str__(self) -> str:
        # Which timing it is, said: timed apart (the least of several runs, without the
        # load of a match) reads lower than the mean of the same bot's decisions in its
        # duels, which the docs' tables of duels show.
        if self.repeats > 1:
            where = f"timed apart, each the least of {self.repeats} runs"
        else:
            where = "timed in its duels"
        return (
            f"{_seconds(self.mean_s)} a decision (99.9th percentile {_seconds(self.p999_s)}, "
            f"slowest {_seconds(self.max_s)}; {self.decisions:,} decisions {where})"
        )


def cost_of(game: str | Game, bot: str) -> DecisionCost | None:
    """What a decision costs ``bot`` (a bot's name, or a specification with options, then
    matched whole) in ``game``: timed apart where it was (greedy, careful), else in the
    duel that timed it most, or ``None``.

    >>> from scala40.bots.strength import cost_of
    >>> cost_of("chinchon", "careful").bot, cost_of("chinchon", "playout") is None
    ('careful', True)
    """
    name = load_game(game).name

    def named(spec: str) -> str:
        return spec if ":" in bot else spec.partition(":")[0]

    for entry in _file().get("costs", ()):
        if entry.get("game") == name and named(str(entry.get("bot"))) == bot:
            return DecisionCost(
                name,
                entry["bot"],
                entry["decisions"],
                entry["repeats"],
                entry["mean_s"],
                entry["p999_s"],
                entry["max_s"],
            )
    timed = [duel for duel in _duels(name) if named(duel.top) == bot]
    duel = max(timed, key=lambda duel: duel.decisions, default=None)
    if duel is None:
        return None
    return DecisionCost(
        name,
        duel.top,
        duel.decisions,
        1,
        duel.decision_mean_s,
        duel.decision_p999_s,
        duel.decision_max_s,
    )


def strongest(game: str | Game, start: str) -> str:
    """The strongest bot measured in ``game``, from ``start`` (its quick bot) up: the bot
    ``best`` plays (:func:`scala40.bots.best_bot`).

    A bot climbs above the one below it only through a duel of the record won in the
    game's own unit (:func:`scala40.match.game_unit` of its default rules: whole matches
    where they play a match) with the lower end of the 95% interval above one half,
    against that very bot, within the time budget (:data:`BEST_MEAN_S` a decision on
    average, :data:`BEST_P999_S` at the 99.9th percentile). Where nothing measured beats
    ``start`` so, it is ``start``: ``best`` is never a bot that loses to a cheaper one, or
    one never measured against it.

    >>> from scala40.bots.strength import strongest
    >>> strongest("scala40", "careful"), strongest("chinchon", "careful")
    ('careful', 'careful:take_saving=1000')

    :raises UnknownGameError: ``game`` names no game.
    """
    record = load_game(game)
    rules = record.ruleset_type.preset(record.ruleset_type.DEFAULT_PRESET)
    unit = game_unit(rules)
    duels = _duels(record.name)
    rung, climbed = start, {start}
    while True:
        above = [
            duel
            for duel in duels
            if duel.bottom == rung
            and duel.top not in climbed
            and duel.unit == unit
            and duel.low > 0.5
            and duel.decision_mean_s <= BEST_MEAN_S
            and duel.decision_p999_s <= BEST_P999_S
        ]
        if not above:
            return rung
        rung = max(above, key=lambda duel: duel.low).top
        climbed.add(rung)


def strength_source() -> str:
    """How the figures were made: the benchmark's command and its seed.

    >>> from scala40.bots.strength import strength_source
    >>> strength_source()  # doctest: +ELLIPSIS
    'python benchmarks/bench_ladder.py --strength ...'
    """
    return str(_file()["command"])

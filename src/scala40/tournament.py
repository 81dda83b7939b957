"""Tournaments: many seeded games between bots, of any game, in parallel, with win rates
and their confidence intervals.

:func:`run_tournament` plays ``games`` games of one game (Scala 40 unless ``game`` names
another) between the bots given by name
(``"greedy"``, ``"montecarlo:playouts=50"``, see :func:`scala40.bots.make_bot`) or by
factory (a picklable callable that returns a new bot, such as a bot class). Seats
rotate: in game ``i``, seat ``j`` is taken by bot ``(i + j) % len(bots)``, and the
``len(bots)`` games of one rotation are played on the same deal (the same seed), so that
every bot plays every seat of every deal and the luck of the cards cancels out. Each
game's seeds come from the tournament seed and the game's index alone, and the results
are gathered in game order: a tournament gives the same results whether it runs in this
process, in a process pool or on a cluster.

Results are counted by side: in a game played in partnerships a side's win is one win
for the bot that played it (not one per seat), and winners follow each game's own rules
(the lowest total in Scala 40, the highest in Skarney).

A :class:`TournamentResult` is saved as JSON with :meth:`~TournamentResult.to_dict` and
read back, checked, with :meth:`~TournamentResult.from_dict` (format
``scala40.tournament``; its JSON Schema is in :mod:`scala40.schemas`).

>>> from scala40.tournament import TournamentResult
>>> from scala40.tournament import run_tournament
>>> result = run_tournament(4, ["greedy", "random"], rules="official", match="single",
...                         seed=1, workers=1)
>>> [(stats.name, stats.games) for stats in result.stats]
[('greedy', 4), ('random', 4)]
>>> [game.seats for game in result.games], sum(stats.wins for stats in result.stats)
([(0, 1), (1, 0), (0, 1), (1, 0)], 4)
>>> import json
>>> data = json.loads(json.dumps(result.to_dict()))
>>> data["format"], data["seed"], data["stats"][0]["wins"] == result.stats[0].wins
('scala40.tournament', '1', True)
>>> TournamentResult.from_dict(data) == result
True
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from scala40._cache import BoundedCache
from scala40._format.serial import expect_header
from scala40.bots import Bot, bot_name, make_bot, play_game
from scala40.checks import describe, is_int, is_number
from scala40.errors import (
    InvalidArgumentError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.game import DEFAULT_GAME, Game, load_game
from scala40.match import ScoreOrder
from scala40.rulesets import RulesetBase

__all__ = [
    "MAX_BOTS",
    "MAX_GAMES",
    "MAX_SEED_DIGITS",
    "MAX_TRIALS",
    "MAX_WORKERS",
    "TOURNAMENT_FORMAT_VERSION",
    "BotFactory",
    "BotStats",
    "GameResult",
    "TournamentResult",
    "game_seed",
    "rules_label",
    "run_tournament",
    "wilson_interval",
]

BotFactory = Callable[[], Bot]
"""A callable that returns a new bot, such as a bot class; it must be picklable (defined
at the top level of a module) to be used with a process pool or a cluster."""

MAX_GAMES = 1_000_000
"""The most games one tournament plays."""
MAX_BOTS = 64
"""The most bots one tournament takes."""
MAX_WORKERS = 256
"""The most worker processes one tournament starts."""
MAX_SEED_DIGITS = 40
"""The most digits a tournament's seed may have."""
MAX_TRIALS = 10**15
""":func:`wilson_interval` takes at most this many trials (more do not fit a float)."""

TOURNAMENT_FORMAT_VERSION = 1
"""Version of :meth:`TournamentResult.to_dict`."""
MAX_COUNT = 10**18
"""The largest score, move or hand count a saved result may hold."""
MAX_BOT_NAME = 200
"""The most characters of a bot's name in a saved result."""

DEFAULT_MAX_ACTIONS = 5_000
"""Moves after which a game is stopped unfinished. Games of greedy bots take about 60
moves a hand, of random bots a few hundred; but some hands never end: when nobody can
meld or lay off any more, the rules rebuild the stock for ever (S40-RESTOCK)."""


def wilson_interval(
    successes: float, trials: int, confidence: float = 0.95
) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` out of ``trials``, a
    success counted in part where it is shared (a tie's share of a win).

    Unlike the normal approximation, it stays within [0, 1] and behaves well for small
    samples and for proportions near 0 or 1.

    >>> from scala40.tournament import wilson_interval
    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not (is_number(successes) and is_int(trials) and 0 <= successes <= trials <= MAX_TRIALS):
        raise InvalidValueError(
            f"expected 0 <= successes <= trials <= {MAX_TRIALS}, trials an integer, "
            f"got {describe(successes)} of {describe(trials)}"
        )
    given: object = confidence
    if not (is_number(given) and 0 < given < 1):
        raise InvalidValueError(
            f"expected a confidence between 0 and 1, got {describe(confidence)}"
        )
    if trials == 0:
        return (0.0, 1.0)
    z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    margin /= denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def rules_label(rules: Any) -> str:
    """A short name for a ruleset of any game: its preset's name, with the options that
    differ (:meth:`~scala40.rulesets.RulesetBase.label`).

    >>> from scala40 import load_game
    >>> from scala40.tournament import rules_label
    >>> Ruleset = load_game("scala40").ruleset_type
    >>> rules_label(Ruleset.preset("classic"))
    'classic'
    >>> rules_label(Ruleset(match_format="single", jokers=2))
    'official + jokers=2, match_format=single'
    """
    if not isinstance(rules, RulesetBase):
        raise InvalidArgumentError(f"expected a ruleset, got {describe(rules)}")
    label: str = rules.label()
    return label


def game_seed(seed: int, index: int, purpose: str = "deal") -> int:
    """A 64-bit seed for game ``index`` of the tournament seeded with ``seed``.

    It depends on nothing else, which is what makes a tournament reproducible however
    its games are scheduled.

    >>> from scala40.tournament import game_seed
    >>> game_seed(0, 1) == game_seed(0, 1) != game_seed(0, 2)
    True
    """
    for name, value in (("seed", seed), ("index", index)):
        if not is_int(value):
            raise InvalidArgumentError(f"{name} must be an integer, got {describe(value)}")
        if abs(value) >= 10**MAX_SEED_DIGITS:
            raise InvalidValueError(
                f"{name} must have at most {MAX_SEED_DIGITS} digits, got {describe(value)}"
            )
    text: object = purpose
    if not (isinstance(text, str) and len(text) <= 100):
        raise InvalidArgumentError(f"purpose must be a short text, got {describe(text)}")
    digest = hashlib.blake2b(f"scala40:{purpose}:{seed}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


@attrs.frozen
class GameResult:
    """How one game of a tournament went. Seats are numbered as the game's players."""

    index: int
    """The game's place in the tournament, from 0."""
    seed: int
    """The seed of the game (the game's ``new_game``); the games of a rotation share it."""
    seats: tuple[int, ...]
    """For each seat, the index of the bot playing it (in :attr:`TournamentResult.bots`)."""
    winners: tuple[int, ...]
    """The seats that won; empty if the game was stopped unfinished."""
    scores: tuple[int, ...]
    """Each seat's final total (partners show their side's), as the game reports it
    (:meth:`~scala40.game.Game.reported_scores`): in Scala 40 single-hand matches, which
    keep no totals, the penalty value of the cards left in hand when the hand ended
    (S40-HAND-VALUE, 0 for the closer)."""
    actions: int
    """Moves played, chance moves included."""
    hands: int
    """Hands dealt."""
    finished: bool
    """Whether the game ended (else it was stopped after ``max_actions`` moves)."""
    decisions: tuple[int, ...] = attrs.field(eq=False, default=())
    """Decisions each seat's bot made (timing information: not compared)."""
    decision_seconds: tuple[float, ...] = attrs.field(eq=False, default=())
    """Time each seat's bot spent deciding, in seconds (not compared: it varies by run)."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The sides of the game; empty means one seat a side."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides of the game, each a tuple of seats."""
        return self.teams or tuple((seat,) for seat in range(len(self.seats)))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: every field, the seed as text (it has up to 20
        digits, more than many JSON readers keep exactly)."""
        return {
            "index": self.index,
            "seed": str(self.seed),
            "seats": list(self.seats),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "actions": self.actions,
            "hands": self.hands,
            "finished": self.finished,
            "decisions": list(self.decisions),
            "decision_seconds": list(self.decision_seconds),
            "teams": [list(team) for team in self.teams],
        }


@attrs.frozen
class BotStats:
    """One bot's results over a tournament, counted per side it played (per seat in games
    played alone)."""

    name: str
    games: int
    """Sides played (a bot playing two sides of one game counts twice; partners once)."""
    wins: int
    """Sides that won."""
    mean_score: float
    """Mean of the sides' :attr:`GameResult.scores` (see :attr:`score_order`)."""
    mean_actions: float
    """Mean length of its games, in moves."""
    mean_hands: float
    """Mean length of its games, in hands."""
    decisions: int = attrs.field(eq=False, default=0)
    decision_seconds: float = attrs.field(eq=False, default=0.0)
    score_order: ScoreOrder = ScoreOrder.LOW
    """Whether a lower or a higher mean score is better in this game."""

    @property
    def win_rate(self) -> float:
        """Share of the games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of :attr:`win_rate`."""
        return wilson_interval(self.wins, self.games)

    @property
    def seconds_per_decision(self) -> float:
        """Mean time a decision took, in seconds."""
        return self.decision_seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: every field and the figures derived from them (win
        rate, its 95% interval, time per decision)."""
        low, high = self.win_interval
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_interval": [low, high],
            "mean_score": self.mean_score,
            "mean_actions": self.mean_actions,
            "mean_hands": self.mean_hands,
            "decisions": self.decisions,
            "decision_seconds": self.decision_seconds,
            "seconds_per_decision": self.seconds_per_decision,
            "score_order": self.score_order.value,
        }


@attrs.frozen
class TournamentResult:
    """The games of a tournament, in order, and what they add up to."""

    bots: tuple[str, ...]
    """The bots' names, in the order given (repeated names get ``#2``, ``#3``...)."""
    rules: Any
    """The ruleset the games were played under."""
    players: int
    seed: int
    games: tuple[GameResult, ...]
    game: str = DEFAULT_GAME
    """The name of the game played."""

    def __repr__(self) -> str:
        """A line that says what was played and who won how often (every game and the
        ruleset are in the fields; :meth:`summary` gives the table).

        >>> from scala40.tournament import run_tournament
        >>> run_tournament(4, ["greedy", "random"], game="chinchon", seed=2, workers=1)
        TournamentResult(game='chinchon', players=2, seed=2, games=4, wins={'greedy': 4, 'random': 0})
        """
        wins = {stats.name: stats.wins for stats in self.stats}
        return (
            f"TournamentResult(game={self.game!r}, players={self.players}, seed={self.seed}, "
            f"games={len(self.games)}, wins={wins!r})"
        )

    @property
    def stats(self) -> tuple[BotStats, ...]:
        """Each bot's results, in the order of :attr:`bots`."""
        order = load_game(self.game).score_order
        return tuple(self._stats_of(index, order) for index in range(len(self.bots)))

    def _stats_of(self, bot: int, order: ScoreOrder) -> BotStats:
        sides = [
            (game, side)
            for game in self.games
            for side in game.sides
            if any(game.seats[seat] == bot for seat in side)
        ]
        seats = [
            (game, seat) for game in self.games for seat, entry in enumerate(game.seats)
            if entry == bot
        ]  # fmt: skip
        count = len(sides)

        def mean(values: list[float]) -> float:
            return sum(values) / len(values) if values else 0.0

        return BotStats(
            name=self.bots[bot],
            games=count,
            wins=sum(1 for game, side in sides if any(seat in game.winners for seat in side)),
            mean_score=mean([game.scores[side[0]] for game, side in sides]),
            mean_actions=mean([game.actions for game, _ in sides]),
            mean_hands=mean([game.hands for game, _ in sides]),
            decisions=sum(game.decisions[seat] for game, seat in seats if game.decisions),
            decision_seconds=sum(
                game.decision_seconds[seat] for game, seat in seats if game.decision_seconds
            ),
            score_order=order,
        )

    @property
    def unfinished(self) -> int:
        """Games stopped before they ended."""
        return sum(1 for game in self.games if not game.finished)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description (format ``scala40.tournament``): every field
        (the ruleset by its dictionary, seeds as text), then each bot's
        :attr:`stats`, which :meth:`from_dict` checks against the games."""
        return {
            "format": "scala40.tournament",
            "version": TOURNAMENT_FORMAT_VERSION,
            "game": self.game,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": str(self.seed),
            "bots": list(self.bots),
            "games": [game.to_dict() for game in self.games],
            "stats": [stats.to_dict() for stats in self.stats],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentResult:
        """Rebuild a result from :meth:`to_dict` output, checking every field: the game and
        its ruleset, the seats and winners of each game against the players and the bots,
        and the stats against what the games give.

        :raises SerializationError: the data is malformed; the message names the field.
        """
        return _result_from_dict(data)

    def summary(self) -> str:
        """A table of the results: games, wins, win rate with its 95% confidence interval,
        mean score and time per decision for each bot, then the mean game length."""
        found = load_game(self.game)
        title = "" if found.name == DEFAULT_GAME else f"{found.title}, "
        better = "lower" if found.score_order is ScoreOrder.LOW else "higher"
        header = (
            f"{title}{len(self.games)} games, {self.players} players, rules "
            f"{rules_label(self.rules)}, seed {self.seed}"
        )
        # "games" counts the games a bot sat in; a bot in two seats of one game (three
        # players, two bots) plays two sides of it, each won or lost: "sides" then counts
        # them, and the wins and win rate are per side.
        stats_rows = self.stats
        played = [
            sum(1 for game in self.games if index in game.seats) for index in range(len(self.bots))
        ]
        by_side = any(stats.games != count for stats, count in zip(stats_rows, played))
        sides: tuple[str, ...] = ("sides",) if by_side else ()
        rows = [
            ("bot", "games", *sides, "wins", "win rate", "95% CI", "mean score", "ms/decision")
        ]
        for stats, count in zip(stats_rows, played):
            low, high = stats.win_interval
            rows.append(
                (
                    stats.name,
                    str(count),
                    *((str(stats.games),) if by_side else ()),
                    str(stats.wins),
                    f"{stats.win_rate:.1%}",
                    f"{low:.1%} - {high:.1%}",
                    f"{stats.mean_score:.1f}",
                    f"{stats.seconds_per_decision * 1000:.3f}",
                )
            )
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        lines = [header]
        for row in rows:
            cells = [
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths))
            ]
            lines.append("  ".join(cells).rstrip())
        if self.games:
            actions = sum(game.actions for game in self.games) / len(self.games)
            hands = sum(game.hands for game in self.games) / len(self.games)
            lines.append(f"mean game length: {actions:.1f} moves, {hands:.2f} hands")
        if by_side:
            lines.append("(a bot in several seats of a game plays a side in each: wins per side)")
        if found.score_order is not ScoreOrder.LOW:
            lines.append(f"({better} scores are better in {found.title})")
        if self.unfinished:
            lines.append(f"unfinished games (stopped at the move limit): {self.unfinished}")
        return "\n".join(lines)


# ---------------------------------------------------------------- reading a saved result

_RESULT_FIELDS = (
    "format",
    "version",
    "game",
    "rules",
    "players",
    "seed",
    "bots",
    "games",
    "stats",
)
_GAME_FIELDS = (
    "index", "seed", "seats", "winners", "scores", "actions", "hands", "finished",
    "decisions", "decision_seconds", "teams",
)  # fmt: skip


def _fail(message: str) -> SerializationError:
    return SerializationError(f"tournament: {message}")


def _fields(data: object, expected: Sequence[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _fail(f"{where} must be a mapping, got {describe(data)}")
    if set(data) != set(expected):
        missing = sorted(set(expected) - set(data))
        unknown = sorted(str(key) for key in set(data) - set(expected))
        raise _fail(f"{where} must have the fields {list(expected)}; missing {missing}, "
                    f"unknown {unknown}")  # fmt: skip
    return data


def _count(value: object, where: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if not (is_int(value) and low <= value <= high):
        raise _fail(f"{where} must be an integer from {low} to {high}, got {describe(value)}")
    return int(value)


def _int_list(
    value: object, where: str, low: int, high: int, length: int | None = None
) -> tuple[int, ...]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f"{length} "
        raise _fail(f"{where} must be a list of {size}integers, got {describe(value)}")
    return tuple(_count(item, where, low, high) for item in value)


def _seed(value: object, where: str, digits: int, low: int, high: int) -> int:
    if not isinstance(value, str):
        raise _fail(f"{where} must be a whole number written as text, got {describe(value)}")
    body = value.removeprefix("-")
    if not (0 < len(body) <= digits and body.isascii() and body.isdigit()):
        raise _fail(f"{where} must be a whole number written as text, got {describe(value)}")
    number = int(value)
    if not low <= number < high:
        raise _fail(f"{where} must be from {low} to {high - 1}, got {describe(value)}")
    return number


def _game_from_dict(data: object, position: int, players: int, bots: int) -> GameResult:
    where = f"games[{position}]"
    data = _fields(data, _GAME_FIELDS, where)
    if data["index"] != position or not is_int(data["index"]):
        raise _fail(f"{where}.index must be {position}, got {describe(data['index'])}")
    seats = _int_list(data["seats"], f"{where}.seats", 0, bots - 1, players)
    winners = _int_list(data["winners"], f"{where}.winners", 0, players - 1)
    if len(set(winners)) != len(winners):
        raise _fail(f"{where}.winners names a seat twice: {list(winners)}")
    finished = data["finished"]
    if not isinstance(finished, bool):
        raise _fail(f"{where}.finished must be true or false, got {describe(finished)}")
    if winners and not finished:
        raise _fail(f"{where} has winners but is not finished")
    decisions = data["decisions"]
    decisions = _int_list(
        decisions, f"{where}.decisions", 0, MAX_COUNT, players if decisions else 0
    )
    seconds = data["decision_seconds"]
    if not (
        isinstance(seconds, list)
        and len(seconds) in (0, players)
        and all(is_number(item) and item >= 0 for item in seconds)
    ):
        raise _fail(
            f"{where}.decision_seconds must be a list of {players} numbers of seconds (or "
            f"empty), got {describe(seconds)}"
        )
    teams_data = data["teams"]
    if not isinstance(teams_data, list):
        raise _fail(f"{where}.teams must be a list of sides, got {describe(teams_data)}")
    teams = tuple(_int_list(team, f"{where}.teams", 0, players - 1) for team in teams_data)
    if teams and sorted(seat for team in teams for seat in team) != list(range(players)):
        raise _fail(f"{where}.teams must share out the seats 0 to {players - 1}, got {teams_data}")
    return GameResult(
        index=position,
        seed=_seed(data["seed"], f"{where}.seed", 20, 0, 2**64),
        seats=seats,
        winners=winners,
        scores=_int_list(data["scores"], f"{where}.scores", -MAX_COUNT, MAX_COUNT, players),
        actions=_count(data["actions"], f"{where}.actions"),
        hands=_count(data["hands"], f"{where}.hands"),
        finished=finished,
        decisions=decisions,
        decision_seconds=tuple(float(item) for item in seconds),
        teams=teams,
    )


def _same(given: object, expected: object) -> bool:
    """Whether a number read back equals the one computed (floats up to rounding)."""
    if isinstance(expected, float) and is_number(given):
        return math.isclose(given, expected, rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(expected, list):
        return (
            isinstance(given, list)
            and len(given) == len(expected)
            and all(_same(a, b) for a, b in zip(given, expected))
        )
    return type(given) is type(expected) and given == expected


def _result_from_dict(data: Mapping[str, Any]) -> TournamentResult:
    data = expect_header(data, "tournament", TOURNAMENT_FORMAT_VERSION)
    data = _fields(data, _RESULT_FIELDS, "a result")
    name = data["game"]
    if not isinstance(name, str):
        raise _fail(f"game must be a game's name, got {describe(name)}")
    try:
        found = load_game(name)
    except Scala40Error as error:
        raise _fail(str(error)) from error
    if found.name != name:
        raise _fail(f"game must be written {found.name!r}, got {describe(name)}")
    try:
        rules = found.ruleset_type.from_dict(data["rules"])
    except Scala40Error as error:
        raise _fail(str(error)) from error
    players = _count(data["players"], "players", rules.min_players, rules.max_players)
    seed = _seed(
        data["seed"], "seed", MAX_SEED_DIGITS, -(10**MAX_SEED_DIGITS), 10**MAX_SEED_DIGITS
    )
    bots = data["bots"]
    if not (
        isinstance(bots, list)
        and 1 <= len(bots) <= MAX_BOTS
        and all(isinstance(bot, str) and 0 < len(bot) <= MAX_BOT_NAME for bot in bots)
        and len(set(bots)) == len(bots)
    ):
        raise _fail(
            f"bots must be a list of 1 to {MAX_BOTS} different names, got {describe(bots)}"
        )
    games = data["games"]
    if not (isinstance(games, list) and len(games) <= MAX_GAMES):
        raise _fail(f"games must be a list of at most {MAX_GAMES} games, got {describe(games)}")
    result = TournamentResult(
        bots=tuple(bots),
        rules=rules,
        players=players,
        seed=seed,
        games=tuple(
            _game_from_dict(game, position, players, len(bots))
            for position, game in enumerate(games)
        ),
        game=found.name,
    )
    stats = data["stats"]
    expected = [stats.to_dict() for stats in result.stats]
    if not (isinstance(stats, list) and len(stats) == len(expected)):
        raise _fail(f"stats must be a list of {len(expected)} bots' stats, got {describe(stats)}")
    for given, wanted in zip(stats, expected):
        given = _fields(given, list(wanted), f"stats of {wanted['name']!r}")
        for key, value in wanted.items():
            if not _same(given[key], value):
                raise _fail(
                    f"stats of {wanted['name']!r}: {key} is {describe(given[key])}, but the "
                    f"games give {describe(value)}"
                )
    return result


# ---------------------------------------------------------------- one game, anywhere


@attrs.frozen
class _GameTask:
    """Everything a worker needs to play one game: small and picklable."""

    index: int
    seed: int
    bot_seed: int
    game: str
    rules: str
    """The ruleset as JSON (a ruleset object would carry its caches along)."""
    players: int
    seats: tuple[int, ...]
    bots: tuple[str | BotFactory, ...]
    max_actions: int | None


_RULES_CACHE: BoundedCache[tuple[str, str], Any] = BoundedCache("tournament rulesets", 64)


def _rules_from_json(game: Game, text: str) -> Any:
    """The ruleset of a task; one object per process, so that its caches stay warm."""
    rules = _RULES_CACHE.get((game.name, text))
    if rules is None:
        rules = game.ruleset_type.from_dict(json.loads(text))
        # A preset's own object shares the caches the rest of the process has built.
        presets = game.ruleset_type.presets().values()
        rules = next((preset for preset in presets if preset == rules), rules)
        _RULES_CACHE.put((game.name, text), rules)
    return rules


class _TimedBot:
    """A bot wrapper that counts decisions and the time they take."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot_name(bot)
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(view, legal, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return move


def _new_bot(spec: str | BotFactory, game: str) -> Bot:
    return make_bot(spec, game) if isinstance(spec, str) else spec()


def _play_task(task: _GameTask) -> GameResult:
    """Play one game of a tournament (run in a worker process, or in this one)."""
    game = load_game(task.game)
    rules = _rules_from_json(game, task.rules)
    bots = [_TimedBot(_new_bot(task.bots[entry], task.game)) for entry in task.seats]
    state = game.new_game(rules, task.players, task.seed)
    actions = 0

    def count(_state: Any, _move: Any) -> None:
        nonlocal actions
        actions += 1

    final = play_game(state, bots, task.bot_seed, max_actions=task.max_actions, on_move=count)
    teams = tuple(final.teams)
    return GameResult(
        index=task.index,
        seed=task.seed,
        seats=task.seats,
        winners=final.winners,
        scores=game.reported_scores(final),
        actions=actions,
        hands=final.hand_number,
        finished=final.is_over,
        decisions=tuple(bot.decisions for bot in bots),
        decision_seconds=tuple(bot.seconds for bot in bots),
        teams=() if all(len(team) == 1 for team in teams) else teams,
    )


def _labels(bots: Sequence[str | BotFactory]) -> tuple[str, ...]:
    labels: list[str] = []
    for spec in bots:
        base = spec if isinstance(spec, str) else bot_name(spec)
        label = base
        number = 2
        while label in labels:
            label = f"{base}#{number}"
            number += 1
        labels.append(label)
    return tuple(labels)


def run_tournament(
    games: int,
    bots: Sequence[str | BotFactory],
    rules: Any = None,
    players: int | None = None,
    seed: int = 0,
    *,
    game: str | Game = DEFAULT_GAME,
    match: object = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
) -> TournamentResult:
    """Play ``games`` seeded games of ``game`` between ``bots`` and gather the results in
    game order.

    ``bots`` are bot names (with options, see :func:`~scala40.bots.make_bot`) or bot
    factories; each game builds new bots. ``players`` defaults to the number of bots;
    seats rotate among the bots (see the module's documentation). ``rules`` is a ruleset
    of the game or a preset name (``None``: the game's standard rules); ``match``, for a
    game whose rules have a ``match_format`` option, overrides it
    (:meth:`~scala40.rulesets.RulesetBase.with_match_format`: ``"single"`` for one hand a
    game in Scala 40).

    The games run on ``executor`` if given: any ``concurrent.futures.Executor``,
    such as a process pool or a cluster's executor (it is not shut down). Else they run
    in a new ``ProcessPoolExecutor`` of ``workers`` processes
    (default: one per CPU), or in this process when ``workers`` is 1. Bot factories must
    then be picklable. ``progress(done, total)`` is called in this process as games
    finish. A game still unfinished after ``max_actions`` moves is stopped and counts as
    a game without a winner.

    :type executor: ``concurrent.futures.Executor | None``
    :raises InvalidBotSpecError: a bot name is unknown (see ``scala40.bots.make_bot``).
    :raises InvalidValueError: a count or the number of players is out of range.
    :raises InvalidRulesetError: ``match`` is given for a game without match formats, or
        names none of the game's.
    :raises UnknownGameError: ``game`` names no game.
    """
    found = load_game(game)
    if not (is_int(games) and 0 <= games <= MAX_GAMES):
        raise InvalidValueError(
            f"games must be an integer from 0 to {MAX_GAMES}, got {describe(games)}"
        )
    given: object = bots
    if not isinstance(given, (list, tuple)) or not 1 <= len(given) <= MAX_BOTS:
        raise InvalidValueError(f"expected a list of 1 to {MAX_BOTS} bots, got {describe(bots)}")
    for spec in bots:
        if isinstance(spec, str):
            make_bot(spec, found)  # fail here, not in a worker, on an unknown name
        elif not callable(spec):
            raise InvalidArgumentError(
                f"expected a bot name or a bot factory, got {describe(spec)}"
            )
    if not is_int(seed) or abs(seed) >= 10**MAX_SEED_DIGITS:
        raise InvalidValueError(
            f"seed must be an integer of at most {MAX_SEED_DIGITS} digits, got {describe(seed)}"
        )
    if max_actions is not None and not (is_int(max_actions) and 1 <= max_actions <= 10**9):
        raise InvalidValueError(
            f"max_actions must be an integer from 1 to {10**9}, got {describe(max_actions)}"
        )
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(
            f"executor must be a concurrent.futures.Executor, got {describe(executor)}"
        )
    if workers is not None and not (is_int(workers) and 1 <= workers <= MAX_WORKERS):
        raise InvalidValueError(
            f"workers must be an integer from 1 to {MAX_WORKERS}, got {describe(workers)}"
        )
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(f"progress must be callable, got {describe(progress)}")
    rules = found.resolve_rules(rules)
    if match is not None:
        rules = rules.with_match_format(match)
    count = len(bots) if players is None else players
    if not (is_int(count) and rules.min_players <= count <= rules.max_players):
        raise InvalidValueError(
            f"players must be from {rules.min_players} to {rules.max_players}, "
            f"got {describe(count)}"
        )
    rules_json = json.dumps(rules.to_dict(), sort_keys=True)
    specs = tuple(bots)
    tasks = [
        _GameTask(
            index=index,
            seed=game_seed(seed, index // len(specs)),
            bot_seed=game_seed(seed, index, "bots"),
            game=found.name,
            rules=rules_json,
            players=count,
            seats=tuple((index + seat) % len(specs) for seat in range(count)),
            bots=specs,
            max_actions=max_actions,
        )
        for index in range(games)
    ]
    results = _run_tasks(tasks, executor, workers, progress)
    return TournamentResult(
        bots=_labels(specs),
        rules=rules,
        players=count,
        seed=seed,
        games=tuple(results),
        game=found.name,
    )


def _run_tasks(
    tasks: list[_GameTask],
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[int, int], None] | None,
) -> list[GameResult]:
    total = len(tasks)
    if executor is None:
        workers = workers if workers is not None else min(os.cpu_count() or 1, MAX_WORKERS)
        if not (is_int(workers) and 1 <= workers <= MAX_WORKERS):
            raise InvalidValueError(
                f"workers must be an integer from 1 to {MAX_WORKERS}, got {describe(workers)}"
            )
        if workers == 1 or total <= 1:
            results = []
            for done, task in enumerate(tasks, 1):
                results.append(_play_task(task))
                if progress is not None:
                    progress(done, total)
            return results
        with ProcessPoolExecutor(max_workers=min(workers, total)) as pool:
            return _gather(pool, tasks, progress)
    return _gather(executor, tasks, progress)


def _gather(
    executor: Executor, tasks: list[_GameTask], progress: Callable[[int, int], None] | None
) -> list[GameResult]:
    futures: list[Future[GameResult]] = [executor.submit(_play_task, task) for task in tasks]
    try:
        for done, future in enumerate(as_completed(futures), 1):
            future.result()  # raise a worker's error now
            if progress is not None:
                progress(done, len(tasks))
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [future.result() for future in futures]

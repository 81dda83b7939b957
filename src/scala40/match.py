"""How hands add up to a game: the match formats several games share.

Games differ in how a hand is scored, but the ways totals make a game recur: players
drop out at a limit and the last one left wins (S40-ELIM, RU-ELIM, LC-ELIM); players
who reach the limit may re-enter at the highest total still below it (S40-V-REENTRY,
LC-REENGANCHE); the game stops when someone reaches a limit and the lowest total wins
(S40-V-NOELIM, CH-END); a fixed number of hands is played and the highest total wins
(SK-GAME); partners score as one side. These pure functions decide those questions for
every game, with one reading of ties (C-WINNERS): equal deciding totals share the win.

>>> from scala40.match import ScoreOrder, best_seats, settle_elimination, win_shares
>>> settle_elimination((40, 105, 99), (True, True, True), limit=100)
Settlement(active=(True, False, True), eliminated=(1,), winners=())
>>> best_seats((12, 7, 7), (0, 1, 2), ScoreOrder.LOW)
(1, 2)
>>> win_shares((1, 3), ((0, 2), (1, 3)), 4)
(0.0, 1.0, 0.0, 1.0)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError

__all__ = [
    "GAME_UNITS",
    "ScoreOrder",
    "Settlement",
    "best_seats",
    "game_unit",
    "highest_below",
    "reached",
    "settle_elimination",
    "singles",
    "team_of",
    "win_shares",
]


class ScoreOrder(enum.Enum):
    """Which totals are better in a game."""

    LOW = "low"
    """The lowest totals are best (penalty points: Scala 40, Rumino, Chinchón, La Conga)."""
    HIGH = "high"
    """The highest totals are best (points won: Skarney)."""


@attrs.frozen
class Settlement:
    """Who is still in after a hand, who dropped out in it, and who won (if it is over)."""

    active: tuple[bool, ...]
    eliminated: tuple[int, ...]
    winners: tuple[int, ...]
    """Empty while the game goes on."""


GAME_UNITS = ("hand", "match")
"""What can decide a game: one hand, or a whole match (:func:`game_unit`)."""


def game_unit(rules: Any) -> str:
    """What decides a game under ``rules`` (any game's ruleset), and so the unit a bot's
    strength is counted in: ``"hand"`` where one hand is the whole game (its
    ``most_hands`` is 1: Scala 40's single hand, S40-V-SINGLE), else ``"match"``: hands
    that add up to a target, an elimination or a set number of hands (Skarney's game of
    seven, SK-GAME). A bot that wins hands can lose matches: what it keeps in hand costs
    points when another player goes out.

    >>> import scala40
    >>> from scala40.match import game_unit
    >>> game_unit(scala40.Ruleset()), game_unit(scala40.Ruleset(match_format="single"))
    ('match', 'hand')

    :raises InvalidArgumentError: ``rules`` is not a ruleset (it has no ``most_hands``).
    """
    try:
        most = rules.most_hands
    except AttributeError:
        raise InvalidArgumentError(f"expected a ruleset, got {describe(rules)}") from None
    return "hand" if most == 1 else "match"


def singles(player_count: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a game played alone: one seat each.

    >>> from scala40.match import singles
    >>> singles(3)
    ((0,), (1,), (2,))
    """
    return tuple((seat,) for seat in range(player_count))


def team_of(teams: Sequence[Sequence[int]], seat: int) -> tuple[int, ...]:
    """The side ``seat`` plays for.

    >>> from scala40.match import team_of
    >>> team_of(((0, 2), (1, 3)), 3)
    (1, 3)
    """
    for team in teams:
        if seat in team:
            return tuple(team)
    raise InvalidValueError(f"seat {describe(seat)} is on no side of {describe(teams)}")


def reached(
    totals: Sequence[int], seats: Sequence[int], limit: int, *, inclusive: bool = True
) -> tuple[int, ...]:
    """The seats of ``seats`` whose total reached ``limit`` (or passed it, when not
    ``inclusive``: "more than 100" rather than "100 or more").

    >>> from scala40.match import reached
    >>> reached((100, 101, 99), (0, 1, 2), 100), reached((100, 101, 99), (0, 1, 2), 100, inclusive=False)
    ((0, 1), (1,))
    """
    if inclusive:
        return tuple(seat for seat in seats if totals[seat] >= limit)
    return tuple(seat for seat in seats if totals[seat] > limit)


def best_seats(totals: Sequence[int], seats: Sequence[int], order: ScoreOrder) -> tuple[int, ...]:
    """The seats of ``seats`` with the best total, ties sharing (C-WINNERS).

    >>> from scala40.match import ScoreOrder, best_seats
    >>> best_seats((30, 80, 80), (0, 1, 2), ScoreOrder.HIGH)
    (1, 2)
    """
    if not seats:
        return ()
    values = [totals[seat] for seat in seats]
    best = min(values) if order is ScoreOrder.LOW else max(values)
    return tuple(seat for seat in seats if totals[seat] == best)


def highest_below(
    totals: Sequence[int], seats: Sequence[int], limit: int, *, inclusive: bool = True
) -> int | None:
    """The highest total among ``seats`` still short of ``limit`` (the total players
    re-enter at: S40-V-REENTRY, LC-REENGANCHE), or ``None`` if none is.

    >>> from scala40.match import highest_below
    >>> highest_below((40, 120, 95), (0, 1, 2), 100)
    95
    """
    out = set(reached(totals, seats, limit, inclusive=inclusive))
    below = [totals[seat] for seat in seats if seat not in out]
    return max(below) if below else None


def settle_elimination(
    totals: Sequence[int],
    active: Sequence[bool],
    limit: int,
    *,
    inclusive: bool = True,
    spared: Sequence[int] = (),
) -> Settlement:
    """Players still in whose total reached ``limit`` drop out; the last one left wins.

    ``spared`` seats do not drop out this time (they re-enter instead). If the hand
    leaves nobody in, the lowest total among the players it put out wins, ties sharing
    (C-WINNERS).

    >>> from scala40.match import settle_elimination
    >>> settle_elimination((120, 150, 90), (True, True, False), limit=100)
    Settlement(active=(False, False, False), eliminated=(0, 1), winners=(0,))
    """
    seats = [seat for seat, playing in enumerate(active) if playing]
    out = tuple(seat for seat in reached(totals, seats, limit, inclusive=inclusive)
                if seat not in spared)  # fmt: skip
    still = [seat for seat in seats if seat not in out]
    new_active = tuple(playing and seat not in out for seat, playing in enumerate(active))
    if len(still) == 1:
        winners: tuple[int, ...] = (still[0],)
    elif not still:
        winners = best_seats(totals, out, ScoreOrder.LOW)
    else:
        winners = ()
    return Settlement(new_active, out, winners)


def win_shares(
    winners: Sequence[int], teams: Sequence[Sequence[int]], player_count: int
) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for the winning side split equally among the
    winning sides (tied sides share), given to every seat of those sides; 0 elsewhere.

    A game's ``returns()`` at its end: the sum over sides is always 1, so the returns of
    a game are constant-sum, partners' equal.

    >>> from scala40.match import win_shares
    >>> win_shares((0, 2), ((0,), (1,), (2,)), 3)
    (0.5, 0.0, 0.5)
    >>> win_shares((), ((0,), (1,)), 2)
    (0.0, 0.0)
    """
    winning = [team for team in teams if any(seat in winners for seat in team)]
    shares = [0.0] * player_count
    for team in winning:
        for seat in team:
            shares[seat] = 1.0 / len(winning)
    return tuple(shares)

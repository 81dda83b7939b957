"""What one player of Rumino, Chinchón or La Conga sees, as numbers and as text, for
learning agents.

:data:`OBSERVATION` is the :class:`~scala40.game.ObservationEncoding` of the three knock
games (the ``observation`` of their :class:`~scala40.game.Game` records): one layout for
all three, so that one agent can learn any of them; what differs between the games (the
deck, the wild cards, the values of the cards, the limit of the totals, re-entries, the
Rumino's claims) is read from the ruleset's
:class:`~scala40.games._knock.profile.KnockRules`, as data. Everything comes from a
player's view (:class:`~scala40.games._knock.view.PlayerView`), so nothing the player may
not know can leak into it. Seats are counted from the viewing player: the player's own
number first, then the next player's in play order, and so on.

>>> from scala40.games import chinchon
>>> from scala40.adapters.observation.knock import OBSERVATION
>>> state = chinchon.new_game(players=2, seed=1)
>>> fields = OBSERVATION.fields(state.rules, 2)
>>> [field.name for field in fields][5:7], sum(field.size for field in fields)
(['wild', 'values'], 416)
>>> print(OBSERVATION.text(state.view(0)).splitlines()[1])
hand: 2S 3S KS 5H 5D AC 4C
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from scala40._wording import cards_text, ints_text
from scala40.adapters.observation.base import (
    CARD_CODES,
    SEATS,
    Block,
    ObservationBase,
    Row,
    Seen,
    Write,
    last_points,
)
from scala40.adapters.observation.rows import (
    LayoutBase,
    clipped,
    float_bytes,
    mark_rows,
    seats_row,
)
from scala40.cards import CARD_NAMES, Card
from scala40.game import ObservationField
from scala40.games._knock.phases import (
    DEAL,
    OVER,
    PLAY,
    REENTRY,
    HandEnd,
    HandResult,
    Phase,
    Showing,
)
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.view import PlayerView

__all__ = ["CARD_CODES", "OBSERVATION", "KnockObservation"]

_ENDS = tuple(end for end in HandEnd if end is not HandEnd.BLOCKED)
"""The hand ends ``last_end`` marks: a blocked hand (``turn_limit``) marks none, which
keeps one layout for every ruleset, whether it has a turn limit or not."""
_END_ROWS = {id(end): row for end, row in zip(_ENDS, mark_rows(len(_ENDS)), strict=False)}
"""The ``last_end`` block of each end that has one, by the member's identity (hashing an
enum member runs Python code, ``id`` does not)."""
_NO_END = mark_rows(len(_ENDS))[-1]
_CARDS = ("cards",)
_SCALE_CAP = 4.0
"""Totals and points are given as fractions of the limit, clipped to this either way."""
_REENTRY_CAP = 10
"""Re-entries are given as fractions of this, capped at 1."""
_VALUE_SCALE = 50
"""Card values are given as fractions of this, capped at 1."""

# Where the fixed card blocks start: the card blocks come first, in this order.
_WILD, _VALUES = (index * CARD_CODES for index in (5, 6))


@attrs.frozen
class _Layout(LayoutBase):
    """What the encoding of one ruleset and number of players needs, computed once (its
    ``start`` sets the ``wild`` and ``values`` blocks, fixed by the rules)."""

    limit: int
    """The total the scores are measured against."""
    gin_streak: int
    reentry: int | None


class KnockObservation(ObservationBase[Any, _Layout]):
    """The numbers and the text of a knock game's player view (see :meth:`fields` for
    the blocks, in order)."""

    PHASES: ClassVar[tuple[Any, ...]] = tuple(Phase)
    BLOCKS: ClassVar[tuple[Block | str, ...]] = (
        Block("wild", _CARDS, "the wild card codes"),
        Block("values", _CARDS, "each card code's unmatched value over 50"),
        "hand_sizes",
        "stock_size",
        Block("active", SEATS, "who is still in the game"),
        Block("scores", SEATS, "totals over the limit", -_SCALE_CAP, _SCALE_CAP),
        Block("last_points", SEATS, "last hand's points", -_SCALE_CAP, _SCALE_CAP),
        Block("winners", SEATS, "who won the game"),  # written with the scores
        "to_move",
        "turn",
        "dealer",
        "turns_played",
        Block("pending", SEATS, "who still decides out of turn"),
        Block("reentries", SEATS, "re-entries made"),
        Block("may_reenter", SEATS, "who may still re-enter"),
        Block("gins", SEATS, "gins in a row from the first hand"),
        Block("last_closer", SEATS, "who ended the previous hand"),
        Block("last_end", (len(_ENDS),), "how the previous hand ended (none for a blocked hand)"),
        "phase",
        Block("reentry_total", (1,), "the total of a re-entry", -_SCALE_CAP, _SCALE_CAP),
        "hand_number",
    )

    def fields(self, rules: Any, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks, for ``rules`` (a Rumino, Chinchón or La Conga ruleset) and
        ``player_count`` seats (``n``), in this order:

        * ``hand`` (53): copies of each card code in the player's hand;
        * ``unseen`` (53): copies of each card code the player cannot place: the other
          hands and the stock together (before a deal, the deck). Not unseen: the
          player's cards, the discard pile, the card another player took from the pile
          this turn (seen by all), and every hand once shown at the end of a hand;
        * ``discard`` (53): copies of each card code in the discard pile;
        * ``discard_top`` (53): 1 for the top card of the discard pile: the card a draw
          from the pile takes (RU-TURN, CH-TURN), the discard a Rumino claims at a claim
          (RU-RUMINO);
        * ``taken`` (53): 1 for the card the player to move took from the discard pile
          this turn (RU-TURN, CH-TURN), seen by all;
        * ``wild`` (53): 1 for each card code of the deck that is wild under these rules
          (RU-DECK, CH-DECK): the same in every state of a game;
        * ``values`` (53): what each card code costs left unmatched (RU-VALUES,
          CH-VALUES), over 50, capped at 1: the same in every state of a game;
        * ``hand_sizes`` (n): cards held by each seat, the player first;
        * ``stock_size`` (1): cards left in the stock;
        * ``active`` (n): 1 for each seat still in the game (RU-ELIM, LC-ELIM);
        * ``scores`` (n): each seat's total as a fraction of the limit that ends the game
          or puts a player out (RU-ELIM, CH-END, LC-ELIM), clipped to -4 and 4 (gins and
          closes with every card matched take points off);
        * ``last_points`` (n): the points each seat took in the previous hand, scaled as
          ``scores`` (RU-SCORE, CH-SCORE);
        * ``winners`` (n): 1 for each winner, once the game is over;
        * ``to_move`` (n): 1 for the seat that decides now, in turn or out of turn (none
          at a chance step or the end);
        * ``turn`` (n): 1 for the seat whose turn it is (at a claim, the discarder; at a
          deal, the dealer);
        * ``dealer`` (n): 1 for the dealer (RU-DEAL, CH-DEAL);
        * ``turns_played`` (n): turns each seat has completed this hand, over 100, capped
          at 1 (no knock on a first turn, RU-KNOCK; CH-CLOSE's first round);
        * ``pending`` (n): 1 for each seat still to decide out of turn: the claimants of
          a discard that completes their Rumino (RU-RUMINO, ``rumino_claim="decision"``)
          or the players deciding whether to re-enter (LC-REENGANCHE); they decide in
          play order, ``to_move`` first;
        * ``reentries`` (n): re-entries each seat has made, over 10, capped at 1
          (LC-REENGANCHE);
        * ``may_reenter`` (n): 1 for each seat the rules still allow a re-entry
          (``reentry`` re-entries each, or any number): all 0 where there are none;
        * ``gins`` (n): for the seat that went gin in every hand so far, how many, over
          the gins that win the game (RU-GINSTREAK), capped at 1; all 0 in Chinchón and
          La Conga;
        * ``last_closer`` (n): 1 for the seat that knocked, closed or held the Rumino in
          the previous hand;
        * ``last_end`` (7): 1 for how the previous hand ended: knock, gin, close, all
          matched, wild chinchón, chinchón, Rumino;
        * ``phase`` (7): 1 for the phase: deal, draw, play, claim, restock, reentry,
          over;
        * ``reentry_total`` (1): while re-entries are decided, the total a player
          re-enters at (LC-REENGANCHE), scaled as ``scores``;
        * ``hand_number`` (1): the hand being played, over 100, capped at 1.

        Every block lies between its ``low`` and ``high``: 0 and the most copies of a
        card in the deck for card counts, 0 and the deck's size for the stock, 0 and one
        more than a hand's size for hand sizes, -4 and 4 for the totals and points, 0 and
        1 otherwise.

        The numbers leave out two things of the view, which its text holds: the order of
        the discard pile below its top card (nobody can take those cards), and the
        details of the previous hand beyond who ended it, how, and each seat's points
        (the melds and cards everyone showed).
        """
        return self._fields_of(rules, player_count)

    def _deck(self, rules: Any) -> Any:
        return _profile(rules).deck

    def _block_sizes(self, rules: Any, player_count: int) -> dict[str, float]:
        sizes = super()._block_sizes(rules, player_count)
        sizes["held"] = _profile(rules).hand_size + 1
        return sizes

    def _own_writes(self) -> tuple[Write, ...]:
        return (
            Seen(_SHOWN, _shown_cards, ("phase", "last_hand")),
            Row(_STANDING, _STANDING_INPUTS, _standing, "last_hand"),
            Row(_RECORDS, ("reentries", "gins", "last_hand"), _records, "last_hand"),
            Row("last_end", "last_hand", _last_end_row, "last_hand"),
            Row("pending", "pending", seats_row),
            Row("reentry_total", "reentry_total", _reentry_total_row),
        )

    def _new_layout(self, rules: Any, player_count: int) -> _Layout:
        profile = _profile(rules)
        _, start = self._start(rules, player_count, profile.deck.cards)
        for card in profile.wild_cards:
            if card in profile.deck.cards:  # the joker is wild, but not every deck has one
                start[_WILD + card] = 1.0
        for card, value in enumerate(profile.values):
            start[_VALUES + card] = min(max(value, 0) / _VALUE_SCALE, 1.0)
        return _Layout(
            **self._common(rules, player_count, start),
            limit=max(profile.limit, 1),
            gin_streak=rules.gin_streak or 1,  # without a streak win, no gin counts
            reentry=rules.reentry,
        )

    def _own_lines(self, view: PlayerView) -> tuple[str, ...]:
        taken = "-" if view.taken is None else CARD_NAMES[view.taken]
        return (
            f"discard: {cards_text(view.discard)}; taken: {taken}",
            f"turns: {ints_text(view.turns_played)}; active: {ints_text(view.active)}",
            f"scores: {ints_text(view.scores)}; winners: {ints_text(view.winners)}",
            f"reentries: {ints_text(view.reentries)}; gins: {ints_text(view.gins)}",
            f"pending: {ints_text(view.pending)}; reentry total: {view.reentry_total}",
        )

    def _hand_words(self, last: HandResult) -> str:
        discard = "-" if last.discard is None else CARD_NAMES[last.discard]
        return (
            f"{last.hand_number} {last.end.value} closer {last.closer} points "
            f"{ints_text(last.points)} discard {discard} busted {ints_text(last.busted)} out "
            f"{ints_text(last.eliminated)} back {ints_text(last.reentered)} hands "
            f"{self._seats_cards_words(last.hands)} shown "
            + " / ".join(_showing(shown) for shown in last.shown)
        )


_ZERO = bytes(4)
_SHOWN = ("taken", "phase", "turn", "last_hand", "hand_number")
"""What the cards seen outside the blocks depend on."""


def _shown_cards(
    layout: _Layout,
    me: int,
    taken: Card | None,
    phase: Phase,
    turn: int,
    last: HandResult | None,
    hand_number: int,
) -> tuple[Card, ...]:
    """The cards the ``unseen`` block leaves out besides the hand and the pile: the card
    the player to move took, and every hand once shown."""
    if taken is not None and phase is PLAY and turn != me:
        return (taken,)  # in the hand of the player to move
    if last is not None and (
        phase is REENTRY or phase is OVER or (phase is DEAL and hand_number > 0)
    ):
        # Every hand is shown once the hand is scored, until the next deal.
        return tuple(
            [card for seat, cards in enumerate(last.hands) if seat != me for card in cards]
        )
    return ()


_STANDING = ("active", "scores", "last_points", "winners")
_STANDING_INPUTS = ("active", "scores", "last_hand", "winners")


def _standing(
    layout: _Layout,
    me: int,
    active: tuple[bool, ...],
    scores: tuple[int, ...],
    last: HandResult | None,
    winners: tuple[int, ...],
) -> bytes:
    """The ``active``, ``scores``, ``last_points`` and ``winners`` blocks of seat ``me``
    (they follow one another and change between hands only)."""
    limit = layout.limit
    seats = layout.seats_from(me)
    standing = [float(active[seat]) for seat in seats]
    standing.extend([clipped(scores[seat] / limit, _SCALE_CAP) for seat in seats])
    standing.extend(last_points(last, seats, lambda points: clipped(points / limit, _SCALE_CAP)))
    standing.extend([1.0 if seat in winners else 0.0 for seat in seats])
    return float_bytes(standing)


_RECORDS = ("reentries", "may_reenter", "gins", "last_closer")


def _records(
    layout: _Layout,
    me: int,
    reentries: tuple[int, ...],
    gins: tuple[int, ...],
    last: HandResult | None,
) -> bytes:
    """The ``reentries``, ``may_reenter``, ``gins`` and ``last_closer`` blocks of seat
    ``me`` (they follow one another and change between hands only)."""
    streak = layout.gin_streak
    allowed = layout.reentry
    closer = last.closer if last is not None else None
    seats = layout.seats_from(me)
    records = [min(reentries[seat], _REENTRY_CAP) / _REENTRY_CAP for seat in seats]
    records.extend(
        [1.0 if allowed is None or reentries[seat] < allowed else 0.0 for seat in seats]
    )
    records.extend([min(gins[seat], streak) / streak for seat in seats])
    records.extend([1.0 if seat == closer else 0.0 for seat in seats])
    return float_bytes(records)


def _last_end_row(layout: _Layout, me: int, last: HandResult | None) -> bytes:
    return _NO_END if last is None else _END_ROWS.get(id(last.end), _NO_END)


def _reentry_total_row(layout: _Layout, me: int, total: int) -> bytes:
    return float_bytes((clipped(total / layout.limit, _SCALE_CAP),)) if total else _ZERO


def _profile(rules: Any) -> KnockRules:
    profile: KnockRules = rules.profile  # any knock game's ruleset has one
    return profile


def _showing(shown: Showing | None) -> str:
    if shown is None:
        return "-"
    melds = ", ".join(
        f"{meld.kind.value} "
        + " ".join(
            f"{CARD_NAMES[card]}={CARD_NAMES[rep]}"
            for card, rep in zip(meld.cards, meld.represented)
        )
        for meld in shown.melds
    )
    layoffs = ", ".join(
        f"{CARD_NAMES[layoff.card]}={CARD_NAMES[layoff.represents]} on "
        f"{layoff.owner}#{layoff.meld}"
        for layoff in shown.layoffs
    )
    return f"melds [{melds}] layoffs [{layoffs}] unmatched [{cards_text(shown.unmatched)}]"


OBSERVATION = KnockObservation()
"""The knock games' observation encoding, as their game records carry it."""

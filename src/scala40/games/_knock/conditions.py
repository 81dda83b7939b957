"""The conditions of a knock and of a close, each written once (internal).

A hand of Rumino ends on a knock (RU-KNOCK), one of Chinchón or La Conga on a close
(CH-CLOSE, LC-CLOSECAP), and only under conditions. Each condition is one predicate
here, citing its rule; every part of the engine that meets it asks the predicate:

* the engine (:mod:`~scala40.games._knock.engine`), to refuse a move, in the words of
  :func:`close_turn_refusal`, :func:`close_refusal`, :func:`knock_turn_refusal` and
  :func:`knock_refusal`;
* the move generator (:mod:`~scala40.games._knock.generate`), to list the knocks and
  the closes;
* the arrangement search (:mod:`~scala40.games._knock.arrange`), to prune the
  arrangements of a close and to judge a knock's hand;
* the bound on bit masks (:mod:`~scala40.games._knock.loose`), to skip the search when
  the cards no meld can hold already break a condition.

So the moves listed and the moves accepted cannot drift apart, and a new condition is
one predicate here, asked where it applies (a test of the protocol suite holds the
engine, the generator and the search to each other for every preset).

==========================================  ==================  =========================
condition                                   rule                asked by
==========================================  ==================  =========================
:func:`close_barred_this_turn`              CH-CLOSE Decision   engine, generator
:func:`banned_discard`                      RU-TURN, CH-TURN    engine, generator
:func:`keeps_two_wilds`                     CH-CLOSE            engine, generator
:func:`close_value_allowed`                 CH-CLOSE            engine, search, bound
:func:`close_count_allowed`                 CH-CLOSE            engine, search, bound
:func:`cap_bars_close`                      LC-CLOSECAP         engine, generator
:func:`knock_barred_this_turn`              RU-KNOCK            engine, generator
:func:`knock_value_allowed`                 RU-KNOCK            search, bound
:func:`knock_melded_allowed`                RU-KNOCK            search, bound
==========================================  ==================  =========================

The conditions on the unmatched value and on the count of cards are monotone: cards
that break them break them with more cards beside, so the search and the bound ask
them of what they know so far (a partial sum, the cards no meld can hold), and prune.

Each reads the options it needs from the game's ruleset itself, where each option is
declared once: an option of the games that close (``close_limit``) from a ruleset
narrowed to theirs (:class:`~scala40.games._knock.spanish.SpanishRules`), one of the
games that knock (``knock_limit``) from theirs
(:class:`~scala40.games._knock.knocking.KnockingRules`), La Conga's own
(``close_cap``) from hers (:class:`~scala40.games._knock.spanish.CongaRules`).

>>> from scala40.games.chinchon import Ruleset
>>> from scala40.games._knock.conditions import close_count_allowed, close_value_allowed
>>> rules = Ruleset(close_max_unmatched=1)
>>> close_value_allowed(rules, 5), close_value_allowed(rules, 6)
(True, False)
>>> close_count_allowed(rules, 1), close_count_allowed(rules, 2)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from scala40.cards import Card, format_cards
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.spanish import CongaRules, SpanishRules
from scala40.games._knock.state_record import KnockRecord

__all__ = [
    "Refusal",
    "banned_discard",
    "cap_bars_close",
    "close_barred_this_turn",
    "close_count_allowed",
    "close_refusal",
    "close_turn_refusal",
    "close_value_allowed",
    "keeps_two_wilds",
    "knock_barred_this_turn",
    "knock_melded_allowed",
    "knock_refusal",
    "knock_turn_refusal",
    "knock_value_allowed",
]

Refusal = tuple[str, str]
"""Why a move is refused: the rule it breaks and the reason, in words."""


# ---------------------------------------------------------------- the turn


def banned_discard(state: KnockRecord) -> Card | None:
    """The card the player to move may not discard, face up or face down: the one just
    taken from the discard pile, when the rules forbid discarding it and he holds no
    other copy (RU-TURN, CH-TURN Decision: ``discard_taken_card``)."""
    taken = state.taken
    if taken is None or state.rules.discard_taken_card:
        return None
    return taken if state.hands[state.turn].count(taken) < 2 else None


# ---------------------------------------------------------------- a close


def close_barred_this_turn(state: KnockRecord) -> bool:
    """Whether the player to move may not close at all this turn: it is his first turn
    of the hand and the rules want a round played first (CH-CLOSE Decision:
    ``close_first_round``)."""
    rules = state.rules
    return (
        isinstance(rules, SpanishRules)
        and not rules.close_first_round
        and state.turns_played[state.turn] == 0
    )


def keeps_two_wilds(rules: SpanishRules, kept: Iterable[Card]) -> bool:
    """Whether a close keeping the cards ``kept`` (the hand less the card discarded face
    down) is barred for keeping two wild cards (CH-CLOSE, x:conecta:
    ``forbid_close_with_two_wilds``)."""
    if not rules.forbid_close_with_two_wilds:
        return False
    wilds = rules.profile.wild_cards
    return sum(1 for card in kept if card in wilds) >= 2


def close_value_allowed(rules: SpanishRules, value: int) -> bool:
    """Whether a close may leave unmatched cards worth ``value`` (CH-CLOSE:
    ``close_limit``). Monotone: ``value`` may be a lower bound of what a close leaves.
    The hot loops (the generator's bound, the search's pruning) read it as data, the
    comparison with ``rules.close_limit``, as they read :func:`close_count_allowed`."""
    return value <= rules.close_limit


def close_count_allowed(rules: SpanishRules, count: int) -> bool:
    """Whether a close may leave ``count`` cards unmatched (CH-CLOSE, "one loose card":
    ``close_max_unmatched``, as the number the profile works out from it,
    ``close_most_unmatched``). Monotone, as :func:`close_value_allowed`."""
    return count <= rules.profile.close_most_unmatched


def cap_bars_close(state: KnockRecord, value: int) -> bool:
    """Whether a close of the player to move leaving ``value`` unmatched is barred for
    bringing his total to the limit, not every card being in melds (LC-CLOSECAP:
    ``close_cap``, La Conga's)."""
    rules = state.rules
    return (
        isinstance(rules, CongaRules)
        and rules.close_cap
        and bool(value)
        and rules.profile.reaches(state.scores[state.turn] + value)
    )


def close_turn_refusal(state: KnockRecord, card: Card) -> Refusal | None:
    """Why the player to move may not close this turn discarding ``card`` face down,
    before his melds are read (:func:`close_barred_this_turn`, :func:`banned_discard`);
    ``None`` if he may try."""
    if close_barred_this_turn(state):
        return "CH-CLOSE", "nobody may close on his first turn of a hand"
    if card == banned_discard(state):
        return "CH-TURN", "the card just taken from the discard pile may not be discarded again"
    return None


def close_refusal(
    state: KnockRecord,
    rules: SpanishRules,
    kept: tuple[Card, ...],
    left: tuple[Card, ...],
    value: int,
) -> Refusal | None:
    """Why a close of the player to move under ``rules`` (the state's) keeping ``kept``
    and leaving the cards ``left`` unmatched, worth ``value``, is refused: the first
    condition it breaks, in this order (:func:`close_value_allowed`,
    :func:`close_count_allowed`, :func:`keeps_two_wilds`, :func:`cap_bars_close`);
    ``None`` if it breaks none."""
    if not close_value_allowed(rules, value):
        return "CH-CLOSE", (
            f"the unmatched cards ({format_cards(left)}) are worth {value}, over "
            f"{rules.close_limit}"
        )
    if not close_count_allowed(rules, len(left)):
        return "CH-CLOSE", (
            f"{len(left)} cards are unmatched; a close leaves {rules.close_max_unmatched} at most"
        )
    if keeps_two_wilds(rules, kept):
        return "CH-CLOSE", "no close keeping two wild cards"
    if cap_bars_close(state, value):
        total = state.scores[state.turn] + value
        return "LC-CLOSECAP", (
            f"the close would bring the total to {total}, reaching the limit {rules.profile.limit}"
        )
    return None


# ---------------------------------------------------------------- a knock


def knock_barred_this_turn(state: KnockRecord) -> bool:
    """Whether the player to move may not knock at all this turn: it is his first turn
    of the hand (RU-KNOCK)."""
    return state.turns_played[state.turn] < 1


def knock_value_allowed(rules: KnockingRules, value: int) -> bool:
    """Whether a knocking hand may leave unmatched cards worth ``value`` (RU-KNOCK:
    ``knock_limit``). Monotone: ``value`` may be a lower bound."""
    return value <= rules.knock_limit


def knock_melded_allowed(rules: KnockingRules, melded: int) -> bool:
    """Whether a knocking hand may hold ``melded`` cards in melds (RU-KNOCK, the
    majority: ``knock_min_melded``). Monotone: ``melded`` may be an upper bound. The
    generator's bound reads it, and :func:`knock_value_allowed`, as data (the
    comparisons with ``knock_min_melded`` and ``knock_limit``: it is asked at every
    draw)."""
    return melded >= rules.knock_min_melded


def knock_turn_refusal(state: KnockRecord) -> Refusal | None:
    """Why the player to move may not knock this turn, whatever his hand
    (:func:`knock_barred_this_turn`); ``None`` if he may try."""
    if knock_barred_this_turn(state):
        return "RU-KNOCK", "nobody may knock on his first turn of a hand"
    return None


def knock_refusal(rules: KnockingRules, least: int) -> Refusal:
    """Why a hand that has no knock is refused one, ``least`` being the least value it
    leaves unmatched with any number of cards in melds: its cards are worth too much
    (:func:`knock_value_allowed`), or too few of them are in melds when they are not
    (:func:`knock_melded_allowed`)."""
    if knock_value_allowed(rules, least):
        return "RU-KNOCK", (
            f"a knock needs at least {rules.knock_min_melded} cards in melds with "
            f"{rules.knock_limit} or less unmatched"
        )
    return (
        "RU-KNOCK",
        f"the unmatched cards are worth {least} at least, over {rules.knock_limit}",
    )

"""The lookahead: no move of a Scala 40 turn may lead where the turn cannot end
(S40-TURN, S40-OPEN, S40-DRAW-DISCARD, S40-CLOSE) (internal).

The engine asks it once a handler has made a move (:func:`refuse_dead_end`,
:func:`take_refusal`); the generator asks it of the moves it cannot settle by the hand
size alone. A move is only legal if the turn can still end after it: a meld of a player
who has not opened must leave the opening threshold within reach (S40-OPEN), a card
taken from the discard pile must stay usable (S40-DRAW-DISCARD), and a card must remain
to discard (S40-CLOSE), or two during the first round (S40-FIRST-ROUND).

Quick answers settle nearly every position (:func:`can_finish`, :func:`direct_use`);
the rest are searched by the turn's one depth-first search
(:mod:`~scala40.games.scala40.turn`), whose goal here is "the turn can end".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any, Final

from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card
from scala40.errors import IllegalMoveError, SearchLimitError
from scala40.games.scala40.budget import BOUND_WORK, WorkBudget, call_budget, shared_budget
from scala40.games.scala40.conditions import (
    bans_bite,
    card_to_meld,
    cards_to_keep,
    final_keep,
    fits_after,
    opening_unfinished,
    turn_end,
)
from scala40.games.scala40.discarding import discard_allowed
from scala40.games.scala40.hand.opening import can_open_sorted
from scala40.games.scala40.hand.tables import melds_with_card, sorted_hand_melds
from scala40.games.scala40.handling import hand_without, illegal, with_card
from scala40.games.scala40.melding import (
    apply_lay_off,
    apply_put_down,
    apply_split,
    apply_swap,
    repeats_a_four_of_a_kind,
)
from scala40.games.scala40.moves import Move, put_down_of
from scala40.games.scala40.phases import PLAY
from scala40.games.scala40.state_record import StateRecord
from scala40.games.scala40.table.chains import grown_meld
from scala40.games.scala40.table.offers import card_mask, jokers_standing, table_info
from scala40.games.scala40.table.splits import split_moves
from scala40.games.scala40.turn import TurnSearch
from scala40.melds import Meld, MeldRules
from scala40.melds._members import HIGH_END, LOW_END, SEQUENCE_KIND

__all__ = [
    "can_finish",
    "direct_use",
    "melding_moves",
    "refuse_dead_end",
    "searched_moves",
    "take_refusal",
    "try_move",
]


# -- what the engine asks ----------------------------------------------------------------


def refuse_dead_end(state: StateRecord, move: Move, new: StateRecord) -> None:
    """Raise the :class:`~scala40.IllegalMoveError` of ``move``, a melding move the
    handler made from ``state`` to ``new``, if the turn cannot end after it."""
    if new.phase is PLAY and new.turn == state.turn and not can_finish(new):
        raise _dead_end(new, move)


def _dead_end(state: StateRecord, move: Move) -> IllegalMoveError:
    """The error of ``move``, which led to ``state``, where the turn cannot end: the
    first of its duties it can no longer meet."""
    taken = card_to_meld(state)
    if taken is not None:
        rule = "S40-DRAW-DISCARD"
        why = (
            f"afterwards {CARD_NAMES[taken]}, taken from the discard pile, "
            "can no longer be melded this turn"
        )
    elif opening_unfinished(state):
        rule = "S40-OPEN"
        why = (
            f"afterwards the opening ({state.opening_value} so far) can no longer reach "
            f"{state.rules.opening_threshold}"
        )
    elif not state.may_close:
        rule, why = "S40-FIRST-ROUND", "nobody may close in the first round: keep two cards"
    else:
        rule, why = "S40-CLOSE", "a card must be left to discard"
    return illegal(move, rule, why)


def take_refusal(state: StateRecord, new: StateRecord) -> tuple[str, str] | None:
    """Why the card taken from the discard pile (``state`` before the take, ``new``
    after it) leads nowhere: the rule and the reason, or ``None`` if the turn can go on
    with it (S40-DRAW-DISCARD, S40-V-EARLYDISCARD)."""
    try:
        # Under the discard bans the moves of the turn after the take are listed with
        # every one's lookahead searched (searched_moves): the take leads on when that
        # list, made within the budget, holds a move, so that no position the game
        # reaches fails to list its moves.
        usable = bool(searched_moves(new)) if bans_bite(state.rules) else can_finish(new)
        if usable:
            return None  # the usual answer, asked at every take: no reason is written
        settled = True
    except SearchLimitError:
        # The documented bound of the lookahead: a take that cannot be shown to lead on
        # within MAX_SEARCH_WORK is refused, and the player draws from the stock, so
        # that the game never stops at a position whose moves cannot be listed.
        settled = False
    opened = state.opened[state.turn]
    rule = "S40-DRAW-DISCARD" if opened else "S40-V-EARLYDISCARD"
    use = "melded" if opened else "part of an opening"
    name = CARD_NAMES[new.taken or 0]
    if settled:
        return rule, f"{name} cannot be {use} this turn with a card left to discard"
    return rule, (
        f"whether {name} can be {use} this turn with a card left to discard cannot "
        "be settled within the work budget (MAX_SEARCH_WORK)"
    )


# -- whether the turn can end ------------------------------------------------------------


def _finish_now(state: StateRecord) -> bool:
    """Whether the turn can end with a discard right now (S40-DISCARD, its bans and their
    lift: :func:`~scala40.games.scala40.discarding.discard_allowed`)."""
    if card_to_meld(state) is not None or opening_unfinished(state):
        return False
    return len(state.hands[state.turn]) >= cards_to_keep(state) and discard_allowed(state)


def can_finish(state: StateRecord) -> bool:
    """Whether the player to move can still end this turn legally (no dead ends).

    The S40-DISCARD decision lifts the discard bans for a player left with only banned
    cards, but for a closing discard banned by S40-V-PLAYABLE's closing switch: the
    lookahead reads the same lift as the list of moves (:func:`bans_bite` says when a
    ban can stop a turn at all).
    """
    player = state.turn
    hand = state.hands[player]
    keep = cards_to_keep(state)
    must_use = state.taken_must_use and not state.taken_used
    rules = state.rules
    if state.opened[player]:
        if not must_use and len(hand) >= keep and (not bans_bite(rules) or discard_allowed(state)):
            return True
        if must_use:
            verdict = direct_use(state, hand, state.taken)  # type: ignore[arg-type]
            if verdict is not None:
                return verdict
        return _search_from(state)
    if not must_use and not state.opening_value:
        return len(hand) >= keep
    if bans_bite(rules):
        return _search_from(state)
    return _opening_reachable(state)


def _search_from(state: StateRecord) -> bool:
    """Search the rest of the turn for a way to end it (:class:`_Finish`), within the
    call's budget. The positions of this turn from which a search found no way to end
    it are remembered for the rest of the call, and so are those from which one did:
    the lookahead of every move of a list asks again about the same positions."""
    with shared_budget() as budget:
        turn = (state.hand_number, state.turn, state.turns_played, state.taken)
        failed = budget.memo.setdefault((_FINISH_SEARCH, turn, state.taken_must_use), set())
        finished = budget.memo.setdefault((_FINISHED, turn, state.taken_must_use), set())
        goal = _Finish(budget)
        search: TurnSearch[StateRecord] = TurnSearch(goal, budget, set(failed), finished)
        goal.seen = search.seen
        found = search.run(state) is not None
        if found:
            # The positions on the way found end the turn too; every other one met has
            # no way to end it (the search leaves a position only once it is settled).
            finished.update(search.path)
            failed.update(search.seen.difference(search.path, finished))
        else:
            failed.update(search.seen)  # every position met has no way to end the turn
        return found


_FINISH_SEARCH = "the search for a way to end the turn (the lookahead of S40-TURN)"
_FINISHED = "positions of the turn from which the lookahead found a way to end it"


class _Finish:
    """The goal "the turn can end" (the rare positions the quick answers above cannot
    settle): a melding move closes the hand, or leaves a discard allowed with no ban
    lifted."""

    what = _FINISH_SEARCH

    def __init__(self, budget: WorkBudget) -> None:
        self.budget = budget
        self.seen: set[Hashable] = set()
        """The positions the search met, which the search for a way to the taken card
        shares (its keys are of another shape)."""

    def verdict(self, state: StateRecord) -> bool | None:
        player = state.turn
        rules = state.rules
        if state.opened[player] and _too_few_cards(state):
            return False
        if state.opened[player] and state.taken_must_use and not state.taken_used:
            if not rules.split_sequences and not bans_bite(rules):
                taken = TurnSearch(_TakenUse(), self.budget, self.seen)
                return taken.run(state) is not None
            # The quick answers hold in every position of the turn, not only at its
            # start: they cut the search short where the card can no longer be melded.
            self.budget.spend(BOUND_WORK, _FINISH_SEARCH)
            return direct_use(state, state.hands[player], state.taken)  # type: ignore[arg-type]
        if not state.opened[player] and not _opening_reachable(state):
            return False
        return None

    def moves(self, state: StateRecord) -> Iterator[tuple[Move, StateRecord]]:
        # No move adds a card to the hand: a split that leaves fewer than the cards to
        # discard, without closing, leads nowhere, and its sweep is spared.
        keep, close_by_melding = turn_end(state)
        size = len(state.hands[state.turn])
        most = size if close_by_melding else size - keep
        return melding_moves(state, one_per_position=True, most_added=most)

    def met(self, state: StateRecord) -> bool:
        # A move that closed the hand checks every rule itself.
        return state.phase is not PLAY or _finish_now(state)

    def pruned(self, state: StateRecord) -> bool:
        if state.opened[state.turn]:
            return _too_few_cards(state)
        return not _opening_reachable(state)

    def key(self, state: StateRecord) -> Hashable:
        # Melds put down in another order make the same position for this question.
        table = tuple(sorted(state.table, key=_meld_order))
        return (
            state.hands[state.turn],
            table,
            state.opened,
            state.opening_value,
            state.taken_used,
        )


def _too_few_cards(state: StateRecord) -> bool:
    """Whether an opened player holds too few cards to end the turn (S40-CLOSE,
    S40-FIRST-ROUND): fewer than the cards to keep for the discard, or, with the card
    taken from the discard pile still to meld (S40-DRAW-DISCARD), too few to meld it
    and keep them. Closing by melding every card (S40-V-NODISCARDCLOSE) needs no card
    kept.

    No move adds a card to the hand: a swap keeps its size, every other move takes at
    least one card from it. So the taken card goes either by a move that takes at least
    that card, or by a swap of a table joker that stands for it; and no joker comes to
    stand for it without a card of the hand laid down first (a table joker stands for the
    same card all turn: layoffs, splits and other swaps keep it, S40-SWAP). A hand that
    cannot lose a card and keep enough to discard must therefore swap the card for a
    joker on the table now, or never meld it. The searches of the lookahead meet many
    such positions (a card or two left beside the taken one, in the first round): this
    spares listing and trying their moves."""
    keep, close_by_melding = turn_end(state)
    if close_by_melding:
        return False
    size = len(state.hands[state.turn])
    if size < keep:
        return True
    if size > keep or not state.taken_must_use or state.taken_used:
        return False
    return not table_info(state.table).swappable >> state.taken & 1  # type: ignore[operator]


def _meld_order(meld: Meld) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return meld.cards, meld.represented


class _TakenUse:
    """The goal "an opened player can still meld the taken card". Only joker swaps (a
    joker comes to the hand) and layoffs (a meld's end moves) can open a way to it: a
    meld put down first adds nothing that a bigger meld of the hand holding the card
    would not. A layoff helps only on a meld the card could join in the end: a sequence
    of its suit or a set of its rank (any meld, for a joker)."""

    what = _FINISH_SEARCH

    def verdict(self, state: StateRecord) -> bool | None:
        return direct_use(state, state.hands[state.turn], state.taken)  # type: ignore[arg-type]

    def moves(self, state: StateRecord) -> Iterator[tuple[Move, StateRecord | None]]:
        taken = state.taken
        assert taken is not None
        held = set(state.hands[state.turn])
        held.discard(taken)
        table = state.table
        info = table_info(table)
        candidates: list[tuple[Callable[[StateRecord, Any], StateRecord], Move]] = []
        for card in held:
            if (info.playable | info.swappable) >> card & 1:
                candidates.extend(
                    (apply_lay_off, move)
                    for move in info.lay_offs_with(card)
                    if taken == JOKER or _may_take(table[move.meld], taken)
                )
                candidates.extend((apply_swap, move) for move in info.swaps_with(card))
        for handler, move in candidates:
            yield move, try_move(handler, state, move)

    def met(self, state: StateRecord) -> bool:
        return False

    def pruned(self, state: StateRecord) -> bool:
        return state.phase is not PLAY  # a close by melding does not meld the card

    def key(self, state: StateRecord) -> Hashable:
        return (state.hands[state.turn], state.table)


def _may_take(meld: Meld, card: Card) -> bool:
    """Whether the natural ``card`` could ever join ``meld``: a sequence of its suit or a
    set of its rank."""
    if meld.kind is SEQUENCE_KIND:
        return meld.suit == SUIT_OF[card]
    return RANK_OF[meld.represented[0]] == RANK_OF[card]


def _opening_reachable(state: StateRecord) -> bool:
    """Whether the opening in progress can still reach the threshold, bans aside: a
    necessary condition that prunes the search for a player who has not opened."""
    rules = state.rules
    return can_open_sorted(
        state.hands[state.turn],
        rules.opening_threshold - state.opening_value,
        rules.meld_rules,
        final_keep(state),
        card_to_meld(state),
    )


# -- quick answers ---------------------------------------------------------------------


_JOKER_ONLY: Final = frozenset({JOKER})


def direct_use(state: StateRecord, hand: tuple[Card, ...], taken: Card) -> bool | None:
    """Settle quickly whether an opened player can meld ``taken`` from ``hand`` (which
    holds it) and still end the turn: ``True``/``False``, or ``None`` when only a search
    can tell.

    Under the S40-V-PLAYABLE bans a way to meld the card is not enough (only a search
    can tell whether a card that may be discarded is left), but finding no way at all
    still settles it."""
    rules = state.rules
    # What a way to meld the card settles: the answer, or nothing under the bans.
    found: bool | None = None if bans_bite(rules) else True
    keep, close_by_melding = turn_end(state)
    info = table_info(state.table)
    # A card that could extend a table meld goes alone, by a layoff or a split (the reading
    # the discard bans share, TableInfo.extending).
    placed = info.extending(rules.split_sequences)
    if placed >> taken & 1 and fits_after(len(hand) - 1, keep, close_by_melding):
        return found
    for meld in melds_with_card(hand, taken, rules.meld_rules):
        if fits_after(len(hand) - len(meld.cards), keep, close_by_melding):
            return found
    # A swap keeps the hand's size: the taken card goes, the joker comes.
    if info.swappable >> taken & 1 and fits_after(len(hand), keep, close_by_melding):
        return found
    held = card_mask(hand) & ~(1 << taken)
    meld_rules = rules.meld_rules
    swappable = held & info.swappable
    joker_only = meld_rules.wild_cards == _JOKER_ONLY
    if (swappable or rules.split_sequences) and joker_only and taken != JOKER:
        # Freed jokers and splits open ways only a search can follow, but every way ends
        # in a meld of the hand's cards and jokers that holds the card, or on a table
        # sequence of its suit: one whose end the hand's cards and jokers can bring up to
        # it, or, under S40-V-SPLIT, one whose places hold the card's (a split takes a
        # second copy into one of its pieces; every piece of a split is the sequence's own
        # cards and cards of the hand, so a piece reaches past the sequence's ends only
        # as far as the hand's cards and jokers fill the places). A table set takes the
        # card now or never: layoffs only fill it, swaps keep its suits. With neither,
        # the card cannot be melded.
        suits, _ = info.kinds
        # A joker comes to the hand only for a natural card of the hand it stands for
        # (S40-SWAP), and a table joker stands for the same card all turn (layoffs and
        # splits keep it): no more jokers than such cards, card by card.
        standing = info.jokers_standing
        freeable = _freeable_jokers(standing, hand)
        if not (
            suits >> SUIT_OF[taken] & 1
            and _sequence_might_reach(
                state.table,
                hand,
                taken,
                freeable + hand.count(JOKER),
                meld_rules,
                split=rules.split_sequences,
                standing=standing,
            )
        ):
            with_jokers = tuple(sorted((*hand, *([JOKER] * freeable))))
            if not melds_with_card(with_jokers, taken, meld_rules):
                return False
    if swappable and joker_only:
        # The usual way through a freed joker: one swap, then a meld of the card with it.
        while swappable:
            low = swappable & -swappable
            swappable ^= low
            after = with_card(hand_without(hand, (low.bit_length() - 1,)) or (), JOKER)
            for meld in melds_with_card(after, taken, meld_rules):
                if fits_after(len(after) - len(meld.cards), keep, close_by_melding):
                    return found
    if rules.split_sequences or held & info.swappable:
        return None  # splits and freed jokers open ways only a search can follow
    if not held & info.playable:
        return False

    def enough(size: int) -> bool:
        return fits_after(size, keep, close_by_melding)

    # Layoffs can bring a sequence's end up to the card. Melds put down first add
    # nothing: a meld plus layoffs ending with the card is itself a meld of the hand.
    return found if _chain_reaches(state.table, hand, taken, enough) else False


def _freeable_jokers(standing: Mapping[Card, int], hand: Counter[Card] | tuple[Card, ...]) -> int:
    """How many of the table jokers (``standing``: how many stand for each card) the
    cards of ``hand`` (a sorted hand, or its counts) could free this turn, at most. A
    joker comes to the hand only for a natural card of the hand it stands for
    (S40-SWAP), and a table joker stands for the same card all turn (layoffs and splits
    keep it): card by card, the fewer of the hand's copies and the jokers standing for
    it."""
    if isinstance(hand, tuple):
        return sum(min(hand.count(card), count) for card, count in standing.items())
    return sum(min(hand[card], count) for card, count in standing.items())


def _sequence_might_reach(
    table: tuple[Meld, ...],
    hand: tuple[Card, ...],
    taken: Card,
    jokers: int,
    rules: MeldRules,
    *,
    split: bool = False,
    standing: Mapping[Card, int] | None = None,
) -> bool:
    """Whether some table sequence of ``taken``'s suit could come to hold it.

    Without S40-V-SPLIT, by its end: the places between its end and the card filled by
    other cards of ``hand`` or by up to ``jokers`` jokers. A bound: how many jokers one
    meld may hold is not checked. With ``split``, the card may also go into a piece of a
    split (:func:`_piece_might_hold`); ``standing`` counts the table's jokers by the card
    each stands for (the table summary's ``jokers_standing``, looked up if not given)."""
    slots = rules.sequence_slots
    longest = rules.sequence_max
    suit = SUIT_OF[taken]
    rank = RANK_OF[taken]
    places = [i for i, r in enumerate(slots) if r == rank]
    held = card_mask(hand) & ~(1 << taken)
    counts: Counter[Card] | None = None
    for meld in table:
        if meld.kind is not SEQUENCE_KIND or meld.suit != suit:
            continue
        first = meld.start
        last = first + len(meld.cards) - 1
        if split:
            if counts is None:
                counts = Counter(hand)
                counts[taken] -= 1
                by_card = Counter(
                    table_info(table).jokers_standing if standing is None else standing
                )
                by_place = Counter(
                    {i: counts[suit * 13 + slot - 1] for i, slot in enumerate(slots)}
                )
            # The jokers of this sequence, the hand's, and those the hand can free from
            # other melds.
            own = jokers_standing((meld,))
            pool = counts[JOKER] + _freeable_jokers(by_card - own, counts) + sum(own.values())
            if any(_piece_might_hold(meld, place, by_place, pool, rules) for place in places):
                return True
            continue
        for place in places:
            if place < first:
                gap = range(place + 1, first)
            elif place > last:
                gap = range(last + 1, place)
            else:
                continue  # a place inside the sequence is taken (or held by a joker)
            if longest is not None and len(meld.cards) + len(gap) + 1 > longest:
                continue
            missing = sum(1 for i in gap if not held >> (suit * 13 + slots[i] - 1) & 1)
            if missing <= jokers:
                return True
    return False


def _piece_might_hold(
    meld: Meld, place: int, held: Counter[int], pool: int, rules: MeldRules
) -> bool:
    """Whether table sequence ``meld`` could come to hold a natural card at ``place``
    under S40-V-SPLIT, by layoffs and splits of this turn.

    Whatever the turn does to the sequence, its natural cards keep their places, its
    jokers stand for the same cards (a split keeps them), and every card added is a card
    of the hand or a joker. So the card ends in a sequence of ``sequence_min`` to
    ``sequence_max`` cards (a piece) whose other places are each filled by the
    sequence's natural card there, a card of the hand (``held`` counts them by place) or
    one of ``pool`` jokers. If the sequence's own natural card holds the place, that card
    stays in a second piece, which needs its places filled too. Each piece keeps the
    joker rules, and the sequence's cards beyond the two pieces still need pieces of
    their own. A bound, not an answer: which joker goes where is not checked. At most 78
    pairs of pieces of at most 9 places are tried."""
    first = meld.start
    last = first + len(meld.cards) - 1
    natural = {first + i: card != JOKER for i, card in enumerate(meld.cards)}
    if place in natural and not natural[place]:
        return True  # the card may take the place of the joker, by a swap
    last_slot = len(rules.sequence_slots) - 1
    shortest = rules.sequence_min
    longest = rules.sequence_max or last_slot + 1
    spans = [
        (low, low + size - 1)
        for size in range(shortest, longest + 1)
        for low in range(place - size + 1, place + 1)
        if low >= 0 and low + size - 1 <= last_slot
    ]
    max_wilds = rules.max_wilds
    lead = rules.min_natural_lead

    def valid(naturals: int, wilds: int) -> bool:
        return (max_wilds is None or wilds <= max_wilds) and (
            lead is None or naturals - wilds >= lead
        )

    def rest_fits(low: int, high: int, jokers_left: int, spare: int) -> bool:
        # The sequence's cards below ``low`` and above ``high`` need a piece of their
        # own, which keeps the joker rules: a short or joker-heavy run takes places
        # beyond the sequence's end, each filled by a card of the hand there, a card
        # left over inside the pieces (``spare``) or a joker.
        for run, outward in (
            (range(first, min(low, last + 1)), range(first - 1, -1, -1)),
            (range(max(high, first - 1) + 1, last + 1), range(last + 1, last_slot + 1)),
        ):
            if not run:
                continue
            # A joker of the run gives way to the hand's card it stands for (a swap).
            naturals = sum(1 for at in run if natural[at] or held[at])
            wilds_needed = [
                extra - added
                for extra in range(max(0, shortest - len(run)), longest - len(run) + 1)
                for added in (min(extra, spare + sum(1 for at in outward[:extra] if held[at])),)
                if valid(naturals + added, len(run) - naturals + extra - added)
            ]
            if not wilds_needed or min(wilds_needed) > jokers_left:
                return False
            jokers_left -= min(wilds_needed)
        return True

    if place not in natural:
        for low, high in spans:
            wilds = spare = 0
            for at in range(low, high + 1):
                if at != place:
                    have = natural.get(at, False) + held[at]
                    wilds += not have
                    spare += max(0, have - 1)
            if (
                wilds <= pool
                and valid(high - low + 1 - wilds, wilds)
                and rest_fits(low, high, pool - wilds, spare)
            ):
                return True
        return False
    for index, (low_a, high_a) in enumerate(spans):
        for low_b, high_b in spans[index:]:
            # Each piece has a natural card at the place; count what the others need.
            own_a = own_b = 1
            wild_a = wild_b = either = spare = 0
            for at in range(min(low_a, low_b), max(high_a, high_b) + 1):
                if at == place:
                    continue
                in_a = low_a <= at <= high_a
                in_b = low_b <= at <= high_b
                have = natural.get(at, False) + held[at]
                spare += max(0, have - in_a - in_b)
                if in_a and in_b:
                    if have >= 2:
                        own_a += 1
                        own_b += 1
                    elif have == 1:
                        either += 1  # a natural card for one piece, a joker for the other
                    else:
                        wild_a += 1
                        wild_b += 1
                elif in_a:
                    own_a, wild_a = (own_a + 1, wild_a) if have else (own_a, wild_a + 1)
                else:
                    own_b, wild_b = (own_b + 1, wild_b) if have else (own_b, wild_b + 1)
            used = wild_a + wild_b + either
            if used > pool:
                continue
            if any(
                valid(own_a + given, wild_a + either - given)
                and valid(own_b + either - given, wild_b + given)
                for given in range(either + 1)
            ) and rest_fits(min(low_a, low_b), max(high_a, high_b), pool - used, spare):
                return True
    return False


def _chain_reaches(
    table: tuple[Meld, ...], hand: tuple[Card, ...], taken: Card, enough: Callable[[int], bool]
) -> bool:
    """Whether cards of ``hand`` laid off one after another at one end of a table
    sequence let ``taken`` follow them, leaving a hand of a size ``enough`` accepts."""
    if taken == JOKER:
        return False  # a joker fits at once or not at all
    for meld in table:
        if meld.kind is not SEQUENCE_KIND or meld.suit != SUIT_OF[taken]:
            continue
        for end in (LOW_END, HIGH_END):
            left = list(hand)
            left.remove(taken)
            current = meld
            while True:
                fits = [x for x in current.extensions() if x.end is end]
                if any(x.card == taken for x in fits):
                    if enough(len(left)):
                        return True
                    break
                step = next((x for x in fits if x.card in left and x.card != JOKER), None)
                if step is None:
                    step = next((x for x in fits if x.card == JOKER and JOKER in left), None)
                if step is None:
                    break
                left.remove(step.card)
                current = grown_meld(current, step)
    return False


def try_move(
    handler: Callable[[StateRecord, Any], StateRecord], state: StateRecord, move: Move
) -> StateRecord | None:
    """The state after ``move``, made by the engine's ``handler`` with every check but
    the lookahead, or ``None`` if the handler refuses it."""
    try:
        return handler(state, move)
    except IllegalMoveError:
        return None


def melding_moves(
    state: StateRecord,
    splits: bool = True,
    *,
    one_per_position: bool = False,
    most_added: int | None = None,
) -> Iterator[tuple[Move, StateRecord]]:
    """Melds, layoffs, swaps and splits (unless ``splits`` is false, and those adding at
    most ``most_added`` cards if given) that pass every rule but the lookahead; with
    ``one_per_position``, for a search whose positions are keyed with the table's melds
    in any order, not the moves onto a set equal to an earlier one that complete a four
    of a kind (:func:`repeats_a_four_of_a_kind`). Listing takes every move: those are
    legal moves of their own."""
    player = state.turn
    hand = state.hands[player]
    rules = state.rules
    for meld in sorted_hand_melds(hand, rules.meld_rules):
        move: Move = put_down_of(meld)
        new = try_move(apply_put_down, state, move)
        if new is not None:
            yield move, new
    if not state.opened[player]:
        return
    held = set(hand)
    info = table_info(state.table)
    four_rule = one_per_position and rules.discard_four_of_a_kind
    for card, lay_off in info.lay_offs:
        if card in held and not (four_rule and repeats_a_four_of_a_kind(state.table, lay_off)):
            new = try_move(apply_lay_off, state, lay_off)
            if new is not None:
                yield lay_off, new
    for card, swap in info.swaps:
        if card in held and not (four_rule and repeats_a_four_of_a_kind(state.table, swap)):
            new = try_move(apply_swap, state, swap)
            if new is not None:
                yield swap, new
    if rules.split_sequences and splits:
        budget = call_budget()
        for index, meld in enumerate(state.table):
            if meld.kind is SEQUENCE_KIND:
                for split in split_moves(hand, index, meld, rules.meld_rules, budget, most_added):
                    new = try_move(apply_split, state, split)
                    if new is not None:
                        yield split, new


def searched_moves(state: StateRecord, splits: bool = True) -> list[Move]:
    """The melding moves (:func:`melding_moves`) after which the turn can still end, each
    one's lookahead searched, all on one budget: how the moves are listed under the
    discard bans of S40-V-PLAYABLE, and for a card taken under S40-V-SPLIT."""
    player = state.turn
    with shared_budget():
        return [
            move
            for move, new in melding_moves(state, splits)
            if new.phase is not PLAY or new.turn != player or can_finish(new)
        ]

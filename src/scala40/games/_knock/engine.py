"""The rules of the knock games as pure functions over their states (internal).

One function per move kind applies it and raises :class:`IllegalMoveError` naming the
rule it breaks; legal-move generation (:mod:`scala40.games._knock.generate`) proposes
only moves these functions accept. The engine reads a game's rules through its
:class:`~scala40.games._knock.profile.KnockRules` only, and never imports the state
module: it copies states with a function generated once per state class.

A turn is a draw (or a knock, RU-KNOCK) then a discard (or a close, CH-CLOSE). When the
hand ends every hand is arranged (C-ARRANGE) and scored, then the game goes on, asks the
players who reached the limit whether they re-enter (LC-REENGANCHE), or ends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scala40._base.engine import (
    deal_hands,
    deal_order,
    illegal,
    next_active,
    out_of_phase,
    replace_item,
    seats_from,
    with_card,
)
from scala40._rng import shuffle
from scala40.cards import CARD_NAMES, Card
from scala40.checks import describe
from scala40.errors import InvalidMoveError
from scala40.games._knock.arrange import (
    Arrangement,
    best_arrangement,
    has_rumino,
    is_seven_run,
    knock_allowed,
    least_unmatched,
    meld_key,
    without,
)
from scala40.games._knock.conditions import (
    banned_discard,
    close_refusal,
    close_turn_refusal,
    knock_refusal,
    knock_turn_refusal,
)
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.moves import (
    Claim,
    Close,
    Deal,
    Discard,
    DrawStock,
    Knock,
    MeldSpec,
    Pass,
    Reenter,
    Restock,
    Retire,
    TakeDiscard,
    format_meld_spec,
)
from scala40.games._knock.phases import (
    CLAIM,
    DEAL,
    DRAW,
    OVER,
    PLAY,
    REENTRY,
    RESTOCK,
    HandEnd,
    HandResult,
    Phase,
    Showing,
)
from scala40.games._knock.profile import (
    ClaimMode,
    EndMode,
    KnockRules,
    LayoffOrder,
    LayoffTarget,
)
from scala40.games._knock.spanish import CongaRules, SpanishRules
from scala40.games._knock.state_record import KnockRecord
from scala40.match import ScoreOrder, best_seats, settle_elimination
from scala40.melds import Meld, MeldRules

__all__ = [
    "apply",
    "apply_trusted",
    "deal",
    "evolve",
    "next_active",
    "resign",
    "resolve_spec",
    "seats_from",
    "with_card",
]


def evolve(state: KnockRecord, **changes: Any) -> KnockRecord:
    """A copy of ``state`` with some fields changed (unchecked; unchanged parts shared)."""
    new: KnockRecord = state.copy_with(**changes)
    return new


_RULES = {
    "rumino": {"DEAL": "RU-DEAL", "RESTOCK": "RU-RESTOCK", "TURN": "RU-TURN", "ELIM": "RU-ELIM"},
    "chinchon": {"DEAL": "CH-DEAL", "RESTOCK": "CH-RESTOCK", "TURN": "CH-TURN", "ELIM": "CH-END"},
    "laconga": {"DEAL": "LC-DEAL", "RESTOCK": "CH-RESTOCK", "TURN": "CH-TURN", "ELIM": "LC-ELIM"},
}


_TOPICS = frozenset(_RULES["chinchon"])


def _rule(state: KnockRecord, topic: str) -> str:
    """The ID of the game's rule on ``topic`` (the three games number them apart)."""
    return _RULES.get(state.profile.game, _RULES["chinchon"])[topic]


_WANTED = {
    DRAW: "only at the start of a turn, before drawing",
    PLAY: "only after drawing",
    CLAIM: "only when a discard completes a Rumino",
    REENTRY: "only after a hand, to a player whose total reached the limit",
    DEAL: "only when a hand is to be dealt",
    RESTOCK: "only when the stock is to be rebuilt",
}


# What the game is waiting for in its own phases, in words.
_WAITING = {
    "CLAIM": "a discard is open to a claim",
    "REENTRY": "the players out are choosing to re-enter or retire",
}


def _need_phase(state: KnockRecord, phase: Phase, move: object, rule: str) -> None:
    """Refuse ``move`` unless the game is at ``phase``: ``rule`` is the rule's ID, or a
    topic of :data:`_RULES` (looked up only to word a refusal)."""
    if state.phase is not phase:
        if rule in _TOPICS:
            rule = _rule(state, rule)
        raise out_of_phase(
            move, state.phase, _WANTED[phase], rule, (rule, "the game is over"), _WAITING
        )


# ---------------------------------------------------------------- chance


def deal(state: KnockRecord, order: tuple[Card, ...] | None, move: object = None) -> KnockRecord:
    """Shuffle (or use ``order``, top card last) and deal a hand (RU-DEAL, CH-DEAL, LC-DEAL)."""
    profile = state.profile
    deck = profile.deck.cards
    order, rng = deal_order(deck, order, state.rng, lambda: move)
    seats = seats_from(state.dealer, state.active)
    first = seats[0]
    # LC-DEAL: the mano gets an eighth card and no card is turned up (La Conga's option).
    rules = state.rules
    extra = first if isinstance(rules, CongaRules) and rules.mano_extra_card else None
    hands, position = deal_hands(order, seats, profile.hand_size, state.player_count, extra)
    if extra is not None:
        discard: tuple[Card, ...] = ()
        phase = PLAY
    else:
        position -= 1
        discard = (order[position],)
        phase = DRAW
    new = evolve(
        state,
        phase=phase,
        turn=first,
        hands=hands,
        stock=order[:position],
        discard=discard,
        turns_played=(0,) * state.player_count,
        hand_number=state.hand_number + 1,
        rng=rng,
        taken=None,
        pending=(),
        reentry_total=0,
    )
    if profile.rumino:
        # RU-RUMINO Decision (a): after the deal, in play order from the first player.
        for seat in seats:
            if has_rumino(hands[seat], state.rules):
                return _rumino_win(new, seat, None)
    return new


def _apply_deal(state: KnockRecord, move: Deal) -> KnockRecord:
    _need_phase(state, DEAL, move, "DEAL")
    return deal(state, move.order, move)


def _restock_order(state: KnockRecord) -> tuple[Card, ...]:
    return state.discard[:-1]


def _after_last_card(state: KnockRecord) -> KnockRecord:
    """The stock has just run out: the discard pile but its top card becomes the new
    stock, shuffled (RU-RESTOCK, CH-RESTOCK)."""
    if not state.auto_chance:
        return evolve(state, phase=RESTOCK)
    order, rng = shuffle(_restock_order(state), state.rng)
    return evolve(state, stock=order, discard=state.discard[-1:], rng=rng)


def _apply_restock(state: KnockRecord, move: Restock) -> KnockRecord:
    _need_phase(state, RESTOCK, move, "RESTOCK")
    pile = _restock_order(state)
    rng = state.rng
    if move.order is None:
        order, rng = shuffle(pile, rng)
    elif Counter(move.order) != Counter(pile):
        raise illegal(
            move,
            _rule(state, "RESTOCK"),
            "the new stock must hold the discard pile but its top card",
        )
    else:
        order = move.order
    return evolve(state, stock=order, discard=state.discard[-1:], phase=PLAY, rng=rng)


# ---------------------------------------------------------------- drawing


def _drawn(state: KnockRecord, new: KnockRecord, card: Card) -> KnockRecord:
    """The common end of a draw of ``card``: the Rumino check (b), then the restock if
    needed."""
    profile = state.profile
    player = state.turn
    # The hand before the draw, with the card: what the hand lacks for a Rumino was
    # found at the other players' discards, and is kept.
    if profile.rumino and has_rumino(state.hands[player], state.rules, card):
        # RU-RUMINO Decision (b): after his draw, any seven of his eight cards.
        return _rumino_win(new, player, None)
    return new if new.stock else _after_last_card(new)


# A draw and a take are written out alike rather than through a helper given the fields
# each pile changes: the keyword arguments it passes on cost 2% of a Rumino playout.
def _apply_draw(state: KnockRecord, move: DrawStock, trusted: bool) -> KnockRecord:
    if not trusted:
        _need_phase(state, DRAW, move, "TURN")
    player = state.turn
    card = state.stock[-1]
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    new: KnockRecord = state.setters["draw"](
        state, phase=PLAY, stock=state.stock[:-1], hands=hands, taken=None
    )
    return _drawn(state, new, card)


def _apply_take(state: KnockRecord, move: TakeDiscard, trusted: bool) -> KnockRecord:
    if not trusted:
        _need_phase(state, DRAW, move, "TURN")
        if not state.discard:
            raise illegal(move, _rule(state, "TURN"), "the discard pile is empty")
    player = state.turn
    card = state.discard[-1]
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    new: KnockRecord = state.setters["take"](
        state, phase=PLAY, discard=state.discard[:-1], hands=hands, taken=card
    )
    return _drawn(state, new, card)


# ---------------------------------------------------------------- discarding


def _apply_discard(state: KnockRecord, move: Discard, trusted: bool) -> KnockRecord:
    player = state.turn
    if not trusted:
        _need_phase(state, PLAY, move, "TURN")
        if move.card not in state.hands[player]:
            raise illegal(
                move, _rule(state, "TURN"), f"{CARD_NAMES[move.card]} is not in the hand"
            )
        if move.card == banned_discard(state):
            raise illegal(
                move,
                _rule(state, "TURN"),
                "the card just taken from the discard pile may not be discarded again "
                "(discard_taken_card=False)",
            )
    card = move.card
    hand = list(state.hands[player])
    hand.remove(card)
    hands = replace_item(state.hands, player, tuple(hand))
    turns_played = replace_item(state.turns_played, player, state.turns_played[player] + 1)
    discard = (*state.discard, card)
    rules = state.rules
    profile = rules.profile
    if profile.rumino:
        # RU-RUMINO Decision (c): after every discard, every other player, in play order
        # after the discarder (his seven cards and the discard).
        claimants = [
            seat
            for seat in seats_from(player, state.active)
            if seat != player and has_rumino(hands[seat], rules, card)
        ]
        if claimants:
            new = evolve(
                state, hands=hands, discard=discard, turns_played=turns_played, taken=None
            )
            if isinstance(rules, KnockingRules) and rules.rumino_claim is ClaimMode.AUTO:
                return _claim(new, claimants[0])
            return evolve(new, phase=CLAIM, pending=tuple(claimants))
    done: KnockRecord = state.setters["discard"](
        state,
        hands=hands,
        discard=discard,
        turns_played=turns_played,
        taken=None,
        phase=DRAW,
        turn=next_active(player, state.active),
    )
    limit = state.rules.turn_limit
    if limit is None or sum(turns_played) < limit:
        return done
    return _blocked_if_limit(done, player)


def _unscored(
    state: KnockRecord, end: HandEnd, closer: int, discard: Card | None = None
) -> HandResult:
    """How a hand ended that scores nobody and shows no meld: blocked, or won by a Rumino
    (``discard``, the discard it claimed)."""
    count = state.player_count
    return HandResult(
        hand_number=state.hand_number,
        end=end,
        closer=closer,
        points=(0,) * count,
        shown=(None,) * count,
        hands=state.hands,
        discard=discard,
    )


def _blocked_if_limit(state: KnockRecord, player: int) -> KnockRecord:
    """``state`` after ``player``'s turn, or, when the hand has played the ruleset's
    ``turn_limit`` turns, the hand ended blocked: nobody scores, everyone's cards are
    shown, and the deal passes on (the RU-TURN and CH-TURN Decision; a blocked hand
    changes no total, so it never ends the game)."""
    limit = state.rules.turn_limit
    if limit is None or sum(state.turns_played) < limit:
        return state
    result = _unscored(state, HandEnd.BLOCKED, player)
    return _next_hand(evolve(state, last_hand=result, pending=(), taken=None))


# ---------------------------------------------------------------- the Rumino


def _claim(state: KnockRecord, seat: int) -> KnockRecord:
    """``seat`` takes the top discard, which completes his Rumino, and wins (RU-RUMINO)."""
    card = state.discard[-1]
    hands = replace_item(state.hands, seat, with_card(state.hands[seat], card))
    return _rumino_win(evolve(state, hands=hands, discard=state.discard[:-1]), seat, card)


def _rumino_win(state: KnockRecord, seat: int, claimed: Card | None) -> KnockRecord:
    """A Rumino wins the hand and the game at once (RU-RUMINO)."""
    result = _unscored(state, HandEnd.RUMINO, seat, claimed)
    return evolve(state, phase=OVER, winners=(seat,), last_hand=result, pending=(), taken=None)


def _apply_claim(state: KnockRecord, move: Claim) -> KnockRecord:
    _need_phase(state, CLAIM, move, "RU-RUMINO")
    return _claim(state, state.pending[0])


def _apply_pass(state: KnockRecord, move: Pass) -> KnockRecord:
    _need_phase(state, CLAIM, move, "RU-RUMINO")
    pending = state.pending[1:]
    if pending:
        return evolve(state, pending=pending)
    after = evolve(state, phase=DRAW, pending=(), turn=next_active(state.turn, state.active))
    return _blocked_if_limit(after, state.turn)


# ---------------------------------------------------------------- knocking and closing


def _apply_knock(state: KnockRecord, move: Knock) -> KnockRecord:
    _need_phase(state, DRAW, move, "RU-KNOCK")
    rules = state.rules
    if not isinstance(rules, KnockingRules):
        raise illegal(move, "RU-KNOCK", "this game has no knock")
    player = state.turn
    refusal = knock_turn_refusal(state)
    if refusal is not None:
        raise illegal(move, *refusal)
    hand = state.hands[player]
    if not knock_allowed(hand, rules):
        raise illegal(move, *knock_refusal(rules, least_unmatched(hand, rules.profile)))
    shown = _arrange_all(state, player, None)
    return _end_hand(state, player, shown, None, None)


def resolve_spec(spec: MeldSpec, rules: MeldRules) -> Meld | str:
    """The meld a close names (its cards, and what they stand for if any card stands for
    another, in their one form already: the close's constructor's work), or why not."""
    cards, represented = spec
    readings = rules.readings_of_sorted(tuple(sorted(cards)))
    text = format_meld_spec(spec)
    if not readings:
        return f"{text} is not a meld"
    wanted = represented or cards
    for meld in readings:
        if meld.cards == cards and meld.represented == wanted:
            return meld
    # The cards make a meld, but not as written: a card wild under these rules (the A of
    # coins) stands for another card only if the text says which.
    options = " | ".join(str(meld) for meld in readings)
    return f"in {text} the cards cannot stand for those cards; write one of: {options}"


def _apply_close(state: KnockRecord, move: Close, trusted: bool) -> KnockRecord:
    rules = state.rules
    profile = rules.profile
    player = state.turn
    hand = state.hands[player]
    kept = without(hand, (move.card,))
    if not trusted:
        _need_phase(state, PLAY, move, "CH-CLOSE")
        if not isinstance(rules, SpanishRules):
            raise illegal(move, "CH-CLOSE", "this game has no close")
        if kept is None:
            raise illegal(move, "CH-CLOSE", f"{CARD_NAMES[move.card]} is not in the hand")
        refusal = close_turn_refusal(state, move.card)
        if refusal is not None:
            raise illegal(move, *refusal)
    melds: list[Meld] = []
    for spec in move.melds:
        meld = resolve_spec(spec, profile.meld_rules)
        if isinstance(meld, str):
            raise illegal(move, "CH-MELDS", meld)
        melds.append(meld)
    assert kept is not None
    left = without(kept, [card for meld in melds for card in meld.cards])
    if left is None:
        raise illegal(
            move, "CH-CLOSE", "the melds must be made of the hand's other cards, each once"
        )
    if not trusted:
        assert isinstance(rules, SpanishRules)  # checked above
        value = sum(profile.values[card] for card in left)
        refusal = close_refusal(state, rules, kept, left, value)
        if refusal is not None:
            raise illegal(move, *refusal)
    closer = Showing(tuple(sorted(melds, key=meld_key)), (), left)
    return _end_hand(state, player, _arrange_all(state, player, closer), move.card, kept)


# ---------------------------------------------------------------- the end of a hand


def _layoff_seats(state: KnockRecord, closer: int) -> list[int]:
    """The other seats still in, in the order they show their hands (CH-LAYOFF)."""
    seats = [seat for seat in seats_from(closer, state.active) if seat != closer]
    rules = state.rules
    if isinstance(rules, SpanishRules) and rules.layoff_order is LayoffOrder.REVERSE:
        seats.reverse()
    return seats


def _arrange_all(
    state: KnockRecord, closer: int, closer_showing: Showing | None
) -> tuple[Showing | None, ...]:
    """What every seat shows (C-ARRANGE): the closer his close, the others their best
    melds and layoffs in turn (CH-LAYOFF); in Rumino everyone his best melds (RU-SCORE)."""
    profile = state.profile
    shown: list[Showing | None] = [None] * state.player_count
    if closer_showing is None:
        for seat in range(state.player_count):
            if state.active[seat]:
                shown[seat] = _showing(best_arrangement(state.hands[seat], profile))
        return tuple(shown)
    shown[closer] = closer_showing
    # A close's layoffs (CH-LAYOFF: Chinchón's option; a knock shows no closer's melds).
    rules = state.rules
    target = rules.layoff_target if isinstance(rules, SpanishRules) else LayoffTarget.NONE
    layoffs = target is not LayoffTarget.NONE and bool(closer_showing.unmatched)
    targets: list[Meld] = list(closer_showing.melds) if layoffs else []
    owners: list[tuple[int, int]] = [(closer, index) for index in range(len(targets))]
    for seat in _layoff_seats(state, closer):
        arrangement = best_arrangement(state.hands[seat], profile, targets, owners)
        shown[seat] = _showing(arrangement)
        for layoff in arrangement.layoffs:
            position = owners.index((layoff.owner, layoff.meld))
            targets[position] = _laid_on(targets[position], layoff.card, layoff.represents)
        if layoffs and target is LayoffTarget.ALL:
            owners.extend((seat, index) for index in range(len(arrangement.melds)))
            targets.extend(arrangement.melds)
    return tuple(shown)


def _laid_on(meld: Meld, card: Card, represents: Card) -> Meld:
    for extension in meld.extensions():
        if extension.card == card and extension.represents == represents:
            return meld.with_extension(extension)
    raise AssertionError("a layoff found by the search applies")  # pragma: no cover


def _showing(arrangement: Arrangement) -> Showing:
    return Showing(arrangement.melds, arrangement.layoffs, arrangement.unmatched)


def _points(profile: KnockRules, showing: Showing) -> int:
    return sum(profile.values[card] for card in showing.unmatched)


def _end_hand(
    state: KnockRecord,
    closer: int,
    shown: tuple[Showing | None, ...],
    closed_card: Card | None,
    kept: tuple[Card, ...] | None,
) -> KnockRecord:
    """Score the hand (RU-SCORE, RU-GIN, CH-MINUS10, CH-SCORE, CH-CHINCHON) and go on."""
    rules = state.rules
    profile = rules.profile
    count = state.player_count
    points = [0] * count
    for seat, showing in enumerate(shown):
        if showing is not None:
            points[seat] = _points(profile, showing)
    closer_shown = shown[closer]
    assert closer_shown is not None
    matched = not closer_shown.unmatched
    if isinstance(rules, KnockingRules):
        end = HandEnd.GIN if matched else HandEnd.KNOCK
        if matched:
            points[closer] = rules.gin_bonus  # RU-GIN: "ten less", for the knocker only
    elif not matched:
        end = HandEnd.CLOSE
    else:
        assert kept is not None
        run = is_seven_run(kept, profile.meld_rules)
        wild = any(card in profile.wild_cards for card in kept)
        if run and not wild:
            end = HandEnd.CHINCHON
        elif run:
            end = HandEnd.WILD_CHINCHON
            points[closer] = rules.wild_chinchon_bonus
        else:
            end = HandEnd.ALL_MATCHED
            points[closer] = rules.all_matched_bonus
    if end is HandEnd.CHINCHON:
        # CH-CHINCHON: the closer wins the game at once, whatever the totals.
        points = [0] * count
    scores = tuple(total + gained for total, gained in zip(state.scores, points))
    result = HandResult(
        hand_number=state.hand_number,
        end=end,
        closer=closer,
        points=tuple(points),
        shown=shown,
        hands=state.hands,
        discard=closed_card,
    )
    if closed_card is not None:
        # The face-down discard joins the pile: nobody may take it, the hand is over.
        hands = replace_item(state.hands, closer, kept)
        state = evolve(state, hands=hands, discard=(*state.discard, closed_card))
        result = _with(result, hands=hands)
    common: dict[str, Any] = {"scores": scores, "pending": (), "taken": None}
    if end is HandEnd.CHINCHON:
        return evolve(state, phase=OVER, winners=(closer,), last_hand=result, **common)
    gins = state.gins
    streak_wins = rules.gin_streak
    if streak_wins is not None and state.hand_number <= streak_wins:
        # RU-GINSTREAK: gins in each of the first hands of the game, by one player.
        streak = (
            gins[closer] + 1 if end is HandEnd.GIN and gins[closer] == state.hand_number - 1 else 0
        )
        gins = tuple(streak if seat == closer else 0 for seat in range(count))
        if streak == streak_wins:
            return evolve(
                state, phase=OVER, winners=(closer,), last_hand=result, gins=gins, **common
            )
    return _settle(evolve(state, last_hand=result, gins=gins, **common), closer)


def _with(result: HandResult, **changes: Any) -> HandResult:
    values = {
        name: getattr(result, name)
        for name in (
            "hand_number", "end", "closer", "points", "shown", "hands", "discard", "busted",
            "eliminated", "reentered",
        )
    }  # fmt: skip
    values.update(changes)
    return HandResult(**values)


def _settle(state: KnockRecord, closer: int) -> KnockRecord:
    """After the scores: the end of the game, re-entry decisions, or the next hand
    (RU-ELIM, CH-END, LC-ELIM, LC-REENGANCHE, C-WINNERS)."""
    rules = state.rules
    scores = state.scores
    seats = [seat for seat in range(state.player_count) if state.active[seat]]
    busted = tuple(seat for seat in seats if rules.profile.reaches(scores[seat]))
    result = state.last_hand
    assert result is not None
    if rules.end_mode is EndMode.LOWEST:
        if busted:
            winners = best_seats(scores, seats, ScoreOrder.LOW)
            return evolve(state, phase=OVER, winners=winners)
        return _next_hand(state)
    if not busted:
        return _next_hand(state)
    state = evolve(state, last_hand=_with(result, busted=busted))
    below = [seat for seat in seats if seat not in busted]
    if below and rules.reentry != 0:
        allowed = rules.reentry
        deciders = tuple(
            seat
            for seat in seats_from(closer, state.active)
            if seat in busted and (allowed is None or state.reentries[seat] < allowed)
        )
        if deciders:
            # LC-REENGANCHE Decision: one total for all, computed before anyone re-enters.
            total = max(scores[seat] for seat in below)
            return evolve(state, phase=REENTRY, pending=deciders, reentry_total=total)
    return _eliminate(state)


def _eliminate(state: KnockRecord) -> KnockRecord:
    """Players whose totals reached the limit drop out; the last one left wins (RU-ELIM,
    LC-ELIM; all out at once: the lowest total wins, C-WINNERS)."""
    profile = state.profile
    settled = settle_elimination(
        state.scores, state.active, profile.limit, inclusive=profile.inclusive
    )
    result = state.last_hand
    assert result is not None
    last = _with(result, eliminated=settled.eliminated)
    if settled.winners:
        return evolve(
            state,
            phase=OVER,
            winners=settled.winners,
            active=settled.active,
            last_hand=last,
            pending=(),
        )
    return _next_hand(evolve(state, active=settled.active, last_hand=last))


def _next_hand(state: KnockRecord) -> KnockRecord:
    """The deal passes to the next seat still in (RU-DEAL, CH-DEAL)."""
    dealer = next_active(state.dealer, state.active)
    new = evolve(state, phase=DEAL, dealer=dealer, turn=dealer, pending=(), reentry_total=0)
    return deal(new, None) if state.auto_chance else new


def _previous_active(seat: int, active: Sequence[bool]) -> int:
    """The seat before ``seat`` in play order still in the game."""
    count = len(active)
    for step in range(1, count + 1):
        candidate = (seat - step) % count
        if active[candidate]:
            return candidate
    return seat


def resign(state: KnockRecord, resigned: tuple[int, ...], winners: tuple[int, ...]) -> KnockRecord:
    """The game once the seats ``resigned`` are out (C-RESIGN): over, ``winners`` the
    players left, when they are one; else the hand in play abandoned like a blocked hand
    (nobody scores, nothing is shown) and the deal passed on. While re-entries are
    decided the hand is over already: a resigned seat decides nothing, and the others'
    decisions go on. Before a deal the dealer deals, or the seat after him if he
    resigned."""
    count = state.player_count
    active = tuple(playing and seat not in resigned for seat, playing in enumerate(state.active))
    phase = state.phase
    last = state.last_hand
    if phase in (DRAW, PLAY, CLAIM, RESTOCK):
        last = HandResult(
            hand_number=state.hand_number,
            end=HandEnd.BLOCKED,
            closer=state.turn,
            points=(0,) * count,
            shown=(None,) * count,
            hands=state.hands,
        )
    common: dict[str, Any] = {"active": active, "resigned": resigned, "last_hand": last}
    if winners:
        # Over, whatever was under way: re-entries still to decide included.
        return evolve(
            state,
            phase=OVER,
            winners=winners,
            pending=(),
            taken=None,
            reentry_total=0,
            **common,
        )
    if phase is REENTRY:
        pending = tuple(seat for seat in state.pending if seat not in resigned)
        # The next deal goes to the seat after the dealer: a dealer who resigned leaves
        # the seat before him, still in, to pass it on.
        dealer = state.dealer if active[state.dealer] else _previous_active(state.dealer, active)
        turn = state.turn if active[state.turn] else next_active(state.turn, active)
        new = evolve(state, pending=pending, dealer=dealer, turn=turn, **common)
        return new if pending else _eliminate(evolve(new, reentry_total=0))
    if state.phase is DEAL:
        dealer = state.dealer if active[state.dealer] else next_active(state.dealer, active)
        return evolve(state, dealer=dealer, turn=dealer, **common)
    return _next_hand(evolve(state, pending=(), taken=None, **common))


def _apply_reentry(state: KnockRecord, move: Reenter | Retire) -> KnockRecord:
    _need_phase(state, REENTRY, move, "LC-REENGANCHE")
    seat = state.pending[0]
    pending = state.pending[1:]
    if isinstance(move, Reenter):
        result = state.last_hand
        assert result is not None
        state = evolve(
            state,
            scores=replace_item(state.scores, seat, state.reentry_total),
            reentries=replace_item(state.reentries, seat, state.reentries[seat] + 1),
            last_hand=_with(result, reentered=(*result.reentered, seat)),
        )
    if pending:
        return evolve(state, pending=pending)
    return _eliminate(evolve(state, pending=(), reentry_total=0))


# ---------------------------------------------------------------- dispatch


def apply(state: KnockRecord, move: object, trusted: bool = False) -> KnockRecord:
    """The state after ``move``; :class:`IllegalMoveError` if it is not legal.

    ``trusted``: the move was listed as legal in this very state, so the checks the
    generator made already are skipped.
    """
    kinds = state.KINDS
    if type(move) not in kinds.kinds:
        raise InvalidMoveError(f"expected a {kinds.title} move or its text, got {describe(move)}")
    if state.phase is OVER:
        raise illegal(move, _rule(state, "ELIM"), "the game is over")
    new: KnockRecord = _HANDLERS[type(move)](state, move, trusted)
    return new


def apply_trusted(state: KnockRecord, move: object) -> KnockRecord:
    """:func:`apply` for a move of the state's own legal list (``trusted``): the checks
    its generator made, the move's class and the game not being over among them, are
    skipped."""
    new: KnockRecord = _HANDLERS[type(move)](state, move, True)
    return new


def _checking(function: Any) -> Any:
    """A kind's function that checks every move, trusted or not, as ``(state, move,
    trusted)``."""
    return lambda state, move, trusted: function(state, move)


_HANDLERS: dict[type, Any] = {
    # Those that skip, for a move of the state's own legal list, the checks its generator
    # made.
    Discard: _apply_discard,
    DrawStock: _apply_draw,
    TakeDiscard: _apply_take,
    Close: _apply_close,
    # Those that check every move.
    Knock: _checking(_apply_knock),
    Claim: _checking(_apply_claim),
    Pass: _checking(_apply_pass),
    Reenter: _checking(_apply_reentry),
    Retire: _checking(_apply_reentry),
    Deal: _checking(_apply_deal),
    Restock: _checking(_apply_restock),
}
"""The function applying each kind of move, as ``(state, move, trusted)``."""

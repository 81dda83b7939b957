"""Checking Scala 40 states: every problem of a state's fields and of how they fit
together, the checks of a position, and reading a state back from a dictionary
(untrusted data).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40._checks import describe, is_bool, is_int
from scala40._format.serial import (
    MAX_COUNT,
    MAX_SEED_DIGITS,
    STATE_HEADER,
    FieldChecks,
    FieldReader,
    as_items,
    card_counts,
    count_problems,
    deck_counts,
    is_card_codes,
    is_count,
)
from scala40.cards import CARD_NAMES, Card, as_cards, format_cards
from scala40.errors import (
    InvalidArgumentError,
    InvalidCardError,
    InvalidMoveError,
)
from scala40.games.scala40 import engine
from scala40.games.scala40.moves import (
    PutDown,
    parse_meld_spec,
)
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.record import STATE_FORMAT_VERSION, StateRecord
from scala40.games.scala40.rules import MAX_HAND_SIZE, MatchFormat, RestockMethod, Ruleset
from scala40.melds import Meld, MeldRules
from scala40.movekinds import MAX_MOVE_TEXT
from scala40.resignation import resigned_from_dict

__all__ = [
    "MAX_COUNT",
    "MAX_PLACED",
    "MAX_SEED_DIGITS",
    "consistency_problems",
    "field_problems",
    "hand_result_to_dict",
    "is_position_total",
    "meld_from_spec",
    "placed_cards",
    "sequence_of",
    "shape_problems",
    "state_from_dict",
    "too_many",
]

# No position places more cards than the largest deck holds.
MAX_PLACED = 2 * 4 * 13 * 8 + 16


def is_position_total(value: object) -> bool:
    # Negative totals are named apart, with the other problems of a position.
    return is_int(value) and value <= MAX_COUNT


def _is_cards(value: object) -> bool:
    # No bound on the length here: too many cards is the deck count's problem to name.
    return is_card_codes(value, sys.maxsize)


def sequence_of(
    value: object,
    count: int,
    test: Callable[[object], bool],
    what: str,
    problems: list[str],
    name: str,
) -> tuple[Any, ...]:
    """``value`` as a tuple, when it lists items that pass ``test``; else a problem is
    added (``None``, for an argument not given, gives an empty tuple)."""
    if value is None:
        return ()
    items = as_items(value)
    if items is None or not all(test(item) for item in items):
        problems.append(f"{name} must be a list of {what}, got {describe(value)}")
        return ()
    return tuple(items)


def shape_problems(
    count: int,
    rules: Ruleset,
    hands: tuple[tuple[Card, ...], ...],
    flags: Mapping[str, tuple[Any, ...]],
    turn: object,
    phase: Phase,
    discard: tuple[Card, ...],
    melds: list[Meld],
    opening_value: object,
    taken: object,
) -> list[str]:
    """The problems of a position found beside unreadable values (which make the card
    counts meaningless except where a card is placed too many times)."""
    problems = too_many(placed_cards(hands, discard, melds), Counter(rules.deck.cards))
    if phase is Phase.DRAW and (opening_value or taken):
        problems.append("turn details (taken card, opening value) are set before the draw")
    if not rules.min_players <= count <= rules.max_players:
        problems.append(
            f"player_count must be from {rules.min_players} to {rules.max_players}, got {count}"
        )
    for name, values in flags.items():
        if values and len(values) != count:
            problems.append(f"{name} must have {count} entries, got {len(values)}")
    if not (is_int(turn) and 0 <= turn < count):
        problems.append(f"turn must be a player from 0 to {count - 1}, got {describe(turn)}")
    active = flags.get("active", ())
    if len(active) == count:
        for player, hand in enumerate(hands):
            if not active[player] and hand and phase in (Phase.DRAW, Phase.PLAY):
                problems.append(f"player {player} is out of the match but holds cards")
    return problems


def placed_cards(
    hands: Iterable[tuple[Card, ...]], discard: tuple[Card, ...], melds: Iterable[Meld]
) -> Counter[Card]:
    """Every card placed in a position's hands, discard pile and table melds."""
    placed: Counter[Card] = Counter(discard)
    for hand in hands:
        placed.update(hand)
    for meld in melds:
        placed.update(meld.cards)
    return placed


def too_many(placed: Counter[Card], deck: Counter[Card]) -> list[str]:
    return [
        f"{CARD_NAMES[card]}: {placed[card]} placed, but the deck has {deck[card]}"
        for card in sorted(placed)
        if placed[card] > deck[card]
    ]


def meld_from_spec(spec: str, rules: Ruleset) -> Meld:
    """Read a table meld written like ``8C 9C JK=10C`` (each wild card with its card).

    :raises InvalidArgumentError: ``rules`` is not a :class:`~scala40.Ruleset`.
    :raises InvalidMoveError, IllegalMoveError: ``spec`` is not the text of a valid meld.
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Ruleset, got {describe(rules)}")
    if not isinstance(spec, str):
        raise InvalidMoveError(f"expected meld text, got {describe(spec)}")
    if len(spec) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"meld text of {len(spec)} characters: no meld is that long")
    key = (spec, rules.meld_rules)
    known = _SPEC_MELDS.get(key)
    if known is not None:
        return known
    cards, represented = parse_meld_spec(spec.split())
    return _SPEC_MELDS.put(key, engine.resolve_meld(PutDown(cards, represented), rules))


_SPEC_MELDS: BoundedCache[tuple[str, MeldRules], Meld] = BoundedCache(
    "Scala 40 table melds read", limit=HAND_LIMIT
)
"""The melds :func:`meld_from_spec` read, by their text and the meld rules (which alone
decide the meld): a state's dict writes its table as meld texts, and the same melds come
back in state after state. Only texts that read as a meld are kept (at most
:data:`~scala40.movekinds.MAX_MOVE_TEXT` characters each), so a text refused is refused
again with the same message."""


def _counter(cards: Iterable[Card]) -> Counter[Card]:
    return Counter(cards)


def field_problems(state: StateRecord) -> list[str]:
    """The problems of a state's fields taken one by one: their types and ranges. A state
    with any is checked no further (its other checks would mean nothing)."""
    check = FieldChecks(state, Ruleset)
    if check.problems:
        return check.problems
    n = check.count
    problems = check.problems
    check.entries("hands", n, _is_cards, "cards")
    check.entries("opened", n, is_bool, "True or False")
    check.entries("turns_played", n, is_position_total, f"integers of at most {MAX_COUNT}")
    check.entries("scores", n, is_position_total, f"integers of at most {MAX_COUNT}")
    check.entries("active", n, is_bool, "True or False")
    check.fields(
        Phase,
        cards=("stock", "discard"),
        most=sys.maxsize,
        counts=("hand_number",),
        flags=(
            "auto_chance",
            "opened_at_turn_start",
            "taken_must_use",
            "taken_used",
            "melded_since_restock",
        ),
        optional_cards=("taken",),
    )
    table: object = state.table
    if not (isinstance(table, tuple) and all(isinstance(m, Meld) for m in table)):
        problems.append(f"table must be a tuple of melds, got {describe(table)}")
    winners: object = state.winners
    if not (isinstance(winners, tuple) and all(is_int(w) for w in winners)):
        problems.append(f"winners must be a tuple of players, got {describe(winners)}")
    if not (is_int(state.opening_value) and abs(state.opening_value) <= MAX_COUNT):
        problems.append(
            f"opening_value must be an integer of at most {MAX_COUNT}, "
            f"got {describe(state.opening_value)}"
        )
    check.last_hand(HandResult, _hand_result_field_problems, n)
    return problems


def _hand_result_field_problems(result: HandResult, n: int) -> list[str]:
    problems: list[str] = []
    seats = range(n)
    points: object = result.points
    hands: object = result.hands

    def seat_list(value: object) -> bool:
        return (
            isinstance(value, tuple)
            and all(is_int(seat) and seat in seats for seat in value)
            and len(set(value)) == len(value)
        )

    if not is_count(result.hand_number):
        problems.append(
            f"last_hand: hand_number must be a count, got {describe(result.hand_number)}"
        )
    if result.closer is not None and not (is_int(result.closer) and result.closer in seats):
        problems.append(
            f"last_hand: closer must be a player from 0 to {n - 1} or None, "
            f"got {describe(result.closer)}"
        )
    if not (isinstance(points, tuple) and len(points) == n and all(map(is_count, points))):
        problems.append(f"last_hand: points must be {n} counts, got {describe(points)}")
    if not is_bool(result.doubled):
        problems.append(
            f"last_hand: doubled must be True or False, got {describe(result.doubled)}"
        )
    if not (
        isinstance(hands, tuple)
        and len(hands) == n
        and all(_is_cards(hand) and len(hand) <= MAX_HAND_SIZE + 1 for hand in hands)
    ):
        problems.append(f"last_hand: hands must be {n} hands, got {describe(hands)}")
    for name in ("eliminated", "reentered"):
        if not seat_list(getattr(result, name)):
            problems.append(
                f"last_hand: {name} must list distinct players from 0 to {n - 1}, "
                f"got {describe(getattr(result, name))}"
            )
    return problems


def consistency_problems(state: StateRecord) -> list[str]:
    problems: list[str] = []
    n = state.player_count
    rules = state.rules
    phase = state.phase
    in_hand = phase in (Phase.DRAW, Phase.PLAY, Phase.RESTOCK)
    over = phase is Phase.OVER
    if not any(state.active):
        problems.append("no player is still in the match")
    elif not over and sum(state.active) < 2:
        problems.append("only one player is still in the match, which should be over")
    seats_ok = {}
    for name, value in (("turn", state.turn), ("dealer", state.dealer)):
        seats_ok[name] = is_int(value) and 0 <= value < n
        if not seats_ok[name]:
            problems.append(f"{name} must be a player from 0 to {n - 1}, got {describe(value)}")
    if seats_ok["turn"] and not over and not state.active[state.turn]:
        problems.append(f"player {state.turn} is to move but is out of the match")
    if seats_ok["dealer"] and not over and not state.active[state.dealer]:
        problems.append(f"the dealer, player {state.dealer}, is out of the match")
    if all(seats_ok.values()) and phase is Phase.DEAL and state.turn != state.dealer:
        problems.append(
            f"a hand is to be dealt: the dealer ({state.dealer}) is the player named, "
            f"not {state.turn}"
        )
    # Every card of the deck is somewhere, exactly once (C-DECK).
    found = card_counts(state.stock, state.discard, *state.hands, *(m.cards for m in state.table))
    placed_any = any(found)
    # A match may end by resignations before its first deal (C-RESIGN).
    undealt = phase is Phase.DEAL or (over and state.hand_number == 0 and bool(state.resigned))
    if not undealt or placed_any:
        problems.extend(count_problems(found, deck_counts(rules.deck)))
    if state.hand_number == 0 and (not undealt or placed_any):
        problems.append("hand number 0 is the deal of the first hand, before any card is placed")
    meld_rules = rules.meld_rules
    for index, meld in enumerate(state.table):
        if meld.rules != meld_rules or meld not in meld_rules.readings(meld.cards):
            problems.append(f"table meld #{index} ({meld}) is not valid under the rules")
    for player in range(n):
        if state.scores[player] < 0 or state.turns_played[player] < 0:
            problems.append(f"player {player} has a negative score or turn count")
        if in_hand and not state.active[player]:
            if state.hands[player]:
                problems.append(f"player {player} is out of the match but holds cards")
            if state.opened[player] or state.turns_played[player]:
                problems.append(f"player {player} is out of the match but has played this hand")
    problems.extend(_score_problems(state))
    if over:
        if not state.winners:
            problems.append("the match is over but has no winner")
        elif len(set(state.winners)) != len(state.winners) or any(
            not 0 <= seat < n for seat in state.winners
        ):
            problems.append(
                f"winners must be distinct players from 0 to {n - 1}, got {list(state.winners)}"
            )
    elif state.winners:
        problems.append("the match has winners but is not over")
    if not in_hand and (
        state.taken is not None or state.opening_value or state.taken_must_use or state.taken_used
    ):
        problems.append(
            f"turn details (taken card, opening value) are set at the {phase.value} phase"
        )
    if in_hand and seats_ok["turn"]:
        problems.extend(_turn_problems(state, rules, phase))
    if state.last_hand is not None:
        problems.extend(_hand_result_problems(state, state.last_hand))
    return problems


def _score_problems(state: StateRecord) -> list[str]:
    """The totals and who is still in, as the match format makes them (S40-ELIM, its
    variants)."""
    rules = state.rules
    fmt = rules.match_format
    over = state.phase is Phase.OVER
    problems: list[str] = []
    if fmt is MatchFormat.SINGLE and any(state.scores):
        problems.append("match_format 'single' keeps no totals, but the scores are not 0")
    resigned = state.resigned
    if fmt in (MatchFormat.SINGLE, MatchFormat.NO_ELIMINATION):
        if any(not playing and seat not in resigned for seat, playing in enumerate(state.active)):
            problems.append(f"nobody drops out under match_format {fmt.value!r}")
        limit = rules.no_elimination_limit
        if fmt is MatchFormat.NO_ELIMINATION and not over and max(state.scores) >= limit:
            problems.append(
                f"a total reached no_elimination_limit ({limit}) but the match is not over"
            )
        return problems
    target = rules.elimination_score
    for player, (score, playing) in enumerate(zip(state.scores, state.active)):
        if playing and score >= target:
            problems.append(
                f"player {player} is still in with {score}, at or past the elimination score "
                f"{target}"
            )
        elif not playing and score < target and player not in resigned:
            # A player who resigned is out whatever his total (C-RESIGN).
            problems.append(
                f"player {player} is out with {score}, below the elimination score {target}"
            )
    return problems


def _turn_problems(state: StateRecord, rules: Ruleset, phase: Phase) -> list[str]:
    """The rules of the turn in progress (the draw, play and restock phases), under the
    state's ``rules`` at its ``phase``."""
    problems: list[str] = []
    turn = state.turn
    mover_hand = state.hands[turn]
    for player, hand in enumerate(state.hands):
        if not state.active[player]:
            continue
        most = rules.hand_size + (1 if player == turn and phase is not Phase.DRAW else 0)
        if len(hand) > most:
            problems.append(f"player {player} holds {len(hand)} cards, more than {most}")
        if not hand and player != turn:
            problems.append(f"player {player} holds no card, but the hand goes on")
    if phase is Phase.DRAW:
        if not state.stock:
            problems.append("the stock is empty at a draw (the hand should have ended)")
        # (Whether the player had opened when the turn began is set by the draw.)
        if (
            state.taken is not None
            or state.opening_value
            or state.taken_used
            or state.taken_must_use
        ):
            problems.append("turn details (taken card, opening value) are set before the draw")
    if phase is Phase.RESTOCK:
        if state.stock or not state.discard:
            problems.append(
                "the stock is rebuilt only once it is empty, from a discard pile that is not "
                "(S40-RESTOCK)"
            )
        if rules.restock is not RestockMethod.SHUFFLE:
            problems.append("a flipped discard pile is never reshuffled (S40-V-RESTOCK-FLIP)")
    if state.opening_value and state.opened[turn]:
        problems.append("opening_value is set for a player who has opened")
    if state.opening_value < 0:
        problems.append("opening_value must not be negative")
    elif state.opening_value and state.opening_value >= rules.opening_threshold:
        problems.append(
            f"opening_value {state.opening_value} reaches the threshold "
            f"{rules.opening_threshold}: the player would have opened"
        )
    if not mover_hand:
        problems.append(f"player {turn} is to move but holds no card")
    elif len(mover_hand) == 1 and phase is not Phase.DRAW and not state.opened[turn]:
        # Only melds shrink a hand, and a player who has not opened melds only towards
        # the opening, which opens him once complete: no play leads here.
        problems.append(
            f"player {turn} has not opened but holds a single card after the draw (S40-OPEN)"
        )
    if phase is Phase.DRAW:
        return problems
    if state.opened_at_turn_start and not state.opened[turn]:
        problems.append("the player to move had opened when the turn began, but has not now")
    if state.taken_used and not state.taken_must_use:
        problems.append("taken_used is set, but no card taken had to be melded")
    if state.taken_must_use and state.taken is None:
        problems.append("taken_must_use is set, but no card was taken")
    if (
        state.taken is not None
        and not state.taken_must_use
        and not rules.first_player_takes_upcard
    ):
        problems.append("a card was taken to keep, which needs S40-V-UPCARD")
    if state.taken_must_use and not state.taken_used and state.taken not in state.hands[turn]:
        problems.append("the card taken from the discard pile is not in the player's hand")
    if state.taken_must_use and not state.opened_at_turn_start and not rules.discard_draw_to_open:
        problems.append(
            "a player who had not opened took the top discard to meld it, which needs "
            "S40-V-EARLYDISCARD"
        )
    return problems


def _hand_result_problems(state: StateRecord, result: HandResult) -> list[str]:
    """How the last hand ended, against the state that followed it."""
    problems: list[str] = []
    rules = state.rules
    fmt = rules.match_format
    expected = state.hand_number - (0 if state.phase in (Phase.DEAL, Phase.OVER) else 1)
    if result.hand_number != expected:
        problems.append(
            f"last_hand: hand {result.hand_number} cannot precede this point of hand "
            f"{state.hand_number}"
        )
    if result.closer is not None and result.points[result.closer]:
        problems.append("last_hand: the closer scores no points")
    if (result.closer is None or fmt is MatchFormat.SINGLE) and any(result.points):
        problems.append("last_hand: a blocked hand, or a single hand, scores no points")
    if result.doubled and not rules.double_on_open_and_close:
        problems.append("last_hand: doubled points need S40-V-DOUBLE")
    if result.reentered and fmt is not MatchFormat.REENTRY:
        problems.append("last_hand: players re-enter only under S40-V-REENTRY")
    if result.eliminated and fmt not in (MatchFormat.ELIMINATION, MatchFormat.REENTRY):
        problems.append(f"last_hand: nobody drops out under match_format {fmt.value!r}")
    if set(result.eliminated) & set(result.reentered):
        problems.append("last_hand: a player both dropped out and re-entered")
    if any(state.active[seat] for seat in result.eliminated):
        problems.append("last_hand: a player who dropped out is still in the match")
    held = Counter(card for hand in result.hands for card in hand)
    problems.extend(
        f"last_hand: {problem}" for problem in too_many(held, Counter(rules.deck.cards))
    )
    return problems


def hand_result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "closer": result.closer,
        "points": list(result.points),
        "doubled": result.doubled,
        "hands": [format_cards(h) for h in result.hands],
        "eliminated": list(result.eliminated),
        "reentered": list(result.reentered),
    }


_OPTIONAL_STATE_FIELDS = frozenset({"melded_since_restock"})
"""A field a state may lack: a missing ``melded_since_restock`` (a state written before
it) reads as true, so that such a state's next rebuild of the stock goes on as it did
then."""


class _Fields(FieldReader):
    """:class:`~scala40._format.serial.FieldReader` in the words of Scala 40's states: integers
    of either sign up to :data:`MAX_COUNT`, named without their range, and card texts
    bounded by their count of cards (:data:`MAX_PLACED`)."""

    def number(self, name: str) -> int:
        value = self.data[name]
        if not (type(value) is int and -MAX_COUNT <= value <= MAX_COUNT):
            raise self.fail(f"{name} must be an integer, got {describe(value)}")
        return value

    def optional_number(self, name: str) -> int | None:
        return None if self.data[name] is None else self.number(name)

    def numbers(self, name: str) -> tuple[int, ...]:
        value = self.data[name]
        if (
            not isinstance(value, list)
            or len(value) > MAX_PLACED
            or any(not (type(v) is int and -MAX_COUNT <= v <= MAX_COUNT) for v in value)
        ):
            raise self.fail(f"{name} must be a list of integers, got {describe(value)}")
        return tuple(value)

    def cards(self, value: object, what: str) -> tuple[Card, ...]:
        if not isinstance(value, str):
            raise self.fail(f"{what} must be card text, got {describe(value)}")
        try:
            found = as_cards(value)
        except InvalidCardError as error:
            raise self.fail(f"{what}: {error}") from error
        if len(found) > MAX_PLACED:
            raise self.fail(f"{what}: {len(found)} cards, more than a deck holds")
        return found


def _hand_result_from_dict(state: _Fields) -> HandResult | None:
    read = state.part("last_hand", HandResult, STATE_HEADER)
    if read is None:
        return None
    return HandResult(
        hand_number=read.number("hand_number"),
        closer=read.optional_number("closer"),
        points=read.numbers("points"),
        doubled=read.boolean("doubled"),
        hands=read.card_lists("hands", most=MAX_PLACED),
        eliminated=read.numbers("eliminated"),
        reentered=read.numbers("reentered"),
    )


def state_from_dict(cls: type[Any], data: Mapping[str, Any], *, checked: bool = True) -> Any:
    """The state of class ``cls`` that :meth:`~scala40.games.scala40.state.GameState.to_dict`
    wrote as ``data``, every field and their fit checked.

    Without ``checked``, each field is read and typed but how they fit together is not
    checked (a view's text is read so, its hidden cards filled in).

    :raises SerializationError: the data is malformed or describes an invalid state.
    """
    read = _Fields.state(
        data, "state", STATE_FORMAT_VERSION, "state: ", StateRecord, _OPTIONAL_STATE_FIELDS
    )
    rules = Ruleset.from_dict(data["rules"])
    phase_text = data["phase"]
    if not isinstance(phase_text, str) or phase_text not in {p.value for p in Phase}:
        raise read.fail(f"unknown phase {describe(phase_text)}")
    rng = read.rng("rng")
    table = read.melds("table", lambda spec: meld_from_spec(spec, rules), MAX_PLACED)
    taken = read.optional_card("taken")
    state = cls(
        rules=rules,
        player_count=read.number("players"),
        dealer=read.number("dealer"),
        hand_number=read.number("hand_number"),
        phase=Phase(phase_text),
        turn=read.number("turn"),
        hands=read.card_lists("hands", most=MAX_PLACED),
        stock=read.cards(data["stock"], "stock"),
        discard=read.cards(data["discard"], "discard"),
        table=table,
        opened=read.bools("opened", sys.maxsize),
        turns_played=read.numbers("turns_played"),
        scores=read.numbers("scores"),
        active=read.bools("active", sys.maxsize),
        winners=read.numbers("winners"),
        rng=rng,
        auto_chance=read.boolean("auto_chance"),
        opening_value=read.number("opening_value"),
        opened_at_turn_start=read.boolean("opened_at_turn_start"),
        taken=taken,
        taken_must_use=read.boolean("taken_must_use"),
        taken_used=read.boolean("taken_used"),
        melded_since_restock=read.boolean("melded_since_restock")
        if "melded_since_restock" in data
        else True,
        last_hand=_hand_result_from_dict(read),
        resigned=resigned_from_dict(data, "state: "),
    )
    return read.valid(state) if checked else state


def read_state(cls: type[Any], data: Mapping[str, Any]) -> Any:
    """The state of class ``cls`` that ``data`` describes, each field read and typed, not
    checked together (:meth:`~scala40._base.state.StateBase._read`)."""
    return state_from_dict(cls, data, checked=False)

"""Shared helpers for the engine tests: positions, illegal-move checks, card conservation,
random players and playouts, and Hypothesis strategies for small engine positions."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import reject
from hypothesis import strategies as st

from scala40 import (
    PRESETS,
    Deal,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    LayOff,
    MissingReadingError,
    Move,
    Phase,
    PutDown,
    Restock,
    Ruleset,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    parse_cards,
)
from scala40.cards import Card, format_cards
from scala40.games.scala40.hand.packing import COUNT_WEIGHTS, Packing
from scala40.melds import Meld, MeldEnd, MeldRules
from tests.strategies import valid_melds

__all__ = [
    "MELDING_MOVES",
    "PRESET_NAMES",
    "assert_conserved",
    "assert_illegal",
    "cards_in_play",
    "choose_move",
    "deck_counter",
    "engine_positions",
    "make_position",
    "mid_turn",
    "move_texts",
    "packed_can_open",
    "packed_opening_starts",
    "playout",
    "rest_of_deck",
    "rule_ids",
    "state_fields",
    "unlisted_moves",
]

#: Every preset, by name.
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)

#: The moves that put cards on the table.
MELDING_MOVES = (PutDown, LayOff, SwapJoker, Split)


def make_position(
    *,
    hands: Sequence[str],
    discard: str = "",
    table: Sequence[str] = (),
    stock_top: str = "",
    rules: Ruleset | str | None = None,
    **options: Any,
) -> GameState:
    """A position built with :meth:`GameState.from_position` whose stock is explicit:
    the cards of ``stock_top`` on top (the last one drawn first), the rest of the deck
    under them in card order, so that every draw is known in advance."""
    ruleset = Ruleset.preset(rules) if isinstance(rules, str) else (rules or PRESETS["official"])
    # A wild card written "JK=10C" is one card on the table: the one before the "=".
    placed: Counter[Card] = Counter(parse_cards(discard))
    for meld in table:
        placed.update(parse_cards(" ".join(token.split("=")[0] for token in meld.split())))
    for hand in hands:
        placed.update(parse_cards(hand))
    top = parse_cards(stock_top)
    rest = Counter(ruleset.deck.cards) - placed - Counter(top)
    stock = format_cards(sorted(rest.elements())) + " " + format_cards(top)
    return GameState.from_position(
        hands=list(hands),
        discard=discard,
        table=list(table),
        stock=stock,
        rules=ruleset,
        **options,
    )


def mid_turn(
    *,
    hands: Sequence[str],
    discard: str = "2D",
    opened: Sequence[bool] | None = None,
    turns_played: Sequence[int] | None = None,
    **position: Any,
) -> GameState:
    """A position in the middle of seat 0's turn (it has drawn: the play phase) after the
    first round, every seat opened unless ``opened`` says otherwise: where most of the
    rules of melding, laying off and closing are seen. The other arguments are those of
    :meth:`GameState.from_position`."""
    count = len(hands)
    return GameState.from_position(
        hands=list(hands),
        discard=discard,
        opened=[True] * count if opened is None else list(opened),
        turns_played=[1] * count if turns_played is None else list(turns_played),
        phase="play",
        **position,
    )


def rest_of_deck(rules: Ruleset | None, *texts: str) -> str:
    """The cards of the deck not named in ``texts`` (card lists or table melds), as text."""
    ruleset = rules or PRESETS["official"]
    placed: Counter[Card] = Counter()
    for text in texts:
        placed.update(parse_cards(" ".join(token.split("=")[0] for token in text.split())))
    return format_cards(sorted((Counter(ruleset.deck.cards) - placed).elements()))


def state_fields(state: GameState) -> dict[str, Any]:
    """Every field of a state, for checking that a refused move changed nothing (its
    caches aside: reading a move's text may list the legal moves, which the state keeps)."""
    return attrs.asdict(
        state, recurse=False, filter=lambda field, _: not field.metadata.get("cache")
    )


def rule_ids(error: IllegalMoveError) -> list[str]:
    """The rule IDs an illegal-move message names in parentheses at its end."""
    message = str(error)
    assert message.endswith(")"), message
    return message[message.rindex("(") + 1 : -1].split(", ")


def assert_illegal(state: GameState, move: Move | str, rule: str) -> IllegalMoveError:
    """``move`` is refused in ``state`` naming ``rule``, and ``state`` is left as it was."""
    before = state_fields(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert rule in rule_ids(info.value), str(info.value)
    assert state_fields(state) == before
    assert not state.is_legal(move)
    assert move not in state.legal_moves()
    return info.value


def deck_counter(rules: Ruleset) -> Counter[Card]:
    """The deck as a multiset of cards."""
    return Counter(rules.deck.cards)


def cards_in_play(state: GameState) -> Counter[Card]:
    """Every card of the state: hands, stock, discard pile and table melds."""
    found: Counter[Card] = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        found.update(hand)
    for meld in state.table:
        found.update(meld.cards)
    return found


def assert_conserved(state: GameState) -> None:
    """Hands, stock, discard pile and table hold exactly the deck (C-DECK)."""
    if state.phase is Phase.DEAL and not sum(cards_in_play(state).values()):
        return  # the very first deal: no card is out yet
    assert cards_in_play(state) == deck_counter(state.rules)


def move_texts(state: GameState) -> list[str]:
    """The legal moves of a state as sorted text."""
    return sorted(str(move) for move in state.legal_moves())


def choose_move(state: GameState, chooser: random.Random, meld_bias: float = 0.9) -> Move:
    """A random player: uniform among the legal moves, but with probability ``meld_bias``
    a melding move when one exists, so that players open and hands end."""
    moves = list(state.legal_moves())
    assert moves, f"no legal move in\n{state}"
    melding = [move for move in moves if isinstance(move, MELDING_MOVES)]
    if melding and chooser.random() < meld_bias:
        return chooser.choice(melding)
    return chooser.choice(moves)


def playout(
    state: GameState, chooser: random.Random, max_actions: int, meld_bias: float = 0.9
) -> Iterator[tuple[GameState, Move, GameState]]:
    """``(state, move, next_state)`` along a random match, to its end or ``max_actions``."""
    for _ in range(max_actions):
        if state.is_over:
            return
        move = choose_move(state, chooser, meld_bias)
        after = state.apply(move)
        yield state, move, after
        state = after


_DRAWS: tuple[Move, ...] = (DrawStock(), TakeDiscard(), TakeUpcard(), Deal(), Restock())


def unlisted_moves(state: GameState, chooser: random.Random, limit: int = 40) -> list[Move]:
    """Moves of every kind that are NOT among the state's legal moves: every discard and
    draw, random melds of hand cards and layoffs and swaps onto every table meld."""
    listed = set(state.legal_moves())
    candidates: list[Move] = [*_DRAWS, *(Discard(card) for card in range(53))]
    hand = state.hands[state.turn]
    if len(hand) >= 3:
        for _ in range(limit):
            size = chooser.randint(3, min(6, len(hand)))
            try:
                candidates.append(PutDown(tuple(chooser.sample(hand, size))))
            except MissingReadingError:
                continue  # cards whose joker only a position can read: no move value
    for index in range(len(state.table) + 1):
        for card in sorted(set(hand)):
            candidates.append(SwapJoker(card, index))
            for end in MeldEnd:  # (a value names its end: C-WILD)
                with contextlib.suppress(MissingReadingError):
                    candidates.append(LayOff(card, index, end))
    unlisted = [move for move in dict.fromkeys(candidates) if move not in listed]
    if len(unlisted) > limit * 4:
        unlisted = chooser.sample(unlisted, limit * 4)
    return unlisted


# -- Hypothesis: small positions --------------------------------------------------------

_DEAD_END = "no legal move: the match cannot go on from here"


def position_or_reject(**position: Any) -> GameState:
    """:meth:`GameState.from_position` for a Hypothesis strategy: a drawn position that is
    a dead end (no legal move, which the loaders refuse: no play leads there) is
    rejected; any other problem is an error of the strategy."""
    try:
        return GameState.from_position(**position)
    except InvalidStateError as error:
        if error.problems == (_DEAD_END,):
            reject()
        raise


@st.composite
def engine_positions(
    draw: st.DrawFn,
    rule_choices: Sequence[Ruleset] = (),
    min_hand: int = 4,
    max_hand: int = 9,
    phases: Sequence[str] = ("play",),
    playable_only: bool = False,
    playable: Callable[[Ruleset, tuple[Meld, ...]], Iterable[Card]] | None = None,
) -> GameState:
    """A small two-player position: a few table melds, a hand of ``min_hand``-``max_hand``
    cards (partly drawn from melds, so that melds and layoffs exist), opened or not, a card
    taken from the discard pile or an opening in progress, first round or not.

    Cards that would make a meld or a layoff are kept aside as "useful": the card taken
    from the pile (PLAY) or the top of the pile (DRAW) is often one of them.

    With ``playable_only``, every card of the hand extends a table meld (and so does the
    top of the pile, most often): the positions where S40-V-PLAYABLE's switches may ban
    every card left. The cards that extend one are those a layoff takes, or those
    ``playable`` gives for the rules and the table if given (under S40-V-SPLIT, the cards
    a split places too)."""
    rules = draw(st.sampled_from(list(rule_choices) or [PRESETS[name] for name in PRESET_NAMES]))
    meld_rules = rules.meld_rules
    available = deck_counter(rules)

    def take(cards: Sequence[Card]) -> bool:
        needed = Counter(cards)
        if any(available[card] < count for card, count in needed.items()):
            return False
        available.subtract(needed)
        return True

    def any_card() -> Card:
        return draw(st.sampled_from(sorted(card for card, n in available.items() if n > 0)))

    table: list[Meld] = []
    for _ in range(draw(st.integers(0, 3))):
        cards = draw(valid_melds(meld_rules))
        readings = meld_rules.readings(cards)
        if readings and take(readings[0].cards):
            table.append(draw(st.sampled_from(readings)))
    size = draw(st.integers(min_hand, max_hand))
    hand: list[Card] = []
    useful: list[Card] = []
    if playable_only:
        if playable is None:
            targets = sorted({ext.represents for meld in table for ext in meld.extensions()})
        else:
            targets = sorted(playable(rules, tuple(table)))
        for _ in range(size if targets else 0):
            card = draw(st.sampled_from(targets))
            if take([card]):
                hand.append(card)
            useful.append(card)
        if len(hand) < min_hand:
            reject()
    for _ in range(draw(st.integers(0, 2))):
        meld_cards = draw(st.permutations(draw(valid_melds(meld_rules))))
        cut = draw(st.integers(0, len(meld_cards)))
        for card in meld_cards[:cut]:
            if len(hand) < size and take([card]):
                hand.append(card)
        useful.extend(meld_cards[cut:])
    # Cards next to table melds make layoffs and joker swaps.
    for meld in table:
        targets = [ext.represents for ext in meld.extensions()]
        targets += [rep for _, rep in meld.joker_swaps()]
        if targets:
            card = draw(st.sampled_from(targets))
            if draw(st.booleans()) and len(hand) < size and take([card]):
                hand.append(card)
            else:
                useful.append(card)
    while len(hand) < size:
        card = any_card()
        take([card])
        hand.append(card)
    phase = draw(st.sampled_from(list(phases)))
    opened = draw(st.sampled_from([True, False]))
    first_round = draw(st.sampled_from([False, True]))
    discard: list[Card] = []
    for _ in range(draw(st.integers(0, 2))):
        card = any_card()
        take([card])
        discard.append(card)
    useful = [card for card in useful if available[card] > 0]
    use_useful: bool = bool(useful) and draw(st.booleans())
    top: Card = draw(st.sampled_from(useful)) if use_useful else any_card()
    take([top])
    discard.append(top)
    other: list[Card] = []
    for _ in range(draw(st.integers(2, 6))):
        card = any_card()
        take([card])
        other.append(card)
    options: dict[str, Any] = {}
    if phase == "play":
        can_take = opened or rules.discard_draw_to_open
        mode = draw(st.sampled_from(["none", "taken", "taken", "opening"]))
        if mode == "taken" and can_take:
            # The card taken is one that melds (in the hand or on the table) or any card.
            held_useful = [c for c in hand if c not in useful]
            options.update(taken=draw(st.sampled_from(held_useful or hand)), taken_must_use=True)
        elif mode == "opening" and not opened and rules.opening_threshold > 1:
            options["opening_value"] = draw(st.integers(1, rules.opening_threshold - 1))
    try:
        return GameState.from_position(
            hands=[hand, other],
            discard=discard,
            table=table,
            opened=[opened, draw(st.booleans())],
            turn=0,
            phase=phase,
            rules=rules,
            turns_played=[0, 0] if first_round else [1, 1],
            seed=draw(st.integers(0, 2**32)),
            auto_chance=False,
            **options,
        )
    except InvalidStateError as error:
        # The loaders refuse a dead end (a position with no legal move, such as a card
        # taken from the pile that can't be melded): no play leads there.
        if error.problems == (_DEAD_END,):
            reject()
        raise


def packed_can_open(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """Whether melds of the sorted hand ``cards`` reach ``needed``, leaving ``keep`` cards,
    one holding ``must`` if given, by a new packing search that remembers nothing: the
    reference the opening solver is held to."""
    return Packing(cards, rules, COUNT_WEIGHTS).reaches(needed, keep, must)


def packed_opening_starts(
    cards: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    final_keep: int,
    close_ok: bool,
    must: Card | None,
) -> tuple[Meld, ...]:
    """The melds that may start an opening still short of ``needed``, by a new packing
    search that remembers nothing (``Packing.starts``): the reference the opening solver
    is held to."""
    packing = Packing(cards, rules, COUNT_WEIGHTS)
    if not packing.reaches(needed, final_keep, must):
        return ()
    return packing.starts(needed, keep, final_keep, close_ok, must)

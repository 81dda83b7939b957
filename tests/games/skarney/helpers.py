"""Shared helpers for the Skarney tests: positions, illegal-move checks, random play and
Hypothesis strategies for small positions."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import strategies as st

from scala40.cards import JOKER, Card, format_cards, make_card, parse_cards
from scala40.errors import IllegalMoveError
from scala40.games.skarney import GameState, Ruleset, new_game
from scala40.games.skarney.moves import Move
from scala40.games.skarney.search import hand_melds
from scala40.melds import Meld, MeldKind

__all__ = [
    "assert_illegal",
    "move_texts",
    "play_positions",
    "playout",
    "position",
    "random_states",
]


def position(
    hands: Sequence[str],
    table: Sequence[tuple[str, int]] = (),
    *,
    rules: Ruleset | str | None = None,
    **options: Any,
) -> GameState:
    """A position at the start of a turn (after the draw, by default), the pile made of
    the rest of the deck."""
    return GameState.from_position(hands=hands, table=table, rules=rules, **options)


def move_texts(state: GameState) -> list[str]:
    """The legal moves of a state, as text."""
    return [str(move) for move in state.legal_moves()]


def assert_illegal(state: GameState, move: Move | str, rule: str) -> IllegalMoveError:
    """``move`` is refused, naming ``rule``, and ``state`` is unchanged."""
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match=rule) as info:
        state.apply(move)
    assert state.to_dict() == before
    assert move not in state.legal_moves()
    return info.value


def playout(state: GameState, seed: int, max_actions: int = 20_000) -> Iterator[GameState]:
    """The states of a random game from ``state`` (uniform legal moves), ``state`` first."""
    chooser = random.Random(seed)
    yield state
    for _ in range(max_actions):
        if state.is_over:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
        yield state


def random_states(preset: str, players: int, seed: int, every: int = 1) -> Iterator[GameState]:
    """Every ``every``-th state of a seeded random game."""
    for index, state in enumerate(playout(new_game(preset, players, seed), seed)):
        if index % every == 0:
            yield state


# -- small positions for the oracle ---------------------------------------------------------

#: Cards that make many melds together: low ranks of two suits, the 2s and the jokers.
_POOL: tuple[Card, ...] = tuple(
    sorted(
        [make_card(rank, suit) for rank in (1, 3, 4, 5, 6, 7, 13, 12) for suit in (0, 1)] * 2
        + [make_card(2, suit) for suit in range(4)]
        + [JOKER, JOKER]
    )
)


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """Rulesets with the options that change a turn's moves."""
    size = draw(st.sampled_from([1, 2, 3]))
    return Ruleset(
        contract_melds=(size,) * 7,
        partnership=draw(st.booleans()),
        contract=draw(st.booleans()),
        extend_limit_per_meld=draw(st.sampled_from([None, 0, 1, 2])),
        melds_with_contract=draw(st.booleans()),
        exchange_before_contract=draw(st.booleans()),
        no_offer_back=draw(st.booleans()),
        turn_limit=draw(st.sampled_from([None, 2, 5])),
    )


@st.composite
def play_positions(draw: st.DrawFn, max_hand: int = 9) -> GameState:
    """Small positions at the start of a turn, after the draw: a hand of a few cards from
    a pool rich in melds, a few table melds of any owners, contracts made or not."""
    rules = draw(rulesets())
    players = 4 if rules.partnership else draw(st.integers(2, 4))
    pool = list(_POOL)
    draw(st.randoms(use_true_random=False)).shuffle(pool)
    table: list[tuple[str, int]] = []
    for _ in range(draw(st.integers(0, 3))):
        melds: list[Meld] = list(hand_melds(tuple(sorted(pool[:8]))))
        with_wild = [m for m in melds if m.wild_count == 1 and m.kind is not MeldKind.WILD]
        prefer_wild = draw(st.booleans())
        if with_wild and prefer_wild:
            melds = with_wild  # melds with a wild card to exchange (SK-EXCHANGE)
        if not melds:
            break
        meld = draw(st.sampled_from(melds))
        for card in meld.cards:
            pool.remove(card)
        table.append((str(meld), draw(st.integers(0, players - 1))))
    hand: list[Card] = []
    for _ in range(draw(st.integers(0, 3))):
        # A few melds of the pool make hands that can make a contract.
        threes = [m for m in hand_melds(tuple(sorted(pool[:9]))) if len(m.cards) == 3]
        if not threes or len(hand) + 3 > max_hand:
            break
        meld = draw(st.sampled_from(threes))
        for card in meld.cards:
            pool.remove(card)
        hand.extend(meld.cards)
    for text, _ in table:
        # Now and then the natural card a table wild card stands for (SK-EXCHANGE).
        wanted = [rep for token in text.split() if "=" in token for rep in parse_cards(token[3:])]
        if wanted and wanted[0] in pool and draw(st.booleans()):
            pool.remove(wanted[0])
            hand.append(wanted[0])
    extra = draw(st.integers(1 if not hand else 0, max(0, max_hand - len(hand))))
    hand.extend(pool[:extra])
    del pool[:extra]
    others = [format_cards(pool[index : index + 1]) for index in range(players - 1)]
    turn = draw(st.integers(0, players - 1))
    hands = [*others[:turn], format_cards(hand), *others[turn:]]
    sides = 2 if rules.partnership else players
    contracts = [draw(st.booleans()) and rules.contract for _ in range(sides)]
    accepted = [
        format_cards(draw(st.lists(st.sampled_from(hand), max_size=2, unique=True)))
        if seat == turn
        else ""
        for seat in range(players)
    ]
    return GameState.from_position(
        hands=hands,
        table=table,
        rules=rules,
        turn=turn,
        contracts=contracts,
        accepted=accepted,
        turn_number=2,
    )

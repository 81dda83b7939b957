"""How far a seat's side is from its contract (SK-CONTRACT), as its view tells a client
(``view.contract_parts()``, ``view.to_dict()["own"]["contract"]``).

Over seeded games played by the greedy bot (which makes contracts, part by part), at
every seat's view: the melds named are disjoint 3-card melds of the hand, each of its
kind with at most one wild card, as many as the most any set of the hand's melds of that
kind holds (tried one by one, up to the melds still needed); nothing is missing exactly
when the hand holds the rest of the contract; and ``held`` lists every such meld once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.games.skarney import GameState, new_game
from scala40.games.skarney.analysis import can_make_contract, hand_melds
from scala40.melds import Meld, MeldKind


def _states(preset: str, players: int, seed: int, moves: int = 600) -> Iterator[Any]:
    state = new_game(preset, players, seed)
    bot = make_bot("greedy", "skarney")
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        seat = state.current_player
        legal = list(state.legal_moves())
        move = legal[0] if seat is None else bot.choose(state.view(seat), legal, chooser)
        state = state.apply(move)


def _threes(hand: tuple[int, ...], kind: MeldKind) -> list[Meld]:
    """The hand's 3-card melds of ``kind`` with at most one wild card, read from every
    meld the hand holds."""
    return [
        meld
        for meld in hand_melds(hand)
        if meld.kind is kind and len(meld.cards) == 3 and meld.wild_count <= 1
    ]


def _most(hand: tuple[int, ...], kind: MeldKind, most: int) -> int:
    """The most disjoint 3-card melds of ``kind`` the hand holds, at most ``most``: every
    set of them tried."""
    melds = [Counter(meld.cards) for meld in _threes(hand, kind)]
    best = 0

    def grow(start: int, left: Counter[int], count: int) -> None:
        nonlocal best
        best = max(best, count)
        if best >= most:
            return
        for index in range(start, len(melds)):
            if not melds[index] - left:
                grow(index, left - melds[index], count + 1)

    grow(0, Counter(hand), 0)
    return best


@pytest.mark.parametrize(("preset", "players", "seed"), [("partnership", 4, 1), ("singles", 3, 2)])
def test_the_contract_s_parts_held_and_missing(preset: str, players: int, seed: int) -> None:
    checked = missing = partial = 0
    for state in _states(preset, players, seed):
        for seat in range(state.player_count):
            view = state.view(seat)
            parts = view.contract_parts()
            own = view.to_dict()["own"]["contract"]
            if parts is None:
                assert own is None
                continue
            hand = tuple(sorted(view.hand))
            rest = parts["melds"] - parts["put_down"]
            assert parts["melds"] == state.rules.contract_size(state.hand_number)
            best = 0
            for kind, key in ((MeldKind.SET, "sets"), (MeldKind.SEQUENCE, "sequences")):
                named = parts[key]
                if parts["kind"] not in (None, kind):
                    assert named == ()
                    continue
                assert len(named) == _most(hand, kind, rest)
                used = Counter(card for meld in named for card in meld.cards)
                assert not used - Counter(hand)
                assert all(
                    m.kind is kind and len(m.cards) == 3 and m.wild_count <= 1 for m in named
                )
                assert own[key] == [str(meld) for meld in named]
                best = max(best, len(named))
                held = {tuple(sorted(meld.cards)) for meld in _threes(hand, kind)}
                listed = {tuple(sorted(m.cards)) for m in parts["held"] if m.kind is kind}
                assert listed == held
            assert parts["missing"] == rest - best == own["missing"]
            if parts["put_down"] == 0:
                whole = can_make_contract(hand, size=parts["melds"])
                assert (parts["missing"] == 0) == whole
            checked += 1
            missing += parts["missing"] > 0
            partial += parts["put_down"] > 0
    assert checked > 100
    assert missing > 0
    assert partial > 0


def test_a_hand_short_of_its_contract_names_what_it_holds() -> None:
    """One set of the three the first hand's contract needs: no meld is a legal move,
    and the facts name the set and the two melds missing."""
    state = GameState.from_position(
        hands=["5S 5H 5D 7C 7D 9S 9H KS KD QH 4C", "AH 3C", "AC 4D", "AD 6S"]
    )
    assert not any(str(move).startswith("meld") for move in state.legal_moves())
    contract = state.view(0).to_dict()["own"]["contract"]
    assert contract["melds"] == 3
    assert contract["sets"] == ["5S 5H 5D"]
    assert contract["sequences"] == []
    assert contract["missing"] == 2
    assert contract["held"] == [{"meld": "5S 5H 5D", "kind": "set"}]
    # The side that has its contract has nothing missing to tell.
    made = GameState.from_position(
        hands=["5S 5H 5D 7C 7D 9S 9H KS KD QH 4C", "AH 3C", "AC 4D", "AD 6S"],
        contracts=[True, False],
    )
    assert made.view(0).to_dict()["own"]["contract"] is None

"""Properties of Skarney games under random rulesets and seeds (Hypothesis).

Random games are played under random combinations of every option; at every step the
cards are conserved, the sides' totals are the sums of their hands' points, what is
known of a hand is in it, contracts belong to sides with melds, the turn limit holds,
and a game that is not over has a move to make.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.games.skarney import Phase, Ruleset, TiedHand, new_game
from scala40.games.skarney.phases import side_of


@st.composite
def any_rules(draw: st.DrawFn) -> Ruleset:
    hands = draw(st.integers(1, 2))
    return Ruleset(
        partnership=draw(st.booleans()),
        jokers=draw(st.sampled_from([0, 2, 4])),
        contract=draw(st.booleans()),
        contract_melds=tuple(draw(st.integers(1, 4)) for _ in range(hands)),
        hand_bonus=tuple(draw(st.integers(0, 500)) for _ in range(hands)),
        shutout_bonus=draw(st.integers(0, 300)),
        hands=hands,
        extend_limit_per_meld=draw(st.sampled_from([None, 0, 1, 2])),
        melds_with_contract=draw(st.booleans()),
        exchange_before_contract=draw(st.booleans()),
        no_rummy_hand_penalty=draw(st.booleans()),
        tied_hand=draw(st.sampled_from(list(TiedHand))),
        no_offer_back=draw(st.booleans()),
        turn_limit=draw(st.sampled_from([None, 8, 40])),
    )


@settings(max_examples=40)
@given(any_rules(), st.integers(0, 2**32), st.booleans())
def test_random_games_keep_every_invariant(rules: Ruleset, seed: int, auto: bool) -> None:
    players = 4 if rules.partnership else 2 + seed % 3
    state = new_game(rules, players, seed, auto_chance=auto)
    chooser = random.Random(seed)
    deck = Counter(rules.deck.cards)
    totals = [0] * len(state.totals)
    for _ in range(3000):
        assert Counter(state.all_cards()) == deck
        if state.is_over:
            break
        legal = state.legal_moves()
        assert legal, "a game that is not over has a move to make"
        if state.phase in (Phase.DRAW, Phase.PLAY, Phase.OFFER):
            for seat in range(players):
                assert not Counter(state.known[seat]) - Counter(state.hands[seat])
            if rules.turn_limit is not None:
                assert state.turn_number <= rules.turn_limit
            for side, made in enumerate(state.contracts):
                if made:
                    owned = [o for o in state.owners if side_of(o, rules.partnership) == side]
                    assert len(owned) >= rules.contract_size(state.hand_number)
        before = state.hand_number
        state = state.apply(legal[chooser.randrange(len(legal))])
        if state.last_hand is not None and (state.hand_number != before or state.is_over):
            result = state.last_hand
            if result.hand_number == before:
                for side, gained in enumerate(result.points):
                    totals[side] += gained
                    expected = 0 if result.void else (
                        result.meld_points[side] - result.hand_points[side] + result.bonus[side]
                    )  # fmt: skip
                    assert gained == expected
                assert sum(1 for bonus in result.bonus if bonus) <= 1
            assert list(state.totals) == totals
    if state.is_over:
        assert state.hand_number == rules.hands
        best = max(state.totals)
        assert {state.side(seat) for seat in state.winners} == {
            side for side, total in enumerate(state.totals) if total == best
        }
        shares = {state.side(seat): share for seat, share in enumerate(state.returns())}
        assert abs(sum(shares.values()) - 1.0) < 1e-9

"""Hypothesis strategies for the knock games: rulesets and their profiles, hands rich in
melds, shown melds."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from scala40.cards import Card
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.state_record import FamilyRules
from scala40.melds import Meld

#: The rulesets the arrangement oracle judges the engine under.
RULES: dict[str, FamilyRules] = {
    "rumino": rumino.Ruleset(),
    "rumino-web": rumino.Ruleset.preset("web"),
    "chinchon": chinchon.Ruleset(),
    "chinchon-jokers": chinchon.Ruleset(wild="two_jokers"),
    "chinchon-coins": chinchon.Ruleset(wild="ace_of_coins", max_wild_per_meld=1),
    "chinchon-48x2": chinchon.Ruleset(
        deck_size=48, packs=2, wild="two_jokers", max_players=8, close_max_unmatched=1
    ),
    "laconga-uruguay": laconga.Ruleset.preset("uruguay"),
}

#: Their profiles, which the arrangement search reads.
PROFILES: dict[str, KnockRules] = {name: rules.profile for name, rules in RULES.items()}


@st.composite
def hands(draw: st.DrawFn, profile: KnockRules, size: int) -> tuple[Card, ...]:
    """``size`` cards of the profile's deck, often from few suits and a few neighbouring
    ranks (so that they make melds), sorted."""
    deck = profile.deck
    counts = Counter(deck.cards)
    ranks = deck.ranks
    if draw(st.booleans()):
        low = draw(st.integers(0, max(0, len(ranks) - 5)))
        window = set(ranks[low : low + 5])
        suits = set(draw(st.lists(st.integers(0, 3), min_size=1, max_size=2)))
        pool = [
            card
            for card in counts
            if card in profile.wild_cards or (card % 13 + 1 in window and card // 13 in suits)
        ]
    else:
        pool = list(counts)
    chosen: list[Card] = []
    for _ in range(size):
        left = [card for card in pool if chosen.count(card) < counts[card]]
        if not left:
            left = [card for card in counts if chosen.count(card) < counts[card]]
        chosen.append(draw(st.sampled_from(sorted(left))))
    return tuple(sorted(chosen))


@st.composite
def shown_melds(draw: st.DrawFn, profile: KnockRules, hand: tuple[Card, ...]) -> tuple[Meld, ...]:
    """One or two melds of cards of the deck not in ``hand``, read as the rules read them."""
    counts = Counter(profile.deck.cards) - Counter(hand)
    melds: list[Meld] = []
    for _ in range(draw(st.integers(1, 2))):
        suit = draw(st.integers(0, 3))
        ranks = profile.deck.ranks
        start = draw(st.integers(0, len(ranks) - 3))
        if draw(st.booleans()):
            cards = [suit * 13 + rank - 1 for rank in ranks[start : start + 3]]
        else:
            rank = ranks[start]
            cards = [s * 13 + rank - 1 for s in range(4) if s != suit]
        if any(counts[card] < 1 for card in cards):
            continue
        readings = profile.meld_rules.readings(cards)
        if readings:
            counts -= Counter(cards)
            melds.append(readings[0])
    return tuple(melds)

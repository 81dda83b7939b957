"""The Rumino is a meld (RU-MELDS): seven cards of one suit in sequence, or seven of one
rank, jokers standing in where ``rumino_jokers`` allows. The meld engine
(:func:`scala40.check_meld`), the Rumino check (:func:`~scala40.games.rumino.has_rumino`),
the arrangement of a hand, the legal moves and the conformance corpus give one verdict
on every such group, under every preset."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import attrs
import pytest

from scala40.cards import CARD_NAMES, JOKER, Card, make_card, parse_cards
from scala40.conformance.corpus import corpus_rulesets
from scala40.errors import AmbiguousMeldError, InvalidMeldError
from scala40.games._knock.arrange import candidate_melds, least_unmatched
from scala40.games.rumino import GameState, Ruleset, best_arrangement, has_rumino
from scala40.melds import MeldRules, check_meld, is_meld, meld_interpretations
from tests.games.knock import oracle
from tests.games.knock.helpers import legal
from tests.games.knock.helpers import position as make_position

SEVEN = 7
"""The cards of a Rumino (RU-MELDS), written here apart from the library's constant."""

RULESETS = {
    **{name: Ruleset.preset(name) for name in Ruleset.preset_names()},
    **{
        f"{name},rumino_jokers=False": Ruleset.preset(name).replace(rumino_jokers=False)
        for name in Ruleset.preset_names()
    },
}
"""Every preset of Rumino, and each without jokers in a Rumino (RU-RUMINO Decision)."""


def verdict(cards: tuple[Card, ...], rules: Ruleset) -> str:
    """What :func:`check_meld` says of ``cards`` under the ruleset (its deck counted):
    ``meld``, ``ambiguous`` (a meld of several readings) or ``not a meld``."""
    try:
        check_meld(" ".join(CARD_NAMES[card] for card in cards), rules)
    except AmbiguousMeldError:
        return "ambiguous"
    except InvalidMeldError:
        return "not a meld"
    return "meld"


def seven_card_groups(jokers: int) -> Iterator[tuple[Card, ...]]:
    """Every group of seven cards of one suit in sequence (the ace low only: A-2-3 to
    7-K, RU-MELDS) and of seven of one rank (two packs: at most two cards of each suit,
    RU-DECK) that two French packs hold, with up to ``jokers`` jokers standing for any of
    its cards; each group once, sorted (a joker at an end of a run stands at either end:
    the same cards)."""
    seen: set[tuple[Card, ...]] = set()
    for suit in range(4):
        for low in range(1, 14 - SEVEN + 1):
            run = [make_card(rank, suit) for rank in range(low, low + SEVEN)]
            for count in range(jokers + 1):
                for holes in combinations(range(SEVEN), count):
                    group = tuple(sorted(JOKER if i in holes else c for i, c in enumerate(run)))
                    if group not in seen:
                        seen.add(group)
                        yield group
    for rank in range(1, 14):
        for count in range(jokers + 1):
            for suits in combinations_with_replacement(range(4), SEVEN - count):
                if max(Counter(suits).values()) <= 2:
                    yield tuple(sorted((*(make_card(rank, s) for s in suits), *[JOKER] * count)))


def test_the_groups_are_every_run_and_rank_of_seven() -> None:
    # Runs: 4 suits x 7 runs (A-7 to 7-K) x the places of j = 0..4 jokers, sum C(7, j) =
    # 1 + 7 + 21 + 35 + 35 = 99 each, 2,772 placements, of which 1,764 distinct groups
    # (a joker at an end reads one place lower or higher). Ranks: 13 x the suits of 7 - j
    # cards, two of a suit at most (j = 0..4: 4 + 10 + 16 + 19 + 16 = 65), 845 groups.
    groups = list(seven_card_groups(4))
    assert len(groups) == len(set(groups)) == 1_764 + 845 == 2_609
    runs = [group for group in groups if len({card % 13 for card in group if card != JOKER}) > 1]
    assert len(runs) == 1_764
    # Without jokers: the 28 runs, and 13 ranks x 4 (one suit of the eight cards left out).
    assert len(list(seven_card_groups(0))) == 28 + 13 * 4


@pytest.mark.parametrize("preset", Ruleset.preset_names())
def test_a_rumino_is_a_meld_under_every_preset(preset: str) -> None:
    """RU-MELDS: "a Rumino is a special seven card meld". Seven of a suit in sequence
    and seven of a rank, natural or with jokers, are a meld that check_meld gives, as
    has_rumino says: under ``catsatcards`` sequences otherwise hold 4 cards at most, and
    under every preset sets do."""
    rules = Ruleset.preset(preset)
    for text in (
        "3H 4H 5H 6H 7H 8H 9H",
        "7S 7S 7H 7H 7D 7C 7C",
        "3H 4H JK 6H 7H JK 9H",
        "7S JK 7H 7D JK 7C 7C",
    ):
        assert has_rumino(text, rules), text
        meld = check_meld(text, rules)
        assert len(meld) == SEVEN
        assert [str(reading) for reading in meld_interpretations(text, rules.meld_rules)] == [
            str(meld)
        ]
    assert str(check_meld("7S 7S 7H 7H 7D 7C 7C", rules)) == "7S 7S 7H 7H 7D 7C 7C"
    assert str(check_meld("JK 4H 5H 6H 7H 8H 9H", rules, joker_as="3H")) == (
        "JK=3H 4H 5H 6H 7H 8H 9H"
    )
    # Not a Rumino, not a meld: a gap, a card twice, the ace high (Q-K-A invalid).
    for text in ("3H 4H 5H 6H 7H 8H 10H", "3H 4H 5H 6H 6H 7H 8H", "8H 9H 10H JH QH KH AH"):
        assert not has_rumino(text, rules), text
        assert not is_meld(text, rules.meld_rules), text


def test_no_joker_stands_in_a_rumino_under_rumino_jokers_false() -> None:
    rules = Ruleset(rumino_jokers=False)
    assert check_meld("3H 4H 5H 6H 7H 8H 9H", rules).kind.value == "sequence"
    for text, kind in (("3H 4H JK 6H 7H 8H 9H", "sequence"), ("7S JK 7H 7D 7C 7C 7H", "set")):
        assert not has_rumino(text, rules)
        with pytest.raises(InvalidMeldError, match=f"a {kind} has at most 4 cards, got 7, and a "
                           "meld of 7 cards holds no wild card"):  # fmt: skip
            check_meld(text, rules)
    # Under ``web`` a sequence of seven with a joker is a meld still (of 3 or more cards),
    # though no Rumino.
    web = Ruleset.preset("web").replace(rumino_jokers=False)
    assert not has_rumino("3H 4H JK 6H 7H 8H 9H", web)
    assert is_meld("3H 4H JK 6H 7H 8H 9H", web.meld_rules)
    assert not is_meld("7S JK 7H 7D 7C 7C 7H", web.meld_rules)


@functools.cache
def _ordinary(rules: Ruleset) -> MeldRules:
    """The ruleset's meld rules without the long meld: the melds of their other sizes."""
    return attrs.evolve(rules.meld_rules, long_meld_size=None)


def test_check_meld_and_has_rumino_agree_on_every_group_of_seven() -> None:
    """Over every preset, with and without jokers in a Rumino: every group of seven of
    a suit in sequence or of a rank, with up to the deck's four jokers, is a meld for
    check_meld exactly when has_rumino calls it a Rumino (with the seventh card as the
    discard too). A group with a joker where no joker may stand in a Rumino is a meld
    only as the other sizes make one (a sequence of seven under ``web``)."""
    checked = 0
    for rules in RULESETS.values():
        jokers = rules.deck.counts()[JOKER]
        assert jokers == 4
        for group in seven_card_groups(jokers):
            rumino = rules.rumino_jokers or JOKER not in group
            assert has_rumino(group, rules) is rumino, group
            assert has_rumino(group[1:], rules, extra=group[0]) is rumino, group
            said = verdict(group, rules)
            if rumino:
                assert said != "not a meld", group
                assert all(len(meld) == SEVEN for meld in rules.meld_rules.readings(group))
            else:
                assert (said != "not a meld") is is_meld(group, _ordinary(rules)), group
            checked += 1
    assert checked == 4 * 2_609


def _rumino_by_brute_force(cards: tuple[Card, ...], rules: Ruleset) -> bool:
    """Whether seven of ``cards`` read as one meld of seven cards that holds a joker only
    where the ruleset's option lets one stand in a Rumino: each seven asked of the meld
    engine (itself held to its brute-force oracle, tests/core/test_melds_oracle.py)."""
    for seven in set(combinations(sorted(cards), SEVEN)):
        for meld in meld_interpretations(seven, rules.meld_rules):
            if rules.rumino_jokers or not meld.wild_count:
                return True
    return False


@pytest.mark.parametrize("name", list(RULESETS))
def test_has_rumino_is_the_brute_force_over_the_meld_engine(name: str) -> None:
    """has_rumino's quick count (by rank, and by runs of seven places of a suit) against
    every seven of the cards read by the meld engine: seeded hands of seven and eight
    cards, most of them near a Rumino, under every preset."""
    rules = RULESETS[name]
    found = Counter[bool]()
    for hand in _near_rumino_hands(rules, 1_500, name):
        expected = _rumino_by_brute_force(hand, rules)
        assert has_rumino(hand, rules) is expected, hand
        if len(hand) == 8:
            assert has_rumino(hand[:-1], rules, extra=hand[-1]) is expected, hand
        found[expected] += 1
    assert found[True] > 300
    assert found[False] > 300


def _near_rumino_hands(rules: Ruleset, count: int, seed: str) -> Iterator[tuple[Card, ...]]:
    """``count`` seeded hands of seven or eight cards the deck holds, most of them a
    group of seven with up to two cards changed (RU-MELDS), sorted."""
    deck = list(rules.deck.cards)
    chooser = random.Random(seed)
    groups = list(seven_card_groups(4 if rules.rumino_jokers else 0))
    made = 0
    while made < count:
        size = chooser.choice((7, 8))
        if chooser.random() < 0.7:
            cards = list(chooser.choice(groups))
            for _ in range(chooser.randint(0, 2)):
                cards[chooser.randrange(SEVEN)] = chooser.choice(deck)
            cards += chooser.sample(deck, size - SEVEN)
        else:
            cards = chooser.sample(deck, size)
        held = Counter(cards)
        if held[JOKER] > 4 or any(n > 2 for card, n in held.items() if card != JOKER):
            continue  # more copies than the two packs and their four jokers hold
        made += 1
        yield tuple(sorted(cards))


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_candidate_melds_of_hands_near_a_rumino_are_every_meld(name: str) -> None:
    """The arrangement's candidate melds (every part of a hand the meld engine reads as
    a meld, found by rank and by runs, the long meld's among them) are the parts of the
    hand that is_meld accepts, one by one: seeded hands near a Rumino."""
    rules = RULESETS[name]
    meld_rules = rules.meld_rules
    sevens = 0
    for hand in _near_rumino_hands(rules, 200, f"candidates/{name}"):
        expected = {
            part
            for size in range(3, len(hand) + 1)
            for part in set(combinations(hand, size))
            if is_meld(part, meld_rules)
        }
        assert set(candidate_melds(hand, meld_rules)) == expected, hand
        sevens += any(len(part) == SEVEN for part in expected)
    assert sevens > 30


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_arrangement_holds_the_rumino(name: str) -> None:
    """A hand's arrangement (C-ARRANGE, RU-SCORE) knows the Rumino as a meld: the seven
    are among the candidate melds of a hand holding them exactly when the meld engine
    reads them as a meld (always, for a Rumino), and the best arrangement is the
    brute-force oracle's, which reads every part of the hand with the meld engine."""
    rules = RULESETS[name]
    profile = rules.profile
    for group, extra in (
        ("3H 4H 5H 6H 7H 8H 9H", "KC"),
        ("7S 7S 7H 7H 7D 7C 7C", ""),
        ("3H 4H JK 6H 7H JK 9H", "2C"),
        ("7S JK 7H 7D 7C 7C 7H", "AD"),
    ):
        seven = tuple(sorted(parse_cards(group)))
        hand = tuple(sorted(seven + tuple(parse_cards(extra))))
        melded = seven in candidate_melds(hand, profile.meld_rules)
        assert melded is is_meld(seven, profile.meld_rules), group
        if has_rumino(seven, rules):
            assert melded, group
        best = best_arrangement(hand, profile)
        key = oracle.best_key(hand, profile, ())
        assert (best.value, best.unmatched) == key[0:3:2], group
        assert tuple((m.cards, m.represented) for m in best.melds) == key[3], group
        assert least_unmatched(hand, profile) == oracle.least(hand, profile) == best.value


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_claim_is_offered_exactly_for_a_discard_that_completes_the_meld(name: str) -> None:
    """The legal moves (RU-RUMINO, claims decided): seat 1 holds six cards of a group of
    seven, seat 0 discards the seventh; the claim is offered exactly when the seven make
    a meld of seven that has_rumino calls a Rumino, and the claim wins."""
    rules = RULESETS[name].replace(rumino_claim="decision")
    for text in (
        "3H 4H 5H 6H 7H 8H 9H",
        "7S 7S 7H 7H 7D 7C 7C",
        "3H 4H JK 6H 7H JK 9H",
        "7S JK 7H 7D 7C 7C JK",
        "3H 4H 5H 6H 7H 8H 10H",
    ):
        group = text.split()
        six, discard = " ".join(group[:-1]), group[-1]
        state = make_position(
            GameState,
            [f"2S 2D 5C 9C JD QS KD {discard}", f"{six} KC"],
            discard="4D",
            phase="play",
            rules=rules,
        )
        after = state.apply(f"discard {discard}")
        rumino = has_rumino(f"{six} {discard}", rules)
        meld = verdict(tuple(parse_cards(text)), rules) != "not a meld"
        assert rumino is (meld and (rules.rumino_jokers or "JK" not in text)), text
        assert (legal(after) == ["claim", "pass"]) is rumino, text
        if rumino:
            won = after.apply("claim")
            assert won.is_over
            assert won.winners == (1,)


def test_the_corpus_gives_every_rumino_group_as_a_meld() -> None:
    """The conformance corpus's meld lines of Rumino: a group of seven that has_rumino
    calls a Rumino is a meld (or ambiguous: a meld of several readings), and a meld of
    seven is a Rumino (every preset lets jokers stand in one)."""
    rulesets = corpus_rulesets("rumino")
    counts = Counter[str]()
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "rumino.jsonl"
    for text in corpus.read_text(encoding="utf-8").splitlines():
        line = json.loads(text)
        if line["section"] != "meld" or len(line["cards"].split()) != SEVEN:
            continue
        rumino = has_rumino(line["cards"], rulesets[line["ruleset"]])
        assert (line["verdict"] != "not a meld") is rumino, line["id"]
        counts["rumino" if rumino else "other"] += 1
    assert counts["rumino"] >= 100

"""The careful bot of the knock games (:mod:`scala40.bots.knock.careful`): greedy's moves
with its settings off, legal and deterministic at any table (several players, wild
cards), its options checked, and its reading of the table against slow oracles."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from scala40 import clear_caches
from scala40.bots import bot_options, make_bot, play_game
from scala40.bots.knock.bots import GreedyBot
from scala40.bots.knock.careful import CarefulBot, _meld_pairs, _Partners, _Table
from scala40.bots.knock.stalled import hand_stalled
from scala40.cards import parse_cards
from scala40.errors import InvalidBotSpecError
from scala40.game import load_game
from scala40.games._knock.arrange import (
    candidate_melds,
    least_unmatched,
    least_unmatched_without,
)
from scala40.games._knock.moves import Discard, TakeDiscard
from scala40.games._knock.phases import Phase
from scala40.games.chinchon import Ruleset as ChinchonRules
from tests.decisions import varied_decisions
from tests.protocol.cases import knock_game_names, soak_unless_default

KNOCK = knock_game_names()
OFF = {"take_saving": 0, "margin": 0, "meld_weight": 0, "swap_weight": 0, "outs_weight": 0}
"""The careful bot's settings off: greedy's moves."""


def _cases() -> list[Any]:
    """Every knock game, preset and number of players from 2 to 4."""
    cases = []
    for name in KNOCK:
        game = load_game(name)
        for preset in game.ruleset_type.preset_names():
            rules = game.ruleset_type.preset(preset)
            for players in range(max(2, rules.min_players), min(4, rules.max_players) + 1):
                marks = soak_unless_default(game, preset)
                cases.append(
                    pytest.param(
                        name, preset, players, id=f"{name}-{preset}-{players}", marks=marks
                    )
                )
    return cases


@pytest.mark.parametrize(("name", "preset", "players"), _cases())
def test_with_its_settings_off_it_plays_greedy_s_moves(
    name: str, preset: str, players: int
) -> None:
    """With ``take_saving``, ``margin`` and every weight at 0, the careful bot chooses and
    ranks every move as greedy does, at every decision of varied games."""
    off, greedy = CarefulBot(**OFF), GreedyBot()
    compared = 0
    for seed in range(2):
        for state in varied_decisions(name, preset, players, seed, 150):
            view, legal = state.view(state.current_player), list(state.legal_moves())
            assert off.choose(view, legal, random.Random(1)) == greedy.choose(
                view, legal, random.Random(1)
            )
            assert off.ranked(view, legal) == greedy.ranked(view, legal)
            compared += 1
    assert compared > 60


@pytest.mark.parametrize(("name", "preset", "players"), _cases())
def test_it_plays_legal_moves_and_the_same_every_time(
    name: str, preset: str, players: int
) -> None:
    """Careful bots at every seat play 300 moves of a game, each one of the legal moves
    (play_game refuses any other), and the same view and moves give the same move
    whatever the random generator (the bot draws no number until a hand stalls, far
    later than these decisions)."""
    game = load_game(name)
    state = game.new_game(game.ruleset_type.preset(preset), players, 7)
    play_game(state, [make_bot("careful", name) for _ in range(players)], 7, max_actions=300)
    bot = CarefulBot()
    for state in itertools.islice(varied_decisions(name, preset, players, 11, 120), 40):
        view, legal = state.view(state.current_player), list(state.legal_moves())
        assert not hand_stalled(view)
        first = bot.choose(view, legal, random.Random(1))
        assert first in legal
        assert bot.choose(view, legal, random.Random(99)) == first
        assert bot.ranked(view, legal)[0] == first
        assert sorted(map(str, bot.ranked(view, legal))) == sorted(map(str, legal))


def test_every_knock_game_has_it_and_its_options_are_named() -> None:
    for name in KNOCK:
        assert isinstance(make_bot("careful", name), CarefulBot)
    assert bot_options(CarefulBot) == (
        "take_saving",
        "margin",
        "meld_weight",
        "swap_weight",
        "outs_weight",
    )
    assert repr(make_bot("careful:margin=0,meld_weight=2.5", "chinchon")) == (
        "CarefulBot(take_saving=4, margin=0, meld_weight=2.5, swap_weight=0.4, outs_weight=2)"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("careful:margin=-1", "margin must be a whole number of points from 0 to 1000, got -1"),
        ("careful:take_saving=2.5", "take_saving must be a whole number of points"),
        ("careful:meld_weight=heavy", "meld_weight must be a number from 0 to 1000, got 'heavy'"),
        ("careful:outs_weight=1e9", "outs_weight must be a number from 0 to 1000"),
        ("careful:swap_weight=true", "swap_weight must be a number"),
        ("careful:depth=2", "bot 'careful' takes no option 'depth'"),
    ],
)
def test_its_options_are_checked(spec: str, message: str) -> None:
    with pytest.raises(InvalidBotSpecError, match=message):
        make_bot(spec, "laconga")


@pytest.mark.parametrize("preset", ["catsatcards", "spain_club", "argentina_50"])
def test_the_pairs_that_meld_with_a_card_are_the_meld_engine_s(preset: str) -> None:
    """The pairs the danger reads (found from the cover tables) are exactly the pairs
    of the deck's cards that the meld engine reads as a meld of three with the card."""
    rules: Any = load_game("chinchon").ruleset_type.preset(preset)
    deck = Counter(rules.profile.deck.cards)
    codes = sorted(deck)
    for card in codes:
        expected = []
        for first, second in itertools.combinations_with_replacement(codes, 2):
            needed = Counter((card, first, second))
            if any(deck[code] < count for code, count in needed.items()):
                continue
            triple = tuple(sorted((card, first, second)))
            if triple in candidate_melds(triple, rules.meld_rules):
                expected.append((first, second))
        assert list(_meld_pairs(card, rules.meld_rules, deck)) == expected, card


def test_a_rumino_pair_may_hold_the_card_s_twin() -> None:
    """Rumino deals two packs: two copies of a card and another of its rank are a set."""
    rules: Any = load_game("rumino").ruleset_type.preset("catsatcards")
    deck = Counter(rules.profile.deck.cards)
    five_of_hearts, five_of_spades = parse_cards("5H 5S")
    pairs = _meld_pairs(five_of_hearts, rules.meld_rules, deck)
    assert tuple(sorted((five_of_hearts, five_of_spades))) in pairs


def test_each_deck_reads_its_own_pairs_whichever_game_came_first() -> None:
    """Chinchón with one pack and with two share their meld rules, and a pair of copies
    of one card melds only where the deck holds both: the careful bot reads the pairs of
    its own deck, and chooses the same moves in a two-pack game whether or not a one-pack
    game was played before it in the process."""
    game = load_game("chinchon")
    clear_caches()  # equal meld rules made from now on are one object
    one = ChinchonRules.from_dict(ChinchonRules.default().to_dict())
    two = one.replace(packs=2)
    assert one.meld_rules is two.meld_rules
    five_of_hearts = parse_cards("5H")[0]
    for rules in (one, two):
        view = game.new_game(rules, 2, 3).view(0)
        pairs = _Table(view, rules.profile).partners.of(five_of_hearts, rules.meld_rules)
        deck = Counter(rules.profile.deck.cards)
        assert pairs == _meld_pairs(five_of_hearts, rules.meld_rules, deck), rules.packs
    five_of_spades = parse_cards("5S")[0]
    twins = (five_of_spades, five_of_spades)  # two copies of another five: a set of three
    for rules, has_twins in ((one, False), (two, True)):
        deck = Counter(rules.profile.deck.cards)
        assert (twins in _meld_pairs(five_of_hearts, rules.meld_rules, deck)) is has_twins

    def choices(first: Any) -> list[str]:
        clear_caches()  # meld rules nobody has used: the next ruleset's own
        if first is not None:
            state = game.new_game(game.ruleset_type.from_dict(first.to_dict()), 2, 5)
            play_game(state, [CarefulBot(), CarefulBot()], 5, max_actions=60)
        state = game.new_game(game.ruleset_type.from_dict(two.to_dict()), 2, 11)
        bot, chosen = CarefulBot(), list[str]()
        while not state.is_over and len(chosen) < 150:
            legal = list(state.legal_moves())
            move = (
                legal[0]
                if state.is_chance
                else bot.choose(state.view(state.current_player), legal, random.Random(1))
            )
            chosen.append(str(move))
            state = state.apply(move)
        return chosen

    assert choices(one) == choices(None)


def test_a_cards_pairs_are_stored_after_the_cards_they_relate() -> None:
    """Another thread takes a card's pairs, once stored, as the sign that the cards they
    relate are stored too (:meth:`_Partners.of`): at the moment the pairs are stored, the
    related cards are there, for every card of the deck."""
    rules = ChinchonRules.default()
    partners = _Partners(rules.profile.deck.cards)
    related_first: list[bool] = []

    class Watched(dict[int, tuple[tuple[int, int], ...]]):
        def __setitem__(self, card: int, pairs: tuple[tuple[int, int], ...]) -> None:
            related_first.append(card in partners.related)
            super().__setitem__(card, pairs)

    partners.pairs = Watched()
    cards = sorted(set(rules.profile.deck.cards))
    for card in cards:
        partners.of(card, rules.meld_rules)
    assert related_first == [True] * len(cards)


def test_a_card_that_melds_with_two_the_next_seat_took_is_certain_danger() -> None:
    """The next seat took two fives, seen by all: a third five melds with them for sure;
    a card no unseen pair melds with is no danger."""
    game = load_game("chinchon")
    state = game.new_game(None, 2, 1)
    view = state.view(0)
    fives = parse_cards("5S 5H")
    shown = ((), tuple(sorted(fives)))
    seen = view.__class__(**{**_fields(view), "shown": shown})
    table = _Table(seen, seen.rules.profile)
    assert table.next_seat == 1
    (third,) = parse_cards("5D")
    assert table.meld_chance(third) == 1.0


def _fields(view: Any) -> dict[str, Any]:
    return {field.name: getattr(view, field.name) for field in attrs.fields(type(view))}


def test_the_take_is_stricter_than_greedy_s() -> None:
    """Where the careful bot leaves a discard greedy takes, the take would have saved
    less than ``take_saving`` points and left the card out of every best meld; where it
    takes, greedy takes too."""
    careful = CarefulBot()
    greedy = GreedyBot()
    declined = 0
    for name in ("chinchon", "laconga"):
        for seed in range(6):
            for state in varied_decisions(name, "catsatcards", 2, seed, 200):
                view = state.view(state.current_player)
                if view.phase is not Phase.DRAW:
                    continue
                legal = list(state.legal_moves())
                mine = careful.choose(view, legal, random.Random(0))
                theirs = greedy.choose(view, legal, random.Random(0))
                if isinstance(mine, TakeDiscard):
                    assert isinstance(theirs, TakeDiscard)
                elif isinstance(theirs, TakeDiscard):
                    declined += 1
                    _check_a_weak_take(view)
    assert declined > 0


def _check_a_weak_take(view: Any) -> None:
    """Brute force: every way to take the top discard and throw a card saves less than
    4 points, and every best one leaves the taken card unmatched."""
    profile = view.rules.profile
    hand, top = view.hand, view.discard[-1]
    now = least_unmatched(tuple(sorted(hand)), profile)
    finals = []
    for index in range(len(hand)):
        kept = tuple(sorted((*hand[:index], *hand[index + 1 :], top)))
        finals.append((least_unmatched(kept, profile), kept))
    best = min(value for value, _ in finals)
    assert now - best < 4
    for value, kept in finals:
        if value == best:
            rest = list(kept)
            rest.remove(top)
            # The card is unmatched in some best arrangement: without it the hand is
            # worth the best less the card's own value.
            assert least_unmatched(tuple(rest), profile) + profile.values[top] == best


def test_its_discard_stays_near_greedy_s() -> None:
    """Its discard leaves at most ``margin`` points more unmatched than greedy's, and is
    never a wild card greedy would keep."""
    careful = CarefulBot()
    greedy = GreedyBot()
    for name, preset in (("chinchon", "argentina_50"), ("laconga", "uruguay"), ("rumino", "web")):
        for state in varied_decisions(name, preset, 3, 5, 300):
            view = state.view(state.current_player)
            if view.phase is not Phase.PLAY:
                continue
            legal = list(state.legal_moves())
            mine = careful.choose(view, legal, random.Random(0))
            theirs = greedy.choose(view, legal, random.Random(0))
            if not (isinstance(mine, Discard) and isinstance(theirs, Discard)):
                assert mine == theirs
                continue
            after = least_unmatched_without(view.hand, view.rules.profile)
            assert after[mine.card] <= after[theirs.card] + careful.margin
            if mine.card in view.rules.profile.wild_cards:
                assert mine == theirs

"""The sample checks of the protocol suite: ``view.sample(seed)`` gives, in every game,
a full state consistent with the view.

From states of every phase reached in seeded random games (every registered game and
preset, and the toy game of the adapters' tests), each seat's view is sampled, and each
sample

* passes the state's own ``problems()`` (a game that has them) and reads back from its
  ``to_dict()`` through the game's ``state_from_dict``, equal;
* gives the same view back to the seat, holds the deck's cards, and names the same seat
  to decide (whose legal moves, when it is the viewing seat, are the same);
* keeps the public facts about hidden hands: cards known to be in a hand are there (a
  card taken from the discard pile that must be melded, Skarney's known cards, the hands
  shown at a hand's end), and Rumino's claim rights (RU-RUMINO): the seats still to
  decide on a claim hold the Rumino the discard completes, the seats after them do not,
  and no hand holds a Rumino.

Crafted positions check the hard cases many times each: a Scala 40 player who took the
top discard (opened, with a hand too small to meld it, opening with it under S40-V-EARLYDISCARD, half way through the
opening) or the upcard to keep (S40-V-UPCARD), a Skarney player half way through his contract (SK-CONTRACT), a Rumino claim
decided in turn (RU-RUMINO, ``rumino_claim="decision"``), and a view no state gives
(the sampler's bound, ``MAX_SAMPLE_DRAWS``).

``HYPOTHESIS_PROFILE=long nox -s soak`` checks many more states.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from scala40._base.sampling import MAX_SAMPLE_DRAWS
from scala40.errors import SearchLimitError
from scala40.game import Game, State, game_names, load_game
from scala40.games._knock.arrange import has_rumino
from scala40.games._knock.phases import Phase as KnockPhase
from scala40.games.chinchon import GameState as ChinchonState
from scala40.games.rumino import GameState as RuminoState
from scala40.games.rumino import Ruleset as RuminoRules
from scala40.games.scala40.state import GameState as Scala40State
from scala40.games.skarney.state import GameState as SkarneyState
from tests.adapters.toygame import GAME as TOY
from tests.example_game import load_example
from tests.hostile import assert_within, cpu_seconds
from tests.protocol.cases import soak_unless_default
from tests.protocol.tally import TALLY

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

_SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "long"
PLAYOUTS = 12 if _SOAK else 1
"""Seeded random games per game and preset."""
STATES_PER_PHASE = 8 if _SOAK else 3
"""States checked per phase reached, in each game."""
SAMPLES = 4 if _SOAK else 2
"""Samples per seat of each state checked."""
CRAFTED_SAMPLES = 200 if _SOAK else 40
"""Samples of each hidden seat of each crafted position."""
MAX_ACTIONS = 1500 if _SOAK else 300


def _cases() -> Iterator[Any]:
    for name in game_names():
        game = load_game(name)
        for preset in game.ruleset_type.preset_names():
            yield pytest.param(
                game, preset, id=f"{name}-{preset}", marks=soak_unless_default(game, preset)
            )
    # Claims decided in turn (RU-RUMINO) are no preset's: random games under them too.
    yield pytest.param(
        load_game("rumino"), RuminoRules(rumino_claim="decision"), id="rumino-claims"
    )
    yield pytest.param(TOY, TOY.ruleset_type.DEFAULT_PRESET, id="toy")
    example = load_example().GAME
    for preset in example.ruleset_type.preset_names():
        yield pytest.param(example, preset, id=f"trio-{preset}")


def _phase(state: State) -> object:
    return getattr(state, "phase", (state.is_chance, state.is_over))


def _states(game: Game, preset: Any, seed: int) -> list[State]:
    """Up to STATES_PER_PHASE states of each phase of a seeded random game: the first of
    each phase, then others at random."""
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    state = game.new_game(rules, players, seed, auto_chance=seed % 2 == 1)
    chooser = random.Random(seed)
    taken: Counter[object] = Counter()
    kept: list[State] = []
    for _ in range(MAX_ACTIONS):
        phase = _phase(state)
        if taken[phase] < STATES_PER_PHASE and (not taken[phase] or chooser.random() < 0.2):
            taken[phase] += 1
            kept.append(state)
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    return kept


# ------------------------------------------------------------------ the public facts


def _holds(hand: tuple[int, ...], cards: tuple[int, ...]) -> bool:
    return not Counter(cards) - Counter(hand)


def _known_facts(state: Any, view: Any, sample: Any) -> list[str]:
    """The facts written once for every game: each card the view knows to be in a hand
    (``view.known_cards()``: its own hand, the cards others were seen to take and have
    not played, what the game's rules show) is in that hand, in the state (the facts are
    true) and in the sample (the sample keeps them); the sample keeps the hand's log."""
    known_cards = getattr(view, "known_cards", None)
    if known_cards is None:
        return []  # a game whose views say nothing of the hidden hands
    problems = []
    for other, cards in enumerate(known_cards()):
        if not _holds(state.hands[other], cards):
            problems.append(f"the view says seat {other} holds {cards}, which it does not")
        if not _holds(sample.hands[other], cards):
            problems.append(f"the sample deals seat {other} without the known cards {cards}")
        TALLY["known cards placed"] += len(cards) if other != view.player else 0
    if getattr(state, "history", None) != getattr(sample, "history", None):
        problems.append("the sample forgot the hand's moves")
    return problems


def _scala40_facts(state: Any, sample: Any, seat: int) -> list[str]:
    if sample.phase.value != "play" or sample.taken is None:
        return []
    in_hand = sample.taken in sample.hands[sample.turn]
    if sample.taken_must_use and not sample.taken_used and not in_hand:
        return ["the card taken to meld is not in the mover's hand (S40-DRAW-DISCARD)"]
    return []


def _skarney_facts(state: Any, sample: Any, seat: int) -> list[str]:
    return [
        f"seat {other} lost a card known to be in its hand (SK-OFFER)"
        for other, known in enumerate(sample.known)
        if not _holds(sample.hands[other], known)
    ]


def _knock_facts(state: Any, sample: Any, seat: int) -> list[str]:
    problems: list[str] = []
    phase = sample.phase
    view = state.view(seat)
    if view.hands_shown and sample.hands != state.hands:
        problems.append("the hands shown at the hand's end were dealt again")
    rules = sample.rules
    if rules.profile.rumino and phase in (KnockPhase.DRAW, KnockPhase.PLAY, KnockPhase.CLAIM):
        if any(has_rumino(hand, rules) for hand in sample.hands if hand):
            problems.append("a hand in play holds a Rumino (RU-RUMINO)")
        count = sample.player_count
        if phase is KnockPhase.CLAIM:
            top = sample.discard[-1]
            order = [(sample.turn + step) % count for step in range(1, count)]
            first = order.index(sample.pending[0])
            for other in order[first:]:
                claims = has_rumino(sample.hands[other], rules, top)
                if claims != (other in sample.pending) and sample.active[other]:
                    problems.append(f"seat {other}'s claim right changed (RU-RUMINO)")
        elif (
            phase is KnockPhase.DRAW
            and any(sample.turns_played)
            and rules.rumino_claim.value == "auto"
        ):
            # Claims are made at once: nobody but the discarder could claim the top card.
            before = [(sample.turn - step) % count for step in range(1, count)]
            discarder = next(other for other in before if sample.active[other])
            for other in range(count):
                if other != discarder and has_rumino(
                    sample.hands[other], rules, sample.discard[-1]
                ):
                    problems.append(f"seat {other} could have claimed the discard (RU-RUMINO)")
    return problems


_FACTS: dict[str, Callable[[Any, Any, int], list[str]]] = {
    "scala40": _scala40_facts,
    "skarney": _skarney_facts,
    "rumino": _knock_facts,
    "chinchon": _knock_facts,
    "laconga": _knock_facts,
}


def _check_sample(game: Game, state: State, seat: int, seed: int) -> None:
    view = state.view(seat)
    sample = view.sample(seed)
    where = f"{game.name}, seat {seat}, seed {seed}"
    problems = getattr(sample, "problems", None)
    if problems is not None:
        assert problems() == [], where
        again = game.state_from_dict(json.loads(json.dumps(sample.to_dict())))
        assert again == sample, where
    assert sample.view(seat) == view, where
    assert Counter(sample.all_cards()) == Counter(state.all_cards()), where
    assert sample.current_player == state.current_player, where
    assert sample.is_chance == state.is_chance, where
    assert sample.is_over == state.is_over, where
    if state.current_player == seat:
        assert list(map(str, sample.legal_moves())) == list(map(str, state.legal_moves()))
    assert _known_facts(state, view, sample) == [], where
    facts = _FACTS.get(game.name)
    if facts is not None:
        assert facts(state, sample, seat) == [], where
    TALLY["samples checked"] += 1


@pytest.mark.parametrize(("game", "preset"), list(_cases()))
def test_samples_are_consistent_with_their_views(game: Game, preset: Any) -> None:
    states = samples = 0
    phases: set[object] = set()
    for seed in range(PLAYOUTS):
        for index, state in enumerate(_states(game, preset, seed)):
            states += 1
            phases.add(_phase(state))
            for seat in range(state.player_count):
                for offset in range(SAMPLES):
                    _check_sample(game, state, seat, seed * 10_000 + index * 10 + offset)
                    samples += 1
    assert len(phases) >= 2, "the random games reach several phases"
    rules = preset if isinstance(preset, str) else "custom rules"
    print(f"{game.name} ({rules}): {states} states, {samples} samples checked")


# ------------------------------------------------------------------ crafted positions


def _scala40_take() -> Scala40State:
    """Player 1, opened, takes the top discard 7C, which he melds with 8C 9C
    (S40-DRAW-DISCARD)."""
    return Scala40State.from_position(
        hands=["7S 8S 9S 9H 9D AS KD 2C 3C 5H 6H 8D", "8C 9C QD KD 4S 4H 2D 3D JH QS KC 6S"],
        discard="7C",
        opened=[True, True],
        turn=1,
        turns_played=[2, 2],
        table=["10H JH QH", "5S 5H 5D"],
    ).apply("take")


def _scala40_take_to_lay_off() -> Scala40State:
    """Player 1, opened, holds two cards and takes 3S, which he can use only by laying
    off 4S first on the table's 5S 6S 7S (S40-DRAW-DISCARD): a hand of three cards has
    no room for a meld and a discard, so every sample deals him the card that bridges."""
    return Scala40State.from_position(
        hands=["7S 8S 9S 9H 9D AS KD 2C 3C 5H 6H 8D", "AS 4S"],
        discard="3S",
        opened=[True, True],
        turn=1,
        turns_played=[6, 6],
        table=["10H JH QH", "5S 6S 7S", "KS KH KC"],
    ).apply("take")


def _scala40_take_to_open() -> Scala40State:
    """Player 1, not opened, takes 7C to open with it (S40-V-EARLYDISCARD)."""
    return Scala40State.from_position(
        hands=[
            "7S 8S 9S 9H 9D AS KD 2C 3C 5H 6H 8D 4C",
            "8C 9C KH KD KS 4H 2D 3D JH QS QC 6S 5S",
        ],
        discard="7C",
        opened=[False, False],
        turn=1,
        turns_played=[2, 2],
        rules="online",
    ).apply("take")


def _scala40_half_opening() -> Scala40State:
    """The same player has put down 30 of his 40 points: the rest must follow (S40-OPEN)."""
    return _scala40_take_to_open().apply("meld KH KD KS")


def _scala40_upcard() -> Scala40State:
    """The first player takes the upcard to keep (S40-V-UPCARD): it is in his hand."""
    state: Scala40State = Scala40State.from_position(
        hands=["7S 8S 9S 9H 9D AS KD 2C 3C 5H 6H 8D 4C", "8C 9C KH KD KS 4H 2D 3D JH QS QC 6S 5S"],
        discard="7C",
        rules="online",
    ).apply("upcard")
    return state


def _skarney_mid_contract() -> SkarneyState:
    """Seat 0 has put down one of the three sets of his contract (SK-CONTRACT)."""
    return SkarneyState.from_position(
        hands=[
            "5S 5H 5D 7C 7C 7D 9S 9H 9D KS KD QH",
            "AS 3C 4D 8H JC QC 6S 6D 10H 10C JS",
            "AH 4C 4H 8C JD QD 6H 8D 10S 10D JH",
            "AD 6C 3D 8S 3S 4S 2C KH KC QS JK",
        ],
    ).apply("meld 5S 5H 5D")


def _rumino_claim() -> RuminoState:
    """Seat 2 discards 9H, which completes the Rumino of seats 0 and 1 (RU-RUMINO)."""
    position = RuminoState.from_position(
        hands=["3H 4H 5H 6H 7H 8H 2S", "9C 9C 9D 9D 9S 9S KC", "2C 5C 6C 7C JD QD 9H KS"],
        turn=2,
        phase="play",
        rules=RuminoRules(rumino_claim="decision"),
        discard="10S",
        turns_played=[1, 1, 1],
    )
    claim: RuminoState = position.apply("discard 9H")
    return claim


def _chinchon_kept_take() -> Any:
    """Seat 0 takes the top discard 7C and keeps it, discarding another card; seat 1
    draws: every seat saw 7C go into seat 0's hand (CH-TURN), and every sample of seat
    1's view deals it there."""
    state: Any = ChinchonState.from_position(
        hands=["AS 2S 3S 5C 6C JH KD", "AH 4H 5H 6H 7D JD KC"],
        discard="7C",
        turns_played=[1, 1],
    )
    return state.apply("take").apply("discard KD").apply("draw")


def _scala40_kept_joker() -> Scala40State:
    """Seat 0, opened, frees the joker of 5D JK=6D 7D with the 6D and keeps it, then
    discards: every seat saw the joker go into his hand (S40-SWAP)."""
    state: Scala40State = Scala40State.from_position(
        hands=["6D 9S 9H KC 2C", "8C 9C QD KD 4S 4H 2D"],
        discard="7C",
        opened=[True, True],
        turns_played=[3, 3],
        table=["5D JK=6D 7D", "10H JH QH"],
    )
    return state.apply("draw").apply("swap 6D #0").apply("discard KC")


def _scala40_take_to_close() -> Scala40State:
    """Seat 0, opened, holds 6S and takes 4D, which he can use only by laying off 5D and
    then 4D on 6D-10D and closing with no discard (S40-V-NODISCARDCLOSE): the samples of
    seat 1 deal him the bridging 5D (a hand found in play where every deal once failed)."""
    state: Scala40State = Scala40State.from_position(
        hands=["6S", "QD QC"],
        discard="4D",
        opened=[True, True],
        turns_played=[9, 9],
        table=[
            "JK=6S 6H 6D 6C",
            "2H JK=3H 4H 5H",
            "3S 3H 3D",
            "6D 7D 8D 9D 10D",
            "4S 5S 6S",
            "5C 6C 7C 8C",
        ],
        rules="federation-article",
    )
    return state.apply("take")


CRAFTED: dict[str, tuple[str, Callable[[], Any]]] = {
    "chinchon-kept-take": ("chinchon", _chinchon_kept_take),
    "scala40-kept-joker": ("scala40", _scala40_kept_joker),
    "scala40-take-to-close": ("scala40", _scala40_take_to_close),
    "scala40-take": ("scala40", _scala40_take),
    "scala40-take-to-lay-off": ("scala40", _scala40_take_to_lay_off),
    "scala40-take-to-open": ("scala40", _scala40_take_to_open),
    "scala40-half-opening": ("scala40", _scala40_half_opening),
    "scala40-upcard": ("scala40", _scala40_upcard),
    "skarney-mid-contract": ("skarney", _skarney_mid_contract),
    "rumino-claim": ("rumino", _rumino_claim),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_crafted_positions_sample_consistently(name: str) -> None:
    game_name, build = CRAFTED[name]
    game = load_game(game_name)
    state = build()
    assert state.problems() == []
    if game_name == "rumino":
        assert state.phase is KnockPhase.CLAIM
        assert state.pending == (0, 1)
    samples = 0
    for seat in range(state.player_count):
        for seed in range(CRAFTED_SAMPLES):
            _check_sample(game, state, seat, seed)
            samples += 1
    print(f"{name}: {samples} samples checked")


def test_a_view_no_state_gives_hits_the_bound() -> None:
    """A view edited by hand so that the player half way through his opening holds too
    few cards to finish it: every deal fails, and after MAX_SAMPLE_DRAWS deals the view
    says so with a library error, well within the time bound."""
    state = _scala40_half_opening()
    view = state.view(0)
    sizes = list(view.hand_sizes)
    taken_away = sizes[1] - 3
    sizes[1] = 3
    edited = attrs.evolve(view, hand_sizes=tuple(sizes), stock_size=view.stock_size + taken_away)
    with (
        cpu_seconds() as elapsed,
        pytest.raises(SearchLimitError, match=f"in {MAX_SAMPLE_DRAWS} deals"),
    ):
        edited.sample(1)
    assert_within(elapsed.seconds, 0.25, "a sample refused at its bound")


def test_a_small_hand_that_took_a_discard_samples_on_every_seed() -> None:
    """Six players far into a hand: seat 0, opened, holds three cards with the 3S he took
    from the discard pile (S40-DRAW-DISCARD), usable only after 4S on the table's 5S JK
    7S. Every seed gives a sample to every other seat (none runs out of its
    MAX_SAMPLE_DRAWS deals), and in each the taker can use the card."""
    state: Scala40State = Scala40State.from_position(
        hands=[
            "AS 4S",
            "2C 4C 6C 8C 10C QC 2H 4H 6H 8H 10H QH KH",
            "5C",
            "JD",
            "4D 6D 8D JH",
            "2D 3D 5D 7D 9D 3H 5H 7H 9H AH 3C AC KC",
        ],
        discard="3S",
        opened=[True, False, True, True, True, False],
        turn=0,
        turns_played=[9, 9, 9, 9, 9, 9],
        table=["5S JK=6S 7S", "7C 8C 9C", "QS QH QD"],
    ).apply("take")
    assert state.problems() == []
    for seat in range(1, 6):
        view = state.view(seat)
        for seed in range(200):
            sample = view.sample(seed)
            assert sample.hands[0].count(state.taken) >= 1
            assert sample.legal_moves(), f"seat {seat}, seed {seed}"

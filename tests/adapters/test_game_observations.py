"""The observation encodings of Skarney and the knock games (Rumino, Chinchón, La Conga):
shapes fixed by the rules and the number of players, numbers within their declared
ranges, from the seat's view only, texts that tell views apart, numbers that hold all
the view but what their documentation leaves out; and the adapters using them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from scala40.adapters.observation import observation_of
from scala40.adapters.observation.knock import OBSERVATION as KNOCK
from scala40.adapters.observation.skarney import OBSERVATION as SKARNEY
from scala40.adapters.observation.skarney import max_table_melds
from scala40.bots import make_bot
from scala40.cards import parse_card
from scala40.game import Game, ObservationEncoding, ObservationField, load_game
from scala40.games._knock.phases import HandEnd
from scala40.games._knock.phases import Phase as KnockPhase
from scala40.games.laconga import GameState as LacongaState
from scala40.games.laconga.rules import Ruleset as LacongaRules
from scala40.games.rumino import GameState as RuminoState
from scala40.games.rumino.rules import Ruleset as RuminoRules
from scala40.games.skarney.phases import Phase as SkarneyPhase
from scala40.games.skarney.phases import side_of
from scala40.games.skarney.rules import Ruleset as SkarneyRules
from tests.games.knock.helpers import position as knock_position
from tests.hostile import TIMED, cpu_seconds
from tests.protocol.cases import knock_game_names, soak_unless_default

KNOCK_GAMES = knock_game_names()
GAMES = ("skarney", *KNOCK_GAMES)


def _game(name: str) -> Game:
    return load_game(name)


def _encoding(name: str) -> ObservationEncoding:
    encoding = observation_of(load_game(name))
    assert encoding is not None
    return encoding


def _blocks(fields: tuple[ObservationField, ...], numbers: Any) -> dict[str, list[float]]:
    blocks: dict[str, list[float]] = {}
    at = 0
    for field in fields:
        blocks[field.name] = list(numbers[at : at + field.size])
        at += field.size
    assert at == len(numbers)
    return blocks


def _playout(
    game: Game, rules: Any, players: int, seed: int, count: int, greedy: float = 0.0
) -> Iterator[Any]:
    """The states of a game, chance steps included (dealt from ``seed``), at most
    ``count`` of them: each move the greedy bot's with probability ``greedy`` (which
    brings the ends of hands and of the game sooner), else a random one."""
    chooser = random.Random(seed)
    bot = make_bot("greedy", game)
    state = game.new_game(rules, players, seed, auto_chance=False)
    for _ in range(count):
        yield state
        if state.is_over:
            return
        if state.is_chance:
            cards = list(state.chance_cards())
            chooser.shuffle(cards)
            state = state.apply(state.chance_move(cards))
            continue
        legal = state.legal_moves()
        if chooser.random() < greedy:
            state = state.apply(bot.choose(state.view(state.current_player), legal, chooser))
        else:
            state = state.apply(legal[chooser.randrange(len(legal))])


def _rulesets(name: str) -> list[tuple[str, Any]]:
    """Every preset of the game, and rulesets that reach the phases no preset does: the
    out-of-turn claims of a Rumino, re-entries."""
    game = _game(name)
    cases = [
        (preset, game.ruleset_type.preset(preset)) for preset in game.ruleset_type.preset_names()
    ]
    extra: dict[str, dict[str, dict[str, Any]]] = {
        "rumino": {"claims": {"rumino_claim": "decision", "reentry": 2}},
        "laconga": {"reentries": {"reentry": None}},
        "skarney": {"limited": {"turn_limit": 40, "no_offer_back": True}},
    }
    for label, options in extra.get(name, {}).items():
        cases.append((label, game.ruleset_type(**options)))
    return cases


PLAYOUT_CASES = [
    pytest.param(
        name,
        label,
        rules,
        id=f"{name}-{label}",
        # A preset other than the game's default plays in the soak; the rulesets that reach
        # what no preset does play in every run.
        marks=soak_unless_default(_game(name), label)
        if label in _game(name).ruleset_type.preset_names()
        else (),
    )
    for name in GAMES
    for label, rules in _rulesets(name)
]


def _players(rules: Any, seed: int) -> int:
    low: int = rules.min_players
    high: int = min(rules.max_players, 4)
    return low + seed % (high - low + 1)


# -- shapes -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_game_records_carry_the_encodings(name: str) -> None:
    encoding = observation_of(_game(name))
    assert encoding is (SKARNEY if name == "skarney" else KNOCK)
    assert isinstance(encoding, ObservationEncoding)


@pytest.mark.parametrize("name", GAMES)
def test_shapes_match_the_fields_for_every_preset_and_number_of_players(name: str) -> None:
    game = _game(name)
    encoding = _encoding(name)
    rulesets = [game.ruleset_type.preset(preset) for preset in game.ruleset_type.preset_names()]
    if name == "rumino":
        rulesets.append(RuminoRules(max_players=15))  # the most the deck allows
    for rules in rulesets:
        for players in range(rules.min_players, rules.max_players + 1):
            fields = encoding.fields(rules, players)
            assert encoding.fields(rules, players) is fields  # computed once
            names = [field.name for field in fields]
            assert len(names) == len(set(names))
            assert all(field.low < field.high and field.doc for field in fields)
            size = sum(field.size for field in fields)
            state = game.new_game(rules, players, players)
            for seat in range(players):
                numbers = encoding.encode(state.view(seat))
                assert len(numbers) == size
                for field, values in zip(fields, _blocks(fields, numbers).values()):
                    assert field.low <= min(values) <= max(values) <= field.high, field.name


def test_the_shapes_named_in_the_documentation() -> None:
    skarney = SkarneyRules
    shapes = {field.name: field.shape for field in SKARNEY.fields(skarney(), 4)}
    assert shapes["table_cards"] == (36, 53)
    assert shapes["table_owner"] == (36, 4)
    assert shapes["known"] == (4, 53)
    assert shapes["totals"] == (2,)  # two sides in partnerships
    singles = {field.name: field.shape for field in SKARNEY.fields(skarney.preset("singles"), 3)}
    assert singles["totals"] == (3,)  # one side a seat alone
    assert max_table_melds(skarney(jokers=0)) == 34
    for name in KNOCK_GAMES:
        rules = _game(name).ruleset_type()
        sizes = {
            players: sum(field.size for field in KNOCK.fields(rules, players))
            for players in (2, 3)
        }
        assert sizes == {2: 416, 3: 430}  # one layout for the three games
        shapes = {field.name: field.shape for field in KNOCK.fields(rules, 3)}
        assert shapes["last_end"] == (7,)
        assert shapes["phase"] == (7,)


# -- numbers on random playouts -------------------------------------------------------------


def _hidden(state: Any, seat: int) -> Counter[int]:
    """The cards of ``state`` that ``seat`` cannot place, read from the full state: the
    stock and the other hands, but the cards of those hands everyone knows."""
    if state.is_chance and state.phase.value == "deal" and not any(state.hands):
        return Counter(state.rules.deck.cards)  # the deck waits to be dealt
    hidden = Counter(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    if state.game_name == "skarney":
        if state.phase in (SkarneyPhase.DEAL, SkarneyPhase.OVER):
            return Counter(state.rules.deck.cards)  # every card is back in the deck
        for other, cards in enumerate(state.known):
            if other != seat:
                hidden.subtract(cards)
        return hidden
    if state.hands_shown:
        hidden = Counter(state.stock)  # everyone showed his hand
    elif state.phase is KnockPhase.PLAY and state.turn != seat and state.taken is not None:
        hidden[state.taken] -= 1  # everyone saw it taken from the discard pile
    return hidden


def _check_numbers(encoding: Any, state: Any, seat: int) -> list[float]:
    view = state.view(seat)
    n = state.player_count
    fields = encoding.fields(state.rules, n)
    numbers = encoding.encode(view)
    blocks = _blocks(fields, numbers)
    for field in fields:
        values = blocks[field.name]
        assert field.low <= min(values), (field.name, min(values))
        assert max(values) <= field.high, (field.name, max(values))
    assert blocks["hand"] == [float(view.hand.count(card)) for card in range(53)]
    hidden = _hidden(state, seat)
    assert blocks["unseen"] == [float(hidden[card]) for card in range(53)]
    assert blocks["hand_sizes"] == [len(state.hands[(seat + k) % n]) for k in range(n)]
    mover = state.current_player
    assert blocks["to_move"] == [float(mover == (seat + k) % n) for k in range(n)]
    phases = blocks["phase"]
    assert sum(phases) == 1.0
    order: list[Any] = list(SkarneyPhase) if state.game_name == "skarney" else list(KnockPhase)
    assert phases.index(1.0) == order.index(state.phase)
    if state.game_name == "skarney":
        assert sum(blocks["table_kind"]) == len(state.table)
        assert sum(blocks["table_cards"]) == sum(len(meld.cards) for meld in state.table)
    else:
        assert blocks["discard"] == [float(state.discard.count(card)) for card in range(53)]
        assert sum(blocks["discard_top"]) == float(bool(state.discard))
        wild = state.rules.meld_rules.wild_cards
        deck = state.rules.deck.cards
        assert blocks["wild"] == [float(card in wild and card in deck) for card in range(53)]
    return list(numbers)


@pytest.mark.parametrize(("name", "label", "rules"), PLAYOUT_CASES)
def test_numbers_are_in_range_and_read_the_view_on_random_playouts(
    name: str, label: str, rules: Any
) -> None:
    del label
    game = _game(name)
    encoding = _encoding(name)
    phases: set[str] = set()
    for seed, count, greedy in ((0, 700, 0.0), (1, 5000, 0.9)):  # the second to the end
        players = _players(rules, seed)
        for index, state in enumerate(_playout(game, rules, players, seed, count, greedy)):
            phases.add(state.phase.value)
            if seed and index % 3:
                continue  # the long playout to the end: every third state is enough
            seats = range(players) if index % 7 == 0 else (index % players,)
            for seat in seats:
                numbers = _check_numbers(encoding, state, seat)
                if index % 23 == 0:
                    # A state sampled from the view (the cards the seat cannot see dealt
                    # afresh) reads the same to it.
                    view = state.view(seat)
                    again = view.sample(seed + index).view(seat)
                    assert list(encoding.encode(again)) == numbers
                    assert encoding.text(again) == encoding.text(view)
    assert {"deal", "draw", "play", "over"} <= phases


def _swap_hidden(state: Any, seat: int, rng: random.Random) -> Any | None:
    """``state`` with two cards ``seat`` cannot see swapped (between two other hands, or
    another hand and the stock), or ``None`` if there is no such pair of cards."""
    places: list[tuple[int, int]] = []  # (-1, index) for the stock, (hand, index)
    for position in range(len(state.stock)):
        places.append((-1, position))
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        public: Counter[int] = Counter()
        if state.game_name == "skarney":
            public.update(state.known[other])
        elif state.hands_shown:
            continue
        elif state.phase is KnockPhase.PLAY and state.turn == other and state.taken is not None:
            public[state.taken] += 1
        for position, card in enumerate(hand):
            if public[card]:
                public[card] -= 1
            else:
                places.append((other, position))
    rng.shuffle(places)
    for first in places:
        for second in places:
            if first[0] == second[0] or (first[0] == -1 and second[0] == -1):
                continue
            cards = [
                state.stock[at] if where == -1 else state.hands[where][at]
                for where, at in (first, second)
            ]
            if cards[0] == cards[1]:
                continue
            hands = [list(hand) for hand in state.hands]
            stock = list(state.stock)
            for (where, at), card in zip((first, second), reversed(cards)):
                if where == -1:
                    stock[at] = card
                else:
                    hands[where][at] = card
            return attrs.evolve(
                state,
                hands=tuple(tuple(sorted(hand)) for hand in hands),
                stock=tuple(stock),
            )
    return None


@pytest.mark.parametrize("name", GAMES)
def test_cards_a_seat_cannot_see_do_not_change_what_it_observes(name: str) -> None:
    game = _game(name)
    encoding = _encoding(name)
    rng = random.Random(5)
    swapped_count = 0
    for preset in game.ruleset_type.preset_names()[:2]:
        rules = game.ruleset_type.preset(preset)
        players = rules.max_players if name == "skarney" else 3
        for index, state in enumerate(_playout(game, rules, players, 5, 600)):
            if index % 9:
                continue
            for seat in range(players):
                swapped = _swap_hidden(state, seat, rng)
                if swapped is None:
                    continue
                swapped_count += 1
                view = state.view(seat)
                assert list(encoding.encode(swapped.view(seat))) == list(encoding.encode(view))
                assert encoding.text(swapped.view(seat)) == encoding.text(view)
                # The seats whose cards moved see the difference.
                changed = [
                    other for other in range(players) if swapped.hands[other] != state.hands[other]
                ]
                for other in changed:
                    before = state.view(other)
                    after = swapped.view(other)
                    assert list(encoding.encode(after)) != list(encoding.encode(before))
                    assert encoding.text(after) != encoding.text(before)
    assert swapped_count > 100


# -- decisions out of turn -------------------------------------------------------------------


def _knock_blocks(state: Any, seat: int) -> dict[str, list[float]]:
    return _blocks(KNOCK.fields(state.rules, state.player_count), KNOCK.encode(state.view(seat)))


def _one_hot(size: int, *indexes: int) -> list[float]:
    return [float(index in indexes) for index in range(size)]


def test_a_rumino_claim_shows_who_decides_and_the_card_claimed() -> None:
    """RU-RUMINO with ``rumino_claim="decision"``: seats 1 and 2 may both claim seat 0's
    discard; they decide in play order, out of turn."""
    state = knock_position(
        RuminoState,
        ("9H 2C 3C KS KH KD QS 4C", "3H 4H 5H 6H 7H 8H 2D", "10H JH QH KH 8H 7H 5C"),
        phase="play",
        rules=RuminoRules(rumino_claim="decision"),
    )
    claim = state.apply("discard 9H")
    assert claim.phase is KnockPhase.CLAIM
    claim_phase = list(KnockPhase).index(KnockPhase.CLAIM)
    for seat in range(3):
        blocks = _knock_blocks(claim, seat)
        assert blocks["phase"] == _one_hot(7, claim_phase)
        assert blocks["to_move"] == _one_hot(3, (1 - seat) % 3)
        assert blocks["turn"] == _one_hot(3, (0 - seat) % 3)  # the discarder
        assert blocks["pending"] == _one_hot(3, (1 - seat) % 3, (2 - seat) % 3)
        assert blocks["discard_top"] == _one_hot(53, parse_card("9H"))
    passed = _knock_blocks(claim.apply("pass"), 2)
    assert passed["to_move"] == passed["pending"] == _one_hot(3, 0)


def test_a_reentry_decision_shows_the_total_and_who_may_reenter() -> None:
    """LC-REENGANCHE: seats 1 and 2 reach 100 when seat 0 closes all matched; each may
    re-enter once, at 30, the highest total still in."""
    state = knock_position(
        LacongaState,
        ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D"),
        phase="play",
        scores=[40, 80, 98],
        rules=LacongaRules(reentry=1),
    )
    after = state.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert after.phase is KnockPhase.REENTRY
    blocks = _knock_blocks(after, 1)  # seat 1 decides: seats 1, 2, 0 in its blocks
    assert blocks["phase"] == _one_hot(7, list(KnockPhase).index(KnockPhase.REENTRY))
    assert blocks["to_move"] == _one_hot(3, 0)
    assert blocks["pending"] == _one_hot(3, 0, 1)
    assert blocks["reentry_total"] == [pytest.approx(0.30)]
    assert blocks["scores"] == [pytest.approx(1.06), 1.0, pytest.approx(0.30)]
    assert blocks["may_reenter"] == [1.0, 1.0, 1.0]
    assert blocks["last_closer"] == _one_hot(3, 2)
    assert blocks["last_end"] == _one_hot(7, list(HandEnd).index(HandEnd.ALL_MATCHED))
    assert blocks["last_points"] == pytest.approx([0.26, 0.02, -0.1])
    # Every hand was shown: what seat 1 cannot place is the stock alone.
    stock = Counter(after.stock)
    assert blocks["unseen"] == [float(stock[card]) for card in range(53)]
    again = _knock_blocks(after.apply("reenter"), 2)  # seat 2 decides: seats 2, 0, 1
    assert again["scores"][2] == pytest.approx(0.30)
    assert again["reentries"] == pytest.approx([0.0, 0.0, 0.1])
    assert again["may_reenter"] == [1.0, 1.0, 0.0]
    assert again["to_move"] == again["pending"] == _one_hot(3, 0)


# -- texts and numbers tell views apart ------------------------------------------------------


class _Seats:
    """Seats as the numbers count them: from the viewing player, in play order."""

    def __init__(self, view: Any) -> None:
        self.me = view.player
        self.n = view.player_count

    def seat(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.me) % self.n

    def seats(self, seats: tuple[int, ...]) -> frozenset[int | None]:
        return frozenset(self.seat(seat) for seat in seats)

    def turned(self, values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[(self.me + offset) % self.n] for offset in range(self.n))


def _capped(values: tuple[int, ...], cap: int) -> tuple[int, ...]:
    return tuple(min(value, cap) for value in values)


def _knock_projection(view: Any) -> tuple[Any, ...]:
    """What the knock games' numbers hold of a view, seats counted from the player: all
    of it but the order of the discard pile below its top and the previous hand's details
    beyond who ended it, how, and the points (counters capped as the numbers cap them)."""
    last = view.last_hand
    seats = _Seats(view)
    shown = None
    if last is not None and view.hands_shown:
        shown = sorted(
            card for seat, hand in enumerate(last.hands) if seat != view.player for card in hand
        )
    return (
        view.player_count, seats.seat(view.dealer), min(view.hand_number, 100), view.phase,
        seats.seat(view.turn), view.hand, seats.turned(view.hand_sizes), view.stock_size,
        tuple(sorted(view.discard)), view.discard[-1:],
        _capped(seats.turned(view.turns_played), 100), seats.turned(view.scores),
        seats.turned(view.active), seats.seats(view.winners),
        _capped(seats.turned(view.reentries), 10), seats.turned(view.gins), view.taken,
        seats.seats(view.pending), view.reentry_total,
        None if last is None else (last.end, seats.seat(last.closer), seats.turned(last.points)),
        shown,
    )  # fmt: skip


def _skarney_projection(view: Any) -> tuple[Any, ...]:
    """What Skarney's numbers hold of a view, seats and sides counted from the player:
    all of it but the previous hand's details beyond its points, who went out, its
    shutout and void (counters capped as the numbers cap them)."""
    last = view.last_hand
    seats = _Seats(view)
    partnership = view.rules.partnership
    order = [side_of((view.player + offset) % view.player_count, partnership)
             for offset in range(2 if partnership else view.player_count)]  # fmt: skip
    return (
        view.player_count, seats.seat(view.dealer), view.hand_number, view.phase,
        seats.seat(view.turn), view.hand, seats.turned(view.hand_sizes), view.stock_size,
        view.table, tuple(seats.seat(owner) for owner in view.owners), view.extended,
        view.fresh_from, tuple(view.contracts[side] for side in order),
        tuple(view.totals[side] for side in order), seats.turned(view.stopped),
        seats.turned(view.known), seats.turned(view.accepted), min(view.turn_number, 200),
        view.melded, view.contract_now, view.progress, view.offer_card,
        seats.seat(view.offer_to), seats.seats(view.winners),
        None if last is None else (
            tuple(last.points[side] for side in order), seats.seat(last.went_out),
            last.shutout, last.void,
        ),
    )  # fmt: skip


@pytest.mark.parametrize(("name", "label", "rules"), PLAYOUT_CASES)
def test_different_views_give_different_texts_and_numbers(
    name: str, label: str, rules: Any
) -> None:
    """Equal views read the same; different views give different texts; views whose
    numbers are equal differ at most in what the numbers' documentation leaves out."""
    del label
    game = _game(name)
    encoding = _encoding(name)
    projection = _skarney_projection if name == "skarney" else _knock_projection
    texts: dict[str, Any] = {}  # texts leave the rules out: they never change in a game
    numbers: dict[tuple[float, ...], Any] = {}
    for seed, greedy in ((10, 0.0), (11, 0.9)):
        players = _players(rules, seed + 1)
        for state in _playout(game, rules, players, seed, 600, greedy):
            for seat in range(players):
                view = state.view(seat)
                text = encoding.text(view)
                assert texts.setdefault(text, view) == view
                key = tuple(encoding.encode(view))
                assert numbers.setdefault(key, projection(view)) == projection(view)
                assert encoding.text(state.view(seat)) == text  # equal views, equal texts
    assert len(texts) > 1000


def _perturbations(name: str, view: Any) -> dict[str, Any]:
    """Changes to one field of a view each, to the fields random play rarely changes."""
    other = (view.player + 1) % view.player_count
    if name == "skarney":
        return {
            "stopped": tuple(not value for value in view.stopped),
            "known": tuple((*cards, 52) if seat == other else cards for seat, cards in enumerate(view.known)),
            "accepted": tuple((*cards, 0) if seat == other else cards for seat, cards in enumerate(view.accepted)),
            "melded": not view.melded,
            "contract_now": not view.contract_now,
            "progress": view.progress + 1,
            "contracts": tuple(not value for value in view.contracts),
            "turn_number": view.turn_number + 1,
            "winners": (other,),
            "offer_card": 0 if view.offer_card != 0 else 1,
        }  # fmt: skip
    return {
        "gins": tuple(1 if seat == other else 0 for seat in range(view.player_count)),
        "reentries": tuple(value + 1 for value in view.reentries),
        "reentry_total": view.reentry_total + 7,
        "pending": (other,),
        "taken": 0 if view.taken != 0 else 1,
        "winners": (other,),
        "active": tuple(not value for value in view.active),
        "turns_played": tuple(value + 1 for value in view.turns_played),
        "dealer": other if view.dealer != other else view.player,
    }


@pytest.mark.parametrize("name", GAMES)
def test_a_change_to_any_field_changes_numbers_and_text(name: str) -> None:
    game = _game(name)
    encoding = _encoding(name)
    state = game.new_game(None, 4 if name == "skarney" else 3, 2)
    for _ in range(25):
        legal = state.legal_moves()
        state = state.apply(legal[len(legal) // 2])
    view = state.view(state.current_player or 0)
    numbers = list(encoding.encode(view))
    text = encoding.text(view)
    for field, value in _perturbations(name, view).items():
        changed = attrs.evolve(view, **{field: value})
        assert list(encoding.encode(changed)) != numbers, field
        assert encoding.text(changed) != text, field


# -- speed ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.timed
def test_encoding_a_view_takes_tens_of_microseconds(name: str) -> None:
    """A loose bound (the machine's speed varies): well under a millisecond a view,
    judged alone (:data:`~tests.hostile.TIMED`), by the CPU the test's thread spent with
    the collector paused (a full collection walks the whole session's heap: one landing
    in the loop took 0.4 s and measured the session, not the encoding)."""
    game = _game(name)
    encoding = _encoding(name)
    views = [
        state.view(state.current_player if state.current_player is not None else 0)
        for state in _playout(game, None, 4 if name == "skarney" else 2, 3, 400)
    ]
    with cpu_seconds() as spent:
        for view in views:
            encoding.encode(view)
    if TIMED:
        assert spent.seconds / len(views) < 500e-6


# -- the adapters ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_adapters_observe_through_the_games_encodings(name: str) -> None:
    pytest.importorskip("numpy")
    from scala40.adapters.actions import ActionEncoding
    from scala40.adapters.observations import Observer
    from scala40.adapters.tensors import observation_array

    game = _game(name)
    observer = Observer(ActionEncoding(name))
    assert observer.game_encoding is observation_of(game)
    assert observer.fields[: len(observer.game_fields)] == observer.game_fields
    state = game.new_game(None, observer.encoding.players, 1)
    array = observation_array(observer, state, 0)
    encoding = observation_of(game)
    assert encoding is not None
    assert list(array[: observer.game_size]) == list(encoding.encode(state.view(0)))


# -- soak -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("name", "label", "rules"), PLAYOUT_CASES)
def test_soak_every_view_of_whole_games(name: str, label: str, rules: Any) -> None:
    """Whole games, every number of players, every seat at every state: the checks of
    the tests above, at length (``nox -s soak``)."""
    del label
    game = _game(name)
    encoding = _encoding(name)
    projection = _skarney_projection if name == "skarney" else _knock_projection
    for players in range(rules.min_players, min(rules.max_players, 6) + 1):
        texts: dict[str, Any] = {}
        numbers: dict[tuple[float, ...], Any] = {}
        for seed in range(20, 24):
            greedy = 0.5 + 0.15 * (seed % 4)
            for state in _playout(game, rules, players, seed, 20_000, greedy):
                for seat in range(players):
                    _check_numbers(encoding, state, seat)
                    view = state.view(seat)
                    assert texts.setdefault(encoding.text(view), view) == view
                    key = tuple(encoding.encode(view))
                    assert numbers.setdefault(key, projection(view)) == projection(view)

"""Scenario tests of the Scala 40 engine: at least one per rule ID of RULES Part 2.

Each test builds a position, plays moves and checks concrete outcomes. Illegal moves are
checked to be refused with an :class:`~scala40.IllegalMoveError` naming the rule, leaving
the state unchanged (:func:`engine_helpers.assert_illegal`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import scala40
from scala40 import (
    PRESETS,
    AmbiguousMoveError,
    Deal,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
    LayOff,
    MatchFormat,
    MeldEnd,
    MissingReadingError,
    Phase,
    PutDown,
    Restock,
    Ruleset,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    hand_value,
    new_game,
    parse_card,
    parse_cards,
)
from scala40.cards import JOKER
from scala40.games.scala40.engine import banned_discards
from tests.games.scala40.helpers import (
    assert_conserved,
    assert_illegal,
    cards_in_play,
    deck_counter,
    make_position,
    mid_turn,
    move_texts,
    rest_of_deck,
)

OFFICIAL = PRESETS["official"]


def card(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text)))


def closing_position(
    others: list[str],
    *,
    rules: Ruleset | None = None,
    scores: list[int] | None = None,
    opened: list[bool] | None = None,
    active: list[bool] | None = None,
    dealer: int | None = None,
    turns_played: list[int] | None = None,
) -> GameState:
    """Player 0 has opened and holds one card (9H) after drawing: discarding it closes."""
    return mid_turn(
        hands=["9H", *others],
        table=["5S 6S 7S"],
        opened=opened,
        rules=rules,
        scores=scores,
        active=active,
        dealer=dealer,
        turns_played=turns_played,
        seed=7,
    )


# -- the deck, the players, the deal ------------------------------------------------------


def test_s40_deck_108_cards_two_packs_four_jokers() -> None:  # S40-DECK
    state = new_game(players=4, seed=1)
    deck = cards_in_play(state)
    assert sum(deck.values()) == 108
    assert deck[JOKER] == 4
    assert all(deck[code] == 2 for code in range(52))
    assert_conserved(state)


def test_s40_deck_option_two_jokers_gives_106_cards() -> None:  # S40-DECK
    rules = Ruleset(jokers=2)
    state = new_game(rules, players=3, seed=2)
    assert sum(cards_in_play(state).values()) == 106
    assert cards_in_play(state)[JOKER] == 2
    assert len(state.stock) == 106 - 3 * 13 - 1


def test_s40_deck_a_position_cannot_hold_more_copies_than_the_deck() -> None:  # S40-DECK
    with pytest.raises(InvalidStateError, match="JK: 5 placed, but the deck has 4"):
        GameState.from_position(hands=["JK JK JK", "JK JK 2S"], discard="3S")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s40_players_two_to_six(players: int) -> None:  # S40-PLAYERS
    state = new_game(players=players, seed=players)
    assert state.player_count == players
    assert all(len(hand) == 13 for hand in state.hands)


@pytest.mark.parametrize(("rules", "players"), [("official", 1), ("official", 7), ("online", 6)])
def test_s40_players_out_of_range_is_refused(rules: str, players: int) -> None:  # S40-PLAYERS
    with pytest.raises(InvalidValueError, match="players must be from"):
        new_game(rules, players=players, seed=1)


def test_s40_deal_thirteen_each_upcard_and_first_player() -> None:  # S40-DEAL
    state = new_game(players=4, seed=3, dealer=2)
    assert state.hand_number == 1
    assert state.dealer == 2
    assert state.turn == 3  # the dealer's left plays first
    assert state.phase is Phase.DRAW
    assert [len(hand) for hand in state.hands] == [13, 13, 13, 13]
    assert len(state.discard) == 1
    assert len(state.stock) == 108 - 52 - 1
    assert state.table == ()
    assert state.opened == (False,) * 4
    assert state.turns_played == (0,) * 4


def test_s40_deal_explicit_order_deals_one_card_at_a_time_from_the_dealers_left() -> None:
    # S40-DEAL: cards go one at a time clockwise from the dealer's left, top card first.
    state = new_game(players=3, seed=1, dealer=0, auto_chance=False)
    assert state.phase is Phase.DEAL
    order = tuple(reversed(OFFICIAL.deck.cards))
    dealt = state.apply(Deal(order))
    pile = list(order)
    expected: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for _ in range(13):
        for seat in (1, 2, 0):
            expected[seat].append(pile.pop())
    upcard = pile.pop()
    assert dealt.hands == tuple(tuple(sorted(expected[p])) for p in range(3))
    assert dealt.discard == (upcard,)
    assert dealt.stock == tuple(pile)
    assert dealt.turn == 1
    assert dealt.phase is Phase.DRAW


def test_s40_deal_first_dealer_is_drawn_by_lot() -> None:  # S40-DEAL, C-RNG
    dealers = {new_game(players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(players=4, seed=5).dealer == new_game(players=4, seed=5).dealer


# -- a turn ------------------------------------------------------------------------------


def test_s40_turn_draw_then_meld_lay_off_and_discard() -> None:  # S40-TURN
    state = make_position(
        hands=["7S 8S 9S 2H 5D", "3C 4C 5C 6H 9D"],
        discard="KC",
        table=["QD KD AD"],
        opened=[True, False],
        turns_played=[1, 1],
        stock_top="JD",
    )
    assert move_texts(state) == ["draw"]  # KC joins no meld: it cannot be taken
    assert_illegal(state, "discard 2H", "S40-TURN")
    assert_illegal(state, "meld 7S 8S 9S", "S40-TURN")
    drawn = state.apply("draw")
    assert drawn.phase is Phase.PLAY
    assert drawn.turn == 0
    assert card("JD") in drawn.hands[0]
    assert_illegal(drawn, "draw", "S40-TURN")
    assert_illegal(drawn, "take", "S40-TURN")
    melded = drawn.apply("meld 7S 8S 9S").apply("layoff JD #0 low")
    assert [str(meld) for meld in melded.table] == ["JD QD KD AD", "7S 8S 9S"]
    assert melded.phase is Phase.PLAY
    done = melded.apply("discard 2H")
    assert done.phase is Phase.DRAW
    assert done.turn == 1
    assert done.turns_played == (2, 1)
    assert done.hands[0] == cards("5D")
    assert done.discard[-1] == card("2H")


def test_s40_draw_stock_takes_the_top_card() -> None:  # S40-DRAW-STOCK
    state = make_position(
        hands=["2S 5H 9D KC", "3C 4C 5C 6H"], discard="8H", stock_top="AD 7C", turns_played=[1, 1]
    )
    assert move_texts(state) == ["draw"]  # unopened: the stock only
    drawn = state.apply(DrawStock())
    assert drawn.hands[0] == cards("2S 5H 9D KC 7C")
    assert drawn.stock == state.stock[:-1]
    assert drawn.stock[-1] == card("AD")
    assert drawn.discard == state.discard
    assert drawn.taken is None


def test_s40_draw_stock_unopened_may_not_take_the_discard() -> None:  # S40-DRAW-STOCK
    state = make_position(hands=["7S 8S 2D 3H", "3C 4C 5C 6H"], discard="9S")
    assert_illegal(state, TakeDiscard(), "S40-DRAW-STOCK")


def test_s40_draw_discard_opened_player_takes_and_must_meld_it() -> None:
    # S40-DRAW-DISCARD
    state = make_position(
        hands=["7S 8S 2D 3H", "3C 4C 5C 6H"],
        discard="4D 9S",
        opened=[True, False],
        turns_played=[1, 1],
    )
    assert "take" in move_texts(state)
    taken = state.apply("take")
    assert taken.taken == card("9S")
    assert taken.taken_must_use
    assert not taken.taken_used
    assert taken.discard == (card("4D"),)
    assert_illegal(taken, "discard 2D", "S40-DRAW-DISCARD")
    assert_illegal(taken, "discard 9S", "S40-DRAW-DISCARD")
    assert move_texts(taken) == ["meld 7S 8S 9S"]
    melded = taken.apply("meld 7S 8S 9S")
    assert melded.taken_used
    assert move_texts(melded) == ["discard 2D", "discard 3H"]


def test_s40_draw_discard_refused_when_the_card_cannot_be_melded() -> None:
    # S40-DRAW-DISCARD: no meld and no layoff takes 9S.
    state = make_position(
        hands=["7H 8D 2D 3H", "3C 4C 5C 6H"],
        discard="9S",
        table=["2C 3C 4C"],
        opened=[True, False],
        turns_played=[1, 1],
    )
    assert move_texts(state) == ["draw"]
    assert_illegal(state, "take", "S40-DRAW-DISCARD")


@pytest.mark.parametrize(
    ("top", "table", "takes"),
    [
        # The joker freed by swapping 5H makes 9C 10C JK.
        ("10C", ["JK=5H 6H 7H"], True),
        # No meld of the hand and a joker holds 4C, and no table meld could take it.
        ("4C", ["JK=5H 6H 7H"], False),
        # A clubs sequence could take 4C only after 5C and 6C: the player holds neither.
        ("4C", ["JK=5H 6H 7H", "7C 8C 9C"], False),
        # Swapping 5H frees the joker, laid off as 6C: then 5C goes on below it.
        ("5C", ["JK=5H 6H 7H", "7C 8C 9C"], True),
    ],
)
def test_s40_draw_discard_through_a_freed_joker(top: str, table: list[str], takes: bool) -> None:
    # S40-DRAW-DISCARD, S40-SWAP: the card taken must be melded this turn; a joker freed
    # by a swap may be what melds it.
    state = make_position(
        hands=["5H 9C KD 2S", "3D 4D 5D 6S"],
        discard=top,
        table=table,
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert ("take" in move_texts(state)) is takes
    if not takes:
        assert_illegal(state, "take", "S40-DRAW-DISCARD")


def test_s40_draw_discard_freeing_a_joker_with_the_card_taken_melds_it() -> None:
    # S40-DRAW-DISCARD decision, S40-SWAP: the card taken frees a table joker; that melds
    # it, and the turn goes on with the joker in hand.
    state = make_position(
        hands=["2S 9C KD 3D", "3D 4D 5D 6S"],
        discard="5H",
        table=["JK=5H 6H 7H"],
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert "take" in move_texts(state)
    taken = state.apply("take")
    assert move_texts(taken) == ["swap 5H #0"]
    swapped = taken.apply("swap 5H #0")
    assert swapped.taken_used
    assert "discard JK" in move_texts(swapped)


def test_s40_draw_discard_refused_on_an_empty_pile() -> None:  # S40-DRAW-DISCARD
    state = make_position(
        hands=["7S 8S 2D 3H", "3C 4C 5C 6H"], discard="", opened=[True, True], turns_played=[1, 1]
    )
    assert_illegal(state, "take", "S40-DRAW-DISCARD")


def test_s40_draw_discard_by_a_layoff_onto_the_table() -> None:  # S40-DRAW-DISCARD
    state = make_position(
        hands=["2D 3H KC", "3C 4C 5C 6H"],
        discard="9S",
        table=["6S 7S 8S"],
        opened=[True, False],
        turns_played=[1, 1],
    )
    taken = state.apply("take")
    assert move_texts(taken) == ["layoff 9S #0 high"]
    after = taken.apply("layoff 9S #0 high")
    assert str(after.table[0]) == "6S 7S 8S 9S"
    assert "discard 9S" not in move_texts(after)


def test_s40_draw_discard_after_laying_off_a_card_that_bridges_the_gap() -> None:
    # S40-DRAW-DISCARD: 9S cannot join 5S-6S-7S at once, but after laying off 8S it can:
    # take, layoff 8S, layoff 9S, discard is a legal turn, so taking 9S is legal.
    state = make_position(
        hands=["8S 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC 9S",
        table=["5S 6S 7S"],
        opened=[True, True],
        turns_played=[2, 2],
    )
    taken = mid_turn(
        hands=["8S 9S 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC",
        table=["5S 6S 7S"],
        turns_played=[2, 2],
        taken="9S",
        taken_must_use=True,
    )
    # The turn after the take ends legally:
    after = taken.apply("layoff 8S #0 high").apply("layoff 9S #0 high").apply("discard KD")
    assert after.turn == 1
    assert str(after.table[0]) == "5S 6S 7S 8S 9S"
    assert state.is_legal("take")
    assert "take" in move_texts(state)


def test_s40_draw_discard_after_laying_off_a_joker_that_bridges_the_gap() -> None:
    # S40-DRAW-DISCARD, S40-LAYOFF-JOKER: take 9S, layoff JK=8S, layoff 9S, discard.
    state = make_position(
        hands=["JK 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC 9S",
        table=["5S 6S 7S"],
        opened=[True, True],
        turns_played=[2, 2],
    )
    assert state.is_legal("take")


# -- the opening ---------------------------------------------------------------------------


def test_s40_open_melds_count_once_they_reach_forty() -> None:  # S40-OPEN
    state = make_position(
        hands=["7S 8S 9S KH KD KS 2C", "3C 4C 5C 6H"],
        discard="4D",
        table=["QC KC AC"],
        turns_played=[1, 1],
        stock_top="5H",
    ).apply("draw")
    first = state.apply("meld 7S 8S 9S")
    assert first.opening_value == 24
    assert first.opened == (False, False)
    assert_illegal(first, "discard 2C", "S40-OPEN")
    assert_illegal(first, "layoff 2C #0 low", "S40-OPEN")
    opened = first.apply("meld KS KH KD")
    assert opened.opened == (True, False)
    assert opened.opening_value == 0
    assert len(opened.table) == 3
    # Having opened, the player may lay off in the same turn (S40-AFTER-OPEN).
    assert "layoff 2C #0 low" not in move_texts(opened)
    assert opened.apply("discard 2C").turn == 1


def test_s40_open_a_meld_that_cannot_reach_the_threshold_is_refused() -> None:  # S40-OPEN
    state = mid_turn(
        hands=["2S 3S 4S 9H JD KC", "3C 4C 5C 6H"], discard="4D", opened=[False, False]
    )
    assert_illegal(state, "meld 2S 3S 4S", "S40-OPEN")
    assert all(isinstance(move, Discard) for move in state.legal_moves())


def test_s40_open_unopened_may_not_lay_off_or_swap() -> None:  # S40-OPEN
    state = mid_turn(
        hands=["2S 8S 9H JD KC", "3C 4C 5C 6H"],
        discard="4D",
        table=["5S 6S 7S", "7H JK 9H"],
        opened=[False, False],
    )
    assert_illegal(state, LayOff(card("8S"), 0, MeldEnd.HIGH), "S40-OPEN")
    assert_illegal(state, SwapJoker(card("8S"), 1), "S40-OPEN")


def test_s40_open_threshold_option() -> None:  # S40-OPEN (opening_threshold)
    rules = Ruleset(opening_threshold=51)
    state = mid_turn(
        hands=["10S JS QS KS 2D 5C", "3C 4C 5C 6H"],
        discard="4D",
        rules=rules,
        opened=[False, False],
    )
    assert_illegal(state, "meld 10S JS QS KS", "S40-OPEN")  # 40 < 51
    official = mid_turn(
        hands=["10S JS QS KS 2D 5C", "3C 4C 5C 6H"], discard="4D", opened=[False, False]
    )
    assert official.apply("meld 10S JS QS KS").opened[0]


def test_s40_after_open_extend_any_meld_and_put_down_small_melds() -> None:  # S40-AFTER-OPEN
    state = mid_turn(
        hands=["4S 8S 9D 2C 3C 4C KH", "3D 4D 5D 6H"], discard="4H", table=["5S 6S 7S", "9S 9H 9C"]
    )
    texts = move_texts(state)
    assert "meld 2C 3C 4C" in texts  # worth 9: no minimum after opening
    assert "layoff 4S #0 low" in texts
    assert "layoff 8S #0 high" in texts
    assert "layoff 9D #1 set" in texts
    after = state.apply("layoff 4S #0 low").apply("layoff 8S #0 high").apply("layoff 9D #1 set")
    assert [str(meld) for meld in after.table] == ["4S 5S 6S 7S 8S", "9S 9H 9D 9C"]
    after = after.apply("meld 2C 3C 4C")
    assert after.hands[0] == cards("KH")
    assert_illegal(after, "layoff KH #1", "S40-AFTER-OPEN")  # a set holds four suits at most
    assert_illegal(state, "layoff 4S #7", "S40-AFTER-OPEN")  # no such meld


def test_s40_layoff_joker_names_the_card_it_stands_for() -> None:  # S40-LAYOFF-JOKER
    state = mid_turn(
        hands=["JK 2C 9D KH", "3D 4D 5D 6H"], discard="4H", table=["7S 8S 9S", "5H JK 7H"]
    )
    texts = move_texts(state)
    assert "layoff JK=6S #0 low" in texts
    assert "layoff JK=10S #0 high" in texts
    assert not any(text.startswith("layoff JK") and "#1" in text for text in texts)
    after = state.apply("layoff JK=6S #0 low")
    assert str(after.table[0]) == "JK=6S 7S 8S 9S"
    assert after.table[0].value == 30
    with pytest.raises(AmbiguousMoveError, match="layoff JK=6S #0 low or layoff JK=10S #0 high"):
        state.apply("layoff JK #0")  # which end? the text fits two legal moves
    with pytest.raises(MissingReadingError, match="missing where the card goes"):
        LayOff(JOKER, 0)  # a value names its end and its card (C-WILD)
    assert_illegal(state, "layoff JK=4H #1 low", "S40-LAYOFF-JOKER")  # already has a joker


def test_s40_swap_frees_the_joker_with_the_represented_card() -> None:  # S40-SWAP
    state = mid_turn(
        hands=["8S 10C 10D 2H 3H", "3D 4D 5D 6H"],
        discard="4H",
        table=["7S JK 9S", "10S 10H JK=10C"],
    )
    swapped = state.apply("swap 8S #0")
    assert str(swapped.table[0]) == "7S 8S 9S"
    assert swapped.hands[0] == cards("10C 10D 2H 3H JK")
    assert_illegal(state, "swap 10D #1", "S40-SWAP")  # the joker stands for 10C
    assert_illegal(state, "swap 2H #0", "S40-SWAP")
    freed = state.apply("swap 10C #1")
    assert str(freed.table[1]) == "10S 10H 10C"
    assert JOKER in freed.hands[0]
    # The freed joker can be melded at once.
    assert "meld 2H 3H JK=4H" in move_texts(freed) or "meld JK=AH 2H 3H" in move_texts(freed)


def test_s40_swap_of_a_card_two_jokers_stand_for_is_listed_once() -> None:
    # S40-SWAP, S40-SEQ, C-IDENTITY: in a 14-card sequence whose two aces are both
    # jokers, an ace frees one of them: one move, not one per joker. The joker left then
    # stays, as a second natural ace may not join the sequence.
    state = make_position(
        hands=["AS 9H QH", "AS 9C"],
        table=["JK=AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS"],
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
        rules=Ruleset.preset("official").replace(max_jokers_per_meld=None),
    )
    moves = move_texts(state)
    assert moves.count("swap AS #0") == 1
    assert len(moves) == len(set(moves))
    swapped = state.apply("swap AS #0")
    assert str(swapped.table[0]) == "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS"
    assert swapped.hands[0] == cards("9H QH JK")
    assert not swapped.table[0].joker_swaps()


def test_s40_swap_not_allowed_before_opening() -> None:  # S40-SWAP, S40-OPEN
    state = mid_turn(
        hands=["8S 10C 10D 2H 3H", "3D 4D 5D 6H"],
        discard="4H",
        table=["7S JK 9S"],
        opened=[False, True],
    )
    assert_illegal(state, "swap 8S #0", "S40-OPEN")


# -- discarding and closing ------------------------------------------------------------------


def test_s40_discard_unopened_may_not_discard_a_joker_or_a_playable_card() -> None:
    # S40-DISCARD
    state = mid_turn(
        hands=["JK 6S 2H KD", "3D 4D 5D 6H"],
        discard="4H",
        table=["7S 8S 9S"],
        opened=[False, False],
    )
    assert move_texts(state) == ["discard 2H", "discard KD"]
    assert_illegal(state, "discard JK", "S40-DISCARD")
    # The ban of a player who has not opened is S40-DISCARD's own (S40-V-PLAYABLE's
    # switch can turn it off): the rule in force is the one cited.
    assert_illegal(state, "discard 6S", "S40-DISCARD")
    assert_illegal(state, "discard 3C", "S40-DISCARD")  # not in the hand
    assert set(banned_discards(state)) == {JOKER, card("6S")}


def test_s40_discard_a_card_drawn_from_the_stock_may_be_discarded() -> None:  # S40-DISCARD
    state = make_position(
        hands=["2H KD 5C", "3D 4D 5D 6H"], discard="4H", stock_top="QC", turns_played=[1, 1]
    ).apply("draw")
    assert "discard QC" in move_texts(state)
    assert state.apply("discard QC").discard[-1] == card("QC")


def test_s40_discard_the_card_taken_stays_banned_unless_another_copy_is_held() -> None:
    # S40-DISCARD: the turned-up card kept under S40-V-UPCARD may not be discarded this turn.
    online = PRESETS["online"]
    position = {
        "discard": "",
        "turns_played": [0, 0],
        "phase": "play",
        "rules": online,
        "taken": "QC",
        "dealer": 1,
    }
    state = GameState.from_position(hands=["2H KD 5C 9S QC", "3D 4D 5D 6H"], **position)  # type: ignore[arg-type]
    assert_illegal(state, "discard QC", "S40-DISCARD")
    assert move_texts(state) == ["discard 2H", "discard 5C", "discard 9S", "discard KD"]
    two = GameState.from_position(hands=["2H KD 5C QC QC", "3D 4D 5D 6H"], **position)  # type: ignore[arg-type]
    assert "discard QC" in move_texts(two)


def test_s40_discard_when_every_card_is_banned_the_bans_are_lifted() -> None:
    # S40-DISCARD decision: a joker and a playable card, unopened: both may go.
    state = mid_turn(
        hands=["JK 6S", "3D 4D 5D 6H"], discard="4H", table=["7S 8S 9S"], opened=[False, False]
    )
    assert banned_discards(state) == {}
    assert move_texts(state) == ["discard 6S", "discard JK"]


def test_s40_discard_a_card_a_split_places_is_banned_s40_v_split() -> None:
    # S40-DISCARD under S40-V-SPLIT: no layoff takes 8H or a second 5H onto 3H-7H (no
    # sequence longer than 5 cards), but a split places each of them alone, so each could
    # extend the meld: a player who has not opened may discard neither.
    position = {
        "hands": ["8H 5H 4H KD", "3D 4D 5D 6C"],
        "table": ["3H 4H 5H 6H 7H"],
    }
    classic = mid_turn(**position, opened=[False, True], rules=PRESETS["classic"])  # type: ignore[arg-type]
    assert move_texts(classic) == ["discard 4H", "discard KD"]
    assert set(banned_discards(classic)) == {card("8H"), card("5H")}
    error = assert_illegal(classic, "discard 8H", "S40-DISCARD")
    assert "extend a meld on the table" in str(error)
    assert_illegal(classic, "discard 5H", "S40-DISCARD")
    # The splits an opened player may make of each alone.
    opened = mid_turn(**position, rules=PRESETS["classic"])  # type: ignore[arg-type]
    texts = move_texts(opened)
    assert "split #0 8H : 3H 4H 5H / 6H 7H 8H" in texts
    assert "split #0 5H : 3H 4H 5H / 5H 6H 7H" in texts
    # Under the official rules a layoff takes 8H (no longest sequence), none a second 5H.
    official = mid_turn(**position, opened=[False, True])  # type: ignore[arg-type]
    assert move_texts(official) == ["discard 4H", "discard 5H", "discard KD"]
    assert_illegal(official, "discard 8H", "S40-DISCARD")
    # An opened player may take 8H from the discard pile for the split, as before.
    drawing = make_position(
        hands=["2C KD", "3D 4D 5D 6C"],
        discard="4S 8H",
        table=["3H 4H 5H 6H 7H"],
        opened=[True, True],
        turns_played=[1, 1],
        rules=PRESETS["classic"],
    )
    taken = drawing.apply("take")
    assert move_texts(taken) == ["split #0 8H : 3H 4H 5H / 6H 7H 8H"]


def _split_switch_rules() -> list[Any]:
    """Every preset, and every combination of S40-V-SPLIT and S40-V-PLAYABLE's switches."""
    combinations = [
        Ruleset(
            split_sequences=split,
            ban_playable_discard_unopened=unopened,
            ban_playable_discard_opened=opened,
            ban_playable_discard_closing=closing,
        )
        for split in (False, True)
        for unopened in (False, True)
        for opened in (False, True)
        for closing in (False, True)
    ]
    return [
        *(pytest.param(rules, id=name) for name, rules in Ruleset.presets().items()),
        *(
            pytest.param(rules, id=",".join(rules.differences()) or "defaults")
            for rules in combinations
        ),
    ]


@pytest.mark.parametrize("rules", _split_switch_rules())
def test_s40_v_playable_a_card_a_split_places_under_every_switch(rules: Ruleset) -> None:
    # S40-DISCARD, S40-V-PLAYABLE, S40-V-SPLIT: 8H extends 3H-7H by a layoff, or by a
    # split alone under S40-V-SPLIT; a second 5H only by a split. Each switch bans them
    # for its discard, whichever way extends the meld, the closing ban too; KD, free,
    # keeps the S40-DISCARD decision from lifting the other bans.
    table = ["3H 4H 5H 6H 7H"]
    switches = {
        "unopened": rules.ban_playable_discard_unopened,
        "opened": rules.ban_playable_discard_opened,
    }
    for who, switch in switches.items():
        opened = [who == "opened", True]
        state = mid_turn(
            hands=["8H 5H KD", "3D 4D 5D 6C"], table=table, opened=opened, rules=rules
        )
        expected = {"8H", "5H"} if rules.split_sequences else {"8H"}
        banned = {text for text in ("8H", "5H") if not state.is_legal(f"discard {text}")}
        assert banned == (expected if switch else set()), who
        rule = "S40-DISCARD" if who == "unopened" else "S40-V-PLAYABLE"
        for text in banned:
            assert_illegal(state, f"discard {text}", rule)
    # The closing discard: laying off 9C leaves the card alone, and under the closing
    # switch a card that extends a table meld may not close, so the layoff leads nowhere.
    for text in ("8H", "5H"):
        closing = mid_turn(
            hands=[f"{text} 9C", "3D 4D 5D 6C"], table=[*table, "10C JC QC"], rules=rules
        )
        extends = text == "8H" or rules.split_sequences
        if rules.ban_playable_discard_closing and extends:
            assert_illegal(closing, "layoff 9C #1 low", "S40-CLOSE")
        else:
            closed = closing.apply("layoff 9C #1 low").apply(f"discard {text}")
            assert closed.last_hand is not None


def test_s40_close_by_discarding_the_last_card() -> None:  # S40-CLOSE, S40-SCORE
    state = mid_turn(
        hands=["5S 9H", "AS KH 7D JK", "2C 3C"],
        table=["6S 7S 8S"],
        opened=[True, True, False],
        seed=3,
    )
    assert state.dealer == 2
    laid = state.apply("layoff 5S #0 low")
    assert laid.hands[0] == cards("9H")
    closed = laid.apply("discard 9H")
    result = closed.last_hand
    assert result is not None
    assert result.closer == 0
    assert result.points == (0, 53, 5)
    assert result.hands[1] == cards("AS KH 7D JK")
    assert closed.scores == (0, 53, 5)
    assert closed.hand_number == 2
    assert closed.dealer == 0  # the deal passes to the left
    assert closed.turn == 1
    assert closed.phase is Phase.DRAW
    assert [len(hand) for hand in closed.hands] == [13, 13, 13]
    assert closed.table == ()
    assert closed.opened == (False, False, False)
    assert closed.turns_played == (0, 0, 0)
    assert_conserved(closed)


def test_s40_close_may_not_meld_every_card() -> None:  # S40-CLOSE
    state = mid_turn(hands=["6S 7S 8S", "AS KH 7D JK"], table=["2H 3H 4H"])
    assert_illegal(state, "meld 6S 7S 8S", "S40-CLOSE")
    two = mid_turn(hands=["5H 9C", "AS KH 7D JK"], table=["2H 3H 4H"])
    one = two.apply("layoff 5H #0 high")
    assert_illegal(one, "layoff 9C #0 high", "S40-AFTER-OPEN")
    single = mid_turn(hands=["5H", "AS KH 7D JK"], table=["2H 3H 4H"])
    assert_illegal(single, "layoff 5H #0 high", "S40-CLOSE")
    assert move_texts(single) == ["discard 5H"]


def test_s40_first_round_nobody_closes_before_everyone_has_played() -> None:
    # S40-FIRST-ROUND: the last player of the first round may not close either.
    state = mid_turn(
        hands=["5S 9H", "AS KH 7D JK", "2C 3C"], table=["6S 7S 8S"], turn=2, turns_played=[1, 1, 0]
    )
    assert not state.may_close
    assert_illegal(state, "layoff 2C #0 low", "S40-AFTER-OPEN")
    two = mid_turn(
        hands=["5S 9H", "AS KH 7D JK", "2C 9C"], table=["6S 7S 8S"], turns_played=[0, 0, 0]
    )
    assert_illegal(two, "layoff 5S #0 low", "S40-FIRST-ROUND")
    assert move_texts(two) == ["discard 5S", "discard 9H"]
    later = mid_turn(hands=["9H", "AS KH 7D JK", "2C 9C"], table=["6S 7S 8S"])
    assert later.may_close
    assert later.apply("discard 9H").last_hand is not None
    # One card left in the first round: no play leads there (the loaders refuse such a
    # dead end), but the engine refuses the closing discard all the same.
    one = attrs.evolve(later, turns_played=(1, 0, 1))
    assert_illegal(one, "discard 9H", "S40-FIRST-ROUND")


def test_s40_first_round_keeps_two_cards_when_melding() -> None:  # S40-FIRST-ROUND
    state = mid_turn(
        hands=["QH KH AH 10S JS QS KS 2C", "AS KD 7D JK"],
        turns_played=[0, 0],
        opened=[False, False],
    )
    assert_illegal(state, "meld 10S JS QS KS 2C", "S40-SEQ")
    melded = state.apply("meld 10S JS QS KS")
    assert melded.opened[0]
    # Six cards would leave two: fine. Three more leave one: not in the first round.
    assert_illegal(melded, "meld QH KH AH", "S40-FIRST-ROUND")


# -- restocking ---------------------------------------------------------------------------------


def test_s40_restock_the_discard_pile_becomes_the_stock() -> None:  # S40-RESTOCK, C-RNG
    hands = ["2S 3H 9D", "4C 5C 6H 7H"]
    pile = rest_of_deck(None, *hands, "KC")
    state = GameState.from_position(
        hands=hands, discard=pile, stock="KC", turns_played=[3, 3], seed=11
    )
    assert len(state.discard) == 108 - 8
    drawn = state.apply("draw")
    assert drawn.hands[0] == cards("2S 3H 9D KC")
    assert drawn.discard == ()
    assert Counter(drawn.stock) == Counter(state.discard)
    assert drawn.stock != state.discard  # shuffled
    assert drawn.rng != state.rng
    again = state.apply("draw")
    assert again == drawn  # the shuffle comes from the state's randomness (C-RNG)
    discarded = drawn.apply("discard 9D")
    assert discarded.discard == (card("9D"),)  # the player's discard starts the new pile
    assert discarded.turn == 1
    assert discarded.phase is Phase.DRAW


def test_s40_restock_blocked_hand_scores_nothing_and_passes_the_deal() -> None:
    # S40-RESTOCK decision, built with an explicit position: the last stock card is drawn
    # while the discard pile is empty.
    hands = ["2S 3H 9D", "4C 5C 6H 7H"]
    table_cards = rest_of_deck(None, *hands, "KC")
    # Every other card sits in player 1's hand (a position, not a real game: the loaders
    # refuse a hand of more than 13 cards, so it is made from one they accept).
    state = GameState.from_position(
        hands=hands,
        discard="",
        turns_played=[3, 3],
        scores=[10, 20],
        dealer=1,
        seed=2,
    )
    state = attrs.evolve(
        state,
        hands=(state.hands[0], tuple(sorted(parse_cards(hands[1] + " " + table_cards)))),
        stock=parse_cards("KC"),
    )
    drawn = state.apply("draw")
    assert drawn.stock == ()
    assert drawn.discard == ()
    assert drawn.phase is Phase.PLAY
    ended = drawn.apply("discard 9D")
    result = ended.last_hand
    assert result is not None
    assert result.closer is None
    assert result.points == (0, 0)
    assert ended.scores == (10, 20)
    assert ended.hand_number == 2
    assert ended.dealer == 0
    assert ended.turn == 1
    assert ended.phase is Phase.DRAW
    assert_conserved(ended)


# -- scoring and the match ---------------------------------------------------------------------


def test_s40_score_closer_zero_others_hand_value() -> None:  # S40-SCORE, S40-HAND-VALUE
    state = closing_position(["AS KH 7D JK", "2C 3C", "10D 10D QS"], scores=[5, 6, 7, 8])
    closed = state.apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 53, 5, 30)
    assert closed.last_hand.doubled is False
    assert closed.scores == (5, 59, 12, 38)
    assert closed.last_hand.eliminated == ()
    assert closed.dealer == 0
    assert closed.turn == 1


def test_s40_elim_players_reaching_101_retire_and_the_last_one_wins() -> None:  # S40-ELIM
    state = closing_position(["AS KH 7D JK", "2C 3C"], scores=[50, 90, 99])
    closed = state.apply("discard 9H")
    assert closed.scores == (50, 143, 104)
    assert closed.last_hand is not None
    assert closed.last_hand.eliminated == (1, 2)
    assert closed.phase is Phase.OVER
    assert closed.winners == (0,)
    assert closed.active == (True, False, False)
    assert closed.legal_moves().count() == 0
    assert_illegal(closed, "draw", "S40-ELIM")


def test_s40_elim_the_match_goes_on_without_the_retired_player() -> None:  # S40-ELIM
    state = closing_position(["KH", "2C 3C", "4D"], scores=[0, 95, 10, 10], dealer=0)
    closed = state.apply("discard 9H")
    assert closed.scores == (0, 105, 15, 14)
    assert closed.active == (True, False, True, True)
    assert closed.phase is Phase.DRAW
    assert closed.dealer == 2  # the deal skips the retired player
    assert closed.turn == 3
    assert closed.hands[1] == ()
    assert [len(hand) for hand in closed.hands] == [13, 0, 13, 13]
    assert_conserved(closed)
    # Turns pass over the retired player.
    after = closed.apply("draw")
    after = after.apply(next(m for m in after.legal_moves() if isinstance(m, Discard)))
    assert after.turn == 0
    after = after.apply("draw")
    after = after.apply(next(m for m in after.legal_moves() if isinstance(m, Discard)))
    assert after.turn == 2


def test_s40_disjoint_a_card_belongs_to_one_meld() -> None:  # S40-DISJOINT
    state = mid_turn(hands=["7S 8S 9S 9H 9D 2C KC", "AS KH 7D JK"])
    texts = move_texts(state)
    assert "meld 7S 8S 9S" in texts
    assert "meld 9S 9H 9D" in texts
    after = state.apply("meld 7S 8S 9S")
    assert "meld 9S 9H 9D" not in move_texts(after)
    assert_illegal(after, "meld 9S 9H 9D", "S40-TURN")  # the 9S is on the table already
    assert cards_in_play(after) == deck_counter(OFFICIAL)


def test_s40_joker_one_joker_per_meld_with_an_explicit_card() -> None:  # S40-JOKER
    state = mid_turn(hands=["7S 8S JK JK 7H 7D 5C", "AS KH 7C 2S"])
    assert_illegal(state, "meld JK 7S 8S JK", "S40-JOKER")
    # Written in sequence order, the joker is read by its position.
    assert str(state.apply("meld JK 7S 8S").table[0]) == "JK=6S 7S 8S"
    assert str(state.apply("meld 7S 8S JK").table[0]) == "7S 8S JK=9S"
    sequence = state.apply("meld JK=6S 7S 8S")
    assert str(sequence.table[0]) == "JK=6S 7S 8S"
    assert sequence.table[0].value == 21
    texts = move_texts(sequence)
    # The sequence JK=6S 7S 8S takes 5S or 9S, not 6S or 10S.
    assert not any("#0" in text and "6S" in text for text in texts)
    # A set has no order: with two suits missing, the card the joker stands for is named
    # (C-WILD). The text without it fits two legal moves; the value cannot be made.
    for text in ("meld 7H JK 7D", "meld 7H 7D JK", "meld JK 7D 7H"):
        with pytest.raises(AmbiguousMoveError, match="meld JK=7S 7H 7D or meld 7H 7D JK=7C"):
            state.apply(text)
        assert not state.is_legal(text)
        assert text not in state.legal_moves()
    with pytest.raises(MissingReadingError, match="could stand for 7S or 7C"):
        PutDown(cards("7H 7D JK"))
    assert str(state.apply("meld 7H 7D JK=7C").table[0]) == "7H 7D JK=7C"
    assert str(state.apply("meld 7H 7D JK=7S").table[0]) == "JK=7S 7H 7D"


# -- variants -------------------------------------------------------------------------------------


def test_s40_v_single_the_closer_wins_and_no_totals_are_kept() -> None:  # S40-V-SINGLE
    rules = Ruleset(match_format=MatchFormat.SINGLE)
    closed = closing_position(["AS KH", "2C 3C"], rules=rules).apply("discard 9H")
    assert closed.phase is Phase.OVER
    assert closed.winners == (0,)
    assert closed.scores == (0, 0, 0)
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 0, 0)


@pytest.mark.parametrize(("target", "score", "out"), [(151, 140, False), (151, 151, True)])
def test_s40_v_target_elimination_score(target: int, score: int, out: bool) -> None:
    # S40-V-TARGET: 151 instead of 101; player 1 adds 10 (KH): 140 stays in, 151 retires
    rules = Ruleset(elimination_score=target)
    closed = closing_position(["KH", "2C"], rules=rules, scores=[0, score - 10, 0])
    after = closed.apply("discard 9H")
    assert after.active[1] is (not out)
    assert after.scores[1] == score


def test_s40_v_target_online_eliminates_at_exactly_100() -> None:  # S40-V-TARGET (002)
    online = PRESETS["online"]
    assert online.elimination_score == 100
    closed = closing_position(["KH", "2C"], rules=online, scores=[0, 90, 0]).apply("discard 9H")
    assert closed.scores[1] == 100
    assert closed.last_hand is not None
    assert closed.last_hand.eliminated == (1,)


def test_s40_v_reentry_totals_reset_to_the_highest_below_the_target() -> None:
    # S40-V-REENTRY
    rules = Ruleset(match_format=MatchFormat.REENTRY)
    state = closing_position(["KH 5D", "2C", "3C"], rules=rules, scores=[0, 95, 40, 60])
    closed = state.apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.reentered == (1,)
    assert closed.last_hand.eliminated == ()
    assert closed.scores == (0, 63, 42, 63)
    assert closed.active == (True, True, True, True)
    assert closed.phase is Phase.DRAW


def test_s40_v_reentry_with_one_player_below_the_others_retire() -> None:  # S40-V-REENTRY
    rules = Ruleset(match_format=MatchFormat.REENTRY)
    state = closing_position(["KH 5D", "JK"], rules=rules, scores=[0, 95, 90])
    closed = state.apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.eliminated == (1, 2)
    assert closed.winners == (0,)


def test_s40_v_noelim_lowest_total_wins_when_a_total_reaches_the_limit() -> None:
    # S40-V-NOELIM
    rules = Ruleset(match_format=MatchFormat.NO_ELIMINATION, no_elimination_limit=1000)
    going = closing_position(["KH", "2C"], rules=rules, scores=[300, 900, 200])
    after = going.apply("discard 9H")
    assert after.phase is Phase.DRAW
    assert after.active == (True, True, True)
    assert after.scores == (300, 910, 202)
    ending = closing_position(["KH", "2C"], rules=rules, scores=[300, 990, 200])
    over = ending.apply("discard 9H")
    assert over.phase is Phase.OVER
    assert over.scores == (300, 1000, 202)
    assert over.winners == (2,)


def test_s40_v_noelim_ties_give_several_winners() -> None:  # S40-V-NOELIM
    rules = Ruleset(match_format=MatchFormat.NO_ELIMINATION, no_elimination_limit=1000)
    ending = closing_position(["KH", "2C"], rules=rules, scores=[302, 995, 300])
    over = ending.apply("discard 9H")
    assert over.scores == (302, 1005, 302)
    assert over.winners == (0, 2)


def test_s40_v_highvalues_three_aces_open_alone_and_hand_values() -> None:
    # S40-V-HIGHVALUES: A 14 in a set (42), J 11 Q 12 K 13 A 14 JK 14 in hand.
    rules = Ruleset(high_card_values=True)
    state = mid_turn(hands=["AS AH AD 2C 9D", "3S 4S 5S"], rules=rules, opened=[False, False])
    opened = state.apply("meld AS AH AD")
    assert opened.table[0].value == 42
    assert opened.opened[0]
    official = mid_turn(hands=["AS AH AD 2C 9D", "3S 4S 5S"], opened=[False, False])
    assert_illegal(official, "meld AS AH AD", "S40-OPEN")  # 33 < 40
    low = mid_turn(hands=["AS 2S 3S 2C 9D", "3H 4H 5H"], rules=rules).apply("meld AS 2S 3S")
    assert low.table[0].value == 6  # a low ace is still 1
    closed = closing_position(["JS QS KS AS JK"], rules=rules).apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 11 + 12 + 13 + 14 + 14)
    assert hand_value("JS QS KS AS JK", rules) == 64


def test_s40_v_earlydiscard_unopened_takes_the_discard_for_the_opening() -> None:
    # S40-V-EARLYDISCARD
    online = PRESETS["online"]
    state = make_position(
        hands=["KS KH 10S JS QS 2C 5D", "3H 4H 5H 6C"],
        discard="4C KD",
        turns_played=[1, 1],
        rules=online,
    )
    assert move_texts(state) == ["draw", "take"]
    taken = state.apply("take")
    assert taken.taken == card("KD")
    assert taken.taken_must_use
    # An opening that leaves KD out completes without it: refused.
    assert_illegal(taken, "meld 10S JS QS KS", "S40-V-EARLYDISCARD")
    with_kd = taken.apply("meld KS KH KD")
    assert with_kd.opening_value == 30
    assert not with_kd.opened[0]
    opened = with_kd.apply("meld 10S JS QS")
    assert opened.opened[0]
    assert opened.taken_used
    assert move_texts(opened) == ["discard 2C", "discard 5D"]
    # Under the official rules an unopened player may not take it at all.
    official = make_position(
        hands=["KS KH 10S JS QS 2C 5D", "3H 4H 5H 6C"], discard="4C KD", turns_played=[1, 1]
    )
    assert_illegal(official, "take", "S40-DRAW-STOCK")


def test_s40_v_earlydiscard_refused_when_no_opening_uses_the_card() -> None:
    # S40-V-EARLYDISCARD: 9D makes no meld with this hand.
    online = PRESETS["online"]
    state = make_position(
        hands=["KS KH KC 10S JS QS 2C", "3H 4H 5H 6C"],
        discard="4C 9D",
        turns_played=[1, 1],
        rules=online,
    )
    assert move_texts(state) == ["draw"]
    assert_illegal(state, "take", "S40-V-EARLYDISCARD")


def test_s40_v_double_opening_and_closing_in_one_turn_doubles_the_others() -> None:
    # S40-V-DOUBLE
    online = PRESETS["online"]
    state = make_position(
        hands=["JH QH KH AH", "AS KD 7D JK", "2C 3C"],
        discard="2D",
        opened=[False, True, False],
        turns_played=[1, 1, 1],
        stock_top="5C",
        rules=online,
    )
    drawn = state.apply("draw")
    assert not drawn.opened_at_turn_start
    closed = drawn.apply("meld JH QH KH AH").apply("discard 5C")
    assert closed.last_hand is not None
    assert closed.last_hand.doubled is True
    assert closed.last_hand.points == (0, 106, 10)
    assert closed.scores == (0, 106, 10)
    # A player who had opened before the turn closes without doubling.
    normal = closing_position(["AS KD 7D JK", "2C 3C"], rules=online).apply("discard 9H")
    assert normal.last_hand is not None
    assert normal.last_hand.doubled is False
    assert normal.last_hand.points == (0, 53, 5)


def test_s40_v_firstclose_closing_on_the_first_turn() -> None:  # S40-V-FIRSTCLOSE
    rules = Ruleset(close_on_first_turn=True, not_opened_penalty=100)
    state = closing_position(
        ["2C 3C", "KD"], rules=rules, opened=[True, False, False], turns_played=[0, 0, 1]
    )
    assert state.may_close
    closed = state.apply("discard 9H")
    assert closed.last_hand is not None
    # Player 1 never had a turn: scores the cards; player 2 played and did not open: 100.
    assert closed.last_hand.points == (0, 5, 100)
    # Under the official rules no play leads there (a dead end the loaders refuse), but the
    # engine refuses the closing discard all the same.
    official = attrs.evolve(closing_position(["2C 3C", "KD"]), turns_played=(0, 0, 1))
    assert_illegal(official, "discard 9H", "S40-FIRST-ROUND")


def test_s40_v_notopened_flat_penalty() -> None:  # S40-V-NOTOPENED
    rules = Ruleset(not_opened_penalty=100)
    state = closing_position(
        ["AS KH 7D JK", "2C 3C", "KD"], rules=rules, opened=[True, False, True, False]
    )
    closed = state.apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 100, 5, 100)
    assert closed.last_hand.eliminated == ()


def test_s40_v_playable_unopened_switch() -> None:  # S40-V-PLAYABLE (unopened, default on)
    position = {
        "hands": ["6S 2H KD", "3D 4D 5D 6H"],
        "discard": "4H",
        "table": ["7S 8S 9S"],
        "turns_played": [1, 1],
        "phase": "play",
    }
    state = GameState.from_position(**position)  # type: ignore[arg-type]
    assert_illegal(state, "discard 6S", "S40-DISCARD")
    relaxed = GameState.from_position(
        **position,  # type: ignore[arg-type]
        rules=Ruleset(ban_playable_discard_unopened=False),
    )
    assert "discard 6S" in move_texts(relaxed)


def test_s40_v_playable_opened_switch() -> None:  # S40-V-PLAYABLE (opened, default off)
    position = {
        "hands": ["6S 2H KD", "3D 4D 5D 6H"],
        "discard": "4H",
        "table": ["7S 8S 9S"],
        "opened": [True, True],
        "turns_played": [1, 1],
        "phase": "play",
    }
    state = GameState.from_position(**position)  # type: ignore[arg-type]
    assert "discard 6S" in move_texts(state)
    strict = GameState.from_position(
        **position,  # type: ignore[arg-type]
        rules=Ruleset(ban_playable_discard_opened=True),
    )
    assert_illegal(strict, "discard 6S", "S40-V-PLAYABLE")
    assert move_texts(strict) == ["discard 2H", "discard KD", "layoff 6S #0 low"]


def test_s40_v_playable_closing_switch_default_off() -> None:  # S40-V-PLAYABLE (closing)
    state = mid_turn(hands=["6S", "3D 4D 5D 6H"], discard="4H", table=["7S 8S 9S"])
    closed = state.apply("discard 6S")
    assert closed.last_hand is not None
    assert closed.last_hand.closer == 0


def test_s40_v_playable_closing_switch_on_forbids_closing_on_a_playable_card() -> None:
    # S40-V-PLAYABLE (closing): with the switch on, the last card may not be a card that
    # extends a table meld. Holding 10S and 6S after the draw with 7S-8S-9S on the table,
    # every way to close ends on a playable card, so player 0 cannot close this turn.
    rules = Ruleset(ban_playable_discard_closing=True)
    state = mid_turn(
        hands=["10S 6S", "3D 4D 5D 6H"], discard="4H", table=["7S 8S 9S"], rules=rules
    )
    for move in state.legal_moves():
        after = state.apply(move)
        assert after.last_hand is None, move
        if after.phase is Phase.PLAY and after.turn == 0:
            for second in after.legal_moves():
                assert after.apply(second).last_hand is None, (move, second)
    # Without the switch the same player closes.
    free = mid_turn(hands=["10S 6S", "3D 4D 5D 6H"], discard="4H", table=["7S 8S 9S"])
    closed = free.apply("layoff 10S #0 high").apply("discard 6S")
    assert closed.last_hand is not None
    assert closed.last_hand.closer == 0


def test_s40_v_playable_opened_and_closing_switches_a_lay_off_may_leave_banned_cards() -> None:
    # S40-V-PLAYABLE (opened and closing) with the S40-DISCARD decision: a lay-off that
    # leaves two cards, both extending a table meld, bans both, and the ban is lifted for
    # that discard; a second lay-off would leave one such card, the closing discard,
    # whose ban is not lifted.
    rules = Ruleset(ban_playable_discard_opened=True, ban_playable_discard_closing=True)
    state = mid_turn(
        hands=["4H 8H 9C", "3D 4D 5D"],
        discard="KD",
        table=["5H 6H 7H", "10C JC QC"],
        rules=rules,
    )
    assert move_texts(state) == [
        "discard 4H",
        "discard 8H",
        "discard 9C",
        "layoff 4H #0 low",
        "layoff 8H #0 high",
        "layoff 9C #1 low",
    ]
    after = state.apply("layoff 9C #1 low")
    assert move_texts(after) == ["discard 4H", "discard 8H"]
    assert set(banned_discards(after)) == set()  # both banned: the ban is lifted
    assert_illegal(after, "layoff 8H #0 high", "S40-CLOSE")
    # In the draw phase, the take of 4H that leads there is listed too.
    drawing = GameState.from_position(
        hands=["8H 9C", "3D 4D 5D"],
        discard="KD 4H",
        table=["5H 6H 7H", "10C JC QC"],
        opened=[True, True],
        turns_played=[1, 1],
        phase="draw",
        rules=rules,
    )
    assert "take" in move_texts(drawing)


def test_s40_v_upcard_first_player_keeps_the_turned_up_card() -> None:  # S40-V-UPCARD
    online = PRESETS["online"]
    state = new_game(online, players=3, seed=21, dealer=2)
    assert state.turn == 0
    upcard = state.discard[-1]
    assert "upcard" in move_texts(state)
    taken = state.apply(TakeUpcard())
    assert taken.discard == ()
    assert upcard in taken.hands[0]
    assert len(taken.hands[0]) == 14
    assert taken.taken == upcard
    assert not taken.taken_must_use
    discards = [m for m in taken.legal_moves() if isinstance(m, Discard)]
    assert discards  # no meld needed
    assert state.hands[0].count(upcard) == 0
    assert_illegal(taken, Discard(upcard), "S40-DISCARD")
    after = taken.apply(discards[0])
    assert after.turn == 1
    assert_illegal(after, "upcard", "S40-V-UPCARD")  # only the first player's first draw
    assert_illegal(new_game("official", players=3, seed=21), "upcard", "S40-V-UPCARD")


def test_s40_v_nodiscardclose_close_by_melding_every_card() -> None:  # S40-V-NODISCARDCLOSE
    federation = PRESETS["federation-article"]
    position = {
        "hands": ["6S 7S 8S 4H", "AS KH 7D JK"],
        "discard": "2D",
        "table": ["AH 2H 3H"],
        "opened": [True, True],
        "phase": "play",
        "turns_played": [1, 1],
    }
    state = GameState.from_position(**position, rules=federation)  # type: ignore[arg-type]
    after = state.apply("layoff 4H #0 high")
    assert after.last_hand is None
    closed = after.apply("meld 6S 7S 8S")
    assert closed.last_hand is not None
    assert closed.last_hand.closer == 0
    assert closed.last_hand.points == (0, 53)
    official = GameState.from_position(**position)  # type: ignore[arg-type]
    assert_illegal(official.apply("layoff 4H #0 high"), "meld 6S 7S 8S", "S40-CLOSE")
    first_round = GameState.from_position(
        **{**position, "turns_played": [0, 0]},  # type: ignore[arg-type]
        rules=federation,
    )
    assert_illegal(first_round, "meld 6S 7S 8S", "S40-FIRST-ROUND")
    last_three = GameState.from_position(
        **{**position, "hands": ["6S 7S 8S", "AS KH 7D JK 4H"], "turns_played": [0, 0]},  # type: ignore[arg-type]
        rules=federation,
    )
    assert_illegal(last_three, "meld 6S 7S 8S", "S40-FIRST-ROUND")


def test_s40_v_fourkind_a_natural_four_of_a_kind_goes_to_the_discard_pile() -> None:
    # S40-V-FOURKIND
    rules = Ruleset(discard_four_of_a_kind=True)
    state = mid_turn(hands=["5S 5H 5D 5C 2H KD", "AS KH 7D JK"], table=["8S 9S 10S"], rules=rules)
    four = state.apply("meld 5S 5H 5D 5C")
    assert [str(m) for m in four.table] == ["8S 9S 10S"]
    assert four.discard[0] == card("2D")
    assert Counter(four.discard[1:]) == Counter(cards("5S 5H 5D 5C"))
    done = four.apply("discard KD")
    assert done.discard[-1] == card("KD")  # the turn's discard goes on top of them
    three = state.apply("meld 5S 5H 5D")
    completed = three.apply("layoff 5C #1")
    assert [str(m) for m in completed.table] == ["8S 9S 10S"]
    assert Counter(completed.discard[1:]) == Counter(cards("5S 5H 5D 5C"))
    official = mid_turn(hands=["5S 5H 5D 5C 2H KD", "AS KH 7D JK"])
    assert len(official.apply("meld 5S 5H 5D 5C").table) == 1


def test_s40_v_fourkind_with_a_joker_stays_and_a_swap_completes_it() -> None:  # S40-V-FOURKIND
    rules = Ruleset(discard_four_of_a_kind=True)
    state = mid_turn(
        hands=["5S 5H 5D 2H KD 9C", "AS KH 7D 4S"],
        table=["9S 9H 9D JK=9C", "3C 4C 5C"],
        rules=rules,
    )
    assert len(state.table) == 2
    swapped = state.apply("swap 9C #0")
    assert [str(m) for m in swapped.table] == ["3C 4C 5C"]
    assert JOKER in swapped.hands[0]
    assert Counter(swapped.discard[-4:]) == Counter(cards("9S 9H 9D 9C"))
    with_joker = mid_turn(hands=["5S 5H JK 2H KD 9C", "AS KH 7D 4S"], rules=rules).apply(
        "meld 5S 5H JK=5D"
    )
    assert len(with_joker.table) == 1


@pytest.mark.parametrize(
    "options",
    [
        {"discard_four_of_a_kind": False},
        {"discard_four_of_a_kind": True},
        # The discard bans list melding moves by searching each (another path).
        {"discard_four_of_a_kind": True, "ban_playable_discard_opened": True},
    ],
    ids=["kept", "four-leaves", "four-leaves-bans"],
)
def test_s40_v_fourkind_equal_table_sets_each_take_their_layoff_and_swap(
    options: dict[str, bool],
) -> None:
    # S40-AFTER-OPEN, S40-SET, S40-V-FOURKIND: several sets of one rank may be on the
    # table and any of them may be extended; the completed four of a kind leaves the
    # table whichever set it was, but each set's move is a legal move of its own, listed.
    rules = Ruleset(**options)
    four_of_a_kind_leaves = options["discard_four_of_a_kind"]
    position: dict[str, Any] = {"hands": ["5C 4S 2H", "3C 4C 5C"], "discard": "KC", "rules": rules}
    sets = mid_turn(**position, table=["5S 5H 5D", "6S 6D 6C", "5S 5H 5D"])
    assert [text for text in move_texts(sets) if text.startswith("layoff")] == [
        "layoff 5C #0 set",
        "layoff 5C #2 set",
    ]
    assert all(sets.is_legal(text) for text in ("layoff 5C #0 set", "layoff 5C #2 set"))
    jokers = mid_turn(**position, table=["5S 5H 5D JK", "6S 6D 6C", "5S 5H 5D JK"])
    assert [text for text in move_texts(jokers) if text.startswith("swap")] == [
        "swap 5C #0",
        "swap 5C #2",
    ]
    assert all(jokers.is_legal(text) for text in ("swap 5C #0", "swap 5C #2"))
    if four_of_a_kind_leaves:
        left = [str(meld) for meld in sets.apply("layoff 5C #2 set").table]
        assert left == ["5S 5H 5D", "6S 6D 6C"]


def test_s40_v_split_the_book_example() -> None:  # S40-V-SPLIT (000)
    classic = PRESETS["classic"]
    state = mid_turn(
        hands=["4S 6S 10S KD", "AS KH 7D JK"], table=["5S 6S 7S 8S 9S"], rules=classic
    )
    text = "split #0 4S 6S : 4S 5S 6S / 6S 7S 8S 9S"
    assert text in move_texts(state)
    move = scala40.parse_move(text)
    assert isinstance(move, Split)
    assert str(move) == text
    split = state.apply(text)
    assert sorted(str(m) for m in split.table) == ["4S 5S 6S", "6S 7S 8S 9S"]
    assert split.hands[0] == cards("10S KD")
    assert_illegal(state, "layoff 10S #0 high", "S40-V-SPLIT")  # 6 cards is too long
    assert_illegal(state, "layoff 4S #0 low", "S40-V-SPLIT")
    long_hand = mid_turn(hands=["3H 4H 5H 6H 7H 8H KD", "AS KH 7D JK"], rules=classic)
    assert_illegal(long_hand, "meld 3H 4H 5H 6H 7H 8H", "S40-SEQ")
    official = mid_turn(hands=["4S 6S 2H KD", "AS KH 7D JK"], table=["5S 6S 7S 8S 9S"])
    assert_illegal(official, text, "S40-V-SPLIT")
    assert "layoff 4S #0 low" in move_texts(official)


def test_s40_v_split_many_ways_with_a_joker() -> None:  # S40-V-SPLIT
    # A hand full of spades and a joker beside a long spade sequence: hundreds of splits,
    # each listed once and each applying.
    state = mid_turn(
        hands=["AS 2S 3S 4S 10S JS QS KS 6S 7S JK 2H", "2C 3C 4C 5H"],
        discard="JC",
        table=["5S 6S 7S 8S 9S"],
        rules=PRESETS["classic"],
    )
    moves = list(state.legal_moves())
    splits = [move for move in moves if isinstance(move, Split)]
    assert len(moves) == 758
    assert len(splits) == len(set(splits)) > 600
    assert "split #0 4S JK : 4S 5S 6S 7S / JK=7S 8S 9S" in move_texts(state)
    for move in splits[::37]:
        after = state.apply(move)
        assert_conserved(after)
        assert all(meld.kind is scala40.MeldKind.SEQUENCE for meld in after.table)


def test_s40_v_multijoker_more_naturals_than_jokers() -> None:  # S40-V-MULTIJOKER
    rules = Ruleset(max_jokers_per_meld=None)
    state = mid_turn(
        hands=["JK JK 5S 7S 8S 2D 9H", "AS KH 7D 4S"],
        discard="2C",
        table=["9C 10C JC QC KC"],
        rules=rules,
    )
    melded = state.apply("meld JK=4S 5S JK=6S 7S 8S")
    assert str(melded.table[1]) == "JK=4S 5S JK=6S 7S 8S"
    assert_illegal(state, "meld JK=4S 5S JK=6S", "S40-JOKER")
    # Without the jokers' cards no legal move fits (C-WILD).
    assert_illegal(state, "meld JK 5S JK", "C-WILD")
    layoff = state.apply("layoff JK=8C #0 low").apply("layoff JK=7C #0 low")
    assert str(layoff.table[0]) == "JK=7C JK=8C 9C 10C JC QC KC"


def test_s40_v_joker25_a_joker_counts_25_towards_the_opening() -> None:  # S40-V-JOKER25
    federation = PRESETS["federation-article"]
    position = {
        "hands": ["7S 7H JK 4D 4C 4S 9H", "AS KH 7D 2S"],
        "discard": "2C",
        "phase": "play",
        "turns_played": [1, 1],
    }
    state = GameState.from_position(**position, rules=federation)  # type: ignore[arg-type]
    first = state.apply("meld 7S 7H JK=7D")
    assert first.table[0].value == 39
    assert first.opening_value == 39
    opened = first.apply("meld 4S 4D 4C")
    assert opened.opened[0]
    official = GameState.from_position(**position)  # type: ignore[arg-type]
    assert_illegal(official, "meld 7S 7H JK=7D", "S40-OPEN")  # 21 + 12 < 40


def test_s40_v_restock_flip_turns_the_pile_over() -> None:  # S40-V-RESTOCK-FLIP
    online = PRESETS["online"]
    hands = ["2S 3H 9D", "4C 5C 6H 7H"]
    pile_bottom = "2C 3C 4C"
    others = rest_of_deck(online, *hands, pile_bottom, "KC")
    pile = pile_bottom + " " + others
    state = GameState.from_position(
        hands=hands, discard=pile, stock="KC", turns_played=[3, 3], rules=online, seed=4
    )
    drawn = state.apply("draw")
    flipped = tuple(reversed(state.discard))
    assert drawn.discard == (card("2C"),)  # the first card of the old pile is turned up
    assert drawn.stock == flipped[:-1]
    assert drawn.stock[-1] == card("3C")
    assert drawn.rng == state.rng  # no shuffle
    assert drawn.apply("discard 9D").discard == cards("2C") + cards("9D")


def test_s40_v_restock_flip_a_one_card_pile_ends_the_hand_blocked() -> None:
    # S40-V-RESTOCK-FLIP decision: turning over a pile of one card leaves no stock, and
    # the hand ends blocked as under S40-RESTOCK (the position is built as for that rule).
    online = PRESETS["online"]
    hands = ["2S 3H 9D", "4C 5C 6H 7H"]
    others = rest_of_deck(online, *hands, "KC")
    state = GameState.from_position(
        hands=hands, discard="", turns_played=[3, 3], scores=[10, 20], dealer=1, rules=online
    )
    state = attrs.evolve(
        state,
        hands=(state.hands[0], tuple(sorted(parse_cards(hands[1] + " " + others)))),
        stock=parse_cards("KC"),
    )
    ended = state.apply("draw").apply("discard 9D")  # the pile is 9D alone
    result = ended.last_hand
    assert result is not None
    assert result.closer is None
    assert result.points == (0, 0)
    assert ended.scores == (10, 20)
    assert ended.hand_number == 2


def test_s40_v_notopened_doubled_under_s40_v_double() -> None:
    # S40-V-NOTOPENED decision: with S40-V-DOUBLE the flat 100 is doubled too.
    rules = PRESETS["online"].replace(not_opened_penalty=100)
    state = make_position(
        hands=["JH QH KH AH", "AS KD 7D JK", "2C 3C"],
        discard="2D",
        opened=[False, True, False],
        turns_played=[1, 1, 1],
        stock_top="5C",
        rules=rules,
    )
    closed = state.apply("draw").apply("meld JH QH KH AH").apply("discard 5C")
    assert closed.last_hand is not None
    assert closed.last_hand.doubled is True
    assert closed.last_hand.points == (0, 106, 200)


def test_s40_v_loneace_an_ace_alone_costs_one() -> None:  # S40-V-LONEACE
    online = PRESETS["online"]
    closed = closing_position(["AH", "AH 2C"], rules=online).apply("discard 9H")
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 1, 13)
    official = closing_position(["AH", "AH 2C"]).apply("discard 9H")
    assert official.last_hand is not None
    assert official.last_hand.points == (0, 11, 13)


# -- common rules ---------------------------------------------------------------------------------


def test_c_rng_same_seed_and_moves_same_game() -> None:  # C-RNG
    first = new_game(players=3, seed=99)
    second = new_game(players=3, seed=99)
    assert first == second
    assert hash(first) == hash(second)
    assert new_game(players=3, seed=100) != first
    for _ in range(30):
        move = next(iter(first.legal_moves()))
        first, second = first.apply(move), second.apply(move)
        assert first == second
        assert hash(first) == hash(second)


def test_c_rng_apply_never_changes_the_original_state() -> None:  # C-RNG
    state = new_game(players=2, seed=8)
    snapshot = state.to_dict()
    state.apply("draw")
    state.apply("draw")
    assert state.to_dict() == snapshot
    assert state.apply("draw") == state.apply("draw")


def test_c_identity_copies_give_one_move() -> None:  # C-IDENTITY
    state = mid_turn(
        hands=["7S 7S 8S 9S JK JK KD", "AS KH 7D 4S"], discard="2C", table=["4H 5H 6H"]
    )
    moves = list(state.legal_moves())
    assert len(moves) == len(set(moves))
    texts = move_texts(state)
    assert texts.count("discard 7S") == 1
    assert texts.count("discard JK") == 1
    assert texts.count("meld 7S 8S 9S") == 1
    assert texts.count("layoff JK=7H #0 high") == 1
    assert state.is_legal(PutDown(cards("9S 8S 7S")))  # any order of the cards
    assert state.is_legal("meld 9s 8s 7s")
    # One value, listed once: ``in`` finds it however it is written (C-IDENTITY).
    assert "meld 7s 8s 9s" in state.legal_moves()
    assert "meld 9S 8S 7S" in state.legal_moves()
    assert PutDown(cards("9S 8S 7S")) in state.legal_moves()
    assert state.legal_moves().count("meld 8S 9S 7S") == 1
    assert Restock() not in state.legal_moves()


def test_s40_restock_explicit_chance_mode() -> None:  # S40-RESTOCK with auto_chance=False
    hands = ["2S 3H 9D", "4C 5C 6H 7H"]
    pile = rest_of_deck(None, *hands, "KC")
    state = GameState.from_position(
        hands=hands, discard=pile, stock="KC", turns_played=[3, 3], seed=11, auto_chance=False
    )
    waiting = state.apply("draw")
    assert waiting.phase is Phase.RESTOCK
    assert move_texts(waiting) == ["restock"]
    order = tuple(sorted(waiting.discard))
    restocked = waiting.apply(Restock(order))
    assert restocked.stock == order
    assert restocked.discard == ()
    assert restocked.phase is Phase.PLAY
    assert restocked.turn == 0
    assert_illegal(waiting, Restock(order[1:]), "S40-RESTOCK")
    assert_illegal(waiting, "discard 9D", "S40-TURN")


def test_illegal_move_messages_end_with_the_rule() -> None:  # S40-TURN
    state = new_game(players=2, seed=1)
    with pytest.raises(IllegalMoveError, match=r"\(S40-TURN\)$"):
        state.apply("discard 2S")

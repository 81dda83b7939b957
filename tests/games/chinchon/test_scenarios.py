"""Chinchón scenarios, one or more per rule (RULES Part 5 and the C-* rules it uses)."""

from __future__ import annotations

import pytest

from scala40.cards import JOKER, parse_card, spanish_card_name
from scala40.cli.text.chinchon import TEXT
from scala40.errors import IllegalMoveError, InvalidRulesetError, InvalidValueError
from scala40.games.chinchon import (
    GameState,
    HandEnd,
    Phase,
    Ruleset,
    new_game,
)
from scala40.melds import is_meld
from tests.games.knock.helpers import cards, legal
from tests.games.knock.helpers import position as make_position

RULES = Ruleset()


def position(*hands: str, **options: object) -> GameState:
    """A Chinchón position: ``hands`` by seat, seat 0 to move unless told otherwise."""
    state: GameState = make_position(GameState, hands, **options)
    return state


def close_position(closer: str, *others: str, **options: object) -> GameState:
    """Seat 0 has drawn (eight cards) and may close; the others hold seven."""
    return position(closer, *others, phase="play", **options)


# ---------------------------------------------------------------- players, pack, deal


def test_ch_players_two_to_four_with_one_pack_eight_with_two() -> None:
    # CH-PLAYERS.
    assert (RULES.min_players, RULES.max_players) == (2, 4)
    with pytest.raises(InvalidRulesetError, match="max_players must be an integer from 2 to 4"):
        Ruleset(max_players=5)
    rules = Ruleset(packs=2, max_players=8)
    assert new_game(rules, players=8, seed=1).player_count == 8
    with pytest.raises(InvalidValueError, match="players must be from 2 to 4"):
        new_game(players=5, seed=1)


def test_ch_players_two_packs_seat_five_to_eight_without_raising_max_players() -> None:
    # CH-PLAYERS: "up to 8 with two packs shuffled together"; max_players follows packs.
    two_packs = Ruleset(packs=2)
    assert (two_packs.min_players, two_packs.max_players) == (2, 8)
    for players in range(5, 9):
        assert new_game(two_packs, players=players, seed=players).player_count == players
    assert RULES.replace(packs=2).max_players == 8
    assert Ruleset(packs=2, max_players=6).max_players == 6
    assert Ruleset(max_players=3).replace(packs=2).max_players == 3
    with pytest.raises(InvalidValueError, match="players must be from 2 to 6"):
        new_game(Ruleset(packs=2, max_players=6), players=7, seed=1)
    loaded = Ruleset.from_dict({"format": Ruleset.FORMAT, "version": 1, "options": {"packs": 2}})
    assert loaded.max_players == 8
    with pytest.raises(InvalidRulesetError, match="max_players must be an integer from 2 to 8"):
        Ruleset(packs=2, max_players=9)


def test_ch_deck_forty_or_forty_eight_spanish_cards_and_the_wild_choices() -> None:
    assert RULES.deck.size == 40
    assert parse_card("8S") not in RULES.deck.cards
    assert Ruleset(deck_size=48).deck.size == 48
    assert Ruleset(packs=2, max_players=8).deck.size == 80
    assert Ruleset(wild="two_jokers").deck.cards.count(JOKER) == 2
    assert Ruleset(wild="two_jokers", packs=2).deck.cards.count(JOKER) == 4
    coins = Ruleset(wild="ace_of_coins")
    assert coins.meld_rules.is_wild(parse_card("AD"))
    assert coins.deck.size == 40
    # CH-DECK: in runs the jack follows the 7 (40 cards), the 9 (48 cards).
    assert is_meld("6C 7C JC", RULES.meld_rules)
    assert not is_meld("7C JC QC", Ruleset(deck_size=48).meld_rules)
    assert is_meld("9C JC QC", Ruleset(deck_size=48).meld_rules)


def test_c_deck_spanish_suits_and_figures_are_named_in_the_notation() -> None:
    # C-DECK amendment: oros ♦, copas ♥, espadas ♠, bastos ♣; sota J, caballo Q, rey K.
    assert spanish_card_name("JD") == "sota de oros"
    assert spanish_card_name("QH") == "caballo de copas"
    assert spanish_card_name("KS") == "rey de espadas"
    assert spanish_card_name("AC") == "as de bastos"
    state = new_game(players=2, seed=4)
    board = "\n".join(TEXT.board(state, 0, ["you", "bot"], unicode=False))
    assert "rey de bastos" in board


def test_ch_deal_the_mano_after_the_dealer_seven_cards_upcard_mano_advances() -> None:
    # CH-DEAL.
    state = new_game(players=3, seed=2, dealer=1)
    assert state.current_player == 2  # the mano: the seat after the dealer (C-SEAT)
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    assert len(state.discard) == 1
    assert len(state.stock) == 40 - 21 - 1
    # The next hand: the previous mano deals, the mano advances one seat.
    closed = close_position(
        "AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC", "KD QD JD 2S 3S 4S 2D", dealer=2
    ).apply("close KS : AC 2C 3C 4C / 5S 5H 5D")
    assert closed.hand_number == 2
    assert closed.dealer == 0
    assert closed.current_player == 1


def test_ch_melds_ace_low_wild_cards_never_outnumber_natural_ones() -> None:
    jokers = Ruleset(wild="two_jokers").meld_rules
    assert is_meld("AS 2S 3S", jokers)
    assert not is_meld("QS KS AS", jokers)  # CH-MELDS Decision: the ace is low only
    assert is_meld("5H 6H JK JK", jokers)
    assert not is_meld("5H JK JK", jokers)
    one = Ruleset(wild="two_jokers", max_wild_per_meld=1).meld_rules
    assert not is_meld("5H 6H JK JK", one)
    assert is_meld("5H 6H JK", one)
    # CH-MELDS Decision: two packs, a set may repeat a suit, four cards at most.
    double = Ruleset(packs=2, max_players=8).meld_rules
    assert is_meld("5H 5H 5C", double)
    assert not is_meld("5H 5H 5C 5C 5S", double)


# ---------------------------------------------------------------- a turn and the close


def test_ch_turn_draw_or_take_then_discard_or_close() -> None:
    state = position("AC 2C 5S 5H 6D KS QS", "6S 6H 6C 7C 7D 3H QC", discard="3C")
    assert legal(state) == ["draw", "take"]
    after = state.apply("take")
    moves = legal(after)
    assert "discard 3C" in moves  # CH-TURN Decision: the card just taken may go again
    assert "close KS : AC 2C 3C / 5S 5H 6D QS" not in moves  # 25 unmatched
    strict = position(
        "AC 2C 5S 5H 6D KS QS",
        "6S 6H 6C 7C 7D 3H QC",
        discard="3C",
        rules=Ruleset(discard_taken_card=False),
    ).apply("take")
    assert "discard 3C" not in legal(strict)
    with pytest.raises(IllegalMoveError, match="CH-TURN"):
        strict.apply("discard 3C")


def test_ch_close_names_the_discard_and_the_arrangement_within_five() -> None:
    state = close_position("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC")
    closes = [move for move in legal(state) if move.startswith("close")]
    # Discarding KS: every arrangement of the rest within 5 unmatched is a close.
    # Melds are listed in card order (spades, hearts, diamonds, clubs).
    assert "close KS : 5S 5H 5D / AC 2C 3C 4C" in closes
    assert "close KS : 5S 5H 5D / 2C 3C 4C" in closes  # AC unmatched: 1
    assert "close KS : 5S 5H 5D / AC 2C 3C" in closes  # 4C unmatched: 4
    assert "close KS : AC 2C 3C 4C" not in closes  # 5S 5H 5D unmatched: 15
    assert len(closes) == 3
    # Never obliged to close: the discards stay.
    assert "discard KS" in legal(state)
    after = state.apply("close KS : AC 2C 3C / 5S 5H 5D")
    result = after.last_hand
    assert result is not None
    assert result.end is HandEnd.CLOSE
    assert result.points[0] == 4
    assert result.discard == parse_card("KS")
    assert after.scores[0] == 4
    with pytest.raises(IllegalMoveError, match="worth 15, over 5"):
        state.apply("close KS : AC 2C 3C 4C")
    with pytest.raises(IllegalMoveError, match="not a meld"):
        state.apply("close KS : AC 2C 4C / 5S 5H 5D")


def test_ch_close_options_first_round_one_loose_card_two_wilds() -> None:
    first = close_position(
        "AC 2C 3C 4C 5S 5H 5D KS",
        "6S 6H 6D 7C 7D 3H QC",
        turns_played=[0, 0],
        rules=Ruleset(close_first_round=False),
    )
    assert not any(move.startswith("close") for move in legal(first))
    with pytest.raises(IllegalMoveError, match="first turn"):
        first.apply("close KS : AC 2C 3C 4C / 5S 5H 5D")
    assert any(
        move.startswith("close")
        for move in legal(close_position("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC"))
    )
    one = close_position(
        "AS AH 2C 3C 4C 5C 6C 7C", "6S 6H 6D 7S 7D 3H QC", rules=Ruleset(close_max_unmatched=1)
    )
    moves = legal(one)
    assert "close AS : 2C 3C 4C 5C 6C 7C" in moves
    assert "close 7C : 2C 3C 4C 5C 6C" not in moves  # AS and AH: two loose cards
    with pytest.raises(IllegalMoveError, match="2 cards are unmatched"):
        one.apply("close 7C : 2C 3C 4C 5C 6C")
    wild = Ruleset(wild="two_jokers", forbid_close_with_two_wilds=True)
    both = close_position("AC 2C JK 4C 5S 5H 5D JK", "6S 6H 6D 7C 7D 3H QC", rules=wild)
    assert not any(move.startswith("close 5D") for move in legal(both))
    assert any(move.startswith("close JK") for move in legal(both))
    with pytest.raises(IllegalMoveError, match="two wild cards"):
        both.apply("close 5D : AC 2C JK=3C 4C / 5S 5H JK=5D")
    allowed = close_position(
        "AC 2C JK 4C 5S 5H 5D JK", "6S 6H 6D 7C 7D 3H QC", rules=Ruleset(wild="two_jokers")
    )
    assert "close 5D : 5S 5H JK=5D / AC 2C JK=3C 4C" in legal(allowed)
    # C-WILD: in a set that may repeat suits, the joker may be said to be any 5: one
    # move, whichever 5 is written (a move has one value, CH-MELDS).
    assert allowed.is_legal("close 5D : 5S 5H JK=5C / AC 2C JK=3C 4C")
    assert "close 5D : 5S 5H JK=5C / AC 2C JK=3C 4C" in allowed.legal_moves()
    assert not allowed.is_legal("close 5D : 5S 5H JK=6C / AC 2C JK=3C 4C")


def test_ch_chinchon_seven_in_a_row_wins_the_game_at_once() -> None:
    # CH-CHINCHON.
    state = close_position("AC 2C 3C 4C 5C 6C 7C KS", "6S 6H 6D 7S 7D 3H QC", scores=[80, 10])
    after = state.apply("close KS : AC 2C 3C 4C 5C 6C 7C")
    assert after.is_over
    assert after.winners == (0,)
    assert after.last_hand is not None
    assert after.last_hand.end is HandEnd.CHINCHON
    # Whatever the arrangement shown: the seven cards make one run.
    other = state.apply("close KS : AC 2C 3C / 4C 5C 6C 7C")
    assert other.winners == (0,)


def test_ch_chinchon_with_a_wild_card_only_counts_as_all_matched() -> None:
    # CH-CHINCHON.
    rules = Ruleset(wild="two_jokers")
    state = close_position(
        "AC 2C JK 4C 5C 6C 7C KS", "6S 6H 6D 7S 7D 3H QC", scores=[50, 10], rules=rules
    )
    after = state.apply("close KS : AC 2C JK=3C 4C 5C 6C 7C")
    assert not after.is_over
    assert after.last_hand is not None
    assert after.last_hand.end is HandEnd.WILD_CHINCHON
    assert after.scores[0] == 40
    bigger = close_position(
        "AC 2C JK 4C 5C 6C 7C KS",
        "6S 6H 6D 7S 7D 3H QC",
        scores=[50, 10],
        rules=rules.replace(wild_chinchon_bonus=-25),
    ).apply("close KS : AC 2C JK=3C 4C 5C 6C 7C")
    assert bigger.scores[0] == 25


def test_ch_minus10_all_matched_and_no_layoffs() -> None:
    # CH-MINUS10.
    state = close_position("AC 2C 3C 4C 5S 5H 5D KS", "6C 7C JC 5C QS QH 3S", scores=[20, 20])
    after = state.apply("close KS : AC 2C 3C 4C / 5S 5H 5D")
    result = after.last_hand
    assert result is not None
    assert result.end is HandEnd.ALL_MATCHED
    assert result.points[0] == -10
    shown = result.shown[1]
    assert shown is not None
    assert shown.layoffs == ()  # 5C would fit AC-4C: not after an all-matched close
    assert [str(meld) for meld in shown.melds] == ["5C 6C 7C JC"]
    assert result.points[1] == 9 + 9 + 3


def test_ch_layoff_onto_the_closers_melds_in_play_order_ch_score() -> None:
    # P0 closes with AH unmatched; P1 lays off 5C, then P2 lays off 6C after it ("cards
    # added by earlier players"); nobody lays off on P1's melds.
    state = close_position(
        "2C 3C 4C 7S 7H 7D AH KS",
        "5C QS QH QD 3S 3H 2D",
        "6C KC KD KH JS JH 4S",
        discard="5H",
    )
    after = state.apply("close KS : 2C 3C 4C / 7S 7H 7D")
    result = after.last_hand
    assert result is not None
    assert result.points[0] == 1
    p1, p2 = result.shown[1], result.shown[2]
    assert p1 is not None
    assert p2 is not None
    # The closer's melds in card order: #0 the 7s, #1 the run of bastos.
    assert [str(layoff) for layoff in p1.layoffs] == ["5C on P0#1"]
    assert [str(layoff) for layoff in p2.layoffs] == ["6C on P0#1"]
    assert result.points[1] == 3 + 3 + 2  # CH-SCORE: QS QH QD melded, 5C laid off
    assert result.points[2] == 8 + 8 + 4
    # layoff_order="reverse": P2 first, who cannot lay off 6C before the 5C is there.
    reverse = close_position(
        "2C 3C 4C 7S 7H 7D AH KS",
        "5C QS QH QD 3S 3H 2D",
        "6C KC KD KH JS JH 4S",
        discard="5H",
        rules=Ruleset(layoff_order="reverse"),
    ).apply("close KS : 2C 3C 4C / 7S 7H 7D")
    assert reverse.last_hand is not None
    p2 = reverse.last_hand.shown[2]
    assert p2 is not None
    assert p2.layoffs == ()
    assert reverse.last_hand.points[2] == 6 + 8 + 8 + 4


def test_ch_layoff_targets_all_shown_melds_or_none() -> None:
    # "all": P2 lays off the QC on P1's shown set of caballos, and 7C on the closer's set.
    hands = ("2C 3C 4C 7S 7H 7D AH KS", "5S 6S 4D QS QH QD 3H", "7C QC KD KH JS JH 2D")
    everyone = close_position(*hands, discard="5H", rules=Ruleset(layoff_target="all"))
    after = everyone.apply("close KS : 2C 3C 4C / 7S 7H 7D")
    assert after.last_hand is not None
    p2 = after.last_hand.shown[2]
    assert p2 is not None
    assert sorted(str(layoff) for layoff in p2.layoffs) == ["7C on P0#0", "QC on P1#0"]
    closer_only = close_position(*hands, discard="5H")
    after = closer_only.apply("close KS : 2C 3C 4C / 7S 7H 7D")
    assert after.last_hand is not None
    p2 = after.last_hand.shown[2]
    assert p2 is not None
    assert [str(layoff) for layoff in p2.layoffs] == ["7C on P0#0"]
    nobody = close_position(*hands, discard="5H", rules=Ruleset(layoff_target="none"))
    after = nobody.apply("close KS : 2C 3C 4C / 7S 7H 7D")
    assert after.last_hand is not None
    assert all(shown is None or not shown.layoffs for shown in after.last_hand.shown)


def test_ch_values_by_pack_and_options() -> None:
    # CH-VALUES.
    values = RULES.profile.values
    assert [values[parse_card(text)] for text in ("AS", "7S", "JS", "QS", "KS")] == [
        1, 7, 8, 9, 10,
    ]  # fmt: skip
    values = Ruleset(deck_size=48).profile.values
    assert [values[parse_card(text)] for text in ("8S", "9S", "JS", "QS", "KS")] == [
        8, 9, 10, 11, 12,
    ]  # fmt: skip
    values = Ruleset(face_values="all10").profile.values
    assert [values[parse_card(text)] for text in ("JS", "QS", "KS")] == [10, 10, 10]
    values = Ruleset(face_values="index").profile.values
    assert [values[parse_card(text)] for text in ("JS", "QS", "KS")] == [10, 11, 12]
    assert Ruleset(wild="two_jokers").profile.values[JOKER] == 25
    assert Ruleset(wild="ace_of_coins", wild_penalty=50).profile.values[parse_card("AD")] == 50


def test_ch_restock_the_pile_but_its_top_card() -> None:
    # CH-RESTOCK.
    state = position(
        "AC 2C 5S 5H 6D KS QS", "6S 6H 6C 7C 7D 3H QC", discard="4C", top="7S", last=True
    )
    pile = state.discard
    after = state.apply("draw")
    assert sorted(after.stock) == sorted(pile[:-1])
    assert after.discard == cards("4C")


# ---------------------------------------------------------------- the end of the game


def test_ch_end_once_a_total_reaches_100_the_lowest_wins_c_winners() -> None:
    # CH-END.
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC")
    over = close_position(*hands, scores=[40, 85]).apply("close KS : 2C 3C 4C / 5S 5H 5D")
    assert over.scores == (41, 85 + 7 + 7 + 3 + 9)
    assert over.is_over
    assert over.winners == (0,)
    going = close_position(*hands, scores=[40, 70]).apply("close KS : 2C 3C 4C / 5S 5H 5D")
    assert not going.is_over  # 96: below 100
    # C-WINNERS: equal lowest totals share the win.
    shared = close_position(*hands, "KD QD JD 2S 3S 4S 2D", scores=[40, 95, 39]).apply(
        "close KS : 2C 3C 4C / 5S 5H 5D"
    )
    assert shared.scores == (41, 121, 41)
    assert shared.is_over
    assert shared.winners == (0, 2)
    assert shared.returns() == (0.5, 0.0, 0.5)


def test_ch_end_elimination_target_and_reentry() -> None:
    # CH-END.
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC", "KD QD JD 2S 3S 4S 2D")
    rules = Ruleset(end_mode="elimination", target=70, reentry=1)
    state = close_position(*hands, scores=[10, 50, 20], rules=rules)
    after = state.apply("close KS : 2C 3C 4C / 5S 5H 5D")  # P1: 50 + 26 = 76
    assert after.phase is Phase.REENTRY
    assert after.current_player == 1
    back = after.apply("reenter")
    assert back.scores[1] == 20 + 2  # P2's total: 20 + 2D
    retired = after.apply("retire")
    assert retired.active == (True, False, True)
    assert not retired.is_over
    with pytest.raises(InvalidRulesetError, match="needs end_mode 'elimination'"):
        Ruleset(reentry=1)


def test_presets_of_chinchon() -> None:
    club = Ruleset.preset("spain_club")
    assert club.wild.value == "ace_of_coins"
    assert club.profile.values[parse_card("KS")] == 12
    assert club.reentry is None
    argentina = Ruleset.preset("argentina_50")
    assert argentina.deck.size == 50
    assert argentina.profile.values[JOKER] == 50
    assert argentina.close_max_unmatched == 1
    for name in Ruleset.option_names():
        assert Ruleset.option_rule(name).startswith("CH-")

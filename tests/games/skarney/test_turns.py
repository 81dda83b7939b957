"""Skarney scenarios: a turn and its moves (SK-CONTRACT, SK-TURN, SK-EXCHANGE,
SK-EXTEND, SK-OFFER, SK-STOP, with C-SEAT and C-IDENTITY)."""

from __future__ import annotations

import pytest

from scala40.cards import JOKER, format_cards, parse_card
from scala40.errors import IllegalMoveError
from scala40.games.skarney import GameState, Phase, Ruleset
from scala40.games.skarney.moves import Accept, Decline, DrawStock, Offer, PutDown
from tests.games.skarney.helpers import assert_illegal, move_texts, position

CONTRACT_HAND = "5S 5H 5D 7C 7C 7D 9S 9H JK KS KD QH"
OTHERS = ["AS 3C", "AH 4D", "AD 6S"]

# ------------------------------------------------------------------ SK-CONTRACT


def test_the_contract_is_three_then_four_three_card_melds_sk_contract() -> None:
    rules = Ruleset()
    assert [rules.contract_size(hand) for hand in range(1, 8)] == [3, 3, 3, 4, 4, 4, 4]
    first = position([CONTRACT_HAND, *OTHERS], hand_number=1)
    assert any(text.startswith("meld") for text in move_texts(first))
    # The same 12 cards make no four 3-card melds of one kind: no contract in hand 4.
    fourth = position([CONTRACT_HAND, *OTHERS], hand_number=4)
    assert not any(text.startswith("meld") for text in move_texts(fourth))


def test_only_the_contract_before_it_is_made_sk_contract() -> None:
    state = position(["5S 5H 5D 5C 7C 7C 7D JK JK JK 9S 9H", *OTHERS], table=[("8H 8D 8C", 0)])
    moves = move_texts(state)
    assert moves, "the hand makes a contract"
    assert all(text.startswith(("meld", "offer")) for text in moves), (
        "no extension before the contract"
    )
    assert_illegal(state, "meld 5S 5H 5D 5C", "SK-CONTRACT")  # a 4-card meld
    assert_illegal(state, "meld JK JK JK", "SK-CONTRACT")  # a wild meld does not count
    assert_illegal(state, "extend 8S #0", "SK-CONTRACT")
    assert_illegal(state, "extend JK #0", "SK-CONTRACT")


def test_a_contract_is_all_sets_or_all_sequences_sk_contract() -> None:
    # Three sets (5s, Qs, KD KC JK) or three sequences (5S 6S 7S, 8H 9H 10H, QC KC JK).
    hand = "5S 5H 5D 6S 7S 8H 9H 10H QC QD QH JK KD KC"
    state = position([hand, *OTHERS])
    texts = move_texts(state)
    assert "meld 5S 5H 5D" in texts
    assert "meld 8H 9H 10H" in texts
    after = state.apply("meld 5S 5H 5D")
    assert after.progress == 1
    assert_illegal(after, "meld 8H 9H 10H", "SK-CONTRACT")  # a sequence after a set
    for text in move_texts(after):
        assert after.apply(text).table[-1].kind is after.table[0].kind
    # Decision: the sequences of a contract may be of different suits.
    sequences = state.apply_turn("meld 5S 6S 7S; meld 8H 9H 10H; meld QC KC JK")
    assert sequences.contracts == (True, False)


def test_a_contract_meld_must_leave_the_rest_of_the_contract_sk_contract() -> None:
    # Three sets only as 5S 5H 5D, 9S 9H 9D and 4C 4D JK: the joker is needed by the 4s.
    state = position(["5S 5H 5D 9S 9H 9D JK 4C 4D QS", *OTHERS])
    melds = [text for text in move_texts(state) if text.startswith("meld")]
    assert melds == ["meld JK=4S 4D 4C", "meld 5S 5H 5D", "meld 9S 9H 9D"]
    assert_illegal(state, "meld 5S 5H JK", "SK-CONTRACT")


def test_no_dead_end_in_a_half_made_contract_sk_contract() -> None:
    state = position(["5S 5H 5D 9S 9H 9D JK 4C 4D QS", *OTHERS])
    for text in move_texts(state):
        if text.startswith("meld"):
            after = state.apply(text)
            assert after.progress == 1
            assert move_texts(after), f"{text} leads to a dead end"
            assert not any(move.startswith(("offer", "end")) for move in move_texts(after))
    after = state.apply("meld 5S 5H 5D")
    assert_illegal(after, "offer QS", "SK-CONTRACT")
    assert_illegal(after, "meld 9S 9H JK", "SK-CONTRACT")  # leaves 9D 4C 4D QS: no set
    done = after.apply("meld 9S 9H 9D").apply("meld 4C 4D JK")
    assert done.contracts == (True, False)
    assert done.progress == 0
    assert done.contract_now


def test_the_contract_is_optional_sk_turn() -> None:
    # Decision: a player able to make the contract may offer instead.
    state = position([CONTRACT_HAND, *OTHERS])
    assert "offer QH" in move_texts(state)
    after = state.apply("offer QH")
    assert after.phase is Phase.OFFER
    assert after.contracts == (False, False)


def test_either_partners_contract_serves_the_side_sk_contract() -> None:
    state = position(
        ["8S 8H 8D 5C", "AS 3C", "JS QS KS 9H", "AD 6S"],
        table=[("5S 5H 5D", 2), ("7C 7C 7D", 2), ("9S JK 9D", 2)],
        contracts=[True, False],
    )
    texts = move_texts(state)
    assert "meld 8S 8H 8D" in texts  # any meld: the partner made the contract
    assert "extend 5C #0 set" in texts  # and the partner's melds take the side's cards


def test_free_meld_has_no_contract_sk_contract() -> None:
    state = position(["JK JK JK 5S 6S 7S 8S QD", *OTHERS], rules="free_meld")
    moves = move_texts(state)
    assert "meld JK JK JK" in moves
    assert "meld 5S 6S 7S 8S" in moves


def test_the_contract_can_be_made_and_the_hand_emptied_in_one_turn_sk_turn() -> None:
    # Decision: melds and extensions are allowed in the contract's turn, so a player may
    # go out on his contract turn.
    state = position(["5S 5H 5D 7C 7C 7D KS KD JK 5C", "AS 3C", "AH 4D", "AD 6S"], hand_number=1)
    after = state.apply_turn("meld 5S 5H 5D; meld 7C 7C 7D; meld KS KD JK")
    assert after.contracts == (True, False)
    assert move_texts(after)[:1] == ["extend 5C #0 set"]
    out = after.apply("extend 5C #0 set")
    assert out.hand_number == 2
    assert out.last_hand is not None
    assert out.last_hand.went_out == 0


def test_no_other_meld_in_the_contract_turn_when_the_option_says_so_sk_turn() -> None:
    rules = Ruleset(melds_with_contract=False)
    state = position(
        ["5S 5H 5D 7C 7C 7D KS KD JK 5C 9H 9D 9C", *OTHERS], rules=rules, hand_number=1
    )
    after = state.apply_turn("meld 5S 5H 5D; meld 7C 7C 7D; meld KS KD JK")
    assert_illegal(after, "extend 5C #0", "SK-TURN")
    assert_illegal(after, "meld 9H 9D 9C", "SK-TURN")
    assert all(text.startswith("offer") for text in move_texts(after))


def test_a_contract_in_one_line_is_checked_as_a_whole_sk_contract() -> None:
    state = position([CONTRACT_HAND, *OTHERS])
    with pytest.raises(IllegalMoveError, match="SK-CONTRACT"):
        state.apply_turn("meld 5S 5H 5D; meld 7C 7C 7D")


# ------------------------------------------------------------------ SK-TURN


def test_a_turn_draws_then_plays_then_offers_sk_turn() -> None:
    state = GameState.from_position(hands=[CONTRACT_HAND, *OTHERS], phase="draw")
    assert move_texts(state) == ["draw"]
    assert_illegal(state, "offer QH", "SK-TURN")
    after = state.apply(DrawStock())
    assert after.phase is Phase.PLAY
    assert len(after.hands[0]) == 13
    assert_illegal(after, "draw", "SK-TURN")


def test_exchanges_come_before_any_meld_of_the_turn_sk_turn() -> None:
    state = position(
        ["4C 8S 8H 8D QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("4S 4H JK", 1)],
        contracts=[True, True],
    )
    assert "exchange 4C #0" in move_texts(state)
    after = state.apply("meld 8S 8H 8D")
    assert_illegal(after, "exchange 4C #0", "SK-TURN")


# ------------------------------------------------------------------ SK-EXCHANGE


def test_a_natural_card_frees_an_opponents_wild_card_sk_exchange() -> None:
    state = position(
        ["4C 8S 8H QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("4S 4H JK", 1), ("7S JK 9S", 3)],
        contracts=[False, True],
    )
    assert [t for t in move_texts(state) if t.startswith("exchange")] == ["exchange 4C #0",
                                                                         "exchange 8S #1"]  # fmt: skip
    after = state.apply("exchange 4C #0")
    assert str(after.table[0]) == "4S 4H 4C"  # the natural card stays in the meld
    assert format_cards(after.hands[0]) == "8S 8H QH JK"  # the joker to the hand
    after = after.apply("exchange 8S #1")
    assert str(after.table[1]) == "7S 8S 9S"
    assert after.hands[0].count(JOKER) == 2
    assert_illegal(state, "exchange 8H #1", "SK-EXCHANGE")  # a sequence wants the ♠8


def test_in_a_set_any_card_of_the_rank_frees_the_wild_card_sk_exchange() -> None:
    state = position(
        ["4S 4D QH", "AS 3C", "AH 4C", "AD 6S"], table=[("4S 4H 2C", 1)], contracts=[True, True]
    )
    texts = move_texts(state)
    assert "exchange 4S #0" in texts
    assert "exchange 4D #0" in texts
    assert str(state.apply("exchange 4S #0").table[0]) == "4S 4S 4H"


def test_never_from_ones_own_or_a_partners_meld_sk_exchange() -> None:
    state = position(
        ["4C 8S QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("4S 4H JK", 0), ("7S JK 9S", 2)],
        contracts=[True, False],
    )
    assert not any(t.startswith("exchange") for t in move_texts(state))
    assert_illegal(state, "exchange 4C #0", "SK-EXCHANGE")
    assert_illegal(state, "exchange 8S #1", "SK-EXCHANGE")


def test_singles_exchange_from_any_opponent_sk_exchange() -> None:
    state = position(
        ["4C 8S QH", "AS 3C", "AH 4D"],
        table=[("4S 4H JK", 1), ("7S JK 9S", 2)],
        rules="singles",
        contracts=[True, True, True],
    )
    assert [t for t in move_texts(state) if t.startswith("exchange")] == [
        "exchange 4C #0",
        "exchange 8S #1",
    ]


def test_a_wild_card_standing_for_a_two_cannot_be_freed_sk_exchange() -> None:
    state = position(
        ["2S 4C QH", "AS 3C", "AH 4D", "AD 6S"], table=[("AS JK 3S", 1)], contracts=[True, True]
    )
    assert not any(t.startswith("exchange") for t in move_texts(state))
    assert_illegal(state, "exchange 2S #0", "SK-EXCHANGE")


def test_exchange_before_the_contract_depends_on_the_option_sk_exchange() -> None:
    table = [("4S 4H JK", 1)]
    hands = ["4C 8S QH", "AS 3C", "AH 4D", "AD 6S"]
    allowed = position(hands, table=table, contracts=[False, True])
    assert "exchange 4C #0" in move_texts(allowed)
    rules = Ruleset(exchange_before_contract=False)
    refused = position(hands, table=table, contracts=[False, True], rules=rules)
    assert_illegal(refused, "exchange 4C #0", "SK-EXCHANGE")


def test_any_number_of_exchanges_in_a_turn_sk_exchange() -> None:
    state = position(
        ["4C 4D QH", "AS 3C", "AH 5D", "AD 6S"],
        table=[("4S 4H JK", 1), ("4S 4H 2C", 3)],
        contracts=[False, True],
    )
    after = state.apply("exchange 4C #0").apply("exchange 4D #1")
    assert format_cards(after.hands[0]) == "QH 2C JK"


# ------------------------------------------------------------------ SK-EXTEND


def test_a_side_extends_its_own_and_partners_melds_only_sk_extend() -> None:
    state = position(
        ["5C 9C 10H QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("5S 5H 5D", 0), ("6C 7C 8C", 2), ("JH QH KH", 1)],
        contracts=[True, True],
    )
    texts = move_texts(state)
    assert "extend 5C #0 set" in texts
    assert "extend 9C #1 high" in texts
    assert not any("#2" in text for text in texts)
    assert_illegal(state, "extend 10H #2", "SK-EXTEND")


def test_one_or_two_cards_per_meld_per_turn_sk_extend() -> None:
    state = position(
        ["9C 10C JC 5C QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("6C 7C 8C", 0)],
        contracts=[True, False],
    )
    after = state.apply("extend 9C #0").apply("extend 10C #0")
    assert after.extended == (2,)
    assert_illegal(after, "extend JC #0", "SK-EXTEND")
    unlimited = position(
        ["9C 10C JC 5C QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("6C 7C 8C", 0)],
        contracts=[True, False],
        rules=Ruleset(extend_limit_per_meld=None),
    )
    assert "extend JC #0 high" in move_texts(
        unlimited.apply("extend 9C #0").apply("extend 10C #0")
    )


def test_a_meld_put_down_this_turn_has_no_limit_sk_extend() -> None:
    # Decision: the limit counts melds on the table when the turn began.
    state = position(["6C 7C 8C 9C 10C JC QH", "AS 3C", "AH 4D", "AD 6S"], contracts=[True, False])
    after = state.apply("meld 6C 7C 8C").apply("extend 9C #0").apply("extend 10C #0")
    assert "extend JC #0 high" in move_texts(after)


def test_a_wild_card_goes_only_into_a_meld_without_one_sk_extend() -> None:
    state = position(
        ["JK 2D QH", "AS 3C", "AH 4D", "AD 6S"],
        table=[("6C JK 8C", 0), ("9H 9D 9S", 0)],
        contracts=[True, False],
    )
    texts = move_texts(state)
    assert not any("#0" in text for text in texts)
    # A set is "cards of that rank": the joker is written as the rank's ♠ (SK-MELDS).
    assert "extend JK=9S #1 set" in texts
    assert state.legal_moves().index("extend JK=9C #1 set") == texts.index("extend JK=9S #1 set")
    assert_illegal(state, "extend 2D #0 low", "SK-EXTEND")


# ------------------------------------------------------------------ SK-OFFER, C-SEAT


def _offer_position(hand: str = "5S 9H", **options: object) -> GameState:
    return position([hand, "AS 3C", "AH 4D", "AD 6S"], **options)  # type: ignore[arg-type]


def test_the_offer_goes_round_the_table_sk_offer() -> None:
    state = _offer_position().apply("offer 9H")
    assert state.phase is Phase.OFFER
    seen = []
    while state.phase is Phase.OFFER:
        seen.append(state.current_player)
        assert [str(m) for m in state.legal_moves()] == ["accept", "decline"]
        state = state.apply(Decline())
    # The left-hand opponent, then the partner, then the other opponent (C-SEAT).
    assert seen == [1, 2, 3]
    assert "9H" in format_cards(state.hands[0])  # nobody took it: the offerer keeps it
    assert state.turn == 1
    assert state.phase is Phase.DRAW


def test_the_card_goes_to_the_first_seat_that_accepts_sk_offer() -> None:
    state = _offer_position().apply("offer 9H").apply(Decline()).apply(Accept())
    assert format_cards(state.hands[2]) == "AH 9H 4D"
    assert format_cards(state.hands[0]) == "5S"
    assert state.turn == 1  # the turn passes to the offerer's next seat all the same
    assert state.known[2] == (parse_card("9H"),)


def test_aces_twos_and_jokers_go_to_the_next_seat_only_sk_offer() -> None:
    for card in ("AC", "2C", "JK"):
        state = _offer_position(f"5S {card}").apply(f"offer {card}")
        assert state.current_player == 1
        after = state.apply(Decline())
        assert after.phase is Phase.DRAW
        assert after.turn == 1
        assert parse_card(card) in after.hands[0]


def test_one_card_left_offers_nothing_sk_offer() -> None:
    state = _offer_position("9H")
    assert move_texts(state) == ["end"]
    assert_illegal(state, "offer 9H", "SK-OFFER")
    after = state.apply("end")
    assert after.turn == 1
    assert after.phase is Phase.DRAW


def test_two_cards_or_more_must_be_offered_sk_offer() -> None:
    state = _offer_position()
    assert_illegal(state, "end", "SK-OFFER")
    assert move_texts(state) == ["offer 5S", "offer 9H"]


def test_the_offered_seat_decides_out_of_turn_sk_offer() -> None:
    state = _offer_position().apply("offer 9H")
    assert state.turn == 0
    assert state.current_player == 1
    view = state.view(1)
    assert view.current_player == 1
    assert view.offer_card == parse_card("9H")
    assert [str(move) for move in view.legal_moves()] == ["accept", "decline"]


def test_a_card_accepted_earlier_may_be_offered_sk_offer() -> None:
    # Decision: any card may be offered; no_offer_back forbids the cards just accepted.
    state = _offer_position("5S 9H QC", accepted=["9H", "", "", ""])
    assert "offer 9H" in move_texts(state)
    rules = Ruleset(no_offer_back=True)
    banned = _offer_position("5S 9H QC", accepted=["9H", "", "", ""], rules=rules)
    assert "offer 9H" not in move_texts(banned)
    assert_illegal(banned, Offer(parse_card("9H")), "SK-OFFER")
    # When every card was just accepted, any may be offered (no dead end).
    only = _offer_position("9H 9H", accepted=["9H", "", "", ""], rules=rules)
    assert move_texts(only) == ["offer 9H"]


def test_no_offer_back_bars_every_card_accepted_since_the_last_turn_whoever_gave_it_sk_offer() -> (
    None
):
    # Decision (SK-OFFER, no_offer_back): Skarney Gin's rule is written for two players
    # ("not the card just accepted from that player"); with three or four the library
    # bars every card accepted since the player's last turn, whoever offered it, since
    # an offer goes round the table and cannot be kept from one player alone.
    rules = Ruleset.preset("singles").replace(no_offer_back=True)
    hands = ["5S 9H KD 7C 4D", "6S 10H QC 8D 3C", "7S JH 9C 5D 4H"]
    state = GameState.from_position(hands=hands, rules=rules, turn=0)
    for move in ("offer 9H", "decline", "accept", "draw", "offer 10H", "accept", "draw"):
        state = state.apply(move)  # seat 2 takes 9H from seat 0, then 10H from seat 1
    assert state.turn == 2
    assert state.accepted[2] == (parse_card("9H"), parse_card("10H"))
    offers = move_texts(state)
    assert "offer 9H" not in offers  # accepted from seat 0, who is not the last giver
    assert "offer 10H" not in offers  # just accepted from seat 1
    assert_illegal(state, "offer 9H", "SK-OFFER")
    kept = [card for card in state.hands[2] if card not in state.accepted[2]]
    assert sorted(offers) == sorted(f"offer {format_cards([card])}" for card in kept)


def test_offers_list_each_card_once_c_identity() -> None:
    state = _offer_position("9H 9H 5S")
    assert move_texts(state) == ["offer 5S", "offer 9H"]


# ------------------------------------------------------------------ SK-STOP


def test_accepting_a_stop_card_skips_the_next_draw_sk_stop() -> None:
    for card in ("AC", "2C", "JK"):
        state = _offer_position(f"5S {card}").apply(f"offer {card}").apply(Accept())
        assert state.turn == 1
        assert state.phase is Phase.PLAY
        assert len(state.hands[1]) == 3
        assert len(state.stock) == 100
        assert not state.stopped[1]
        assert "draw" not in move_texts(state)


def test_other_accepted_cards_leave_the_draw_sk_stop() -> None:
    state = _offer_position().apply("offer 9H").apply(Accept())
    assert state.turn == 1
    assert state.phase is Phase.DRAW
    assert move_texts(state) == ["draw"]


def test_a_stop_card_declined_changes_nothing_sk_stop() -> None:
    state = _offer_position("5S AC").apply("offer AC").apply(Decline())
    assert state.phase is Phase.DRAW


def test_put_down_moves_are_legal_in_any_order_and_listed_in_one() -> None:
    state = position([CONTRACT_HAND, *OTHERS])
    assert state.is_legal(PutDown(parse_card_tuple("5D 5H 5S")))
    # Each move has one value, however its cards come (C-IDENTITY).
    assert PutDown(parse_card_tuple("5D 5H 5S")) == PutDown(parse_card_tuple("5S 5H 5D"))
    assert PutDown(parse_card_tuple("5D 5H 5S")) in state.legal_moves()
    assert state.legal_moves().count("meld 5H, 5D, 5S") == 1


def parse_card_tuple(text: str) -> tuple[int, ...]:
    return tuple(parse_card(token) for token in text.split())

"""La Conga scenarios, one or more per rule (RULES Part 6)."""

from __future__ import annotations

import attrs
import pytest

from scala40.cards import parse_card
from scala40.errors import IllegalMoveError, SerializationError
from scala40.games import chinchon
from scala40.games.laconga import GameState, HandEnd, Phase, Ruleset, new_game
from tests.games.knock.helpers import deal_order, legal
from tests.games.knock.helpers import position as make_position

RULES = Ruleset()


def position(*hands: str, **options: object) -> GameState:
    """A La Conga position: ``hands`` by seat, seat 0 to move unless told otherwise."""
    state: GameState = make_position(GameState, hands, **options)
    return state


def close_position(closer: str, *others: str, **options: object) -> GameState:
    """Seat 0 has drawn (eight cards) and may close; the others hold seven."""
    return position(closer, *others, phase="play", **options)


def test_lc_base_every_chinchon_option_and_the_conga_wins() -> None:
    chinchon_options = set(chinchon.Ruleset.option_names())
    conga_options = set(Ruleset.option_names())
    assert chinchon_options <= conga_options
    assert conga_options - chinchon_options == {"mano_extra_card", "close_cap", "eliminate_at"}
    for name in chinchon_options - {"end_mode", "reentry"}:
        assert Ruleset.option_rule(name) == chinchon.Ruleset.option_rule(name)
    conga = close_position(
        "AC 2C 3C 4C 5C 6C 7C KS", "6S 6H 6D 7S 7D 3H QC", scores=[90, 10]
    ).apply("close KS : AC 2C 3C 4C 5C 6C 7C")
    assert conga.winners == (0,)
    assert conga.last_hand is not None
    assert conga.last_hand.end is HandEnd.CHINCHON


def test_lc_deal_the_mano_gets_eight_cards_and_no_card_is_turned_up() -> None:
    state = new_game(players=3, seed=3, dealer=2)
    assert state.current_player == 0
    assert [len(hand) for hand in state.hands] == [8, 7, 7]
    assert state.discard == ()
    assert len(state.stock) == 40 - 22
    assert state.phase is Phase.PLAY
    moves = legal(state)
    assert "draw" not in moves
    assert "take" not in moves
    after = state.apply(moves[0])
    assert len(after.discard) == 1
    assert after.current_player == 1
    assert legal(after) == ["draw", "take"]
    plain = new_game(Ruleset(mano_extra_card=False), players=3, seed=3, dealer=2)
    assert [len(hand) for hand in plain.hands] == [7, 7, 7]
    assert len(plain.discard) == 1


def test_lc_deal_the_mano_may_close_with_his_eight_cards() -> None:
    # LC-DEAL Decision: a close is a face-down discard; not under close_first_round=False.
    deck = RULES.deck.cards
    order = deal_order(
        deck,
        ["AC 2C 3C 4C 5S 5H 5D", "6S 6H 6D 7S 7D 3H QC"],
        upcard=None,
        extra="KS",
    )
    start = new_game(players=2, seed=1, dealer=1, auto_chance=False)
    state = start.apply(start.chance_move(order))
    assert state.current_player == 0
    assert "close KS : 5S 5H 5D / AC 2C 3C 4C" in legal(state)
    strict = new_game(
        Ruleset(close_first_round=False), players=2, seed=1, dealer=1, auto_chance=False
    )
    state = strict.apply(strict.chance_move(order))
    assert not any(move.startswith("close") for move in legal(state))


def test_lc_closecap_no_close_reaching_100_unless_all_matched() -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC")
    capped = close_position(*hands, scores=[96, 10])
    moves = legal(capped)
    assert "close KS : 5S 5H 5D / AC 2C 3C" not in moves  # 96 + 4 = 100
    assert "close KS : 5S 5H 5D / 2C 3C 4C" in moves  # 96 + 1 = 97
    with pytest.raises(IllegalMoveError, match="LC-CLOSECAP"):
        capped.apply("close KS : 5S 5H 5D / AC 2C 3C")
    assert "close KS : 5S 5H 5D / AC 2C 3C 4C" in moves  # all matched: never barred
    free = close_position(*hands, scores=[96, 10], rules=Ruleset(close_cap=False))
    assert "close KS : 5S 5H 5D / AC 2C 3C" in legal(free)


def test_lc_elim_out_at_100_the_last_one_left_wins_c_winners() -> None:
    # LC-ELIM.
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D")
    after = close_position(*hands, scores=[10, 74, 30]).apply(
        "close KS : 5S 5H 5D / AC 2C 3C 4C"
    )  # P1: 74 + 26 = 100
    assert after.active == (True, False, True)
    assert not after.is_over
    assert after.last_hand is not None
    assert after.last_hand.eliminated == (1,)
    stays = close_position(*hands, scores=[10, 74, 30], rules=Ruleset(eliminate_at=101)).apply(
        "close KS : 5S 5H 5D / AC 2C 3C 4C"
    )
    assert stays.active == (True, True, True)  # x:tplmp: out at 101
    last = close_position(*hands[:2], scores=[10, 74]).apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert last.is_over
    assert last.winners == (0,)


def test_lc_reenganche_the_players_own_decision_in_order_once() -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D")
    rules = Ruleset(reentry=1)
    # P1 and P2 both reach 100; P0 stays at 30 (all matched: 40 - 10).
    state = close_position(
        "AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D",
        scores=[40, 80, 98], rules=rules,
    )  # fmt: skip
    after = state.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert after.scores == (30, 106, 100)
    assert after.phase is Phase.REENTRY
    assert after.pending == (1, 2)  # in play order from the closer's next seat
    assert after.current_player == 1
    assert after.reentry_total == 30  # the highest total below 100, before anyone re-enters
    view = after.view(1)
    assert view.current_player == 1
    assert [str(move) for move in view.legal_moves()] == ["reenter", "retire"]
    second = after.apply("reenter")
    assert second.current_player == 2
    assert second.reentry_total == 30  # the same total for both
    done = second.apply("reenter")
    assert done.scores[:3] == (30, 30, 30)
    assert done.active == (True, True, True)
    assert done.reentries == (0, 1, 1)
    assert done.last_hand is not None
    assert done.last_hand.reentered == (1, 2)
    # Once per player: the next time P1 reaches 100 he drops out.
    again = attrs.evolve(
        close_position(*hands, scores=[40, 80, 20], rules=rules), reentries=(0, 1, 0)
    ).apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert again.phase is not Phase.REENTRY
    assert again.active == (True, False, True)
    # Unlimited re-entries (x:cccj).
    unlimited = attrs.evolve(
        close_position(*hands, scores=[40, 80, 20], rules=Ruleset(reentry=None)),
        reentries=(0, 5, 0),
    ).apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert unlimited.phase is Phase.REENTRY


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        # Found by the mutated-state soak: a state that went on to write a hand result
        # whose player both dropped out and re-entered.
        ({"scores": [30, 59, 100]}, "player 1 re-entered, so his total is the re-entry total 30"),
        ({"pending": [1, 2]}, "player 1 re-entered, so his total is the re-entry total 30"),
        ({"reentries": [0, 0, 0]}, "a player re-entered, but his re-entries count none"),
    ],
)
def test_lc_reenganche_a_state_where_a_player_re_entered_at_another_total_is_refused(
    changes: dict[str, object], problem: str
) -> None:
    # LC-REENGANCHE: those who re-enter take the one total computed before anyone did.
    state = close_position(
        "AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D",
        scores=[40, 80, 98], rules=Ruleset(reentry=1),
    ).apply("close KS : 5S 5H 5D / AC 2C 3C 4C").apply("reenter")  # fmt: skip
    assert state.pending == (2,)
    assert GameState.from_dict(state.to_dict()) == state
    with pytest.raises(SerializationError, match=problem):
        GameState.from_dict({**state.to_dict(), **changes})


def test_lc_reenganche_needs_a_player_still_below_the_limit() -> None:
    state = close_position(
        "AC 2C 3C 4C 5S 5H 5D 6S", "6H 6D 6C 7S 7D 3H QC", scores=[99, 80],
        rules=Ruleset(reentry=1, close_cap=False),
    )  # fmt: skip
    after = state.apply("close 6S : 5S 5H 5D / 2C 3C 4C")  # P0: 100, P1: 80 + 26
    assert after.is_over
    assert after.phase is Phase.OVER
    assert after.winners == (0,)  # C-WINNERS: everyone out, the lowest total wins
    assert parse_card("6S") in after.discard


def test_lc_base_ch_players_two_packs_seat_up_to_eight() -> None:
    # LC-BASE, CH-PLAYERS: La Conga with two packs seats 5 to 8 players as Chinchón does.
    rules = Ruleset(packs=2)
    assert rules.max_players == 8
    state = new_game(rules, players=8, seed=8)
    assert state.player_count == 8
    assert len(state.hands[state.turn]) == 8  # LC-DEAL: the first player's extra card

"""Each game page's two-minute summary ("How to play in two minutes") held to the rules:
most players read only it. Every sentence names in brackets the rules that say it in
full (IDs anchored on a game's page, or the common ``C-`` rules), and every claim a
sentence makes is played or checked here against the engine: each sentence holds the
words of at least one claim below, each claim's words are in one sentence, and that
sentence cites the rules the claim checks.

A claim is a fragment of a sentence (its words as the page writes them, lines joined)
and a check that plays or reads the engine. Rewording a sentence fails here until its
claims are brought along, and checked again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

from scala40 import check_meld, hand_value, is_meld, meld_interpretations
from scala40.cards import JOKER, parse_card, spanish_card_name
from scala40.errors import IllegalMoveError
from scala40.game import BUILTIN_GAMES, load_game
from scala40.games import chinchon, laconga, rumino, scala40, skarney
from scala40.games.skarney.rules import MELD_RULES as SKARNEY_MELDS
from scala40.games.skarney.rules import meld_points as skarney_meld_points
from scala40.match import ScoreOrder
from tests.games.knock.helpers import legal
from tests.games.knock.helpers import position as knock_position
from tests.games.skarney.helpers import playout
from tests.test_docs_sources import DOCS, section_text

SUMMARY = "How to play in two minutes"
CITATION = re.compile(r"\(((?:S40|SK|RU|CH|LC|C)(?:-[A-Z0-9]+)+(?:, (?:[A-Z0-9]+-)+[A-Z0-9]+)*)\)")
"""The brackets a sentence names its rules in: ``(S40-SET, S40-SEQ)``."""


def sentences(game: str) -> list[str]:
    """The summary's sentences, each paragraph's bold label (``**The deal.**``) aside."""
    text = section_text(DOCS / "games" / f"{game}.rst", SUMMARY)
    text = text.split("Here is one hand, played by the library itself:")[0]
    found = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        words = re.sub(r"^\*\*[^*]+\*\*\s*", "", " ".join(paragraph.split()))
        found += re.split(r"(?<=\.)\s+(?=[A-Z*])", words)
    return found


def _anchored() -> set[str]:
    """Every rule ID a game page anchors, and the common rules the docs name."""
    ids = set()
    for path in (DOCS / "games").glob("*.rst"):
        ids.update(re.findall(r"^\.\. _([A-Z0-9-]+):$", path.read_text(encoding="utf-8"), re.M))
    common = " ".join(path.read_text(encoding="utf-8") for path in DOCS.glob("*.rst"))
    ids.update(re.findall(r"\bC-[A-Z]+\b", common))
    return ids


# ------------------------------------------------------------------ the checks


def _raises(state: Any, move: str, rule: str) -> None:
    """``move`` is no legal move of ``state`` and is refused, naming ``rule``."""
    assert move not in [str(item) for item in state.legal_moves()]
    with pytest.raises(IllegalMoveError, match=rule):
        state.apply(move)


def s40(hand: str, others: str = "AH 3C 4C", **fields: Any) -> Any:
    """A Scala 40 position of seat 0 (two seats), past the first round."""
    values: dict[str, Any] = {"discard": "KD", "turns_played": [1, 1]}
    values.update(fields)
    return scala40.GameState.from_position(hands=[hand, others], **values)


def s40_deal() -> None:
    state = scala40.new_game(players=3, seed=1)
    assert [len(hand) for hand in state.hands] == [13, 13, 13]
    assert len(state.discard) == 1
    assert len(state.stock) == 108 - 3 * 13 - 1
    assert state.current_player == (state.dealer + 1) % 3


def s40_draw() -> None:
    unopened = s40("7H 8H 2S 4S 6C QS KH 3C 5D 7S JH AC 9D", discard="9H")
    assert legal(unopened) == ["draw"]
    _raises(unopened, "take", "S40-DRAW-STOCK")
    opened = s40(
        "7H 8H 2S 4S 6C QS KH 3C 5D 7S JH AC 9D",
        discard="9H",
        opened=[True, False],
        table=["KS KD KC"],
    )
    assert legal(opened) == ["draw", "take"]  # 7H 8H 9H
    assert legal(s40("2S 4S 6C", discard="9H", opened=[True, False])) == ["draw"]


def s40_melds() -> None:
    assert is_meld("7S 7H 7C")
    assert is_meld("7S 7H 7D 7C")
    assert not is_meld("9H 9C 9C")  # two suits alike
    assert not is_meld("7S 7H 7D 7C 7S")
    assert is_meld("5D 6D 7D")
    assert is_meld("AS 2S 3S")
    assert is_meld("QS KS AS")
    assert not is_meld("KS AS 2S")  # round the corner


def s40_joker() -> None:
    assert is_meld("7S JK 9S")
    assert is_meld("7S 7H JK")
    readings = {str(meld) for meld in meld_interpretations("JK 8C 9C")}
    assert readings == {"JK=7C 8C 9C", "8C 9C JK=10C"}
    assert not is_meld("JK 7S JK")
    assert not is_meld("5S JK JK 8S 9S 10S")


def s40_opening() -> None:
    # In a meld: a low ace 1 (A-2-3 is 6), an ace 11 high or in a set, a picture card 10,
    # a joker the card it stands for.
    values = {text: meld_interpretations(text)[0].value for text in ("AS 2S 3S", "QS KS AS")}
    assert values == {"AS 2S 3S": 6, "QS KS AS": 31}
    assert meld_interpretations("AS AH AD")[0].value == 33
    assert meld_interpretations("5H 6H 7H")[0].value == 18
    assert max(meld.value for meld in meld_interpretations("JK 8C 9C")) == 27
    # J-Q-K and A-2-3, 36 points: no meld may be put down; A-2-3-4 makes 40, which opens.
    short = s40("JH QH KH AD 2D 3D 5S 7C 9S 6H 4C 10S 8C 2S", phase="play")
    assert not [move for move in legal(short) if move.startswith("meld")]
    assert short.view(0).best_opening_melds() is not None
    assert short.view(0).to_dict()["own"]["opening"]["missing"] == 4
    enough = s40("JH QH KH AD 2D 3D 5S 7C 9S 6H 4C 10S 8C 4D", phase="play")
    opened = enough.apply("meld AD 2D 3D 4D").apply("meld JH QH KH")
    assert opened.opened[0]
    assert not enough.apply("meld AD 2D 3D 4D").opened[0]  # 10 alone


def s40_after_opening() -> None:
    table: dict[str, Any] = {"table": ["5S JK=6S 7S"], "phase": "play"}
    opened = s40("4S 9D 6S", opened=[True, True], **table)
    assert {"layoff 4S #0 low", "swap 6S #0"} <= set(legal(opened))
    assert sorted(opened.apply("swap 6S #0").hands[0])[-1] == JOKER  # to the hand
    unopened = s40("4S 9D 6S", opened=[False, True], **table)
    _raises(unopened, "layoff 4S #0 low", "S40-OPEN")
    _raises(unopened, "swap 6S #0", "S40-OPEN")


def s40_discard() -> None:
    opened = s40("4S 9D 2C", table=["5S 6S 7S"], phase="play", opened=[True, True])
    assert set(legal(opened)) >= {"discard 4S", "discard 9D"}
    assert opened.apply("discard 9D").current_player == 1  # the turn ends
    unopened = s40("4S 9D 2C", table=["5S 6S 7S"], phase="play", opened=[False, True])
    _raises(unopened, "discard 4S", "S40-DISCARD")  # it extends 5S 6S 7S
    joker = s40("4S 9D JK", table=["5S 6S 7S"], phase="play", opened=[False, True])
    _raises(joker, "discard JK", "S40-DISCARD")


def s40_close() -> None:
    last = s40("9D", "AH 3C 4C KS", table=["5S 6S 7S"], phase="play", opened=[True, True])
    closed = last.apply("discard 9D")
    assert closed.last_hand is not None
    assert closed.last_hand.closer == 0
    first = s40(
        "4S 9D", "AH 3C 4C KS", table=["5S 6S 7S"], phase="play", opened=[True, True],
        turns_played=[0, 0],
    )  # fmt: skip
    _raises(first, "layoff 4S #0 low", "S40-FIRST-ROUND")  # then 9D would close


def s40_score() -> None:
    last = s40("9D", "AH KS 5C JK", table=["5S 6S 7S"], phase="play", opened=[True, True])
    closed = last.apply("discard 9D")
    assert closed.last_hand is not None
    assert closed.last_hand.points == (0, 11 + 10 + 5 + 25)
    assert hand_value("2C 10H JD QS KC AH JK") == 2 + 10 + 10 + 10 + 10 + 11 + 25


def s40_match() -> None:
    assert scala40.Ruleset().elimination_score == 101
    hands: dict[str, Any] = {"table": ["5S 6S 7S"], "phase": "play", "opened": [True, True, True]}
    three = scala40.GameState.from_position(
        hands=["9D", "AH KS QD JK 5C", "2C 3D"], discard="KD", turns_played=[1, 1, 1],
        scores=[0, 60, 0], **hands,
    )  # fmt: skip
    after = three.apply("discard 9D")  # seat 1: 60 + 61
    assert after.active == (True, False, True)
    assert not after.is_over
    two = s40("9D", "AH KS QD JK 5C", scores=[0, 60], **{**hands, "opened": [True, True]})
    over = two.apply("discard 9D")
    assert over.is_over
    assert over.winners == (0,)


def sk(hands: list[str], **fields: Any) -> Any:
    """A Skarney position of four seats, seat 0 to play (drawn)."""
    return skarney.GameState.from_position(hands=hands, **fields)


SK_OTHERS = ["AH 3C 4C", "KH KD QC", "AD 6D 9C"]


def sk_deal() -> None:
    state = skarney.new_game(seed=1)
    assert state.teams == ((0, 2), (1, 3))
    assert [len(hand) for hand in state.hands] == [11, 11, 11, 11]
    assert len(state.stock) == 108 - 44
    assert not hasattr(state, "discard")


def sk_turn() -> None:
    state = skarney.new_game(seed=3)
    assert [str(move) for move in state.legal_moves()] == ["draw"]


def sk_melds() -> None:
    assert is_meld("5S 5H 5D", SKARNEY_MELDS)
    assert is_meld("5S 5S 5D 5C", SKARNEY_MELDS)
    assert not is_meld("5S 5H 5D 5C 5S", SKARNEY_MELDS)  # a set of five: sets are 3 or 4
    assert is_meld("4D 5D 6D 7D 8D", SKARNEY_MELDS)
    assert is_meld("5S 2H 7S", SKARNEY_MELDS)
    assert is_meld("5S JK 7S", SKARNEY_MELDS)
    assert not is_meld("5S 2H JK", SKARNEY_MELDS)
    assert not is_meld("3S 2H 5S 6S 2C", SKARNEY_MELDS)
    state = sk(["5S 5H 5D 5C 5S 9H", *SK_OTHERS], contracts=[True, False])
    _raises(state, "meld 5S 5S 5H 5D 5C", "SK-MELDS")


def sk_wild_melds() -> None:
    assert is_meld("2S 2H 2C", SKARNEY_MELDS)
    assert is_meld("JK JK JK", SKARNEY_MELDS)
    assert not is_meld("2S 2H JK", SKARNEY_MELDS)


def sk_contract() -> None:
    rules = skarney.Ruleset()
    assert [rules.contract_size(hand) for hand in range(1, 8)] == [3, 3, 3, 4, 4, 4, 4]
    state = sk(["5S 5H 5D 5C 7D 8D 9D KS KH KD 3C 3H 3D", *SK_OTHERS])
    melds = [move for move in legal(state) if move.startswith("meld")]
    assert melds
    assert all(len(move.split()) == 4 for move in melds)
    _raises(state, "meld 5S 5H 5D 5C", "SK-CONTRACT")
    started = state.apply("meld 5S 5H 5D")
    _raises(started, "meld 7D 8D 9D", "SK-CONTRACT")  # all sets, or all sequences
    done = started.apply("meld KS KH KD").apply("meld 3C 3H 3D")
    assert done.contracts[0]


def sk_extend() -> None:
    hands = ["6S 10H", *SK_OTHERS]
    table = [("7S 8S 9S", 0), ("4H 5H 6H", 1)]
    made = sk(hands, table=table, contracts=[True, True])
    assert "extend 6S #0 low" in legal(made)
    assert not [move for move in legal(made) if move.startswith("extend 10H")]  # not #1
    _raises(sk(hands, table=table, contracts=[False, True]), "extend 6S #0 low", "SK-")


def sk_extend_limit() -> None:
    hands = ["6S 5S 4S 10H", *SK_OTHERS]
    made = sk(hands, table=[("7S 8S 9S", 0)], contracts=[True, False])
    twice = made.apply("extend 6S #0 low").apply("extend 5S #0 low")
    _raises(twice, "extend 4S #0 low", "SK-EXTEND")  # a third card: next turn


def sk_exchange() -> None:
    assert skarney.Ruleset().exchange_before_contract
    state = sk(["6S 9H 9D 9C KH KD QC", *SK_OTHERS], table=[("5S JK=6S 7S", 1)])
    assert not state.contracts[0]
    assert "exchange 6S #0" in legal(state)  # before the contract
    after = state.apply("exchange 6S #0")
    assert JOKER in after.hands[0]
    assert str(after.table[0]) == "5S 6S 7S"


def sk_offer() -> None:
    state = sk(["AS 5H 9D KC", *SK_OTHERS])
    offered = state.apply("offer 5H")
    assert (offered.current_player, offered.offer_to) == (1, 1)
    partner = offered.apply("decline")
    assert partner.offer_to == 2
    last = partner.apply("decline")
    assert last.offer_to == 3
    back = last.apply("decline")
    assert back.offer_to is None
    assert parse_card("5H") in back.hands[0]
    assert parse_card("5H") in offered.apply("accept").hands[1]


def sk_offer_stop() -> None:
    state = sk(["AS 5H 9D KC", *SK_OTHERS])
    declined = state.apply("offer AS").apply("decline")
    assert declined.offer_to is None  # the next seat only: back to the offerer
    assert parse_card("AS") in declined.hands[0]
    assert declined.phase is skarney.Phase.DRAW
    accepted = state.apply("offer AS").apply("accept")
    assert accepted.current_player == 1
    assert accepted.phase is skarney.Phase.PLAY
    plain = state.apply("offer 5H").apply("accept")
    assert plain.current_player == 1
    assert plain.phase is skarney.Phase.DRAW
    for hand in ("2H 5H 9D KC", "JK 5H 9D KC"):
        wild = sk([hand, *SK_OTHERS]).apply(f"offer {hand.split()[0]}").apply("decline")
        assert wild.offer_to is None


def sk_end() -> None:
    hands = ["5S 6S", *SK_OTHERS]
    table = [("7S 8S 9S", 0), ("4H 5H 6H", 1)]
    out = sk(hands, table=table, contracts=[True, True])
    out = out.apply("extend 6S #0 low").apply("extend 5S #0 low")
    assert out.last_hand is not None
    assert out.last_hand.went_out == 0
    for state in playout(skarney.new_game(seed=12), seed=12):
        if state.phase is skarney.Phase.DRAW and len(state.stock) == 1:
            break
    else:
        pytest.fail("no game reached the last card of the pile")
    last = state.apply("draw")
    assert "end" in legal(last)
    assert not [move for move in legal(last) if "offer" in move]
    ended = last.apply("end")
    assert ended.last_hand is not None
    assert ended.last_hand.went_out is None


def sk_score() -> None:
    hands = ["5S 6S", "AH 3C 4C", "KH KD QC", "AD 6D 9C"]
    out = sk(hands, table=[("7S 8S 9S", 0), ("4H 5H 6H", 1)], contracts=[True, True])
    result = out.apply("extend 6S #0 low").apply("extend 5S #0 low").last_hand
    assert result is not None
    # The side that went out takes off nothing, though seat 2 holds KH KD QC.
    assert result.hand_points == (0, 15 + 5 + 5 + 15 + 5 + 5)
    assert result.meld_points == (5 * 5, 5 * 3)
    assert result.points == (25 + 100, 15 - 50)


def sk_meld_values() -> None:
    def points(text: str) -> int:
        return skarney_meld_points(check_meld(text, SKARNEY_MELDS))

    assert points("QS KS AS") == 10 + 10 + 15
    assert points("9S 10S JS") == 5 + 10 + 10
    assert points("3S 4S 5S") == 5 * 3
    assert points("5S 2C 7S") == 5 + 25 + 5
    assert points("2S 2H 2D") == 50 * 3
    assert points("5S JK 7S") == 5 + 50 + 5
    assert points("JK JK JK") == 100 * 3


def sk_hand_values() -> None:
    hands = ["5S 6S", "JK 2C AH 9C", "KH KD QC", "AD 6D 10C"]
    out = sk(hands, table=[("7S 8S 9S", 0), ("4H 5H 6H", 1)], contracts=[True, True])
    result = out.apply("extend 6S #0 low").apply("extend 5S #0 low").last_hand
    assert result is not None
    assert result.hand_points == (0, 100 + 50 + 15 + 5 + 15 + 5 + 10)


def _went_out(contracts: list[bool]) -> Any:
    hands = ["5S 6S", *SK_OTHERS]
    table = [("7S 8S 9S", 0)] + ([("4H 5H 6H", 1)] if contracts[1] else [])
    out = sk(hands, table=table, contracts=contracts)
    result = out.apply("extend 6S #0 low").apply("extend 5S #0 low").last_hand
    assert result is not None
    assert result.went_out == 0
    return result


def sk_bonus() -> None:
    assert skarney.Ruleset().hand_bonus == (100, 100, 100, 200, 300, 400, 500)
    assert _went_out([True, True]).bonus == (100, 0)
    shutout = _went_out([True, False])
    assert shutout.shutout
    assert shutout.bonus == (100 + 200, 0)


def sk_game() -> None:
    assert skarney.Ruleset().hands == 7
    assert load_game("skarney").score_order is ScoreOrder.HIGH


def ru(*hands: str, **fields: Any) -> Any:
    state: Any = knock_position(rumino.GameState, hands, **fields)
    return state


def ru_deal() -> None:
    rules = rumino.Ruleset()
    assert rules.deck.size == 108
    assert rules.deck.cards.count(JOKER) == 4
    state = rumino.new_game(players=3, seed=2)
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    assert len(state.discard) == 1


def ru_turn() -> None:
    state = ru("5S 6S 7S 9H 10D QC KD", "9H 9D 9C KS KH 4D 2S")
    assert legal(state) == ["draw", "take"]
    assert all(move.startswith("discard") for move in legal(state.apply("take")))


def ru_melds() -> None:
    melds = rumino.Ruleset().meld_rules
    assert is_meld("7S 7S 7H", melds)
    assert is_meld("7S 7H 7D 7C", melds)
    assert not is_meld("7S 7H 7D 7C 7S", melds)
    assert is_meld("4D 5D 6D 7D", melds)
    assert not is_meld("4D 5D 6D 7D 8D", melds)
    assert is_meld("AH 2H 3H", melds)
    assert not is_meld("QH KH AH", melds)
    assert is_meld("5H JK JK", melds)
    assert is_meld("JK JK JK", melds)


def ru_rumino_meld() -> None:
    for preset in rumino.Ruleset.preset_names():
        rules = rumino.Ruleset.preset(preset)
        for cards in ("3H 4H 5H 6H 7H 8H 9H", "7S 7S 7H 7H 7D 7C 7C", "3H 4H JK 6H 7H 8H 9H"):
            assert len(check_meld(cards, rules)) == 7
            assert rumino.has_rumino(cards, rules)
        assert not is_meld("3H 4H 5H 6H 7H 8H 10H", rules.meld_rules)
        assert not is_meld("7S 7S 7H 7H 7D 7C", rules.meld_rules)


def ru_knock() -> None:
    state = ru("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S")
    assert legal(state) == ["draw", "take", "knock"]
    first = ru("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", turns_played=[0, 0])
    _raises(first, "knock", "RU-KNOCK")
    _raises(ru("5S 6S 7S 8S AH 2D 5C", "9H 9D 9C KS KH 4D 2S"), "knock", "RU-KNOCK")  # 8
    _raises(ru("5S 5H 5D AS AH 2C 2D", "9H 9D 9C KS KH 4D 2S"), "knock", "RU-KNOCK")  # 3


def ru_score() -> None:
    after = ru("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S").apply("knock")
    assert after.last_hand is not None
    assert after.last_hand.points == (1 + 2 + 3, 10 + 10 + 4 + 2)
    gin = ru("5S 6S 7S 8S 9H 9D 9C", "2S 3S 4S JH JD JC JK", scores=[30, 30]).apply("knock")
    assert gin.scores == (20, 30)


def ru_values() -> None:
    knock = ru("5S 6S 7S 8S AH 2D 3C", "JK KS 5C 8H 2D 9S 4H").apply("knock").last_hand
    assert knock is not None
    assert knock.shown[1].melds == ()  # the joker matches nothing here
    assert knock.points == (1 + 2 + 3, 10 + 10 + 5 + 8 + 2 + 9 + 4)
    _raises(ru("5S 6S 7S 8S AH 2D JC", "9H 9D 9C KS KH 4D 2S"), "knock", "RU-KNOCK")  # 13


def ru_rumino() -> None:
    suit = ru("3H 4H 5H 6H 7H 8H 2C", "9S 9D 9C KS KH 4D 2S", top="QD 9H").apply("draw")
    assert suit.is_over
    assert suit.winners == (0,)
    rank = ru("7S 7S 7H JK JK 7D 3D", "9S 9D 9C KS KH 4D 2S", top="QD 7C").apply("draw")
    assert rank.is_over
    assert rank.winners == (0,)


def ru_elim() -> None:
    hands = ("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", "9S 9S 10D 10C 2H 3H 4H")
    assert ru(*hands, scores=[94, 10, 10]).apply("knock").active == (True, True, True)
    assert ru(*hands, scores=[95, 10, 10]).apply("knock").active == (False, True, True)
    last = ru(*hands[:2], scores=[10, 90]).apply("knock")
    assert last.is_over
    assert last.winners == (0,)


def ch(*hands: str, game: Any = chinchon, **fields: Any) -> Any:
    state: Any = knock_position(game.GameState, hands, **fields)
    return state


def ch_deal() -> None:
    rules = chinchon.Ruleset()
    assert rules.deck.size == 40
    assert parse_card("8S") not in rules.deck.cards
    assert is_meld("6C 7C JC", rules.meld_rules)  # the sota after the 7
    assert [spanish_card_name(card) for card in ("JD", "QH", "KC")] == [
        "sota de oros", "caballo de copas", "rey de bastos",
    ]  # fmt: skip
    state = chinchon.new_game(players=3, seed=2)
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    assert len(state.discard) == 1


def ch_turn(game: Any = chinchon) -> None:
    state = ch("AC 2C 5S 5H 6D KS QS", "6S 6H 6C 7C 7D 3H QC", discard="3C", game=game)
    assert legal(state) == ["draw", "take"]
    assert all(move.startswith(("discard", "close")) for move in legal(state.apply("take")))


def ch_melds(game: Any = chinchon) -> None:
    melds = game.Ruleset().meld_rules
    assert is_meld("5S 5H 5D", melds)
    assert is_meld("5S 5H 5D 5C", melds)
    assert is_meld("AC 2C 3C", melds)
    assert is_meld("3C 4C 5C 6C 7C JC", melds)
    assert not is_meld("5S 5H", melds)
    assert not is_meld("2C 3C", melds)


def ch_close(game: Any = chinchon) -> None:
    state = ch("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC", phase="play", game=game)
    closes = [move for move in legal(state) if move.startswith("close")]
    assert "close KS : 5S 5H 5D / AC 2C 3C" in closes  # 4C unmatched: 4
    assert "close KS : AC 2C 3C 4C" not in closes  # 15
    assert "discard KS" in legal(state)  # never obliged
    assert state.apply("close KS : 5S 5H 5D / AC 2C 3C").last_hand is not None
    # The drawn hand only: no close before the draw.
    assert not [move for move in legal(ch("AC 2C 3C 4C 5S 5H 5D", "6S 6H 6D 7C 7D 3H QC",
                                          game=game)) if move.startswith("close")]  # fmt: skip


def ch_layoff(game: Any = chinchon) -> None:
    state = ch(
        "2C 3C 4C 7S 7H 7D AH KS", "5C QS QH QD 3S 3H 2D", "6C KC KD KH JS JH 4S",
        discard="5H", phase="play", game=game,
    )  # fmt: skip
    result = state.apply("close KS : 2C 3C 4C / 7S 7H 7D").last_hand
    assert result is not None
    assert [str(layoff) for layoff in result.shown[1].layoffs] == ["5C on P0#1"]
    assert result.points[1] == 3 + 3 + 2  # what is left


def ch_minus10(game: Any = chinchon) -> None:
    state = ch("AC 2C 3C 4C 5S 5H 5D KS", "6C 7C JC 5C QS QH 3S", scores=[20, 20],
               phase="play", game=game)  # fmt: skip
    result = state.apply("close KS : AC 2C 3C 4C / 5S 5H 5D").last_hand
    assert result is not None
    assert result.points[0] == -10


def ch_minus10_no_layoff(game: Any = chinchon) -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "5C QS QH QD 3S 3H 2D")
    state = ch(*hands, phase="play", game=game)
    all_in = state.apply("close KS : AC 2C 3C 4C / 5S 5H 5D").last_hand
    assert all_in is not None
    assert all_in.shown[1].layoffs == ()  # 5C goes on neither meld
    assert all_in.points == (-10, 5 + 3 + 3 + 2)
    loose = state.apply("close KS : 2C 3C 4C / 5S 5H 5D").last_hand  # AC unmatched
    assert loose is not None
    assert [layoff.card for layoff in loose.shown[1].layoffs] == [parse_card("5C")]
    assert loose.points[1] == 3 + 3 + 2


def ch_chinchon(game: Any = chinchon) -> None:
    state = ch("AC 2C 3C 4C 5C 6C 7C KS", "6S 6H 6D 7S 7D 3H QC", scores=[80, 10],
               phase="play", game=game)  # fmt: skip
    after = state.apply("close KS : AC 2C 3C 4C 5C 6C 7C")
    assert after.is_over
    assert after.winners == (0,)


def ch_score() -> None:
    values = chinchon.Ruleset().profile.values
    names = ("AS", "5S", "7S", "JS", "QS", "KS")
    assert [values[parse_card(name)] for name in names] == [1, 5, 7, 8, 9, 10]
    state = ch("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC", phase="play")
    result = state.apply("close KS : 2C 3C 4C / 5S 5H 5D").last_hand
    assert result is not None
    assert result.points == (1, 7 + 7 + 3 + 9)


def ch_end() -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7C 7D 3H QC")
    over = ch(*hands, scores=[40, 85], phase="play").apply("close KS : 2C 3C 4C / 5S 5H 5D")
    assert over.is_over
    assert over.winners == (0,)
    going = ch(*hands, scores=[40, 70], phase="play").apply("close KS : 2C 3C 4C / 5S 5H 5D")
    assert not going.is_over


def lc_deal() -> None:
    state = laconga.new_game(players=3, seed=3, dealer=2)
    assert [len(hand) for hand in state.hands] == [8, 7, 7]
    assert state.discard == ()
    assert laconga.Ruleset().deck.size == 40
    moves = legal(state)
    assert moves
    assert all(move.startswith(("discard", "close")) for move in moves)


def lc_closecap() -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC")
    capped = ch(*hands, scores=[96, 10], phase="play", game=laconga)
    _raises(capped, "close KS : 5S 5H 5D / AC 2C 3C", "LC-CLOSECAP")  # 96 + 4
    assert "close KS : 5S 5H 5D / AC 2C 3C 4C" in legal(capped)  # every card in melds


def lc_elim() -> None:
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D")
    out = ch(*hands, scores=[10, 74, 30], phase="play", game=laconga)
    after = out.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")  # seat 1: 74 + 26 = 100
    assert after.active == (True, False, True)
    assert not after.is_over
    last = ch(*hands[:2], scores=[10, 74], phase="play", game=laconga)
    final = last.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert final.is_over
    assert final.winners == (0,)


def lc_reenganche() -> None:
    assert laconga.Ruleset().reentry == 0  # not by default
    hands = ("AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D")
    rules = laconga.Ruleset(reentry=1)
    state = ch(*hands, scores=[10, 74, 30], phase="play", game=laconga, rules=rules)
    after = state.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert after.phase is laconga.Phase.REENTRY
    assert after.current_player == 1
    assert "reenter" in legal(after)
    # Seat 1 (100) comes back at the highest total below 100: seat 2's 30 + 2 (2D) = 32.
    back = after.apply("reenter")
    assert back.scores == (0, 32, 32)
    assert back.reentries[1] == 1
    # Once: a player who has come back in drops out when he reaches 100 again.
    again = ch(*hands, scores=[10, 74, 30], phase="play", game=laconga, rules=rules,
               reentries=[0, 1, 0])  # fmt: skip
    done = again.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    assert done.phase is not laconga.Phase.REENTRY
    assert done.active == (True, False, True)


class Claim(NamedTuple):
    """Words of a summary's sentence, the rules the sentence cites for them, and the check
    that holds them to the engine."""

    words: str
    rules: tuple[str, ...]
    check: Callable[[], None]


CLAIMS: dict[str, tuple[Claim, ...]] = {
    "scala40": (
        Claim("Each player gets 13 cards", ("S40-DEAL",), s40_deal),
        Claim("the player after the dealer plays first", ("S40-DEAL",), s40_deal),
        Claim("once you have opened, the top of the discard pile if you meld it at once",
              ("S40-DRAW-STOCK", "S40-DRAW-DISCARD"), s40_draw),
        Claim("a *set* is three or four cards of one rank in different suits",
              ("S40-SET",), s40_melds),
        Claim("the ace goes low or high, never round the corner", ("S40-SEQ",), s40_melds),
        Claim("A joker stands for any one card of a meld, one joker a meld",
              ("S40-JOKER",), s40_joker),
        Claim("Your first melds must be worth 40 points together", ("S40-OPEN",), s40_opening),
        Claim("an ace 11, or 1 as the low ace of a sequence (A-2-3 is worth 6)",
              ("S40-MELD-VALUE",), s40_opening),
        Claim("you may lay cards off on any meld of the table and swap a joker",
              ("S40-AFTER-OPEN", "S40-SWAP"), s40_after_opening),
        Claim("until you have opened, neither a joker nor a card that would extend",
              ("S40-TURN", "S40-DISCARD"), s40_discard),
        Claim("Discarding your last card closes the hand, but not in the first round",
              ("S40-CLOSE", "S40-FIRST-ROUND"), s40_close),
        Claim("10 for a picture card, 11 for an ace, 25 for a joker",
              ("S40-SCORE", "S40-HAND-VALUE"), s40_score),
        Claim("A player whose total reaches 101 retires; the last player left wins",
              ("S40-ELIM",), s40_match),
    ),
    "skarney": (
        Claim("partners facing each other (seats 0 and 2 against 1 and 3)",
              ("SK-PLAYERS",), sk_deal),
        Claim("Each gets 11 cards; the rest is the pile, and there is no discard pile",
              ("SK-DEAL",), sk_deal),
        Claim("Draw from the pile, then meld if you can", ("SK-TURN",), sk_turn),
        Claim("sets of three or four cards of one rank (any suits)", ("SK-MELDS",), sk_melds),
        Claim("with 2s and jokers wild, one wild card a meld", ("SK-MELDS", "SK-DECK"),
              sk_melds),
        Claim("three or more 2s, or three or more jokers, make a meld of their own",
              ("SK-WILDMELD",), sk_wild_melds),
        Claim("three 3-card melds, all sets or all sequences (four of them from hand 4)",
              ("SK-CONTRACT",), sk_contract),
        Claim("Once your side has made it you may extend your side's melds",
              ("SK-EXTEND",), sk_extend),
        Claim("by one or two cards a meld each turn", ("SK-EXTEND",), sk_extend_limit),
        Claim("Before your contract as after it, you may take a wild card",
              ("SK-EXCHANGE",), sk_exchange),
        Claim("it goes round the table until someone accepts, or comes back to you",
              ("SK-OFFER",), sk_offer),
        Claim("An ace, a 2 or a joker is offered to the next seat only",
              ("SK-OFFER", "SK-STOP"), sk_offer_stop),
        Claim("whoever accepts one skips his next draw", ("SK-STOP",), sk_offer_stop),
        Claim("goes out (\"rummy\") and ends the hand; so does the last card of the pile",
              ("SK-END",), sk_end),
        Claim("Each side scores the cards in its melds on the table", ("SK-SCORE-MELDS",),
              sk_score),
        Claim("an ace counts 15, a picture card or a 10 counts 10, a 3 to 9 counts 5",
              ("SK-SCORE-MELDS",), sk_meld_values),
        Claim("a 2 counts 25 as a wild card and 50 in a meld of 2s, a joker 50 as a wild card "
              "and 100 in a meld of jokers", ("SK-SCORE-MELDS",), sk_meld_values),
        Claim("A side that did not go out takes off the cards its players still hold",
              ("SK-SCORE-MELDS", "SK-SCORE-HAND"), sk_score),
        Claim("a 2 for 50, a joker for 100 and the others as in melds",
              ("SK-SCORE-MELDS", "SK-SCORE-HAND"), sk_hand_values),
        Claim("100 in hands 1 to 3, then 200, 300, 400 and 500", ("SK-BONUS",), sk_bonus),
        Claim("200 more, a *shutout*, when no opposing side has made its contract",
              ("SK-BONUS",), sk_bonus),
        Claim("A game is seven hands; the highest total wins", ("SK-GAME",), sk_game),
    ),
    "rumino": (
        Claim("Seven cards each from two French packs with four jokers",
              ("RU-DECK", "RU-DEAL"), ru_deal),
        Claim("Take the top discard or draw from the stock, then discard one card",
              ("RU-TURN",), ru_turn),
        Claim("sequences of three or four of one suit (the ace low only)",
              ("RU-MELDS",), ru_melds),
        Claim("and seven cards of one suit in sequence or of one rank, the *Rumino*",
              ("RU-MELDS",), ru_rumino_meld),
        Claim("but not on his first turn, a player whose hand holds at least four cards",
              ("RU-KNOCK",), ru_knock),
        Claim("Unmatched, an ace counts 1, a picture card or a joker 10, the others their face "
              "value", ("RU-VALUES",), ru_values),
        Claim("*gin*, takes 10 off instead", ("RU-SCORE", "RU-GIN"), ru_score),
        Claim("a *Rumino*, win the game at once", ("RU-RUMINO",), ru_rumino),
        Claim("Over 100 points a player drops out", ("RU-ELIM",), ru_elim),
    ),
    "chinchon": (
        Claim("Seven cards each from a 40-card Spanish pack", ("CH-DECK",), ch_deal),
        Claim("The next card starts the discard pile", ("CH-DEAL",), ch_deal),
        Claim("Take the top discard or draw from the stock, then discard one card",
              ("CH-TURN",), ch_turn),
        Claim("runs of three or more of one suit", ("CH-MELDS",), ch_melds),
        Claim("unmatched cards are worth 5 points or less may *close*", ("CH-CLOSE",), ch_close),
        Claim("lay off what they can on the closer's melds", ("CH-LAYOFF",), ch_layoff),
        Claim("takes 10 off his total", ("CH-MINUS10",), ch_minus10),
        Claim("and then nobody lays off on his melds", ("CH-MINUS10",), ch_minus10_no_layoff),
        Claim("a *chinchón*, wins the game", ("CH-CHINCHON",), ch_chinchon),
        Claim("the sota 8, the caballo 9, the rey 10", ("CH-SCORE", "CH-VALUES"), ch_score),
        Claim("When a total reaches 100 the game ends, and the lowest total wins",
              ("CH-END",), ch_end),
    ),
    "laconga": (
        Claim("the first player gets an eighth card instead of a turned-up discard",
              ("LC-DEAL",), lc_deal),
        Claim("Take the top discard or draw from the stock, then discard one card",
              ("LC-BASE", "CH-TURN"), lambda: ch_turn(laconga)),
        Claim("sets of three or four of a rank, runs of three or more of a suit",
              ("LC-BASE", "CH-MELDS"), lambda: ch_melds(laconga)),
        Claim("a player with 5 points or less unmatched may close",
              ("CH-CLOSE",), lambda: ch_close(laconga)),
        Claim("the others lay off on them and count what is left",
              ("CH-LAYOFF",), lambda: ch_layoff(laconga)),
        Claim("takes 10 off the closer's total", ("CH-MINUS10",), lambda: ch_minus10(laconga)),
        Claim("leaves nobody anything to lay off", ("CH-MINUS10",),
              lambda: ch_minus10_no_layoff(laconga)),
        Claim("a *conga*, wins the game", ("LC-BASE",), lambda: ch_chinchon(laconga)),
        Claim("Nobody may close into 100 points, unless every card of the close is in melds",
              ("LC-CLOSECAP",), lc_closecap),
        Claim("A player who reaches 100 drops out, and the last player left wins",
              ("LC-ELIM",), lc_elim),
        Claim("where the table plays the *reenganche* (option ``reentry``)",
              ("LC-REENGANCHE",), lc_reenganche),
        Claim("he may come back in once, his total set to the highest total of the players "
              "still below 100", ("LC-REENGANCHE",), lc_reenganche),
    ),
}  # fmt: skip
"""Each game's claims, in the order of its summary."""


def _claims() -> Iterator[Any]:
    for game, claims in CLAIMS.items():
        for claim in claims:
            yield pytest.param(claim, id=f"{game}: {claim.words[:40]}")


def test_every_game_has_its_claims() -> None:
    assert sorted(CLAIMS) == sorted(BUILTIN_GAMES)


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_summary_sentence_cites_its_rules_and_holds_a_checked_claim(game: str) -> None:
    known = _anchored()
    said = sentences(game)
    assert len(said) >= 6, said
    for sentence in said:
        cited = [rule for found in CITATION.findall(sentence) for rule in found.split(", ")]
        assert cited, f"{game}: a sentence cites no rule: {sentence!r}"
        assert set(cited) <= known, f"{game}: unknown rules {set(cited) - known}"
        assert any(claim.words in sentence for claim in CLAIMS[game]), (
            f"{game}: no claim of this sentence is checked: {sentence!r}"
        )
    for claim in CLAIMS[game]:
        holding = [sentence for sentence in said if claim.words in sentence]
        assert len(holding) == 1, f"{game}: {claim.words!r} is in {len(holding)} sentences"
        named = {rule for found in CITATION.findall(holding[0]) for rule in found.split(", ")}
        assert set(claim.rules) <= named, (claim.words, named)


@pytest.mark.parametrize("claim", list(_claims()))
def test_each_summary_claim_holds_in_the_engine(claim: Claim) -> None:
    claim.check()

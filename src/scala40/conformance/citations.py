"""Which rules decide a line of the conformance corpus: each line cites the IDs of the
rules (as each game's page numbers them: :doc:`/games/index`) that decide its answer, and
no others, so that a disagreement names the rule at fault.

A line is read as an engine must answer it:

* a position's **moves** are decided by the turn's rule, by the rule of each kind of
  move listed (a draw from the stock, a take of the discard, an opening or a meld after
  it, a lay-off of a wild card, a swap, a split, an offer, a close, a knock...), by a
  discard ban where it removes a card from the list, and by the rule that keeps each
  kind of move the phase allows off the list (no opening, no take, no lay-off, no knock,
  no close, no contract's meld), as the game's move generator names it
  (a state's :meth:`~scala40.game.StateBase.barred_moves`);
* a **refusal** cites the rules the library's reason names
  (:func:`scala40.conformance.corpus.rule_ids`), then those of the kinds of the legal
  moves the runner asks beside it;
* a group that is **not a meld** cites the rules the meld engine's refusal names: those
  of the condition the group breaks (:attr:`scala40.melds.MeldRules.cites`: a set's rule, a
  sequence's, a variant's limit);
* a **meld**'s readings are decided by the rule of each kind of meld read (a sequence,
  a set, a meld of wild cards, a Rumino), by the wild-card rule where a wild card is in
  it, and by the rule of the value a reading carries, where the game gives melds one;
* a hand's **score** is decided by how the hand ended (a close, a knock, gin, a
  chinchón, a Rumino, a close with every card matched, a blocked hand, Skarney's turn
  limit) and by the rules of the points counted (the values of the cards left, the
  lay-offs, the variants that change them; Scala 40's single hand, which counts none);
* what the **match** does after a hand is decided by the hand's score (above) and by
  how the game makes a match of its hands (elimination at a target and its variants,
  re-entry, a fixed number of hands, a game to the lowest total, a single hand);
* a **perft** count is decided by the rules of the moves listed (and kept off) at every
  position whose list it adds up, from the root to the depth's last level but one, and
  by the rebuilding of the stock where the stock runs out within its depth.

>>> from scala40.conformance.citations import meld_rules
>>> from scala40.game import load_game
>>> from scala40.melds import meld_interpretations
>>> from scala40.cards import as_cards
>>> game = load_game("scala40")
>>> rules = game.ruleset_type.preset("official")
>>> meld_rules(game, rules, meld_interpretations(as_cards("JK 9C 8C"), rules.meld_rules))
['S40-SEQ', 'S40-JOKER', 'S40-MELD-VALUE']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scala40.cards import CARD_NAMES, JOKER, RANK_OF, Card
from scala40.game import Game

__all__ = [
    "match_rules",
    "meld_rules",
    "moves_rules",
    "perft_rules",
    "rule_family",
    "score_rules",
]


def _verb(move: object) -> str:
    return str(move).split(" ", 1)[0]


def _value(item: object) -> str:
    return str(getattr(item, "value", item))


def _ordered(found: dict[str, None]) -> list[str]:
    return list(found)


def _option(rules: Any, name: str, default: Any = None) -> Any:
    return getattr(rules, name, default)


def _knock_family(game: Game) -> bool:
    return game.name in ("rumino", "chinchon", "laconga")


def rule_family(game: Game) -> str:
    """The prefix of the rules a game's turn is played under (its record's ``turn``
    rules): its own, or its parent's, whose deal, table sizes, pack and restock it
    plays too (La Conga plays Chinchón's turn, CH-TURN).

    >>> from scala40.conformance.citations import rule_family
    >>> from scala40.game import load_game
    >>> rule_family(load_game("laconga")), rule_family(load_game("scala40"))
    ('CH', 'S40')
    """
    turn = [rule for rule in game.rule_ids.get("turn", ()) if rule.endswith("-TURN")]
    return turn[0].removesuffix("-TURN") if turn else game.rule_prefix or ""


def meld_rules(game: Game, rules: Any, readings: Sequence[Any]) -> list[str]:
    """The rules that decide the readings of a group that makes at least one meld:
    each kind of meld read, the wild cards in it, and the value a reading carries."""
    found: dict[str, None] = {}
    if game.name == "laconga":
        found["LC-BASE"] = None
    prefix = rule_family(game)
    wilds = max((meld.wild_count for meld in readings), default=0)
    for meld in readings:
        kind = _value(meld.kind)
        if game.name == "scala40":
            found["S40-SEQ" if kind == "sequence" else "S40-SET"] = None
        elif game.name == "skarney":
            found["SK-WILDMELD" if kind == "wild" else "SK-MELDS"] = None
        elif game.name == "rumino":
            found["RU-RUMINO" if len(meld.cards) == 7 else "RU-MELDS"] = None
        else:
            found["CH-MELDS"] = None
    if game.name == "scala40":
        if wilds:
            found["S40-JOKER"] = None
        if wilds > 1:
            found["S40-V-MULTIJOKER"] = None
        found["S40-MELD-VALUE"] = None
        if wilds and _option(rules, "joker_meld_value") is not None:
            found["S40-V-JOKER25"] = None
        if _option(rules, "high_card_values") and _high_card_read(readings):
            found["S40-V-HIGHVALUES"] = None
    elif game.name == "skarney":
        found["SK-SCORE-MELDS"] = None
    elif wilds:
        # Which cards are wild, and how many a meld holds: the pack's rule (RU-DECK) or
        # the ruleset's wild option (CH-DECK).
        found[f"{prefix}-DECK"] = None
    return _ordered(found)


def _high_card_read(readings: Sequence[Any]) -> bool:
    """Whether a reading holds a card whose meld value the high values change (a jack,
    queen or king, or an ace that is not the low ace of a sequence)."""
    for meld in readings:
        for card in meld.cards:
            if card != JOKER and RANK_OF[card] in (1, 11, 12, 13):
                return True
    return False


def moves_rules(
    game: Game, state: Any, moves: Sequence[Any], before: Any = None, *, barred: bool = True
) -> list[str]:
    """The rules that decide a position's list of legal moves; ``before`` is the move
    that led to the position, where known. With ``barred`` false, only those of the
    ``moves`` given (the legal moves a refusal line asks beside its refused move), not
    those that keep other kinds of move off the list."""
    verbs = {_verb(move) for move in moves}
    texts = [str(move) for move in moves]
    if game.name == "scala40":
        found = _scala40_moves(state, verbs, texts, whole=barred)
    elif game.name == "skarney":
        found = _skarney_moves(state, verbs, texts, before)
    else:
        found = _knock_moves(game, state, verbs, texts, whole=barred)
    if not barred:
        return found
    return _ordered(dict.fromkeys([*found, *barred_rules(game, state)]))


def barred_rules(game: Game, state: Any) -> list[str]:
    """The rules that keep a kind of move off a position's list, as the game's move
    generator reads them (a state's :meth:`~scala40.game.StateBase.barred_moves`): an opening, a take, a
    lay-off, a knock, a close, a contract's meld... that the phase allows and the
    position's conditions do not."""
    return [rule for rules in state.barred_moves().values() for rule in rules]


def _scala40_moves(state: Any, verbs: set[str], texts: list[str], whole: bool = True) -> list[str]:
    rules = state.rules
    seat = state.current_player
    opened = bool(state.opened[seat]) if seat is not None else False
    found: dict[str, None] = {"S40-TURN": None}
    if "draw" in verbs:
        found["S40-DRAW-STOCK"] = None
    if "take" in verbs:
        found["S40-DRAW-DISCARD" if opened else "S40-V-EARLYDISCARD"] = None
        if not opened:  # taken to open with this turn: the opening's threshold decides
            found["S40-OPEN"] = None
    if "upcard" in verbs:
        found["S40-V-UPCARD"] = None
    melds = [text for text in texts if text.startswith("meld ")]
    if melds:
        # Melds after the opening, in its turn too, are S40-AFTER-OPEN's; before it, each
        # listed is a start of an opening that reaches the threshold.
        found["S40-AFTER-OPEN" if opened else "S40-OPEN"] = None
        if any(text.count("JK") > 1 for text in melds):
            found["S40-V-MULTIJOKER"] = None
        elif any("JK" in text for text in melds):
            found["S40-JOKER"] = None
    if "layoff" in verbs:
        found["S40-AFTER-OPEN"] = None
        if any(text.startswith("layoff JK") for text in texts):
            found["S40-LAYOFF-JOKER"] = None
    if "swap" in verbs:
        found["S40-SWAP"] = None
    if "split" in verbs:
        found["S40-V-SPLIT"] = None
    discards = {text.split(" ", 1)[1] for text in texts if text.startswith("discard ")}
    if discards and seat is not None and whole:  # the discards the whole list leaves out
        missing = {_card_text(card) for card in state.hands[seat]} - discards
        if len(state.hands[seat]) == 1:
            found["S40-CLOSE"] = None
        taken = state.taken
        if taken is not None and _card_text(taken) in missing:
            found["S40-DRAW-DISCARD"] = None  # the card taken is never discarded
            missing.discard(_card_text(taken))
        if missing:
            found["S40-DISCARD"] = None
            switched = rules.ban_playable_discard_opened or rules.ban_playable_discard_closing
            if switched and (opened or len(state.hands[seat]) == 1):
                found["S40-V-PLAYABLE"] = None
    if _option(rules, "close_without_discard") and any(
        text.startswith("meld ") and _meld_cards(text) == len(state.hands[seat]) for text in melds
    ):
        found["S40-V-NODISCARDCLOSE"] = None
    return _ordered(found)


def _card_text(card: Card) -> str:
    return CARD_NAMES[card]


def _meld_cards(text: str) -> int:
    return sum(1 for word in text.split()[1:] if word not in ("/", ":"))


def _skarney_moves(state: Any, verbs: set[str], texts: list[str], before: Any) -> list[str]:
    found: dict[str, None] = {"SK-TURN": None}
    phase = _value(state.phase)
    if "draw" in verbs:
        found["SK-TURN"] = None
    elif phase == "play" and before is not None and _verb(before) == "accept":
        found["SK-STOP"] = None
    melds = [text for text in texts if text.startswith("meld ")]
    if melds:
        found["SK-MELDS"] = None
        if state.rules.contract and not state.contracts[state.side(state.current_player)]:
            found["SK-CONTRACT"] = None
        if any(_wild_meld(text) for text in melds):
            found["SK-WILDMELD"] = None
    if "exchange" in verbs:
        found["SK-EXCHANGE"] = None
    if "extend" in verbs:
        found["SK-EXTEND"] = None
    if verbs & {"offer", "accept", "decline", "end"}:
        found["SK-OFFER"] = None
    return _ordered(found)


def _wild_meld(text: str) -> bool:
    """Whether a meld's text is a meld of wild cards alone (SK-WILDMELD): its cards are
    all 2s or all jokers, none standing for another card."""
    words = text.split()[1:]
    return all(word[:-1] == "2" or word == "JK" for word in words)


def _knock_moves(
    game: Game, state: Any, verbs: set[str], texts: list[str], whole: bool = True
) -> list[str]:
    prefix = rule_family(game)
    found: dict[str, None] = {"LC-BASE": None} if game.name == "laconga" else {}
    found[f"{prefix}-TURN"] = None
    phase = _value(state.phase)
    if (
        game.name == "laconga"
        and phase == "play"
        and "draw" not in verbs
        and len(state.hands[state.current_player]) == 8
        and not state.turns_played[state.current_player]
    ):
        found["LC-DEAL"] = None
    if "knock" in verbs:
        found["RU-KNOCK"] = None
    if "close" in verbs:
        found["CH-CLOSE"] = None
        found["CH-MELDS"] = None
        if any(
            text.count(" / ") == 0 and len(text.split(" : ", 1)[-1].split()) == 7
            for text in texts
            if text.startswith("close")
        ):
            found["CH-CHINCHON"] = None
    if game.name == "laconga" and whole and _close_capped(state, verbs):
        found["LC-CLOSECAP"] = None
    if verbs & {"reenter", "retire"}:
        found["LC-REENGANCHE" if game.name == "laconga" else "CH-END"] = None
    if phase == "claim":
        found["RU-RUMINO"] = None
    return _ordered(found)


def _close_capped(state: Any, verbs: set[str]) -> bool:
    """Whether La Conga's cap (LC-CLOSECAP) takes closes off a position's list: the
    player's total is within the close limit of the limit, and the same position without
    the cap lists a close it does not."""
    rules = state.rules
    seat = state.current_player
    if seat is None or not rules.close_cap or "discard" not in verbs:
        return False
    if state.scores[seat] + rules.close_limit < rules.eliminate_at:
        return False
    uncapped = state.copy_with(rules=rules.replace(close_cap=False))
    closes = {str(move) for move in uncapped.legal_moves() if _verb(move) == "close"}
    return bool(closes - {str(move) for move in state.legal_moves()})


def score_rules(game: Game, state: Any, move: Any, after: Any, result: Any) -> list[str]:
    """The rules that decide what a hand scored for each seat, the hand that ``move``
    ends from ``state`` (``after`` the state it leads to, ``result`` its hand's
    result)."""
    if game.name == "scala40":
        return _scala40_score(state, move, result)
    if game.name == "skarney":
        return _skarney_score(state, result)
    return _knock_score(game, state, result)


def _scala40_score(state: Any, move: Any, result: Any) -> list[str]:
    rules = state.rules
    if _value(rules.match_format) == "single":
        # One hand, no totals: nobody scores, whoever closed and whatever is held.
        ended = ["S40-CLOSE"] if result.closer is not None else _blocked(rules, state)
        return [*ended, "S40-V-SINGLE"]
    if result.closer is None:
        # A blocked hand: nobody scores (S40-RESTOCK's Decision, S40-STALL's, the flip's).
        return _blocked(rules, state)
    found: dict[str, None] = {"S40-CLOSE": None, "S40-SCORE": None, "S40-HAND-VALUE": None}
    if _verb(move) == "meld":
        found["S40-V-NODISCARDCLOSE"] = None
    others = [seat for seat in range(len(result.points)) if seat != result.closer]
    if _option(rules, "not_opened_penalty") is not None and any(
        not state.opened[seat] for seat in others
    ):
        found["S40-V-NOTOPENED"] = None
    if result.doubled:
        found["S40-V-DOUBLE"] = None
    if _option(rules, "high_card_values") and any(
        card == JOKER or RANK_OF[card] in (1, 11, 12, 13)
        for seat in others
        for card in result.hands[seat]
    ):
        found["S40-V-HIGHVALUES"] = None
    if _option(rules, "lone_ace_scores_one") and any(
        len(result.hands[seat]) == 1 and result.hands[seat][0] != JOKER
        and RANK_OF[result.hands[seat][0]] == 1
        for seat in others
    ):  # fmt: skip
        found["S40-V-LONEACE"] = None
    if _option(rules, "close_on_first_turn") and any(
        not state.turns_played[seat] for seat in others
    ):
        found["S40-V-FIRSTCLOSE"] = None
    return _ordered(found)


def _blocked(rules: Any, state: Any) -> list[str]:
    """The rule that ends a Scala 40 hand blocked (S40-RESTOCK's Decision, S40-STALL's,
    the flip's)."""
    if _value(_option(rules, "restock")) == "flip":
        return ["S40-V-RESTOCK-FLIP"]
    return ["S40-STALL" if len(state.discard) > 1 else "S40-RESTOCK"]


def _skarney_score(state: Any, result: Any) -> list[str]:
    # A hand nobody went out of with cards still in the pile ended at the turn limit.
    end = ["SK-END", "SK-LOOP"] if result.went_out is None and state.stock else ["SK-END"]
    if result.void:
        return [*end, "SK-TIE"]
    found: dict[str, None] = dict.fromkeys([*end, "SK-SCORE-MELDS"])
    if any(points for points in result.hand_points):
        found["SK-SCORE-HAND"] = None
    if any(result.bonus):
        found["SK-BONUS"] = None
    return _ordered(found)


def _knock_score(game: Game, state: Any, result: Any) -> list[str]:
    end = _value(result.end)
    found: dict[str, None] = {"LC-BASE": None} if game.name == "laconga" else {}
    found.update(dict.fromkeys(game.rule_ids.get(f"end:{end}", ())))
    if end == "blocked":
        found[f"{rule_family(game)}-TURN"] = None
    if end in ("close", "all_matched", "wild_chinchon") and any(
        showing is not None and showing.layoffs for showing in result.shown
    ):
        found["CH-LAYOFF"] = None
    return _ordered(found)


def match_rules(game: Game, state: Any, move: Any, after: Any, result: Any) -> list[str]:
    """The rules that decide what the match does after ``move`` from ``state``: each
    seat's total, who is out, whether the match is over and who won. ``result`` is the
    hand's result where the move ends a hand (its points decide the totals: the rules of
    :func:`score_rules` come first), ``None`` where it decides a re-entry."""
    rules = state.rules
    found: dict[str, None] = {}
    if game.name == "scala40" and _value(rules.match_format) == "single":
        # No totals are kept: the closer wins, whatever the others hold (a blocked hand,
        # which nobody closed, by the rule that blocked it).
        if result is not None:
            return score_rules(game, state, move, after, result)
        return ["S40-CLOSE", "S40-V-SINGLE"]
    if result is not None:
        found.update(dict.fromkeys(score_rules(game, state, move, after, result)))
    elif game.name == "laconga":
        return ["LC-BASE", "LC-REENGANCHE"]
    else:
        return ["CH-END" if game.name == "chinchon" else "RU-ELIM"]
    if game.name == "scala40":
        found.update(dict.fromkeys(_scala40_match(rules)))
    elif game.name == "skarney":
        found["SK-GAME"] = None
    elif game.name == "rumino":
        found["RU-ELIM"] = None
        streak = _option(rules, "gin_streak")
        if streak and _value(result.end) == "gin" and state.hand_number <= streak:
            found["RU-GINSTREAK"] = None
    else:
        elimination = _value(_option(rules, "end_mode")) == "elimination"
        if game.name == "laconga" and elimination:
            found["LC-ELIM"] = None
        if not (game.name == "laconga" and elimination) or _value(result.end) == "chinchon":
            found["CH-END"] = None
        if (
            game.name == "laconga"
            and _option(rules, "reentry") != 0
            and any(
                on and total >= rules.eliminate_at
                for on, total in zip(state.active, after.scores, strict=True)
            )
        ):
            found["LC-REENGANCHE"] = None
    if after.is_over and len(after.winners) != 1:
        found["C-WINNERS"] = None
    return _ordered(found)


def _scala40_match(rules: Any) -> list[str]:
    """How Scala 40's hands make a match (S40-ELIM and its variants)."""
    form = _value(rules.match_format)
    if form == "no-elimination":
        return ["S40-V-NOELIM"]
    found = ["S40-ELIM"] if form == "elimination" else ["S40-V-REENTRY", "S40-ELIM"]
    if rules.elimination_score != 101:
        found.append("S40-V-TARGET")
    return found


def perft_rules(game: Game, state: Any, moves: Sequence[Any], depth: int) -> list[str]:
    """The rules that decide a perft count: those of the moves its position lists, and
    the stock's rebuilding where the stock runs out within the depth."""
    found = dict.fromkeys(moves_rules(game, state, moves))
    # Every position whose list the count adds up (those above the depth's leaves):
    # the rules of each decide the count as the root's do.
    level = [state]
    for _ in range(depth - 1):
        level = [node.apply(move) for node in level for move in node.legal_moves()]
        level = [node for node in level if not node.is_over]
        for node in level:
            found.update(dict.fromkeys(moves_rules(game, node, list(node.legal_moves()))))
    stock = getattr(state, "stock", ())
    if len(stock) < depth and game.name != "skarney":
        if game.name == "scala40":
            flip = _value(_option(state.rules, "restock")) == "flip"
            found["S40-V-RESTOCK-FLIP" if flip else "S40-RESTOCK"] = None
            if not state.melded_since_restock:
                # Nothing put down since the last rebuild: a sequence that puts nothing
                # down before the stock runs out ends the hand blocked.
                found["S40-STALL"] = None
        else:
            found[f"{rule_family(game)}-RESTOCK"] = None
    elif len(stock) < depth:
        found["SK-END"] = None
    # A four of a kind put down without a joker leaves the table: the moves after it.
    if (
        game.name == "scala40"
        and depth > 1
        and state.rules.discard_four_of_a_kind
        and any(_natural_four(move) for move in moves)
    ):
        found["S40-V-FOURKIND"] = None
    return _ordered(found)


def _natural_four(move: Any) -> bool:
    """Whether a move puts down a set of four natural cards."""
    words = str(move).split()
    if words[0] != "meld" or len(words) != 5 or any("JK" in word for word in words):
        return False
    return len({word[:-1] for word in words[1:]}) == 1

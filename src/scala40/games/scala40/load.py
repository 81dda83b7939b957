"""Checking Scala 40 states: how a state's fields fit together (the rules of a position:
each field alone is checked, read and written by its spec, in
:mod:`~scala40.games.scala40.state_record`), the cards a position places, and reading the melds
of a saved table.
"""

from __future__ import annotations

from scala40._base.load import deal_problems, last_hand_problems, table_problems
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40._format.serial import card_counts, count_problems, deck_counts, read_meld_text
from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.games.scala40 import engine
from scala40.games.scala40.moves import PutDown, parse_meld_spec
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.result import MAX_PLACED
from scala40.games.scala40.rules import MatchFormat, RestockMethod, Ruleset
from scala40.games.scala40.state_record import StateRecord
from scala40.melds import Meld, MeldRules

__all__ = ["MAX_PLACED", "consistency_problems", "meld_from_spec"]


def meld_from_spec(spec: str, rules: Ruleset) -> Meld:
    """Read a table meld written like ``8C 9C JK=10C`` (each wild card with its card).

    :raises InvalidArgumentError: ``rules`` is not a :class:`~scala40.Ruleset`.
    :raises InvalidMoveError, IllegalMoveError: ``spec`` is not the text of a valid meld.
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Ruleset, got {describe(rules)}")
    return read_meld_text(
        spec, (spec, rules.meld_rules), _SPEC_MELDS, lambda text: _meld(text, rules)
    )


def _meld(text: str, rules: Ruleset) -> Meld:
    return engine.resolve_meld(PutDown(*parse_meld_spec(text.split())), rules)


_SPEC_MELDS: BoundedCache[tuple[str, MeldRules], Meld] = BoundedCache(
    "Scala 40 table melds read", limit=HAND_LIMIT
)
"""The melds :func:`meld_from_spec` read, by their text and the meld rules (which alone
decide the meld)."""


def consistency_problems(state: StateRecord) -> list[str]:
    problems: list[str] = []
    n = state.player_count
    rules = state.rules
    phase = state.phase
    in_hand = phase in (Phase.DRAW, Phase.PLAY, Phase.RESTOCK)
    over = phase is Phase.OVER
    if not any(state.active):
        problems.append("no player is still in the match")
    elif not over and sum(state.active) < 2:
        problems.append("only one player is still in the match, which should be over")
    # (The seats of the turn and the dealer are checked with the fields: they are seats.)
    if not over and not state.active[state.turn]:
        problems.append(f"player {state.turn} is to move but is out of the match")
    if not over and not state.active[state.dealer]:
        problems.append(f"the dealer, player {state.dealer}, is out of the match")
    if phase is Phase.DEAL:
        problems.extend(deal_problems(state.turn, state.dealer, "player"))
    # Every card of the deck is somewhere, exactly once (C-DECK).
    found = card_counts(state.stock, state.discard, *state.hands, *(m.cards for m in state.table))
    placed_any = any(found)
    # A match may end by resignations before its first deal (C-RESIGN).
    undealt = phase is Phase.DEAL or (over and state.hand_number == 0 and bool(state.resigned))
    if not undealt or placed_any:
        problems.extend(count_problems(found, deck_counts(rules.deck)))
    if state.hand_number == 0 and (not undealt or placed_any):
        problems.append("hand number 0 is the deal of the first hand, before any card is placed")
    problems.extend(table_problems(state.table, rules.meld_rules, "is not valid under the rules"))
    for player in range(n):
        if in_hand and not state.active[player]:
            if state.hands[player]:
                problems.append(f"player {player} is out of the match but holds cards")
            if state.opened[player] or state.turns_played[player]:
                problems.append(f"player {player} is out of the match but has played this hand")
    problems.extend(_score_problems(state))
    if len(set(state.winners)) != len(state.winners) or any(
        not 0 <= seat < n for seat in state.winners
    ):
        problems.append(
            f"winners must be distinct players from 0 to {n - 1}, got {list(state.winners)}"
        )
    # What a turn sets from its draw on: none of it before, nor between hands.
    details = bool(
        state.taken is not None or state.opening_value or state.taken_must_use or state.taken_used
    )
    if in_hand:
        problems.extend(_turn_problems(state, details))
    elif details:
        problems.append(
            f"turn details (taken card, opening value) are set at the {phase.value} phase"
        )
    if state.last_hand is not None:
        problems.extend(_hand_result_problems(state, state.last_hand))
    return problems


def _score_problems(state: StateRecord) -> list[str]:
    """The totals and who is still in, as the match format makes them (S40-ELIM, its
    variants)."""
    rules = state.rules
    fmt = rules.match_format
    over = state.phase is Phase.OVER
    problems: list[str] = []
    if fmt is MatchFormat.SINGLE and any(state.scores):
        problems.append("match_format 'single' keeps no totals, but the scores are not 0")
    resigned = state.resigned
    if fmt in (MatchFormat.SINGLE, MatchFormat.NO_ELIMINATION):
        if any(not playing and seat not in resigned for seat, playing in enumerate(state.active)):
            problems.append(f"nobody drops out under match_format {fmt.value!r}")
        limit = rules.no_elimination_limit
        if fmt is MatchFormat.NO_ELIMINATION and not over and max(state.scores) >= limit:
            problems.append(
                f"a total reached no_elimination_limit ({limit}) but the match is not over"
            )
        return problems
    target = rules.elimination_score
    for player, (score, playing) in enumerate(zip(state.scores, state.active)):
        if playing and score >= target:
            problems.append(
                f"player {player} is still in with {score}, at or past the elimination score "
                f"{target}"
            )
        elif not playing and score < target and player not in resigned:
            # A player who resigned is out whatever his total (C-RESIGN).
            problems.append(
                f"player {player} is out with {score}, below the elimination score {target}"
            )
    return problems


def _turn_problems(state: StateRecord, details: bool) -> list[str]:
    """The rules of the turn in progress (the draw, play and restock phases), the turn's
    ``details`` set or not."""
    problems: list[str] = []
    rules = state.rules
    phase = state.phase
    turn = state.turn
    mover_hand = state.hands[turn]
    for player, hand in enumerate(state.hands):
        if not state.active[player]:
            continue
        most = rules.hand_size + (1 if player == turn and phase is not Phase.DRAW else 0)
        if len(hand) > most:
            problems.append(f"player {player} holds {len(hand)} cards, more than {most}")
        if not hand and player != turn:
            problems.append(f"player {player} holds no card, but the hand goes on")
    if phase is Phase.DRAW:
        if not state.stock:
            problems.append("the stock is empty at a draw (the hand should have ended)")
        # (Whether the player had opened when the turn began is set by the draw.)
        if details:
            problems.append("turn details (taken card, opening value) are set before the draw")
    if phase is Phase.RESTOCK:
        if state.stock or not state.discard:
            problems.append(
                "the stock is rebuilt only once it is empty, from a discard pile that is not "
                "(S40-RESTOCK)"
            )
        if rules.restock is not RestockMethod.SHUFFLE:
            problems.append("a flipped discard pile is never reshuffled (S40-V-RESTOCK-FLIP)")
    if state.opening_value and state.opened[turn]:
        problems.append("opening_value is set for a player who has opened")
    if state.opening_value < 0:
        problems.append("opening_value must not be negative")
    elif state.opening_value and state.opening_value >= rules.opening_threshold:
        problems.append(
            f"opening_value {state.opening_value} reaches the threshold "
            f"{rules.opening_threshold}: the player would have opened"
        )
    if not mover_hand:
        problems.append(f"player {turn} is to move but holds no card")
    elif len(mover_hand) == 1 and phase is not Phase.DRAW and not state.opened[turn]:
        # Only melds shrink a hand, and a player who has not opened melds only towards
        # the opening, which opens him once complete: no play leads here.
        problems.append(
            f"player {turn} has not opened but holds a single card after the draw (S40-OPEN)"
        )
    if phase is Phase.DRAW:
        return problems
    if state.opened_at_turn_start and not state.opened[turn]:
        problems.append("the player to move had opened when the turn began, but has not now")
    if state.taken_used and not state.taken_must_use:
        problems.append("taken_used is set, but no card taken had to be melded")
    if state.taken_must_use and state.taken is None:
        problems.append("taken_must_use is set, but no card was taken")
    if (
        state.taken is not None
        and not state.taken_must_use
        and not rules.first_player_takes_upcard
    ):
        problems.append("a card was taken to keep, which needs S40-V-UPCARD")
    if state.taken_must_use and not state.taken_used and state.taken not in state.hands[turn]:
        problems.append("the card taken from the discard pile is not in the player's hand")
    if state.taken_must_use and not state.opened_at_turn_start and not rules.discard_draw_to_open:
        problems.append(
            "a player who had not opened took the top discard to meld it, which needs "
            "S40-V-EARLYDISCARD"
        )
    return problems


def _hand_result_problems(state: StateRecord, result: HandResult) -> list[str]:
    """How the last hand ended, against the state that followed it."""
    problems: list[str] = []
    rules = state.rules
    fmt = rules.match_format
    after = state.phase in (Phase.DEAL, Phase.OVER)
    problems.extend(last_hand_problems(result, state.hand_number, after, rules.deck))
    if result.closer is not None and result.points[result.closer]:
        problems.append("last_hand: the closer scores no points")
    if (result.closer is None or fmt is MatchFormat.SINGLE) and any(result.points):
        problems.append("last_hand: a blocked hand, or a single hand, scores no points")
    if result.doubled and not rules.double_on_open_and_close:
        problems.append("last_hand: doubled points need S40-V-DOUBLE")
    if result.reentered and fmt is not MatchFormat.REENTRY:
        problems.append("last_hand: players re-enter only under S40-V-REENTRY")
    if result.eliminated and fmt not in (MatchFormat.ELIMINATION, MatchFormat.REENTRY):
        problems.append(f"last_hand: nobody drops out under match_format {fmt.value!r}")
    if set(result.eliminated) & set(result.reentered):
        problems.append("last_hand: a player both dropped out and re-entered")
    if any(state.active[seat] for seat in result.eliminated):
        problems.append("last_hand: a player who dropped out is still in the match")
    return problems

"""An engine for ``scala40 conformance`` that answers from the library itself, with one
planted mistake when asked (``python -m tests.conformance_engine PLANT``): the runner must
report it with its position and rule IDs, and nothing else.

Plants: ``none``; ``drop-move`` (lists a position's moves without its last); ``allow``
(judges every move legal); ``refuse-all`` (judges every move illegal); ``perft`` (counts
one sequence more); ``score`` (one point more for seat 0); ``meld`` (calls an ambiguous
meld a meld); ``match`` (says every match goes on); ``deal`` (answers a deal with the
stock's top card first); ``skip-all`` (skips every request); ``escapes`` (answers every meld with its
verdict and a reading full of terminal escapes); ``garbage`` (answers a line that is not
JSON); ``deep`` (answers JSON nested 100,000 deep); ``silent`` (answers nothing);
``exit`` (exits at the first request, saying why on its standard error); and a rule's
mistake, ``rule:GAME:OPTION=VALUE`` (answers every request of GAME as the library does
under the request's rules with OPTION set to VALUE, a JSON value: an opening threshold of
41, a close limit of 6, no contract...).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from scala40.cards import as_cards
from scala40.conformance.corpus import corpus_rulesets
from scala40.conformance.deals import deal_answer
from scala40.errors import IllegalMoveError, Scala40Error
from scala40.game import load_game, position_from_text
from scala40.melds import meld_interpretations
from scala40.perft import canonical_moves, perft
from scala40.texts import text_of


def _reading(game: Any, meld: Any) -> dict[str, Any]:
    """A meld as an engine answers it: its text, and its value where the game gives one
    (Scala 40's meld value, Skarney's points; none in the knock games)."""
    reading: dict[str, Any] = {"meld": text_of(game).meld(meld, False)}
    if game.name == "scala40":
        reading["value"] = text_of(game).meld_value(meld)
    elif game.name == "skarney":
        reading["value"] = text_of(game).meld_points(meld)
    return reading


def _mistaken(request: dict[str, Any], plant: str) -> Any:
    """The request's rules with the planted rule's mistake, or ``None`` where the plant
    is no rule's or the request not of its game."""
    if not plant.startswith("rule:"):
        return None
    game, change = plant.removeprefix("rule:").split(":", 1)
    if request["game"] != game:
        return None
    option, value = change.split("=", 1)
    rules = corpus_rulesets(game)[request["ruleset"]]
    return rules.replace(**{option: json.loads(value)})


def _answer(request: dict[str, Any], plant: str) -> dict[str, Any]:
    mistaken = _mistaken(request, plant)
    if mistaken is not None and "position" in request:
        state = position_from_text(request["position"])
        request = {**request, "state": state.copy_with(rules=mistaken)}
    op = request["op"]
    if op == "meld":
        game = load_game(request["game"])
        rules: Any = mistaken or corpus_rulesets(game)[request["ruleset"]]
        readings = [
            _reading(game, meld)
            for meld in meld_interpretations(as_cards(request["cards"]), rules.meld_rules)
        ]
        verdict = {0: "not a meld", 1: "meld"}.get(len(readings), "ambiguous")
        if plant == "meld" and verdict == "ambiguous":
            verdict = "meld"
        if plant == "escapes":
            hostile = "\x1b[2J\x1b]0;owned\x07\u009b31m\u202e\nmeld"
            return {"verdict": verdict, "readings": [{"meld": hostile, "value": 10**400}]}
        return {"verdict": verdict, "readings": readings}
    if op == "deal":
        game = load_game(request["game"])
        rules = mistaken or corpus_rulesets(game)[request["ruleset"]]
        answer = deal_answer(game, rules, request["players"], request["dealer"], request["deck"])
        answer.pop("reason", None)
        if plant == "deal" and "stock" in answer:
            answer["stock"] = " ".join(reversed(answer["stock"].split()))
        return answer
    state = request.get("state") or position_from_text(request["position"])
    if op == "moves":
        moves = [str(move) for move in canonical_moves(state)]
        return {"moves": moves[:-1] if plant == "drop-move" else moves}
    if op == "judge":
        try:
            state.apply(request["move"])
        except IllegalMoveError:
            return {"legal": plant == "allow"}
        except Scala40Error:
            return {"skip": True}
        return {"legal": plant != "refuse-all"}
    if op in ("score", "match") and mistaken is not None:
        try:
            state.apply(request["move"])
        except Scala40Error:  # the move is no legal move under the mistaken rules
            return {"points": None} if op == "score" else {"over": None}
    if op == "score":
        after = state.apply(request["move"])
        points = list(after.last_hand.points)
        if plant == "score":
            points[0] += 1
        return {"points": points}
    if op == "match":
        after = state.apply(request["move"])
        active = getattr(after, "active", None) or ()
        return {
            "totals": list(after.scores),
            "out": [seat for seat, on in enumerate(active) if not on],
            "over": bool(after.is_over) and plant != "match",
            "winners": list(after.winners) if after.is_over and plant != "match" else [],
        }
    if op == "perft":
        count = perft(state, request["depth"], node_limit=10_000_000)
        return {"count": count + (plant == "perft")}
    return {"skip": True}


def main() -> None:
    plant = sys.argv[1] if len(sys.argv) > 1 else "none"
    for raw in sys.stdin:
        if plant == "exit":
            print("engine: no rules loaded, \x1b[31mgiving up\x1b[0m", file=sys.stderr)
            return
        if plant == "silent":
            time.sleep(60)
            return
        if plant == "garbage":
            print("this is no JSON", flush=True)
            continue
        if plant == "deep":
            print("[" * 100_000, flush=True)
            continue
        if plant == "skip-all":
            print('{"skip": true}', flush=True)
            continue
        print(json.dumps(_answer(json.loads(raw), plant)), flush=True)


if __name__ == "__main__":
    main()

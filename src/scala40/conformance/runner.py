"""The conformance runner: drive another implementation (an *engine*, any program that
reads JSON lines on its standard input and answers one JSON line each on its standard
output) over the corpus, and report every answer that differs from the library's, with
its position, the two answers, the IDs of the rules at stake and the library's reason
where the line holds one.

The protocol: for each corpus line, the runner sends one request, an object with the
line's ``id``, ``game``, ``preset`` and an ``op``:

* ``{"op": "moves", "position": TEXT}``: answer ``{"moves": [TEXT, ...]}``, the
  position's legal moves as the library writes them (any order: the runner sorts them);
* ``{"op": "judge", "position": TEXT, "move": TEXT}``: answer ``{"legal": BOOL}``. A
  refusal line is asked about its refused move, then about the legal moves just before
  and just after it in the position's canonical order (its near neighbours, which the
  library lists at run time): an engine that calls every move illegal disagrees;
* ``{"op": "meld", "cards": TEXT}``: the cards taken as a set, in any order; answer
  ``{"verdict": "meld" | "ambiguous" | "not a meld"}`` (one reading, several, none), with,
  where it likes, ``"readings": [{"meld": TEXT, "value": INT}, ...]``, every meld the
  cards make as the library writes it, compared in any order;
* ``{"op": "score", "position": TEXT, "move": TEXT}``: the move ends a hand; answer
  ``{"points": [INT, ...]}``, what the hand scored for each seat;
* ``{"op": "match", "position": TEXT, "move": TEXT}``: the move ends a hand (or decides
  a re-entry); answer ``{"totals": [INT, ...], "out": [SEAT, ...], "over": BOOL,
  "winners": [SEAT, ...]}``, each seat's running total after it, the seats out of the
  match, whether the match is over, and its winners (none while it goes on), the lists of
  seats in any order;
* ``{"op": "perft", "position": TEXT, "depth": INT}``: answer ``{"count": INT}``;
* ``{"op": "deal", "players": INT, "dealer": SEAT, "deck": TEXT}``: the deck's cards in
  the order they are dealt from, the top card last; answer ``{"hands": [TEXT, ...],
  "stock": TEXT, "upcard": TEXT | null, "first": SEAT}``, each seat's hand (its cards in
  any order), the stock (its top card last), the card turned up where the game turns one,
  and the seat that plays first; or ``{"refused": true}`` where the rules allow no such
  deal (a table size out of range, a deck that is not the rules' pack).

An engine answers ``{"skip": true}`` to a request it does not handle: counted, not a
disagreement, but a run with a skipped answer, a section that judged nothing, or a
refusal section that judged no legal move is not a complete run (:attr:`Report.gaps`),
and does not pass. Each request must be read and each answer come within the runner's
``timeout``; an answer is at most :data:`MAX_ANSWER_BYTES` long and nested at most
:data:`MAX_ANSWER_DEPTH` levels. An engine that reads no request, answers late, too long,
too deep, not JSON, or exits, is reported in one line and the run stops. The engine runs
in a process group of its own, killed with every process in it when the run ends.
"""

from __future__ import annotations

import bisect
import json
import shlex
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from scala40.checks import describe, is_int
from scala40.conformance._process import EngineProcess, EngineStoppedError
from scala40.conformance._text import bounded_data, bounded_json, printable, shown
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error
from scala40.game import position_from_text
from scala40.perft import canonical_moves

__all__ = [
    "MAX_ANSWER_BYTES",
    "MAX_ANSWER_DEPTH",
    "Disagreement",
    "EngineError",
    "Report",
    "legal_moves_asked",
    "request_for",
    "run_engine",
]

MAX_ANSWER_BYTES = 1_000_000
"""The longest answer line read from an engine (far more than any position's moves)."""
MAX_ANSWER_DEPTH = 8
"""The deepest nesting of an answer read (an answer of the protocol nests 3 levels)."""


class EngineError(Scala40Error, RuntimeError):
    """The engine could not be run or stopped answering by the protocol (it exited, read
    no request or sent no answer within the timeout, or sent a line that is too long,
    too deeply nested or not a JSON object)."""


@attrs.frozen
class Disagreement:
    """One answer of the engine that differs from the library's. Every text in it is
    printable (what the engine or the corpus sent is escaped)."""

    id: str
    """The corpus line's ``id``."""
    section: str
    rules: tuple[str, ...]
    """The IDs of the rules at stake."""
    subject: str
    """What was asked: the position and move, or the cards."""
    expected: str
    """The library's answer, in words."""
    got: str
    """The engine's answer, in words."""
    expected_answer: Any = None
    """The library's answer as data, the fields an engine answers with (``{"legal":
    false}``, ``{"points": [102, 0]}``...)."""
    got_answer: Any = None
    """The engine's answer as data, as it sent it: every text in it escaped
    (:func:`~scala40.conformance._text.printable`), long texts and lists cut
    (:func:`~scala40.conformance._text.bounded_data`)."""
    reason: str | None = None
    """The library's reason, where the line holds one (why a move is refused, why cards
    are not a meld, why a deal is refused), escaped; ``None`` elsewhere."""

    def text(self) -> str:
        """The disagreement as the command line prints it."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        reason = f"\n  reason:   {self.reason}" if self.reason is not None else ""
        return (
            f"{self.id}{rules}\n  {self.subject}\n  expected: {self.expected}\n"
            f"  got:      {self.got}{reason}"
        )


@attrs.frozen
class Report:
    """What a run found: per section, the answers agreed and skipped, each disagreement,
    and how many of the refusal section's judged moves were legal ones."""

    agreed: Mapping[str, int]
    """The answers that agreed with the library's, per section asked."""
    skipped: Mapping[str, int]
    """The requests the engine skipped (``{"skip": true}``), per section asked."""
    disagreements: tuple[Disagreement, ...]
    legal_judged: int = 0
    """The answers (not skipped) about a legal move, in the refusal section."""

    def disagreed(self, section: str) -> int:
        """The answers of ``section`` that differed from the library's."""
        return sum(1 for item in self.disagreements if item.section == section)

    @property
    def gaps(self) -> tuple[str, ...]:
        """What the run did not judge, in words: the sections with skipped requests,
        those that judged nothing, and a refusal section that judged no legal move."""
        found = []
        for section in self.agreed:
            count = self.skipped[section]
            skipped = f"{count} {'request' if count == 1 else 'requests'} skipped"
            if not self.agreed[section] + self.disagreed(section):
                found.append(f"{section}: nothing judged" + (f" ({skipped})" if count else ""))
                continue
            if count:
                found.append(f"{section}: {skipped}")
            if section == "refusal" and not self.legal_judged:
                found.append("refusal: no legal move judged")
        return tuple(found)

    @property
    def passed(self) -> bool:
        """Whether no answer differed from the library's and nothing was left unjudged
        (no :attr:`gaps`)."""
        return not self.disagreements and not self.gaps

    def summary(self) -> list[str]:
        """One line a section: answers agreed, disagreed, skipped (for the refusal
        section, how many of the moves judged were legal)."""
        lines = []
        for section in self.agreed:
            line = (
                f"{section}: {self.agreed[section]} agreed, {self.disagreed(section)} "
                f"disagreed, {self.skipped[section]} skipped"
            )
            if section == "refusal":
                line += f" ({self.legal_judged} of the moves judged legal)"
            lines.append(line)
        return lines


_OPS = {
    "deal": "deal",
    "moves": "moves",
    "refusal": "judge",
    "meld": "meld",
    "score": "score",
    "match": "match",
    "perft": "perft",
}
_FIELDS = {
    "deal": ("players", "dealer", "deck"),
    "moves": ("position",),
    "refusal": ("position", "move"),
    "meld": ("cards",),
    "score": ("position", "move"),
    "match": ("position", "move"),
    "perft": ("position", "depth"),
}


def request_for(line: Mapping[str, Any]) -> dict[str, Any]:
    """The request the runner sends an engine for a corpus line (for a refusal line, the
    request about its refused move).

    >>> from scala40.conformance.runner import request_for
    >>> line = {"id": "x/1", "section": "meld", "game": "scala40", "preset": "official",
    ...         "cards": "JK 9C 8C", "verdict": "meld", "value": 27}
    >>> request_for(line)
    {'op': 'meld', 'id': 'x/1', 'game': 'scala40', 'preset': 'official', 'ruleset': 'official', 'cards': 'JK 9C 8C'}
    """
    section = line["section"]
    request = {"op": _OPS[section], "id": line["id"], "game": line["game"]}
    request["preset"] = line["preset"]
    request["ruleset"] = line.get("ruleset", line["preset"])
    for name in _FIELDS[section]:
        request[name] = line[name]
    return request


def legal_moves_asked(line: Mapping[str, Any]) -> tuple[str, ...]:
    """The legal moves a refusal line's engine is asked to judge besides the refused
    move: the legal moves just before and just after it in the position's canonical
    order (fewer where it has no neighbour on one side, none where nobody moves).

    >>> from scala40.conformance import corpus_lines
    >>> from scala40.conformance.runner import legal_moves_asked
    >>> line = next(line for line in corpus_lines("chinchon", "catsatcards")
    ...             if line["section"] == "refusal")
    >>> line["move"], legal_moves_asked(line)
    ('discard 2C', ('draw',))

    :raises InvalidValueError: the line's position cannot be read, or its moves listed.
    """
    try:
        moves = [str(move) for move in canonical_moves(position_from_text(line["position"]))]
    except Scala40Error as error:
        raise InvalidValueError(
            f"{printable(str(line['id']), 80)}: its position's moves cannot be listed: "
            f"{printable(str(error), 200)}"
        ) from None
    at = bisect.bisect_left(moves, line["move"])
    return tuple(
        move for move in dict.fromkeys(moves[max(at - 1, 0) : at + 1]) if move != line["move"]
    )


def _subject(line: Mapping[str, Any], move: str | None) -> str:
    if line["section"] == "meld":
        return f"cards: {printable(line['cards'])}"
    if line["section"] == "deal":
        return (
            f"players: {line['players']}, dealer: seat {line['dealer']}\n"
            f"  deck: {printable(line['deck'], 120)}"
        )
    subject = f"position: {printable(line['position'])}"
    if move is not None:
        subject += f"\n  move: {printable(move)}"
    if "depth" in line and line["section"] == "perft":
        subject += f"\n  depth: {line['depth']}"
    return subject


def _counted(count: int, noun: str) -> str:
    """``count`` of a ``noun``, in words: "1 move", "3 moves"."""
    return f"{count:,} {noun if count == 1 else noun + 's'}"


def _moves_words(count: int) -> str:
    return _counted(count, "move")


def _listed(items: Sequence[str]) -> str:
    """Texts in words: each escaped, separated by commas, the first 20 and how many
    more."""
    head = ", ".join(printable(item, 80) for item in items[:20])
    return head + (f" and {len(items) - 20} more" if len(items) > 20 else "")


def _judged(
    line: Mapping[str, Any], answer: Mapping[str, Any], legal: str | None
) -> tuple[str, str] | None:
    """The library's answer and the engine's, in words, where they differ; else None.
    ``legal`` is the legal move a refusal line's request asked about, if it did."""
    section = line["section"]
    if section == "moves":
        got = answer.get("moves")
        if not isinstance(got, list) or not all(isinstance(move, str) for move in got):
            return "a list of moves", f"no list of moves: {shown(got)}"
        expected = line["moves"]
        if sorted(got) == expected:
            return None
        mine, theirs = set(expected), set(got)
        missing = [move for move in expected if move not in theirs]
        extra = sorted(move for move in theirs if move not in mine)
        twice = len(got) != len(theirs)
        return (
            _moves_words(len(expected)),
            f"{_moves_words(len(got))}; missing: {_listed(missing) if missing else 'none'}; "
            f"not legal: {_listed(extra) if extra else 'none'}"
            + ("; some listed twice" if twice else ""),
        )
    if section == "refusal":
        verdict = answer.get("legal")
        said = (
            {True: "legal", False: "illegal"}.get(verdict) if isinstance(verdict, bool) else None
        )
        said = said or f"no verdict of legal: {shown(verdict)}"
        if legal is not None:
            return None if verdict is True else ("legal", said)
        if verdict is False:
            return None
        return "illegal", said  # the reason goes beside (Disagreement.reason)
    if section == "meld":
        verdict = answer.get("verdict")
        expected = line["verdict"]
        valued = all("value" in reading for reading in line.get("readings", ()))
        ours = [(reading["meld"], reading.get("value")) for reading in line.get("readings", ())]
        if verdict != expected:
            return _meld_words(expected, ours), shown(verdict)
        if "readings" in answer:
            theirs = answer["readings"]
            if not isinstance(theirs, list) or not all(isinstance(item, dict) for item in theirs):
                return _meld_words(expected, ours), f"no list of readings: {shown(theirs)}"
            # Sorted by their repr: an engine's values may be of any JSON type (bounded in
            # depth, so that repr does not recurse without end).
            got = sorted(
                ((item.get("meld"), item.get("value") if valued else None) for item in theirs),
                key=repr,
            )
            if got != sorted(ours, key=repr):
                return _meld_words(expected, ours), _meld_words(str(verdict), got)
        return None
    if section == "deal":
        return _deal_judged(line, answer)
    if section == "match":
        return _match_judged(line, answer)
    if section == "score":
        if answer.get("points") == line["points"]:
            return None
        got = answer.get("points")
        said = (
            f"points {_numbers(got)}"
            if isinstance(got, list) and _is_ints(got)
            else f"no points: {shown(got)}"
        )
        return f"points {_numbers(line['points'])}", said
    if answer.get("count") == line["count"]:
        return None
    got = answer.get("count")
    said = _counted(got, "sequence") if is_int(got) else f"no count: {shown(got)}"
    return _counted(line["count"], "sequence"), said


def _seats(value: object) -> list[int] | None:
    """A list of seats, sorted (an answer's seats come in any order), or None."""
    return sorted(value) if isinstance(value, list) and _is_ints(value) else None


def _seat_words(value: object) -> str:
    """Seats in words: "nobody", "seat 1", "seats 0, 2" (what is no list of seats, as
    it was sent, escaped)."""
    seats = _seats(value)
    if seats is None:
        return shown(value)
    if not seats:
        return "nobody"
    return f"seat {seats[0]}" if len(seats) == 1 else f"seats {_numbers(seats)}"


def _match_words(totals: object, out: object, over: object, winners: object) -> str:
    said = (
        f"totals {_numbers(totals)}"
        if isinstance(totals, list) and _is_ints(totals)
        else f"no totals: {shown(totals)}"
    )
    said += "; out: " + _seat_words(out)
    if over is True:
        said += "; over, won by " + _seat_words(winners)
    elif over is False:
        said += "; the match goes on"
    else:
        said += f"; no word on its end: {shown(over)}"
    return said


def _match_judged(line: Mapping[str, Any], answer: Mapping[str, Any]) -> tuple[str, str] | None:
    got = (answer.get("totals"), answer.get("out"), answer.get("over"), answer.get("winners"))
    expected = (line["totals"], line["out"], line["over"], line["winners"])
    if (
        got[0] == expected[0]
        and _seats(got[1]) == expected[1]
        and got[2] is expected[2]
        and _seats(got[3]) == expected[3]
    ):
        return None
    return _match_words(*expected), _match_words(*got)


def _hand_cards(value: object) -> list[str] | None:
    """A hand's cards, sorted (an answer's hand comes in any order), or None."""
    return sorted(value.split()) if isinstance(value, str) else None


def _deal_words(answer: Mapping[str, Any]) -> str:
    if answer.get("refused") is True:
        return "refused"
    hands = answer.get("hands")
    if not isinstance(hands, list) or not all(isinstance(hand, str) for hand in hands):
        return f"no hands: {shown(hands)}"
    stock = answer.get("stock")
    upcard = answer.get("upcard")
    return (
        f"hands of {_numbers([len(hand.split()) for hand in hands])} cards; "
        + (f"a stock of {_counted(len(stock.split()), 'card')}" if isinstance(stock, str)
           else f"no stock: {shown(stock)}")
        + f"; upcard {'none' if upcard is None else shown(upcard)}"
        + f"; seat {shown(answer.get('first'))} first"
    )  # fmt: skip


def _deal_judged(line: Mapping[str, Any], answer: Mapping[str, Any]) -> tuple[str, str] | None:
    if "refused" in line:
        if answer.get("refused") is True:
            return None
        return f"refused: {printable(line['reason'], 300)}", _deal_words(answer)
    if answer.get("refused") is not True:
        hands = answer.get("hands")
        differs = [
            name
            for name, same in (
                (
                    "hands",
                    isinstance(hands, list)
                    and [_hand_cards(hand) for hand in hands]
                    == [_hand_cards(hand) for hand in line["hands"]],
                ),
                ("stock", answer.get("stock") == line["stock"]),
                ("upcard", answer.get("upcard") == line["upcard"] and "upcard" in answer),
                ("first", answer.get("first") == line["first"] and is_int(answer.get("first"))),
            )
            if not same
        ]
        if not differs:
            return None
        return _deal_words(line), f"{_deal_words(answer)} (differs: {', '.join(differs)})"
    return _deal_words(line), "refused"


def _is_ints(value: object) -> bool:
    return isinstance(value, list) and all(is_int(item) for item in value)


def _numbers(values: Sequence[int]) -> str:
    return ", ".join(str(value) for value in values[:20]) + (" ..." if len(values) > 20 else "")


_ANSWER_FIELDS = {
    "moves": ("moves",),
    "refusal": ("legal",),
    "meld": ("verdict", "readings"),
    "score": ("points",),
    "match": ("totals", "out", "over", "winners"),
    "perft": ("count",),
    "deal": ("hands", "stock", "upcard", "first", "refused"),
}
"""The fields of an engine's answer that each section reads."""


def _expected_answer(line: Mapping[str, Any], legal: str | None) -> dict[str, Any]:
    """The library's answer to a line's request, as an engine would send it."""
    section = line["section"]
    if section == "moves":
        return {"moves": list(line["moves"])}
    if section == "refusal":
        return {"legal": legal is not None}
    if section == "meld":
        return {"verdict": line["verdict"], "readings": list(line.get("readings", ()))}
    if section == "score":
        return {"points": list(line["points"])}
    if section == "match":
        return {name: line[name] for name in _ANSWER_FIELDS["match"]}
    if section == "deal":
        if "refused" in line:
            return {"refused": True}
        return {name: line[name] for name in ("hands", "stock", "upcard", "first")}
    return {"count": line["count"]}


def _meld_words(verdict: str, readings: Sequence[tuple[Any, Any]]) -> str:
    if not readings:
        return printable(verdict)
    shown_readings = "; ".join(
        shown(meld) if value is None else f"{shown(meld)} worth {shown(value)}"
        for meld, value in readings[:20]
    )
    more = f"; and {len(readings) - 20} more" if len(readings) > 20 else ""
    return f"{printable(verdict)}: {shown_readings}{more}"


def _read_answer(raw: bytes, label: str) -> dict[str, Any]:
    try:
        answer = bounded_json(raw.decode("utf-8"), MAX_ANSWER_DEPTH)
    except ValueError as error:  # not UTF-8, not JSON, or too deep
        raise EngineError(
            f"the answer to {label} is not JSON ({error}): {shown(raw[:200])}"
        ) from None
    if not isinstance(answer, dict):
        raise EngineError(f"the answer to {label} is not a JSON object: {shown(answer)}")
    return answer


def _engine_argv(command: str) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise InvalidValueError(f"the engine's command cannot be read: {error}") from None
    if not argv:
        raise InvalidValueError("the engine's command is empty")
    return argv


def run_engine(
    command: str,
    lines: Iterable[Mapping[str, Any]],
    *,
    timeout: float = 10.0,
    sections: Sequence[str] | None = None,
) -> Report:
    """Send an engine (``command``, split as a shell would) a request for each corpus line
    of the ``sections`` asked (every section by default), and for each refusal line one
    for each of :func:`~scala40.conformance.runner.legal_moves_asked`, and compare its
    answers with the library's.
    ``lines`` are lines of the corpus as :func:`scala40.conformance.read_corpus` gives
    them (checked there).

    :raises InvalidArgumentError: ``command`` is no text, or ``timeout`` no number.
    :raises InvalidValueError: ``command`` is empty or cannot be split, ``timeout`` is not
        from 0.01 to 3,600 seconds, a section is unknown, or a refusal line's position
        cannot be read.
    :raises EngineError: the engine could not be started or broke the protocol.
    """
    if not isinstance(command, str):
        raise InvalidArgumentError(f"command must be text, got {describe(command)}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise InvalidArgumentError(f"timeout must be a number, got {describe(timeout)}")
    if not 0.01 <= timeout <= 3600:
        raise InvalidValueError(f"timeout must be from 0.01 to 3,600 seconds, got {timeout}")
    wanted = tuple(_OPS) if sections is None else tuple(sections)
    for section in wanted:
        if section not in _OPS:
            raise InvalidValueError(
                f"unknown section {shown(section, 40)}: expected one of {', '.join(_OPS)}"
            )
    argv = _engine_argv(command)
    agreed = dict.fromkeys(wanted, 0)
    skipped = dict.fromkeys(wanted, 0)
    legal_judged = 0
    found: list[Disagreement] = []
    try:
        engine = EngineProcess(argv, float(timeout), MAX_ANSWER_BYTES)
    except EngineStoppedError as error:
        raise EngineError(printable(str(error), 400)) from None
    finished = False
    try:
        for line in lines:
            section = line["section"]
            if section not in agreed:
                continue
            questions: list[tuple[dict[str, Any], str | None]] = [(request_for(line), None)]
            if section == "refusal":
                questions += [
                    ({**request_for(line), "move": move}, move) for move in legal_moves_asked(line)
                ]
            label = printable(str(line["id"]), 80)
            for request, legal in questions:
                data = json.dumps(request, ensure_ascii=True).encode("ascii") + b"\n"
                try:
                    raw = engine.ask(data, label)
                except EngineStoppedError as error:
                    raise EngineError(str(error)) from None
                answer = _read_answer(raw, label)
                if answer.get("skip") is True:
                    skipped[section] += 1
                    continue
                legal_judged += legal is not None
                differs = _judged(line, answer, legal)
                if differs is None:
                    agreed[section] += 1
                    continue
                move = legal if legal is not None else line.get("move")
                found.append(
                    Disagreement(
                        label,
                        section,
                        tuple(printable(rule, 40) for rule in line.get("rules", ())),
                        _subject(line, move if section not in ("meld", "deal") else None),
                        *differs,
                        expected_answer=bounded_data(_expected_answer(line, legal)),
                        got_answer=bounded_data(
                            {
                                name: answer[name]
                                for name in _ANSWER_FIELDS[section]
                                if name in answer
                            }
                        ),
                        # The reason is the refused move's, not a legal neighbour's.
                        reason=(
                            printable(str(line["reason"]), 400)
                            if "reason" in line and legal is None
                            else None
                        ),
                    )
                )
        finished = True
    finally:
        engine.close(at_once=not finished)
    return Report(agreed, skipped, tuple(found), legal_judged)

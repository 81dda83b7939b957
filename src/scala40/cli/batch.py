"""Batch mode of ``scala40 check`` and ``scala40 hand`` (``--jsonl``): one request a line
on standard input, one verdict a line on standard output, in the same order.

A line is either the cards themselves (``JK 9C 8C``, under the command's ``--game`` and
``--rules``), or a JSON object naming them and, optionally, the game, the rules and an
``id`` the verdict repeats::

    {"id": 7, "game": "chinchon", "rules": "catsatcards", "cards": "AS 2S 3S"}

``rules`` is a preset's name or a ruleset's dictionary (``rules.to_dict()``). Every line
gets its verdict, a blank one too (no cards), so the answers pair with the requests line
by line: ``"line"`` (from 1), ``"id"`` when given, ``"game"``, ``"rules"`` (the preset's
name, or ``"custom"``) and ``"valid"``; then what the command reports (a meld's kind,
reading and value; a hand's value), or ``"reason"`` (why not) and, for a request that
could not be read at all, ``"error"`` (the class name of the library's error). Nothing
is added up and no verdict stops the batch: the exit code is 0, or 1 when a line was not
text (bytes that are not UTF-8) or could not be read.

Bounds: a line is at most :data:`MAX_LINE_BYTES` bytes (a longer one gets an error
verdict); the cards of a line at most :data:`~scala40.verdicts.MAX_CARDS_TEXT` characters; the rulesets
met are kept, at most :data:`MAX_RULESETS` at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import IO, Any

from scala40._cache import BoundedCache
from scala40.checks import describe
from scala40.commands import EXIT_INVALID, EXIT_OK, json_text
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error
from scala40.game import Game, load_game
from scala40.verdicts import MAX_CARDS_TEXT, Context, Request

__all__ = [
    "MAX_CARDS_TEXT",
    "MAX_LINE_BYTES",
    "MAX_RULESETS",
    "run_batch",
]

MAX_LINE_BYTES = 100_000
"""The longest line read, in bytes (a ruleset's dictionary is under 2 KB)."""
MAX_RULESETS = 256
"""The most (game, rules) pairs kept between lines."""

_FIELDS = frozenset({"id", "game", "rules", "cards"})
_MAX_ID = 200


class _Contexts:
    """The contexts met, by game and rules as written."""

    def __init__(self, game: Game, rules: str) -> None:
        self.default = self.get(game.name, rules)
        self.default_game = game

    _cache: BoundedCache[tuple[str, str], Context] = BoundedCache("batch rulesets", MAX_RULESETS)

    def get(self, game_name: str, rules: object) -> Context:
        key_text = rules if isinstance(rules, str) else json.dumps(rules, sort_keys=True)
        key = (game_name, key_text)
        found = self._cache.get(key)
        if found is not None:
            return found
        game = load_game(game_name)
        if rules is None or isinstance(rules, str):
            name = rules if rules is not None else game.ruleset_type.DEFAULT_PRESET
            ruleset = game.ruleset_type.preset(name)
            label = name
        elif isinstance(rules, Mapping):
            ruleset = game.ruleset_type.from_dict(rules)
            label = ruleset.preset_name() or "custom"
        else:
            raise InvalidArgumentError("'rules' must be a preset's name or a ruleset's object")
        return self._cache.put(key, Context(game, ruleset, label, ruleset.deck.counts()))


def _request(number: int, text: str, contexts: _Contexts) -> Request:
    stripped = text.strip()
    if not stripped.startswith("{"):
        if len(stripped) > MAX_CARDS_TEXT:
            raise InvalidValueError(f"the cards' text is at most {MAX_CARDS_TEXT} characters")
        return Request(number, None, contexts.default, stripped)
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError) as error:
        raise InvalidValueError(f"not JSON: {describe(str(error), 120)}") from None
    if not isinstance(data, dict):
        raise InvalidArgumentError("a line is cards, or a JSON object")
    unknown = sorted(str(key) for key in data if key not in _FIELDS)
    if unknown:
        raise InvalidArgumentError(
            f"unknown fields {describe(unknown, 100)}; fields: cards, game, rules, id"
        )
    given_id = data.get("id")
    if len(json.dumps(given_id)) > _MAX_ID:
        raise InvalidValueError(f"'id' is longer than {_MAX_ID} characters")
    cards = data.get("cards")
    if not isinstance(cards, str):
        raise InvalidArgumentError(f"'cards' must be the cards' text, got {describe(cards)}")
    if len(cards) > MAX_CARDS_TEXT:
        raise InvalidValueError(f"the cards' text is at most {MAX_CARDS_TEXT} characters")
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise InvalidArgumentError(f"'game' must be a game's name, got {describe(game)}")
    rules = data.get("rules")
    if game is None and rules is None:
        context = contexts.default
    else:
        name = contexts.default_game.name if game is None else load_game(game).name
        context = contexts.get(name, rules)
    return Request(number, given_id, context, cards)


def _id_of(text: str) -> Any:
    """The ``id`` of a line that could not be read as a request, if it holds one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and len(json.dumps(data.get("id"))) <= _MAX_ID:
        return data.get("id")
    return None


def _head(number: int, given_id: Any) -> dict[str, Any]:
    head: dict[str, Any] = {"line": number}
    if given_id is not None:
        head["id"] = given_id
    return head


def run_batch(
    requests: IO[Any],
    answers: IO[str],
    game: Game,
    rules: str,
    judge: Callable[[Request], dict[str, Any]],
) -> int:
    """Answer each line of ``requests`` (bytes, or text already decoded) with ``judge``'s
    verdict on one line of ``answers`` (see the module); ``game`` and ``rules`` (a
    preset's name) are those of the lines that name none. Returns the exit code."""
    contexts = _Contexts(game, rules)
    # A verdict may echo any text the line held (its id): it is written in a form the
    # output's encoding always takes, so that no line stops the batch.
    encoding = getattr(answers, "encoding", None) or "utf-8"

    def dumps(verdict: object) -> str:
        return json_text(verdict, encoding, compact=True)

    write = answers.write
    status = EXIT_OK
    number = 0
    while True:
        try:
            raw = requests.readline(MAX_LINE_BYTES + 1)
        except (OSError, UnicodeDecodeError) as error:
            reason = f"the input could not be read: {describe(str(error), 120)}"
            write(dumps(_refused(_head(number + 1, None), type(error).__name__, reason)) + "\n")
            return EXIT_INVALID
        if not raw:
            return status
        number += 1
        ending = b"\n" if isinstance(raw, bytes) else "\n"
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(ending):
            while True:  # the rest of an overlong line is skipped
                rest = requests.readline(MAX_LINE_BYTES)
                if not rest or rest.endswith(ending):
                    break
            reason = f"a line is at most {MAX_LINE_BYTES} bytes"
            verdict = _refused(_head(number, None), "InvalidValueError", reason)
        elif isinstance(raw, bytes):
            try:
                verdict = _verdict(number, raw.decode("utf-8"), contexts, judge)
            except UnicodeDecodeError:
                status = EXIT_INVALID
                reason = "the line is not text (UTF-8)"
                verdict = _refused(_head(number, None), "UnicodeDecodeError", reason)
        else:
            verdict = _verdict(number, raw, contexts, judge)
        write(dumps(verdict) + "\n")


def _refused(head: dict[str, Any], error: str, reason: str) -> dict[str, Any]:
    return {**head, "valid": False, "error": error, "reason": reason}


def _verdict(
    number: int, text: str, contexts: _Contexts, judge: Callable[[Request], dict[str, Any]]
) -> dict[str, Any]:
    try:
        request = _request(number, text, contexts)
    except Scala40Error as error:
        return _refused(_head(number, _id_of(text.strip())), type(error).__name__, str(error))
    head = _head(number, request.id)
    head["game"] = request.context.game.name
    head["rules"] = request.context.label
    try:
        return {**head, **judge(request)}
    except Scala40Error as error:
        return _refused(head, type(error).__name__, str(error))

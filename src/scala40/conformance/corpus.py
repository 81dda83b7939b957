"""The conformance corpus: test vectors for another implementation of the library's games,
made from fixed seeds, the same bytes each time they are made by the same version.

For every registered game and each of its presets, at the preset's usual table size, the
corpus holds one JSON object a line, each with its ``id``, its ``section``, the ``game``
and the ``preset``:

``moves``
    a position (a whole state's text, :doc:`notation`) from a seeded game between the
    library's greedy bots, its phase, and its legal moves in the canonical order
    (:func:`scala40.perft.canonical_moves`). Positions are taken where a new mix of move
    kinds is listed (the first lay-off, swap, split, offer, close or knock of a preset), and
    at a fixed stride besides, so that every phase is there.
``refusal``
    a position and a move that is no legal move there (a move legal a few moves earlier or
    later in the same game, a near miss), with the IDs of the rules that refuse it and the
    library's reason.
``meld``
    cards near a meld (a run or a set, with a card moved off, a wild card put in, a suit
    repeated), taken as a set (in any order), with their readings (every meld the cards
    make, as the library writes it, with its value and points, sorted by text) and the
    verdict: ``meld`` (one reading), ``ambiguous`` (several: what a wild card stands for
    decides which meld), or ``not a meld`` (none, with the reason and the rule IDs).
``score``
    a position whose next move ends a hand, that move, and what the hand scored for each
    seat (the game's own points: penalty points in Scala 40 and the knock games, a side's
    hand score in Skarney), with the cards each seat was left holding.
``perft``
    a position whose moves reach the harder rules, a depth, the number of move sequences
    to it (:func:`scala40.perft.perft`) and their split by first move.

The manifest (:func:`corpus_manifest`) names the format, the library's version, the rule
IDs the lines cite, and each file's lines and SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

from scala40 import __version__
from scala40._format.schema import array, card_text, enum_of, integer, obj, text
from scala40.bots import make_bot
from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card
from scala40.errors import (
    AmbiguousMeldError,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    SearchLimitError,
)
from scala40.game import Game, load_game
from scala40.melds import check_meld, meld_interpretations
from scala40.perft import canonical_moves, perft_divide

__all__ = [
    "CORPUS_FORMAT",
    "CORPUS_FORMAT_VERSION",
    "SECTIONS",
    "corpus_lines",
    "corpus_manifest",
    "corpus_text",
    "line_schema",
    "rule_ids",
]

CORPUS_FORMAT = "scala40.corpus"
"""The ``format`` the manifest names."""
CORPUS_FORMAT_VERSION = 1
"""The version of the lines' shape; a change that an implementation's runner must follow
raises it."""
SECTIONS = ("moves", "refusal", "meld", "score", "perft")
"""The sections, in the order each game's file lists them."""

_SEEDS = (1, 2, 3, 4, 5)
"""The seeds of the games the positions come from, one game each."""
_MAX_PLIES = 600
"""The moves of each seeded game looked at, at most: enough for every phase, and more
than one hand in every game."""
_STRIDE = 23
"""Besides the first position of each new mix of move kinds, one position every this
many moves."""
_MAX_POSITIONS = 40
_MAX_REFUSALS = 40
_MELDS = 60
_MAX_SCORES = 6
_PERFT_POSITIONS = 3
_PERFT_NODES = 20_000
"""A perft line is kept at depth 3 where it visits at most this many positions, else at
depth 2."""

_QUESTIONS = {
    "moves": "turn",
    "refusal": "turn",
    "meld": "meld",
    "score": "score",
    "perft": "turn",
}
"""The kind of question each section asks (:attr:`scala40.game.Game.rule_ids`), whose
rules its lines name (a refusal and a meld that is none name their reason's instead)."""

# "(S40-OPEN)", "(SK-MELDS, C-WILD)": the rule IDs that end a reason's clauses.
_RULE_ID = re.compile(r"\b(?:C|S40|SK|RU|CH|LC)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


def rule_ids(reason: str) -> list[str]:
    """The rule IDs a reason cites, each once, in the order cited.

    >>> from scala40.conformance.corpus import rule_ids
    >>> rule_ids("3C is not in the hand (S40-DISCARD)")
    ['S40-DISCARD']
    >>> rule_ids("neither a set nor a sequence (S40-SEQ, S40-SET, S40-JOKER)")
    ['S40-SEQ', 'S40-SET', 'S40-JOKER']
    """
    return list(dict.fromkeys(_RULE_ID.findall(reason)))


def _players(game: Game, rules: Any) -> int:
    return int(min(max(game.default_players, rules.min_players), rules.max_players))


def _verb(move: Any) -> str:
    return str(move).split(" ", 1)[0]


def _played(game: Game, rules: Any, seed: int) -> list[Any]:
    """The positions of one seeded game between greedy bots where a seat decides."""
    state = game.new_game(rules, players=_players(game, rules), seed=seed)
    bot = make_bot("greedy", game)
    rng = random.Random(seed)
    positions = []
    for _ in range(_MAX_PLIES):
        if state.is_over or state.current_player is None:
            break
        positions.append(state)
        legal = list(state.legal_moves())
        state = state.apply(bot.choose(state.view(state.current_player), legal, rng))
    return positions


def _head(game: Game, preset: str, section: str, number: int) -> dict[str, Any]:
    return {
        "id": f"{game.name}/{preset}/{section}/{number:03d}",
        "section": section,
        "game": game.name,
        "preset": preset,
        "rules": list(game.rule_ids.get(_QUESTIONS[section], ())),
    }


def _phase(state: Any) -> str | None:
    phase = getattr(state, "phase", None)
    value = getattr(phase, "value", phase)
    return None if value is None else str(value)


def _chosen(games: Sequence[Sequence[Any]]) -> list[Any]:
    """The positions the moves section lists: the first of each new mix of move kinds,
    then every :data:`_STRIDE`-th, at most :data:`_MAX_POSITIONS`."""
    seen: set[tuple[str | None, tuple[str, ...]]] = set()
    first: list[Any] = []
    strided: list[Any] = []
    for positions in games:
        for index, state in enumerate(positions):
            mix = (_phase(state), tuple(sorted({_verb(move) for move in state.legal_moves()})))
            if mix not in seen:
                seen.add(mix)
                first.append(state)
            elif index % _STRIDE == 0:
                strided.append(state)
    chosen = first + strided
    return chosen[:_MAX_POSITIONS]


def _moves_lines(game: Game, preset: str, chosen: Sequence[Any]) -> Iterator[dict[str, Any]]:
    for number, state in enumerate(chosen):
        yield {
            **_head(game, preset, "moves", number),
            "phase": _phase(state),
            "position": state.to_text(),
            "moves": [str(move) for move in canonical_moves(state)],
        }


def _refusal_lines(
    game: Game, preset: str, games: Sequence[Sequence[Any]]
) -> Iterator[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    # At most three refusals of a kind of move by the same rules: variety over number.
    seen: dict[tuple[str, str], int] = {}
    for positions in games:
        for index in range(0, len(positions), 5):
            state = positions[index]
            legal = {str(move) for move in state.legal_moves()}
            nearby = positions[max(0, index - 3) : index + 4]
            candidates = sorted(
                {str(move) for other in nearby for move in other.legal_moves()} - legal
            )
            for written in candidates[:4]:
                try:
                    state.apply(written)
                except AmbiguousMoveError:
                    continue
                except IllegalMoveError as error:
                    rules = rule_ids(str(error))
                    key = (_verb(written), ",".join(rules))
                    if not rules or seen.get(key, 0) == 3:
                        continue
                    seen[key] = seen.get(key, 0) + 1
                    found.append(
                        {"position": state.to_text(), "move": written, "rules": rules,
                         "reason": str(error)}
                    )  # fmt: skip
                except InvalidMoveError:
                    continue
                else:  # legal after all (a text that reads as a listed move)
                    continue
    for number, line in enumerate(found[:_MAX_REFUSALS]):
        yield {**_head(game, preset, "refusal", number), **line}


def _near_melds(game: Game, rules: Any, rng: random.Random) -> Iterator[tuple[Card, ...]]:
    """Cards near a meld of the preset's pack, one group at a time."""
    counts = rules.deck.counts()
    naturals = sorted(card for card in counts if card != JOKER)
    wilds = [card for card in counts if card == JOKER]
    by_suit: dict[int, list[Card]] = {}
    for card in naturals:
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    for suit_cards in by_suit.values():
        suit_cards.sort(key=lambda card: RANK_OF[card])
    suits = sorted(by_suit)
    while True:
        if rng.random() < 0.5:
            suit_cards = by_suit[rng.choice(suits)]
            length = rng.randint(3, 5)
            start = rng.randrange(0, len(suit_cards) - length + 1)
            cards = suit_cards[start : start + length]
        else:
            rank = RANK_OF[rng.choice(naturals)]
            same = [card for card in naturals if RANK_OF[card] == rank]
            cards = rng.sample(same, min(len(same), rng.randint(3, 4)))
        cards = list(cards)
        roll = rng.random()
        if roll < 0.3 and wilds:
            cards[rng.randrange(len(cards))] = wilds[0]
        elif roll < 0.6:
            cards[rng.randrange(len(cards))] = rng.choice(naturals)
        elif roll < 0.7:
            cards.append(rng.choice(naturals))
        rng.shuffle(cards)
        yield tuple(cards)


def _reading(game: Game, meld: Any) -> dict[str, Any]:
    return {
        "meld": game.text.meld(meld, False),
        "value": game.text.meld_value(meld),
        "points": game.text.meld_points(meld),
    }


def _meld_lines(game: Game, preset: str, rules: Any) -> Iterator[dict[str, Any]]:
    rng = random.Random(f"{game.name}/{preset}/melds")
    made = 0
    seen: set[str] = set()
    for cards in _near_melds(game, rules, rng):
        if made == _MELDS:
            return
        text = " ".join(CARD_NAMES[card] for card in cards)
        if text in seen:
            continue
        seen.add(text)
        line: dict[str, Any] = {**_head(game, preset, "meld", made), "cards": text}
        # The cards as a set, in any order: their readings are every meld they make (the
        # order a text is written in may fix a wild card's reading, which is notation).
        readings = sorted(
            (_reading(game, meld) for meld in meld_interpretations(cards, rules.meld_rules)),
            key=lambda reading: reading["meld"],
        )
        if readings:
            verdict = "meld" if len(readings) == 1 else "ambiguous"
            line.update(verdict=verdict, readings=readings)
        else:
            try:
                check_meld(text, rules)
            except (AmbiguousMeldError, InvalidMeldError) as error:
                reason = str(error)
            else:  # pragma: no cover - a meld has a reading
                raise AssertionError(f"{text} is a meld without a reading")
            line.update(verdict="not a meld", reason=reason)
            line["rules"] = rule_ids(reason) or line["rules"]
        made += 1
        yield line


def _score_lines(
    game: Game, preset: str, games: Sequence[Sequence[Any]]
) -> Iterator[dict[str, Any]]:
    number = 0
    for positions in games:
        for state in positions:
            if number == _MAX_SCORES:
                return
            hand = state.hand_number
            for move in canonical_moves(state):
                after = state.apply(move)
                result = getattr(after, "last_hand", None)
                if after.hand_number == hand and not after.is_over:
                    continue
                if result is None or result.hand_number != hand:
                    continue
                yield {
                    **_head(game, preset, "score", number),
                    "position": state.to_text(),
                    "move": str(move),
                    "points": list(result.points),
                    "hands": [" ".join(CARD_NAMES[c] for c in cards) for cards in result.hands],
                }
                number += 1
                break


def _perft_lines(game: Game, preset: str, chosen: Sequence[Any]) -> Iterator[dict[str, Any]]:
    ranked = sorted(
        range(len(chosen)),
        key=lambda index: (-len({_verb(m) for m in chosen[index].legal_moves()}), index),
    )
    for number, index in enumerate(ranked[:_PERFT_POSITIONS]):
        state = chosen[index]
        try:
            depth, divided = 3, perft_divide(state, 3, node_limit=_PERFT_NODES)
        except SearchLimitError:
            depth, divided = 2, perft_divide(state, 2, node_limit=10 * _PERFT_NODES)
        yield {
            **_head(game, preset, "perft", number),
            "position": state.to_text(),
            "depth": depth,
            "count": sum(count for _, count in divided),
            "divide": {str(move): count for move, count in divided},
        }


def corpus_lines(game: str | Game, preset: str) -> list[dict[str, Any]]:
    """The corpus's lines of one game's preset, section by section (:data:`~scala40.conformance.corpus.SECTIONS`).

    >>> from scala40.conformance.corpus import SECTIONS, corpus_lines
    >>> lines = corpus_lines("chinchon", "catsatcards")
    >>> sorted({line["section"] for line in lines}) == sorted(SECTIONS)
    True
    >>> lines[0]["id"], lines[0]["moves"]
    ('chinchon/catsatcards/moves/000', ['draw', 'take'])
    """
    found = load_game(game)
    rules = found.ruleset_type.preset(preset)
    games = [_played(found, rules, seed) for seed in _SEEDS]
    chosen = _chosen(games)
    return [
        *_moves_lines(found, preset, chosen),
        *_refusal_lines(found, preset, games),
        *_meld_lines(found, preset, rules),
        *_score_lines(found, preset, games),
        *_perft_lines(found, preset, chosen),
    ]


def corpus_text(game: str | Game) -> str:
    """One game's corpus file: every preset's lines, as compact JSON with sorted keys,
    one a line."""
    found = load_game(game)
    lines = []
    for preset in found.ruleset_type.preset_names():
        for line in corpus_lines(found, preset):
            lines.append(
                json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            )
    return "\n".join(lines) + "\n"


def corpus_manifest(files: dict[str, str]) -> dict[str, Any]:
    """The manifest of a corpus made of ``files`` (each file's name and text)."""
    cited: set[str] = set()
    sections: dict[str, int] = dict.fromkeys(SECTIONS, 0)
    for written in files.values():
        for raw in written.splitlines():
            line = json.loads(raw)
            sections[line["section"]] += 1
            cited.update(line.get("rules", ()))
    return {
        "format": CORPUS_FORMAT,
        "format_version": CORPUS_FORMAT_VERSION,
        "library": __version__,
        "rules_cited": sorted(cited),
        "sections": sections,
        "files": {
            name: {
                "lines": written.count("\n"),
                "sha256": hashlib.sha256(written.encode("utf-8")).hexdigest(),
            }
            for name, written in sorted(files.items())
        },
    }


def line_schema() -> dict[str, Any]:
    """The JSON Schema of a corpus line (``corpus.line.json``, :mod:`scala40.schemas`):
    one branch a section, each closed."""
    rule = text(pattern=r"^[A-Z0-9]+-[A-Z0-9-]+$")

    def head(section: str) -> dict[str, Any]:
        return {
            "id": text(pattern=rf"^[a-z0-9_]+/[A-Za-z0-9_-]+/{section}/[0-9]{{3}}$"),
            "section": {"const": section},
            "game": text(),
            "preset": text(),
            "rules": array(rule),
        }

    reading = obj({"meld": text(), "value": integer(), "points": integer()})
    position = {**text(), "description": "A whole state's text (state.to_text())."}
    move = {**text(), "description": "A move as the library writes it (str(move))."}
    return {
        "$id": "corpus.line.json",
        "title": "A line of the conformance corpus",
        "oneOf": [
            obj(
                {
                    **head("moves"),
                    "phase": {"type": ["string", "null"]},
                    "position": position,
                    "moves": {
                        **array(move),
                        "description": "The legal moves, sorted by text (code points).",
                    },
                },
                description="A position and its legal moves in the canonical order.",
            ),
            obj(
                {**head("refusal"), "position": position, "move": move, "reason": text()},
                description="A move the position refuses, the rules and the reason.",
            ),
            obj(
                {
                    **head("meld"),
                    "cards": card_text(non_empty=True),
                    "verdict": enum_of(["meld", "ambiguous", "not a meld"]),
                    "readings": array(reading),
                    "reason": text(),
                },
                optional=("readings", "reason"),
                description="Cards taken as a set: every meld they make, and the verdict "
                "(one reading, several, or none and why).",
            ),
            obj(
                {
                    **head("score"),
                    "position": position,
                    "move": move,
                    "points": array(integer()),
                    "hands": array(card_text()),
                },
                description="A position whose move ends a hand: what the hand scored for "
                "each seat, and the cards each was left holding.",
            ),
            obj(
                {
                    **head("perft"),
                    "position": position,
                    "depth": integer(1, 6),
                    "count": integer(0),
                    "divide": {"type": "object", "additionalProperties": integer(0)},
                },
                description="The number of move sequences of a depth, and per first move.",
            ),
        ],
    }

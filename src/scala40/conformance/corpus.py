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
``match``
    a position whose next move ends a hand (or decides a re-entry), that move, and what
    the match does after it: each seat's running total, the seats out of the match, and
    whether the match is over and who won it.
``perft``
    a position whose moves reach the harder rules, a depth, the number of move sequences
    to it (:func:`scala40.perft.perft`) and their split by first move.
``deal``
    a table size, a dealer and a deck's order, and the hands, stock, upcard and first
    player the deal gives, or that the rules refuse it (:mod:`~scala40.conformance.deals`).

The manifest (:func:`corpus_manifest`) names the format, the library's version, the rule
IDs the lines cite, and each file's lines and SHA-256.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

from scala40 import __version__
from scala40.bots import make_bot
from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card
from scala40.conformance import citations
from scala40.conformance.built import build
from scala40.conformance.deals import deal_lines
from scala40.errors import (
    AmbiguousMeldError,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    InvalidValueError,
    SearchLimitError,
)
from scala40.game import Game, load_game
from scala40.melds import check_meld, meld_interpretations
from scala40.perft import canonical_moves, perft_divide
from scala40.schema_parts import array, card_text, enum_of, integer, obj, text
from scala40.texts import text_of

__all__ = [
    "CORPUS_FORMAT",
    "CORPUS_FORMAT_VERSION",
    "SECTIONS",
    "corpus_lines",
    "corpus_manifest",
    "corpus_rulesets",
    "corpus_text",
    "line_schema",
    "rule_ids",
]

CORPUS_FORMAT = "scala40.corpus"
"""The ``format`` the manifest names."""
CORPUS_FORMAT_VERSION = 1
"""The version of the lines' shape; a change that an implementation's runner must follow
raises it."""
SECTIONS = ("deal", "moves", "refusal", "meld", "score", "match", "perft")
"""The sections, in the order each game's file lists them."""

_TARGETS = {"moves": 1000, "meld": 2000, "score": 300, "perft": 20}
"""The lines of each of these sections a game's corpus holds at least, shared among its
rulesets (its presets and the variants its ruleset names,
:attr:`~scala40.rulesets.RulesetBase.VARIANTS`)."""
_MAX_REFUSALS = 400
"""A game's refusal lines, at most, shared among its rulesets."""
_MAX_PLIES = 600
"""The moves of each seeded game looked at, at most: enough for every phase, and more
than one hand in every game."""
_MAX_GAMES = 80
"""The seeded games a ruleset plays, at most, to find its positions and hands' ends."""
_MAX_DECISIONS = 20
"""A ruleset's re-entry decisions asked in the match section, at most."""
_STRIDE = 5
"""Besides the first position of each new mix of rules its moves reach, one position
every this many moves."""
_PERFT_NODES = 5_000
"""A perft line is kept at depth 3 where it visits at most this many positions, else at
depth 2 (at most ten times as many), else at depth 1."""

_QUESTIONS = {
    "deal": "turn",
    "moves": "turn",
    "refusal": "turn",
    "meld": "meld",
    "score": "score",
    "match": "score",
    "perft": "turn",
}
"""The kind of question each section asks (:attr:`scala40.game.Game.rule_ids`): the
rules a line names where :mod:`~scala40.conformance.citations` finds none of its own."""

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


def _verb(move: Any) -> str:
    return str(move).split(" ", 1)[0]


def _rulesets(game: Game) -> list[Any]:
    """The rulesets a game's corpus plays: its presets, then its variants."""
    kind = game.ruleset_type
    found = [kind.preset(name) for name in kind.preset_names()]
    found += [kind.preset(name).replace(**options) for name, options in kind.VARIANTS]
    return found


def _table_sizes(game: Game, rules: Any) -> list[int]:
    """The table sizes a ruleset's games are played at, in turn: the usual one first."""
    usual = int(min(max(game.default_players, rules.min_players), rules.max_players))
    return list(dict.fromkeys([usual, min(usual + 1, rules.max_players), rules.min_players]))


def _seed(game: Game, rules_text: str, number: int) -> int:
    """A seed of its own for each game of each ruleset: no two rulesets replay a deal."""
    digest = hashlib.sha256(f"{game.name}/{rules_text}/{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def corpus_rulesets(game: str | Game) -> dict[str, Any]:
    """The rulesets a game's corpus plays, by the text its lines' ``ruleset`` gives them:
    each preset, then the variants beyond the presets.

    >>> from scala40.conformance.corpus import corpus_rulesets
    >>> list(corpus_rulesets("laconga"))
    ['catsatcards', 'uruguay', 'catsatcards,close_limit=7', 'catsatcards,reentry=1', 'catsatcards,end_mode=lowest']
    """
    found = load_game(game)
    return {_rules_text(found, rules): rules for rules in _rulesets(found)}


def _rules_text(game: Game, rules: Any) -> str:
    """The rules as a position's text writes them (a preset's name, with the options
    that differ from it)."""
    return str(game.new_game(rules, players=rules.min_players, seed=0).to_text().split(" ")[1])


def _played(game: Game, rules: Any, seed: int, players: int) -> list[tuple[Any, Any]]:
    """Each position of one seeded game between greedy bots where a seat decides, with
    the move played there."""
    state = game.new_game(rules, players=players, seed=seed)
    bot = make_bot("greedy", game)
    rng = random.Random(seed)
    played = []
    for _ in range(_MAX_PLIES):
        if state.is_over or state.current_player is None:
            break
        legal = list(state.legal_moves())
        move = bot.choose(state.view(state.current_player), legal, rng)
        played.append((state, move))
        state = state.apply(move)
    return played


def _phase(state: Any) -> str | None:
    phase = getattr(state, "phase", None)
    value = getattr(phase, "value", phase)
    return None if value is None else str(value)


def _share(section: str, rulesets: int) -> int:
    return -(-_TARGETS[section] // rulesets)


class _Play:
    """What one ruleset's seeded games give: distinct positions (each with its moves,
    the rules they reach and the move before), and the hands' ends."""

    def __init__(self, game: Game, rules: Any, rules_text: str, shares: int) -> None:
        self.games: list[list[tuple[Any, Any]]] = []
        self.first: list[tuple[Any, list[str]]] = []
        self.strided: list[tuple[Any, list[str]]] = []
        self.ends: list[tuple[Any, Any]] = []
        self.decisions: list[tuple[Any, Any]] = []
        seen: set[str] = set()
        mixes: set[tuple[str | None, tuple[str, ...]]] = set()
        ended: set[str] = set()
        sizes = _table_sizes(game, rules)
        positions, hands = _share("moves", shares), _share("score", shares)
        for number in range(_MAX_GAMES):
            if len(self.first) + len(self.strided) >= positions and len(self.ends) >= hands:
                break
            played = _played(
                game, rules, _seed(game, rules_text, number), sizes[number % len(sizes)]
            )
            self.games.append(played)
            before = None
            for index, (state, move) in enumerate(played):
                text = state.to_text()
                after = state.apply(move)
                if (after.hand_number != state.hand_number or after.is_over) and text not in ended:
                    result = getattr(after, "last_hand", None)
                    if result is not None and result.hand_number == state.hand_number:
                        ended.add(text)
                        self.ends.append((state, move))
                if _verb(move) in ("reenter", "retire") and text not in ended:
                    # A re-entry decided after a hand's scoring: what it does to the match.
                    ended.add(text)
                    self.decisions.append((state, move))
                if text not in seen:
                    seen.add(text)
                    moves = list(state.legal_moves())
                    cited = citations.moves_rules(game, state, moves, before)
                    mix = (_phase(state), tuple(cited))
                    if mix not in mixes:
                        mixes.add(mix)
                        self.first.append((state, cited))
                    elif index % _STRIDE == 0:
                        self.strided.append((state, cited))
                before = move

    def chosen(self, count: int) -> list[tuple[Any, list[str]]]:
        return (self.first + self.strided)[:count]


def _head(game: Game, rules_text: str, section: str, rules: Sequence[str]) -> dict[str, Any]:
    return {
        "section": section,
        "game": game.name,
        "preset": rules_text.split(",", 1)[0],
        "ruleset": rules_text,
        "rules": list(rules) or list(game.rule_ids.get(_QUESTIONS[section], ())),
    }


def _moves_lines(
    game: Game, rules_text: str, chosen: Sequence[tuple[Any, list[str]]]
) -> Iterator[dict[str, Any]]:
    for state, cited in chosen:
        yield {
            **_head(game, rules_text, "moves", cited),
            "phase": _phase(state),
            "position": state.to_text(),
            "moves": [str(move) for move in canonical_moves(state)],
        }


def _refusal_lines(
    game: Game, rules_text: str, games: Sequence[Sequence[tuple[Any, Any]]], most: int
) -> Iterator[dict[str, Any]]:
    found = 0
    # At most three refusals of a kind of move by the same rules: variety over number.
    seen: dict[tuple[str, str], int] = {}
    for played in games:
        positions = [state for state, _ in played]
        for index in range(0, len(positions), 5):
            state = positions[index]
            legal = {str(move) for move in state.legal_moves()}
            nearby = positions[max(0, index - 3) : index + 4]
            candidates = sorted(
                {str(move) for other in nearby for move in other.legal_moves()} - legal
            )
            for written in candidates[:4]:
                if found == most:
                    return
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
                    found += 1
                    yield {
                        **_head(
                            game,
                            rules_text,
                            "refusal",
                            _refusal_rules(game, state, written, rules),
                        ),
                        "position": state.to_text(),
                        "move": written,
                        "reason": str(error),
                    }
                except InvalidMoveError:
                    continue
                else:  # legal after all (a text that reads as a listed move)
                    continue


def _refusal_rules(game: Game, state: Any, written: str, refused: list[str]) -> list[str]:
    """The rules a refusal line cites: those its reason names (the refused move's), then
    those of the legal moves the runner asks beside it (its neighbours in the canonical
    order, :func:`~scala40.conformance.runner.legal_moves_asked`)."""
    moves = canonical_moves(state)
    texts = [str(move) for move in moves]
    at = bisect.bisect_left(texts, written)
    near = [move for move in moves[max(at - 1, 0) : at + 1] if str(move) != written]
    beside = citations.moves_rules(game, state, near, barred=False) if near else []
    return list(dict.fromkeys([*refused, *beside]))


def _near_melds(rules: Any, rng: random.Random) -> Iterator[tuple[Card, ...]]:
    """Cards near a meld of the ruleset's pack, one group at a time, each a group the
    pack can hold (no card more often than the pack has it: CH-MELDS, S40-DECK)."""
    counts = rules.deck.counts()
    naturals = sorted(card for card in counts if card != JOKER)
    wild_count = counts.get(JOKER, 0)
    by_suit: dict[int, list[Card]] = {}
    for card in naturals:
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    for suit_cards in by_suit.values():
        suit_cards.sort(key=lambda card: RANK_OF[card])
    suits = sorted(by_suit)
    longest = 7 if rules.deck.jokers or len(naturals) > 40 else 5
    while True:
        if rng.random() < 0.5:
            suit_cards = by_suit[rng.choice(suits)]
            length = rng.randint(3, min(longest, len(suit_cards)))
            start = rng.randrange(0, len(suit_cards) - length + 1)
            cards = list(suit_cards[start : start + length])
        else:
            rank = RANK_OF[rng.choice(naturals)]
            same = [
                card for card in naturals for _ in range(counts[card]) if RANK_OF[card] == rank
            ]
            cards = rng.sample(same, min(len(same), rng.randint(3, 4)))
        roll = rng.random()
        if roll < 0.3 and wild_count:
            for _ in range(1 if rng.random() < 0.8 else 2):
                cards[rng.randrange(len(cards))] = JOKER
        elif roll < 0.6:
            cards[rng.randrange(len(cards))] = rng.choice(naturals)
        elif roll < 0.7:
            cards.append(rng.choice(naturals))
        if all(cards.count(card) <= counts.get(card, 0) for card in set(cards)):
            rng.shuffle(cards)
            yield tuple(cards)


def _reading(game: Game, meld: Any) -> dict[str, Any]:
    """A reading as the line writes it: the meld's text, and its value where the game
    gives a meld one (Scala 40's meld value, S40-MELD-VALUE; Skarney's points,
    SK-SCORE-MELDS); the knock games score no meld, and their readings carry none."""
    reading: dict[str, Any] = {"meld": text_of(game).meld(meld, False)}
    if game.name == "scala40":
        reading["value"] = text_of(game).meld_value(meld)
    elif game.name == "skarney":
        reading["value"] = text_of(game).meld_points(meld)
    return reading


def _meld_lines(game: Game, rules: Any, rules_text: str, count: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(f"{game.name}/{rules_text}/melds")
    made = 0
    seen: set[tuple[Card, ...]] = set()
    for cards in _near_melds(rules, rng):
        if made == count:
            return
        if tuple(sorted(cards)) in seen:
            continue
        seen.add(tuple(sorted(cards)))
        text = " ".join(CARD_NAMES[card] for card in cards)
        # The cards as a set, in any order: their readings are every meld they make (the
        # order a text is written in may fix a wild card's reading, which is notation).
        melds = meld_interpretations(cards, rules.meld_rules)
        readings = sorted((_reading(game, meld) for meld in melds), key=lambda r: r["meld"])
        if readings:
            line = _head(game, rules_text, "meld", citations.meld_rules(game, rules, melds))
            verdict = "meld" if len(readings) == 1 else "ambiguous"
            line.update(cards=text, verdict=verdict, readings=readings)
        else:
            try:
                check_meld(text, rules)
            except (AmbiguousMeldError, InvalidMeldError) as error:
                reason = str(error)
            else:  # pragma: no cover - a meld has a reading
                raise AssertionError(f"{text} is a meld without a reading")
            # The rules the meld engine's refusal names: those of the condition broken.
            line = _head(game, rules_text, "meld", rule_ids(reason))
            line.update(cards=text, verdict="not a meld", reason=reason)
        made += 1
        yield line


def _score_lines(
    game: Game, rules_text: str, ends: Sequence[tuple[Any, Any]]
) -> Iterator[dict[str, Any]]:
    for state, move in ends:
        after = state.apply(move)
        result = after.last_hand
        yield {
            **_head(
                game, rules_text, "score", citations.score_rules(game, state, move, after, result)
            ),
            "position": state.to_text(),
            "move": str(move),
            "points": list(result.points),
            "hands": [" ".join(CARD_NAMES[c] for c in cards) for cards in result.hands],
        }


def _match_lines(
    game: Game,
    rules_text: str,
    ends: Sequence[tuple[Any, Any]],
    decisions: Sequence[tuple[Any, Any]],
) -> Iterator[dict[str, Any]]:
    asked = [(state, move, True) for state, move in ends]
    asked += [(state, move, False) for state, move in decisions]
    for state, move, ends_hand in asked:
        after = state.apply(move)
        result = after.last_hand if ends_hand else None
        active = getattr(after, "active", None)
        yield {
            **_head(
                game, rules_text, "match", citations.match_rules(game, state, move, after, result)
            ),
            "position": state.to_text(),
            "move": str(move),
            "totals": list(after.scores),
            "out": [] if active is None else [seat for seat, on in enumerate(active) if not on],
            "over": bool(after.is_over),
            "winners": sorted(after.winners) if after.is_over else [],
        }


def _perft_lines(
    game: Game,
    rules_text: str,
    chosen: Sequence[tuple[Any, list[str]]],
    count: int,
    built: Sequence[Any] = (),
) -> Iterator[dict[str, Any]]:
    # The positions reaching the most rules first, and the one nearest a rebuilt stock.
    ranked = sorted(range(len(chosen)), key=lambda index: (-len(chosen[index][1]), index))
    if chosen:
        low = min(
            range(len(chosen)),
            key=lambda index: (len(getattr(chosen[index][0], "stock", ())), index),
        )
        ranked = [low, *(index for index in ranked if index != low)]
    for state in [*(chosen[index][0] for index in ranked[:count]), *built]:
        for depth, limit in ((3, _PERFT_NODES), (2, 10 * _PERFT_NODES), (1, None)):
            try:
                divided = perft_divide(state, depth, node_limit=limit or 1_000_000)
                break
            except SearchLimitError:
                continue
        moves = list(state.legal_moves())
        yield {
            **_head(game, rules_text, "perft", citations.perft_rules(game, state, moves, depth)),
            "position": state.to_text(),
            "depth": depth,
            "count": sum(count for _, count in divided),
            "divide": {str(move): count for move, count in divided},
        }


def _novel_first(items: Sequence[Any], cited: Sequence[Sequence[str]]) -> list[Any]:
    """``items`` with those that cite a rule no item before them cites first (in order),
    then the others: a rule reached once is never left out by a share's cut."""
    seen: set[str] = set()
    first: list[Any] = []
    rest: list[Any] = []
    for item, rules in zip(items, cited, strict=True):
        (first if set(rules) - seen else rest).append(item)
        seen.update(rules)
    return first + rest


def _ruleset_lines(game: Game, rules: Any, shares: int) -> list[dict[str, Any]]:
    rules_text = _rules_text(game, rules)
    play = _Play(game, rules, rules_text, shares)
    chosen = play.chosen(_share("moves", shares))
    built = build(game, rules, play.games)
    ended = [(state, move, state.apply(move)) for state, move in play.ends]
    cited = [
        citations.match_rules(game, state, move, after, after.last_hand)
        for state, move, after in ended
    ]
    ends = [*_novel_first(play.ends, cited)[: _share("score", shares)], *built.ends]
    moves = [
        *chosen,
        *((state, citations.moves_rules(game, state, list(state.legal_moves())))
          for state in built.moves),
    ]  # fmt: skip
    return [
        *(
            _head(game, rules_text, "deal", ()) | line
            for line in deal_lines(game, rules, rules_text)
        ),
        *_moves_lines(game, rules_text, moves),
        *_refusal_lines(game, rules_text, play.games, -(-_MAX_REFUSALS // shares)),
        *_built_refusals(game, rules_text, built.refusals),
        *_meld_lines(game, rules, rules_text, _share("meld", shares)),
        *_score_lines(game, rules_text, ends),
        *_match_lines(game, rules_text, ends, play.decisions[:_MAX_DECISIONS]),
        *_perft_lines(game, rules_text, chosen, _share("perft", shares), built.perft),
    ]


def _built_refusals(
    game: Game, rules_text: str, refusals: Sequence[tuple[Any, str]]
) -> Iterator[dict[str, Any]]:
    for state, written in refusals:
        try:
            state.apply(written)
        except IllegalMoveError as error:
            cited = _refusal_rules(game, state, written, rule_ids(str(error)))
            yield {
                **_head(game, rules_text, "refusal", cited),
                "position": state.to_text(),
                "move": written,
                "reason": str(error),
            }


def _game_lines(game: Game) -> list[dict[str, Any]]:
    """Every line of a game's corpus, preset by preset (each with its variants), section
    by section, each with its ``id``."""
    rulesets = _rulesets(game)
    made = [line for rules in rulesets for line in _ruleset_lines(game, rules, len(rulesets))]
    order = {name: number for number, name in enumerate(game.ruleset_type.preset_names())}
    made.sort(key=lambda line: (order[line["preset"]], SECTIONS.index(line["section"])))
    numbers: dict[tuple[str, str], int] = {}
    lines = []
    for line in made:
        key = (line["preset"], line["section"])
        number = numbers.get(key, 0)
        numbers[key] = number + 1
        lines.append({"id": f"{game.name}/{key[0]}/{key[1]}/{number:03d}", **line})
    return lines


def corpus_lines(game: str | Game, preset: str) -> list[dict[str, Any]]:
    """The corpus's lines of one game's preset (its own rulesets and the variants
    written as that preset with options changed), section by section
    (:data:`~scala40.conformance.corpus.SECTIONS`).

    >>> from scala40.conformance.corpus import SECTIONS, corpus_lines
    >>> lines = corpus_lines("chinchon", "catsatcards")
    >>> sorted({line["section"] for line in lines}) == sorted(SECTIONS)
    True
    >>> lines[0]["id"], lines[0]["players"], lines[0]["refused"]
    ('chinchon/catsatcards/deal/000', 1, True)
    >>> line = next(line for line in lines if line["section"] == "moves")
    >>> line["id"], line["moves"]
    ('chinchon/catsatcards/moves/000', ['draw', 'take'])
    """
    found = load_game(game)
    if preset not in found.ruleset_type.preset_names():
        raise InvalidValueError(
            f"{found.name} has no preset {preset!r}; presets: "
            f"{', '.join(found.ruleset_type.preset_names())}"
        )
    return [line for line in _game_lines(found) if line["preset"] == preset]


def corpus_text(game: str | Game) -> str:
    """One game's corpus file: every preset's lines, as compact JSON with sorted keys,
    one a line."""
    found = load_game(game)
    lines = [
        json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        for line in _game_lines(found)
    ]
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
            "id": text(pattern=rf"^[a-z0-9_]+/[A-Za-z0-9_-]+/{section}/[0-9]{{3,}}$"),
            "section": {"const": section},
            "game": text(),
            "preset": text(),
            "ruleset": {
                **text(),
                "description": "The rules, as a position's text writes them: the preset's "
                "name, then each option that differs from it (official,jokers=2).",
            },
            "rules": array(rule),
        }

    reading = obj(
        {"meld": text(), "value": integer()},
        optional=("value",),
        description="A meld the cards make, and its value where the game gives melds "
        "one (Scala 40's meld value, Skarney's points; none in the knock games).",
    )
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
                    **head("match"),
                    "position": position,
                    "move": move,
                    "totals": array(integer()),
                    "out": {**array(integer(0)), "description": "The seats out of the match."},
                    "over": {"type": "boolean"},
                    "winners": {
                        **array(integer(0)),
                        "description": "The match's winners, none while it goes on.",
                    },
                },
                description="A position whose move ends a hand (or decides a re-entry): "
                "each seat's running total after it, the seats out, whether the match is "
                "over and who won.",
            ),
            obj(
                {
                    **head("deal"),
                    "players": integer(0),
                    "dealer": integer(0),
                    "deck": {
                        **card_text(non_empty=True),
                        "description": "The deck in the order it is dealt from, the top "
                        "card last.",
                    },
                    "hands": array(card_text()),
                    "stock": {**card_text(), "description": "The stock, its top card last."},
                    "upcard": card_text(nullable=True),
                    "first": integer(0),
                    "refused": {"const": True},
                    "reason": text(),
                },
                optional=("hands", "stock", "upcard", "first", "refused", "reason"),
                description="A table size, a dealer and a deck's order: the hands, stock, "
                "upcard and first player the deal gives, or that the rules refuse it and why.",
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

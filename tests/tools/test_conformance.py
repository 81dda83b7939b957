"""The conformance corpus and its runner (:mod:`scala40.conformance`): the corpus the
library makes has the digests of the manifest the package carries, as the project's copy
(``tests/corpus``, which ``python -m tests.regenerate`` writes) has, and says what the
library does; every line fits
its schema; the runner reports each planted disagreement with its position and rule IDs,
an engine that breaks the protocol is stopped and named, and the example engine in
JavaScript passes the sections it answers."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scala40.cards import CARD_NAMES, as_cards
from scala40.cli import main
from scala40.conformance import (
    MANIFEST,
    SECTIONS,
    EngineError,
    corpus_files,
    corpus_lines,
    own_corpus,
    read_corpus,
    read_corpus_directory,
    run_engine,
    shipped_manifest,
)
from scala40.conformance.corpus import corpus_rulesets, rule_ids
from scala40.conformance.runner import request_for
from scala40.errors import IllegalMoveError, InvalidValueError, Scala40Error
from scala40.game import game_names, load_game, position_from_text
from scala40.melds import meld_interpretations
from scala40.perft import canonical_moves, perft_divide
from scala40.schemas import protocol_schema
from scala40.texts import text_of
from tests.protocol.cases import one_by_default, one_game_by_default

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
"""The project's copy of this version's corpus (``scala40 corpus tests/corpus``), which the
package does not carry: the tests read its lines rather than make them again."""
SHIPPED = read_corpus_directory(CORPUS)
LINES = list(read_corpus(SHIPPED))


SAMPLE_SCHEMA = 10
"""The default run validates one line in this many against the lines' JSON Schema."""


def _engine(plant: str) -> str:
    return f"{sys.executable} -m tests.conformance_engine {plant}"


def _lines(game: str, preset: str | None = None) -> list[dict[str, Any]]:
    """A game's lines; with ``preset``, those of the preset's own rules, unchanged (as
    ``--preset`` chooses them)."""
    return [
        line
        for line in LINES
        if line["game"] == game and (preset is None or line["ruleset"] == preset)
    ]


@pytest.mark.parametrize("game", one_game_by_default("chinchon"))
def test_the_corpus_made_again_has_the_digests_of_the_manifest_the_package_carries(
    game: str,
) -> None:
    """Made again from its seeds, a game's file has the SHA-256 and the count of lines the
    package's manifest lists (the soak makes every game's, the default run one), and is
    the project's copy of it."""
    entry = json.loads(shipped_manifest())["files"][f"{game}.jsonl"]
    made = corpus_files([game])[f"{game}.jsonl"].encode("utf-8")
    assert hashlib.sha256(made).hexdigest() == entry["sha256"]
    assert made.count(b"\n") == entry["lines"]
    assert made == SHIPPED[f"{game}.jsonl"].encode("utf-8")


def test_the_projects_copy_is_the_corpus_the_manifest_lists() -> None:
    """``tests/corpus`` is this version's corpus: its manifest is the package's, and each
    file has its digest (read_corpus_directory checked them)."""
    assert SHIPPED[MANIFEST] == shipped_manifest()


def test_the_manifest_names_every_file_its_lines_and_hash() -> None:
    manifest = json.loads(SHIPPED[MANIFEST])
    assert sorted(manifest["files"]) == sorted(f"{name}.jsonl" for name in game_names())
    for name, entry in manifest["files"].items():
        data = SHIPPED[name].encode("utf-8")
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["lines"] == data.count(b"\n")
    assert manifest["sections"] == {
        section: sum(1 for line in LINES if line["section"] == section) for section in SECTIONS
    }
    from scala40 import __version__

    assert manifest["library"] == __version__


def test_every_game_and_preset_has_every_section() -> None:
    for name in game_names():
        for preset in load_game(name).ruleset_type.preset_names():
            sections = {line["section"] for line in _lines(name, preset)}
            assert sections == set(SECTIONS), (name, preset, sections)


@pytest.mark.parametrize("every", [SAMPLE_SCHEMA, pytest.param(1, marks=pytest.mark.slow)])
def test_every_line_fits_the_schema(every: int) -> None:
    """The default run checks one line in :data:`SAMPLE_SCHEMA` against the schema (the
    runner checks every line's fields as it reads them), the soak every line."""
    validator = jsonschema.Draft202012Validator(protocol_schema("corpus.line"))
    for line in LINES[::every]:
        errors = list(validator.iter_errors(line))
        assert not errors, (line["id"], errors[0].message)


def test_the_ids_are_unique_and_sorted_within_a_section() -> None:
    ids = [line["id"] for line in LINES]
    assert len(ids) == len(set(ids))


@functools.cache
def _rulesets(game: str) -> dict[str, Any]:
    return corpus_rulesets(game)


def _check_line(line: dict[str, Any]) -> None:
    """A line read back and asked of the library as a user would: the moves listed in
    order, the refusal refused with its rules, the meld's readings and values, the
    hand's points, the perft count."""
    section = line["section"]
    game = load_game(line["game"])
    if section == "meld":
        ruleset: Any = _rulesets(game.name)[line["ruleset"]]
        melds = meld_interpretations(as_cards(line["cards"]), ruleset.meld_rules)
        readings = sorted(
            (text_of(game).meld(meld, False), reading_value(game, meld)) for meld in melds
        )
        assert readings == sorted(
            (reading["meld"], reading.get("value")) for reading in line.get("readings", ())
        ), line["id"]
        return
    if section == "deal":
        _check_deal(game, line)
        return
    state = position_from_text(line["position"])
    assert state.to_text().split(" ")[1] == line["ruleset"], line["id"]
    if section == "moves":
        assert [str(move) for move in canonical_moves(state)] == line["moves"]
        assert line["moves"] == sorted(line["moves"])
    elif section == "refusal":
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(line["move"])
        # The rules its reason names come first, then those of the legal moves asked
        # beside it (their kinds' rules).
        named = rule_ids(str(refused.value))
        assert line["rules"][: len(named)] == named, line["id"]
    elif section == "score":
        assert list(state.apply(line["move"]).last_hand.points) == line["points"]
    elif section == "match":
        after = state.apply(line["move"])
        active = getattr(after, "active", ())
        assert list(after.scores) == line["totals"], line["id"]
        assert [seat for seat, on in enumerate(active) if not on] == line["out"], line["id"]
        assert after.is_over is line["over"], line["id"]
        assert sorted(after.winners) == line["winners"] or not after.is_over, line["id"]
    else:
        divided = perft_divide(state, line["depth"], node_limit=1_000_000)
        assert {str(move): count for move, count in divided} == line["divide"]
        assert sum(line["divide"].values()) == line["count"]


def _dealt(game: Any, rules: Any, players: int, deck: str) -> Any:
    return game.new_game(rules, players=players, seed=0, auto_chance=False).apply(f"deal {deck}")


def _check_deal(game: Any, line: dict[str, Any]) -> None:
    """A deal line dealt again: a game of its rules and table size whose lot makes its
    dealer the first dealer, dealt from its deck's order (refused where the line is)."""
    rules: Any = _rulesets(game.name)[line["ruleset"]]
    if "refused" in line:
        with pytest.raises(Scala40Error):
            _dealt(game, rules, line["players"], line["deck"])
        return
    state = next(
        state
        for seed in range(1000)
        for state in [game.new_game(rules, players=line["players"], seed=seed, auto_chance=False)]
        if state.dealer == line["dealer"]
    )
    after = state.apply(f"deal {line['deck']}")
    assert [" ".join(CARD_NAMES[card] for card in hand) for hand in after.hands] == line["hands"]
    assert " ".join(CARD_NAMES[card] for card in after.stock) == line["stock"]
    discard = getattr(after, "discard", ())
    assert (CARD_NAMES[discard[-1]] if discard else None) == line["upcard"]
    assert after.current_player == line["first"]
    # The deck's top card is its last: the first card dealt, into a hand.
    assert as_cards(line["deck"])[-1] in {card for hand in after.hands for card in hand}


def reading_value(game: Any, meld: Any) -> int | None:
    """The value a reading carries: Scala 40's meld value, Skarney's points, none in the
    knock games (which score no meld)."""
    if game.name == "scala40":
        return int(text_of(game).meld_value(meld))
    if game.name == "skarney":
        return int(text_of(game).meld_points(meld))
    return None


SAMPLE = 25
"""The default run checks one line in this many of each section of each game's (its first
included), the soak every line."""


@pytest.mark.parametrize("game", game_names())
def test_a_sample_of_the_lines_says_what_the_library_does(game: str) -> None:
    lines = _lines(game)
    sample = [
        line
        for section in SECTIONS
        for line in [line for line in lines if line["section"] == section][::SAMPLE]
    ]
    assert {line["section"] for line in sample} == set(SECTIONS)
    for line in sample:
        _check_line(line)


@pytest.mark.slow
@pytest.mark.parametrize("game", game_names())
def test_every_line_says_what_the_library_does(game: str) -> None:
    for line in _lines(game):
        _check_line(line)


def test_the_runner_passes_an_engine_that_answers_as_the_library() -> None:
    report = run_engine(_engine("none"), _lines("chinchon", "catsatcards"))
    assert report.passed
    assert set(report.agreed) == set(SECTIONS)
    assert all(report.agreed[section] > 0 for section in SECTIONS)


@pytest.mark.parametrize(
    ("plant", "section"),
    [
        ("drop-move", "moves"),
        ("allow", "refusal"),
        ("perft", "perft"),
        ("score", "score"),
        ("meld", "meld"),
        ("deal", "deal"),
        ("match", "match"),
    ],
)
def test_a_planted_disagreement_is_reported_with_its_position_and_rules(
    plant: str, section: str
) -> None:
    lines = [line for line in _lines("scala40", "official") if line["section"] == section]
    report = run_engine(_engine(plant), lines)
    assert not report.passed
    assert {item.section for item in report.disagreements} == {section}
    for item in report.disagreements:
        line = next(line for line in lines if line["id"] == item.id)
        assert item.rules
        assert set(item.rules) == set(line["rules"])
        wheres = {"meld": line.get("cards"), "deal": f"players: {line.get('players')}"}
        where = str(wheres.get(section, line.get("position")))
        assert where in item.subject
        assert item.expected != item.got
        assert item.id in item.text()
        assert where in item.text()


def _changelog_newest() -> str:
    """The changelog's Unreleased section and the newest release's: what it says of the
    corpus this version makes."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = text.split("## [Unreleased]", 1)[1].split("\n## [")
    return " ".join(" ".join(sections[:2]).split())


def test_each_line_cites_the_rule_that_decides_it() -> None:
    """The figures the changelog gives, held: La Conga's groups that are no meld cite
    Chinchón's meld rule (never LC-BASE alone); a Scala 40 group cites S40-JOKER only
    where it breaks the limit of jokers, and each group too long for ``classic``
    S40-V-SPLIT alone; a single hand's score cites S40-V-SINGLE; a Skarney hand ended by
    the turn limit cites SK-LOOP."""
    said = _changelog_newest()
    conga = [
        line
        for line in _lines("laconga")
        if line["section"] == "meld" and line["verdict"] == "not a meld"
    ]
    assert f"La Conga's {len(conga):,} cite CH-MELDS" in said
    assert all(line["rules"] == ["CH-MELDS"] for line in conga)
    groups = [
        line
        for line in _lines("scala40")
        if line["section"] == "meld" and line["verdict"] == "not a meld"
    ]
    jokers = [line for line in groups if "S40-JOKER" in line["rules"]]
    assert jokers
    assert all("joker" in line["reason"] or "natural card" in line["reason"] for line in jokers)
    long = [line for line in groups if line["rules"] == ["S40-V-SPLIT"]]
    assert [line for line in groups if "at most 5 cards" in line["reason"]] == long
    assert {line["preset"] for line in long} == {"classic"}
    assert f"the {len(long)} sequences too long for `classic` S40-V-SPLIT" in said
    single = [
        line
        for line in _lines("scala40")
        if line["section"] in ("score", "match") and "match_format=single" in line["ruleset"]
    ]
    assert single
    assert all("S40-V-SINGLE" in line["rules"] for line in single)
    looped = 0
    for line in _lines("skarney"):
        if line["section"] not in ("score", "match"):
            continue
        state = position_from_text(line["position"])
        result = state.apply(line["move"]).last_hand
        if result.hand_number == state.hand_number and result.went_out is None and state.stock:
            looped += 1
            assert "SK-LOOP" in line["rules"], line["id"]
    assert looped


RULE_MISTAKES = {
    "S40-OPEN": ("scala40", "opening_threshold=41"),
    "S40-DRAW-STOCK": ("scala40", "discard_draw_to_open=true"),
    "S40-FIRST-ROUND": ("scala40", "close_on_first_turn=true"),
    "S40-V-SPLIT": ("scala40", "split_sequences=false"),
    "SK-CONTRACT": ("skarney", "contract=false"),
    "RU-KNOCK": ("rumino", "knock_limit=8"),
    "CH-CLOSE": ("chinchon", "close_limit=6"),
    "LC-CLOSECAP": ("laconga", "close_cap=false"),
}
"""A mistake planted in an engine for a rule of each family (the opening, the take, the
close, a variant's meld limit, the contract, the knock, the close limit and its cap): the
engine answers as the library does with one option of the request's rules changed."""


@pytest.mark.parametrize("rule", one_by_default(RULE_MISTAKES, "RU-KNOCK"))
def test_a_rule_s_mistake_is_named_on_every_line_it_breaks(rule: str) -> None:
    """Every line an engine with the rule's mistake answers otherwise cites the rule:
    those where the rule keeps a kind of move off the list (no opening, no take, no
    close, no knock, no contract's meld) as well as those where it lets one on, and the
    perft counts of positions that reach it (the soak plants every family's, the default
    run one)."""
    game, change = RULE_MISTAKES[rule]
    report = run_engine(_engine(f"rule:{game}:{change}"), _lines(game), timeout=60)
    assert report.disagreements, rule
    missed = [item.id for item in report.disagreements if rule not in item.rules]
    assert missed == [], (rule, missed)


@pytest.mark.parametrize(
    ("plant", "why"),
    [("garbage", "not JSON"), ("exit", "exited"), ("silent", "no answer")],
)
def test_an_engine_that_breaks_the_protocol_is_stopped_and_named(plant: str, why: str) -> None:
    with pytest.raises(EngineError, match=why):
        run_engine(_engine(plant), _lines("rumino")[:3], timeout=0.5 if plant == "silent" else 10)


def test_the_runner_refuses_what_it_cannot_run() -> None:
    with pytest.raises(InvalidValueError, match="empty"):
        run_engine("   ", LINES[:1])
    with pytest.raises(InvalidValueError, match="unknown section"):
        run_engine(_engine("none"), LINES[:1], sections=["melds"])
    with pytest.raises(EngineError, match="could not be started"):
        run_engine("/nonexistent/engine", LINES[:1])


def test_the_command_line_reports_and_exits_one_on_a_disagreement(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code = main(
        ["conformance", "--engine", _engine("score"), "--corpus", str(CORPUS), "--game", "scala40", "--preset",
         "official", "--sections", "score"]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert code == 1
    first = next(line for line in _lines("scala40", "official") if line["section"] == "score")
    scores = sum(1 for line in _lines("scala40", "official") if line["section"] == "score")
    assert first["id"] == "scala40/official/score/000"
    assert f"scala40/official/score/000 ({', '.join(first['rules'])})" in printed
    assert "S40-HAND-VALUE" in first["rules"]
    assert f"expected: points {', '.join(map(str, first['points']))}\n" in printed
    assert f"score: 0 agreed, {scores} disagreed, 0 skipped" in printed


@pytest.mark.slow
def test_the_corpus_command_writes_this_versions_corpus(tmp_path: Path) -> None:
    """``scala40 corpus`` writes each file the manifest lists, with its digest (it checks
    them before it writes), and the manifest the package carries."""
    assert corpus_lines("rumino", "web")[0]["id"] == "rumino/web/deal/000"
    assert main(["corpus", str(tmp_path)]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(SHIPPED)
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == shipped_manifest()
    written = read_corpus_directory(tmp_path)
    list(read_corpus(written))  # each file has the manifest's SHA-256 and count of lines
    assert written == SHIPPED


def test_the_corpus_made_for_a_game_is_checked_against_the_manifest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """:func:`own_corpus` checks each file it makes against the manifest the package
    carries: a file made otherwise (a package changed since it was built) is refused."""
    monkeypatch.setattr("scala40.conformance.corpus_text", lambda game: SHIPPED[f"{game}.jsonl"])
    files = own_corpus(["chinchon"])
    assert files["chinchon.jsonl"] == SHIPPED["chinchon.jsonl"]
    assert own_corpus() == SHIPPED
    assert json.loads(files[MANIFEST])["files"] == {
        "chinchon.jsonl": json.loads(shipped_manifest())["files"]["chinchon.jsonl"]
    }
    monkeypatch.setattr("scala40.conformance.corpus_text", lambda game: "{}\n")
    with pytest.raises(Scala40Error, match="not the file its shipped manifest lists"):
        own_corpus(["chinchon"])


@pytest.mark.skipif(shutil.which("node") is None, reason="the example engine needs Node.js")
@pytest.mark.parametrize(
    ("plant", "wrong"),
    [("", 0), ("jack-11", None), pytest.param("ace-low-11", None, marks=pytest.mark.slow)],
)
def test_the_example_engine_in_javascript_passes_the_meld_and_score_sections(
    plant: str, wrong: int | None
) -> None:
    command = [
        sys.executable, "-m", "scala40", "conformance", "--engine",
        "node examples/conformance_engine.mjs", "--game", "scala40", "--preset", "official",
        "--sections", "meld", "score",
    ]  # fmt: skip
    env = {"CONFORMANCE_PLANT": plant, "PATH": str(Path(shutil.which("node") or "").parent)}
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, **env},
    )  # fmt: skip
    official = _lines("scala40", "official")
    melds = sum(1 for line in official if line["section"] == "meld")
    scores = sum(1 for line in official if line["section"] == "score")
    if wrong == 0:
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout == (
            f"meld: {melds} agreed, 0 disagreed, 0 skipped\n"
            f"score: {scores} agreed, 0 disagreed, 0 skipped\n"
        )
    else:
        assert done.returncode == 1
        rules = "S40-MELD-VALUE" if plant == "ace-low-11" else "S40-HAND-VALUE"
        assert rules in done.stdout
        assert "expected:" in done.stdout


def test_the_json_output_ends_with_the_summary_as_data(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code = main(
        ["conformance", "--engine", _engine("refuse-all"), "--corpus", str(CORPUS), "--game", "chinchon", "--preset",
         "catsatcards", "--sections", "refusal", "meld", "--json"]
    )  # fmt: skip
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    *wrong, summary = printed
    refusals = sum(1 for line in _lines("chinchon", "catsatcards") if line["section"] == "refusal")
    melds = sum(1 for line in _lines("chinchon", "catsatcards") if line["section"] == "meld")
    assert summary == {
        "summary": {
            "refusal": {"agreed": refusals, "disagreed": len(wrong), "skipped": 0},
            "meld": {"agreed": melds, "disagreed": 0, "skipped": 0},
        },
        "legal_judged": len(wrong),
        "gaps": [],
        "passed": False,
        "this_versions_corpus": True,
    }
    # Each answer as data, the fields an engine sends, and in words beside it.
    assert {
        (item["section"], json.dumps(item["expected"]), json.dumps(item["got"])) for item in wrong
    } == {("refusal", '{"legal": true}', '{"legal": false}')}
    assert {(item["expected_words"], item["got_words"]) for item in wrong} == {
        ("legal", "illegal")
    }


def test_the_library_s_reason_is_shown_beside_a_disagreement(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that judges every move legal disagrees on each refusal: the runner shows
    the reason the line holds beside it, as text and as data (none beside a legal move
    asked, whose refusal reason is not its own)."""
    monkeypatch.chdir(ROOT)
    argv = ["conformance", "--engine", _engine("allow"), "--game", "rumino", "--preset",
            "catsatcards", "--sections", "refusal"]  # fmt: skip
    refusals = {
        line["id"]: line
        for line in _lines("rumino", "catsatcards")
        if line["section"] == "refusal"
    }
    assert main(argv) == 1
    printed = capsys.readouterr().out
    for line in refusals.values():
        assert f"  expected: illegal\n  got:      legal\n  reason:   {line['reason']}\n" in printed
    assert main([*argv, "--json"]) == 1
    *wrong, _ = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert len(wrong) == len(refusals)
    assert all(item["reason"] == refusals[item["id"]]["reason"] for item in wrong)


@pytest.mark.parametrize(
    ("argv", "error", "code"),
    [
        (["--engine", "", "--game", "chinchon"], "InvalidValueError", 1),
        (["--engine", "/nonexistent/engine", "--game", "chinchon"], "EngineError", 1),
        (["--engine", "x", "--game", "nope"], "usage", 2),
        (["--engine", "x", "--game", "rumino", "--preset", "nope"], "usage", 2),
    ],
)
def test_under_json_an_error_is_a_json_object(
    capsys: pytest.CaptureFixture[str], argv: list[str], error: str, code: int
) -> None:
    assert main(["conformance", *argv, "--json"]) == code
    said = capsys.readouterr()
    assert said.err == ""
    answer = json.loads(said.out)
    assert answer["error"] == error
    assert answer["passed"] is False
    assert answer["reason"]


def test_the_help_names_every_request_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "(deal, moves, judge, meld, score, match, perft)" in said
    # Each section's request is one of them (a refusal line asks "judge").
    assert {request_for_section(section) for section in SECTIONS} == {
        "deal", "moves", "judge", "meld", "score", "match", "perft"
    }  # fmt: skip


def request_for_section(section: str) -> str:
    line = next(line for line in LINES if line["section"] == section)
    return str(request_for(line)["op"])


def test_a_preset_the_corpus_has_not_is_refused_with_those_it_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["conformance", "--engine", _engine("none"), "--game", "rumino", "--preset", "nope"]
    )
    said = capsys.readouterr().err.strip()
    rules = sorted({line["ruleset"] for line in _lines("rumino")})
    assert code == 2
    assert said == (
        "error: --preset: no corpus line is of the rules 'nope' of rumino; the rules of "
        f"rumino: {', '.join(rules)}"
    )
    assert "catsatcards, catsatcards,knock_min_melded=0, web" in said


def _game_rule_ids(game: str) -> set[str]:
    """The rule IDs of a game's part of the rules (its page's anchors; La Conga's are its
    own and Chinchón's, which LC-BASE makes its)."""
    pages = {"laconga": ("laconga", "chinchon")}.get(game, (game,))
    found: set[str] = set()
    for page in pages:
        text = (ROOT / "docs" / "games" / f"{page}.rst").read_text(encoding="utf-8")
        found |= set(re.findall(r"^\.\. _((?:S40|SK|RU|CH|LC)-[A-Z0-9-]+):", text, re.M))
    return found


RULES_CITED = {"scala40": 40, "skarney": 18, "rumino": 13, "chinchon": 13, "laconga": 18}
"""The rule IDs of each game's part of the rules its lines cite (102 of 103; the one left,
S40-DISJOINT, is named on the conformance page with why no line asks it)."""


def test_the_rules_each_game_s_lines_cite() -> None:
    """Counted over the corpus as ``scala40 corpus`` writes it (the shipped files, the same
    bytes): each game's lines cite only rules of the common part and of its own, and as
    many of its own as :data:`RULES_CITED` holds."""
    for game, count in RULES_CITED.items():
        own = _game_rule_ids(game)
        cited = {rule for line in _lines(game) for rule in line["rules"]}
        assert {rule for rule in cited - own if not rule.startswith("C-")} == set(), game
        assert len(own & cited) == count, (game, sorted(own - cited))
    assert sum(RULES_CITED.values()) == 102
    assert sum(len(_game_rule_ids(game)) for game in RULES_CITED) == 103
    # The page says the counts, and names each rule ID left with why.
    page = (ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8")
    said = ", ".join(
        f"{TITLES[game]} {count} of {len(_game_rule_ids(game))}"
        for game, count in RULES_CITED.items()
    )
    assert f"{said}, {sum(RULES_CITED.values())} of 103 in all" in " ".join(page.split())
    for game in RULES_CITED:
        cited = {rule for line in _lines(game) for rule in line["rules"]}
        for rule in _game_rule_ids(game) - cited:
            assert f"``{rule}``" in page.split("What the corpus does not ask:", 1)[1], rule


TITLES = {
    "scala40": "Scala 40",
    "skarney": "Skarney",
    "rumino": "Rumino",
    "chinchon": "Chinchón",
    "laconga": "La Conga",
}


def test_each_game_holds_the_sizes_asked_from_distinct_deals() -> None:
    """Per game: 1,000 distinct positions with their moves, 2,000 melds, 300 hands'
    ends, perft from 20 distinct positions; no two rulesets replay a deal."""
    for game in game_names():
        lines = _lines(game)
        by = {
            section: [line for line in lines if line["section"] == section] for section in SECTIONS
        }
        assert len({line["position"] for line in by["moves"]}) >= 1000, game
        assert len(by["meld"]) >= 2000, game
        assert len({line["position"] for line in by["score"]}) >= 300, game
        assert len({line["position"] for line in by["perft"]}) >= 20, game
        # A deal is its position's stock order and hands: never the same under two rulesets.
        deals: dict[str, str] = {}
        for line in by["moves"]:
            deal = " ".join(line["position"].split(" ")[2:4])
            assert deals.setdefault(deal, line["ruleset"]) == line["ruleset"], line["id"]


def test_a_group_no_pack_of_the_rules_holds_is_never_asked() -> None:
    """No meld line holds a card more often than its rules' pack does (a one-pack
    Chinchón or La Conga never a card twice: CH-MELDS); the knock games' readings carry
    no value (they score no meld), Scala 40's and Skarney's carry theirs."""
    for line in LINES:
        if line["section"] != "meld":
            continue
        rules: Any = _rulesets(line["game"])[line["ruleset"]]
        counts = rules.deck.counts()
        cards = as_cards(line["cards"])
        assert all(cards.count(card) <= counts.get(card, 0) for card in set(cards)), line["id"]
        valued = line["game"] in ("scala40", "skarney")
        assert all(("value" in reading) == valued for reading in line.get("readings", ()))


@pytest.mark.skipif(shutil.which("node") is None, reason="the example engine needs Node.js")
def test_the_pages_transcript_is_what_a_run_prints() -> None:
    """The planted mistake's transcript on the page (docs/conformance.rst) is what the run
    prints: its first report (a long position cut where the page writes "..."), then its
    summary, starting where the run starts."""
    page = (ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8")
    block = page.split("   $ CONFORMANCE_PLANT=jack-11 ", 1)[1].split("\n\n", 1)[0]
    command, *shown = (line[3:] for line in block.splitlines())
    done = subprocess.run(
        [sys.executable, "-m", "scala40", *__import__("shlex").split(command)[1:]],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "CONFORMANCE_PLANT": "jack-11"},
    )  # fmt: skip
    printed = done.stdout.splitlines()
    cut = shown.index("...")
    first = printed[:cut]
    assert len(first) == cut
    for said, run_said in zip(shown[:cut], first, strict=True):
        assert run_said.startswith(said.removesuffix(" ...")), (said, run_said)
    assert printed[-2:] == shown[cut + 1 :]

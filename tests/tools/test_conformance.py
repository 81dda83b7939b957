"""The conformance corpus and its runner (:mod:`scala40.conformance`): the shipped corpus is
what the library makes, byte for byte, and says what the library does; every line fits
its schema; the runner reports each planted disagreement with its position and rule IDs,
an engine that breaks the protocol is stopped and named, and the example engine in
JavaScript passes the sections it answers."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scala40.cards import as_cards
from scala40.cli import main
from scala40.conformance import (
    MANIFEST,
    SECTIONS,
    EngineError,
    corpus_files,
    corpus_lines,
    read_corpus,
    run_engine,
    shipped_corpus,
)
from scala40.errors import IllegalMoveError, InvalidValueError
from scala40.game import game_names, load_game, position_from_text
from scala40.melds import meld_interpretations
from scala40.perft import canonical_moves, perft_divide
from scala40.schemas import protocol_schema
from tests.protocol.cases import one_game_by_default

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = shipped_corpus()
LINES = list(read_corpus(SHIPPED))


def _engine(plant: str) -> str:
    return f"{sys.executable} -m tests.conformance_engine {plant}"


def _lines(game: str, preset: str | None = None) -> list[dict[str, Any]]:
    return [
        line
        for line in LINES
        if line["game"] == game and (preset is None or line["preset"] == preset)
    ]


@pytest.mark.parametrize("game", one_game_by_default("chinchon"))
def test_the_shipped_corpus_is_what_the_library_makes_again(game: str) -> None:
    """Made again from its seeds, a game's file is the same bytes as the shipped one (the
    soak makes every game's, the default run one)."""
    assert corpus_files([game])[f"{game}.jsonl"] == SHIPPED[f"{game}.jsonl"]


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


def test_every_line_fits_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(protocol_schema("corpus.line"))
    for line in LINES:
        errors = list(validator.iter_errors(line))
        assert not errors, (line["id"], errors[0].message)


def test_the_ids_are_unique_and_sorted_within_a_section() -> None:
    ids = [line["id"] for line in LINES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", one_game_by_default("scala40"))
def test_the_lines_say_what_the_library_does(game: str) -> None:
    """Each line read back and asked of the library as a user would: the moves listed in
    order, the refusal refused with its rules, the meld's readings, the hand's points,
    the perft count."""
    for line in _lines(game):
        section = line["section"]
        if section == "meld":
            ruleset: Any = load_game(game).ruleset_type.preset(line["preset"])
            rules = ruleset.meld_rules
            count = len(meld_interpretations(as_cards(line["cards"]), rules))
            assert count == len(line.get("readings", ()))
            continue
        state = position_from_text(line["position"])
        if section == "moves":
            assert [str(move) for move in canonical_moves(state)] == line["moves"]
            assert line["moves"] == sorted(line["moves"])
        elif section == "refusal":
            with pytest.raises(IllegalMoveError) as refused:
                state.apply(line["move"])
            assert all(rule in str(refused.value) for rule in line["rules"])
        elif section == "score":
            assert list(state.apply(line["move"]).last_hand.points) == line["points"]
        else:
            divided = perft_divide(state, line["depth"], node_limit=1_000_000)
            assert {str(move): count for move, count in divided} == line["divide"]
            assert sum(line["divide"].values()) == line["count"]


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
        where = line["cards"] if section == "meld" else line["position"]
        assert where in item.subject
        assert item.expected != item.got
        assert item.id in item.text()
        assert where in item.text()


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
        ["conformance", "--engine", _engine("score"), "--game", "scala40", "--preset",
         "official", "--sections", "score"]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert code == 1
    assert "scala40/official/score/000 (S40-SCORE, S40-HAND-VALUE)" in printed
    assert "score: 0 agreed, 6 disagreed, 0 skipped" in printed


@pytest.mark.slow
def test_the_corpus_command_writes_the_shipped_files(tmp_path: Path) -> None:
    """``scala40 corpus`` writes what corpus_files makes (checked for one game here: the
    shipped corpus is what it makes, above)."""
    assert corpus_lines("rumino", "web")[0]["id"] == "rumino/web/moves/000"
    assert main(["corpus", str(tmp_path)]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(SHIPPED)
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == SHIPPED[MANIFEST]


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
    if wrong == 0:
        assert done.returncode == 0, done.stdout + done.stderr
        assert "meld: 60 agreed, 0 disagreed, 0 skipped" in done.stdout
        assert "score: 6 agreed, 0 disagreed, 0 skipped" in done.stdout
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
        ["conformance", "--engine", _engine("refuse-all"), "--game", "chinchon", "--preset",
         "catsatcards", "--sections", "refusal", "meld", "--json"]
    )  # fmt: skip
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    *wrong, summary = printed
    refusals = sum(1 for line in _lines("chinchon", "catsatcards") if line["section"] == "refusal")
    assert summary == {
        "summary": {
            "refusal": {"agreed": refusals, "disagreed": len(wrong), "skipped": 0},
            "meld": {"agreed": 60, "disagreed": 0, "skipped": 0},
        },
        "legal_judged": len(wrong),
        "gaps": [],
        "passed": False,
    }
    assert {(item["section"], item["expected"], item["got"]) for item in wrong} == {
        ("refusal", "legal", "illegal")
    }


def test_a_preset_the_corpus_has_not_is_refused_with_those_it_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["conformance", "--engine", _engine("none"), "--game", "rumino", "--preset", "nope"]
    )
    said = capsys.readouterr().err.strip()
    presets = sorted({line["preset"] for line in _lines("rumino")})
    assert code == 2
    assert said == (
        "error: --preset: no corpus line is of the preset 'nope' of rumino; the presets of "
        f"rumino: {', '.join(presets)}"
    )

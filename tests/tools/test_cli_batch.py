"""Batch checking from the command line: ``scala40 check --jsonl``, ``scala40 hand
--jsonl`` (:mod:`scala40.cli.batch`), and ``-`` for standard input.

* one verdict a line, in order, paired by ``line`` (and ``id``): a valid meld's kind,
  reading and value; an invalid one's reason; a line that is no request, its error;
* lines of text under the command's game and rules, JSON objects naming their own;
* no total, exit 0 whatever the melds; 1 only for input that is not text;
* the verdict of a meld is the one ``check --json`` gives it;
* ``check -`` and ``hand -`` read standard input, and no ``-`` is checked as a meld.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from scala40.cli import main
from scala40.cli.batch import MAX_CARDS_TEXT, MAX_LINE_BYTES
from scala40.game import game_names


def _batch(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    *argv: str,
) -> tuple[int, list[dict[str, Any]]]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


def test_check_jsonl_gives_one_verdict_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "JK 9C 8C",
        json.dumps({"id": "a", "game": "chinchon", "rules": "catsatcards", "cards": "AS 2S 3S"}),
        "",
        "7S 7S 7S",
        json.dumps({"cards": "7S", "game": "bridge", "id": 9}),
        "7X 8S 9S",
        json.dumps({"cards": "5S 2C 7S", "game": "skarney"}),
        "JK 7S 7H",
        json.dumps({"cards": "JK 7S", "colour": "red"}),
        "{not json",
    ]
    code, verdicts = _batch(
        monkeypatch, capsys, "\n".join(lines).encode() + b"\n", "check", "--jsonl"
    )
    assert code == 0
    assert [verdict["line"] for verdict in verdicts] == list(range(1, len(lines) + 1))
    first, second, blank, copies, unknown, bad, skarney, ambiguous, extra, broken = verdicts
    assert first["valid"]
    assert first["kind"] == "sequence of clubs"
    assert (first["meld"], first["value"], first["game"], first["rules"]) == (
        "8C 9C JK=10C",
        27,
        "scala40",
        "official",
    )
    assert second["id"] == "a"
    assert second["game"] == "chinchon"
    assert second["value"] == 6
    assert not blank["valid"]
    assert blank["reason"].startswith("a meld needs at least 3 cards")
    assert not copies["valid"]
    assert copies["reason"] == "3 copies of 7S, but the 108-card French pack has 2"
    assert unknown == {
        "line": 5,
        "id": 9,
        "valid": False,
        "error": "UnknownGameError",
        "reason": f"no game named 'bridge'; games: {', '.join(game_names())}",
    }
    assert bad["error"] == "InvalidCardError"
    assert skarney["valid"]
    assert skarney["meld"] == "5S 2C=6S 7S"
    assert not ambiguous["valid"]
    assert len(ambiguous["readings"]) > 1
    assert extra["error"] == "InvalidArgumentError"
    assert "colour" in extra["reason"]
    assert broken["error"] == "InvalidValueError"
    assert broken["reason"].startswith("not JSON")


def test_a_verdict_is_the_report_check_json_gives(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for meld in ("JK 9C 8C", "5D 5H 5S", "7S 8S", "JK 7S 7H"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(meld + "\n"))
        main(["check", "--jsonl", "--rules", "classic"])
        verdict = json.loads(capsys.readouterr().out)
        main(["check", "--json", "--rules", "classic", meld])
        report = json.loads(capsys.readouterr().out)["melds"][0]
        assert {
            key: value for key, value in verdict.items() if key not in ("line", "game", "rules")
        } == report
        assert (verdict["game"], verdict["rules"]) == ("scala40", "classic")


def test_rules_given_as_a_ruleset_dictionary(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from scala40 import Ruleset

    rules = Ruleset(max_jokers_per_meld=2).to_dict()
    line = json.dumps({"cards": "JK JK 7S", "rules": rules})
    code, (verdict,) = _batch(monkeypatch, capsys, line.encode(), "check", "--jsonl")
    assert code == 0
    assert verdict["rules"] == "custom"
    assert verdict["valid"] or "reason" in verdict
    line = json.dumps({"cards": "7S 8S 9S", "rules": {"format": "x"}})
    _, (verdict,) = _batch(monkeypatch, capsys, line.encode(), "check", "--jsonl")
    assert verdict["error"] == "SerializationError"


def test_input_that_is_not_text_is_answered_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Read as bytes, a line at a time: each gets its verdict, and the status says so.
    stream = io.BytesIO(b"7S 8S 9S\n\xff\xfe\n5D 5H 5S\n")
    wrapper = io.TextIOWrapper(stream, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", wrapper)
    assert main(["check", "--jsonl"]) == 1
    verdicts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [verdict.get("error") for verdict in verdicts] == [None, "UnicodeDecodeError", None]
    assert verdicts[0]["valid"]
    assert verdicts[2]["valid"]


def test_bounds_of_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = b"7S " * (MAX_LINE_BYTES // 3 + 10) + b"\n7S 8S 9S\n"
    code, verdicts = _batch(monkeypatch, capsys, data, "check", "--jsonl")
    assert code == 0
    assert verdicts[0]["reason"] == f"a line is at most {MAX_LINE_BYTES} bytes"
    assert verdicts[1] == {**verdicts[1], "line": 2, "valid": True}
    long_cards = json.dumps({"cards": "7S " * MAX_CARDS_TEXT})
    _, (verdict,) = _batch(monkeypatch, capsys, long_cards.encode(), "check", "--jsonl")
    assert "at most 500 characters" in verdict["reason"]
    deep = b"{" + b'"id":' + b"[" * 5000 + b"]" * 5000 + b"}"
    _, (verdict,) = _batch(monkeypatch, capsys, deep, "check", "--jsonl")
    assert verdict["valid"] is False


def test_hand_jsonl(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        "AS 2S 3S 7C",
        json.dumps({"cards": "JK", "game": "scala40", "id": 1}),
        "7X",
        json.dumps({"cards": "AS", "game": "skarney"}),
        "7S 7S",
    ]
    code, verdicts = _batch(
        monkeypatch, capsys, "\n".join(lines).encode(), "hand", "--jsonl", "--game", "chinchon"
    )
    assert code == 0
    assert verdicts[0] == {
        "line": 1,
        "game": "chinchon",
        "rules": "catsatcards",
        "cards": "AS 2S 3S 7C",
        "valid": True,
        "value": 7,
    }
    assert verdicts[1]["id"] == 1
    assert verdicts[1]["value"] == 25
    assert verdicts[2]["error"] == "InvalidCardError"
    assert verdicts[3]["valid"] is True
    assert verdicts[4] == {**verdicts[4], "valid": False}
    assert "the deck of 'catsatcards' has 1" in verdicts[4]["reason"]


def test_dash_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("JK 9C 8C\n\n5D 5H 5S\n"))
    assert main(["check", "-"]) == 0
    out = capsys.readouterr().out
    assert "meld 1: JK 9C 8C" in out
    assert "meld 2: 5D 5H 5S" in out
    assert "total value: 42" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("AS KH\n"))
    assert main(["hand", "-"]) == 0
    assert "value: 21" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["check", "-"]) == 2
    assert "give the melds to check" in capsys.readouterr().err
    assert main(["check", "-", "JK 9C 8C"]) == 2
    assert "give it alone" in capsys.readouterr().err
    assert main(["check", "--jsonl", "JK 9C 8C"]) == 2
    assert main(["check"]) == 2


def test_batch_mode_in_a_real_process() -> None:
    lines = b"JK 9C 8C\n" + json.dumps({"cards": "AS 2S 3S", "game": "chinchon"}).encode() + b"\n"
    done = subprocess.run(
        [sys.executable, "-m", "scala40", "check", "--jsonl"],
        input=lines,
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    verdicts = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [verdict["valid"] for verdict in verdicts] == [True, True]
    done = subprocess.run(
        [sys.executable, "-m", "scala40", "check", "-"],
        input=b"7S 8S 9S\n",
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert b"sequence of spades" in done.stdout

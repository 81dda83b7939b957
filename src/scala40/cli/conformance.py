"""``scala40 corpus DIRECTORY`` and ``scala40 conformance --engine COMMAND``: write the
conformance corpus, and run another implementation over it (:mod:`scala40.conformance`).

>>> import contextlib, io
>>> from scala40.cli import main
>>> with contextlib.redirect_stderr(io.StringIO()) as said:
...     code = main(["conformance", "--engine", "", "--game", "chinchon"])
>>> code, said.getvalue().strip()
(1, "error: the engine's command is empty")
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scala40.cli.common import add_number_option, print_json
from scala40.commands import EXIT_INVALID, EXIT_OK, EXIT_USAGE, Command, CommandError, UsageError
from scala40.conformance import (
    SECTIONS,
    Report,
    corpus_version_problem,
    own_corpus,
    read_corpus,
    read_corpus_directory,
    run_engine,
    write_corpus,
)
from scala40.conformance._text import printable
from scala40.errors import Scala40Error
from scala40.game import BUILTIN_GAMES, game_names

__all__ = ["CONFORMANCE_COMMAND", "CORPUS_COMMAND"]


def _configure_corpus(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "directory",
        metavar="DIRECTORY",
        help="where to write the corpus: a new or empty directory (made if need be)",
    )
    parser.add_argument(
        "--replace",
        action="store_true",
        help="write into a directory that is not empty, replacing the corpus's own files "
        "there (never through a symbolic link) and touching nothing else",
    )


def _run_corpus(args: argparse.Namespace) -> int:
    for path in write_corpus(args.directory, replace=args.replace):
        print(printable(str(path)))
    return EXIT_OK


def _configure_conformance(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        metavar="COMMAND",
        required=True,
        help="the program to check, split as a shell would (it reads requests as JSON lines "
        "on its standard input and answers one JSON line each)",
    )
    parser.add_argument(
        "--corpus",
        metavar="DIRECTORY",
        help="a corpus written by 'scala40 corpus', each file checked against its manifest, "
        "and the manifest against this version's (default: this version's corpus, made "
        "anew for the games asked)",
    )
    parser.add_argument(
        "--foreign-corpus",
        action="store_true",
        help="judge against a --corpus that is not this version's (another version's, or "
        "edited): its answers are then that corpus's, not this library's; without it, "
        "such a corpus is refused",
    )
    parser.add_argument("--game", metavar="GAME", help="only this game's lines")
    parser.add_argument(
        "--preset",
        metavar="RULES",
        help="only the lines of these rules: a preset's name (its own lines, unchanged), or "
        "a variant's rules as the corpus's lines write them (official,jokers=2)",
    )
    parser.add_argument(
        "--sections",
        metavar="SECTION",
        nargs="+",
        choices=SECTIONS,
        help=f"only these sections ({', '.join(SECTIONS)}; default: all)",
    )
    add_number_option(
        parser,
        "--timeout",
        4,
        "seconds the engine has for each request and answer (default: 10)",
        10,
    )
    parser.add_argument(
        "--allow-skip",
        action="store_true",
        help="exit 0 even when the engine skipped requests, or a section judged nothing "
        "(or no legal move): by default such a run fails",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="each disagreement as one JSON object a line, then the summary as one (an "
        "error as one object: its error, reason and passed false)",
    )


def _chosen_lines(args: argparse.Namespace, files: dict[str, str]) -> list[dict[str, Any]]:
    lines = [line for line in read_corpus(files) if args.game is None or line["game"] == args.game]
    # A line's rules: its ruleset's text, a preset's name alone where it plays the preset
    # unchanged (older corpora name only the preset).
    rules_of = [(line.get("ruleset", line["preset"]), line) for line in lines]
    if args.preset is not None and not any(rules == args.preset for rules, _ in rules_of):
        presets = sorted({rules for rules, _ in rules_of})
        of = f" of {args.game}" if args.game is not None else ""
        raise UsageError(
            f"--preset: no corpus line is of the rules {printable(args.preset, 40)!r}{of}; "
            f"the rules{of}: {', '.join(printable(name, 80) for name in presets) or 'none'}"
        )
    chosen = [line for rules, line in rules_of if args.preset is None or rules == args.preset]
    if not chosen:
        raise UsageError("no corpus line is of the game and preset asked")
    return chosen


def _summary_json(report: Report, allow_skip: bool, this_versions: bool) -> dict[str, Any]:
    return {
        "summary": {
            section: {
                "agreed": report.agreed[section],
                "disagreed": report.disagreed(section),
                "skipped": report.skipped[section],
            }
            for section in report.agreed
        },
        "legal_judged": report.legal_judged,
        "gaps": list(report.gaps),
        "passed": not report.disagreements and (allow_skip or not report.gaps),
        "this_versions_corpus": this_versions,
    }


def _corpus(args: argparse.Namespace) -> tuple[dict[str, str], str | None]:
    """The corpus to run: this version's made anew (the game asked, or every game), or
    the one in ``--corpus``, refused where it is not this version's unless
    ``--foreign-corpus``; and, for such a corpus, what makes it another, in words."""
    if args.corpus is None:
        if args.foreign_corpus:
            raise UsageError("--foreign-corpus: give the corpus with --corpus DIRECTORY")
        return own_corpus(BUILTIN_GAMES if args.game is None else [args.game]), None
    files = read_corpus_directory(args.corpus)
    problem = corpus_version_problem(files)
    if problem is not None and not args.foreign_corpus:
        raise CommandError(
            f"{printable(str(args.corpus), 200)} is not this version's corpus: {problem}; "
            "write this version's with 'scala40 corpus DIRECTORY', or judge against that "
            "one with --foreign-corpus (its answers are then that corpus's, not this "
            "library's)"
        )
    return files, problem


def _run_conformance(args: argparse.Namespace) -> int:
    if not args.json:
        return _conformance(args)
    # Under --json every error is a JSON object too, on standard output, with the exit
    # code it has without it.
    try:
        return _conformance(args)
    except UsageError as error:
        print_json({"error": "usage", "reason": printable(str(error), 2000), "passed": False})
        return EXIT_USAGE
    except CommandError as error:
        print_json({"error": "command", "reason": printable(str(error), 2000), "passed": False})
        return EXIT_INVALID
    except Scala40Error as error:
        name = type(error).__name__
        print_json({"error": name, "reason": printable(str(error), 2000), "passed": False})
        return EXIT_INVALID


def _conformance(args: argparse.Namespace) -> int:
    if args.game is not None and args.game not in game_names():
        raise UsageError(
            f"--game: unknown game {printable(args.game, 40)!r}; known: {', '.join(game_names())}"
        )
    if not 1 <= args.timeout <= 3600:
        raise UsageError(f"--timeout must be from 1 to 3600 seconds, got {args.timeout}")
    files, foreign = _corpus(args)
    lines = _chosen_lines(args, files)
    if foreign is not None:
        print(
            f"note: {printable(str(args.corpus), 200)} is not this version's corpus "
            f"({foreign}): each expected answer is that corpus's, not this library's",
            file=sys.stderr,
        )
    report = run_engine(args.engine, lines, timeout=args.timeout, sections=args.sections)
    for item in report.disagreements:
        if args.json:
            print_json(
                {
                    "id": item.id,
                    "section": item.section,
                    "rules": list(item.rules),
                    "subject": item.subject,
                    "expected": item.expected_answer,
                    "got": item.got_answer,
                    "expected_words": item.expected,
                    "got_words": item.got,
                    "reason": item.reason,
                }
            )
        else:
            print(item.text())
    if args.json:
        print_json(_summary_json(report, args.allow_skip, foreign is None))
    else:
        for summary in report.summary():
            print(summary)
        if report.gaps:
            accepted = "accepted (--allow-skip)" if args.allow_skip else "a failure"
            print(f"incomplete, {accepted}: {'; '.join(report.gaps)}")
    if report.disagreements or (report.gaps and not args.allow_skip):
        return EXIT_INVALID
    return EXIT_OK


CORPUS_COMMAND = Command(
    name="corpus",
    summary="write the conformance corpus: deals, moves, refusals, melds, scores, matches, perft",
    description="Write the conformance corpus into DIRECTORY (a new or empty one, unless "
    "--replace): for every game and preset, deals from a given deck's order, "
    "positions with their legal moves in the canonical order, near-miss moves with the "
    "rules that refuse them, melds with their verdicts and values, hands' ends with every "
    "seat's points and what the match does after them, and perft counts, one JSON object "
    "a line (<game>.jsonl), and "
    "manifest.json. Made from fixed seeds, it is the same bytes each time: each file is "
    "checked against the manifest the package carries before it is written. The directory "
    "is opened once and every file written relative to it, never through a symbolic link.",
    configure=_configure_corpus,
    run=_run_corpus,
    epilog="example:\n  scala40 corpus corpus/",
)
"""The ``corpus`` command."""


CONFORMANCE_COMMAND = Command(
    name="conformance",
    summary="run another implementation over the conformance corpus and report differences",
    description="Run the engine COMMAND over the conformance corpus (this version's, made "
    "anew for the games asked, or --corpus: one that is not this version's is refused "
    "unless --foreign-corpus), sending one JSON request a line on its standard input (deal, "
    "moves, judge, meld, score, match, perft) and reading one JSON answer a line on its "
    "standard output; print each answer that differs from the library's with its position, "
    "the two answers, the library's reason where the line holds one and the IDs of the "
    "rules at stake, then a line a section. Exit code 0 when every answer agreed and "
    "nothing was skipped, 1 otherwise (--allow-skip accepts skipped requests), 2 for a "
    "usage error; with --json, an error too is one JSON object.",
    configure=_configure_conformance,
    run=_run_conformance,
    epilog="examples:\n"
    '  scala40 conformance --engine "node examples/conformance_engine.mjs" --game scala40 '
    "--preset official --sections meld score\n"
    '  scala40 conformance --engine "./my-engine" --sections moves --json\n'
    "  scala40 corpus corpus/ && scala40 conformance --engine ./my-engine --corpus corpus/",
)
"""The ``conformance`` command."""

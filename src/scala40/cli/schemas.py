"""``scala40 schemas DIRECTORY``: write every JSON Schema the package ships into a
directory, made if need be (:func:`scala40.schemas.write_schemas`): each format of each
game, and the lines of ``check --jsonl``, ``hand --jsonl`` and the conformance corpus.
"""

from __future__ import annotations

import argparse

from scala40.commands import EXIT_OK, Command, CommandError
from scala40.schemas import write_schemas

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "directory",
        metavar="DIRECTORY",
        help="where to write them (made, with its parents, if it does not exist)",
    )


def _run(args: argparse.Namespace) -> int:
    directory: str = args.directory
    try:
        written = write_schemas(directory)
    except OSError as error:
        reason = error.strerror or str(error)
        raise CommandError(f"cannot write the schemas into {directory!r}: {reason}") from None
    for path in written:
        print(path)
    return EXIT_OK


COMMAND = Command(
    name="schemas",
    summary="write the JSON Schemas of the library's formats and protocols into a directory",
    description="Write every JSON Schema the package ships into DIRECTORY, one file each, "
    "named after its $id. They are the state, move, ruleset, record, tournament and view "
    "of each game, the verdicts of 'check --jsonl' and 'hand --jsonl', and a line of the "
    "conformance corpus. A schema that refers to a game's schema does so by its $id, so "
    "a validator given the directory resolves every reference ('serve --write-schemas', "
    "with scala40-server installed, writes these and the schemas of 'serve' together).",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 schemas schemas/\n  python -m scala40.schemas schemas/",
)
"""The ``schemas`` command."""

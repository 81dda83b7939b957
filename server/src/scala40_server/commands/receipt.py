"""``scala40 receipt FILE``: check a receipt a person saved from the web table's page (its
signed acknowledgements, with the deals of the match as the page was sent them) and say
who is at fault (:mod:`scala40_server.serving.receipts`).

The page is the operator's code: what it says, and what it keeps in the browser, is the
operator's to change. A receipt saved to the person's disk and checked here, by the
library, is the check that does not depend on the operator. A receipt that is not one
(more than :data:`~scala40_server.serving.receipts.MAX_RECEIPT_BYTES`, not of its form)
or that was forged or altered (a signature that does not verify, an acknowledgement of
another seat or table, a revealed deal that does not hash to its commitment) is refused
with one line naming what is wrong, and exit code 1.

>>> from scala40.cli import build_parser
>>> build_parser().parse_args(["receipt", "saved.json"]).file
'saved.json'
"""

from __future__ import annotations

import argparse

from scala40.commands import EXIT_OK, Command, CommandError
from scala40_server.serving.receipts import MAX_RECEIPT_BYTES, receipt_verdict

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the receipt the page saved (JSON)")


def _run(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as given:
            text = given.read(MAX_RECEIPT_BYTES + 1)
    except OSError as error:
        raise CommandError(f"cannot read the receipt {args.file}: {error.strerror}") from None
    for line in receipt_verdict(text).lines():
        print(line)
    return EXIT_OK


COMMAND = Command(
    name="receipt",
    summary="check a receipt saved from the web table's page and say who is at fault",
    description="Check a receipt the web table's page saved (the server's signed "
    "acknowledgements of your parts of the deal, with the deals of the match as your page "
    "was sent them) by the library, not by the page, which is the operator's code: each "
    "signature against the key its deal's terms named, the revealed deal against its "
    "commitment, and each void against your acknowledgements. Says who is at fault: the "
    "server, your seat, or no one. A forged or altered receipt is refused, naming what is "
    "wrong.",
    configure=_configure,
    run=_run,
    epilog="example:\n  scala40 receipt scala40-receipt-table-3-seat-0.json",
)
"""The ``receipt`` command."""

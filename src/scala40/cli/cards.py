"""``scala40 cards``: the card notation of both packs, or, with ``--svg DIR``, every card
as a picture file (:func:`scala40.drawing.card_set`): ``DIR/french/7S.svg`` ...,
``DIR/spanish/QD.svg`` ..., each pack's joker ``JK.svg`` and back ``back.svg``.

>>> from scala40.cli import main
>>> main(["cards"])  # doctest: +ELLIPSIS
French pack: A 2 3 4 5 6 7 8 9 10 J Q K of S (♠) H (♥) D (♦) C (♣), and JK (joker)
  AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SPANISH_RANK_NAMES, SUIT_OF
from scala40.cli.common import plural
from scala40.commands import EXIT_OK, Command, CommandError
from scala40.directory import DirectoryWriter
from scala40.drawing import PACKS, card_set

__all__ = ["COMMAND", "write_card_set"]


def write_card_set(folder: Path) -> int:
    """Write every card of both packs into ``folder/PACK/`` (each made if need be); return
    how many files. The folder is opened once and every file written relative to it,
    never through a symbolic link (:class:`scala40.directory.DirectoryWriter`).

    :raises FileWriteError: the folder, a pack's folder or a card's name in it is a
        symbolic link or not what is written there, or a file cannot be written (an
        ``OSError`` too).
    """
    written = 0
    with DirectoryWriter.open(folder) as top:
        for pack in PACKS:
            with top.subdirectory(pack) as place:
                written += len(place.write_all(card_set(pack)))
    return written


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--svg", metavar="DIR", type=Path,
        help="write each card of both packs, their jokers and backs, as SVG files in DIR",
    )  # fmt: skip


def _run(args: argparse.Namespace) -> int:
    folder: Path | None = args.svg
    if folder is None:
        print("French pack: A 2 3 4 5 6 7 8 9 10 J Q K of S (♠) H (♥) D (♦) C (♣), and JK (joker)")
        for suit in range(4):
            print("  " + " ".join(CARD_NAMES[c] for c in range(JOKER) if SUIT_OF[c] == suit))
        print("Spanish pack: A 2 ... 9 sota (J) caballo (Q) rey (K) of espadas (S) copas (H)")
        print("  oros (D) bastos (C); the 40-card pack leaves out the 8s and 9s")
        for suit in range(4):
            spanish = (
                c for c in range(JOKER) if SUIT_OF[c] == suit and SPANISH_RANK_NAMES[RANK_OF[c]]
            )
            print("  " + " ".join(CARD_NAMES[c] for c in spanish))
        return EXIT_OK
    try:
        written = write_card_set(folder)
    except OSError as error:
        reason = error.strerror or str(error)
        raise CommandError(f"cannot write the cards in {folder}: {reason}") from None
    print(f"wrote {plural(written, 'card picture')} in {folder}/french and {folder}/spanish")
    return EXIT_OK


COMMAND = Command(
    name="cards",
    summary="the card notation, or every card as an SVG file",
    description="Print the card notation of the French and the Spanish pack, or with "
    "--svg DIR write every card of both packs as a picture, with each pack's joker and "
    "back (DIR/french/7S.svg, DIR/spanish/back.svg...), for a page or an app to use.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 cards\n  scala40 cards --svg cards",
)
"""The ``cards`` command."""

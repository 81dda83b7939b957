"""The web table's deal steps (:mod:`scala40_server.serving.fair_deal`): the deal a new table
draws, a person's part of it (``shuffle``), the deal moved on by its clock (a void deal
drawn again) and dealt once every part is in, and the answer of a table whose cards
wait. :class:`~scala40_server.web.tables.Tables` takes these steps (:class:`DealSteps`)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from scala40.deadline import Deadline
from scala40.errors import InvalidArgumentError
from scala40.game import Game
from scala40_server.serving.fair_deal import Deal, SealedDeal, deal_of_row, terms_text
from scala40_server.serving.request_fields import read_seed
from scala40_server.serving.signatures import SigningKey
from scala40_server.web.limits import ServerLimits
from scala40_server.web.requests import RequestError, read_field, read_since, seat_of

__all__ = [
    "DealSteps",
    "UndealtError",
    "deal_of_text",
    "draw_deal",
    "seats_shown",
    "stored_deal_text",
]


class UndealtError(RequestError):
    """A table whose cards wait for its people's commitments or values, or that is void
    (see :meth:`~scala40_server.web.tables.Tables.look`)."""


def draw_deal(
    body: Mapping[str, Any],
    specs: list[str | None],
    game: Game,
    rules: Any,
    now: float,
    key: str,
) -> Deal | SealedDeal:
    """The table's deal: a secret drawn by the server, committed to with the table's
    terms, which its people shuffle with it (unless ``shuffle`` is false: then it is
    dealt at once, from the secret alone, and the terms say so); or a seed chosen by the
    creator at a table where no other person sits (whoever knows the seed knows every
    hand). The terms name ``key``, the server's key that signs what it acknowledges
    (:mod:`scala40_server.serving.signatures`)."""
    value = body.get("seed")
    shuffle = read_field(body, "shuffle", bool, None)
    if value is None:
        shuffled = shuffle is not False
        seats = _public_seats(specs)
        terms = terms_text(game.name, rules.to_dict(), seats, shuffle=shuffled, key=key)
        return SealedDeal.draw(terms, len(specs), now, shuffle=shuffled)
    if shuffle:
        raise InvalidArgumentError(
            "'shuffle' is for a seed the server draws: a chosen seed is dealt as chosen"
        )
    seed = read_seed(value)
    if specs.count(None) > 1:
        raise InvalidArgumentError(
            "'seed' may be chosen only at a table where no other person sits: the seed "
            "deals every hidden card, so a seed one person knows would show them the "
            "others' hands (leave it out: the server draws one, and reveals it at the end)"
        )
    return Deal.draw(seed)


def _public_seats(specs: list[str | None]) -> list[dict[str, Any]]:
    """The seats as anyone may see them (and a deal's terms commit to them)."""
    return [{"player": True} if spec is None else {"bot": spec} for spec in specs]


def _people(seats: list[dict[str, Any]]) -> list[int]:
    """The seats of persons (each holds a token)."""
    return [seat for seat, place in enumerate(seats) if "token" in place]


def stored_deal_text(deal: Deal | SealedDeal) -> str:
    """A deal as a table's row keeps it (JSON text)."""
    return json.dumps(deal.to_row())


def deal_of_text(text: str | None) -> Deal | SealedDeal | None:
    """A deal as :func:`stored_deal_text` kept it (``None``: a table with none)."""
    return None if text is None else deal_of_row(json.loads(text))


def seats_shown(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats as anyone may see them: bots by name, people without their tokens."""
    return [{"bot": place["bot"]} if "bot" in place else {"player": True} for place in seats]


def _void_text(deal: SealedDeal, seconds: float) -> str:
    """Why a table is void, naming the seats that withheld their values (and how many
    of its deals were void before)."""
    seats = " and ".join(f"seat {seat}" for seat in deal.withheld)
    before = len(deal.voided)
    again = f" (its deal was void {before} times before, each drawn again)" if before else ""
    return (
        f"this table is void: {seats} committed to a value and did not reveal it within "
        f"{seconds:g} s, so no card was dealt{again} (a seat that withholds its value "
        "cannot choose the deal, only stop it): make a new table"
    )


class DealSteps:
    """The steps of a table's deal, taken by :class:`~scala40_server.web.tables.Tables` (its
    ``shuffle`` action, and its looks at a table whose cards wait)."""

    limits: ServerLimits
    signing_key: SigningKey

    if TYPE_CHECKING:

        def _locked(
            self, table_id: int, deadline: Deadline
        ) -> AbstractContextManager[sqlite3.Connection]: ...

        def look(
            self,
            table_id: int,
            params: Mapping[str, Any],
            since: int,
            deadline: Deadline | None = None,
        ) -> dict[str, Any]: ...

    def _deal_now(
        self,
        db: sqlite3.Connection,
        table_id: int,
        deal: SealedDeal,
        seats: list[dict[str, Any]],
    ) -> SealedDeal:
        """The deal of a table whose cards wait for its people, as it stands now
        (:meth:`~scala40_server.serving.deals.SealedDeal.advanced`, each phase lasting a
        decision's clock), once its cards may be dealt.

        :raises UndealtError: the cards still wait (409 ``NotDealt``), or the table is
            void (409 ``Void``); what changed of the deal is kept all the same.
        """
        seconds = self.limits.decision_seconds
        moved = self._moved_on(db, table_id, deal, seats)
        if moved.is_void:
            raise UndealtError(409, "Void", _void_text(moved, seconds))
        if not moved.is_dealt:
            waiting = ", ".join(map(str, moved.waiting(_people(seats))))
            raise UndealtError(
                409,
                "NotDealt",
                f"the cards are dealt once every person has sent a commitment, then its "
                f"value (the deal waits for seat {waiting}, {seconds:g} s at most)",
            )
        return moved

    def _moved_on(
        self,
        db: sqlite3.Connection,
        table_id: int,
        deal: SealedDeal,
        seats: list[dict[str, Any]],
    ) -> SealedDeal:
        """``deal`` as it stands now, each phase lasting a decision's clock
        (:meth:`~scala40_server.serving.deals.SealedDeal.advanced`); a void deal drawn
        again, its void counted, up to :data:`~scala40_server.serving.deals.MAX_VOIDS`
        times (:meth:`~scala40_server.serving.deals.SealedDeal.redrawn`). A new phase but
        the deal is kept at once, even if the request is then refused (a table void for
        good is over: it goes as a finished table does). The deal is kept with its
        cards, by the request that deals them."""
        now = time.time()
        moved = deal.advanced(_people(seats), now, self.limits.decision_seconds)
        if moved.may_redraw:
            moved = moved.redrawn(now)
        if moved != deal and not moved.is_dealt:
            db.execute(
                "UPDATE tables SET deal = ?, over = ?, updated = ? WHERE id = ?",
                (stored_deal_text(moved), int(moved.is_void), now, table_id),
            )
            db.commit()
        return moved

    def _undealt(
        self, table_id: int, params: Mapping[str, Any], deadline: Deadline
    ) -> dict[str, Any]:
        """The answer of a table whose cards wait for its people (or that is void): its
        seats, its deal (its phase and the commitments received), no view; and the
        deal's clock: the seats it waits for and the seconds left (a void table: why it
        is void, naming the seats that withheld)."""
        with self._locked(table_id, deadline) as db:
            seats_text, deal_text = db.execute(
                "SELECT seats, deal FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        seats = json.loads(seats_text)
        deal = deal_of_text(deal_text)
        assert deal is not None
        answer: dict[str, Any] = {
            "table": table_id,
            "seat": seat_of(seats, params),
            "seats": seats_shown(seats),
            "dealt": False,
            "deal": deal.public(revealed=False),
        }
        seconds = self.limits.decision_seconds
        if isinstance(deal, SealedDeal) and deal.is_void:
            answer["void"] = _void_text(deal, seconds)
        elif isinstance(deal, SealedDeal):
            answer["deal_clock"] = {
                "phase": deal.phase,
                "waiting": list(deal.waiting(_people(seats))),
                "seconds": seconds,
                "left": round(deal.seconds_left(time.time(), seconds), 3),
            }
        return answer

    def _shuffle(
        self, table_id: int, body: Mapping[str, Any], deadline: Deadline
    ) -> dict[str, Any]:
        """A person's part of the deal (:mod:`scala40_server.serving.fair_deal`), before the deal:
        its ``commitment`` while the deal takes them, then its ``value``. Once every part
        is in, the cards are dealt and the seat's answer is sent; until then, the deal
        and what it waits for. A part naming the deal it is for (``deal_commitment``) is
        refused for another (409 ``Redrawn``: the deal was void and drawn again). Either way the answer acknowledges the part
        (``acknowledged``: :meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`,
        signed with the server's key where it has one: :mod:`scala40_server.serving.signatures`),
        for the seat to keep; a part sent again (its answer lost) is acknowledged again,
        even once the cards are dealt."""
        with self._locked(table_id, deadline) as db:
            row = db.execute("SELECT seats, deal FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                raise RequestError(404, "NotFound", f"no table {table_id}")
            seats = json.loads(row[0])
            seat = seat_of(seats, body)
            deal = deal_of_text(row[1])
            commitment, value = body.get("commitment"), body.get("value")
            if (commitment is None) == (value is None):
                raise InvalidArgumentError(
                    "send your seat's 'commitment' while the deal takes them, then its "
                    "'value': one of the two"
                )
            if isinstance(deal, SealedDeal):
                deal = self._moved_on(db, table_id, deal, seats)
                if deal.is_void:
                    raise RequestError(409, "Void", _void_text(deal, self.limits.decision_seconds))
            meant = body.get("deal_commitment")
            if isinstance(deal, SealedDeal) and meant is not None and meant != deal.commitment:
                # A part for a deal gone void and drawn again: never taken for the new one.
                raise RequestError(
                    409,
                    "Redrawn",
                    "this part is for a deal of this table that is no longer taking parts "
                    "(it was void and the table drew a new deal): take part in the new one",
                )
            resent = isinstance(deal, SealedDeal) and (
                (commitment is not None and commitment == deal.commitments[seat])
                or (value is not None and value == deal.values[seat])
            )
            if not isinstance(deal, SealedDeal) or (deal.is_dealt and not resent):
                raise RequestError(
                    409, "Dealt", "the cards are dealt: a value is taken only before the deal"
                )
            if commitment is not None:
                deal = deal.with_commitment(seat, commitment)
            else:
                deal = deal.with_value(seat, value)
            acknowledged = self.signing_key.sign(deal.acknowledgement(seat))
            # The look below moves the deal on, dealing the cards once every part is in.
            db.execute(
                "UPDATE tables SET deal = ?, updated = ? WHERE id = ?",
                (stored_deal_text(deal), time.time(), table_id),
            )
        answer = self.look(
            table_id, {**body, "seat": seat}, read_since(body.get("since")), deadline
        )
        return {**answer, "acknowledged": acknowledged}

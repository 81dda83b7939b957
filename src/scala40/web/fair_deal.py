"""Fair dealing: kept in :mod:`scala40.serving.fair_deal`, which both servers share (the web
table and ``scala40 serve``); its names are here too."""

from __future__ import annotations

from scala40.serving.fair_deal import (
    DEAL_SCHEME,
    MAX_TERMS_CHARS,
    SALT_BYTES,
    SHARED_DEAL_SCHEME,
    Deal,
    SharedDeal,
    check_value,
    commitment_of,
    deal_of_row,
    deal_problems,
    seed_of,
    shared_commitment_of,
    terms_text,
    verify_deal,
)

__all__ = [
    "DEAL_SCHEME",
    "MAX_TERMS_CHARS",
    "SALT_BYTES",
    "SHARED_DEAL_SCHEME",
    "Deal",
    "SharedDeal",
    "check_value",
    "commitment_of",
    "deal_of_row",
    "deal_problems",
    "seed_of",
    "shared_commitment_of",
    "terms_text",
    "verify_deal",
]

"""What every serialized value shares (internal): a mapping with a format and a version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scala40._checks import describe
from scala40.errors import SerializationError


def expect_header(data: object, kind: str, version: int) -> Mapping[str, Any]:
    """``data`` itself, once it is known to be a mapping of format ``scala40.<kind>`` at
    ``version`` (``kind`` may also be a whole format name with dots, such as
    ``scala40.skarney.state``); otherwise a :class:`~scala40.SerializationError` that
    starts with ``kind`` and says what was found."""
    full = kind if "." in kind else f"scala40.{kind}"
    kind = full.removeprefix("scala40.")
    if not isinstance(data, Mapping):
        raise SerializationError(f"{kind}: expected a mapping, got {type(data).__name__}")
    found = data.get("format")
    if not (isinstance(found, str) and found == full):
        raise SerializationError(f"{kind}: expected format {full!r}, got {describe(found)}")
    number = data.get("version")
    if not (type(number) is int and number == version):
        raise SerializationError(
            f"{kind}: unsupported version {describe(number)}, expected {version}"
        )
    return data

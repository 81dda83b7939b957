"""The server's signature on what it acknowledges, so that anyone, not only the seat that
kept an acknowledgement, can check that the server made it.

A seat's part of a deal is answered with an acknowledgement
(:meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`) that the seat keeps, and
that refutes the server if it later blames the seat for that part
(:func:`~scala40_server.serving.acknowledgements.refuted_void`). An acknowledgement is plain JSON:
without a signature the seat could have written it itself, so it convinces only the
seat that kept it (which knows it came from the server). With one, it convinces anyone:
the web table signs each acknowledgement with an Ed25519 key of its own (RFC 8032, by the
`cryptography <https://cryptography.io>`_ library, a dependency of scala40-server; never
code of the project's own), and publishes the key in every
table's terms (``"key": "ed25519:<64 hexadecimal digits>"``), which the table's
commitment covers. A server keeps one key for all its tables (in its tables' file), so
whoever is shown a refutation can compare the key it names with the one any table of
that server names.

What is signed is the ASCII text ``scala40-ack-v2:<acknowledgement>``, the
acknowledgement's five fields as JSON with sorted keys and no spaces: ``first_deal``, the
commitment of the table's first deal, which names the table whatever deal it is at (one
key signs every table of a server, so a signature over a text that named no table would
show nothing of which table it was made at); ``table``, the commitment of the deal it
acknowledges a part of; ``seat``; ``commitment``, the one the server holds for the seat;
and ``revealed``, whether it holds the seat's value. The signature is added as
``signature``, 128 lowercase hexadecimal digits. Acknowledgements made before the table
was named (``scala40-ack-v1:``, without ``first_deal``) are still read, and show nothing
of a deal their table does not list. Whether a signature can be checked here is
:func:`can_check`: without the extra a signature is not checked (a missing one is still
seen missing), and the deal's check says that what it finds from a signature it cannot
check convinces only the seat.

>>> from scala40_server.serving.signatures import SigningKey, signature_verdict, can_check
>>> acknowledgement = {"first_deal": "ab" * 32, "table": "ab" * 32, "seat": 0,
...                    "commitment": "cd" * 32, "revealed": True}
>>> key = "ed25519:" + "00" * 32
>>> signature_verdict(acknowledgement, key)      # no signature at a table that names a key
False
>>> if can_check():
...     signing = SigningKey.generate()
...     signed = signing.sign(acknowledgement)
...     verdicts = [signature_verdict(signed, signing.public),
...                 signature_verdict({**signed, "seat": 1}, signing.public),
...                 signature_verdict({**signed, "first_deal": "ef" * 32}, signing.public)]
... else:
...     verdicts = [True, False, False]               # what the extra finds
>>> verdicts
[True, False, False]
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError

__all__ = [
    "ACKNOWLEDGED_FIELDS",
    "ACKNOWLEDGEMENT_SCHEME",
    "KEY_SCHEME",
    "SigningKey",
    "acknowledgement_text",
    "can_check",
    "canonical_json",
    "check_public_key",
    "signature_verdict",
]

KEY_SCHEME = "ed25519"
"""How a table's terms name the server's key: ``ed25519:<the public key's 32 bytes in
hexadecimal>``."""
ACKNOWLEDGEMENT_SCHEME = "scala40-ack-v2"
"""The prefix of the text a signature is made over (:func:`acknowledgement_text`)."""
ACKNOWLEDGED_FIELDS = ("first_deal", "table", "seat", "commitment", "revealed")
"""The fields of an acknowledgement that its signature covers."""
_UNNAMED_SCHEME = "scala40-ack-v1"
"""The prefix of the acknowledgements made before the table was named in them."""
_UNNAMED_FIELDS = ("table", "seat", "commitment", "revealed")
"""The fields an acknowledgement without ``first_deal`` was signed over."""
_PUBLIC_KEY = re.compile(rf"{KEY_SCHEME}:[0-9a-f]{{64}}")
_SIGNATURE = re.compile(r"[0-9a-f]{128}")
_PRIVATE_KEY = re.compile(r"[0-9a-f]{64}")


@functools.cache
def can_check() -> bool:
    """Whether signatures can be made and checked here: the server's dependency (the
    `cryptography` library) is installed."""
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519  # noqa: F401
    except ImportError:
        return False
    return True


def check_public_key(key: object) -> str:
    """A public key as a table's terms name it: ``ed25519:`` and 64 lowercase
    hexadecimal digits.

    :raises InvalidValueError: ``key`` is anything else.
    """
    if not (isinstance(key, str) and _PUBLIC_KEY.fullmatch(key)):
        raise InvalidValueError(
            f"a key is '{KEY_SCHEME}:' and 64 lowercase hexadecimal digits, got {describe(key)}"
        )
    return key


def canonical_json(value: object) -> str:
    """``value`` as JSON in the one form every text that is hashed or signed takes (a
    deal's terms, an acknowledgement): keys sorted, no spaces, ASCII only, so that the
    same value gives the same bytes wherever it is written.

    >>> from scala40_server.serving.signatures import canonical_json
    >>> canonical_json({"seat": 1, "game": "toy", "shuffle": True})
    '{"game":"toy","seat":1,"shuffle":true}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _signed_fields(acknowledgement: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The scheme and the fields ``acknowledgement`` is signed over: the table named
    (``first_deal``), or, without it, an acknowledgement made before tables were named."""
    if "first_deal" in acknowledgement:
        return ACKNOWLEDGEMENT_SCHEME, ACKNOWLEDGED_FIELDS
    return _UNNAMED_SCHEME, _UNNAMED_FIELDS


def acknowledgement_text(acknowledgement: Mapping[str, Any]) -> bytes:
    """The text a signature of ``acknowledgement`` is made over: ``scala40-ack-v2:`` and
    its five fields as JSON, keys sorted, no spaces, ASCII (``scala40-ack-v1:`` and four,
    for one without ``first_deal``, made before tables were named).

    >>> from scala40_server.serving.signatures import acknowledgement_text
    >>> acknowledgement_text({"first_deal": "ab", "table": "cd", "seat": 0,
    ...                       "commitment": None, "revealed": False})
    b'scala40-ack-v2:{"commitment":null,"first_deal":"ab","revealed":false,"seat":0,"table":"cd"}'
    """
    scheme, names = _signed_fields(acknowledgement)
    fields = {name: acknowledgement.get(name) for name in names}
    return f"{scheme}:{canonical_json(fields)}".encode("ascii")


class SigningKey:
    """The server's Ed25519 key, from its 32 private bytes in hexadecimal (:attr:`secret`,
    as the server keeps it). Made and used only where :func:`can_check`.

    :raises InvalidValueError: ``secret`` is not 64 lowercase hexadecimal digits.
    :raises ModuleNotFoundError: the `cryptography` library is not installed.
    """

    def __init__(self, secret: object) -> None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        if not (isinstance(secret, str) and _PRIVATE_KEY.fullmatch(secret)):
            raise InvalidValueError("a signing key is 64 lowercase hexadecimal digits")
        self.secret: str = secret
        """The key's 32 private bytes, in hexadecimal (what the server keeps)."""
        self._key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))
        public = self._key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public: str = f"{KEY_SCHEME}:{public.hex()}"
        """The public key, as a table's terms name it."""

    @classmethod
    def generate(cls) -> SigningKey:
        """A new key, drawn by the library from the system's random source."""
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import (
            Encoding,
            NoEncryption,
            PrivateFormat,
        )

        drawn = Ed25519PrivateKey.generate()
        return cls(drawn.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex())

    def sign(self, acknowledgement: Mapping[str, Any]) -> dict[str, Any]:
        """``acknowledgement``'s five fields (:data:`ACKNOWLEDGED_FIELDS`) with their
        ``signature``."""
        fields = {name: acknowledgement.get(name) for name in ACKNOWLEDGED_FIELDS}
        signature = self._key.sign(acknowledgement_text(fields)).hex()
        return {**fields, "signature": signature}

    def __repr__(self) -> str:
        return f"SigningKey(public={self.public!r})"  # never the secret


def _is_plain(value: object) -> bool:
    """Whether ``value`` is what an acknowledgement's field may hold: text, a boolean, a
    number of at most 64 bits, or nothing."""
    if type(value) is int:
        return -(2**63) <= value < 2**63
    return value is None or isinstance(value, (str, bool))


def signature_verdict(acknowledgement: object, key: object) -> bool | None:
    """Whether ``acknowledgement`` carries the signature of ``key`` (as a table's terms
    name it) over its fields: ``True`` it does, ``False`` it does not (no signature, one
    of another form, or one made by another key or over other fields), ``None`` it cannot
    be told here: no key (``None``), or a signature of the right form where the ``web``
    extra, which checks it, is not installed. A signature missing, or of another form, is
    ``False`` with the extra or without: it is seen missing without checking anything.

    :raises InvalidArgumentError: ``acknowledgement`` is not a mapping.
    :raises InvalidValueError: ``key`` is given but is not a key's form.
    """
    if not isinstance(acknowledgement, Mapping):
        raise InvalidArgumentError(
            f"an acknowledgement is an object, got {describe(acknowledgement, 40)}"
        )
    if key is None:
        return None
    check_public_key(key)
    signature = acknowledgement.get("signature")
    if not (isinstance(signature, str) and _SIGNATURE.fullmatch(signature)):
        return False
    _, names = _signed_fields(acknowledgement)
    if not all(_is_plain(acknowledgement.get(name)) for name in names):
        return False
    if not can_check():
        return None
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(str(key).split(":")[1]))
        public.verify(bytes.fromhex(signature), acknowledgement_text(acknowledgement))
    except (InvalidSignature, ValueError):  # ValueError: 32 bytes that are no key
        return False
    return True

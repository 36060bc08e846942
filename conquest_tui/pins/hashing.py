"""PIN hashes: salted scrypt as "scrypt$n$r$p$salthex$hashhex", and checking a PIN against one."""

from __future__ import annotations

import hashlib
import hmac
import secrets

SCHEME = "scrypt"
N = 2**14
"""CPU/memory cost (16 MiB with R = 8): about 50 ms per hash, fine for a hot-seat prompt."""
R = 8
P = 1
SALT_BYTES = 16
HASH_BYTES = 32
MAX_COST = 2**20
"""The largest n accepted from a save (a damaged or hostile save must not hang the app)."""


def _derive(pin: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=length,
                          maxmem=256 * 1024 * 1024)


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    """The stored form of a PIN: a fresh random salt (unless given) and its scrypt hash.

    Args:
        pin: The PIN as typed (any non-empty text).
        salt: A fixed salt, for tests only.

    Returns:
        "scrypt$n$r$p$salthex$hashhex".
    """
    if not pin:
        raise ValueError("an empty PIN cannot be hashed; use no PIN instead")
    salt = salt if salt is not None else secrets.token_bytes(SALT_BYTES)
    digest = _derive(pin, salt, N, R, P, HASH_BYTES)
    return f"{SCHEME}${N}${R}${P}${salt.hex()}${digest.hex()}"


def is_pin_hash(stored: str) -> bool:
    """Whether a stored value looks like a hash this module wrote."""
    return _parse(stored) is not None


def _parse(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        return None
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return None
    if n < 2 or n & (n - 1) or n > MAX_COST or not 1 <= r <= 32 or not 1 <= p <= 16:
        return None
    if not salt or not digest:
        return None
    return n, r, p, salt, digest


def verify_pin(pin: str, stored: str) -> bool:
    """Whether `pin` matches a stored hash (constant-time compare; False for a bad hash)."""
    parsed = _parse(stored)
    if parsed is None or not pin:
        return False
    n, r, p, salt, digest = parsed
    try:
        candidate = _derive(pin, salt, n, r, p, len(digest))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(candidate, digest)

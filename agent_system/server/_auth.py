"""API keys and per-key rate limits.

Keys are kept only as SHA-256 digests; a presented key is hashed and compared with every known
digest in constant time. Each key is one user, whose id is a short hash of the key (never the key
itself). Without keys the server runs open (``serve(open_=True)``, loopback only) and every
request is the local user (``None``), the same user as the chat CLI on that data directory.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pydantic import SecretStr

from agent_system.errors import ConfigurationError

__all__ = [
    "ApiKeys",
    "AuthError",
    "Principal",
    "RateLimited",
    "RateLimiter",
    "is_loopback",
    "user_id_for",
]


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8")).digest()


def user_id_for(key: str) -> str:
    """The user id of an API key: a short, salted hash, not a prefix of the stored digest."""
    return "u_" + hashlib.sha256(b"agent-system-user:" + key.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Principal:
    """Who sent a request: the user id (None when the server is open) and the bucket key."""

    user: str | None
    key_digest: str
    """Hex SHA-256 of the API key ('' when open); names the rate-limit bucket and chat threads."""


class AuthError(Exception):
    """The request carries no valid API key (answered with 401)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ApiKeys:
    """The configured keys, as digests only."""

    def __init__(self, keys: Iterable[SecretStr | str], *, open_: bool = False) -> None:
        self._users: list[tuple[bytes, str]] = []
        for key in keys:
            raw = key.get_secret_value() if isinstance(key, SecretStr) else key
            if raw:
                self._users.append((_digest(raw), user_id_for(raw)))
        self.open = open_ and not self._users
        if not self._users and not open_:
            raise ConfigurationError(
                "The server has no API keys: set AGENT_SYSTEM_API_KEYS (comma-separated) or "
                "`api_keys` in the config file, or start it with --open to serve without "
                "authentication on a loopback address."
            )

    def __len__(self) -> int:
        return len(self._users)

    def authenticate(self, authorization: str | None) -> Principal:
        """The principal for an ``Authorization`` header value; `AuthError` if it is not valid."""
        if self.open:
            return Principal(user=None, key_digest="")
        if not authorization:
            raise AuthError("Missing API key: send 'Authorization: Bearer <key>'.")
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise AuthError("Malformed Authorization header: expected 'Bearer <key>'.")
        presented = _digest(token)
        found: str | None = None
        for digest, user in self._users:  # no early exit: the time does not depend on the match
            if hmac.compare_digest(presented, digest):
                found = user
        if found is None:
            raise AuthError("Invalid API key.")
        return Principal(user=found, key_digest=presented.hex())


class RateLimited(Exception):
    """The key's bucket is empty; retry after `retry_after` seconds (answered with 429)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"Rate limit exceeded; retry after {retry_after} s.")
        self.retry_after = retry_after


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """A token bucket per key: `per_minute` requests of burst, refilled at `per_minute`/60 per s."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> None:
        """Take one token from `key`'s bucket or raise `RateLimited`."""
        now = self._clock()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = _Bucket(self.capacity, now)
            bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.updated) * self.rate)
            bucket.updated = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return
            missing = 1.0 - bucket.tokens
        raise RateLimited(max(1, math.ceil(missing / self.rate)))

    async def aacquire(self, key: str) -> None:
        """`acquire` for async callers (a cluster-wide limiter overrides it)."""
        self.acquire(key)


def is_loopback(host: str) -> bool:
    """True for 'localhost' and loopback addresses (127.0.0.0/8, ::1)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False

"""Share codes, edit secrets and their hashes."""

import hashlib
import hmac
import re
import secrets

# Base58: no 0/O or 1/I/l to confuse when a link is read aloud or typed from a card.
ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
CODE_LENGTH = 11  # 58**11 > 2**64
SECRET_BYTES = 18  # 144 bits
CODE_MAX = 16  # the longest code a link may carry (a game's code column holds 16)
CODE_PATTERN = f"[{ALPHABET}]{{{CODE_LENGTH},{CODE_MAX}}}"


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    # The secret has 144 bits of entropy, so a plain SHA-256 cannot be brute-forced;
    # a slow password hash would only slow every edit down.
    return hashlib.sha256(secret.encode()).hexdigest()


def secret_matches(secret: str, secret_hash: str) -> bool:
    return hmac.compare_digest(hash_secret(secret), secret_hash)


def is_code(value: str) -> bool:
    """Whether ``value`` could be a share or game code (not whether one exists)."""
    return re.fullmatch(CODE_PATTERN, value) is not None


class CodeConverter:
    """``<code:code>`` in URLs: anything new_code() could not have made is a 404 before any
    view or query sees it (a NUL in a link was a 500 on PostgreSQL)."""

    regex = CODE_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value

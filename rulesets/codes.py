"""Share codes, edit secrets and their hashes."""

import hashlib
import hmac
import secrets

# Base58: no 0/O or 1/I/l to confuse when a link is read aloud or typed from a card.
ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
CODE_LENGTH = 11  # 58**11 > 2**64
SECRET_BYTES = 18  # 144 bits


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

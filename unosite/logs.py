"""What the logs may hold: a refusal is one line, and no edit secret is ever written.

A 403, 404 or 429 (any 4xx) is the site working as meant: Django logs a refused permission
with its traceback, which buries real errors, so the traceback is dropped. The edit link
carries its secret in the path (``/r/<code>/edit/<secret>/``): whatever comes after
``/edit/`` in a logged line is replaced by ``…``, in messages, their arguments and the
request line of the development server.
"""

from __future__ import annotations

import logging
import re

_AFTER_EDIT = re.compile(r"(/edit/)[^\s\"'?#]+")
MASK = r"\1…"


def mask(text: str) -> str:
    """``text`` with anything after /edit/ in a path replaced by …"""
    return _AFTER_EDIT.sub(MASK, text)


class RefusalFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        return True

"""Players' names: kept as typed (in Unicode's composed form, NFC), shown literally.

A class list may hold anything a keyboard or a copied spreadsheet gives: accents typed as a
letter plus a combining mark, quotes, commas, line breaks, even terminal escape codes or the
invisible marks that turn text right to left.  A name is stored as typed, only put in NFC (so that
«José» typed two ways is one name) and trimmed; when it is *shown* (a table on screen, a PDF, the
terminal) every control character and every invisible direction mark is written as a visible escape
(``\\n``, ``\\x1b``, ``\\u202e``), so a name can never move the cursor, colour the terminal, break a
table's line or reverse the text after it.  :func:`shown_html` also escapes ``<``, ``>`` and ``&``.
"""

from __future__ import annotations

import html
import unicodedata

__all__ = ["clean_name", "shown", "shown_html", "MAX_NAME"]

MAX_NAME = 80
# Invisible marks that change the direction or the joining of the text around them.
_FORMAT_MARKS = {0x200E, 0x200F, 0x061C} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def clean_name(value: object) -> str | None:
    """The name to store: NFC, spaces trimmed; None when it is not a usable name (not text, empty,
    or longer than :data:`MAX_NAME`)."""
    if not isinstance(value, str):
        return None
    name = unicodedata.normalize("NFC", value).strip()
    if not name or len(name) > MAX_NAME:
        return None
    return name


def _visible(ch: str) -> str:
    code = ord(ch)
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if ch == "\t":
        return "\\t"
    if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or code in _FORMAT_MARKS:
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


def shown(name: str) -> str:
    """The name as a person reads it: control characters and direction marks as escapes."""
    return "".join(_visible(ch) for ch in str(name))


def shown_html(name: str) -> str:
    """:func:`shown`, escaped for HTML."""
    return html.escape(shown(name), quote=True)

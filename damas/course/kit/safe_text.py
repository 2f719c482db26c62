"""Text from a file or a keyboard, shown safely: names on a screen, cells in a spreadsheet.

A student's name, a task's key or a player's name may hold anything a keyboard, a copied
spreadsheet or a hand-edited file gives: accents typed as a letter plus a combining mark, quotes,
line breaks, terminal escape codes, the invisible marks that turn text right to left, even a lone
surrogate that no encoding can write.  Such text is *data*, never code:

* :func:`shown`: on a screen (the terminal of ``turma``, a table, a plot) every control character,
  direction mark and lone surrogate is written as a visible escape (``\\n``, ``\\x1b``,
  ``\\u202e``, ``\\ud800``), so a name can never move the cursor, colour the terminal, break a
  table's line, reverse the text after it or stop a program that prints it; :func:`shown_html`
  also escapes ``<``, ``>`` and ``&``;
* :func:`width`: how many columns the text takes in a terminal (a combining accent none, a wide
  character two), to align a table;
* :func:`safe_cell`: in a CSV, a cell a spreadsheet would run as a formula (it starts with ``=``,
  ``+``, ``-``, ``@``, a tab or a carriage return) gets a ``'`` in front, as OWASP's «CSV
  Injection» page recommends; a lone surrogate becomes U+FFFD (UTF-8 cannot write it);
* :func:`normal`: the composed form (NFC), so that «José» typed two ways is one name.

Pure Python.
"""

from __future__ import annotations

import html
import unicodedata

from damas.rules.args import checked

__all__ = ["shown", "shown_html", "width", "safe_cell", "normal", "FORMULA_STARTS"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Invisible marks that change the direction or the joining of the text around them.
_FORMAT_MARKS = {0x200E, 0x200F, 0x061C} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _text(value, name):
    return value if isinstance(value, str) else str(value)


def _visible(ch: str) -> str:
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    code = ord(ch)
    if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") or code in _FORMAT_MARKS:
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


@checked(text=_text)
def shown(text) -> str:
    """``text`` as a person reads it on a screen: control characters, direction marks and lone
    surrogates as escapes, in the composed form (NFC)."""
    return "".join(_visible(ch) for ch in normal(str(text)))


@checked(text=_text)
def shown_html(text) -> str:
    """:func:`shown`, escaped for HTML."""
    return html.escape(shown(text), quote=True)


@checked(text=_text)
def width(text) -> int:
    """The columns ``text`` takes in a terminal: combining marks and zero-width characters none,
    wide (East Asian) characters two, any other one."""
    total = 0
    for ch in str(text):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def safe_cell(value) -> str:
    """A cell a spreadsheet shows as text, never runs: ``'`` before a formula's first character,
    a lone surrogate as U+FFFD."""
    text = "" if value is None else str(value)
    text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace") if _has_surrogate(text) else text
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)


@checked(text=_text)
def normal(text) -> str:
    """``text`` in Unicode's composed form (NFC) (a lone surrogate stays as it is)."""
    return unicodedata.normalize("NFC", str(text))

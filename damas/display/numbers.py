"""Numbers as a Brazilian reader writes them: a decimal comma (1,19), a point between thousands
(107.880) and a true minus sign (−0,06).

Every number a student or a teacher reads (a board's caption, a table, a worksheet, a message)
goes through these functions; numbers a program reads (FEN, PDN, JSON) never do.

>>> decimal_text(1.19, 2), integer_text(107880), signed_text(-0.06, 2), signed_text(0.5, 1)
('1,19', '107.880', '−0,06', '+0,5')
"""

from __future__ import annotations

import math

from damas.errors import ArgumentError

__all__ = ["decimal_text", "integer_text", "signed_text", "MINUS"]

#: the minus sign of typography (U+2212), not the hyphen
MINUS = "\u2212"


def _refused(name: str, expected: str, value: object) -> ArgumentError:
    return ArgumentError(f"Valor inválido para {name}: esperava {expected}, não {value!r}.")


def integer_text(value: int) -> str:
    """A whole number with a point between thousands: ``107880`` → ``"107.880"``, ``-1984`` → ``"−1.984"``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refused("value", "um número inteiro", value)
    text = f"{abs(value):,}".replace(",", ".")
    return MINUS + text if value < 0 else text


def decimal_text(value: float, places: int = 2, *, trim: bool = False) -> str:
    """A number with ``places`` decimals and a comma: ``decimal_text(1.19)`` → ``"1,19"``; with
    ``trim``, trailing zeros go (``decimal_text(2.50, 2, trim=True)`` → ``"2,5"``). Thousands get
    their point (``decimal_text(1234.5, 1)`` → ``"1.234,5"``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _refused("value", "um número", value)
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= 12:
        raise _refused("places", "um número inteiro de 0 a 12", places)
    text = f"{abs(value):,.{places}f}"
    whole, _, frac = text.partition(".")
    if trim:
        frac = frac.rstrip("0")
    text = whole.replace(",", ".") + ("," + frac if frac else "")
    negative = value < 0 and any(ch not in "0.," for ch in text)
    return MINUS + text if negative else text


def signed_text(value: float, places: int = 2, *, trim: bool = False) -> str:
    """Like :func:`decimal_text`, with the sign always written: ``+0,5``, ``−0,06``, ``0,00``."""
    text = decimal_text(value, places, trim=trim)
    if text.startswith(MINUS) or all(ch in "0.," for ch in text):
        return text
    return "+" + text

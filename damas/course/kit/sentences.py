"""What a chapter's code cell shows when its answer is words: a sentence, never a Python value.

A :class:`Sentence` is a ``str`` that a notebook shows as text (no quotes, no brackets); the
functions below turn a list of moves, a capture's path or the capture sizes into one.  The
sentences of one chapter only (the computer's levels, an endgame verdict, the themes of some
problems) live in that chapter's module and return a :class:`Sentence` too."""

from __future__ import annotations

from damas.errors import ArgumentError

import re

from damas.course.kit.words import COLOR
from damas.rules.args import MOVE, checked, optional, text_spec, whole_spec


class Sentence(str):
    """Text a notebook shows as it reads (Markdown output; its repr is the text itself)."""

    def _repr_markdown_(self) -> str:
        return "  \n".join(self.splitlines())

    def __repr__(self) -> str:
        return str(self)


# A square (h8, 32), the capture sign x or a move: written in lower case even at a sentence's start.
_NOTATION = re.compile(r"^(?:[a-j]\d{1,2}\b|x\b|\d)")


@checked(prefix=text_spec())
def after_verdict(prefix: str, text: str) -> str:
    """«Ainda não. » or «Certo! » followed by ``text`` as a sentence: a capital letter after the
    full stop, or a colon when ``text`` starts with a square or a move (they stay lower case)."""
    if not text or not text[0].islower():
        return prefix + text
    if _NOTATION.match(text):
        return prefix.rstrip(" .!") + ": " + text
    return prefix + text[0].upper() + text[1:]


def plural(n: int, one: str, many: str) -> str:
    """``1 lance``, ``2 lances``: the number and the word in the right number."""
    return f"{n} {one if n == 1 else many}"


def listed(texts) -> str:
    """«a», «a e b», «a, b e c»: texts joined as a sentence lists them."""
    if isinstance(texts, (str, bytes)) or not hasattr(texts, "__iter__"):
        raise ArgumentError("Valor inválido para texts: esperava uma lista de textos, não vazia.")
    texts = list(texts)
    if not texts or not all(isinstance(t, str) for t in texts):
        raise ArgumentError("Valor inválido para texts: esperava uma lista de textos, não vazia.")
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " e " + texts[-1]


@checked(start=optional(text_spec()))
def moves_sentence(board, start: str | None = None) -> Sentence:
    """«As brancas têm 2 lances: d4-c5 e d4-e5.» (only those from ``start`` if given)."""
    texts = [board.move_text(m) for m in board.legal_moves()]
    if start is not None:
        texts = [t for t in texts if t.startswith(start)]
    side = COLOR[board.turn]
    if not texts:
        return Sentence(f"As {side} não têm lance" + (f" com a peça de {start}." if start else "."))
    where = f" com a peça de {start}" if start else ""
    return Sentence(f"As {side} têm {plural(len(texts), 'lance', 'lances')}{where}: {listed(texts)}.")


@checked(move=MOVE)
def path_sentence(board, move) -> Sentence:
    """«c3xe5xc7xa5: passa por c3, e5, c7 e a5 e toma d4, d6 e b6.»"""
    name = board.variant.square_name
    taken = f" e toma {listed(name(s) for s in move.captured)}" if move.captured else ""
    crown = " e coroa" if move.promotes else ""
    return Sentence(f"{board.move_text(move)}: passa por {listed(name(s) for s in move.path)}{taken}{crown}.")


@checked()
def captures_sentence(board) -> Sentence:
    """«Tomadas permitidas: h2xb4 e h2xa3, cada uma de 2 peças.» (the majority law at work)."""
    sizes = {board.move_text(m): len(m.captured) for m in board.legal_moves()}
    if not any(sizes.values()):
        return Sentence("Não há tomada nesta posição.")
    counts = set(sizes.values())
    if len(counts) == 1:
        n = counts.pop()
        each = "de " + plural(n, "peça", "peças") if len(sizes) == 1 else "cada uma de " + plural(n, "peça", "peças")
        return Sentence(f"{'Tomada permitida' if len(sizes) == 1 else 'Tomadas permitidas'}: {listed(sizes)}, {each}.")
    return Sentence("Tomadas permitidas: " + listed(f"{t} ({plural(n, 'peça', 'peças')})" for t, n in sizes.items()) + ".")


@checked(value=whole_spec(-1, 1), plies=whole_spec(0))
def winners_moves(value: int, plies: int) -> int:
    """The winner's lances (regra 3.2: a lance is one player's move) in a line of ``plies`` moves of
    both sides that the side to move wins (``value`` 1: it plays first and last) or loses (-1)."""
    return (plies + 1) // 2 if value > 0 else plies // 2


__all__ = ["Sentence", "after_verdict", "plural", "moves_sentence", "path_sentence", "captures_sentence",
           "listed", "winners_moves"]

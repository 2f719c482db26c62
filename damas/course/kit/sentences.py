"""What a chapter's code cell shows when its answer is words: a sentence, never a Python value.

A :class:`Sentence` is a ``str`` that a notebook shows as text (no quotes, no brackets); the
functions below turn a list of moves, the capture sizes, the computer's levels, an endgame
verdict or the themes of some problems into one."""

from __future__ import annotations

import re

from damas.course.words import COLOR
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


def _listed(texts) -> str:
    texts = list(texts)
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
    return Sentence(f"As {side} têm {plural(len(texts), 'lance', 'lances')}{where}: {_listed(texts)}.")


@checked(move=MOVE)
def path_sentence(board, move) -> Sentence:
    """«c3xe5xc7xa5: passa por c3, e5, c7 e a5 e toma d4, d6 e b6.»"""
    name = board.variant.square_name
    taken = f" e toma {_listed(name(s) for s in move.captured)}" if move.captured else ""
    crown = " e coroa" if move.promotes else ""
    return Sentence(f"{board.move_text(move)}: passa por {_listed(name(s) for s in move.path)}{taken}{crown}.")


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
        return Sentence(f"{'Tomada permitida' if len(sizes) == 1 else 'Tomadas permitidas'}: {_listed(sizes)}, {each}.")
    return Sentence("Tomadas permitidas: " + _listed(f"{t} ({plural(n, 'peça', 'peças')})" for t, n in sizes.items()) + ".")


@checked()
def levels_sentence(variant: str = "brazilian") -> Sentence:
    """The computer's five levels, one line each, in words, with their measured ratings
    (:func:`damas.course.games.levels_text`)."""
    from damas.course.games import levels_text
    return Sentence(levels_text(variant))


@checked(value=whole_spec(-1, 1), plies=whole_spec(0))
def winners_moves(value: int, plies: int) -> int:
    """The winner's lances (regra 3.2: a lance is one player's move) in a line of ``plies`` moves of
    both sides that the side to move wins (``value`` 1: it plays first and last) or loses (-1)."""
    return (plies + 1) // 2 if value > 0 else plies // 2


def endgame_sentence(board) -> Sentence:
    """What the endgame database says of ``board``: «As brancas jogam e vencem em 1 lance.»; the
    distance counts the winner's lances."""
    from damas.engine.endgames import probe
    value, plies = probe(board)
    side = COLOR[board.turn]
    if value == 0:
        return Sentence(f"As {side} jogam: é empate, com o melhor jogo dos dois lados.")
    n = plural(winners_moves(value, plies), "lance", "lances")
    if value > 0:
        return Sentence(f"As {side} jogam e vencem em {n}.")
    if plies == 0:
        return Sentence(f"As {side} não têm lance: perderam (regra 7.2).")
    other = COLOR["B" if board.turn == "W" else "W"]
    return Sentence(f"As {side} jogam e perdem: as {other} vencem em {n}.")


@checked()
def themes_sentence(puzzles) -> Sentence:
    """One line per problem: its title and the themes found in its solution."""
    from damas.problems.themes import themes_in
    return Sentence("\n".join(f"{p.title}: {_listed(themes_in(p)) if themes_in(p) else 'nenhum tema reconhecido'}."
                              for p in puzzles))


__all__ = ["Sentence", "after_verdict", "plural", "moves_sentence", "path_sentence", "captures_sentence", "levels_sentence",
           "endgame_sentence", "themes_sentence", "winners_moves"]

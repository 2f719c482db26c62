"""The course's one star rule: ★★★ with no mistake, ★★ with one, ★ with more.

Every place where a student earns stars counts mistakes the same way and asks
:func:`stars_for`: a board task (a move the rules refuse, or a move more than the fewest
that do the task), a quiz or a one-question exercise (each wrong option chosen before the
question is answered right; reading the other options afterwards costs nothing), the set-up
exercise (each position checked wrong).  Stars are earned only when the task is done, and the
progress file keeps the best (:mod:`damas.course.kit.progress`).  :data:`RULE` is the sentence the
teacher's guide (notebooks/GUIA_DO_PROFESSOR.md) quotes word for word (a test checks it).

>>> [stars_for(m) for m in (0, 1, 2, 5)]
[3, 2, 1, 1]
>>> stars_text(2)
'★★☆'
"""

from __future__ import annotations

from damas.errors import ArgumentError
from damas.rules.args import described, whole

__all__ = ["MAX_STARS", "RULE", "stars_for", "stars_text"]

MAX_STARS = 3

#: The rule in the words of the teacher's guide.
RULE = ("★★★ sem nenhum erro, ★★ com um erro, ★ com dois erros ou mais, e só quem termina ganha "
        "estrelas (acerta todas as perguntas, cumpre a tarefa).")


def stars_for(mistakes: int) -> int:
    """The stars of a task done with ``mistakes`` mistakes (a whole number, 0 or more)."""
    if not isinstance(mistakes, int) or isinstance(mistakes, bool) or mistakes < 0:
        raise ArgumentError(f"Número de erros inválido: {described(mistakes)}; use um número inteiro, 0 ou mais.")
    return MAX_STARS if mistakes == 0 else 2 if mistakes == 1 else 1


def stars_text(n: int) -> str:
    """``n`` stars of three, drawn: ``★★☆``."""
    whole(n, "n", 0, MAX_STARS)
    return "★" * n + "☆" * (MAX_STARS - n)

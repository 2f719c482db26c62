"""The course's chapters, in order: a stable name (slug) for each, its number and title.

The progress file (:mod:`damas.course.kit.progress`) names a chapter by its slug, never by its
number, so that reordering the chapters costs nothing: only this table changes.
``tests/notebooks/test_notebooks.py`` checks that the table and the notebooks of ``notebooks/``
agree (same numbers, same notebooks, same titles).

Version 1 of the progress file named chapters by the numbers of the first order of the
course; :data:`OLD_NUMBERS` and :data:`MOVED` translate those keys (the progress module
does it when it reads an old file).

Pure Python.
"""

from __future__ import annotations

from damas.rules.args import checked
from damas.errors import DamasError

__all__ = ["CHAPTERS", "EXTRAS", "OLD_NUMBERS", "MOVED", "slug_of", "number_of", "title_of", "label",
           "order", "migrate_key"]

#: (slug, number, title, notebook) of each numbered chapter, in the order of the course.
CHAPTERS = [
    ("comece-aqui", "00", "Comece aqui", "00_Comece_aqui.ipynb"),
    ("tabuleiro", "01", "Tabuleiro e notação", "01_Tabuleiro_e_notacao.ipynb"),
    ("movimento", "02", "Movimento", "02_Movimento.ipynb"),
    ("tomada", "03", "Tomada", "03_Tomada.ipynb"),
    ("lei-da-maioria", "04", "Lei da maioria", "04_Lei_da_maioria.ipynb"),
    ("jogar", "05", "Jogar e analisar", "05_Jogar_e_analisar.ipynb"),
    ("golpes", "06", "Golpes clássicos", "06_Golpes_classicos.ipynb"),
    ("exercicios-de-tomada", "07", "Exercícios de tomada", "07_Exercicios_de_tomada.ipynb"),
    ("como-jogar", "08", "Como jogar", "08_Como_jogar.ipynb"),
    ("finais", "09", "Finais", "09_Finais.ipynb"),
    ("anotacao", "10", "Anotação e relógio", "10_Anotacao_e_relogio.ipynb"),
    ("empate", "11", "Empate e resultado", "11_Empate_e_resultado.ipynb"),
    ("irregularidades", "12", "Irregularidades", "12_Irregularidades.ipynb"),
    ("arbitragem", "13", "Arbitragem", "13_Arbitragem.ipynb"),
    ("internacionais", "14", "Damas internacionais", "14_Damas_internacionais.ipynb"),
    ("outras-damas", "15", "Outras damas", "15_Outras_damas.ipynb"),
]

#: Reading outside the numbered sequence: (slug, title, notebook).
EXTRAS = [
    ("historia", "História", "Historia.ipynb"),
]

#: The slug of each chapter number of the first order of the course (progress files of version 1).
OLD_NUMBERS = {
    "00": "comece-aqui", "01": "historia", "02": "tabuleiro", "03": "movimento", "04": "tomada",
    "05": "lei-da-maioria", "06": "irregularidades", "07": "empate", "08": "anotacao",
    "09": "internacionais", "10": "golpes", "11": "exercicios-de-tomada", "12": "jogar",
    "13": "finais", "14": "como-jogar", "15": "outras-damas",
}

#: Tasks that moved to another chapter when chapters 06 and 07 were split (old key: new key).
MOVED = {
    "06/ex3": "arbitragem/ex1",   # which pieces leave the board: the arbiter's chapter
    "07/ex4": "arbitragem/ex2",   # the FMJD 2015 limit of rule 6.3
}

_BY_NUMBER = {number: slug for slug, number, _, _ in CHAPTERS}
_BY_SLUG = {slug: (number, title) for slug, number, title, _ in CHAPTERS}
_BY_SLUG.update({slug: (None, title) for slug, title, _ in EXTRAS})


class ChapterNotFoundError(DamasError, KeyError):
    """A chapter name or number the course does not have (a ``KeyError`` too)."""

    __str__ = DamasError.__str__


def _entry(slug):
    if slug not in _BY_SLUG:
        raise ChapterNotFoundError(f"Capítulo desconhecido: {slug!r}. Os capítulos são: "
                                   + ", ".join(f"{number} ({name})" for name, number, _, _ in CHAPTERS) + ".")
    return _BY_SLUG[slug]


@checked()
def slug_of(chapter: str) -> str:
    """The slug of ``chapter``, given as its number (``"04"``) or its slug; KeyError if unknown."""
    if chapter in _BY_SLUG:
        return chapter
    if chapter not in _BY_NUMBER:
        _entry(chapter)
    return _BY_NUMBER[chapter]


@checked()
def number_of(slug: str):
    """The chapter's number today ("04"), or None for reading outside the sequence."""
    return _entry(slug)[0]


@checked()
def title_of(slug: str) -> str:
    return _entry(slug)[1]


@checked()
def label(slug: str) -> str:
    """How a student reads the chapter's name: ``"04 — Lei da maioria"``, ``"História"``;
    an unknown name is shown as it is."""
    if slug not in _BY_SLUG:
        return slug
    number, title = _BY_SLUG[slug]
    return f"{number} — {title}" if number else title


@checked()
def order(slug: str) -> tuple:
    """A sort key: the chapters in course order, then the extras, then anything else by name."""
    if slug in _BY_SLUG:
        number = _BY_SLUG[slug][0]
        return (0, int(number), slug) if number else (1, 0, slug)
    return (2, 0, slug)


@checked()
def migrate_key(key: str) -> str:
    """The key of a version-1 progress file (``"05/maximo-1"``) in today's form
    (``"lei-da-maioria/maximo-1"``); a key that is not of the old form stays as it is."""
    if key in MOVED:
        return MOVED[key]
    head, sep, tail = key.partition("/")
    if head in OLD_NUMBERS:
        return OLD_NUMBERS[head] + sep + tail
    return key

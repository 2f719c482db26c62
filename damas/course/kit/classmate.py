"""«Jogue com um colega»: the end of every chapter from 02 on, a game at the wooden board.

The block shows the position to set up (a picture), what to play for about ten minutes, two or
three short lines of what to watch for, and the link to its printable sheet
(``notebooks/fichas/colega-NN.pdf``, made by ``python -m damas fichas --capitulos``).  The
texts and positions are data, in the ``"classmate"`` key of the chapter's texts JSON (checked
by :mod:`damas.course.kit.play_texts`; every fact proven by the tests).  When the game is one
of the mini-games (:mod:`damas.course.kit.minigames`), the block says so: the student can
also play it against the computer.

The block is HTML with the picture inside (no widget, no kernel needed): it reads the same in
JupyterLab, Voilà, JupyterLite and a notebook never run.  A chapter places it with a hidden
cell: ``classmate_section("03")``.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from damas.course.kit.chapter_list import label, number_of, slug_of
from damas.course.kit.figures import FIGURE_SIZE
from damas.display.output import img_tag
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.rules.args import checked
from damas.rules.board import Board

__all__ = ["ClassmateSection", "classmate_section", "sheet_link", "CLASSMATE_TEXTS"]

CLASSMATE_TEXTS = {
    "head": "Jogue com um colega",
    "do": "Cerca de dez minutos, num tabuleiro de madeira.",
    "watch": "Fique de olho:",
    "sheet": "Folha para imprimir: {link}",
    "minigame": "Sem colega por perto? Este é o minijogo «{title}»: jogue contra o computador no capítulo.",
    "none": "O capítulo {chapter} não tem «Jogue com um colega»: ele começa no capítulo 02.",
}


@lru_cache(maxsize=None)
def _entry(slug: str) -> dict | None:
    from damas.course.kit.chapter_texts import TEXTS_DIR, read_texts
    path = TEXTS_DIR / f"{slug}.json"
    return read_texts(path).get("classmate") if path.is_file() else None


def sheet_link(slug: str) -> str:
    """The printable sheet of chapter ``slug``, relative to the notebooks' folder."""
    return f"fichas/colega-{number_of(slug)}.pdf"


class ClassmateSection:
    """The «Jogue com um colega» block of one chapter (HTML with its picture)."""

    def __init__(self, slug: str, entry: dict):
        from damas.course.kit.play_texts import check_classmate
        number_of(slug)                      # an unknown chapter: refused, in Portuguese
        check_classmate(entry, "entry")
        self.slug = slug
        self.entry = entry
        self.board = Board(entry["fen"], variant=entry.get("variant", "brazilian"))

    @property
    def title(self) -> str:
        return self.entry["title"]

    @property
    def watch(self) -> list:
        return list(self.entry["watch"])

    def picture(self):
        return board_svg(self.board, size=FIGURE_SIZE, title=self.title)

    def _repr_html_(self) -> str:
        t = CLASSMATE_TEXTS
        entry = self.entry
        link = sheet_link(self.slug)
        watch = "".join(f"<li>{escape(line)}</li>" for line in entry["watch"])
        minigame = ""
        if "minigame" in entry:
            from damas.course.kit.minigames import MINIGAMES
            minigame = f"<p><small>{escape(t['minigame'].format(title=MINIGAMES[entry['minigame']].title))}</small></p>"
        return (f'<div class="damas-classmate"><h4>{escape(t["head"])}: {escape(self.title)}</h4>'
                f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">'
                f"<div>{img_tag(self.picture())}</div>"
                f'<div style="max-width:420px"><p>{escape(t["do"])} {escape(entry["text"])}</p>'
                f"<p><b>{escape(t['watch'])}</b></p><ul>{watch}</ul>"
                f'<p>{t["sheet"].format(link=f"<a href={escape(link)!r} target=_blank>{escape(link)}</a>")}</p>'
                f"{minigame}</div></div></div>")

    def __repr__(self) -> str:
        return f"{CLASSMATE_TEXTS['head']} ({label(self.slug)}): {self.title}"


@checked()
def classmate_section(chapter: str) -> ClassmateSection:
    """The «Jogue com um colega» block of ``chapter`` ("02" to "15", or its name)."""
    try:
        slug = slug_of(chapter)
    except KeyError as error:
        raise DamasError(str(error)) from None
    entry = _entry(slug)
    if entry is None:
        raise DamasError(CLASSMATE_TEXTS["none"].format(chapter=label(slug)))
    return ClassmateSection(slug, entry)

"""``python -m damas fichas``: the printable sheets of ``puzzles/``'s collections, the
teacher's three blank forms, the teacher's answer key of the whole course
(:mod:`damas.course.classroom.teacher_key`) and each chapter's «ficha-resumo» (``resumo-NN.pdf``)
and «Jogue com um colega» sheet (``colega-NN.pdf``), into ``notebooks/fichas/`` or where the
teacher says.

For each collection a student sheet and its answer key (:mod:`damas.course.kit.sheets` draws
them), one per board size; the classics as a book (easiest first, numbered as the trainers number
them; the sources in the key, never on the student's sheet).  The titles of the collections' sheets are here (:data:`SHEET_TITLES`), the one place to
change when a collection is renamed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from damas.course.kit import sheets as sheet_pages
from damas.course.kit.catalogue import BOOKS, numbered
from damas.course.kit.sentences import plural
from damas.course.kit.sheets import answer_key, student_sheet
from damas.display.plot import numbered_moves
from damas.errors import DamasError
from damas.problems.book import source_line
from damas.problems.puzzles import load_collection
from damas.rules.args import PATH, checked
from damas.rules.files import PathLike

if TYPE_CHECKING:
    from damas.problems.puzzles import Puzzle
    from damas.rules.board import Board

#: What a writer returns: (the file written, its pages, the problems on it; 0 for a form).
Written = list[tuple[Path, int, int]]

__all__ = ["SHEET_TITLES", "FORMS", "task_text", "sheet_groups", "write_collection_sheets", "write_forms",
           "write_teacher_key", "write_chapter_sheets", "chapter_sheet_name", "collections_dir", "run_fichas"]

#: Titles of the collections' sheets, by file name (puzzles/<name>.pdn).  Every
#: collection in puzzles/ gets its sheets; one not listed here is titled by its
#: file name.  This is the one place to change when a collection is renamed.
SHEET_TITLES = {
    "classicos": "Golpes clássicos documentados (64 casas)",
    "golpes-nao-vistos": "O golpe que o mestre não viu (64 casas)",
    "golpes-de-partidas": "Golpes de partidas (64 casas)",
    "golpes-do-curso": "Problemas do curso (64 casas)",
    "armadilhas": "Armadilhas de abertura (64 casas)",
    "tomadas": "Tomadas: qual é a tomada obrigatória?",
    "internacional": "Combinações (100 casas)",
}
#: The collections printed as a book (issue 26), :data:`damas.course.kit.catalogue.BOOKS`: from the
#: easiest problem to the hardest, numbered as the trainers number them; each answer of the key
#: with its source line (the student's sheet prints none: issue 46, item 4).
#: The three blank forms of the teacher's guide, by file name.
FORMS = {
    "folha-de-anotacao": "score_sheet",
    "irregularidades": "irregularities_sheet",
    "forcada": "forcada_sheet",
}
_SIDE = {"W": "As brancas", "B": "As pretas"}
_OTHER = {"W": "as pretas", "B": "as brancas"}


@checked()
def task_text(puzzle: Puzzle) -> str:
    """What the student must do, as the sheet says it ("As brancas jogam e
    ganham em 2 lances.")."""
    side = _SIDE[puzzle.solver_color]
    if puzzle.goal == "capture":
        return f"{side} jogam: qual é a tomada obrigatória?"
    moves = plural((puzzle.max_plies + 1) // 2, "lance", "lances")
    if puzzle.goal == "win":
        what = "ganham"
    elif puzzle.goal == "material":
        what = f"ganham {plural(puzzle.n, 'peça', 'peças')}"
    elif puzzle.goal == "promote":
        what = "fazem dama"
    else:
        what = f"deixam {_OTHER[puzzle.solver_color]} com no máximo {plural(puzzle.n, 'peça', 'peças')}"
    return f"{side} jogam e {what} em {moves}."


class _Sheet:
    """A puzzle as the sheets see it: board and task for the student; the
    numbered answer, the other accepted first moves and the theme for the key."""

    def __init__(self, puzzle: Puzzle, with_source: bool = False) -> None:
        self.board: Board = puzzle.board()
        self.title = puzzle.title
        self.source_line = source_line(puzzle) if with_source else ""
        self.task = task_text(puzzle)
        self.theme = "; ".join(puzzle.themes)
        if puzzle.goal == "capture":
            # every capture the majority law allows is an answer (4.13, 4.14)
            self.answers: list[str] = [numbered_moves(self.board, [m]) for m in self.board.legal_moves()]
            self.answer = " ou ".join(self.answers)
            self.also = ""
        else:
            self.answers = [numbered_moves(self.board, puzzle.solution_moves())]
            self.answer = self.answers[0]
            self.also = ", ".join(numbered_moves(self.board, [m]) for m in puzzle.accepted_moves())


@checked()
def sheet_groups(puzzles: Sequence[Puzzle], name: str) -> list[tuple[str, str, list[_Sheet]]]:
    """The puzzles of one collection split by board size, one sheet each:
    [(file name, suffix for the title, sheets)].  The 64-square part keeps the
    collection's name; a 100-square part of a mixed collection gets "-100casas"."""
    groups: dict[str, list[_Sheet]] = {}
    book = name in BOOKS
    for puzzle in numbered(puzzles, name):
        groups.setdefault(puzzle.variant, []).append(_Sheet(puzzle, with_source=book))
    out: list[tuple[str, str, list[_Sheet]]] = []
    for variant, sheets in sorted(groups.items(), key=lambda kv: kv[0] != "brazilian"):
        if len(groups) > 1 and variant != "brazilian":
            out.append((f"{name}-100casas", " — 100 casas", sheets))
        elif len(groups) > 1:
            out.append((name, " — 64 casas", sheets))
        else:
            out.append((name, "", sheets))
    return out


@checked()
def write_collection_sheets(pdn: PathLike, directory: PathLike, title: str | None = None,
                            per_page: int | None = None, stem: str | None = None) -> Written:
    """Student sheet and answer key of one collection into ``directory``;
    returns [(path, pages, problems)]."""
    pdn = Path(pdn)
    directory = Path(directory)
    stem = stem or pdn.stem
    puzzles = load_collection(pdn)
    base_title = title or SHEET_TITLES.get(pdn.stem) or pdn.stem.replace("-", " ").capitalize()
    written: Written = []
    for name, suffix, sheets in sheet_groups(puzzles, stem):
        student = directory / f"{name}.pdf"
        key = directory / f"{name}-gabarito.pdf"
        written.append((student, student_sheet(sheets, student, title=base_title + suffix, per_page=per_page),
                        len(sheets)))
        written.append((key, answer_key(sheets, key, title=base_title + suffix), len(sheets)))
    return written


@checked(directory=PATH)
def write_forms(directory: PathLike) -> Written:
    """The three blank forms into ``directory``; returns [(path, pages, 0)]."""
    if not Path(directory).is_dir():
        raise DamasError(f"Pasta não encontrada: {directory}")
    out: Written = []
    for name, function in FORMS.items():
        path = Path(directory) / f"{name}.pdf"
        out.append((path, getattr(sheet_pages, function)(path), 0))
    return out


@checked(directory=PATH)
def write_teacher_key(directory: PathLike) -> Written:
    """The teacher's answer key of the whole course into ``directory``
    (:mod:`damas.course.classroom.teacher_key`); returns [(path, pages, 0)]."""
    if not Path(directory).is_dir():
        raise DamasError(f"Pasta não encontrada: {directory}")
    from damas.course.classroom.teacher_key import KEY_FILE, teacher_key
    path = Path(directory) / KEY_FILE
    return [(path, teacher_key(path), 0)]


def chapter_sheet_name(kind: str, slug: str) -> str:
    """The file of a chapter's sheet: ``resumo-03.pdf`` (kind "summary") or ``colega-03.pdf``
    (kind "classmate"), by the chapter's number today."""
    from damas.course.kit.chapter_list import number_of
    return f"{'resumo' if kind == 'summary' else 'colega'}-{number_of(slug)}.pdf"


@checked(directory=PATH)
def write_chapter_sheets(directory: PathLike) -> Written:
    """Each chapter's «ficha-resumo» and «Jogue com um colega» sheet (from the ``"summary"`` and
    ``"classmate"`` keys of its texts JSON) into ``directory``; returns [(path, pages, 0)]."""
    from damas.course.kit.chapter_list import CHAPTERS, label
    from damas.course.kit.chapter_texts import TEXTS_DIR, read_texts
    if not Path(directory).is_dir():
        raise DamasError(f"Pasta não encontrada: {directory}")
    out: Written = []
    for slug, *_ in CHAPTERS:
        path = TEXTS_DIR / f"{slug}.json"
        if not path.is_file():
            continue
        data = read_texts(path)
        for kind, function in (("summary", sheet_pages.summary_sheet), ("classmate", sheet_pages.classmate_sheet)):
            if kind in data:
                target = Path(directory) / chapter_sheet_name(kind, slug)
                out.append((target, function(label(slug), data[kind], target), 0))
    return out


def collections_dir() -> Path:
    """The folder of the puzzle collections (puzzles/ beside the package)."""
    return Path(__file__).resolve().parents[3] / "puzzles"


def run_fichas(colecao: str | None = None, saida: str | None = None, todas: str | None = None,
               por_pagina: int | None = None, titulo: str | None = None, nome: str | None = None,
               capitulos: str | None = None) -> int:
    """``python -m damas fichas``: the sheets of one collection (``colecao``
    into ``saida``; or ``nome``, a collection of puzzles/ by name, by default into
    notebooks/fichas/) or, with ``todas`` (a folder), of every collection of
    puzzles/, the three blank forms and the chapters' sheets; with ``capitulos`` (a folder),
    only the chapters' «ficha-resumo» and «Jogue com um colega» sheets.  Prints what it wrote
    (Portuguese) and returns the exit status: 2 for a bad argument, 1 for a failure while writing."""
    from damas.rules.commandline import usage_error
    prog = "python -m damas fichas"
    written: Written
    if capitulos is not None:
        if todas is not None or colecao or saida or nome is not None:
            return usage_error(prog, "use --capitulos PASTA sozinho")
        if Path(capitulos).exists() and not Path(capitulos).is_dir():
            return usage_error(prog, f"{capitulos} não é uma pasta")
        try:
            Path(capitulos).mkdir(parents=True, exist_ok=True)
            written = write_chapter_sheets(capitulos)
        except (OSError, DamasError, ValueError) as err:
            print("Não foi possível fazer as fichas: " + " ".join(str(err).split()), file=sys.stderr)
            return 1
        for path, pages, _ in written:
            print(f"{path}: {pages} {'página' if pages == 1 else 'páginas'}")
        return 0
    if todas is not None and (colecao or saida or nome is not None):
        return usage_error(prog, "use --todas PASTA sozinho, ou uma coleção com -o FICHA.pdf, não os dois")
    if nome is not None:
        if colecao:
            return usage_error(prog, "diga a coleção por nome (--colecao NOME) ou por arquivo, não os dois")
        pdn = collections_dir() / f"{nome}.pdn"
        if not pdn.is_file():
            known = ", ".join(sorted(p.stem for p in collections_dir().glob("*.pdn")))
            print(f"Não foi possível fazer a ficha: não há coleção chamada {nome!r} (há: {known}).",
                  file=sys.stderr)
            return 1
        colecao = str(pdn)
        saida = saida or str(collections_dir().parent / "notebooks" / "fichas" / f"{nome}.pdf")
    if todas is None:
        if not colecao:
            return usage_error(prog, "diga a coleção e o arquivo de saída (python -m damas fichas "
                                     "COLECAO.pdn -o FICHA.pdf) ou use --todas PASTA")
        if not saida:
            return usage_error(prog, f"diga onde gravar a ficha de {colecao}: -o FICHA.pdf")
        source = Path(colecao)
        if not source.exists():
            return usage_error(prog, f"arquivo não encontrado: {colecao}")
        if not source.is_file():
            return usage_error(prog, f"{colecao} não é um arquivo de problemas (PDN)")
        folder = Path(saida).parent
        if not folder.is_dir():
            return usage_error(prog, f"a pasta {folder} não existe: crie-a antes ou escolha outra")
    elif Path(todas).exists() and not Path(todas).is_dir():
        return usage_error(prog, f"{todas} não é uma pasta")
    try:
        if todas is not None:
            directory = Path(todas)
            directory.mkdir(parents=True, exist_ok=True)
            sources = sorted(collections_dir().glob("*.pdn"))
            if not sources:
                print(f"Não foi possível fazer as fichas: não há coleções em {collections_dir()}.",
                      file=sys.stderr)
                return 1
            written = []
            for pdn in sources:
                written += write_collection_sheets(pdn, directory, per_page=por_pagina)
            written += write_forms(directory)
            written += write_teacher_key(directory)
            written += write_chapter_sheets(directory)
        else:
            assert colecao and saida          # without --todas both were asked for above
            out = Path(saida)
            stem = out.stem if out.suffix.lower() == ".pdf" else out.name
            written = write_collection_sheets(colecao, out.parent, title=titulo,
                                              per_page=por_pagina, stem=stem)
    except (OSError, DamasError, ValueError) as err:
        from damas.rules.files import os_error_text
        why = os_error_text(err) if isinstance(err, OSError) and not isinstance(err, DamasError) else str(err)
        print("Não foi possível fazer a ficha: " + " ".join(why.split()), file=sys.stderr)
        return 1
    for path, pages, problems in written:
        what = f"{problems} problemas em " if problems else ""
        print(f"{path}: {what}{pages} {'página' if pages == 1 else 'páginas'}")
    return 0

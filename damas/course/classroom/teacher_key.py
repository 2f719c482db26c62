"""The teacher's answer key, «Gabarito do professor»: the answer and the reason of every quiz question,
every exercise and every board task of the course, chapter by chapter, printed by
``python -m damas fichas`` as ``notebooks/fichas/gabarito-do-professor.pdf`` (issue 46, item 6).

Nothing in it is typed twice. For each chapter (:data:`damas.course.kit.chapter_list.CHAPTERS`, then
the readings outside the sequence):

* the quiz comes from the chapter's texts (``damas/course/texts/*.json``): the right option and its
  explanation;
* the board tasks of the chapter's stage, from the same texts: the fewest moves that do them
  (:meth:`BoardTask.shortest`), or every capture the majority law allows;
* the notebook's exercises come from the chapter's own check: the teacher's cell of the notebook
  (tag ``verificador``, one call such as ``teacher_check()`` or ``check_chapter('02')``) is run in
  the chapter module's namespace while :func:`damas.course.kit.exercises.collecting` records what
  it checks; a quiz gives its questions, a task its shortest line, a trainer each problem's solution
  with numbered moves (and the problem's own comment as the reason);
* chapter 06 adds the documented classics (``puzzles/classicos.pdn``, in the trainer's order) with
  each one's source line, which the student's pages no longer print.

A chapter whose teacher's cell cannot run on its own (it uses names defined in earlier cells) is
listed with what was found and a line saying so (:attr:`ChapterKey.missing`); the tests name the
chapters still in that state. The PDF carries no date: the same course gives the same key.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from damas.course.classroom.stars_table import _path
from damas.errors import DamasError
from damas.rules.args import PATH, checked, items_spec, optional, refuse
from damas.rules.files import PathLike

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from damas.course.kit.quiz import Quiz
    from damas.course.kit.tasks import BoardTask, SetupTask
    from damas.problems.puzzles import Puzzle
    from damas.rules.board import Board

__all__ = ["KeyEntry", "ChapterKey", "chapter_keys", "key_lines", "teacher_key_pages", "teacher_key",
           "KEY_TEXTS", "KEY_FILE"]

#: The file name of the key in notebooks/fichas/.
KEY_FILE = "gabarito-do-professor.pdf"
#: Collections printed in a chapter's key with their source lines: chapter number -> collection.
CLASSICS = {"06": "classicos"}

KEY_TEXTS = {
    "title": "Gabarito do professor",
    "hint": "Folha do professor: as respostas e o porquê de cada questionário, exercício e tarefa do curso.",
    "chapter": "{number} — {title}",
    "extra": "{title} (leitura fora da sequência)",
    "quiz": "Questionário, pergunta {n}",
    "exercise": "Exercício {n}",
    "problem": "Exercício {n}, problema {k}",
    "question": "Exercício {n}, pergunta {k}",
    "proven": "O computador prova a solução: {moves} {verb} (e nenhum outro primeiro lance).",
    "task": "Tarefa {n}: {title}",
    "classic": "Golpe clássico {n}: {title}",
    "answer": "Resposta: {text}",
    "reason": "Por quê: {text}",
    "source": "Fonte: {text}",
    "also": "Também vale começar com: {moves}",
    "or": " ou ",
    "capture_reason": "A tomada é obrigatória e leva o maior número de peças (regras 4.1 e 4.13).",
    "only_reason": "É a única tomada desta posição, e a tomada é obrigatória (regra 4.1).",
    "versus_reason": ("Contra a melhor defesa das {other}: {n} das {side}. Com {par} o aluno ganha ★★★; cada "
                      "lance a mais ou recusado custa uma estrela."),
    "task_reason": "O caminho mais curto: {n}. Com {par} o aluno ganha ★★★; cada lance a mais ou recusado "
                   "custa uma estrela.",
    "setup_answer": "Uma posição como esta: {position}.",
    "missing": ("Faltam neste gabarito exercícios deste caderno: a célula do professor do capítulo usa "
                "{names}, feito em outra célula (ela ainda não é uma chamada só ao módulo do capítulo)."),
    "no_notebooks": "Não encontrei a pasta dos cadernos do curso: {path}.",
    "bad_notebook": "Não consegui ler o caderno {path} ({error}): ele não é um caderno do curso.",
    "not_pdf": "O gabarito é um arquivo PDF: dê um nome que termine em .pdf, não {path!r}.",
    "page": "Página {page} de {pages}",
}


@dataclass(frozen=True)
class KeyEntry:
    """One line of the key: what is asked, the answer and why (``source`` for a classic)."""
    label: str
    question: str
    answer: str
    reason: str
    source: str = ""


@dataclass(frozen=True)
class ChapterKey:
    """The key of one chapter: its heading and its entries; ``missing`` says what could not be read."""
    heading: str
    entries: tuple[KeyEntry, ...] = field(default_factory=tuple)
    missing: str = ""


# -- the items a chapter checks ------------------------------------------------------------------------
def _notebooks_dir() -> Path:
    return Path(__file__).resolve().parents[3] / "notebooks"


def _cell_source(cell: Mapping[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _only_imports(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return bool(tree.body) and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body)


def _in_format(cell: dict[str, Any]) -> bool:
    """A code cell as the notebook format has it: a text (or a list of texts) as source, a dict
    as metadata, a list as tags."""
    source, metadata = cell.get("source", ""), cell.get("metadata", {})
    return (isinstance(source, str) or isinstance(source, list) and all(isinstance(s, str) for s in source)) \
        and isinstance(metadata, dict) and isinstance(metadata.get("tags", []), list)


def _read_notebook(notebook: PathLike) -> list[dict[str, Any]]:
    """The code cells of a notebook file; a file that is not one (or a cell out of the format) is
    refused in Portuguese."""
    try:
        cells = json.loads(Path(notebook).read_text(encoding="utf-8"))["cells"]
        code = [c for c in cells if isinstance(c, dict) and c.get("cell_type") == "code"]
        if not all(_in_format(c) for c in code):
            raise TypeError("a cell out of the notebook format")
        return code
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise DamasError(KEY_TEXTS["bad_notebook"].format(path=notebook, error=type(error).__name__)) from None


@checked(notebook=PATH)
def checked_items(notebook: PathLike) -> tuple[list[object], list[str]]:
    """What the teacher's cell of ``notebook`` checks, and what it could not run: ``(items, names)``.
    The cell runs in the notebook's folder with the notebook's import cells, statement by statement, while
    :func:`damas.course.kit.exercises.collecting` records the items (quizzes, tasks, trainers); a
    statement that uses a name defined in an earlier cell of the notebook is skipped and its name
    returned. A notebook with no teacher's cell checks nothing."""
    from damas.course.kit.exercises import collecting
    cells = _read_notebook(notebook)
    teacher = [_cell_source(c) for c in cells if "verificador" in c.get("metadata", {}).get("tags", [])]
    if not teacher:
        return [], []
    namespace: dict[str, Any] = {}
    for cell in cells:
        source = _cell_source(cell)
        if _only_imports(source):
            exec(compile(source, str(notebook), "exec"), namespace)    # the chapter's own imports
    unknown: list[str] = []
    here = os.getcwd()
    os.chdir(Path(notebook).resolve().parent)         # as in the notebook: data/ beside it
    try:
        with collecting() as found:
            for source in teacher:
                for statement in ast.parse(source).body:
                    try:
                        exec(compile(ast.Module([statement], []), str(notebook), "exec"), namespace)
                    except NameError as error:
                        unknown.append(error.name or str(error))
    finally:
        os.chdir(here)
    return found, unknown


# -- entries -----------------------------------------------------------------------------------------
def _clean(text: object) -> str:
    """One line of prose: the fact tags of a comment (``[%...]``, with the space before them, so no
    full stop is left alone) and HTML out, spaces joined."""
    from damas.rules.pdn_facts import strip_facts
    text = re.sub(r"\[%[^\]]*\]", " ", strip_facts(str(text or "")))
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(text.split())


def _quiz_entries(quiz: Quiz, label: Callable[[int], str]) -> list[KeyEntry]:
    t = KEY_TEXTS
    out = []
    for n, q in enumerate(quiz.questions, 1):
        answer = t["or"].join(str(q.options[a]) for a in q.answers)
        out.append(KeyEntry(label(n), _clean(q.text), answer, _clean(q.why[q.answer])))
    return out


def _task_entry(task: BoardTask, label: str, with_title: bool = False) -> KeyEntry:
    """A board task: every move that does a one-move task (the capture the majority law allows, the
    only capture), else the fewest moves that do it, numbered as on a score sheet when the other side
    defends (:meth:`BoardTask.shortest`)."""
    from damas.course.kit.sentences import plural
    from damas.course.kit.task_search import ONE_MOVE_GOALS
    from damas.course.kit.tasks import CAPTURE
    from damas.course.kit.words import COLOR
    from damas.display.plot import numbered_moves
    t = KEY_TEXTS
    question = _clean(f"{task.title}. {task.task_text()}" if with_title else task.task_text())
    board = task.board()
    if task.goal in ONE_MOVE_GOALS:
        answer = t["or"].join(board.move_text(m) for m in board.legal_moves())
        return KeyEntry(label, question, answer, t["capture_reason" if task.goal == CAPTURE else "only_reason"])
    line = task.shortest() or []
    if getattr(task, "versus", False):
        answer = numbered_moves(board, line)
        mine = len(task.student_moves(line))
        reason = t["versus_reason"].format(other=COLOR[task.other], n=plural(mine, "lance", "lances"),
                                           side=COLOR[task.side], par=plural(task.par, "lance", "lances"))
        return KeyEntry(label, question, answer, reason)
    texts = []
    for move in line:
        texts.append(board.move_text(move))
        board = task._after(board, move)
    return KeyEntry(label, question, ", ".join(texts),
                    t["task_reason"].format(n=plural(len(texts), "lance", "lances"),
                                            par=plural(task.par, "lance", "lances")))


def _setup_entry(task: SetupTask, label: str) -> KeyEntry:
    from damas.course.kit.exercises import SETUP_EXAMPLES
    from damas.rules.board import Board
    good, _bad = SETUP_EXAMPLES[task.key]
    board = Board(good)
    _right, why = task.check_fn(board)
    return KeyEntry(label, _clean(f"{task.title}. {task.text}"),
                    KEY_TEXTS["setup_answer"].format(position=position_words(board)), _clean(why))


@checked()
def position_words(board: Board) -> str:
    """A position in words a teacher reads: who moves and where each side's pieces are."""
    from damas.course.kit.words import COLOR
    parts = []
    for side in ("W", "B"):
        names = [f"pedra em {board.variant.square_name(s)}" for s in sorted(board.men(side))]
        names += [f"dama em {board.variant.square_name(s)}" for s in sorted(board.kings(side))]
        if names:
            parts.append(f"{COLOR[side]}: " + ", ".join(names))
    return f"jogam as {COLOR[board.turn]}; " + "; ".join(parts)


def _puzzle_entry(puzzle: Puzzle, label: str, source: str = "", with_title: bool = True) -> KeyEntry:
    """A problem: its task, its solution with numbered moves (the stored one, or the solver's main
    line), the other first moves that also solve it, and its comment (or the solver's proof) as the
    reason."""
    from damas.display.plot import numbered_moves
    from damas.problems.solver import solve
    board = puzzle.board()
    moves = puzzle.solution_moves()
    proof = None
    if not moves:
        proof = solve(puzzle)
        moves = proof.main_line
    answer = numbered_moves(board, moves)
    also = [numbered_moves(board, [m]) for m in puzzle.accepted_moves()]
    if also:
        answer += ". " + KEY_TEXTS["also"].format(moves=", ".join(also))
    reason = _clean(puzzle.comment) or "; ".join(puzzle.themes)
    if not reason:
        proof = proof or solve(puzzle)
        first = [board.move_text(m) for m in proof.winning_moves]
        reason = KEY_TEXTS["proven"].format(moves=" ou ".join(first), verb="resolve" if len(first) == 1 else "resolvem")
    question = f"{puzzle.title}. {puzzle.task()}" if with_title else puzzle.task()
    return KeyEntry(label, _clean(question), answer, reason, source)


def _exercise_entries(items: Iterable[object], quiz_key: str | None, task_keys: Collection[str]) -> list[KeyEntry]:
    """The entries of the exercises among ``items`` (the chapter's quiz and stage tasks left out)."""
    from damas.course.kit.quiz import Quiz
    from damas.course.kit.tasks import BoardTask, SetupTask
    from damas.problems.puzzles import Puzzle
    t = KEY_TEXTS
    out: list[KeyEntry] = []
    n = 0
    seen: set[tuple[str, object]] = set()
    for item in items:
        if isinstance(item, Quiz) and item.key == quiz_key or getattr(item, "key", None) in task_keys:
            continue
        ident = (type(item).__name__, getattr(item, "key", None) or id(item))
        if ident in seen:
            continue
        seen.add(ident)
        n += 1
        if isinstance(item, Quiz):
            # the labels are made at once, inside _quiz_entries (n is this exercise's number)
            if len(item.questions) == 1:
                out += _quiz_entries(item, lambda _k: t["exercise"].format(n=n))
            else:
                out += _quiz_entries(item, lambda k: t["question"].format(n=n, k=k))
        elif isinstance(item, BoardTask):
            out.append(_task_entry(item, t["exercise"].format(n=n), with_title=True))
        elif isinstance(item, SetupTask):
            out.append(_setup_entry(item, t["exercise"].format(n=n)))
        elif isinstance(item, Puzzle) or hasattr(item, "puzzles"):
            puzzles = [item] if isinstance(item, Puzzle) else list(item.puzzles)
            for k, puzzle in enumerate(puzzles, 1):
                label = t["exercise"].format(n=n) if len(puzzles) == 1 else t["problem"].format(n=n, k=k)
                out.append(_puzzle_entry(puzzle, label))
    return out


def _classics_entries(name: str) -> list[KeyEntry]:
    from damas.problems.book import book_order, source_line
    from damas.problems.puzzles import load_collection
    puzzles = book_order(load_collection(_notebooks_dir().parent / "puzzles" / f"{name}.pdn"))
    return [_puzzle_entry(p, KEY_TEXTS["classic"].format(n=n, title=p.title), _clean(source_line(p)), with_title=False)
            for n, p in enumerate(puzzles, 1)]


def _chapter_key(slug: str, heading: str, notebook: Path) -> ChapterKey:
    from damas.course.kit.chapter_texts import QUIZZES, TASKS
    t = KEY_TEXTS
    entries: list[KeyEntry] = []
    quiz = QUIZZES.get(slug)
    tasks = TASKS.get(slug, [])
    missing = ""
    items, unknown = checked_items(notebook)
    if unknown:
        missing = t["missing"].format(names=", ".join(f"«{name}»" for name in dict.fromkeys(unknown)))
    entries += _exercise_entries(items, quiz.key if quiz else None, {task.key for task in tasks})
    entries += [_task_entry(task, t["task"].format(n=n, title=task.title)) for n, task in enumerate(tasks, 1)]
    if quiz:
        entries += _quiz_entries(quiz, lambda n: t["quiz"].format(n=n))
    number = heading.split(" ", 1)[0]
    if number in CLASSICS:
        entries += _classics_entries(CLASSICS[number])
    return ChapterKey(heading, tuple(entries), missing)


@checked(notebooks=optional(_path))
def chapter_keys(notebooks: PathLike | None = None) -> list[ChapterKey]:
    """The key of every chapter of the course, in order, then of the readings outside the sequence."""
    from damas.course.kit.chapter_list import CHAPTERS, EXTRAS
    folder = Path(notebooks) if notebooks is not None else _notebooks_dir()
    if not folder.is_dir():
        raise DamasError(KEY_TEXTS["no_notebooks"].format(path=folder))
    keys = [_chapter_key(slug, KEY_TEXTS["chapter"].format(number=number, title=title), folder / name)
            for slug, number, title, name in CHAPTERS]
    keys += [_chapter_key(slug, KEY_TEXTS["extra"].format(title=title), folder / name)
             for slug, title, name in EXTRAS]
    return keys


# -- the printed key ---------------------------------------------------------------------------------
#: The size of an entry's lines (points); a chapter's heading is printed at 11.
_SIZE = 8.6


def _wrap(text: str, bold: bool = False, indent: str = "", rest: str = "   ") -> list[str]:
    """``text`` in lines as wide as the page's print area, measured in the sheet's font
    (:func:`damas.course.kit.sheets._wrap_to_width`); lines break at spaces only, so a move is never
    cut at its hyphen (c3-d4)."""
    from damas.course.kit.sheets import PRINT_AREA, _wrap_to_width
    from damas.display.plot import A4
    width = (PRINT_AREA[2] - PRINT_AREA[0]) * A4[0] * 72
    return _wrap_to_width(text, width, _SIZE, "bold" if bold else "normal", indent=indent, subsequent_indent=rest)


_KEYS = items_spec(lambda value, name: value if isinstance(value, ChapterKey) else _refuse_key(value, name),
                   "uma lista de gabaritos de capítulo (ChapterKey)")


def _refuse_key(value: Any, name: str) -> NoReturn:
    raise refuse(name, "o gabarito de um capítulo (ChapterKey)", value)


@checked(keys=_KEYS)
def key_lines(keys: Iterable[ChapterKey]) -> list[tuple[str, str]]:
    """The key as printed lines: (text, style), style 'chapter', 'label' (an entry's first line),
    'bold' (the rest of its question) or ''."""
    t = KEY_TEXTS
    lines: list[tuple[str, str]] = []
    for key in keys:
        if not key.entries and not key.missing:
            continue
        lines.append((key.heading, "chapter"))
        for entry in key.entries:
            wrapped = _wrap(f"{entry.label}. {entry.question}", bold=True)
            lines += [(s, "label" if i == 0 else "bold") for i, s in enumerate(wrapped)]
            for template, text in (("answer", entry.answer), ("reason", entry.reason), ("source", entry.source)):
                if text:
                    if not re.search(r"\w", text):
                        text = f"«{text}»"          # a sign alone (the hyphen of a move): quoted
                    lines += [(s, "") for s in _wrap(t[template].format(text=text), indent="   ")]
        if key.missing:
            lines += [(s, "") for s in _wrap(key.missing, rest="")]
        lines.append(("", ""))
    return lines


@checked(keys=_KEYS)
def teacher_key_pages(keys: Iterable[ChapterKey]) -> list[Figure]:
    """The pages of the key (A4 portrait, matplotlib figures): a chapter starts with its heading and an
    entry never breaks across two pages."""
    from damas.course.kit.sheets import _page
    from damas.display.plot import FONT
    page: Callable[..., Figure] = _page      # the kit's sheets are not annotated yet: a titled A4 page
    t = KEY_TEXTS
    per_page = 54
    blocks: list[list[tuple[str, str]]] = []
    block: list[tuple[str, str]] = []
    for line in key_lines(keys):
        if line[1] in ("chapter", "label") and block and not (block[-1][1] == "chapter"):
            blocks.append(block)
            block = []
        block.append(line)
    if block:
        blocks.append(block)
    pages: list[list[tuple[str, str]]] = [[]]
    for block in blocks:
        if len(pages[-1]) + len(block) > per_page:
            pages.append([])
        pages[-1].extend(block)
    figures: list[Figure] = []
    for k, lines in enumerate(pages):
        fig = page(t["title"], size=14)
        fig.text(0.5, 0.937, t["hint"], ha="center", va="center", fontsize=8.5, family=FONT, color="#333333")
        for j, (text, style) in enumerate(lines):
            fig.text(0.07, 0.91 - j * 0.0163, text, ha="left", va="top", family=FONT,
                     fontsize=11 if style == "chapter" else _SIZE,
                     fontweight="bold" if style in ("chapter", "label", "bold") else "normal")
        fig.text(0.5, 0.018, t["page"].format(page=k + 1, pages=len(pages)), ha="center", fontsize=8,
                 family=FONT, color="#444444")
        figures.append(fig)
    return figures


@checked(path=PATH, notebooks=optional(_path))
def teacher_key(path: PathLike | IO[bytes], notebooks: PathLike | None = None) -> int:
    """Write the key of the course as a PDF to ``path`` (a name ending in .pdf, or an open binary
    file); return its number of pages."""
    if isinstance(path, (str, os.PathLike)) and not str(path).lower().endswith(".pdf"):
        raise DamasError(KEY_TEXTS["not_pdf"].format(path=str(path)))
    from damas.course.kit.sheets import _literal_texts, _save_pdf
    from damas.display.plot import _needs_matplotlib
    # the kit's sheets are not annotated yet: what these two do, typed here
    literal_texts: Callable[[Callable[[], list[Figure]]], Callable[[], list[Figure]]] = _literal_texts
    save_pdf: Callable[[list[Figure], PathLike | IO[bytes], str], int] = _save_pdf

    @_needs_matplotlib
    @literal_texts
    def pages() -> list[Figure]:
        return teacher_key_pages(chapter_keys(notebooks))
    return save_pdf(pages(), path, KEY_TEXTS["title"])

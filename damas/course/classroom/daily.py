"""«Treino do dia»: the puzzle trainer on a session chosen for the student, each result saved.

>>> from damas.course.classroom.daily import daily_training
>>> treino = daily_training("../puzzles")       # doctest: +SKIP
>>> treino                                       # the trainer, in a notebook  # doctest: +SKIP

The session (:meth:`damas.course.kit.training.Catalog.session`) puts first the problems whose
review day has come, then problems near the student's rating with the themes mixed.  Above
each problem the student reads its collection and theme, «Revisão: você errou este golpe há
3 dias» for a review, and their level («Seu nível»), which moves after each problem.  The
first result of each problem in the session is saved in the progress file
(:meth:`damas.course.kit.progress.Progress.record_attempt`), and each problem solved, as in every
trainer of the course (:func:`damas.course.kit.practice.trainer`); a file that cannot be used stops
nothing (the training goes on, and says that it is not being saved).

A student who has solved every problem at the first try gets «Parabéns» (:data:`TEXTS` ``"empty"``)
in place of the board, never an error page; a collection that cannot be read (a copy cut by a full
disk) is left out and named, with what to do (``python -m damas curso`` repairs the copy), and the
training goes on with the others.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from damas.course.kit import store as _store
from damas.course.kit.practice import trainer
from damas.course.kit.review import ReviewState, review_states
from damas.course.kit.training import STUDENT, Catalog, new_attempt
from damas.rules.args import checked, instance_spec, optional, refuse, text, whole_spec
from damas.rules.files import PathLike

if TYPE_CHECKING:
    from damas.course.kit.progress import Progress, ProgressError
    from damas.problems.puzzles import Puzzle
    from damas.widget.trainer import PuzzleTrainer, TrainerResult

__all__ = ["DailyTraining", "daily_training", "COLLECTIONS", "OUTCOME_OF"]

# The collections «Treino do dia» draws from (the 8x8 game; the 10x10 collection has its chapter).
COLLECTIONS = {
    "classicos": "Golpes clássicos",
    "golpes-nao-vistos": "O golpe que o mestre não viu",
    "golpes-de-partidas": "Golpes de partidas",
    "golpes-do-curso": "Problemas do curso",
    "armadilhas": "Armadilhas de abertura",
    "tomadas": "Tomadas",
}
# The trainer's outcomes (damas.widget.trainer.OUTCOMES) as the progress file names them.
OUTCOME_OF = {"first_try": "primeira", "after_mistake": "depois-de-erro", "hint": "com-dica",
              "gave_up": "desistiu"}
NAME = "Treino do dia"

TEXTS = {
    "collection": "Coleção: {collection}. Tema: {theme}.",
    "review_days": "Revisão: você errou este golpe há {days} dias.",
    "review_yesterday": "Revisão: você errou este golpe ontem.",
    "level": "Seu nível: {level}.",
    "level_up": "Seu nível: {level} (subiu {change} {points}).",
    "level_down": "Seu nível: {level} (desceu {change} {points}).",
    "level_same": "Seu nível: {level} (ficou igual).",
    "not_saved": "(O treino não está sendo gravado: {error})",
    "empty": "Parabéns! Você já resolveu de primeira todos os problemas das coleções do treino.",
    "empty_level": "Seu nível: {level}.",
    "rest": "Por hoje é só: você já tentou todos os problemas que havia para hoje. Os outros voltam nos "
            "próximos dias, quando chegar o dia da revisão.",
    "unreadable": "A coleção {path} não pôde ser lida ({error}) e ficou fora do treino. Se ela é da sua "
                  "cópia do curso, rode de novo «python -m damas curso»: ele conserta a cópia.",
    "no_problems": "Não há problemas para o treino do dia: nenhuma coleção foi encontrada em {folder}.",
}


def _now() -> datetime:
    return datetime.now().astimezone()


_CLOCK_WORDS = "uma função que dê a hora (datetime), como datetime.now"


def _clock(value: Any, name: str) -> Any:
    if not callable(value):
        raise refuse(name, _CLOCK_WORDS, value)
    return value


def _progress(value: Any, name: str) -> Progress | ProgressError:
    """A student's progress (Progress), or the ProgressError that stands for it when it cannot be saved."""
    from damas.course.kit.progress import Progress, ProgressError
    if not isinstance(value, (Progress, ProgressError)):
        raise refuse(name, "o progresso de um aluno (Progress)", value)
    return value


def _folder(value: Any, name: str) -> str | os.PathLike[str]:
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de uma pasta (um texto ou um Path)", value)
    return value


def _collections(value: Any, name: str) -> dict[Any, Any]:
    """{file name without .pdn: title}."""
    if not isinstance(value, dict):
        raise refuse(name, "um dicionário {nome do arquivo sem .pdn: título}", value)
    for key, title in value.items():
        text(key, f"{name} (um nome de arquivo)", empty=False)
        text(title, f"{name} (o título de {key!r})")
    return value


_N = whole_spec(1, 1000)


class DailyTraining:
    """«Treino do dia» for one student: ``catalog`` (a :class:`Catalog`), ``n`` problems,
    ``progress`` (a :class:`damas.course.kit.progress.Progress`; default: the student's own) and
    ``clock`` (a function giving the time; tests pass a fake one)."""

    @checked(catalog=instance_spec("damas.course.kit.training.Catalog", "um catálogo de problemas (Catalog)"),
             n=_N, progress=optional(_progress), clock=_clock)
    def __init__(self, catalog: Catalog, n: int = 8, progress: Progress | ProgressError | None = None,
                 clock: Callable[[], datetime] = _now) -> None:
        from damas.course.kit.progress import ProgressError
        now = clock()
        if not isinstance(now, datetime):
            raise refuse("clock", _CLOCK_WORDS, clock)
        self.catalog = catalog
        self.clock = clock
        # the kit's store is not annotated yet: what it gives, typed here
        student_progress: Callable[[], Progress | ProgressError] = _store._progress
        self.progress: Progress | ProgressError = progress if progress is not None else student_progress()
        self.error: ProgressError | None = self.progress if isinstance(self.progress, ProgressError) else None
        attempts: list[dict[str, Any]] = [] if isinstance(self.progress, ProgressError) else self.progress.attempts
        self._attempts = attempts   # the log the level is computed from
        self.keys: list[str] = catalog.session(attempts, now, n=n)
        self.reviews: dict[str, ReviewState] = {k: s for k, s in review_states(attempts).items() if k in self.keys}
        self.today: date = now.date()
        self.level: float = catalog.book(attempts).student(STUDENT).r
        self.change: float | None = None          # the last change of level, shown after a result
        self.results: dict[str, str] = {}         # key: outcome, the first of the session
        self.trainer: PuzzleTrainer | None = None
        if not self.keys:           # everything solved at the first try: «Parabéns», not an error
            return
        self.trainer = trainer({NAME: [catalog.puzzles[k] for k in self.keys]})
        self.trainer.describe = self.describe
        self.trainer.on_result(self._on_result)

    # -- what the student reads ------------------------------------------------------
    def describe(self, index: int) -> str:
        """The line above problem ``index``: review, collection and theme, level."""
        key = self.keys[index]
        parts = []
        if key in self.reviews and key not in self.results:
            days = (self.today - self.reviews[key].missed.date()).days
            parts.append(TEXTS["review_yesterday"] if days == 1 else TEXTS["review_days"].format(days=days))
        parts.append(TEXTS["collection"].format(collection=self.catalog.titles[key],
                                                theme=self.catalog.theme(key)))
        parts.append(self.level_text())
        if self.error:
            parts.append(TEXTS["not_saved"].format(error=self.error))
        parts.extend(getattr(self.catalog, "unreadable", []))
        return " ".join(parts)

    @property
    def finished(self) -> bool:
        """True when there is nothing left to offer (every problem solved at the first try)."""
        return not self.keys

    def finished_text(self) -> str:
        """«Parabéns» (every problem solved at the first try) or «Por hoje é só», with the
        student's level (and what was not saved or read); or why there are no problems at all."""
        if not self.catalog.puzzles:
            return " ".join(getattr(self.catalog, "unreadable", [])) or \
                TEXTS["no_problems"].format(folder=getattr(self.catalog, "folder", "?"))
        first = {a["problema"] for a in self._attempts if a["resultado"] == "primeira"}
        done = set(self.catalog.puzzles) <= first
        parts = [TEXTS["empty"] if done else TEXTS["rest"], TEXTS["empty_level"].format(level=round(self.level))]
        if self.error:
            parts.append(TEXTS["not_saved"].format(error=self.error))
        parts.extend(getattr(self.catalog, "unreadable", []))
        return " ".join(parts)

    def level_text(self) -> str:
        level = round(self.level)
        if self.change is None:
            return TEXTS["level"].format(level=level)
        change = round(abs(self.change))
        if change == 0:
            return TEXTS["level_same"].format(level=level)
        points = "ponto" if change == 1 else "pontos"
        key = "level_up" if self.change > 0 else "level_down"
        return TEXTS[key].format(level=level, change=change, points=points)

    # -- results ---------------------------------------------------------------------------
    def _on_result(self, result: TrainerResult) -> None:
        key = self.keys[result.index]
        if key in self.results:          # a problem counts once per session
            return
        outcome = OUTCOME_OF[result.outcome]
        self.results[key] = outcome
        now = self.clock()
        from damas.course.kit.progress import ProgressError
        if self.error is None and not isinstance(self.progress, ProgressError):    # (never one when error is None)
            try:
                self.progress.record_attempt(key, outcome, now)
                self._attempts = self.progress.attempts      # with other notebooks' saves
            except ProgressError as error:
                self.error = error
        if self.error is not None:       # not saved: the level still moves in this session
            self._attempts = self._attempts + [new_attempt(key, outcome, now)]
        before = self.level
        self.level = self.catalog.book(self._attempts).student(STUDENT).r
        self.change = self.level - before
        if self.trainer is not None:     # always: results come from the trainer
            self.trainer.refresh()

    # -- the notebook ------------------------------------------------------------------------
    def box(self) -> Any:
        """What the notebook shows: the trainer, or «Parabéns» when everything is solved."""
        if self.trainer is None:
            import html

            import ipywidgets as widgets  # type: ignore[import-untyped]  # ships no types (8.1)
            return widgets.HTML(f"<p class='damas-parabens' style='font-size:18px;max-width:640px'>"
                                f"{html.escape(self.finished_text())}</p>")
        return self.trainer.box()

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        if self.trainer is None:
            from IPython.display import display
            display(self.box())  # type: ignore[no-untyped-call]  # IPython's display is not annotated
            return
        self.trainer._ipython_display_()

    def __repr__(self) -> str:
        if self.trainer is None:
            return "DailyTraining(Parabéns: nada mais a treinar)"
        return f"DailyTraining({len(self.keys)} problemas)"


class FolderCatalog(Catalog):
    """The :class:`Catalog` :func:`load_catalog` reads from ``folder``; ``unreadable``: a message
    for each collection that could not be read."""

    unreadable: list[str]
    folder: Path


@checked(folder=_folder, collections=optional(_collections))
def load_catalog(folder: PathLike, collections: dict[str, str] | None = None) -> FolderCatalog:
    """The :class:`Catalog` of the collections (``{file name without .pdn: title}``,
    default :data:`COLLECTIONS`) found in ``folder``; a missing file is skipped, and one that
    cannot be read (cut, damaged, not a file) is skipped and named in the catalog's
    ``unreadable`` messages (the student reads them above the board)."""
    from damas.errors import DamasError
    from damas.problems.puzzles import load_collection
    from damas.rules.files import os_error_text
    found: dict[str, tuple[str, list[Puzzle]]] = {}
    unreadable: list[str] = []
    for name, title in (collections or COLLECTIONS).items():
        path = Path(folder) / f"{name}.pdn"
        if not path.exists() and not path.is_symlink():
            continue
        try:
            found[name] = (title, load_collection(path))
        except (OSError, DamasError) as error:
            detail = os_error_text(error) if isinstance(error, OSError) and not isinstance(error, DamasError) \
                else " ".join(str(error).split())
            unreadable.append(TEXTS["unreadable"].format(path=path, error=detail))
    catalog = FolderCatalog(found)
    catalog.unreadable = unreadable
    catalog.folder = Path(folder)
    return catalog


@checked(folder=_folder, n=_N, progress=optional(_progress), clock=_clock)
def daily_training(folder: PathLike = "../puzzles", n: int = 8, progress: Progress | ProgressError | None = None,
                   clock: Callable[[], datetime] = _now) -> DailyTraining:
    """«Treino do dia» from the collections of ``folder`` (see :class:`DailyTraining`)."""
    return DailyTraining(load_catalog(folder), n=n, progress=progress, clock=clock)

"""The puzzle trainer with its solved problems saved and restored: the course's one path.

Importing the course (any module of :mod:`damas.course`) registers :func:`keep_progress`
with :mod:`damas.widget.hooks`: from then on every
:class:`damas.widget.trainer.PuzzleTrainer` made in the kernel, by a chapter's one-line call,
the Voilà app or :func:`trainer`, starts with the problems the student solved before and
saves each problem solved in the student's progress file (:mod:`damas.course.progress`).

Where a collection is kept: under ``key/collection`` when the trainer has a ``key``
(:func:`trainer`; ``key`` alone for a list of problems), else under ``treino/`` and a short
fingerprint of the collection's positions, so that the same collection solved in the app and
in a chapter counts once, and a collection that changes never lends its marks to other problems.

``PuzzleTrainer`` is the widget's trainer, named here for the notebooks that import it from
the course (importing it from here installs the saving).
"""

from __future__ import annotations

import hashlib

from damas.course import store as _store
from damas.course.words import TEXTS
from damas.widget import hooks

__all__ = ["trainer", "keep_progress", "collection_key", "default_key", "install", "PuzzleTrainer"]

#: The prefix of the keys of trainers made without a key.
DEFAULT_PREFIX = "treino"


def collection_key(t, collection) -> str:
    """The key under which the problems solved in ``collection`` of trainer ``t`` are saved."""
    if t.key:
        return f"{t.key}/{collection}" if collection else t.key
    return default_key(t.collections[collection])


def default_key(puzzles) -> str:
    """The key of a collection given without a key: ``treino/`` and a fingerprint of its positions."""
    positions = "\n".join(f"{p.variant}|{p.fen}" for p in puzzles)
    return f"{DEFAULT_PREFIX}/{hashlib.sha1(positions.encode('utf-8')).hexdigest()[:10]}"


def keep_progress(t) -> None:
    """Give trainer ``t`` the problems solved before and save each one solved from now on
    (once per trainer).  A progress file that cannot be used leaves the trainer working: it
    says, under its progress, that what is solved is not saved, and why."""
    from damas.course.progress import ProgressError
    if getattr(t, "_keeps_progress", False):
        return
    t._keeps_progress = True
    store = _store._progress()
    t.progress_error = store if isinstance(store, ProgressError) else None
    if t.progress_error is None:
        for name in t.collections:
            saved = store.solved(collection_key(t, name))
            if saved:
                t.restore_solved(name, saved)
    else:
        _not_saved(t, store)

    def save(collection, index):
        s = _store._progress()
        try:
            if isinstance(s, ProgressError):
                raise s
            s.record_solved(collection_key(t, collection), index)
        except ProgressError as error:
            _not_saved(t, error)

    t.on_solved(save)


def _not_saved(t, error) -> None:
    t.progress_error = error
    t.notice = TEXTS["problem_not_saved"].format(error=error)
    t._refresh_header()


def install() -> None:
    """Make every trainer made from now on keep its progress (done when the course is imported)."""
    hooks.when_trainer_made(keep_progress)


def trainer(puzzles, key: str | None = None, **options):
    """A :class:`damas.widget.trainer.PuzzleTrainer` whose solved problems are saved under
    ``key`` (one entry per collection, ``key/collection``) and restored when it is made again
    (after a kernel restart, say)."""
    from damas.widget.trainer import PuzzleTrainer as _Trainer
    install()
    return _Trainer(puzzles, key=key, **options)


def __getattr__(name):
    # The widget's trainer, imported on first use (it imports the checker and the solver).
    if name == "PuzzleTrainer":
        install()
        from damas.widget.trainer import PuzzleTrainer
        return PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


install()

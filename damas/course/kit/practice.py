"""The puzzle trainer that keeps what the student solves: the course's one path.

The course's :class:`PuzzleTrainer` is the widget's trainer
(:class:`damas.widget.trainer.PuzzleTrainer`) that calls :func:`keep_progress` when it is
made: it starts with the problems the student solved before and saves each problem solved in
the student's progress file (:mod:`damas.course.kit.progress`), and the attempts at each
problem (by its position), so that «Tentativas neste problema» survives a reload.  Every
trainer of the course is one of these: a chapter's one-line call (:func:`trainer`), the Voilà
app, «Treino do dia».  The widget's own trainer saves nothing (the widgets know nothing of the
course).

Where a collection is kept: under ``key/collection`` when the trainer has a ``key``
(:func:`trainer`; ``key`` alone for a list of problems), else each problem under its position
(``problemas/`` and a short fingerprint of variant and FEN), so that the same problem solved in
the app, in a chapter or in «Treino do dia» counts once, and a collection that grows or is
reordered keeps every mark on the problem it was earned on.

``PuzzleTrainer`` is made on first use (it subclasses the widget's class, which imports
ipywidgets): importing this module stays pure Python.
"""

from __future__ import annotations

from damas.course.kit import store as _store
from damas.course.kit.catalogue import LEGACY_KEYS, file_positions
from damas.course.kit.keys import position_key
from damas.course.kit.words import TEXTS
from damas.rules.args import checked, instance_spec, optional, refuse, text

__all__ = ["trainer", "keep_progress", "collection_key", "migrate_legacy", "PuzzleTrainer"]


def _trainer(value, name):
    """A puzzle trainer (:class:`damas.widget.trainer.PuzzleTrainer`): its collections and key."""
    if not isinstance(getattr(value, "collections", None), dict) or not hasattr(value, "key") \
            or not callable(getattr(value, "restore_solved", None)):
        raise refuse(name, "um treinador de problemas (PuzzleTrainer)", value)
    return value


@checked(t=_trainer, collection=optional(lambda value, name: text(value, name)))
def collection_key(t, collection) -> str | None:
    """The key under which the problems solved in ``collection`` of a trainer ``t`` made with a
    key are saved (``key/collection``); None for a trainer made without one (each of its
    problems is saved under its position, :func:`damas.course.kit.keys.position_key`)."""
    if t.key:
        return f"{t.key}/{collection}" if collection else t.key
    return None


@checked(store=instance_spec("damas.course.kit.progress.Progress", "o progresso de um aluno (Progress)"))
def migrate_legacy(store) -> None:
    """Keep by position what an earlier version saved under a key that is now kept by position
    (:data:`damas.course.kit.catalogue.LEGACY_KEYS`): each index becomes its problem's key, the old
    key goes."""
    for key, name in LEGACY_KEYS.items():
        indices = store.solved(key)
        if indices:
            keys = file_positions(name)
            store.move_solved(key, [keys[i] for i in sorted(indices) if 0 <= i < len(keys)])


@checked(t=_trainer)
def keep_progress(t) -> None:
    """Give trainer ``t`` the problems solved before and save each one solved from now on
    (once per trainer).  A progress file that cannot be used leaves the trainer working: it
    says, under its progress, that what is solved is not saved, and why."""
    from damas.course.kit.progress import ProgressError
    if getattr(t, "_keeps_progress", False):
        return
    t._keeps_progress = True
    store = _store._progress()
    t.progress_error = store if isinstance(store, ProgressError) else None
    if t.progress_error is None:
        try:
            if not t.key:
                migrate_legacy(store)
        except ProgressError as error:
            _not_saved(t, error)
        for name, puzzles in t.collections.items():
            key = collection_key(t, name)
            if key is not None:
                saved = store.solved(key)
            else:
                saved = {i for i, p in enumerate(puzzles) if store.solved(position_key(p))}
            if saved:
                t.restore_solved(name, saved)
            tries = {i: store.tries(position_key(p)) for i, p in enumerate(puzzles)}
            tries = {i: n for i, n in tries.items() if n}
            if tries:
                t.restore_attempts(name, tries)
    else:
        _not_saved(t, store)

    def save(collection, index):
        s = _store._progress()
        try:
            if isinstance(s, ProgressError):
                raise s
            key = collection_key(t, collection)
            if key is not None:
                s.record_solved(key, index)
            else:
                s.record_solved(position_key(t.collections[collection][index]), 0)
        except ProgressError as error:
            _not_saved(t, error)

    def save_tries(collection, index, attempts):
        s = _store._progress()
        try:
            if isinstance(s, ProgressError):
                raise s
            s.record_tries(position_key(t.collections[collection][index]), attempts)
        except ProgressError as error:
            _not_saved(t, error)

    t.on_solved(save)
    t.on_attempt(save_tries)


def _not_saved(t, error) -> None:
    t.progress_error = error
    t.notice = TEXTS["problem_not_saved"].format(error=error)
    t._refresh_header()


def trainer(puzzles, key: str | None = None, **options):
    """A :class:`PuzzleTrainer` whose solved problems are saved under ``key`` (one entry per
    collection, ``key/collection``) and restored when it is made again (after a kernel
    restart, say)."""
    return _course_trainer()(puzzles, key=key, **options)


_MADE: dict = {}


def _course_trainer():
    """The course's trainer class, made once: the widget's trainer that keeps the progress."""
    if "class" not in _MADE:
        from damas.widget.trainer import PuzzleTrainer as WidgetTrainer

        class PuzzleTrainer(WidgetTrainer):
            """The widget's puzzle trainer, keeping what the student solves and tries in their
            progress file (:func:`keep_progress`)."""

            def __init__(self, puzzles, index: int = 0, collection=None, key=None):
                super().__init__(puzzles, index=index, collection=collection, key=key)
                keep_progress(self)

        PuzzleTrainer.__module__ = __name__
        _MADE["class"] = PuzzleTrainer
    return _MADE["class"]


def __getattr__(name):
    # The course's trainer, made on first use (it imports the widget).
    if name == "PuzzleTrainer":
        return _course_trainer()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

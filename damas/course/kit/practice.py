"""The puzzle trainer with its solved problems saved and restored: the course's one path.

Importing the course (any module of :mod:`damas.course`) registers :func:`keep_progress`
with :mod:`damas.widget.hooks`: from then on every
:class:`damas.widget.trainer.PuzzleTrainer` made in the kernel, by a chapter's one-line call,
the Voilà app or :func:`trainer`, starts with the problems the student solved before and
saves each problem solved in the student's progress file (:mod:`damas.course.progress`), and
the attempts at each problem (by its position), so that «Tentativas neste problema» survives a
reload.

Where a collection is kept: under ``key/collection`` when the trainer has a ``key``
(:func:`trainer`; ``key`` alone for a list of problems), else each problem under its position
(``problemas/`` and a short fingerprint of variant and FEN), so that the same problem solved in
the app, in a chapter or in «Treino do dia» counts once, and a collection that grows or is
reordered keeps every mark on the problem it was earned on.

``PuzzleTrainer`` is the widget's trainer, named here for the notebooks that import it from
the course (importing it from here installs the saving).
"""

from __future__ import annotations

from damas.course import store as _store
from damas.course.catalogue import LEGACY_KEYS, file_positions, position_key
from damas.course.words import TEXTS
from damas.rules.args import checked, instance_spec, optional, refuse, text
from damas.widget import hooks

__all__ = ["trainer", "keep_progress", "collection_key", "migrate_legacy", "install", "PuzzleTrainer"]

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
    problems is saved under its position, :func:`damas.course.catalogue.position_key`)."""
    if t.key:
        return f"{t.key}/{collection}" if collection else t.key
    return None


@checked(store=instance_spec("damas.course.progress.Progress", "o progresso de um aluno (Progress)"))
def migrate_legacy(store) -> None:
    """Keep by position what an earlier version saved under a key that is now kept by position
    (:data:`damas.course.catalogue.LEGACY_KEYS`): each index becomes its problem's key, the old
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
    from damas.course.progress import ProgressError
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

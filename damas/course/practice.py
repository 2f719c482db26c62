"""The puzzle trainer with its solved problems saved and restored."""

from __future__ import annotations

from damas.course import store as _store

__all__ = ["trainer"]

def trainer(puzzles, key: str, **options):
    """A :class:`damas.widget.trainer.PuzzleTrainer` whose solved problems are
    saved under ``key`` (one entry per collection, ``key/collection``) and
    restored when it is made again (after a kernel restart, say)."""
    from damas.course.progress import ProgressError
    from damas.widget.trainer import PuzzleTrainer
    t = PuzzleTrainer(puzzles, **options)
    store = _store._progress()
    names = list(t.collections)
    current = t.collection

    def name_of(collection):
        return f"{key}/{collection}" if collection else key

    if not isinstance(store, ProgressError):
        for name in names:
            saved = store.solved(name_of(name))
            if saved:
                t.choose_collection(name)
                t.solved.update(i for i in saved if i < len(t.puzzles))
        t.choose_collection(current, t.index)
    t.progress_error = store if isinstance(store, ProgressError) else None

    def save(_event):
        s = _store._progress()
        if isinstance(s, ProgressError):
            t.progress_error = s
            return
        done = s.solved(name_of(t.collection))
        for i in sorted(t.solved - done):
            try:
                s.record_solved(name_of(t.collection), i)
            except ProgressError as error:
                t.progress_error = error
                return

    t.widget.on_move(save)   # after the trainer's own judge (registered first)
    return t

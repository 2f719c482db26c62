"""What a layer above the widgets asks them to call: when a puzzle trainer is made.

The widgets know nothing of the course; the course (:mod:`damas.course.practice`) registers
here, when it is imported, the function that gives every trainer its saved progress and saves
each problem solved.  So a trainer made by a chapter's one-line call, by the Voilà app or by a
course function keeps what the student solved, through the one path of the course.

>>> from damas.widget import hooks
>>> seen = []
>>> hooks.when_trainer_made(seen.append)
>>> hooks.trainer_made("um treino"); seen
['um treino']
>>> hooks.forget(seen.append)

Pure Python: importing this module imports nothing.
"""

from __future__ import annotations

__all__ = ["when_trainer_made", "trainer_made", "forget"]

_TRAINER_MADE: list = []


def when_trainer_made(callback) -> None:
    """Call ``callback(trainer)`` for every :class:`damas.widget.trainer.PuzzleTrainer` made
    from now on (once, however many times it is registered)."""
    if not callable(callback):
        from damas.rules.args import refuse
        raise refuse("callback", "uma função, chamada com o treino feito", callback)
    if callback not in _TRAINER_MADE:
        _TRAINER_MADE.append(callback)


def forget(callback) -> None:
    """Stop calling ``callback``."""
    if callback in _TRAINER_MADE:
        _TRAINER_MADE.remove(callback)


def trainer_made(trainer) -> None:
    """Called by the trainer at the end of its making."""
    from damas.widget.trainer import PuzzleTrainer
    if not isinstance(trainer, PuzzleTrainer):
        from damas.rules.args import refuse
        raise refuse("trainer", "um treino de problemas (PuzzleTrainer)", trainer)
    for callback in tuple(_TRAINER_MADE):
        callback(trainer)

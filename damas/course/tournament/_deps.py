"""The other course modules the tournament uses, imported in this one place.

(The course's modules are being regrouped; when they move, only these lines change.)

* the progress file's safety, reused for the tournament file: the lock around a read-merge-write
  (:func:`damas.course.kit.progress.file_lock`), the write whole or not at all (``write_file``),
  and the BOM an editor may add (``strip_bom``);
* the printable sheets' helpers (:mod:`damas.course.kit.sheets`): an A4 page, a ruled table, lines to
  write on, the PDF writer without dates, and the chapter-10 score sheet;
* the coach's review of a game (:func:`damas.course.kit.coach.review`, chapters 05 and 08), imported
  when a review is asked for (it brings the engine);
* the class's progress files (:func:`damas.course.kit.progress.read_class`), for the class list.
"""

from damas.course.kit.progress import ProgressError, read_class
from damas.course.kit.progress import file_lock, strip_bom
from damas.course.kit.progress import write_file as write_atomic

__all__ = ["sheets", "review", "coach_error", "file_lock", "write_atomic", "strip_bom", "read_class",
           "ProgressError"]


def sheets():
    """The module of the printable sheets (it imports matplotlib only inside its functions)."""
    from damas.course.kit import sheets as module
    return module


def review(game, student=None, depth: int = 4):
    """The coach's review of ``game`` for ``student`` ('W' or 'B')."""
    from damas.course.kit.coach import review as coach_review
    return coach_review(game, student=student, depth=depth)


def coach_error():
    from damas.course.kit.coach import CoachError
    return CoachError

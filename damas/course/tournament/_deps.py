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

The course's kit is not typed yet: the types the tournament relies on are written here (the
annotated names below, and :class:`Sheets`), so that the tournament is checked against them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import IO, TYPE_CHECKING, ParamSpec, Protocol, TypeVar, cast

from damas.course.kit import progress as _progress
from damas.course.kit.progress import ProgressError, read_class, strip_bom

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    from damas.course.kit.coach import CoachError, Review
    from damas.rules.colors import Color
    from damas.rules.files import PathLike
    from damas.rules.game import Game

__all__ = ["sheets", "review", "coach_error", "file_lock", "write_atomic", "strip_bom", "read_class",
           "ProgressError", "Sheets"]

P = ParamSpec("P")
R = TypeVar("R")

#: The lock around a save's read-merge-write of a file (``held`` is False where no lock can be taken).
file_lock: Callable[[PathLike], AbstractContextManager[object]] = _progress.file_lock
#: Write bytes to a file whole or not at all.
write_atomic: Callable[[PathLike, bytes], None] = _progress.write_file


class Sheets(Protocol):
    """What the tournament uses of :mod:`damas.course.kit.sheets` (the page, the ruled table, a line,
    a text fitted to a frame by its measured width, the PDF writer, the score sheet, and the
    decorators that draw texts literally and refuse to run without matplotlib)."""

    FONT: str
    A4: tuple[float, float]

    def _page(self, text: str, number: int | None = ..., pages: int | None = ..., size: float = ...) -> Figure: ...

    def _table(self, fig: Figure, x0: float, x1: float, y_top: float, rows: Sequence[Sequence[str]], row_h: float,
               columns: Sequence[float], header: Sequence[str], font: float = ...) -> float: ...

    def _hline(self, fig: Figure, x0: float, x1: float, y: float, width: float = ..., color: str = ...) -> None: ...

    def _fitted_text(self, fig: Figure, frame: tuple[float, float, float, float], text: str, *, size: float,
                     min_size: float | None = ..., ha: str = ..., va: str = ..., weight: str = ..., style: str = ...,
                     linespacing: float = ..., color: str = ...) -> Text: ...

    def _save_pdf(self, figures: list[Figure], path: PathLike | IO[bytes], title: str) -> int: ...

    def score_sheet_pages(self, fields: dict[str, str] | None = ..., note: str | None = ...) -> list[Figure]: ...

    def _needs_matplotlib(self, function: Callable[P, R]) -> Callable[P, R]: ...

    def _literal_texts(self, function: Callable[P, R]) -> Callable[P, R]: ...


def sheets() -> Sheets:
    """The module of the printable sheets (it imports matplotlib only inside its functions)."""
    from damas.course.kit import sheets as module
    # The module has these names, but mypy matches a module to a protocol by its exported names
    # only (its __all__), and these helpers are private: the cast says which types are relied on.
    return cast(Sheets, module)


def review(game: Game, student: Color | None = None, depth: int = 4) -> Review:
    """The coach's review of ``game`` for ``student`` ('W' or 'B')."""
    from damas.course.kit.coach import review as coach_review
    return coach_review(game, student=student, depth=depth)


def coach_error() -> type[CoachError]:
    from damas.course.kit.coach import CoachError
    return CoachError

"""The student's progress panel: stars chapter by chapter (chapter 00)."""

from __future__ import annotations

from html import escape

from damas.course.tasks import stars_text
from damas.course.words import TEXTS
from damas.course import store as _store

__all__ = ["ProgressPanel", "progress_panel"]

class ProgressPanel:
    """The student's stars per chapter, as an HTML table (or the message of
    a progress file that cannot be used)."""

    def __init__(self):
        _store._reset_progress_cache()
        self.store = _store._progress()

    def _repr_html_(self) -> str:
        from damas.course.progress import ProgressError
        store = self.store
        if isinstance(store, ProgressError):
            return f'<p style="color:#b42318">{escape(str(store))}</p>'
        stars = store.all_stars
        head = f"<h4>{escape(TEXTS['panel_head'])}: {escape(store.student)}</h4>"
        where = f"<p><small>{escape(store.where())}</small></p>"
        if not stars and not store.all_solved:
            return head + f"<p>{escape(TEXTS['panel_none'])}</p>" + where
        chapters = {}
        for key, n in stars.items():
            chapter = key.split("/", 1)[0]
            total, done = chapters.get(chapter, (0, 0))
            chapters[chapter] = (total + n, done + (1 if n else 0))
        from damas.course.chapters import label, order
        rows = "".join(f"<tr><td>{escape(label(c))}</td><td>{stars_text(min(3, s // max(1, d)))} ({s})</td>"
                       f"<td>{d}</td></tr>" for c, (s, d) in sorted(chapters.items(), key=lambda e: order(e[0])))
        table = (f"<table><tr><th>{TEXTS['panel_chapter']}</th><th>{TEXTS['panel_stars']}</th>"
                 f"<th>{TEXTS['panel_tasks']}</th></tr>{rows}</table>")
        from damas.course.catalogue import solved_count
        solved = solved_count(store.all_solved)
        return (head + table + f"<p>{escape(TEXTS['panel_problems'].format(n=solved))}</p>"
                + f"<p>{escape(store.summary())}</p>" + where)

    def __repr__(self) -> str:
        from damas.course.progress import ProgressError
        if isinstance(self.store, ProgressError):
            return str(self.store)
        return self.store.summary()


def progress_panel():
    """The student's progress (read again from the file)."""
    return ProgressPanel()

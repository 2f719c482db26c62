"""The student's progress panel: stars chapter by chapter (chapter 00), and the line that sums it up."""

from __future__ import annotations

from html import escape

from damas.course.kit.catalogue import solved_count
from damas.course.kit.chapter_list import label, order
from damas.course.kit.progress import Progress, ProgressError
from damas.course.kit.sentences import plural
from damas.course.kit.tasks import stars_text
from damas.course.kit.words import TEXTS
from damas.course.kit import store as _store
from damas.rules.args import checked, instance_spec

__all__ = ["ProgressPanel", "progress_panel", "summary"]


class ProgressPanel:
    """The student's stars per chapter, as an HTML table (or the message of
    a progress file that cannot be used)."""

    def __init__(self):
        _store._reset_progress_cache()
        self.store = _store._progress()

    def _repr_html_(self) -> str:
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
        rows = "".join(f"<tr><td>{escape(label(c))}</td><td>{stars_text(min(3, s // max(1, d)))} ({s})</td>"
                       f"<td>{d}</td></tr>" for c, (s, d) in sorted(chapters.items(), key=lambda e: order(e[0])))
        table = (f"<table><tr><th>{TEXTS['panel_chapter']}</th><th>{TEXTS['panel_stars']}</th>"
                 f"<th>{TEXTS['panel_tasks']}</th></tr>{rows}</table>")
        solved = solved_count(store.all_solved)
        return (head + table + f"<p>{escape(TEXTS['panel_problems'].format(n=solved))}</p>"
                + f"<p>{escape(summary(store))}</p>" + where)

    def __repr__(self) -> str:
        if isinstance(self.store, ProgressError):
            return str(self.store)
        return summary(self.store)


def progress_panel():
    """The student's progress (read again from the file)."""
    return ProgressPanel()


@checked(store=instance_spec("damas.course.kit.progress.Progress", "o progresso de um aluno (Progress)"))
def summary(store: Progress) -> str:
    """One line in Portuguese: the stars, the tasks done and the problems solved of ``store``."""
    tasks = sum(1 for v in store.all_stars.values() if v)
    solved = solved_count(store.all_solved)
    if not tasks and not solved:
        return TEXTS["summary_empty"].format(name=store.student)
    return TEXTS["summary"].format(
        name=store.student, stars=plural(store.total_stars(), "estrela", "estrelas"),
        tasks=plural(tasks, "tarefa", "tarefas"),
        solved=plural(solved, "problema resolvido", "problemas resolvidos"))

"""The student's progress panel: stars chapter by chapter (chapter 00), and the line that sums it up.

Below the table, where the stars live (in JupyterLite: in this browser, :mod:`damas.course.kit.lite`)
and two buttons (:class:`damas.widget.files.FileButtons`): «Baixar meu progresso» saves the
student's progress file, under the name the student writes («ana.json», with «ana» inside), so
that the teacher collects the files of a class and ``python -m damas turma PASTA`` reads them like
any other; «Carregar progresso» reads such a file back: it is checked as any progress file is
(``damas.course.kit.progress``: format, version, values) and merged into the student's own as a
second notebook's save would be (the most stars of each task, every problem, every attempt), so
a browser whose data were cleared, or another computer, gets the stars back.  A file that cannot
be used changes nothing and gets one Portuguese sentence.  :func:`download_progress` and
:func:`upload_progress` are those two actions in Python.

The notebook shows the panel as its static picture (the HTML, for a page without a kernel) and
then the live panel with the buttons (:func:`damas.display.output.show_widget`).
"""

from __future__ import annotations

import copy
import json
from html import escape
from pathlib import Path

from damas.course.kit.catalogue import solved_count
from damas.course.kit.chapter_list import label, order
from damas.course.kit import lite
from damas.course.kit.progress import Progress, ProgressError
from damas.course.kit.sentences import plural
from damas.course.kit.tasks import stars_text
from damas.course.kit.words import TEXTS
from damas.course.kit import store as _store
from damas.rules.args import checked, instance_spec
from damas.rules.values import refuse, text


def _content(value, name):
    if not isinstance(value, (bytes, bytearray)):
        raise refuse(name, "os bytes de um arquivo", value)
    return bytes(value)

__all__ = ["ProgressPanel", "progress_panel", "summary", "download_progress", "upload_progress", "PANEL_TEXTS"]

#: The words of the panel's buttons and of what they answer.
PANEL_TEXTS = {
    "name": "Seu nome (o arquivo leva esse nome, para o professor):",
    "download": "Baixar meu progresso",
    "upload": "Carregar progresso",
    "need_name": "Escreva seu nome antes de baixar: o professor reconhece o arquivo pelo nome.",
    "loaded": "Progresso carregado de {file}: agora você tem {stars} e {solved}.",
    "not_json": "Nada foi carregado. O arquivo {file} não é um arquivo de progresso do curso (não é texto "
                "JSON). Seu progresso continua como estava.",
    "refused": "Nada foi carregado. {reason} Seu progresso continua como estava.",
}


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
        where = f"<p><small>{escape(self._where())}</small></p>"
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

    def _where(self) -> str:
        """Where the stars live: the browser's words in JupyterLite, the file's path elsewhere."""
        store = self.store
        return lite.where_text(store.path.name) or store.where()

    def buttons(self):
        """The live panel: the table and «Baixar meu progresso» / «Carregar progresso»."""
        import ipywidgets

        from damas.widget.files import FileButtons
        name = "" if lite.storage() else getattr(self.store, "student", "")
        files = FileButtons(download_progress, upload_progress, name=name,
                            labels={"name": PANEL_TEXTS["name"], "download": PANEL_TEXTS["download"],
                                    "upload": PANEL_TEXTS["upload"]})
        table = ipywidgets.HTML(self._repr_html_())

        def refresh(change):
            if change["name"] == "message" and files.kind == "success":
                self.store = _store._progress()
                table.value = self._repr_html_()
        files.observe(refresh, names="message")
        return ipywidgets.VBox([table, files])

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from damas.display.output import show_widget
        show_widget(self.buttons(), html=self._repr_html_(), text=repr(self))

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


def _student_file(name) -> tuple[str, str]:
    """(the checked name, its file's name), or ProgressError for a name that cannot be one."""
    from damas.course.kit.progress import _check_name, _file_name
    checked = _check_name(name)
    return checked, _file_name(checked)


@checked(name=text)
def download_progress(name: str) -> tuple[str, bytes]:
    """The student's progress file as «Baixar meu progresso» saves it: ``(file name, bytes)``,
    the file and the name inside it being ``name`` (the student's, as the teacher will read it).
    ProgressError (in Portuguese) for a missing or bad name, or a progress that cannot be read."""
    if not name.strip():
        raise ProgressError(PANEL_TEXTS["need_name"])
    checked, file_name = _student_file(name)
    store = _store._progress()
    if isinstance(store, ProgressError):
        raise store
    store.reload()
    data = copy.deepcopy(store._data)
    data["aluno"] = checked
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return file_name, text.encode("utf-8")


@checked(file_name=text, content=_content)
def upload_progress(file_name: str, content: bytes) -> str:
    """Read a progress file the student chose («Carregar progresso») into the student's own: the
    file is checked as any progress file (whatever student it names), then merged as a second
    notebook's save is (the kit's merge: nothing of either is lost); what the student is told.
    ProgressError, in Portuguese, for a file that cannot be used: nothing changes then."""
    from damas.course.kit.progress import _validate
    shown = Path(file_name).name or "escolhido"
    content = bytes(content)
    try:
        data = json.loads(content[3:] if content.startswith(b"\xef\xbb\xbf") else content)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProgressError(PANEL_TEXTS["not_json"].format(file=shown)) from None
    try:
        checked = _validate(data, Path(shown), None)
    except ProgressError as error:
        raise ProgressError(PANEL_TEXTS["refused"].format(file=shown, reason=_reason(error))) from None
    store = _store._progress()
    if isinstance(store, ProgressError):
        raise store
    # The uploaded progress, as if a second notebook of this student held it: saving it merges it
    # with the file on disk under the file's lock, as every save does.
    checked["aluno"] = store.student
    incoming = copy.copy(store)
    incoming._data = checked
    incoming._save(lambda data: None)
    store.reload()
    tasks = sum(1 for v in store.all_stars.values() if v)
    return PANEL_TEXTS["loaded"].format(
        file=shown, stars=plural(store.total_stars(), "estrela", "estrelas") + " em "
        + plural(tasks, "tarefa", "tarefas"),
        solved=plural(solved_count(store.all_solved), "problema resolvido", "problemas resolvidos"))


def _reason(error: ProgressError) -> str:
    """The kit's refusal of a progress file, as one sentence about the chosen file (the kit's
    advice on what to do with a file in the progress folder does not apply to an upload)."""
    message = str(error)
    cut = message.find(". Ele não foi alterado")
    if cut < 0:
        cut = message.find(". ")
    return (message[:cut + 1] if cut >= 0 else message).strip()

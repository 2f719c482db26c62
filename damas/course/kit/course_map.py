"""«Mapa do curso»: the chapters as stages on a path, the stars won, the next task to do.

A chapter places it with one call (chapter 00; the Voilà app ``notebooks/app_mapa.ipynb``)::

    course_map()

The picture (an SVG drawn here) shows every chapter as a stage on a winding path: its number and
title, a dot for each of its board tasks (gold when done), and its stars won out of the stars it
offers (its tasks, exercises and quiz).  The next task (the first task of the course not yet done)
is marked on its stage with «▶ Próxima tarefa»: a click opens it under the map, on a live board;
when it is done the map is drawn again and the mark moves on.  A click on a stage opens that
chapter's notebook.  At the top: the stars of the whole course and the best scores of «Treino de
coordenadas» (:mod:`damas.course.kit.coordinates`).

Everything comes from the one progress file (:mod:`damas.course.kit.progress`), read again each time
the map is drawn, so stars won in another notebook show.  A progress file that cannot be read shows
its message and an empty map (the file is left as it is).  Keyboard: every stage and the next step
are tab stops (Enter opens them); a screen reader hears each stage's stars in words.

Pure Python: the live map (:class:`damas.widget.picture.ClickablePicture`) is made only when shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from damas.display.numbers import integer_text
from damas.rules.args import refuse
from damas.course.kit import store as _store
from damas.course.kit.chapter_list import CHAPTERS
from damas.course.kit.coordinate_scores import SIDES
from damas.course.kit.sentences import plural

__all__ = ["course_map", "CourseMap", "Stage", "map_stages", "next_task", "map_svg", "TEXTS"]

TEXTS = {
    "title": "Mapa do curso",
    "stars": "Suas estrelas: {won} de {total}.",
    "coordinates": "Treino de coordenadas, recorde: {best}.",
    "coordinates_none": "Treino de coordenadas: ainda sem recorde.",
    "side_W": "{n} com as brancas embaixo",
    "side_B": "{n} com as pretas embaixo",
    "next": "▶ Próxima tarefa",
    "next_label": "Próxima tarefa: capítulo {label}, tarefa {i} de {n}, «{title}». Clique para abrir.",
    "all_done": "Você cumpriu todas as tarefas do curso!",
    "stage_label": "Capítulo {label}: {done} de {tasks} tarefas feitas, {won} de {total} estrelas. "
                   "Clique para abrir o capítulo.",
    "stage_label_no_tasks": "Capítulo {label}: {won} de {total} estrelas. Clique para abrir o capítulo.",
    "stage_stars": "★ {won} de {total}",
    "task_head": "Capítulo {label} · tarefa {i} de {n}",
    "open_chapter": "Abrir o capítulo {number}",
    "picture": "O mapa do curso: os capítulos em um caminho, com as estrelas de cada um.",
}

# the geometry of the picture (user units of the SVG's viewBox)
WIDTH = 760
PER_ROW = 4
ROW_HEIGHT = 178
TOP = 168
RADIUS = 30
GOLD, GREEN, WHITE, ROAD, INK, ACCENT = "#f2c94c", "#bfe3c6", "#ffffff", "#e9d6ae", "#1d1d1d", "#c2410c"


@dataclass
class Stage:
    """One chapter on the map: its tasks' keys and the stars won there."""

    slug: str
    number: str
    title: str
    notebook: str
    tasks: list                              # (key, title) of each board task, in order
    keys: list = field(default_factory=list)  # every starred key (tasks, exercises, quiz)
    won: int = 0                             # stars won
    done: list = field(default_factory=list)  # one bool per task

    @property
    def total(self) -> int:
        return 3 * len(self.keys)


def _starred(slug):
    """The board tasks of chapter ``slug`` and every key whose stars it offers."""
    from damas.course.kit.chapter_texts import EXERCISE_DATA, QUIZZES, TASKS
    tasks = [(t.key, t.title) for t in TASKS.get(slug, [])]
    keys = [key for key, _ in tasks] + [e["key"] for e in EXERCISE_DATA.get(slug, [])]
    if slug in QUIZZES:
        keys.append(QUIZZES[slug].key)
    return tasks, keys


def map_stages(stars: dict) -> list:
    """The stages of the course with the stars of ``stars`` ({key: stars}, the progress file's)."""
    if not isinstance(stars, dict):
        raise refuse("stars", "as estrelas de cada tarefa (um dicionário, como Progress.all_stars)", stars)
    out = []
    for slug, number, title, notebook in CHAPTERS:
        tasks, keys = _starred(slug)
        out.append(Stage(slug, number, title, notebook, tasks, keys, won=sum(stars.get(k, 0) for k in keys),
                         done=[stars.get(k, 0) > 0 for k, _ in tasks]))
    return out


def next_task(stages) -> tuple | None:
    """(stage index, task index) of the first task of the course not yet done, or None."""
    _check_stages(stages)
    for s, stage in enumerate(stages):
        for t, done in enumerate(stage.done):
            if not done:
                return s, t
    return None


def _check_stages(stages):
    if not isinstance(stages, (list, tuple)) or not all(isinstance(s, Stage) for s in stages):
        raise refuse("stages", "as etapas do mapa (a lista de map_stages)", stages)


def _center(i: int) -> tuple:
    row, col = divmod(i, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    step = WIDTH / PER_ROW
    return step * col + step / 2, TOP + row * ROW_HEIGHT


def _lines(title: str, width: int = 20) -> list:
    words, lines, line = title.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines


def _coordinates_text(best: dict) -> str:
    parts = [TEXTS["side_" + side].format(n=best[side]) for side in SIDES if best.get(side)]
    return TEXTS["coordinates"].format(best=" e ".join(parts)) if parts else TEXTS["coordinates_none"]


def map_svg(stages, next_at=None, coordinates=None, live: bool = True) -> str:
    """The map as SVG text.  ``next_at``: (stage, task) of :func:`next_task`; ``coordinates``:
    {side: best score} of the 64-square board; ``live``: mark the parts a click opens
    (``data-click``, ``data-href``) for :class:`damas.widget.picture.ClickablePicture`."""
    _check_stages(stages)
    rows = (len(stages) + PER_ROW - 1) // PER_ROW
    height = TOP + (rows - 1) * ROW_HEIGHT + 120
    won = sum(s.won for s in stages)
    total = sum(s.total for s in stages)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="damas-map" viewBox="0 0 {WIDTH} {height}" '
           f'width="{WIDTH}" height="{height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
           f"<title>{escape(TEXTS['title'])}</title>",
           f'<rect x="0" y="0" width="{WIDTH}" height="{height}" rx="14" fill="#fbf6ea"/>',
           f'<text x="24" y="40" font-size="26" font-weight="700" fill="{INK}">{escape(TEXTS["title"])}</text>',
           f'<text x="24" y="68" font-size="16" fill="{INK}">'
           f'{escape(TEXTS["stars"].format(won=integer_text(won), total=integer_text(total)))}</text>',
           f'<text x="24" y="92" font-size="14" fill="{INK}">{escape(_coordinates_text(coordinates or {}))}</text>']
    points = " ".join(f"{x:.0f},{y:.0f}" for x, y in (_center(i) for i in range(len(stages))))
    out.append(f'<polyline points="{points}" fill="none" stroke="{ROAD}" stroke-width="20" '
               f'stroke-linecap="round" stroke-linejoin="round"/>')
    for i, stage in enumerate(stages):
        out.append(_stage_svg(i, stage, next_at, live))
    if next_at is None and any(s.tasks for s in stages):
        out.append(f'<text x="{WIDTH - 24}" y="40" text-anchor="end" font-size="16" font-weight="700" '
                   f'fill="{ACCENT}">{escape(TEXTS["all_done"])}</text>')
    out.append("</svg>")
    return "".join(out)


def _stage_svg(i, stage, next_at, live) -> str:
    x, y = _center(i)
    label = f"{stage.number} — {stage.title}"
    if stage.tasks:
        fill = GOLD if all(stage.done) else GREEN if stage.won else WHITE
        said = TEXTS["stage_label"].format(label=label, done=sum(stage.done), tasks=len(stage.tasks),
                                           won=stage.won, total=stage.total)
    else:
        fill = GREEN if stage.won else "#efefef"
        said = TEXTS["stage_label_no_tasks"].format(label=label, won=stage.won, total=stage.total)
    here = next_at is not None and next_at[0] == i
    attrs = (f' data-href="{escape(stage.notebook)}" data-label="{escape(said)}"' if live else "")
    parts = [f'<g class="damas-stage" data-chapter="{stage.number}"{attrs}>',
             f'<circle class="damas-focus" cx="{x:.0f}" cy="{y:.0f}" r="{RADIUS}" fill="{fill}" '
             f'stroke="{ACCENT if here else "#7a5c2e"}" stroke-width="{5 if here else 2}"/>',
             f'<text x="{x:.0f}" y="{y + 7:.0f}" text-anchor="middle" font-size="20" font-weight="700" '
             f'fill="{INK}">{stage.number}</text>']
    for k, line in enumerate(_lines(stage.title)):
        parts.append(f'<text x="{x:.0f}" y="{y + RADIUS + 18 + 16 * k:.0f}" text-anchor="middle" font-size="13" '
                     f'fill="{INK}">{escape(line)}</text>')
    lines = len(_lines(stage.title))
    dots_y = y + RADIUS + 18 + 16 * lines
    n = len(stage.tasks)
    for t in range(n):
        dx = x + (t - (n - 1) / 2) * 13
        is_next = here and next_at[1] == t
        colour = GOLD if stage.done[t] else WHITE
        stroke = ACCENT if is_next else "#7a5c2e"
        parts.append(f'<circle class="damas-task-dot" data-done="{int(stage.done[t])}" cx="{dx:.1f}" '
                     f'cy="{dots_y - 4:.0f}" r="{6 if is_next else 5}" fill="{colour}" stroke="{stroke}" '
                     f'stroke-width="{3 if is_next else 1.2}"/>')
    stars_y = dots_y + (14 if n else 0)
    parts.append(f'<text x="{x:.0f}" y="{stars_y:.0f}" text-anchor="middle" font-size="12" fill="{INK}">'
                 f'{escape(TEXTS["stage_stars"].format(won=stage.won, total=stage.total))}</text>')
    parts.append("</g>")
    if here:
        title = stage.tasks[next_at[1]][1]
        said = TEXTS["next_label"].format(label=label, i=next_at[1] + 1, n=n, title=title)
        live_attrs = f' data-click="next" data-label="{escape(said)}"' if live else ""
        w = 150
        parts.append(f'<g class="damas-next"{live_attrs}>'
                     f'<rect class="damas-focus" x="{x - w / 2:.0f}" y="{y - RADIUS - 40:.0f}" width="{w}" height="30" '
                     f'rx="15" fill="{ACCENT}" stroke="{ACCENT}" stroke-width="2"/>'
                     f'<text x="{x:.0f}" y="{y - RADIUS - 20:.0f}" text-anchor="middle" font-size="15" '
                     f'font-weight="700" fill="#ffffff">{escape(TEXTS["next"])}</text></g>')
    return "".join(parts)


class CourseMap:
    """The map, read from the progress file; :meth:`open_next` puts the next task under it."""

    def __init__(self):
        self._picture = None
        self._holder = None
        self._box = None
        self._note = None
        self.run = None           # the TaskBoard opened under the map
        self.error = ""
        self.refresh(draw=False)

    # -- the state -------------------------------------------------------------------------
    def refresh(self, draw: bool = True):
        """Read the progress file again and compute the stages and the next task."""
        store = _store._progress()
        stars, best = {}, {}
        self.error = ""
        if isinstance(store, Exception):
            self.error = str(store)
        else:
            try:
                store.reload()
            except Exception as error:     # a file broken since: say so, keep what was read
                self.error = str(error)
            stars = store.all_stars
            best = {side: store.best_coordinates("brazilian", side) for side in SIDES}
        self.stages = map_stages(stars)
        self.next_at = next_task(self.stages)
        self.coordinates = best
        if draw and self._picture is not None:
            self._picture.svg = self.svg()
            self._note.value = self._note_html()

    def svg(self, live: bool = True) -> str:
        return map_svg(self.stages, self.next_at, self.coordinates, live=live)

    def next_board_task(self):
        """The next task (a :class:`damas.course.kit.tasks.BoardTask`), or None when all are done."""
        if self.next_at is None:
            return None
        from damas.course.kit.chapter_texts import TASKS
        stage = self.stages[self.next_at[0]]
        return TASKS[stage.slug][self.next_at[1]]

    # -- the live map -----------------------------------------------------------------------
    def open_next(self):
        """Open the next task under the map (the click on «▶ Próxima tarefa»)."""
        task = self.next_board_task()
        if task is None:
            return None
        from damas.course.kit.tasks import TaskBoard
        import ipywidgets as widgets
        stage = self.stages[self.next_at[0]]
        self.run = TaskBoard(task, on_done=lambda _run: self.refresh())
        head = widgets.HTML(f"<b>{escape(TEXTS['task_head'].format(label=f'{stage.number} — {stage.title}', i=self.next_at[1] + 1, n=len(stage.tasks)))}</b>")
        head.add_class("damas-map-task-head")
        if self._holder is not None:
            self._holder.children = [head, self.run.box()]
        return self.run

    def _on_click(self, key):
        if key == "next":
            self.open_next()

    def _note_html(self) -> str:
        if self.error:
            return f'<p style="color:#b42318">{escape(self.error)}</p>'
        return ""

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            from damas.widget.picture import ClickablePicture
            self._picture = ClickablePicture(self.svg(), TEXTS["picture"])
            self._picture.on_click(self._on_click)
            self._note = widgets.HTML(self._note_html())
            self._holder = widgets.VBox()
            self._holder.add_class("damas-map-task")
            self._box = widgets.VBox([self._note, self._picture, self._holder])
            self._box.add_class("damas-course-map")
        return self._box

    def _repr_svg_(self):
        return self.svg(live=False)

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from damas.display.output import show_widget
        show_widget(self.box(), self.svg(live=False), text=repr(self))

    def __repr__(self):
        won = sum(s.won for s in self.stages)
        total = sum(s.total for s in self.stages)
        tasks = sum(sum(s.done) for s in self.stages)
        all_tasks = sum(len(s.tasks) for s in self.stages)
        return (f"{TEXTS['title']}: {plural(won, 'estrela', 'estrelas')} de {integer_text(total)}, "
                f"{tasks} de {all_tasks} tarefas feitas.")


def course_map() -> CourseMap:
    """«Mapa do curso»: the chapters as stages, the stars won, the next task (a click opens it).
    Chapter 00 shows it with ``course_map()``; so does the Voilà app ``app_mapa.ipynb``."""
    return CourseMap()

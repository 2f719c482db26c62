"""The teacher's tournament app (``notebooks/app_torneio.ipynb``, served by Voilà): everything by clicks.

* **Novo torneio / Abrir**: the name, the school, the date, the system (Swiss or round robin), the
  rounds, the scoring (2-1-0 or 1-½-0) and the tie-breaks in the order announced before the event;
  the players typed one per line, or read from the class's progress folder (``turma``);
* **Rodada**: one line per board, with «2-0», «1-1», «0-2» (or «1-0», «½-½», «0-1») and «Desfazer»;
  the result is saved the moment it is clicked; «Emparelhar a rodada N» once every board has one;
* **Classificação** and **Tabela**: the standings with the tie-breaks (named, with their sources)
  and the crosstable, on screen;
* **Jogadores**: a late entry, a withdrawal;
* **Imprimir**: the PDFs (pairings, score sheets already filled, standings and crosstable,
  certificates with the school's name as typed), written beside the tournament file and offered
  for download;
* **Partidas**: a student enters the game of a board (:class:`~damas.course.tournament.games.GameEntry`).

Each action reads the file, changes it under its lock and shows what is on disk: two windows open
on one tournament stay right.  Names are shown literally (HTML-escaped, control characters as
escapes).  ipywidgets is imported when the app is built.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypedDict, TypeVar

from damas.course.tournament.model import Tournament, TournamentError, default_rounds
from damas.course.tournament.names import shown_html
from damas.course.tournament.standings import crosstable, standings_table, tiebreak_legend
from damas.course.tournament.storage import TournamentFile, tournaments_dir
from damas.course.tournament.texts import DEFAULT_TIEBREAKS, SCORINGS, TEXTS, TIEBREAKS
from damas.errors import DamasError
from damas.rules.args import refuse

__all__ = ["TournamentApp", "APP_TEXTS"]

P = ParamSpec("P")
R = TypeVar("R")


class _AppTexts(TypedDict):
    """Every text of the app (``tabs`` and ``print``: the labels of the tabs and the PDF buttons)."""
    title: str
    open: str
    open_button: str
    none_yet: str
    nothing_to_open: str
    new: str
    name: str
    school: str
    date: str
    system: str
    rounds: str
    scoring: str
    tiebreaks: str
    players: str
    class_button: str
    class_read: str
    class_none: str
    create: str
    created: str
    opened: str
    tabs: list[str]
    round_of: str
    no_round: str
    pair: str
    finished: str
    undo: str
    saved: str
    undone: str
    paired: str
    late: str
    late_name: str
    entered: str
    withdraw: str
    withdrawn: str
    print_school: str
    print: list[str]
    written: str
    download: str
    games_button: str
    legend: str
    no_file: str


APP_TEXTS: _AppTexts = {
    "title": "<h2 style='margin:4px 0'>Torneio da turma</h2>",
    "open": "Torneio:",
    "open_button": "Abrir",
    "none_yet": "(nenhum torneio ainda)",
    "nothing_to_open": "Ainda não há torneio para abrir: crie um em «Novo torneio».",
    "new": "Novo torneio",
    "name": "Nome do torneio:",
    "school": "Escola:",
    "date": "Data:",
    "system": "Sistema:",
    "rounds": "Rodadas:",
    "scoring": "Pontuação:",
    "tiebreaks": "Desempates (na ordem em que serão usados; anuncie-os antes da primeira rodada):",
    "players": "Jogadores (um por linha, na ordem do sorteio):",
    "class_button": "Ler a turma",
    "class_read": "{n} alunos lidos da pasta de progresso {path}.",
    "class_none": "Nenhum arquivo de progresso em {path}.",
    "create": "Criar o torneio",
    "created": "Torneio criado: {path}.",
    "opened": "Torneio aberto: {path}.",
    "tabs": ["Rodada", "Classificação", "Tabela", "Jogadores", "Imprimir", "Partidas"],
    "round_of": "Rodada {n} de {total}",
    "no_round": "Nenhuma rodada ainda. Confira a lista de jogadores e clique em «Emparelhar a rodada 1».",
    "pair": "Emparelhar a rodada {n}",
    "finished": "O torneio terminou. Veja a classificação e imprima os certificados.",
    "undo": "Desfazer",
    "saved": "Rodada {round}, mesa {board}: {result} (gravado).",
    "undone": "Rodada {round}, mesa {board}: resultado desfeito.",
    "paired": "Rodada {n} emparelhada.",
    "late": "Inscrever (joga a partir da próxima rodada)",
    "late_name": "Nome:",
    "entered": "{name} inscrito(a) com o número {n}.",
    "withdraw": "Registrar a desistência",
    "withdrawn": "{name} não será mais emparelhado(a).",
    "print_school": "Escola (nos certificados):",
    "print": ["Emparelhamento da rodada", "Folhas de anotação da rodada", "Classificação e tabela",
              "Certificados de todos", "Certificados do pódio"],
    "written": "{file}: {pages} {word}.",
    "download": "Baixar",
    "games_button": "Abrir o formulário da partida",
    "legend": "Desempates, na ordem anunciada:",
    "no_file": "Nenhum torneio aberto: escolha um e clique em «Abrir», ou crie um em «Novo torneio».",
}


def _table_html(header: Sequence[str], rows: Iterable[Sequence[str]], css_class: str) -> str:
    head = "".join(f"<th style='padding:2px 8px;border-bottom:1px solid #999'>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{shown_html(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table class='{css_class}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class TournamentApp:
    """The app: ``TournamentApp()`` shows the tournaments of :func:`tournaments_dir` (or ``folder``)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        if folder is not None and (hasattr(folder, "read") or hasattr(folder, "write")
                                   or not isinstance(folder, (str, Path)) or not str(folder).strip()):
            raise refuse("folder", "a pasta dos torneios (um texto ou um Path)", folder)
        import ipywidgets as w  # type: ignore[import-untyped]  # ships no types (8.1)
        # ipywidgets ships no types: the module and its widgets are Any to mypy
        self.w: Any = w
        self.folder = Path(folder) if folder is not None else tournaments_dir()
        self.file: TournamentFile | None = None
        self.message = w.HTML("")
        self.message.add_class("damas-torneio-mensagem")
        self.chooser = w.Dropdown(description=APP_TEXTS["open"], layout=w.Layout(width="420px"))
        self.open_button = w.Button(description=APP_TEXTS["open_button"], layout=w.Layout(width="100px"))
        self.open_button.on_click(lambda _b: self._guard(self.open_chosen))
        self._refresh_chooser()
        self.form = self._new_form()
        self.round_box = w.VBox([])
        self.round_box.add_class("damas-torneio-rodada")
        self.standings_box = w.HTML("")
        self.standings_box.add_class("damas-torneio-classificacao")
        self.cross_box = w.HTML("")
        self.cross_box.add_class("damas-torneio-tabela")
        self.players_box = w.VBox([])
        self.print_box = w.VBox([])
        self.print_links = w.HTML("")
        self.print_links.add_class("damas-torneio-pdfs")
        self.games_box = w.VBox([])
        self.tabs = w.Tab(children=[self.round_box, self.standings_box, self.cross_box, self.players_box,
                                    self.print_box, self.games_box])
        for k, title in enumerate(APP_TEXTS["tabs"]):
            self.tabs.set_title(k, title)
        self.tabs.layout.display = "none"
        first_time = not any(v for _label, v in self.chooser.options)      # no tournament yet: the form is open
        self.accordion = w.Accordion(children=[self.form], titles=(APP_TEXTS["new"],),
                                     selected_index=0 if first_time else None)
        self.box = w.VBox([w.HTML(APP_TEXTS["title"]), w.HBox([self.chooser, self.open_button]), self.accordion,
                           self.message, self.tabs])
        self.box.add_class("damas-torneio")

    # -- helpers ------------------------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> None:
        colour = {"error": "#a40000", "ok": "#1b5e20"}.get(kind, "#222222")
        self.message.value = (f"<p data-kind='{kind}' style='color:{colour};font-size:15px'>"
                              f"{html.escape(text)}</p>")

    def _guard(self, action: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return action(*args, **kwargs)
        except DamasError as error:      # a refused change; also matplotlib missing (JupyterLite) for a PDF
            self._say(" ".join(str(error).split()), "error")
        return None

    def _refresh_chooser(self) -> None:
        files = sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []
        self.chooser.options = [(p.stem, str(p)) for p in files] or [(APP_TEXTS["none_yet"], "")]

    def _open_file(self) -> TournamentFile:
        """The tournament open now (TournamentError, in Portuguese, before one is opened or created)."""
        if self.file is None:
            raise TournamentError(APP_TEXTS["no_file"])
        return self.file

    def _new_form(self) -> Any:
        w = self.w
        style = {"description_width": "initial"}
        wide = w.Layout(width="520px")
        self.f_name = w.Text(description=APP_TEXTS["name"], style=style, layout=wide)
        self.f_school = w.Text(description=APP_TEXTS["school"], style=style, layout=wide)
        self.f_date = w.Text(description=APP_TEXTS["date"], placeholder="12/05/2026", style=style)
        self.f_system = w.ToggleButtons(options=[("Sistema suíço", "suico"), ("Todos contra todos", "todos")],
                                        description=APP_TEXTS["system"], style=dict(style, button_width="150px"))
        self.f_rounds = w.BoundedIntText(value=4, min=1, max=30, description=APP_TEXTS["rounds"], style=style,
                                         layout=w.Layout(width="160px"))
        self.f_scoring = w.ToggleButtons(options=[("2-1-0", "2-1-0"), ("1-½-0", "1-meio-0")],
                                         description=APP_TEXTS["scoring"], style=dict(style, button_width="80px"))
        self.f_ties = [w.Checkbox(value=True, description=f"{k}. {TIEBREAKS[key][1]}", indent=False)
                       for k, key in enumerate(DEFAULT_TIEBREAKS, 1)]
        self.f_players = w.Textarea(description=APP_TEXTS["players"], style=style,
                                    layout=w.Layout(width="520px", height="180px"))
        self.f_players.observe(self._suggest_rounds, names="value")
        read_class = w.Button(description=APP_TEXTS["class_button"], layout=w.Layout(width="140px"))
        read_class.on_click(lambda _b: self._guard(self.read_class))
        create = w.Button(description=APP_TEXTS["create"], button_style="primary", layout=w.Layout(width="180px"))
        create.on_click(lambda _b: self._guard(self.create))
        create.add_class("damas-torneio-criar")
        return w.VBox([self.f_name, self.f_school, self.f_date, self.f_system, self.f_rounds, self.f_scoring,
                       w.HTML(APP_TEXTS["tiebreaks"]), w.VBox(self.f_ties), self.f_players,
                       w.HBox([read_class, create])])

    def _suggest_rounds(self, _change: object = None) -> None:
        n = len([line for line in self.f_players.value.splitlines() if line.strip()])
        if n >= 2:
            self.f_rounds.value = default_rounds(n)

    # -- opening and creating -----------------------------------------------------------------
    def read_class(self) -> None:
        from damas.course.tournament._deps import ProgressError, read_class
        from damas.course.kit.progress import progress_dir
        folder = progress_dir()
        try:
            students, _refused = read_class(folder)
        except ProgressError:
            students = []
        if not students:
            self._say(APP_TEXTS["class_none"].format(path=folder), "error")
            return
        self.f_players.value = "\n".join(s["aluno"] for s in students)
        self._say(APP_TEXTS["class_read"].format(n=len(students), path=folder), "ok")

    def create(self) -> None:
        ties = [key for key, box in zip(DEFAULT_TIEBREAKS, self.f_ties) if box.value]
        names = [line for line in self.f_players.value.splitlines() if line.strip()]
        stem = "".join(ch if ch.isalnum() else "-" for ch in self.f_name.value.strip().lower()).strip("-") or "torneio"
        path = self.folder / f"{stem}.json"
        k = 2
        while path.exists():
            path = self.folder / f"{stem}-{k}.json"
            k += 1
        self.file = TournamentFile.create(path, self.f_name.value, names, system=self.f_system.value,
                                          rounds=self.f_rounds.value if self.f_system.value == "suico" else None,
                                          scoring=self.f_scoring.value, tiebreaks=ties,
                                          school=self.f_school.value, date=self.f_date.value)
        self._refresh_chooser()
        self.chooser.value = str(path)
        self.accordion.selected_index = None
        self.refresh()
        self._say(APP_TEXTS["created"].format(path=path.name), "ok")

    def open_chosen(self) -> None:
        if not self.chooser.value:
            self._say(APP_TEXTS["nothing_to_open"], "error")
            return
        self.open(self.chooser.value)

    def open(self, path: str | Path) -> None:
        file = TournamentFile(path)
        file.read()
        self.file = file
        self.refresh()
        self._say(APP_TEXTS["opened"].format(path=Path(path).name), "ok")

    # -- the views ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show what the file holds now."""
        if self.file is None:
            return
        t = self.file.read()
        self.tabs.layout.display = None
        self._show_round(t)
        header, rows = standings_table(t)
        legend = "".join(f"<li>{html.escape(line[3:])}</li>" for line in tiebreak_legend(t))
        self.standings_box.value = (f"<h3>{shown_html(t.name)}</h3>" + _table_html(header, rows, "damas-classificacao")
                                    + f"<p><b>{APP_TEXTS['legend']}</b></p><ol>{legend}</ol>")
        self.cross_box.value = _table_html(*crosstable(t), "damas-tabela")
        self._show_players(t)
        self._show_print(t)
        self._show_games(t)

    def _show_round(self, t: Tournament) -> None:
        w = self.w
        children = []
        if not t.rounds:
            children.append(w.HTML(f"<p>{APP_TEXTS['no_round']}</p>"))
        else:
            rnd = t.rounds[-1]
            head = w.HTML(f"<h3 class='damas-rodada-titulo' data-round='{rnd.number}' "
                          f"data-complete='{int(rnd.complete)}'>"
                          f"{APP_TEXTS['round_of'].format(n=rnd.number, total=t.planned_rounds)}</h3>")
            children.append(head)
            codes = SCORINGS[t.scoring]["results"]
            for g in rnd.games:
                label = w.HTML(f"<span style='display:inline-block;width:420px'><b>Mesa {g.board}</b>: "
                               f"{shown_html(t.player(g.white).name)} (brancas) × "
                               f"{shown_html(t.player(g.black).name)} (pretas)</span>")
                buttons = []
                for code, text in codes.items():
                    b = w.Button(description=text, layout=w.Layout(width="64px"),
                                 button_style="success" if g.result == code else "", disabled=g.fixed)
                    b.on_click(lambda _b, r=rnd.number, m=g.board, c=code: self._guard(self.record, r, m, c))
                    buttons.append(b)
                undo = w.Button(description=APP_TEXTS["undo"], layout=w.Layout(width="90px"),
                                disabled=g.fixed or g.result is None)
                undo.on_click(lambda _b, r=rnd.number, m=g.board: self._guard(self.undo, r, m))
                shown_result = w.HTML(f"<span class='damas-resultado' style='display:inline-block;width:90px'>"
                                      f"{html.escape(t.result_text(g.result))}</span>")
                line = w.HBox([label] + buttons + [undo, shown_result])
                line.add_class(f"damas-mesa-{g.board}")
                children.append(line)
            if rnd.bye:
                key = "bye" if t.system == "suico" else "rest"
                children.append(w.HTML(f"<p>{TEXTS[key].format(name=shown_html(t.player(rnd.bye).name))}</p>"))
            if rnd.absent:
                names = ", ".join(shown_html(t.player(n).name) for n in rnd.absent)
                children.append(w.HTML(f"<p>{TEXTS['absent'].format(names=names)}</p>"))
        if t.finished:
            children.append(w.HTML(f"<p><b>{APP_TEXTS['finished']}</b></p>"))
        else:
            pair = w.Button(description=APP_TEXTS["pair"].format(n=len(t.rounds) + 1), button_style="primary",
                            layout=w.Layout(width="240px"),
                            disabled=bool(t.rounds) and not t.rounds[-1].complete)
            pair.add_class("damas-torneio-emparelhar")
            pair.on_click(lambda _b, n=len(t.rounds) + 1: self._guard(self.pair, n))
            children.append(pair)
        self.round_box.children = children

    def _show_players(self, t: Tournament) -> None:
        w = self.w
        rows = [[str(p.number), p.name, str(p.entered), "" if p.left is None else str(p.left)] for p in t.players]
        table = w.HTML(_table_html(["Nº", "Nome", "Entrou na rodada", "Saiu antes da rodada"], rows, "damas-jogadores"))
        name = w.Text(description=APP_TEXTS["late_name"], layout=w.Layout(width="320px"))
        late = w.Button(description=APP_TEXTS["late"], layout=w.Layout(width="330px"))
        late.on_click(lambda _b: self._guard(self.add_player, name.value))
        active = [(f"{p.number}. {p.name}", p.number) for p in t.players if p.left is None]
        who = w.Dropdown(options=active, layout=w.Layout(width="320px"))
        out = w.Button(description=APP_TEXTS["withdraw"], layout=w.Layout(width="240px"))
        out.on_click(lambda _b: self._guard(self.withdraw, who.value))
        self.players_box.children = [table, w.HBox([name, late]), w.HBox([who, out])]

    def _show_print(self, t: Tournament) -> None:
        w = self.w
        school = w.Text(value=t.school, description=APP_TEXTS["print_school"], style={"description_width": "initial"},
                        layout=w.Layout(width="520px"))
        buttons = []
        for k, label in enumerate(APP_TEXTS["print"]):
            b = w.Button(description=label, layout=w.Layout(width="260px"), disabled=k < 2 and not t.rounds)
            b.add_class(f"damas-imprimir-{k}")
            b.on_click(lambda _b, k=k: self._guard(self.print_pdf, k, school.value))
            buttons.append(b)
        self.print_box.children = [school, w.VBox(buttons), self.print_links]

    def _show_games(self, t: Tournament) -> None:
        w = self.w
        if not t.rounds:
            self.games_box.children = []
            return
        button = w.Button(description=APP_TEXTS["games_button"], layout=w.Layout(width="280px"))

        def open_form(_b: object) -> None:
            from damas.course.tournament.games import GameEntry
            self.entry = GameEntry(self._open_file())
            self.games_box.children = [self.entry.box]
        button.on_click(open_form)
        self.games_box.children = [button]

    # -- the actions --------------------------------------------------------------------------
    def record(self, round_number: int, board: int, code: str) -> None:
        file = self._open_file()
        file.record(round_number, board, code)
        self.refresh()
        t = file.read()
        self._say(APP_TEXTS["saved"].format(round=round_number, board=board,
                                            result=t.result_text(t.game(round_number, board).result)), "ok")

    def undo(self, round_number: int, board: int) -> None:
        self._open_file().undo(round_number, board)
        self.refresh()
        self._say(APP_TEXTS["undone"].format(round=round_number, board=board), "ok")

    def pair(self, number: int) -> None:
        n = self._open_file().pair_next(expected=number)
        self.refresh()
        self._say(APP_TEXTS["paired"].format(n=n), "ok")

    def add_player(self, name: str) -> None:
        numbers = self._open_file().add_players([name])
        self.refresh()
        self._say(APP_TEXTS["entered"].format(name=name.strip(), n=numbers[0]), "ok")

    def withdraw(self, number: int | None) -> None:
        if number is None:
            return
        file = self._open_file()
        file.withdraw(number)
        self.refresh()
        self._say(APP_TEXTS["withdrawn"].format(name=file.read().player(number).name), "ok")

    def print_pdf(self, which: int, school: str) -> Path:
        from damas.course.tournament import printing
        file = self._open_file()
        t = file.read()
        folder = file.path.with_name(file.path.stem + "-pdf")
        folder.mkdir(parents=True, exist_ok=True)
        r = len(t.rounds)
        jobs: list[tuple[str, Callable[[Path], int]]] = [
            (f"rodada-{r}-emparelhamento.pdf", lambda p: printing.write_pairings(t, p, r)),
            (f"rodada-{r}-folhas-de-anotacao.pdf", lambda p: printing.write_score_sheets(t, p, r)),
            ("classificacao.pdf", lambda p: printing.write_standings(t, p)),
            ("certificados.pdf", lambda p: printing.write_certificates(t, p, school)),
            ("certificados-podio.pdf", lambda p: printing.write_certificates(t, p, school, podium_only=True))]
        name, job = jobs[which]
        path = folder / name
        pages = job(path)
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        link = (f"<li data-file='{html.escape(name)}'>{APP_TEXTS['written'].format(file=html.escape(name), pages=pages, word='página' if pages == 1 else 'páginas')} "
                f"<a download='{html.escape(name)}' href='data:application/pdf;base64,{data}' "
                f"style='color:#0b57d0;text-decoration:underline'>{APP_TEXTS['download']}</a></li>")
        items = [item for item in self.print_links.value.split("</li>") if item and f"data-file='{name}'" not in item]
        self.print_links.value = "".join(i + "</li>" for i in items if i.strip().startswith("<li")) + link
        self._say(APP_TEXTS["written"].format(file=f"{folder.name}/{name}", pages=pages,
                                              word="página" if pages == 1 else "páginas"), "ok")
        return path

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        from IPython.display import display as ipython_display
        display: Callable[[object], None] = ipython_display       # IPython's display has no annotations
        display(self.box)

    def __repr__(self) -> str:
        return "TournamentApp()"

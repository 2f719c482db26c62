"""What the teacher prints: pairings, score sheets already filled, standings, crosstable, certificates.

All A4 PDFs without dates inside (the same tournament gives the same bytes), drawn with the helpers
of the course's printable sheets (:mod:`damas.course.kit.sheets`: the page, the ruled table, the PDF
writer) and matplotlib, imported only inside the functions:

* :func:`write_pairings` — a round's boards, each with White and Black and their points, the bye and
  the players out of the round, a column for the result;
* :func:`write_score_sheets` — the chapter-10 score sheet (art. 8), two per board (one for each
  player), with the event, school, round, board and both names already written;
* :func:`write_standings` — the standings with the tie-breaks and their sources, then the crosstable
  (landscape);
* :func:`write_certificates` — one certificate per player (landscape), with the school's name as the
  teacher typed it; the first three get the certificate of their place.

Names are drawn literally (:func:`damas.course.tournament.names.shown`), numbers in Brazilian form.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Literal, ParamSpec, TypedDict, TypeVar

from damas.course.tournament import _deps
from damas.course.tournament.model import TOURNAMENT, Round, Tournament, TournamentError
from damas.course.tournament.names import shown
from damas.course.tournament.standings import (crosstable, history, points_text, standings, standings_table,
                                               tiebreak_legend)
from damas.course.tournament.texts import SCORINGS, SYSTEMS, TEXTS
from damas.rules.args import checked, flag, optional, text_spec, whole_spec
from damas.rules.files import PathLike

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_sheets = _deps.sheets
_ROUND = optional(whole_spec(1))
_SCHOOL = optional(text_spec())

__all__ = ["write_pairings", "write_score_sheets", "write_standings", "write_certificates", "write_all",
           "PRINT_TEXTS", "CERTIFICATE_NAME", "CERTIFICATE_BODY"]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
#: Where a PDF goes: a path, or a file open for writing bytes.
Target = PathLike | IO[bytes]


class _PrintTexts(TypedDict):
    pairings: str
    pairing_head: tuple[str, ...]
    pairing_hint: str
    standings: str
    standings_after: str
    legend: str
    shared: str
    crosstable: str
    cross_swiss: str
    cross_round_robin: str
    score_note: str
    certificate: str
    certificate_place: str
    certificate_body: str
    certificate_body_podium: str
    certifies: str
    we_certify: str
    signature_teacher: str
    signature_school: str
    page: str


PRINT_TEXTS: _PrintTexts = {
    "pairings": "{name} — rodada {round}: emparelhamento",
    "pairing_head": ("Mesa", "Brancas", "Pts", "Pretas", "Pts", "Resultado"),
    "pairing_hint": "Anote o resultado de cada mesa ({choices}) e entregue a folha ao professor.",
    "standings": "{name} — classificação",
    "standings_after": "Depois da rodada {round} de {rounds}. {system}; pontuação {scoring}.",
    "legend": "Desempates, na ordem anunciada antes do torneio:",
    "shared": "Um «=» depois do lugar: empate que nenhum desempate separou.",
    "crosstable": "{name} — tabela de resultados",
    "cross_swiss": ("Em cada rodada: o número do adversário, a cor (b = brancas, p = pretas) e os pontos "
                    "feitos; + e − são vitória e derrota por W.O.; – fora da rodada."),
    "cross_round_robin": ("Cada casa: os pontos do jogador da linha contra o da coluna; + e − são vitória e "
                          "derrota por W.O."),
    "score_note": "Mesa {board} — rodada {round} — folha de {name} ({colour})",
    "certificate": "Certificado",
    "certificate_place": "{place}º lugar",
    "certificate_body": ("{subject} que {name} participou do torneio «{event}»{date}, com {points} "
                         "{points_word} em {games} {games_word}, e ficou em {place}º lugar."),
    "certificate_body_podium": ("{subject} que {name} conquistou o {place}º lugar no torneio «{event}»{date}, "
                                "com {points} {points_word} em {games} {games_word}."),
    "certifies": "{school} certifica",
    "we_certify": "Certificamos",
    "signature_teacher": "Professor(a) responsável",
    "signature_school": "Direção da escola",
    "page": "Página {page} de {pages}",
}
_PODIUM = {1: "#c9a227", 2: "#9ea3a8", 3: "#b0773c"}
#: Where a certificate's name and its body go, (left, bottom, right, top) in fractions of the
#: landscape page, inside the inner border (0,045 to 0,955 across): the name under the place, the
#: body above the signature lines (at 0,2).
CERTIFICATE_NAME = (0.08, 0.565, 0.92, 0.69)
CERTIFICATE_BODY = (0.1, 0.27, 0.9, 0.555)


def _figure(width: float, height: float) -> Figure:
    """A new matplotlib figure of ``width`` × ``height`` inches (matplotlib without a screen)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt.figure(figsize=(width, height))


def _name(t: Tournament, number: int, width: int = 40) -> str:
    text = shown(t.player(number).name)
    return text if len(text) <= width else text[: width - 1] + "…"


def _fit(text: str, width: int) -> str:
    text = shown(text)
    return text if len(text) <= width else text[: width - 1] + "…"


def _literal(function: Callable[P, R]) -> Callable[P, R]:
    """Draw every text as written (no TeX), and close what a failing page opened."""
    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        sheets = _sheets()      # without matplotlib (JupyterLite offline): a Portuguese message, not ImportError
        return sheets._needs_matplotlib(sheets._literal_texts(function))(*args, **kwargs)
    return wrapper


def _chunks(rows: list[T], size: int) -> list[list[T]]:
    return [rows[k:k + size] for k in range(0, len(rows), size)] or [[]]


# -- pairings -----------------------------------------------------------------------------------
@_literal
def _pairing_pages(t: Tournament, round_number: int | None = None) -> list[Figure]:
    s = _sheets()
    rnd = _pick_round(t, round_number)
    pts = _points_before(t, rnd.number)
    rows = [(str(g.board), _name(t, g.white, 30), points_text(t, pts[g.white]), _name(t, g.black, 30),
             points_text(t, pts[g.black]), t.result_text(g.result) if g.fixed else "") for g in rnd.games]
    pages = _chunks(rows, 36)
    figures = []
    for k, chunk in enumerate(pages, 1):
        fig = s._page(_fit(PRINT_TEXTS["pairings"].format(name=t.name, round=rnd.number), 90),
                      k if len(pages) > 1 else None, len(pages), size=13)
        fig.text(0.07, 0.935, _fit(t.school, 100), ha="left", va="center", fontsize=9.5, family=s.FONT)
        bottom = s._table(fig, 0.07, 0.93, 0.915, chunk, 0.022, (0.14, 0.44, 0.50, 0.76, 0.82),
                          PRINT_TEXTS["pairing_head"], font=10)
        if k == len(pages):
            y = bottom - 0.03
            if rnd.bye:
                key = "bye" if t.system == "suico" else "rest"
                fig.text(0.07, y, TEXTS[key].format(name=_name(t, rnd.bye)), ha="left", va="baseline",
                         fontsize=10.5, family=s.FONT)
                y -= 0.025
            if rnd.absent:
                names = ", ".join(_name(t, n, 30) for n in rnd.absent)
                fig.text(0.07, y, textwrap.fill(TEXTS["absent"].format(names=names), 100), ha="left", va="top",
                         fontsize=9.5, family=s.FONT)
                y -= 0.04
            choices = ", ".join(SCORINGS[t.scoring]["results"].values())
            fig.text(0.07, y - 0.01, PRINT_TEXTS["pairing_hint"].format(choices=choices), ha="left",
                     va="baseline", fontsize=9, family=s.FONT, color="#333333")
        figures.append(fig)
    return figures


def _pick_round(t: Tournament, number: int | None) -> Round:
    if not t.rounds:
        raise TournamentError(TEXTS["no_round"].format(value=1))
    number = len(t.rounds) if number is None else number
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(t.rounds):
        raise TournamentError(TEXTS["no_round"].format(value=number))
    return t.rounds[number - 1]


def _points_before(t: Tournament, round_number: int) -> dict[int, int]:
    """Each player's points before ``round_number`` (as the pairing sheet shows them)."""
    return {p.number: sum(i.points for i in history(t, p.number) if i.round < round_number) for p in t.players}


@checked(t=TOURNAMENT, round_number=_ROUND)
def write_pairings(t: Tournament, path: Target, round_number: int | None = None) -> int:
    rnd = _pick_round(t, round_number)
    return _sheets()._save_pdf(_pairing_pages(t, rnd.number), path,
                              PRINT_TEXTS["pairings"].format(name=t.name, round=rnd.number))


# -- score sheets -------------------------------------------------------------------------------
@_literal
def _score_sheet_pages(t: Tournament, round_number: int | None = None) -> list[Figure]:
    """Two pages per board: the chapter-10 score sheet with the game's data already filled."""
    s = _sheets()
    rnd = _pick_round(t, round_number)
    figures = []
    for g in rnd.games:
        if g.fixed:
            continue
        fields = {"Evento:": _fit(t.name, 44), "Data:": _fit(t.date, 30), "Local:": _fit(t.school, 44),
                  "Rodada:": f"{rnd.number} — mesa {g.board}", "Brancas:": _name(t, g.white, 44),
                  "Pretas:": _name(t, g.black, 34)}
        for number, colour in ((g.white, "brancas"), (g.black, "pretas")):
            note = PRINT_TEXTS["score_note"].format(board=g.board, round=rnd.number, name=_name(t, number),
                                                    colour=colour)
            figures += s.score_sheet_pages(fields=fields, note=note)
    return figures


@checked(t=TOURNAMENT, round_number=_ROUND)
def write_score_sheets(t: Tournament, path: Target, round_number: int | None = None) -> int:
    rnd = _pick_round(t, round_number)
    return _sheets()._save_pdf(_score_sheet_pages(t, rnd.number), path,
                              f"{t.name} — rodada {rnd.number}: folhas de anotação")


# -- standings and crosstable ---------------------------------------------------------------------
def _landscape(title: str, page: int | None = None, pages: int | None = None) -> Figure:
    s = _sheets()
    fig = _figure(s.A4[1], s.A4[0])
    fig.text(0.5, 0.95, title, ha="center", va="center", fontsize=14, fontweight="bold", family=s.FONT)
    if page is not None:
        fig.text(0.5, 0.02, PRINT_TEXTS["page"].format(page=page, pages=pages), ha="center", fontsize=8,
                 family=s.FONT, color="#444444")
    return fig


@_literal
def _standings_pages(t: Tournament) -> list[Figure]:
    s = _sheets()
    header, rows = standings_table(t)
    rows = [r[:2] + [_fit(r[2], 38)] + r[3:] for r in rows]
    n_ties = len(header) - 4
    cols = [0.15, 0.21, 0.60]
    step = (0.93 - 0.68) / max(1, n_ties + 1)
    cols += [0.68 + step * k for k in range(1, n_ties + 1)]
    cols = [c for c in cols if c < 0.93]
    done = len(t.rounds) if (not t.rounds or t.rounds[-1].complete) else len(t.rounds) - 1
    pages = _chunks(rows, 34)
    figures = []
    for k, chunk in enumerate(pages, 1):
        fig = s._page(_fit(PRINT_TEXTS["standings"].format(name=t.name), 90), k if len(pages) > 1 else None,
                      len(pages), size=13)
        fig.text(0.07, 0.935, PRINT_TEXTS["standings_after"].format(
            round=done, rounds=t.planned_rounds, system=SYSTEMS[t.system],
            scoring=t.scoring.replace("meio", "½")), ha="left", va="center", fontsize=9.5, family=s.FONT)
        bottom = s._table(fig, 0.07, 0.93, 0.915, chunk, 0.021, cols, header, font=9.5)
        if k == len(pages):
            y = bottom - 0.03
            fig.text(0.07, y, PRINT_TEXTS["legend"], ha="left", va="baseline", fontsize=9.5, family=s.FONT,
                     fontweight="bold")
            y -= 0.012
            for line in tiebreak_legend(t):
                wrapped = textwrap.fill(line, 105, subsequent_indent="     ")
                fig.text(0.07, y, wrapped, ha="left", va="top", fontsize=8.5, family=s.FONT, linespacing=1.25)
                y -= 0.0155 * (wrapped.count("\n") + 1) + 0.004
            fig.text(0.07, y - 0.006, PRINT_TEXTS["shared"], ha="left", va="top", fontsize=8.5, family=s.FONT)
        figures.append(fig)
    return figures + _crosstable_pages(t)


@_literal
def _crosstable_pages(t: Tournament) -> list[Figure]:
    s = _sheets()
    header, rows = crosstable(t)
    rows = [r[:1] + [_fit(r[1], 24)] + r[2:] for r in rows]
    n_cells = len(header) - 3
    x0, x1 = 0.04, 0.96
    name_end = 0.29
    cell_w = (x1 - 0.06 - name_end) / max(1, n_cells)
    cols = [0.07, name_end] + [name_end + cell_w * k for k in range(1, n_cells + 1)]
    font = 9 if n_cells <= 12 else 7.5 if n_cells <= 20 else 6
    pages = _chunks(rows, 26)
    figures = []
    for k, chunk in enumerate(pages, 1):
        fig = _landscape(_fit(PRINT_TEXTS["crosstable"].format(name=t.name), 90), k if len(pages) > 1 else None,
                         len(pages))
        bottom = s._table(fig, x0, x1, 0.9, chunk, 0.029, cols, header, font=font)
        if k == len(pages):
            key: Literal["cross_round_robin", "cross_swiss"] = (
                "cross_round_robin" if t.system == "todos" else "cross_swiss")
            fig.text(x0, bottom - 0.04, PRINT_TEXTS[key], ha="left", va="top", fontsize=9, family=s.FONT)
        figures.append(fig)
    return figures


@checked(t=TOURNAMENT)
def write_standings(t: Tournament, path: Target) -> int:
    return _sheets()._save_pdf(_standings_pages(t), path, PRINT_TEXTS["standings"].format(name=t.name))


# -- certificates ---------------------------------------------------------------------------------
@_literal
def _certificate_pages(t: Tournament, school: str | None = None, podium_only: bool = False) -> list[Figure]:
    """One landscape page per player (best first); the first three get their place's certificate."""
    from matplotlib.patches import Rectangle
    s = _sheets()
    school = (t.school if school is None else school).strip()
    games = {p.number: sum(1 for i in history(t, p.number) if i.kind in ("jogo", "wo", "folga")) for p in t.players}
    figures = []
    for st in standings(t):
        podium = st.place <= 3
        if podium_only and not podium:
            continue
        fig = _figure(s.A4[1], s.A4[0])
        colour = _PODIUM.get(st.place, "#3a5a80") if podium else "#3a5a80"
        fig.add_artist(Rectangle((0.03, 0.04), 0.94, 0.92, transform=fig.transFigure, fill=False,
                                 edgecolor=colour, linewidth=6))
        fig.add_artist(Rectangle((0.045, 0.06), 0.91, 0.88, transform=fig.transFigure, fill=False,
                                 edgecolor=colour, linewidth=1.2))
        fig.text(0.5, 0.84, PRINT_TEXTS["certificate"], ha="center", va="center", fontsize=40,
                 family=s.FONT, fontweight="bold", color="#222222")
        if podium:
            fig.text(0.5, 0.74, PRINT_TEXTS["certificate_place"].format(place=st.place), ha="center",
                     va="center", fontsize=28, family=s.FONT, fontweight="bold", color=colour)
        # the whole name (up to MAX_NAME characters) and the whole body, wrapped by their measured
        # width and made smaller while they do not fit inside the inner border
        s._fitted_text(fig, CERTIFICATE_NAME, shown(st.name), size=30, min_size=18, ha="center", va="center",
                       style="italic", linespacing=1.15, color="#111111")
        played = games[st.number]
        body = PRINT_TEXTS["certificate_body_podium" if podium else "certificate_body"].format(
            subject=(PRINT_TEXTS["certifies"].format(school=shown(school)) if school else PRINT_TEXTS["we_certify"]),
            name=shown(st.name), event=shown(t.name),
            date=(f", em {shown(t.date)}" if t.date else ""), points=points_text(t, st.points),
            points_word="ponto" if points_text(t, st.points) == "1" else "pontos", games=played,
            games_word="rodada" if played == 1 else "rodadas", place=st.place)
        s._fitted_text(fig, CERTIFICATE_BODY, body, size=15, min_size=10, ha="center", va="center",
                       linespacing=1.5, color="#222222")
        for x, label in ((0.27, PRINT_TEXTS["signature_teacher"]), (0.73, PRINT_TEXTS["signature_school"])):
            s._hline(fig, x - 0.17, x + 0.17, 0.2, 0.8, "#333333")
            fig.text(x, 0.17, label, ha="center", va="top", fontsize=11, family=s.FONT)
        figures.append(fig)
    return figures


@checked(t=TOURNAMENT, school=_SCHOOL, podium_only=flag)
def write_certificates(t: Tournament, path: Target, school: str | None = None, podium_only: bool = False) -> int:
    return _sheets()._save_pdf(_certificate_pages(t, school, podium_only), path,
                              f"{t.name} — certificados")


# -- everything ---------------------------------------------------------------------------------
@checked(t=TOURNAMENT, round_number=_ROUND, school=_SCHOOL)
def write_all(t: Tournament, folder: PathLike, round_number: int | None = None,
              school: str | None = None) -> dict[str, tuple[Path, int]]:
    """Every PDF of the tournament into ``folder``: {what: (path, pages)}."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    if t.rounds:
        number = round_number or len(t.rounds)
        for key, function, stem in (("emparelhamento", write_pairings, f"rodada-{number}-emparelhamento"),
                                    ("folhas", write_score_sheets, f"rodada-{number}-folhas-de-anotacao")):
            path = folder / f"{stem}.pdf"
            out[key] = (path, function(t, path, number))
    path = folder / "classificacao.pdf"
    out["classificacao"] = (path, write_standings(t, path))
    path = folder / "certificados.pdf"
    out["certificados"] = (path, write_certificates(t, path, school))
    path = folder / "certificados-podio.pdf"
    out["podio"] = (path, write_certificates(t, path, school, podium_only=True))
    return out

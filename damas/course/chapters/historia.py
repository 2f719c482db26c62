"""História: what ``notebooks/Historia.ipynb`` uses: the course's history table
(``notebooks/data/historia.csv``), each event with its year, place (``mundo`` or ``brasil``),
label, text and source; the timeline picture, in SVG. Pure Python.

Each step of the reading is one call here (the two timelines, the sums the reading checks, the
exercises). The notebook imports it whole (``from damas.course.chapters.historia import *``):
``__all__`` is what the reading calls; the other public names serve the tests. 
"""

from __future__ import annotations

from collections import namedtuple
import csv

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.questions import count_question
from damas.errors import DamasError
from damas.rules.args import PATH, checked, text_spec

__all__ = ["brazil_timeline", "world_timeline", "checked_sums", "exercise_1", "exercise_2", "teacher_check",
           "chapter_quiz"]

#: The reading's table, as the notebook finds it (beside the notebook, in data/).
TABLE = "data/historia.csv"

Event = namedtuple("Event", "year date place label event source")

_COLUMNS = ("ano", "data", "onde", "rotulo", "evento", "fonte")
_PLACES = ("mundo", "brasil")


@checked(path=PATH)
def read_events(path) -> list:
    """The events of the CSV file at ``path``, in order of year.  Every event
    must have a year, a place in ``mundo``/``brasil`` and a source; a file
    that breaks this raises :class:`DamasError` naming the line."""
    import os
    if not isinstance(path, (str, os.PathLike)):
        from damas.rules.args import refuse
        raise refuse("path", "o caminho de um arquivo CSV (um texto ou um Path)", path)
    if not os.path.isfile(path):
        raise DamasError(f"Arquivo não encontrado: {path}" if not os.path.exists(path)
                         else f"Não é um arquivo: {path}")
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in _COLUMNS if c not in (reader.fieldnames or ())]
        if missing:
            raise DamasError(f"A tabela de história {path} não tem as colunas: {', '.join(missing)}.")
        events = []
        for number, row in enumerate(reader, start=2):
            try:
                year = int(row["ano"])
            except ValueError:
                raise DamasError(f"Linha {number} de {path}: o ano {row['ano']!r} não é um número.") from None
            if row["onde"] not in _PLACES:
                raise DamasError(f"Linha {number} de {path}: o lugar {row['onde']!r} não é 'mundo' nem 'brasil'.")
            if not row["fonte"].strip():
                raise DamasError(f"Linha {number} de {path}: o evento {row['rotulo']!r} não tem fonte.")
            events.append(Event(year, row["data"], row["onde"], row["rotulo"], row["evento"], row["fonte"]))
    return sorted(events, key=lambda e: e.year)


@checked()
def events_text(events) -> str:
    """One line an event: its year and label."""
    return "\n".join(f"{e.year}   {e.label}" for e in events)


def events_of(events, place: str) -> list:
    """The events of ``place`` (``mundo`` or ``brasil``)."""
    if place not in _PLACES:
        raise DamasError(f"Lugar desconhecido: {place!r}; use 'mundo' ou 'brasil'.")
    return [e for e in events if e.place == place]


@checked(fragment=text_spec())
def year_of(events, fragment: str) -> int:
    """The year of the one event whose label contains ``fragment``."""
    found = [e.year for e in events if fragment in e.label]
    if len(found) != 1:
        raise DamasError(f"{fragment!r} aparece em {len(found)} eventos da tabela; deveria aparecer em um só.")
    return found[0]


def _label_heights(years) -> list:
    # Evenly spaced heights between the first and the last year.
    step = (max(years) - min(years)) / (len(years) - 1)
    return [min(years) + i * step for i in range(len(years))]


# The timeline's layout, in pixels.
_TOP, _ROW, _AXIS, _ELBOW, _LABEL = 60, 30, 78, 150, 176
_FONT, _TITLE_FONT, _BAND_FONT = 15, 20, 13
_SPAN = 240


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@checked()
def timeline(events, title: str, band=None, colour: str = "darkred"):
    """The timeline of ``events`` as an SVG picture: a dot at each year on a
    line (earlier years higher), its year and label beside it at evenly spaced
    heights; ``band`` = ``(start, end, text)`` shades a stretch of years with
    its text along it.  The picture reads in an untrusted notebook and in the
    browser (no matplotlib), and is the same on every run."""
    from html import escape
    from damas.display.svg import SVG, text_width
    if len(events) < 2:
        raise DamasError("A linha do tempo precisa de pelo menos dois eventos.")
    years = [e.year for e in events]
    first, last = min(years), max(years)
    bottom = _TOP + max((len(events) - 1) * _ROW, _SPAN)   # a short list keeps a readable line

    def y_of(year):
        return _TOP + (year - first) / ((last - first) or 1) * (bottom - _TOP)

    labels = [f"{e.year}   {e.label}" for e in events]
    width = max(_LABEL + max(text_width(t, _FONT) for t in labels), 12 + text_width(title, _TITLE_FONT)) + 20
    height = bottom + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="damas-timeline" '
           f'width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
           f'font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
           f"<title>{escape(title, quote=False)}</title>",
           f'<rect x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
           f'<text x="12" y="30" font-size="{_TITLE_FONT}" font-weight="bold" fill="#222222">'
           f'{escape(title, quote=False)}</text>']
    if band:
        start, end, text = band
        top, low = y_of(max(start, first)), y_of(min(end, last))
        out.append(f'<rect class="band" data-years="{start}-{end}" x="{_AXIS - 14}" y="{_n(top)}" width="28" '
                   f'height="{_n(low - top)}" fill="#d3d3d3"/>')
        middle = (top + low) / 2
        out.append(f'<text x="{_AXIS - 22}" y="{_n(middle)}" font-size="{_BAND_FONT}" text-anchor="middle" '
                   f'fill="#222222" transform="rotate(-90 {_AXIS - 22} {_n(middle)})">{escape(text, quote=False)}</text>')
    out.append(f'<line x1="{_AXIS}" y1="{_n(y_of(first))}" x2="{_AXIS}" y2="{_n(y_of(last))}" '
               f'stroke="saddlebrown" stroke-width="6" stroke-linecap="round"/>')
    for e, label, y in zip(events, labels, _label_heights(years)):
        y = y_of(y)
        out.append(f'<polyline points="{_AXIS},{_n(y_of(e.year))} {_ELBOW},{_n(y)} {_LABEL - 6},{_n(y)}" '
                   f'fill="none" stroke="#888888" stroke-width="1"/>')
    for e, label, y in zip(events, labels, _label_heights(years)):
        out.append(f'<circle class="event" data-year="{e.year}" cx="{_AXIS}" cy="{_n(y_of(e.year))}" r="7" '
                   f'fill="{escape(colour)}" stroke="#ffffff" stroke-width="1.5"/>')
        out.append(f'<text x="{_LABEL}" y="{_n(y_of(y) + _FONT * 0.35)}" font-size="{_FONT}" '
                   f'xml:space="preserve" fill="#222222">{escape(label, quote=False)}</text>')
    out.append("</svg>")
    return SVG("".join(out))


# -- the reading's steps ---------------------------------------------------------------------------
def _events(path=None) -> list:
    return read_events(path or TABLE)


def brazil_timeline(path=None):
    """The timeline of the events in Brazil, with the 21 years out of the CBD shaded."""
    return timeline(events_of(_events(path), "brasil"), "O jogo de damas no Brasil",
                    band=(1967, 1988, "21 anos fora da CBD"))


def world_timeline(path=None):
    """The timeline of the events in the world, with Weiss's years shaded."""
    return timeline(events_of(_events(path), "mundo"), "No mundo", band=(1895, 1912, "Weiss"), colour="navy")


#: Isidore Weiss died in 1936 (Damier Lyonnais; Wikipédia), so he was no champion «em 1985».
WEISS_DIED = 1936


def checked_sums(path=None):
    """The sums a careful reader checks in the FPED text, done on the table."""
    from damas.course.kit.sentences import Sentence
    events = _events(path)
    out = year_of(events, "voltam a ser esporte") - year_of(events, "desfilia")
    gap = year_of(events, "Encontro São Paulo") - year_of(events, "40 Golpes")
    founded, first = year_of(events, "Fundação da FMJD"), year_of(events, "1º Mundial")
    return Sentence(f"De {year_of(events, 'desfilia')} a {year_of(events, 'voltam a ser esporte')}: {out} anos fora "
                    f"da CBD, como diz o texto. Entre {year_of(events, '40 Golpes')} e "
                    f"{year_of(events, 'Encontro São Paulo')}, {gap} anos sem registro de torneios. Weiss morreu em "
                    f"{WEISS_DIED}: não podia ser campeão em 1985. E a FMJD foi fundada em {founded}, antes do seu "
                    f"primeiro mundial, em {first}.")


def exercise_1(path=None):
    """Years between the 1547 book and the first books published in Brazil (1940)."""
    events = _events(path)
    first, brazil = year_of(events, "Torquemada"), year_of(events, "40 Golpes")
    return count_question("historia/ex1", "Quantos anos separam o livro de 1547 do primeiro livro de damas publicado "
                          "no Brasil?", brazil - first, f"{brazil} - {first} = {brazil - first} anos.",
                          "confira os dois anos na linha do tempo e faça a conta.")


def exercise_2(path=None):
    """How many events of the timeline are of 1967."""
    of_1967 = [e.label for e in _events(path) if e.year == 1967]
    return count_question("historia/ex2", "Quantos eventos da linha do tempo são de 1967?", len(of_1967),
                          "São estes: " + "; ".join(of_1967) + ".", "olhe a linha do tempo do Brasil, no ano de 1967.")




def teacher_check(path=None):
    """The teacher's check: every event has a source and a place; the exercises and the quiz answered
    by the table and the texts."""
    events = _events(path)
    assert all(e.source for e in events) and all(e.place in _PLACES for e in events)
    return check_items(exercise_1(path), exercise_2(path), chapter_quiz("historia"))

"""The course's history table (``notebooks/data/historia.csv``, the reading Historia.ipynb):
each event with its year, place (``mundo`` or ``brasil``), label, text and
source; the timeline picture.  Pure Python; matplotlib is imported only by
:func:`timeline`.
"""

from __future__ import annotations

import csv
from collections import namedtuple

from damas.errors import DamasError
from damas.rules.args import PATH, checked, text_spec

__all__ = ["Event", "read_events", "events_text", "events_of", "year_of", "timeline"]

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


@checked()
def timeline(events, title: str, band=None, colour: str = "darkred"):
    """The timeline of ``events``: a dot at each year, its label beside it;
    ``band`` = ``(start, end, text)`` shades a stretch of years.  Returns a
    closed matplotlib figure."""
    import matplotlib.pyplot as plt
    if len(events) < 2:
        raise DamasError("A linha do tempo precisa de pelo menos dois eventos.")
    years = [e.year for e in events]
    figure, ax = plt.subplots(figsize=(9, 0.45 * len(events) + 1.2))
    ax.plot([0, 0], [min(years), max(years)], color="saddlebrown", linewidth=4, zorder=1)
    if band:
        start, end, text = band
        ax.fill_betweenx([start, end], -0.1, 0.1, color="lightgray", zorder=0)
        ax.text(-0.12, (start + end) / 2, text, rotation=90, ha="right", va="center", fontsize=9)
    for e, y in zip(events, _label_heights(years)):
        ax.plot([0, 0.25, 0.35], [e.year, y, y], color="gray", linewidth=0.8)
        ax.scatter([0], [e.year], s=60, color=colour, zorder=2)
        ax.text(0.38, y, f"{e.year}   {e.label}", va="center", fontsize=11)
    margin = (max(years) - min(years)) * 0.06
    ax.set_ylim(max(years) + margin, min(years) - margin)
    ax.set_xlim(-0.35, 2.6)
    ax.set_xticks([])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_title(title, fontsize=13, loc="left")
    plt.close(figure)
    return figure

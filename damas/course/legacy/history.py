"""``damas.history`` of release 0.1: :mod:`damas.course.history` with its old (Portuguese) names.

Two old names are not their new object: :class:`Evento` (what :func:`le_eventos` returns)
is an :class:`~damas.course.history.Event` that also answers to the old field names
(``ano``, ``data``, ``onde``, ``rotulo``, ``evento``, ``fonte``).
"""

from damas.course.history import Event, read_events
from damas.course.legacy._names import reexport


class Evento(Event):
    """An event with the field names of release 0.1 (``ano``, ``rotulo``, ...) beside the new ones."""
    __slots__ = ()
    ano = property(lambda self: self.year)
    data = property(lambda self: self.date)
    onde = property(lambda self: self.place)
    rotulo = property(lambda self: self.label)
    evento = property(lambda self: self.event)
    fonte = property(lambda self: self.source)


def le_eventos(path) -> list:
    """:func:`damas.course.history.read_events`, as :class:`Evento` (the old field names work)."""
    return [Evento(*e) for e in read_events(path)]


#: old name -> new name (Evento and le_eventos are the two above, not the new objects)
OLD_NAMES = {
    "Evento": "Event",
    "le_eventos": "read_events",
    "lista_de_eventos": "events_text",
    "eventos_de": "events_of",
    "ano_de": "year_of",
    "linha_do_tempo": "timeline",
}
CHANGED = {"Evento", "le_eventos"}

reexport(globals(), ["damas.course.history"], OLD_NAMES)

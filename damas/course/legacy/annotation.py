"""``damas.annotation`` of release 0.1: :mod:`damas.course.annotation` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "lances_marcados": "marked_moves",
    "texto_dos_marcados": "marked_moves_text",
    "depois_de": "board_after",
    "mostra": "picture_after",
    "anota": "annotate",
}

reexport(globals(), ["damas.course.annotation"], OLD_NAMES)

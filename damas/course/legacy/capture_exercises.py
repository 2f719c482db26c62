"""``damas.capture_exercises`` of release 0.1: :mod:`damas.course.capture_exercises` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "tema": "theme_of",
    "por_tema": "by_theme",
    "gabarito": "answer_key",
    "permitidas": "allowed_captures",
    "confere_tomada": "check_capture",
    "erro_tipico": "typical_mistake",
    "enunciado": "statement",
}

reexport(globals(), ["damas.course.capture_exercises"], OLD_NAMES)

"""``damas.puzzle_study`` of release 0.1: :mod:`damas.course.puzzle_study` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "texto_dos_lances": "solution_texts",
    "resposta_certa": "right_answer",
    "erro_tipico": "typical_mistake",
    "lance_a_lance": "step_by_step",
    "estuda": "study",
}

reexport(globals(), ["damas.course.puzzle_study"], OLD_NAMES)

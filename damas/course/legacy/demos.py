"""``damas.demos`` of release 0.1: :mod:`damas.course.demos` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "irregularidade": "irregularity_number",
    "tenta": "try_move",
    "mao": "hand_move",
    "em_roda": "kings_in_rings",
    "defende_na_diagonal": "defend_on_diagonal",
    "relogio": "clocks",
}

reexport(globals(), ["damas.course.demos"], OLD_NAMES)

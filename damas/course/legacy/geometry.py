"""``damas.geometry`` of release 0.1: :mod:`damas.course.geometry` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "diagonais": "diagonal_lengths",
    "grande_diagonal": "long_diagonal",
    "canto_esquerdo_das_brancas": "white_left_corner",
    "canto_esquerdo_das_pretas": "black_left_corner",
    "travessa": "row_squares",
    "coluna": "column_squares",
    "partes": "board_parts",
    "CORES": "PART_COLORS",
    "destaques": "part_highlights",
}

reexport(globals(), ["damas.course.geometry"], OLD_NAMES)

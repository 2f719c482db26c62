"""``damas.analysis`` of release 0.1: :mod:`damas.course.analysis` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "jogo_da_partida": "game_of",
    "computador_contra_computador": "computer_vs_computer",
    "analisa": "analyse_game",
    "sinal": "mistake_sign",
    "numero": "move_number",
    "lances_com_sinal": "signed_moves",
    "texto_dos_erros": "mistakes_text",
    "momento": "board_before",
    "pdn_comentado": "annotated_pdn",
}

reexport(globals(), ["damas.course.analysis"], OLD_NAMES)

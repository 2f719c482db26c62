"""The names of release 0.1, kept for one release: ``damas.lessons`` and the Portuguese names.

Notebooks saved on school servers still say ``from damas.lessons import desenho`` or
``from damas.analysis import analisa``.  :mod:`damas._moved` answers ``damas.lessons``
(and ``damas.course.lessons``) with this package, and each flat module whose functions
were renamed (``damas.analysis``, ``damas.geometry``, ...) with the module of the same
name here, and warns, in Portuguese.  Every old name is the very object of its new
name, and every new name is here too.  :func:`renamed` gives each old module's
``old name -> new name`` table.
"""

from damas.course.legacy._names import reexport

#: old name -> new name, of what lessons.py defined (the names that kept theirs are here too).
OLD_NAMES = {
    "desenho": "board_figure",
    "lado_a_lado": "side_by_side",
    "etapa": "chapter_stage",
    "questionario": "chapter_quiz",
    "escolha": "choice_question",
    "quantos": "count_question",
    "tome": "capture_task",
    "qual_fen": "fen_question",
    "lances": "move_texts",
    "nomes": "square_names",
    "tamanhos": "capture_sizes",
    "desenho_dos_lances": "moves_figure",
    "juiz": "judge_attempt",
    "por_que": "explain_attempt",
    "exercicios": "chapter_exercises",
    "exercicio": "chapter_exercise",
    "conferir": "check_chapter",
    "figura_do_glossario": "glossary_figure",
    "numero_da_casa": "square_number_question",
    "lance_em_numeros": "numeric_move_question",
    "casas_da_tabela": "side_squares_question",
    "qual_irregularidade": "irregularity_quiz",
    "pecas_que_saem": "removed_pieces_question",
    "qual_regra_do_fim": "end_rule_question",
    "zera_contagem": "count_reset_question",
    "sinal_do_lance": "move_sign_question",
    "lances_em_numeros": "numeric_moves_question",
    "qual_pdn": "pdn_question",
    "melhor_lance_do_computador": "computer_move_question",
    "tomada_do_exercicio": "exercise_capture_task",
    "treino_de_tomadas": "capture_practice",
    "conferir_itens": "check_items",
    "solucao_recolhida": "folded_solution",
    "contra_o_computador": "computer_game",
    "partida_comentada": "annotated_game",
}

#: The modules lessons.py was split into.
MODULES = ("figures", "words", "store", "tasks", "quiz", "practice", "panel", "chapter_texts", "questions",
           "exercises", "oneliners", "games")

reexport(globals(), [f"damas.course.{m}" for m in MODULES], OLD_NAMES)



def renamed() -> dict:
    """Module of release 0.1 -> {old name -> new name}: every name the course renamed."""
    import importlib
    table = {"damas.lessons": dict(OLD_NAMES)}
    for name in ("analysis", "annotation", "capture_exercises", "demos", "figures", "geometry", "history",
                 "puzzle_study"):
        table[f"damas.{name}"] = dict(importlib.import_module(f"damas.course.legacy.{name}").OLD_NAMES)
    return table

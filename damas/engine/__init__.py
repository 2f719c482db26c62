"""The engine layer: search, evaluation and the endgame database. Imports only the rules.

The names of :mod:`damas.engine.search` are re-exported here, where the flat
module ``damas.engine`` of release 0.1 kept them.
"""
from damas.engine.search import (  # noqa: F401
    USE_ENDGAME_DATABASE, WIN, INF, SELECTIVE_FEATURES, is_win_score, EVALUATIONS, TIMED_EVALUATION,
    default_evaluation, evaluate, Analysis, KEPT_TABLE_SIZE, free_tables, analyse, LEVELS,
    best_move,
)

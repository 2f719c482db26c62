"""Weights of damas.evaluation, written by scripts/tune_evaluation.py: do not edit.

Made with:

    PYTHONPATH=. python scripts/tune_evaluation.py --seed-only

Per weight set: the opening and endgame weight of each feature (FEATURES
order, hundredths of a man), the games and positions of the fit and its
mean log-loss before (seed weights) and after.
"""

FEATURES = ('man', 'king', 'advance', 'centre', 'back_row', 'mobility_men', 'mobility_kings', 'frozen', 'supported', 'outpost', 'edge', 'crown_ready', 'wing_imbalance', 'long_diagonal', 'sole_kings')

WEIGHTS = {
    '10x10': {
        'opening': [100, 300, 3, 6, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        'endgame': [125, 350, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    },
    '8x8': {
        'opening': [100, 300, 3, 6, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        'endgame': [125, 350, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    },
}

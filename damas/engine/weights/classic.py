"""Weights of damas.engine.evaluation, written by scripts/tune_evaluation.py: do not edit.

Made with:

    PYTHONPATH=. python scripts/tune_evaluation.py

Per weight set: the opening and endgame weight of each feature (FEATURES
order, hundredths of a man), the games and positions of the fit and its
mean log-loss before (seed weights) and after.
"""

FEATURES = ('man', 'king', 'advance', 'centre', 'back_row', 'mobility_men', 'mobility_kings', 'frozen', 'supported', 'outpost', 'edge', 'crown_ready', 'wing_imbalance', 'long_diagonal', 'sole_kings')

WEIGHTS = {
    '10x10': {
        'opening': [100, 300, 27, 45, 72, 9, -40, 31, 39, 66, 27, 175, 24, -37, 368],
        'endgame': [125, 350, 1, -50, -7, 46, -40, 49, -1, -117, 22, 169, -70, -37, 368],
        'depth': 4,
        'games': 300,
        'loss_after': 0.56564,
        'loss_before': 0.58684,
        'positions': 29290,
    },
    '8x8': {
        'opening': [100, 300, 35, 24, 44, 48, -37, 52, 78, 21, 45, 127, 11, 149, 116],
        'endgame': [125, 350, 1, 22, -15, 25, -37, -26, 16, -36, -34, 85, -61, 149, 116],
        'depth': 5,
        'games': 400,
        'loss_after': 0.50652,
        'loss_before': 0.55859,
        'positions': 17875,
    },
}

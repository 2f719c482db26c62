"""The problems layer: puzzles, their solver and checker, golpe themes and the composer."""

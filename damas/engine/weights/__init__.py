"""Generated weights of the evaluations (written by scripts/tune_*.py): do not edit."""

"""The repository's folders, for tests at any depth of ``tests/``."""

from pathlib import Path

#: the repository's root (the folder holding ``damas/``, ``puzzles/``, ``notebooks/``)
REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
PUZZLES = REPO / "puzzles"
NOTEBOOKS = REPO / "notebooks"

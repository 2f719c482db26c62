"""How the progress file names a problem: by its position, wherever it was solved.

A problem solved in a trainer made without a key (the app, a chapter's collection, «Treino do
dia») is saved under :func:`position_key`, and so are the attempts at it and its training log:
the same problem in two collections is one key, and a collection that grows or is reordered
keeps every mark on the problem it was earned on.

Pure Python.
"""

from __future__ import annotations

import hashlib

from damas.rules.args import checked, refuse

__all__ = ["POSITION_PREFIX", "position_key"]

#: The prefix of a problem kept by its position.
POSITION_PREFIX = "problemas"


def _problem(value, name):
    """A problem: a Puzzle, or any object with its position (``fen``, a text) and ``variant``."""
    if not isinstance(getattr(value, "fen", None), str) or getattr(value, "variant", None) is None:
        raise refuse(name, "um problema (Puzzle)", value)
    return value


@checked(puzzle=_problem)
def position_key(puzzle) -> str:
    """The key a problem is saved under, from its position alone: ``problemas/`` and 12 hex
    digits of the SHA-1 of ``variant|FEN`` (the same problem in two collections, one key)."""
    digest = hashlib.sha1(f"{puzzle.variant}|{puzzle.fen}".encode("utf-8")).hexdigest()[:12]
    return f"{POSITION_PREFIX}/{digest}"

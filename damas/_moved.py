"""The import paths of release 0.1, when every module sat in ``damas/`` itself.

Notebooks saved on school servers still say ``from damas.lessons import ...`` or
``import damas.puzzles``.  For one release those names keep working: a finder on
``sys.meta_path`` answers each old name with the module at its new place (the very
same module object, so state is shared) and warns once, in Portuguese, with a
:class:`DeprecationWarning` that names the new path.  ``damas.engine``,
``damas.widget``, ``damas.display`` and ``damas.course`` are packages now and
re-export the names their flat modules had.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

#: old module name -> new module name
MOVED = {
    "damas.board": "damas.rules.board", "damas.variants": "damas.rules.variants",
    "damas.notation": "damas.rules.notation", "damas.explain": "damas.rules.explain",
    "damas.game": "damas.rules.game", "damas.pdn": "damas.rules.pdn", "damas.perftree": "damas.rules.perft",
    "damas.evaluation": "damas.engine.evaluation", "damas.evaluation_weights": "damas.engine.weights.classic",
    "damas.patterns": "damas.engine.patterns", "damas.pattern_weights": "damas.engine.weights.patterns",
    "damas.endgames": "damas.engine.endgames",
    "damas.puzzles": "damas.problems.puzzles", "damas.themes": "damas.problems.themes",
    "damas.compose": "damas.problems.compose",
    "damas.svg": "damas.display.svg", "damas.plot": "damas.display.plot",
    "damas.trainer": "damas.widget.trainer", "damas.replay": "damas.widget.replay",
    "damas.lessons": "damas.course.legacy", "damas.course.lessons": "damas.course.legacy",
    "damas.progress": "damas.course.progress",
    "damas.coach": "damas.course.coach", "damas.analysis": "damas.course.legacy.analysis",
    "damas.annotation": "damas.course.legacy.annotation", "damas.capture_exercises": "damas.course.legacy.capture_exercises",
    "damas.demos": "damas.course.legacy.demos", "damas.endgame_drills": "damas.course.endgame_drills",
    "damas.figures": "damas.course.legacy.figures", "damas.forcada": "damas.course.forcada",
    "damas.geometry": "damas.course.legacy.geometry", "damas.history": "damas.course.legacy.history",
    "damas.puzzle_study": "damas.course.legacy.puzzle_study", "damas.compare": "damas.course.compare",
}


class _MovedLoader(importlib.abc.Loader):
    def __init__(self, old: str, new: str):
        self.old, self.new = old, new

    def create_module(self, spec):
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module):
        # The module is the new one, already executed; importlib has just given it the old
        # name's spec: give it back its own, so that reload and pickling name the new path.
        module.__spec__ = self.spec


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        new = MOVED.get(fullname)
        if new is None:
            return None
        warnings.warn(_message(fullname, new), DeprecationWarning, stacklevel=_caller_level())
        return importlib.util.spec_from_loader(fullname, _MovedLoader(fullname, new))


def _message(old: str, new: str) -> str:
    if new.startswith("damas.course.legacy"):
        # The chapter helpers were renamed too (English names): point at the table, not the shim.
        return (f"«{old}» mudou de lugar na versão 0.2, e as funções do curso ganharam nomes em inglês: "
                "a tabela dos nomes novos é «damas.course.legacy.renamed()». "
                "O nome antigo deixa de funcionar na próxima versão.")
    return (f"«{old}» mudou de lugar na versão 0.2: importe «{new}». "
            "O nome antigo deixa de funcionar na próxima versão.")


def _caller_level() -> int:
    """The ``stacklevel`` that points at the ``import`` statement.  ``warnings`` itself
    skips importlib's bootstrap frames when it counts, so only this file's frames count."""
    frame, level = sys._getframe(2), 2          # the frame that called find_spec
    while frame is not None:
        name = frame.f_code.co_filename
        if name == __file__:
            level += 1
        elif not ("importlib" in name and "_bootstrap" in name):
            break
        frame = frame.f_back
    return level


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())

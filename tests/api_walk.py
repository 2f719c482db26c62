"""The public API of ``damas``, walked with bad arguments (issue 27, item 3).

Public: a name not starting with ``_`` in a module of the package whose own name has no part
starting with ``_``, and whose object is defined in the package (``__module__`` starts with
``damas``).  The public methods of the main classes (Board, Move, Game, PDNGame, BoardWidget,
PuzzleTrainer, GameReplay) are walked on a fresh instance each.

Each callable is called with bad values only: every parameter it requires gets the bad value
(None, a value of no use to anyone, a number out of any range...), and each optional parameter
gets each bad value in turn with the required ones made of good values when the walk knows good
values for them (``GOOD``, by parameter name).  What comes out must be a value or a
``DamasError`` worded in Portuguese; any other exception, a message with Python's words in it
(``NoneType``, ``object``, ``argument``...), or a call that takes more than ``LIMIT`` seconds of
CPU time, is a finding.

``python tests/api_walk.py`` prints the findings and the counts.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import signal
import warnings
from contextlib import contextmanager

import damas
from damas import DamasError


def _properties():
    # By its path: a benchmark script put on sys.path (benchmarks/rules.py) may shadow ``rules``.
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent / "rules" / "test_properties.py"
    spec = importlib.util.spec_from_file_location("api_walk_properties", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_PROPERTIES = _properties()
ENGLISH, PORTUGUESE = _PROPERTIES.ENGLISH, _PROPERTIES.PORTUGUESE

# Words of the refusals of the whole API, besides those of the rules' refusals (PORTUGUESE).
MORE_PORTUGUESE = re.compile(r"\b(espera|esperava|coleção|coleções|problema|problemas|valor|inválid[ao]s?|"
                             r"inexistente|desconhecid[ao]s?|dica|passo|nível|tempo|seta|tamanho|cores)\b",
                             re.IGNORECASE)


def in_portuguese(message: str) -> bool:
    """A refusal a student or teacher can read: Portuguese words, no Python words."""
    return bool(message) and bool(PORTUGUESE.search(message) or MORE_PORTUGUESE.search(message)) \
        and not ENGLISH.search(message)

LIMIT = 2.0        # seconds of CPU time one bad call may take

# The command-line entry points read sys.argv when given None and exit with SystemExit(2) on a
# bad argument: that is their contract (issue 27, item 5), checked by their own tests.
COMMAND_LINES = {"damas.problems.compose.main", "damas.course.classroom.turma.run_turma",
                 "damas.course.classroom.fichas.run_fichas", "damas.rules.perft.run_perft"}


class _Any:
    """A value of no use to any function of the package."""

    def __repr__(self):
        return "<um objeto qualquer>"


BAD = (("None", None), ("um objeto qualquer", _Any()), ("-1", -1), ("10**6", 10 ** 6), ("texto '?'", "?"),
       ("lista vazia", []))


@contextmanager
def sandbox(folder):
    """The walk writes nothing outside ``folder`` and starts no program: the home folder, the
    progress folder and the working folder are in ``folder`` (matplotlib keeps its own
    configuration folder), and ``subprocess.call`` (the JupyterLab that ``python -m damas
    curso`` opens) gives 0 at once."""
    import os
    import subprocess
    names = ("HOME", "DAMAS_PROGRESSO", "DAMAS_ENDGAME_CACHE", "MPLCONFIGDIR")
    saved = {name: os.environ.get(name) for name in names}
    call, cwd = subprocess.call, os.getcwd()
    os.environ.setdefault("MPLCONFIGDIR", os.path.expanduser("~/.config/matplotlib"))
    os.environ.update(HOME=str(folder), DAMAS_PROGRESSO=os.path.join(str(folder), "progresso"),
                      DAMAS_ENDGAME_CACHE="0")
    subprocess.call = lambda *args, **kwargs: 0
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(cwd)
        subprocess.call = call
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def public_modules():
    names = ["damas"]
    for info in pkgutil.walk_packages(damas.__path__, "damas."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    modules = []
    for name in sorted(names):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            modules.append(importlib.import_module(name))
    return modules


def defined_in_damas(obj):
    return (getattr(obj, "__module__", None) or "").split(".")[0] == "damas"


def public_callables():
    """(name, callable) of every public callable, each object once, in a stable order."""
    found = {}
    for module in public_modules():
        names = getattr(module, "__all__", None) or dir(module)
        for attr in sorted(set(names) | set(dir(module))):
            if attr.startswith("_"):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    obj = getattr(module, attr)
                except AttributeError:
                    continue
            if not callable(obj) or not defined_in_damas(obj) or inspect.ismodule(obj):
                continue
            key = id(obj)
            if key not in found:
                qual = getattr(obj, "__qualname__", None) or attr
                found[key] = (f"{obj.__module__}.{qual}" if inspect.isroutine(obj) or inspect.isclass(obj)
                              else f"{module.__name__}.{attr}", obj)
    return sorted(found.values(), key=lambda item: item[0])


# -- good values, by parameter name ------------------------------------------------------------

def _board():
    from damas import Board
    return Board()


def _move():
    board = _board()
    return board.legal_moves()[0]


def _game():
    from damas.rules.game import Game
    return Game()


GOOD = {
    "board": _board, "b": _board, "position": _board,
    "fen": lambda: _board().fen(), "variant": lambda: "brazilian",
    "move": _move, "game": _game, "depth": lambda: 1, "level": lambda: 1,
    "text": lambda: "22-17", "notation": lambda: "numeric", "color": lambda: "W", "turn": lambda: "W",
    "square": lambda: 22, "n": lambda: 1, "seed": lambda: 1,
}


# -- the calls -------------------------------------------------------------------------------

class TooSlow(BaseException):
    pass


@contextmanager
def time_limit(seconds):
    """Stop the call after ``seconds`` of this process's CPU time: a bad argument that makes a
    function compute for long is a finding, a machine busy with other programs is not (a timed
    search of 1 s, stopped by its own clock, may take more than 2 s of wall time under load)."""
    def stop(signum, frame):
        raise TooSlow

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def parameters(func):
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return None
    return [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD]


def required(p):
    return p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)


def bad_calls(func):
    """(label, args, kwargs) of the bad calls of ``func``; builds fresh good values each time."""
    params = parameters(func)
    if not params:
        return
    needed = [p for p in params if required(p)]
    for label, value in BAD:
        if needed:
            args, kwargs = [], {}
            for p in needed:
                if p.kind is p.KEYWORD_ONLY:
                    kwargs[p.name] = value
                else:
                    args.append(value)
            yield f"todos = {label}", args, kwargs
        elif params[0].kind is params[0].VAR_POSITIONAL:
            yield f"{params[0].name} = {label}", [value], {}
    if any(p.name not in GOOD for p in needed):
        return
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            continue
        for label, value in BAD:
            if not required(p) and _same(value, p.default):
                continue
            args, kwargs = [], {}
            for q in params:
                if q is p:
                    given = value
                elif required(q):
                    given = GOOD[q.name]()
                else:
                    continue
                if q.kind is q.KEYWORD_ONLY or (q is p and not required(p)):
                    kwargs[q.name] = given
                else:
                    args.append(given)
            yield f"{p.name} = {label}", args, kwargs


def _same(value, default):
    try:
        return type(value) is type(default) and bool(value == default)
    except Exception:  # noqa: BLE001
        return False


def call(func, args, kwargs):
    """None when the call gave a value or a DamasError, else the finding (a short text)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with time_limit(LIMIT):
                func(*args, **kwargs)
    except TooSlow:
        return f"mais de {LIMIT} s"
    except DamasError as error:
        return None if in_portuguese(str(error)) else f"mensagem fora do português: {str(error)[:120]}"
    except Exception as error:  # noqa: BLE001 - the walk is about what comes out
        return f"{type(error).__module__}.{type(error).__name__}: {str(error)[:120]}"
    except SystemExit as error:
        return f"SystemExit({error.code})"
    return None


def coverage(skip=COMMAND_LINES):
    """(bad calls per public callable walked, public callables that take no argument): the
    second are not walked, having no argument to get wrong (error classes, mixins, functions
    such as ``progress_dir()``)."""
    counts, none = {}, []
    for name, func in public_callables():
        if name in skip:
            continue
        n = sum(1 for _ in bad_calls(func))
        if n:
            counts[name] = n
        else:
            none.append(name)
    return counts, none


def walk(skip=COMMAND_LINES):
    """(callables walked, bad calls made, findings [(name, label, finding)])."""
    walked, tried, findings = 0, 0, []
    for name, func in public_callables():
        if name in skip:
            continue
        calls = list(bad_calls(func))
        if not calls:
            continue
        walked += 1
        for label, args, kwargs in calls:
            tried += 1
            finding = call(func, args, kwargs)
            if finding:
                findings.append((name, label, finding))
    return walked, tried, findings


# -- the methods of the main classes -------------------------------------------------------------

def _pdn_game():
    from damas.rules.pdn import read_games
    return read_games('[GameType "26"]\n1. 22-17 11-15 *')[0]


def _widget():
    from damas.widget.board import BoardWidget
    return BoardWidget(_board())


def _trainer():
    from damas.problems.puzzles import Puzzle
    from damas.widget.trainer import PuzzleTrainer
    return PuzzleTrainer([Puzzle("W:W27:B18", max_plies=3), Puzzle("W:W26:B19", max_plies=3)])


def _replay():
    from damas.widget.replay import GameReplay
    return GameReplay(_pdn_game())


def _state(obj):
    """What a refused call must leave as it was."""
    board = getattr(obj, "board", obj)
    fen = board.fen() if hasattr(board, "fen") and callable(board.fen) else None
    stack = len(getattr(board, "move_stack", ()) or ())
    moves = len(getattr(obj, "moves", ()) or ()) if not callable(getattr(obj, "moves", None)) else None
    return fen, stack, moves, repr(getattr(obj, "index", None))


INSTANCES = {"Board": _board, "Move": _move, "Game": _game, "PDNGame": _pdn_game, "BoardWidget": _widget,
             "PuzzleTrainer": _trainer, "GameReplay": _replay}


def public_methods(cls):
    for name, member in sorted(vars(cls).items()):
        if name.startswith("_") or isinstance(member, property):
            continue
        if isinstance(member, (staticmethod, classmethod)) or inspect.isfunction(member):
            yield name


def walk_methods():
    """(methods walked, bad calls made, findings) over the public methods of ``INSTANCES``,
    each call on a fresh instance; a refused call must leave the instance as it was."""
    walked, tried, findings = 0, 0, []
    for cls_name, make in INSTANCES.items():
        probe = make()
        for cls in type(probe).__mro__:
            if not defined_in_damas(cls):
                continue
            for name in public_methods(cls):
                calls = list(bad_calls(getattr(probe, name)))
                if not calls:
                    continue
                walked += 1
                for label, args, kwargs in calls:
                    tried += 1
                    obj = make()
                    before = _state(obj)
                    finding = call(getattr(obj, name), args, kwargs)
                    if not finding and _state(obj) != before and _raised(getattr(make(), name), args, kwargs):
                        finding = "recusou, mas mudou o objeto"
                    if finding:
                        findings.append((f"{cls_name}.{name}", label, finding))
    return walked, tried, findings


def _raised(method, args, kwargs):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with time_limit(LIMIT):
                method(*args, **kwargs)
    except (DamasError, TooSlow):
        return True
    except Exception:  # noqa: BLE001
        return False
    return False


if __name__ == "__main__":
    import os
    import sys
    import tempfile

    with sandbox(tempfile.mkdtemp()):
        walked, tried, findings = walk()
        m_walked, m_tried, m_findings = walk_methods()
    counts, no_arguments = coverage()
    for name, label, finding in findings + m_findings:
        print(f"{name} [{label}] {finding}")
    print(f"public callables of damas and its modules: {walked} walked with {tried} bad calls "
          f"(at least {min(counts.values())} each), {len(no_arguments)} take no argument, "
          f"{len(COMMAND_LINES)} command lines left to their own tests; methods of the main classes: "
          f"{m_walked} walked with {m_tried} bad calls; in all {walked + m_walked} callables, "
          f"{tried + m_tried} bad calls, {len(findings) + len(m_findings)} findings", file=sys.stderr)

"""Malformed page messages to every widget and app (issue 44, item 7).

A page (JupyterLab, Voilà, JupyterLite, or anyone who can talk to the kernel) sends a widget two
kinds of message: a state update (``{"method": "update", "state": {...}}``, which ipywidgets
turns into ``set_state``) and a custom message (a click of a button, a click on the board:
``_handle_custom_msg``).  Every widget of every app and course piece gets a seeded stream of
malformed ones: traits of the wrong type, unknown traits, values out of range, huge texts, deep
lists, board messages of every type with every kind of wrong field, clicks in any order.

What may come out of one message: nothing, ``traitlets.TraitError`` (ipywidgets refusing a value
of the wrong type) or the package's own refusal (a :class:`damas.errors.DamasError` in Portuguese,
from a trait's validator: «Modo inválido»); either way the state is left as it was.  Anything else raised in the package's own
code (an observer, a click handler, the board's message handler: ipywidgets would only log it,
so the harness makes the callbacks raise) is a finding; so is a message that does not return.
What ipywidgets itself raises before any of the package's code runs (its Button reads a custom
message that is not a dict with ``.get``) is counted apart, as ipywidgets' own.  After the
stream, the widget still answers a good message.
"""

from __future__ import annotations

import json
import os
import signal
from contextlib import contextmanager

import pytest

import faults

pytest.importorskip("anywidget")

pytestmark = pytest.mark.slow

MESSAGES = int(os.environ.get("DAMAS_FAULT_MESSAGES", "12"))   # per widget in CI
LIMIT = 30        # seconds: only a message that never returns gets there


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds):
    def stop(signum, frame):
        raise Hang()
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def raising_callbacks(monkeypatch):
    """ipywidgets logs what a callback raises; the harness wants to see it."""
    from ipywidgets.widgets.widget import CallbackDispatcher

    def call(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            local = callback(*args, **kwargs)
            value = local if local is not None else value
        return value

    monkeypatch.setattr(CallbackDispatcher, "__call__", call)


GARBAGE = [None, True, -1, 0, 10 ** 12, -10 ** 12, 1.5, float("inf"), "", "?", "\x00\x1b[2J", "x" * 20_000,
           [], [1, "a", None], {}, {"a": {"b": []}}, [[[[[[[[[[[]]]]]]]]]]], "W:W21-32:B1-12", "<script>", "1e309"]
BOARD_TYPES = ["click", "choose", "cancel", "action", "setup_piece", "set_turn", "set_fen", "set_level", "nada", None]
BOARD_FIELDS = ["square", "index", "name", "piece", "color", "fen", "level"]


def page_messages(widget, rng, n):
    """``n`` malformed messages for ``widget``: (kind, payload)."""
    names = sorted(getattr(widget, "keys", []) or [])
    out = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.45 and names:
            state = {rng.choice(names): rng.choice(GARBAGE) for _ in range(rng.randint(1, 3))}
            if rng.random() < 0.2:
                state["nao_existe"] = rng.choice(GARBAGE)
            out.append(("update", state))
        elif roll < 0.6:
            out.append(("custom", {"event": "click"}))
        elif roll < 0.9:
            content = {"type": rng.choice(BOARD_TYPES)}
            for field in rng.sample(BOARD_FIELDS, rng.randint(0, 3)):
                content[field] = rng.choice(GARBAGE + [1, 5, 32, 50, 51, "undo", "flip", "next", "W", "B", 2])
            out.append(("custom", content))
        else:
            out.append(("custom", rng.choice(GARBAGE)))
    return out


def walk(root):
    """Every ipywidgets widget reachable from ``root`` (children, once each)."""
    from ipywidgets import Widget
    seen, stack = set(), [root]
    while stack:
        w = stack.pop()
        if not isinstance(w, Widget) or id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        stack.extend(getattr(w, "children", ()) or ())


def deliver(widget, kind, payload):
    """What ipywidgets' ``_handle_msg`` does with a page's message (without its logging wrapper)."""
    from traitlets import TraitError
    from damas.errors import DamasError
    try:
        if kind == "update":
            widget.set_state(payload)
        else:
            widget._handle_custom_msg(payload, [])
    except (TraitError, DamasError):
        return "recusada"
    return "ok"


PACKAGE = str(faults.REPO / "damas")
UPSTREAM: list = []


def _ours(error) -> bool:
    """True when the package's own code is in the traceback of ``error``."""
    import traceback
    return any(frame.filename.startswith(PACKAGE) for frame in traceback.extract_tb(error.__traceback__))


def fuzz(name, root, rng, n=MESSAGES):
    """Send every widget under ``root`` ``n`` malformed messages; (messages, findings)."""
    findings, sent = [], 0
    widgets = list(walk(root))
    assert widgets, name
    for widget in widgets:
        for kind, payload in page_messages(widget, rng, n):
            sent += 1
            try:
                with time_limit(LIMIT):
                    deliver(widget, kind, payload)
            except Hang:
                findings.append((name, type(widget).__name__, kind, _short(payload), "não voltou"))
            except Exception as error:     # noqa: BLE001 - every escape is a finding
                found = (name, type(widget).__name__, kind, _short(payload), f"{type(error).__name__}: {str(error)[:200]}")
                (findings if _ours(error) else UPSTREAM).append(found)
    return sent, findings


def _short(payload):
    return json.dumps(payload, default=repr)[:120]


# -- the apps and pieces -----------------------------------------------------------------------------------
def _apps(tmp_path):
    """(name, the object's widget tree, a good message check)."""
    from damas.course.classroom.daily import DailyTraining, load_catalog
    from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
    from damas.course.kit.practice import trainer
    from damas.course.kit.progress import Progress
    from damas.course.tournament.app import TournamentApp
    from damas.course.tournament.storage import TournamentFile
    from damas.problems.puzzles import load_collection
    from damas.rules.pdn import read_games
    from damas.widget.board import BoardWidget
    from damas.widget.replay import GameReplay
    from repo_paths import NOTEBOOKS, PUZZLES
    yield "tabuleiro", lambda: BoardWidget()
    yield "tabuleiro 10x10", lambda: BoardWidget("international")
    yield "treino", lambda: trainer({"tomadas": load_collection(PUZZLES / "tomadas.pdn")[:5]}).box()
    yield "partida comentada", lambda: GameReplay(read_games(NOTEBOOKS / "data" / "partidas.pdn")[:2]).box()
    yield "treino do dia", lambda: DailyTraining(load_catalog(PUZZLES), n=3,
                                                 progress=Progress("ana", folder=tmp_path)).box()
    yield "tarefas", lambda: chapter_stage("03").box()
    yield "questionário", lambda: chapter_quiz("03").box()

    def tournament():
        folder = tmp_path / "torneios"
        t = TournamentFile.create(folder / "turma.json", "Torneio", ["Ana", "Bia", "Caio", "Duda", "Eva"])
        t.pair_next()
        app = TournamentApp(folder)
        app.open(folder / "turma.json")
        return app.box
    yield "torneio", tournament


def _roots(made):
    from ipywidgets import Widget
    if isinstance(made, Widget):
        return made
    for attr in ("box", "widget"):
        value = getattr(made, attr, None)
        value = value() if callable(value) else value
        if isinstance(value, Widget):
            return value
    raise AssertionError(f"no widget in {made!r}")


def test_malformed_page_messages_to_every_widget_and_app(tmp_path, monkeypatch, raising_callbacks, capsys):
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path / "progresso"))
    monkeypatch.setenv("DAMAS_ALUNO", "ana")
    monkeypatch.setenv("DAMAS_ENDGAME_CACHE", "0")
    from damas.course.kit.store import _reset_progress_cache
    _reset_progress_cache()
    rng = faults.seeded(21)
    total, findings, widgets = 0, [], 0
    for name, make in _apps(tmp_path):
        root = _roots(make())
        widgets += len(list(walk(root)))
        sent, found = fuzz(name, root, rng)
        total += sent
        findings += found
        for widget in walk(root):                    # still alive: a good message is answered
            if hasattr(widget, "handle_message") and hasattr(widget, "board"):
                widget.handle_message({"type": "action", "name": "flip"})
                assert widget.board.fen()
    print(f"mensagens: {total} a {widgets} widgets; achados: {len(findings)}; do ipywidgets: {len(UPSTREAM)}")
    faults.report("messages", messages=total, widgets=widgets, findings=len(findings), ipywidgets=len(UPSTREAM))
    assert not findings, "\n".join(map(str, findings[:40]))
    assert total >= 12 * 50

"""``import damas`` stays pure Python: the package runs in Pyodide (JupyterLite) as a plain wheel.

Each check runs in a fresh interpreter, so that what this test session imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Modules that need Jupyter or are compiled; none may be imported by the rules package.
HEAVY = ["numpy", "matplotlib", "PIL", "ipywidgets", "anywidget", "traitlets", "IPython", "psygnal",
         "scipy", "pandas", "comm", "ipykernel", "zmq"]


def _python(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _pure_modules() -> list[str]:
    """Every module of the package but the widget (ipywidgets/anywidget by design)."""
    names = []
    for path in sorted((ROOT / "damas").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[1] == "widget" or parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_import_damas_loads_no_heavy_or_compiled_module():
    modules = _pure_modules()
    assert "damas.rules.board" in modules and "damas.display.plot" in modules
    out = _python(f"""
        import importlib, json, sys, sysconfig
        import damas
        for name in {modules!r}:
            importlib.import_module(name)
        stdlib = (sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"])
        compiled = sorted(name for name, m in list(sys.modules.items())
                          if (getattr(m, "__file__", None) or "").endswith((".so", ".pyd"))
                          and not m.__file__.startswith(stdlib))
        print(json.dumps({{"loaded": sorted(sys.modules), "compiled": compiled}}))
    """)
    state = json.loads(out.strip().splitlines()[-1])
    heavy = [m for m in state["loaded"] if m.split(".")[0] in HEAVY]
    assert heavy == [], f"import damas pulled in {heavy}"
    assert state["compiled"] == [], f"import damas loaded compiled modules outside the stdlib: {state['compiled']}"


def test_the_package_declares_no_dependency():
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == [], "damas must install alone (pure Python, JupyterLite)"


def test_without_matplotlib_the_pictures_stop_with_a_portuguese_message():
    out = _python("""
        import sys
        sys.modules["matplotlib"] = None          # as in JupyterLite offline: import fails
        from damas import Board, DamasError
        from damas.display import plot
        for call in (lambda: plot.sequence_figure(Board(), ["c3-d4"]),
                     lambda: plot.draw_board(Board()),
                     lambda: plot.worksheet([], "x.pdf")):
            try:
                call()
            except DamasError as error:
                print(type(error).__name__, "|", error, "|", error._render_traceback_())
            else:
                print("NO ERROR")
        print(Board()._repr_svg_()[:4])           # the SVG pictures still work
    """)
    lines = out.strip().splitlines()
    assert len(lines) == 4 and lines[-1] == "<svg", out
    for line in lines[:3]:
        name, message, rendered = line.split(" | ")
        assert name == "MatplotlibMissingError"
        assert "matplotlib" in message and "não está instalado" in message and "JupyterLite" in message
        # IPython shows this one line instead of a traceback.
        assert rendered == repr([f"MatplotlibMissingError: {message}"])


def test_with_matplotlib_the_guard_changes_nothing():
    import pytest
    pytest.importorskip("matplotlib")
    from damas import Board
    from damas.display.plot import sequence_figure
    import matplotlib.pyplot as plt
    figure = sequence_figure(Board(), ["c3-d4"])
    assert len(figure.axes) == 2
    plt.close(figure)


def test_where_matplotlib_is_missing_a_chapters_own_import_gives_the_message():
    """``python -S``: no site-packages, so no matplotlib (as in JupyterLite offline)."""
    result = subprocess.run([sys.executable, "-S", "-c", textwrap.dedent("""
        import importlib.util
        assert importlib.util.find_spec("matplotlib") is None
        from damas.display.plot import MatplotlibMissingError, explain_missing_matplotlib
        try:
            import matplotlib.pyplot
        except ImportError as error:
            print("before:", type(error).__name__)
        explain_missing_matplotlib()
        explain_missing_matplotlib()                 # twice: one finder only
        import sys
        print("finders:", sum(type(f).__name__ == "_MissingMatplotlib" for f in sys.meta_path))
        for name in ("matplotlib", "matplotlib.pyplot"):
            try:
                __import__(name)
            except ImportError as error:              # also a DamasError
                print("after:", type(error).__name__, isinstance(error, ValueError), error._render_traceback_())
        import json, damas
        print("others:", json.__name__, damas.Board().fen())
    """)], capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "before: ModuleNotFoundError"
    assert lines[1] == "finders: 1"
    for line in lines[2:4]:
        assert line.startswith("after: MatplotlibMissingError True ['MatplotlibMissingError: Esta figura")
        assert "JupyterLite" in line
    assert lines[4].startswith("others: json W:")


def test_where_matplotlib_is_installed_the_finder_changes_nothing():
    import pytest
    pytest.importorskip("matplotlib")
    out = _python("""
        from damas.display.plot import explain_missing_matplotlib
        explain_missing_matplotlib()
        import matplotlib
        print(matplotlib.__name__, hasattr(matplotlib, "pyplot") or True)
    """)
    assert out.startswith("matplotlib True")

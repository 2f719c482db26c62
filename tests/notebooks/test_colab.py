"""The hidden install cell of every chapter (Colab, JupyterLite): ``scripts/colab_cell.py``.

* every numbered chapter has the current cell as its first code cell, after the title (run ``python scripts/colab_cell.py`` after
  editing a chapter or the cell);
* the script is idempotent and replaces an older version of the cell;
* in a fresh venv where ``import damas`` fails, the cell installs the package (from the wheel named
  by ``DAMAS_FONTE``) and ``import damas`` works; run again, it does nothing.
"""

from __future__ import annotations
from repo_paths import REPO

import copy
import json
import os
import shutil
import subprocess
import sys
import venv as _venv
from pathlib import Path

import pytest

ROOT = REPO
sys.path.insert(0, str(ROOT / "scripts"))
import colab_cell  # noqa: E402


def test_every_chapter_starts_with_the_install_cell():
    chapters = colab_cell.chapters()
    assert len(chapters) >= 13
    missing = [p.name for p in chapters
               if not colab_cell.has_current_cell(json.loads(p.read_text(encoding="utf-8")))]
    assert not missing, ("chapters without the current install cell (run `python scripts/colab_cell.py`): "
                         + ", ".join(missing))


def test_the_cell_is_first_hidden_tagged_and_the_script_idempotent(tmp_path):
    source = ROOT / "notebooks" / "03_Tomada.ipynb"
    path = tmp_path / source.name
    # The chapter as it was before the script (the repository's copy may hold the cell already,
    # executed by nbconvert).
    original = json.loads(source.read_text(encoding="utf-8"))
    original["cells"] = [c for c in original["cells"]
                         if colab_cell.TAG not in c.get("metadata", {}).get("tags", [])]
    colab_cell.write_notebook(path, original)
    colab_cell.apply([path])
    first = path.read_bytes()
    notebook = json.loads(first)
    assert notebook["cells"][0] == original["cells"][0]          # the title stays first
    cell = notebook["cells"][1]
    assert cell["cell_type"] == "code" and cell["metadata"]["jupyter"]["source_hidden"] is True
    assert colab_cell.TAG in cell["metadata"]["tags"] and cell["metadata"]["cellView"] == "form"
    # its first line is the Portuguese label JupyterLab shows beside a hidden cell's «•••»
    assert "".join(cell["source"]).splitlines()[0] == colab_cell.FIRST_LINE
    assert colab_cell.FIRST_LINE.startswith("# Instalação")
    # Nothing else changed: the chapter's own cells follow, as they were.
    strip = [c for c in original["cells"] if colab_cell.TAG not in c.get("metadata", {}).get("tags", [])]
    assert [notebook["cells"][0]] + notebook["cells"][2:] == strip
    # A second run changes no byte.
    assert colab_cell.apply([path]) == []
    assert path.read_bytes() == first
    # An older version of the cell is replaced, not doubled.
    old = copy.deepcopy(notebook)
    old["cells"][1]["source"] = ["# versão antiga\n"]
    old["cells"].insert(4, copy.deepcopy(old["cells"][1]))
    colab_cell.write_notebook(path, old)
    assert colab_cell.apply([path]) == [path]
    assert path.read_bytes() == first
    assert colab_cell.main(["--check", str(path)]) == 0


def test_the_check_reports_a_chapter_without_the_cell(tmp_path, capsys):
    path = tmp_path / "03_Tomada.ipynb"
    path.write_bytes((ROOT / "notebooks" / "03_Tomada.ipynb").read_bytes())
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"] = [c for c in notebook["cells"] if colab_cell.TAG not in c["metadata"].get("tags", [])]
    colab_cell.write_notebook(path, notebook)
    assert colab_cell.main(["--check", str(path)]) == 1
    assert "sem a célula de instalação" in capsys.readouterr().out


def test_no_install_cell_carries_a_placeholder_address():
    # issue 46: «every install cell still carries the placeholder https://github.com/OWNER/REPO»
    assert "OWNER" not in colab_cell.CELL_SOURCE and "REPO}" not in colab_cell.CELL_SOURCE
    if not colab_cell.REPOSITORY:
        assert "github.com" not in colab_cell.CELL_SOURCE
    for path in colab_cell.chapters():
        text = path.read_text(encoding="utf-8")
        assert "OWNER/REPO" not in text, path.name


def test_without_an_address_the_cell_says_in_portuguese_what_is_missing(tmp_path):
    """Where damas is missing (Colab) and no address is known, the cell installs nothing and says
    what it needs; it runs no command (no «git clone» of an empty or made-up address)."""
    from IPython.core.inputtransformer2 import TransformerManager
    if colab_cell.REPOSITORY:
        pytest.skip("the course's address is configured")
    script = tmp_path / "cell.py"
    script.write_text(TransformerManager().transform_cell(colab_cell.CELL_SOURCE), encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "DAMAS_FONTE", "DAMAS_ENDERECO", "VIRTUAL_ENV")}
    # -S: no site-packages, so «import damas» fails as on a fresh Colab.  The cell awaits at its top
    # level (JupyterLite's branch), as IPython allows: run it the way IPython's autoawait does.
    runner = ("import ast, asyncio, sys\n"
              "path = sys.argv[1]\n"
              "code = compile(open(path, encoding='utf-8').read(), path, 'exec', flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)\n"
              "result = eval(code, {'__name__': '__main__'})\n"
              "if asyncio.iscoroutine(result):\n"
              "    asyncio.run(result)\n")
    result = subprocess.run([sys.executable, "-S", "-c", runner, str(script)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == colab_cell.NO_ADDRESS
    assert "endereço" in colab_cell.NO_ADDRESS and "DAMAS_ENDERECO" in colab_cell.NO_ADDRESS


@pytest.fixture(scope="module")
def damas_wheel(tmp_path_factory):
    """The package's wheel, built from a copy of the checkout (the checkout stays clean)."""
    out = tmp_path_factory.mktemp("wheel")
    src = out / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "notebooks",
        "tests", "benchmarks", "lite", "tmp"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(src)],
                   check=True, cwd=out, timeout=600)
    return next(out.glob("damas-*.whl"))


@pytest.mark.slow
def test_the_cell_installs_damas_in_a_fresh_venv_then_does_nothing(tmp_path, damas_wheel):
    env_dir = tmp_path / "venv"
    _venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["HOME"] = str(tmp_path)        # no user site-packages of this machine
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "ipython"], check=True, env=env, timeout=600)
    before = subprocess.run([str(python), "-c", "import damas"], env=env, cwd=tmp_path, capture_output=True,
                            text=True)
    assert before.returncode != 0 and "No module named 'damas'" in before.stderr

    cell = tmp_path / "cell.ipy"
    cell.write_text(colab_cell.CELL_SOURCE + "import damas\nprint('damas em', damas.__file__)\n", encoding="utf-8")
    run_env = dict(env, DAMAS_FONTE=str(damas_wheel))

    def run_cell():
        result = subprocess.run([str(env_dir / "bin" / "ipython"), "--quick", "--no-banner", "--colors=nocolor",
                                 str(cell)], cwd=tmp_path, env=run_env, capture_output=True, text=True,
                                timeout=600)
        assert result.returncode == 0 and "Error" not in result.stdout + result.stderr, \
            result.stdout + result.stderr
        return result.stdout

    first = run_cell()
    assert colab_cell.INSTALLED in first
    assert str(env_dir) in first.split("damas em", 1)[1]            # into the venv, from the wheel
    after = subprocess.run([str(python), "-c", "import damas, sys; print(damas.Board().fen())"], env=env,
                           cwd=tmp_path, capture_output=True, text=True)
    assert after.returncode == 0, after.stderr
    # Where damas is installed the cell installs nothing (no pip, no message).
    second = run_cell()
    assert colab_cell.INSTALLED not in second and "damas em" in second
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=json"], env=env, capture_output=True,
                            text=True, check=True)
    assert any(p["name"] == "damas" for p in json.loads(listed.stdout))

"""Insert (or update) the hidden install cell at the top of every numbered chapter (after its title).

    python scripts/colab_cell.py            # notebooks/[0-9][0-9]_*.ipynb and Historia.ipynb, in place
    python scripts/colab_cell.py --check    # exit 1 if a chapter lacks the current cell
    python scripts/colab_cell.py A.ipynb …  # only these notebooks

The cell installs the course's package where it is missing and does nothing where
``import damas`` already works (a local install, Binder, JupyterHub):

* on Colab it clones the course's repository (``REPOSITORY``, or the address a teacher gives in
  ``DAMAS_ENDERECO``; the clone has the data the chapters read), installs the package from it and
  moves into its ``notebooks`` folder; with no address it says so in Portuguese (what is missing,
  and how to give it) and installs nothing: the cell carries no placeholder address;
* in JupyterLite (``sys.platform == 'emscripten'``) it installs the wheel bundled in the site, then
  awaits :func:`damas.course.kit.lite.prepare`: the course's files and the stars work even where
  the browser gives the site no service worker (a school server on plain HTTP);
* ``DAMAS_FONTE`` (a path, wheel or pip requirement) overrides the source: the tests use it.

The cell is the chapter's first code cell, right after the title (the tests want the title first),
hidden (``source_hidden``; Colab's ``cellView: form``) and tagged ``instalar-damas``. Its first line
is a Portuguese comment, the label JupyterLab shows beside the «•••» of a hidden cell (issue 46:
no code in sight). Running the script again changes nothing. Fill ``REPOSITORY`` once the course's
public address is known, then run the script again: every chapter gets the address.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TAG = "instalar-damas"
CELL_ID = "instalar-damas"
# The course's public repository ("" while it is not known: the cell then asks for one, in
# Portuguese, and carries no placeholder address).
REPOSITORY = ""

FIRST_LINE = "# Instalação do curso (só no Colab e no JupyterLite; nos outros lugares não faz nada)"
#: What the cell prints when it has no address to install from (Colab without REPOSITORY).
NO_ADDRESS = ("O curso não foi instalado: falta o endereço dele na internet (um repositório git). "
              "Peça o endereço ao professor, escreva numa célula acima desta "
              "%env DAMAS_ENDERECO=<o endereço> e execute esta célula de novo.")
INSTALLED = "Curso de damas instalado."

CELL_SOURCE = f"""\
{FIRST_LINE}
import importlib, importlib.util, os, sys
if importlib.util.find_spec('damas') is None:
    FONTE = os.environ.get('DAMAS_FONTE', '')
    ENDERECO = os.environ.get('DAMAS_ENDERECO', {REPOSITORY!r})
    if sys.platform == 'emscripten':
        # JupyterLite: o pacote vem dentro do próprio site.
        %pip install -q damas anywidget
        from damas.course.kit.lite import prepare
        await prepare()
    elif FONTE:
        %pip install -q {{FONTE}}
    elif ENDERECO:
        # Colab: baixa o curso (com os dados dos capítulos) e instala o pacote.
        PASTA = os.path.expanduser('~/damas-curso')
        if not os.path.isdir(PASTA):
            !git clone -q --depth 1 {{ENDERECO}} {{PASTA}}
        %pip install -q {{PASTA}}
        os.chdir(os.path.join(PASTA, 'notebooks'))
    importlib.invalidate_caches()
    if importlib.util.find_spec('damas') is None:
        print({NO_ADDRESS!r})
    else:
        import damas
        print({INSTALLED!r})
"""


def install_cell() -> dict:
    """The cell, as nbformat 4.5 JSON."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": CELL_ID,
        "metadata": {
            "cellView": "form",
            "jupyter": {"source_hidden": True},
            "tags": [TAG, "hide-input"],
        },
        "outputs": [],
        "source": CELL_SOURCE.splitlines(keepends=True),
    }


def _is_install_cell(cell: dict) -> bool:
    return cell.get("cell_type") == "code" and TAG in cell.get("metadata", {}).get("tags", [])


def _position(cells: list) -> int:
    """Where the cell goes: right after the title (the chapter's first, markdown, cell), else first."""
    if cells and cells[0].get("cell_type") == "markdown":
        source = cells[0]["source"]
        if ("".join(source) if isinstance(source, list) else source).startswith("# "):
            return 1
    return 0


def has_current_cell(notebook: dict) -> bool:
    """True when the first code cell is the install cell with the current source, right after the title."""
    cells = notebook.get("cells", [])
    at = _position(cells)
    if len(cells) <= at or not _is_install_cell(cells[at]):
        return False
    source = cells[at]["source"]
    wanted = install_cell()["metadata"]
    metadata = cells[at].get("metadata", {})
    return (("".join(source) if isinstance(source, list) else source) == CELL_SOURCE
            and all(metadata.get(k) == v for k, v in wanted.items()))


def ensure_cell(notebook: dict) -> bool:
    """Put the current install cell after the title (removing older copies); True if anything changed."""
    if has_current_cell(notebook) and sum(map(_is_install_cell, notebook["cells"])) == 1:
        return False
    cells = notebook.get("cells", [])
    at = _position(cells)
    if sum(map(_is_install_cell, cells)) == 1 and len(cells) > at and _is_install_cell(cells[at]):
        # The cell is in its place: only its source and its metadata change (its run count and
        # timings stay, so that a new address touches the same lines in every notebook).
        fresh = install_cell()
        cells[at]["source"] = fresh["source"]
        cells[at]["outputs"] = []
        cells[at].setdefault("metadata", {}).update(fresh["metadata"])
        return True
    cells = [c for c in notebook.get("cells", []) if not _is_install_cell(c)]
    at = _position(cells)
    notebook["cells"] = cells[:at] + [install_cell()] + cells[at:]
    if notebook.get("nbformat", 4) == 4 and notebook.get("nbformat_minor", 0) < 5:
        notebook["nbformat_minor"] = 5
    return True


def write_notebook(path: Path, notebook: dict) -> None:
    """Write as nbformat does (one-space indent, sorted keys, UTF-8, final newline)."""
    path.write_text(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


#: Readings outside the numbered sequence that run code too (damas.course.kit.chapter_list.EXTRAS).
EXTRAS = ("Historia.ipynb", "Glossario.ipynb")


def chapters(folder: Path = NOTEBOOKS) -> list[Path]:
    """The numbered chapters and the readings outside the sequence."""
    return sorted(folder.glob("[0-9][0-9]_*.ipynb")) + [folder / n for n in EXTRAS if (folder / n).exists()]


def apply(paths) -> list[Path]:
    """Ensure the cell in each notebook; return the ones that changed."""
    changed = []
    for path in paths:
        path = Path(path)
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if ensure_cell(notebook):
            write_notebook(path, notebook)
            changed.append(path)
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="only check, change nothing")
    args = parser.parse_args(argv)
    paths = args.notebooks or chapters()
    if args.check:
        missing = [p for p in paths if not has_current_cell(json.loads(Path(p).read_text(encoding="utf-8")))]
        for path in missing:
            print(f"sem a célula de instalação atual: {path}")
        return 1 if missing else 0
    for path in apply(paths):
        print(f"atualizado: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

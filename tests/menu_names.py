"""The JupyterLab menu names the course quotes, and where they come from.

The chapters and the guides tell a student or a teacher which menu item to
choose, written ``**Executar → Executar todas as células**``.  The top menu's
name comes from the course's own settings (``jupyter-settings/overrides.d/
damas.json``: the language pack has no Portuguese name for most top menus);
an item's name comes from the installed pt-BR language pack's catalogue.
``tests/notebooks/test_menu_names.py`` holds the quotes against the catalogue;
``tests/browser/test_browser_course.py`` against the menus Lab draws.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from repo_paths import NOTEBOOKS, REPO

COURSE_SETTINGS = REPO / "jupyter-settings" / "overrides.d" / "damas.json"
MAIN_MENU = "@jupyterlab/mainmenu-extension:plugin"
#: the texts a student or a teacher reads that may name a menu item
TEXTS = sorted(NOTEBOOKS.glob("*.ipynb")) + [NOTEBOOKS / "GUIA_DO_PROFESSOR.md", REPO / "README.md",
                                             REPO / "docs" / "ESCOLA.md"]
# "**Top → Item**" or "*Top → Item*" (a quoted path through the menus)
QUOTED_PATH = re.compile(r"\*{1,2}([^*\n]+? → [^*\n]+?)\*{1,2}")


def course_settings() -> dict:
    return json.loads(COURSE_SETTINGS.read_text(encoding="utf-8"))


def course_top_labels() -> dict[str, str]:
    """{menu id: the name the course gives it} (jp-mainmenu-file: Arquivo, ...)."""
    return {menu["id"]: menu["label"] for menu in course_settings()[MAIN_MENU]["menus"]}


def _text(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def quoted_paths() -> list[tuple[str, list[str]]]:
    """[(file name, [top menu, item, ...]), ...] for every menu path the texts quote."""
    return [(path.name, [part.strip() for part in match.split(" → ")])
            for path in TEXTS if path.exists() for match in QUOTED_PATH.findall(_text(path))]


def catalogue() -> dict[str, str]:
    """The installed pt-BR language pack's JupyterLab catalogue: {English: Portuguese}."""
    import jupyterlab_language_pack_pt_BR as pack
    path = Path(pack.__file__).parent / "locale" / "pt_BR" / "LC_MESSAGES" / "jupyterlab.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {key: value[0] for key, value in data.items() if key and isinstance(value, list) and value[0]}


def lab_main_menus() -> list[tuple[str, str]]:
    """[(menu id, English label)] of the installed JupyterLab's menu bar."""
    from jupyterlab.commands import get_app_dir
    schema = Path(get_app_dir()) / "schemas" / "@jupyterlab" / "mainmenu-extension" / "plugin.json"
    menus = json.loads(schema.read_text(encoding="utf-8"))["jupyter.lab.menus"]["main"]
    return [(menu["id"], menu["label"]) for menu in menus]

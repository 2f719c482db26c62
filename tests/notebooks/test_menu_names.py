"""The menu names the chapters and guides quote exist in the Portuguese JupyterLab.

A quoted path ``**Executar → Executar todas as células**``: its top menu is one the course's
settings name, and each item below it is a Portuguese name of the installed language pack's
catalogue (the browser test checks that Lab draws it in that menu).  Every top menu of the
installed Lab gets a Portuguese name from the course's settings.
"""

import pytest

from menu_names import catalogue, course_settings, course_top_labels, lab_main_menus, quoted_paths

pytest.importorskip("jupyterlab_language_pack_pt_BR", reason="pip install -r requirements.txt")


def test_the_chapters_and_guides_quote_menu_paths():
    files = {name for name, _path in quoted_paths()}
    assert {"00_Comece_aqui.ipynb", "GUIA_DO_PROFESSOR.md"} <= files, files


@pytest.mark.parametrize("where, path", quoted_paths(), ids=lambda v: v if isinstance(v, str) else " → ".join(v))
def test_a_quoted_menu_path_names_real_items(where, path):
    top, *items = path
    assert top in course_top_labels().values(), f"{where}: no top menu is called {top!r}"
    translated = set(catalogue().values())
    for item in items:
        assert item in translated, f"{where}: {item!r} is not a name in the pt-BR catalogue"


def test_every_top_menu_has_a_portuguese_name():
    labels = course_top_labels()
    pack = catalogue()
    missing = [menu_id for menu_id, _english in lab_main_menus() if menu_id not in labels]
    assert not missing, f"menus the course's settings do not name: {missing}"
    for menu_id, english in lab_main_menus():
        # where the pack has the name, the course uses the pack's
        if english in pack:
            assert labels[menu_id] == pack[english], (menu_id, labels[menu_id], pack[english])
        assert labels[menu_id] != english or english == "Kernel", (menu_id, english)


def test_no_news_prompt():
    notification = course_settings()["@jupyterlab/apputils-extension:notification"]
    assert notification["fetchNews"] == "false" and notification["checkForUpdates"] is False

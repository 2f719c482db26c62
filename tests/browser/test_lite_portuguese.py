"""The JupyterLite site speaks Portuguese: its menus, from the pt-BR language pack built into it.

``lite/build.py`` puts ``jupyterlab-language-pack-pt-BR`` into the site (``api/translations/pt_BR.json``),
adds the menu bar's titles that the pack leaves in English (``lite/pt_BR_menus.json``) and makes
pt_BR the default locale (``settingsOverrides`` in ``lite/jupyter-lite.json``).  In Chromium, with no
setting changed by the student, the menu bar reads «Arquivo Editar ...» and the pack's own words
show (the «Executar» menu's «Run All Cells», the file browser's «Name» column).
"""

from __future__ import annotations

import json

from repo_paths import REPO
from test_lite import STEP_TIMEOUT

MENU_LABELS = "#jp-MainMenu .lm-MenuBar-itemLabel"


def test_lite_menus_are_in_portuguese(lite):
    server, context, _requests = lite
    extra = json.loads((REPO / "lite" / "pt_BR_menus.json").read_text(encoding="utf-8"))["menu"]
    with open(server.folder / "api" / "translations" / "pt_BR.json", encoding="utf-8") as f:
        pack = json.load(f)["data"]["jupyterlab"]
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(f"{server.url}/lab/index.html?path=notebooks/00_Comece_aqui.ipynb")
        wanted = [extra[word] for word in ("File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help")]
        # The titles are drawn in English first, then again once the pack has loaded: wait for it.
        page.wait_for_function("([sel, first]) => { const e = document.querySelector(sel);"
                               " return !!e && e.textContent === first; }", arg=[MENU_LABELS, wanted[0]])
        labels = [e.inner_text() for e in page.query_selector_all(MENU_LABELS)]
        assert labels == wanted, labels
        assert labels[0] == "Arquivo"
        # The pack's own words, not only the titles the build adds: the file browser's column and
        # an item of the «Executar» menu.
        page.locator(".jp-DirListing-headerItem", has_text=pack["Name"][0]).first.wait_for()
        # The «Executar» menu names its notebook items once a notebook is the current tab.
        page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                               " return !!w && !!w.content && w.content.widgets.length > 0; }")
        page.locator(MENU_LABELS, has_text=extra["Run"]).click()
        words = pack["Run All Cells"][0]
        assert words != "Run All Cells"
        page.wait_for_function(f"() => Array.from(document.querySelectorAll('.lm-Menu-itemLabel'))"
                               f".some((e) => e.textContent === {json.dumps(words)})")
        items = page.evaluate("() => Array.from(document.querySelectorAll('.lm-Menu-itemLabel'))"
                              ".map((e) => e.textContent)")
        assert words in items, items
        # The items JupyterLab labels with a count, which the pack lacks and the build adds.
        plural = json.loads((REPO / "lite" / "pt_BR_menus.json").read_text(encoding="utf-8"))["plural"]
        for english, (one, _many) in plural.items():
            assert one in items and english not in items, items
        # «%1 and %2» joins two commands in one item: in Portuguese, «e»
        assert not any(" and " in item for item in items), items
        page.screenshot(path=str(REPO / "tests" / "browser_screenshots" / "lite_menus_pt_BR.png"))
    finally:
        page.close()

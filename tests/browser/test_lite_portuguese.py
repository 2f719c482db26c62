"""The JupyterLite site speaks Portuguese (issue 45 item 4, issue 46 item 3): no English word on a
student's screen, menus, toolbars and tooltips included.

``lite/build.py`` puts ``jupyterlab-language-pack-pt-BR`` into the site (``api/translations/pt_BR.json``),
adds the phrases the pack leaves in English (``jupyter-settings/damas_jupyter_settings/pt_BR.json``:
the menu bar's titles, the toolbar's tooltips, the menus' items), makes pt_BR the default locale and
gives the site the course's JupyterLab settings (``jupyter-settings/overrides.d``: no status bar).  In
Chromium, with no setting changed by the student:

* the course's view (the site's address: one notebook) shows no English word, at rest, at the end
  of the chapter, and in every menu (:mod:`english_words` reads what the screen shows), on a desktop
  here and on a phone in ``test_lite_course_view.py``;
* so does JupyterLab's view of the site (``lab/``), where the status bar said «Modo: Command» and
  «Idle» and the file list «Modified»;
* the menu bar reads «Arquivo Editar ...» and the «Executar» menu the pack's and the build's words.
"""

from __future__ import annotations

import json

from course_view import STEP_TIMEOUT, course_url, wait_run
from english_words import CHROME, english_items, menus_english
from repo_paths import REPO
from test_lite import KERNEL_IDLE, SHOTS

MENU_LABELS = "#jp-MainMenu .lm-MenuBar-itemLabel"
WORDS = REPO / "jupyter-settings" / "damas_jupyter_settings" / "pt_BR.json"
#: The Settings menu's «Idioma» submenu lists the languages by their own names («English»): the
#: menus are opened, not their submenus.


def english_at_rest_and_at_the_end(page, allowed=()):
    found = english_items(page.evaluate(CHROME), allowed)
    page.evaluate("""async () => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      nb.activeCellIndex = nb.widgets.length - 1;
      await nb.scrollToItem(nb.widgets.length - 1);
    }""")
    page.locator(".jp-Notebook-footer, .jp-Notebook").last.wait_for()
    found += english_items(page.evaluate(CHROME), allowed)
    # A collapsed section («Para saber mais») shows JupyterLab's «N cells hidden» button.
    collapsed = page.evaluate("""async () => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      const index = nb.widgets.findIndex((c) => c.headingCollapsed);
      if (index >= 0) await nb.scrollToItem(index);
      return index;
    }""")
    if collapsed >= 0:
        page.locator(".jp-showHiddenCellsButton").first.wait_for()
        found += english_items(page.evaluate(CHROME), allowed)
    return found


def test_the_course_view_has_no_english_word(lite):
    # (a phone's view is checked the same way in test_lite_course_view.py's phone test)
    server, context, _requests = lite
    width, height = 1280, 900
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(course_url(server.url, "notebooks/02_Movimento.ipynb"))
        wait_run(page)
        found = english_at_rest_and_at_the_end(page)
        found += menus_english(page)
        assert not found, found
        page.screenshot(path=str(SHOTS / f"lite_portugues_{width}.png"))
    finally:
        page.close()


def test_the_lab_view_of_the_site_has_no_english_word(lite):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(f"{server.url}/lab/index.html?path=notebooks/02_Movimento.ipynb")
        page.wait_for_function(KERNEL_IDLE, timeout=180_000)
        page.locator(".jp-DirListing-content .jp-DirListing-item").first.wait_for()
        assert page.locator(".jp-StatusBar-Widget:visible, #jp-main-statusbar:visible").count() == 0
        # A tab's tooltip says «Último ponto de verificação: None» (unreachable, see english_words)
        found = english_items(page.evaluate(CHROME), ("None",)) + menus_english(page, ("None",))
        assert not found, found
        page.screenshot(path=str(SHOTS / "lite_lab_portugues.png"))
    finally:
        page.close()


def test_lite_menus_are_in_portuguese(lite):
    server, context, _requests = lite
    extra = json.loads(WORDS.read_text(encoding="utf-8"))
    with open(server.folder / "api" / "translations" / "pt_BR.json", encoding="utf-8") as f:
        pack = json.load(f)["data"]["jupyterlab"]
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(f"{server.url}/lab/index.html?path=notebooks/00_Comece_aqui.ipynb")
        # Each title: the course's word, or a word the site's translation gives it (the pack's own
        # words win: «View» is the pack's «Visualizar», from the domain of the menus' settings).
        site_words = json.loads((server.folder / "api" / "translations" / "pt_BR.json").read_text(encoding="utf-8"))
        english = ("File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help")
        wanted = [{extra["menu"][word]} | {strings[key][0] for strings in site_words["data"].values()
                                           for key in (word, f"menu\x04{word}") if strings.get(key)}
                  for word in english]
        # The titles are drawn in English first, then again once the pack has loaded: wait for it.
        page.wait_for_function("([sel, first]) => { const e = document.querySelector(sel);"
                               " return !!e && e.textContent === first; }", arg=[MENU_LABELS, extra["menu"]["File"]])
        labels = [e.inner_text() for e in page.query_selector_all(MENU_LABELS)]
        assert len(labels) == len(english) and all(label in words for label, words in zip(labels, wanted)), labels
        assert not set(labels) & (set(english) - {"Kernel"}), labels
        # The pack's own words, not only the titles the build adds: the file browser's column and
        # an item of the «Executar» menu.
        page.locator(".jp-DirListing-headerItem", has_text=pack["Name"][0]).first.wait_for()
        # The «Executar» menu names its notebook items once a notebook is the current tab.
        page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                               " return !!w && !!w.content && w.content.widgets.length > 0; }")
        page.locator(MENU_LABELS, has_text=extra["menu"]["Run"]).click()
        words = pack["Run All Cells"][0]
        assert words != "Run All Cells"
        page.wait_for_function(f"() => Array.from(document.querySelectorAll('.lm-Menu-itemLabel'))"
                               f".some((e) => e.textContent === {json.dumps(words)})")
        items = page.evaluate("() => Array.from(document.querySelectorAll('.lm-Menu-itemLabel'))"
                              ".map((e) => e.textContent)")
        assert words in items, items
        # The items JupyterLab labels with a count, which the pack lacks and the build adds.
        for english in ("Run Selected Cell", "Run Selected Cell and Insert Below", "Run Selected Cell and Do not Advance"):
            one, _many = extra["plural"][english]
            assert one in items and english not in items, items
        # «%1 and %2» joins two commands in one item: in Portuguese, «e»
        assert not any(" and " in item for item in items), items
        page.screenshot(path=str(REPO / "tests" / "browser_screenshots" / "lite_menus_pt_BR.png"))
    finally:
        page.close()

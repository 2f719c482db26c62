"""Chapter 09 (the endgames) runs to the end in JupyterLite, with the 8x8 tables the site ships.

The Brazilian endgame tables travel inside the site's wheel (``damas/engine/tables``); on Pyodide
``damas.engine.endgames.cache_dir()`` is that folder (``endgames.SHIPPED_FOLDER``), so the chapter
reads them instead of building them in the browser, and needs no file of the site (a school server
on plain HTTP gives the page no drive).  «Run all» ends with no error, the endgame board (the
drill's widget) is drawn, and no table was asked of the server.
"""

from __future__ import annotations

import time

from test_lite import SHOTS, WIDGET, _kernel, _open_and_run


def test_lite_chapter_09_runs_with_the_shipped_tables(lite):
    server, _context, _requests = lite
    start = time.monotonic()
    page = _open_and_run(lite, "notebooks/09_Finais.ipynb")
    try:
        seconds = time.monotonic() - start
        out = _kernel(page, "from damas.engine import endgames\nimport os\n"
                            "print(endgames.cache_dir(), sorted(os.listdir(endgames.cache_dir())))")
        folder, _, names = out.partition(" ")
        assert folder.endswith("/site-packages/damas/engine/tables"), out
        assert "brazilian-KKKvK.egtb" in names, out
        # The tables came with the package: none was asked of the server.
        assert not [p for p in server.fetched if p.endswith(".egtb")], server.fetched[-30:]
        page.evaluate("""async () => {
          const nb = window.jupyterapp.shell.currentWidget.content;
          const i = nb.widgets.findIndex((c) => c.model.type === "code"
            && c.model.sharedModel.getSource().split("\\n").pop() === "drill()");
          nb.activeCellIndex = i;
          await nb.scrollToItem(i);
        }""")
        page.wait_for_selector(f"{WIDGET} svg.damas-board")
        page.locator(WIDGET).first.screenshot(path=str(SHOTS / "lite_09_finais.png"))
        print(f"chapter 09 in JupyterLite: {seconds:.0f} s from opening to the end of «Run all»")
    finally:
        page.close()

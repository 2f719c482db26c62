"""The browser tests' fixtures: what a run starts once, and what each test gets fresh.

Started once per run (per pytest-xdist worker), since each costs seconds of CPU:

* ``chromium``: one Chromium (Debian's, driven by playwright);
* ``lab_server``: one JupyterLab, serving a folder into which each test copies the course;
* ``voila_server``: one Voilà, serving a copy of ``notebooks/`` and ``puzzles/``;
* ``lite_site``: the JupyterLite site, built once (``lite/build.py --offline``, or the one
  ``DAMAS_LITE_SITE`` names) and served on localhost.

Fresh for each test, so that no test sees what another one left:

* ``browser``: a new browser context (its own storage, cookies, pages);
* ``lab``: that context, the JupyterLab, a copy of the course of the test's own (Lab saves the
  notebooks it runs, and a saved notebook is trusted), the students' progress folder emptied
  first and every kernel shut down after;
* ``voila``: that context, the Voilà, its progress folder emptied first;
* ``lite``: that context on the JupyterLite site (its browser storage is the student's files),
  with the requests it made; none may leave localhost.

Servers with another environment (a trusted notary, the endgame tables, a named student) are
module fixtures of the files that need them, built with ``browser_kit``.
"""

from __future__ import annotations

import pytest

from browser_kit import (
    CHROMIUM_ARGS, ROOT, SHOTS, VIEWPORT, Site, StaticSite, _chromium, _chromium_problems, _copy_course,
    _require_browser, built_site, empty_progress, own_site, running_lab, running_voila, shut_down_kernels,
    skip_or_fail,
)

#: The JupyterLab test notebook, copied beside each test's course.
LAB_NOTEBOOK = ROOT / "tests" / "browser" / "tabuleiro.ipynb"


@pytest.fixture(scope="session")
def chromium():
    """One Chromium for the run; each test opens its own context in it (``browser``)."""
    problems = _chromium_problems()
    if problems:
        skip_or_fail(problems)
    from playwright.sync_api import sync_playwright
    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser(chromium):
    """A fresh browser context: nothing of an earlier test's pages or storage."""
    context = chromium.new_context(viewport=VIEWPORT)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    _require_browser()
    root = tmp_path_factory.mktemp("lab")
    (root / "site").mkdir()
    with running_lab(root / "site", root) as server:
        yield server


@pytest.fixture
def lab(lab_server, browser, request):
    """The JupyterLab, seen by a fresh context, with the course copied into the test's own folder
    (``lab.path("notebooks/03_Tomada.ipynb")``), tabuleiro.ipynb beside it, no progress saved yet;
    every kernel is shut down after the test."""
    site = own_site(lab_server, browser, request, extra=[LAB_NOTEBOOK])
    empty_progress(lab_server)
    try:
        yield site
    finally:
        shut_down_kernels(lab_server)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """One Voilà for the apps of notebooks/ (each at /voila/render/<name>)."""
    _require_browser()
    root = tmp_path_factory.mktemp("voila")
    site = _copy_course(root)
    with running_voila(site / "notebooks", root) as server:
        yield server


@pytest.fixture
def voila(voila_server, browser):
    """The Voilà, seen by a fresh context, with no progress saved yet (Voilà saves no notebook,
    and each page is a new kernel)."""
    empty_progress(voila_server)
    return Site(voila_server, browser)


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    server = StaticSite(built_site(tmp_path_factory))
    try:
        yield server
    finally:
        server.stop()


class LiteView:
    """The JupyterLite site as one test sees it: its URL, its folder and the paths asked of it
    since the test began."""

    def __init__(self, site: StaticSite):
        self.url = site.url
        self.folder = site.folder
        self._site = site
        self._start = len(site.fetched)

    @property
    def fetched(self) -> list[str]:
        return self._site.fetched[self._start:]


@pytest.fixture
def lite(lite_site, chromium):
    """(the site, a fresh browser context, the URLs that context asked for).  A fresh context
    is a student opening the site for the first time: in a shared one, JupyterLite reopens the
    notebooks of earlier tests, and its storage holds their files.  Every request must stay on
    localhost."""
    context = chromium.new_context(viewport=VIEWPORT)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        yield LiteView(lite_site), context, requests
    finally:
        context.close()
    foreign = [u for u in requests if not u.startswith((lite_site.url, "data:", "blob:", "about:"))]
    assert not foreign, f"the site asked for something outside localhost: {foreign[:10]}"

"""Collection-wide settings: which files pytest reads, and the markers given by where a test lives.

- ``tests/browser/``: ``browser`` and ``slow`` (a real Chromium, a server, seconds per test);
- ``tests/notebooks/``: ``notebooks`` (static checks of the chapters);
- nbval's cells of ``notebooks/*.ipynb``: ``notebooks`` and ``slow`` (a kernel per chapter).

Other slow tests carry ``@pytest.mark.slow`` in their own file.  ``pytest -m "not slow"`` is
the quick loop; plain ``pytest`` runs everything, as CI does.
"""

from pathlib import Path

import pytest

# nbval checks the course notebooks only; notebooks under tests/ are fixtures of the browser test.
collect_ignore_glob = ["tests/*/*.ipynb"]

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath)).resolve()
        try:
            parts = path.relative_to(HERE).parts
        except ValueError:
            continue
        if parts[:2] == ("tests", "browser"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
        elif parts[:2] == ("tests", "notebooks"):
            item.add_marker(pytest.mark.notebooks)
        elif parts[0] == "notebooks" and path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
            item.add_marker(pytest.mark.slow)

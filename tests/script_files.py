"""For the tests: a script of the repository (under benchmarks/, scripts/ or
lite/, which are not packages) loaded as a module."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative_path, name=None):
    """The module of the file ``relative_path`` (from the repository's root),
    executed afresh, named ``name`` (by default the file's stem)."""
    path = ROOT / relative_path
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""How a legacy module is made: every name of its new modules, and the old names beside them."""

from __future__ import annotations

import importlib


def reexport(namespace: dict, modules, old_names: dict) -> None:
    """Fill ``namespace`` (a legacy module's globals) with every name of ``modules``
    (dotted names) and each old name of ``old_names`` (old -> new) bound to the
    same object as its new name; ``__all__`` lists the old names first."""
    names = []
    for module in modules:
        module = importlib.import_module(module)
        public = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        namespace.update((n, v) for n, v in vars(module).items() if not n.startswith("__"))
        names += [n for n in public if n not in names]
    for old, new in old_names.items():
        namespace.setdefault(old, namespace[new])
    namespace["__all__"] = list(old_names) + [n for n in names if n not in old_names]

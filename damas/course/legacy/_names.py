"""How a legacy module is made: every name of its new modules, and the old names beside them."""

from __future__ import annotations

import importlib


def reexport(namespace: dict, modules, old_names: dict) -> None:
    """Fill ``namespace`` (a legacy module's globals) with every name of ``modules``
    (dotted names) and each old name of ``old_names`` (old -> new) bound to the
    same object as its new name; ``__all__`` lists the old names first."""
    from damas.rules.args import refuse
    if not isinstance(namespace, dict):
        raise refuse("namespace", "o dicionário de nomes de um módulo (globals())", namespace)
    if not isinstance(modules, (list, tuple)) or not all(isinstance(m, str) and m.startswith("damas.") for m in modules):
        raise refuse("modules", "uma lista de nomes de módulos do pacote, como ['damas.course.history']", modules)
    if not isinstance(old_names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in old_names.items()):
        raise refuse("old_names", "um dicionário de nomes (antigo -> novo)", old_names)
    names = []
    for module in modules:
        module = importlib.import_module(module)
        public = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        namespace.update((n, v) for n, v in vars(module).items() if not n.startswith("__"))
        names += [n for n in public if n not in names]
    for old, new in old_names.items():
        namespace.setdefault(old, namespace[new])
    namespace["__all__"] = list(old_names) + [n for n in names if n not in old_names]

"""Classes built from pieces kept in other files: what the cohesion rule of tests/test_layers.py finds.

A *piece* is a class of the package that serves one other class only: that class alone has it
as a base, and nothing else in the package names it (no instance made, no ``isinstance``, no
second subclass).  A piece in another file than its whole is a class split over files (a mixin
made to keep a file under a line cap), which the rule forbids: a class lives in one file.

Read from the source with :mod:`ast` (nothing is imported), so a broken module is still read.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Piece:
    piece: str          # "damas.widget.clicks.ClickMixin"
    whole: str          # "damas.widget.board.BoardWidget"

    def __str__(self):
        return f"{self.piece} (a piece of {self.whole})"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute module of ``from <dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([target] if target else []))


class _Module:
    def __init__(self, name: str, path: Path, root: Path):
        self.name = name
        self.tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        self.classes = {node.name: node for node in self.tree.body if isinstance(node, ast.ClassDef)}
        self.names: dict[str, tuple[str, str]] = {}     # local name -> (module, name) imported
        self.modules: dict[str, str] = {}               # local name -> module imported
        self.import_nodes: set[int] = set()
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom):
                self.import_nodes.add(id(node))
                source = _absolute(name, is_package, node.level, node.module)
                for alias in node.names:
                    self.names[alias.asname or alias.name] = (source, alias.name)
            elif isinstance(node, ast.Import):
                self.import_nodes.add(id(node))
                for alias in node.names:
                    if alias.asname:
                        self.modules[alias.asname] = alias.name
                    else:
                        self.modules[alias.name.split(".")[0]] = alias.name.split(".")[0]


def _read(root: Path, package: str) -> dict[str, _Module]:
    return {m.name: m for m in (_Module(_module_name(p, root), p, root)
                                for p in sorted((root / package).rglob("*.py")))}


def _resolve(modules: dict[str, _Module], module: str, name: str, depth: int = 0) -> str | None:
    """The package class that ``name`` means in ``module`` ("mod.Class"), following imports and
    re-exports; None for anything else."""
    here = modules.get(module)
    if here is None or depth > 10:
        return None
    if name in here.classes:
        return f"{module}.{name}"
    if name in here.names:
        source, original = here.names[name]
        if f"{source}.{original}" in modules:           # a module imported by name
            return None
        return _resolve(modules, source, original, depth + 1)
    return None


def _target(modules: dict[str, _Module], module: str, node: ast.AST) -> str | None:
    """The package class an expression names (``Name`` or ``module.Name``), or None."""
    if isinstance(node, ast.Name):
        return _resolve(modules, module, node.id)
    if isinstance(node, ast.Attribute):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name):
            here = modules[module]
            head = here.modules.get(node.id)
            if head is None and node.id in here.names:
                source, original = here.names[node.id]
                head = f"{source}.{original}" if f"{source}.{original}" in modules else None
            if head is not None:
                parts.reverse()
                path = ".".join([head] + parts[:-1])
                return _resolve(modules, path, parts[-1])
    return None


def find_pieces(root: Path, package: str = "damas") -> list[Piece]:
    """Every piece of ``package`` (under ``root``) that lives in another file than its whole."""
    modules = _read(root, package)
    subclasses: dict[str, list[str]] = {}
    base_nodes: set[int] = set()
    for module in modules.values():
        for cls in module.classes.values():
            for base in cls.bases:
                target = _target(modules, module.name, base)
                if target is not None:
                    subclasses.setdefault(target, []).append(f"{module.name}.{cls.name}")
                    base_nodes.update(id(n) for n in ast.walk(base))
    # Every other mention of a package class: an instance, an isinstance, an annotation, ...
    used: set[str] = set()
    for module in modules.values():
        skip: set[int] = set()
        for node in ast.walk(module.tree):
            if id(node) in module.import_nodes or id(node) in base_nodes:
                skip.update(id(n) for n in ast.walk(node))
        for node in ast.walk(module.tree):
            if id(node) in skip or not isinstance(node, (ast.Name, ast.Attribute)):
                continue
            target = _target(modules, module.name, node)
            if target is not None:
                used.add(target)
    found = []
    for base, wholes in sorted(subclasses.items()):
        if len(wholes) == 1 and base not in used and base.rsplit(".", 1)[0] != wholes[0].rsplit(".", 1)[0]:
            found.append(Piece(base, wholes[0]))
    return found

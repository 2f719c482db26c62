"""How many of the package's functions are fully annotated, per layer.

    python scripts/typed_share.py

A function (or method, lambda excepted) is fully annotated when its return and every parameter but
a method's first (``self``, ``cls``) carry an annotation.  Read from the source with ``ast``: nothing
is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _functions(tree: ast.AST):
    """(function, is_method) for every def of the tree."""
    def walk(node, in_class):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield child, in_class
                yield from walk(child, False)
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, True)
            else:
                yield from walk(child, in_class)
    yield from walk(tree, False)


def fully_annotated(func, is_method: bool) -> bool:
    args = func.args
    params = args.posonlyargs + args.args + args.kwonlyargs
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in func.decorator_list)
    if is_method and not static and params:
        params = params[1:]
    params += [a for a in (args.vararg, args.kwarg) if a is not None]
    return func.returns is not None and all(p.annotation is not None for p in params)


def count(folder: Path) -> tuple[int, int]:
    total = typed = 0
    for path in sorted(folder.rglob("*.py")):
        for func, is_method in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            total += 1
            typed += fully_annotated(func, is_method)
    return typed, total


def main() -> int:
    package = ROOT / "damas"
    rows = [(p.name, *count(p)) for p in sorted(package.iterdir()) if p.is_dir() and (p / "__init__.py").exists()]
    flat = sorted(package.glob("*.py"))
    typed = sum(fully_annotated(f, m) for p in flat for f, m in _functions(ast.parse(p.read_text(encoding="utf-8"))))
    total = sum(1 for p in flat for _ in _functions(ast.parse(p.read_text(encoding="utf-8"))))
    rows.append(("(top)", typed, total))
    for name, t, n in rows:
        print(f"{name:9} {t:5} of {n:5} fully annotated ({100 * t / max(n, 1):.0f}%)")
    t, n = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"{'damas':9} {t:5} of {n:5} fully annotated ({100 * t / max(n, 1):.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

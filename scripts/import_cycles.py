"""The import circles of the package: which sibling modules of a layer import each other in a ring.

    python scripts/import_cycles.py          # per layer, the circles among its modules
    python scripts/import_cycles.py --files  # and the circles among all the package's files
    python scripts/import_cycles.py --type-imports  # counting the imports made only for the types

A circle is a strongly connected component of more than one module in the graph of imports
(import-linter's own graph library, grimp, builds it; imports inside functions count, as they do
for import-linter; those under ``if TYPE_CHECKING:``, which never run, do not, as in the
contracts, unless ``--type-imports``).  Per layer, a sub-package (``damas.course.kit``) counts
as one module among its siblings and its own modules are looked at in turn, as in the
``acyclic_siblings`` contracts of ``pyproject.toml``; the edges listed are those inside each
circle.  ``--files`` looks at every module of the package at once, so it also shows a circle that
goes through two layers (the rules' board asks display for its picture, inside two methods, and
display imports the rules).

Run from the repository root with ``PYTHONPATH=$PWD`` so that the package of this tree is read
(``PYTHONPATH`` naming another tree measures that tree's package).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("rules", "engine", "display", "problems", "widget", "course")


def strongly_connected(nodes, edges):
    """The strongly connected components (Tarjan) of the graph, each a sorted list of nodes."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        # iterative Tarjan, so that a long chain does not meet the recursion limit
        work = [(node, iter(sorted(edges.get(node, ()))))]
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        while work:
            current, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[current] = min(low[current], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[current])
                if low[current] == index[current]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == current:
                            break
                    found.append(sorted(component))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def _owner(module: str, children: set[str]) -> str | None:
    """The child of the layer that ``module`` is or lies in."""
    for child in children:
        if module == child or module.startswith(child + "."):
            return child
    return None


def layer_cycles(graph, layer: str):
    """The circles among the children of ``damas.<layer>`` and of each of its sub-packages (as
    the ``acyclic_siblings`` contracts look at them): a list of (modules, edges)."""
    root = f"damas.{layer}"
    packages = [root] + sorted(m for m in graph.find_descendants(root) if graph.find_children(m))
    return [circle for package in packages for circle in _package_cycles(graph, package)]


def _package_cycles(graph, package: str):
    """The circles among the children of ``package`` (a sub-package counts as one module)."""
    children = set(graph.find_children(package))
    edges: dict[str, set[str]] = {}
    for module in graph.find_descendants(package):
        source = _owner(module, children)
        for imported in graph.find_modules_directly_imported_by(module):
            target = _owner(imported, children)
            if source and target and source != target:
                edges.setdefault(source, set()).add(target)
    return _circles(children, edges)


def file_cycles(graph):
    """The circles among every module of the package."""
    modules = {m for m in graph.modules if m.startswith("damas.")}
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules} for m in modules}
    return _circles(modules, edges)


def _circles(nodes, edges):
    result = []
    for component in strongly_connected(nodes, edges):
        if len(component) > 1:
            inside = set(component)
            result.append((component, sorted((a, b) for a in component for b in edges.get(a, ()) if b in inside)))
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="also the circles among all the files")
    parser.add_argument("--type-imports", action="store_true",
                        help="count the imports under `if TYPE_CHECKING:` too")
    args = parser.parse_args(argv)
    sys.path.append(str(ROOT))      # after PYTHONPATH
    graph = grimp.build_graph("damas", cache_dir=None, exclude_type_checking_imports=not args.type_imports)
    total = 0
    for layer in LAYERS:
        circles = layer_cycles(graph, layer)
        size = sum(len(c) for c, _ in circles)
        edges = sum(len(e) for _, e in circles)
        total += len(circles)
        print(f"{layer:9} {len(circles)} circle(s), {size} modules, {edges} edges inside them")
        for component, inner in circles:
            short = lambda m: m.removeprefix(f"damas.{layer}.")  # noqa: E731 - names inside the layer
            print("    circle:", ", ".join(short(m) for m in component))
            for a, b in inner:
                print(f"        {short(a)} -> {short(b)}")
    if args.files:
        circles = file_cycles(graph)
        print(f"all files: {len(circles)} circle(s)")
        for component, inner in circles:
            print(f"    {len(component)} modules, {len(inner)} edges: " + ", ".join(component))
    print(f"total: {total} circle(s) inside layers")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The starred board tasks of each chapter, now and at an earlier commit (issue 42, item 1).

    python scripts/tasks_per_chapter.py                 # now, beside the course before issue 42
    python scripts/tasks_per_chapter.py --before HEAD~3 # beside another commit
    python scripts/tasks_per_chapter.py --markdown      # the table in Markdown (for a closing note)

A task is an entry of a ``"tasks"`` list of ``damas/course/texts/*.json`` (what
``chapter_stage("NN")`` shows, each with its stars).  The earlier counts are read from git
(``git show COMMIT:damas/course/texts/...``); the goals of today's tasks are listed too.
``tests/course/kit/test_tasks.py`` checks the issue's minimums and proves every task.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXTS = "damas/course/texts"
#: main before issue 42's tasks: 10 tasks (3 in chapter 02, 4 in 03, 3 in 04)
BEFORE = "cd71e8a"


def _chapters():
    sys.path.insert(0, str(ROOT))
    from damas.course.kit.chapter_list import CHAPTERS
    return [(slug, number) for slug, number, _title, _notebook in CHAPTERS]


def counts_now() -> dict:
    out = {}
    for path in sorted((ROOT / TEXTS).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[path.stem] = Counter(t["goal"] for t in data.get("tasks", []))
    return out


def counts_at(commit: str) -> dict:
    listing = subprocess.run(["git", "ls-tree", "--name-only", f"{commit}:{TEXTS}"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    out = {}
    for name in listing:
        if not name.endswith(".json"):
            continue
        text = subprocess.run(["git", "show", f"{commit}:{TEXTS}/{name}"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
        out[name[:-5]] = Counter(t["goal"] for t in json.loads(text).get("tasks", []))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the earlier commit (default: %(default)s)")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = parser.parse_args(argv)
    try:
        before = counts_at(args.before)
    except (OSError, subprocess.CalledProcessError):
        print(f"sem o histórico do git para {args.before}: só a contagem de agora", file=sys.stderr)
        before = {}
    now = counts_now()
    rows = []
    for slug, number in _chapters():
        b, n = sum(before.get(slug, Counter()).values()), sum(now.get(slug, Counter()).values())
        goals = ", ".join(f"{goal} {k}" for goal, k in sorted(now.get(slug, Counter()).items()))
        rows.append((number, slug, b, n, goals))
    total_b, total_n = sum(r[2] for r in rows), sum(r[3] for r in rows)
    if args.markdown:
        print(f"| capítulo | antes ({args.before}) | agora | objetivos |")
        print("|---|---|---|---|")
        for number, slug, b, n, goals in rows:
            print(f"| {number} {slug} | {b} | {n} | {goals} |")
        print(f"| total | {total_b} | {total_n} | |")
    else:
        print(f"{'capítulo':28} {'antes':>6} {'agora':>6}  objetivos")
        for number, slug, b, n, goals in rows:
            print(f"{number + ' ' + slug:28} {b:6} {n:6}  {goals}")
        print(f"{'total':28} {total_b:6} {total_n:6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

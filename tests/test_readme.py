"""The README tells a newcomer the truth: its example runs and shows a real
refusal, its set-up works as root, and it points to no machine's folders."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _python_blocks(text):
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_example_runs_and_shows_a_real_refusal():
    from damas import explain
    (block,) = _python_blocks(README)
    scope = {}
    lines = block.splitlines()
    # Run every line but the last call, then ask what the README shows.
    call = next(i for i, line in enumerate(lines) if line.startswith("explain("))
    exec("\n".join(lines[:call]), scope)
    why = eval(lines[call].split("#")[0], scope)
    assert not why.legal and why.article, why
    # The comment under the call is what explain says, word for word.
    shown = " ".join(line.lstrip("# ").strip() for line in lines[call + 1:] if line.startswith("#"))
    assert shown == why.message
    assert explain is scope["explain"]


def _first_commands():
    return re.findall(r"```bash\n(.*?)```", README, flags=re.S)[0].strip().splitlines()


def test_the_readme_starts_in_a_venv_and_opens_a_working_copy():
    """Debian's Python refuses a pip install outside a virtual environment; the run command
    opens the student's copy of the course (root handled by it), not the repository's notebooks."""
    assert _first_commands() == ["python3 -m venv .venv", "source .venv/bin/activate",
                                 "pip install -r requirements.txt", "python -m damas curso"]
    from damas.course.classroom.workcopy import lab_command
    assert "--allow-root" in lab_command(ROOT, as_root=True)
    assert "pydraughts" in README and "DAMAS_REQUIRE_PEERS" in README


def test_docs_point_to_no_machine_paths():
    files = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", ROOT / "benchmarks" / "solver.py",
             ROOT / "tests" / "rules" / "test_pdn_pydraughts.py"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "/work/" not in text, path

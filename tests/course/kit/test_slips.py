"""Small slips a teacher notices (issue 32, item 11): a capital letter after a full stop, proper
plurals (never «lance(s)»), «falta 1 lance»."""

import re
from pathlib import Path

import pytest

from damas.course.kit.sentences import after_verdict
from repo_paths import REPO


def _portuguese_strings():
    for path in sorted((REPO / "damas").rglob("*")):
        rel = path.relative_to(REPO).as_posix()
        if path.suffix not in {".py", ".json"} or "__pycache__" in rel:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith("#"):
                yield rel, n, line


def test_no_plural_in_parentheses():
    found = [(rel, n) for rel, n, line in _portuguese_strings() if re.search(r"\b(lance|estrela|problema|tarefa|peça|pedra|dama|casa|resolvido|posição|partida)\((s|es)\)", line)]
    assert not found, found


@pytest.mark.parametrize("prefix, text, shown", [
    ("Ainda não. ", "nessa posição jogam as brancas.", "Ainda não. Nessa posição jogam as brancas."),
    ("Certo! ", "as pretas podem coroar.", "Certo! As pretas podem coroar."),
    ("Ainda não. ", "h8 é a casa 4.", "Ainda não: h8 é a casa 4."),
    ("Ainda não. ", "x é tomada (regra 9.1.2).", "Ainda não: x é tomada (regra 9.1.2)."),
    ("Certo! ", "Isso.", "Certo! Isso."),
])
def test_a_verdict_and_its_explanation_read_as_sentences(prefix, text, shown):
    assert after_verdict(prefix, text) == shown


def test_the_setup_task_says_it_with_a_capital():
    from damas.course.kit.tasks import SetupTask
    task = SetupTask("teste/setup", "Teste", "Monte.", lambda board: (False, "nessa posição jogam as brancas."))
    task.check()
    assert task.verdict == (False, "Ainda não. Nessa posição jogam as brancas.")


def test_a_quiz_answer_reads_as_sentences():
    from damas.course.kit.chapter_texts import QUIZZES
    quiz = QUIZZES["tabuleiro"]
    judged = [quiz.judge(2, o) for o in range(len(quiz.questions[2].options))]
    wrong = [text for right, text in judged if not right]
    # the why of a wrong option starts with a square (h1, a8): a colon, and the square in lower case
    assert wrong and all(re.match(r"Ainda não: [a-h]\d [a-zé]", text) for text in wrong), wrong


def test_no_numbered_section_holds_only_the_teachers_check():
    """A numbered section a student reads has something for the student (chapter 07's «4. O
    verificador em ação» held only the teacher's hidden check)."""
    import nbformat
    from repo_paths import NOTEBOOKS
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        heads = [i for i, c in enumerate(cells) if c.cell_type == "markdown" and re.match(r"## \d+\.", c.source)]
        for i in heads:
            nxt = next((j for j in range(i + 1, len(cells)) if cells[j].cell_type == "markdown"
                        and cells[j].source.startswith("## ")), len(cells))
            body = cells[i].source.split("\n", 1)[1] if "\n" in cells[i].source else ""
            # every code cell is hidden now (one call into the chapter's module): a hidden cell is the
            # student's unless it is the teacher's check
            student = [c for c in cells[i + 1:nxt] if not c.metadata.get("jupyter", {}).get("source_hidden")
                       or not re.search(r"teacher_check\(|check_chapter\(|check_items\(|^assert ", c.source, re.M)]
            assert body.strip() and not body.strip().startswith("### Para o professor") or student, \
                f"{path.name}: {cells[i].source.splitlines()[0]!r} holds only the teacher's check"


def test_skip_messages_name_files_of_the_repository():
    """A skip message that sends the reader to a file names one the repository has."""
    for path in sorted((REPO / "tests").rglob("*.py")):
        for match in re.finditer(r"pytest\.skip\((f?)\"([^\"]*)\"", path.read_text(encoding="utf-8")):
            for name in re.findall(r"\b([\w/]+\.(?:md|txt|py))\b", match.group(2)):
                assert any(REPO.rglob(Path(name).name)), f"{path.name}: the skip message names {name}, not in the repository"


def test_scipy_is_a_requirement_for_the_tests_that_need_it():
    requirements = (REPO / "requirements.txt").read_text(encoding="utf-8")
    users = [p.name for p in (REPO / "tests").rglob("*.py") if 'importorskip("scipy' in p.read_text(encoding="utf-8")]
    assert not users or re.search(r"^scipy\b", requirements, re.M), users



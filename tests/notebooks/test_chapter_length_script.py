"""The 50-minute estimate (scripts/chapter_length.py) counts the lesson: what is under a collapsed
heading («Para saber mais», «Para o professor») is opened on purpose and costs no minute."""

from __future__ import annotations

import json
import sys

from repo_paths import REPO

sys.path.insert(0, str(REPO / "scripts"))
import chapter_length  # noqa: E402


def _md(text, collapsed=False):
    meta = {"jp-MarkdownHeadingCollapsed": True} if collapsed else {}
    return {"cell_type": "markdown", "metadata": meta, "source": text}


def _exercise():
    return {"cell_type": "code", "metadata": {"jupyter": {"source_hidden": True}},
            "source": "# exercício\nchapter_exercise('02', 1)", "outputs": [{"output_type": "stream", "text": "x"}]}


def _measure(tmp_path, cells):
    path = tmp_path / "02_Teste.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return chapter_length.measure(path)


def test_a_collapsed_section_is_outside_the_lesson(tmp_path):
    lesson = [_md("# Título\n\n" + "palavra " * 98), _exercise()]
    more = [_md("## Para saber mais", collapsed=True), _md("palavra " * 300), _exercise(), _exercise(),
            _md("### Mais fundo"), _exercise()]
    after = [_md("## De volta à aula"), _exercise()]
    f = _measure(tmp_path, lesson + more + after)
    # 100 + 4 + 5 words (split at spaces, the # too), two exercises (3 minutes each): the folded 300 words and 3 exercises cost nothing
    assert f["words"] == 109 and f["exercises"] == 2 and f["minutes"] == round(1.09 + 6)
    assert f["cells"] == len(lesson + more + after)
    unfolded = _measure(tmp_path, lesson + [_md("## Para saber mais")] + more[1:] + after)
    assert unfolded["exercises"] == 5 and unfolded["words"] == 409 + 3

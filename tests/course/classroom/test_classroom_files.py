"""What `turma` and `fichas` write: TeX-like names drawn as written, the path really written, never a
partial file (issue 27, item 5)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("matplotlib")

from damas.course.classroom.turma import run_turma  # noqa: E402
from damas.course.kit.progress import FORMAT, VERSION  # noqa: E402
from damas.course.classroom.fichas import run_fichas  # noqa: E402
from repo_paths import REPO  # noqa: E402

TEX = r"$\frac{$ \frac{"
PNG = b"\x89PNG\r\n\x1a\n"


def _student(folder, name, stars):
    data = {"formato": FORMAT, "versao": VERSION, "aluno": name, "estrelas": stars, "problemas": {}}
    (folder / f"{len(list(folder.iterdir()))}.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.slow
def test_turma_draws_tex_like_names_and_prints_the_file_it_wrote(tmp_path, capsys, close_figures):
    _student(tmp_path, TEX, {"tomada/todas-1": 3})
    _student(tmp_path, "ana $x$ e $y$", {"movimento/dama-1": 2})
    assert run_turma(str(tmp_path), str(tmp_path / "NOME")) == 0
    out, err = capsys.readouterr()
    written = tmp_path / "NOME.png"
    assert f"Gráfico: {written}" in out and "Traceback" not in err
    assert written.read_bytes()[:8] == PNG and not (tmp_path / "NOME").exists()
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.slow
def test_fichas_with_a_tex_like_title(tmp_path, capsys, close_figures):
    out = tmp_path / "ficha.pdf"
    assert run_fichas(str(REPO / "puzzles" / "classicos.pdn"), str(out), titulo=TEX) == 0, capsys.readouterr().err
    assert out.read_bytes()[:5] == b"%PDF-" and out.read_bytes().rstrip().endswith(b"%%EOF")
    assert (tmp_path / "ficha-gabarito.pdf").exists()


def test_a_sheet_that_fails_halfway_leaves_no_file(tmp_path, capsys, monkeypatch, close_figures):
    from matplotlib.backends.backend_pdf import PdfPages
    real = PdfPages.savefig
    pages = []

    def savefig(self, *args, **kwargs):
        pages.append(1)
        if len(pages) == 2:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(PdfPages, "savefig", savefig)
    out = tmp_path / "ficha.pdf"
    assert run_fichas(str(REPO / "puzzles" / "classicos.pdn"), str(out), por_pagina=1) == 1
    assert len(pages) == 2
    assert list(tmp_path.iterdir()) == []
    assert "Não foi possível fazer a ficha" in capsys.readouterr().err

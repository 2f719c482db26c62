"""The class's progress for the teacher: ``python -m damas turma PASTA``.

Reads the students' progress files of a folder (:mod:`damas.course.progress`),
prints them as a table and saves the plot of the class.
"""

from __future__ import annotations

import sys
from pathlib import Path

from damas.course.progress import ProgressError, class_plot, class_report, class_table, read_class

__all__ = ["run_turma"]


def run_turma(pasta, grafico=None, csv=None, problemas=None) -> int:
    """Print the table of the progress files in ``pasta`` and save the plot
    (``grafico``, by default turma.png inside the folder), then the class in
    «Treino do dia» (:mod:`damas.course.class_training`; ``csv``: also as CSV;
    ``problemas``: the folder of the collections, by default the course's);
    messages in Portuguese; returns the exit status."""
    try:
        students, problems = read_class(pasta)
    except ProgressError as err:
        print(f"Não foi possível ler a turma: {err}", file=sys.stderr)
        return 1
    for message in problems:
        print(f"Arquivo ignorado: {message}", file=sys.stderr)
    if not students:
        print(f"Nenhum arquivo de progresso em {pasta}.")
        return 1 if problems else 0
    header, rows = class_table(students)
    print(class_report(students))
    plot = Path(grafico) if grafico else Path(pasta) / "turma.png"
    try:
        class_plot(header, rows, plot)
    except (OSError, ImportError) as err:
        print(f"Não foi possível gravar o gráfico {plot}: {err}", file=sys.stderr)
        return 1
    print(f"Gráfico: {plot}")
    from damas.course.class_training import run_training_view
    return run_training_view(students, pasta, csv_path=csv, puzzles=problemas)

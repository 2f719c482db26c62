"""The course: what the notebooks of ``notebooks/`` need, read by chapter.

- :mod:`damas.course.chapters`: one module per notebook (``ch02_movimento`` is
  ``notebooks/02_Movimento.ipynb``), which the notebook imports whole; it holds what only that
  chapter needs and re-exports the kit's pieces the notebook calls.
- :mod:`damas.course.kit`: the pieces two chapters or more use, or the apps and the teacher's
  tools: the chapters' list and texts, board tasks, quizzes, stars, exercises, sentences,
  figures, the games against the computer and the coach, the trainer that keeps what is solved, the student's
  progress, the printable sheets.
- :mod:`damas.course.classroom`: the teacher's and the apps' tools (``python -m damas turma``,
  ``fichas``, ``curso``; «Treino do dia»).
- ``damas.course.tournament``: the class tournament.
- ``texts/``: the tasks, quizzes and exercises of each chapter, as JSON.

Chapters import the kit, never each other; the kit never imports a chapter; no module of the
course imports, by one path or another, a module that imports it.

The chapter map (``CONTRIBUTING.md`` has it with what each module holds, checked by
``tests/course/chapters/test_chapter_map.py``):

======================================  ===================================================
notebook                                module of :mod:`damas.course.chapters`
======================================  ===================================================
00_Comece_aqui.ipynb                    ch00_comece_aqui
01_Tabuleiro_e_notacao.ipynb            ch01_tabuleiro_e_notacao
02_Movimento.ipynb                      ch02_movimento
03_Tomada.ipynb                         ch03_tomada
04_Lei_da_maioria.ipynb                 ch04_lei_da_maioria
05_Jogar_e_analisar.ipynb               ch05_jogar_e_analisar
06_Golpes_classicos.ipynb               ch06_golpes_classicos
07_Exercicios_de_tomada.ipynb           ch07_exercicios_de_tomada
08_Como_jogar.ipynb                     ch08_como_jogar (verdicts, rule_sets)
09_Finais.ipynb                         ch09_finais
10_Anotacao_e_relogio.ipynb             ch10_anotacao_e_relogio
11_Empate_e_resultado.ipynb             ch11_empate_e_resultado
12_Irregularidades.ipynb                ch12_irregularidades
13_Arbitragem.ipynb                     ch13_arbitragem
14_Damas_internacionais.ipynb           ch14_damas_internacionais
15_Outras_damas.ipynb                   ch15_outras_damas (compare)
Historia.ipynb                          historia
Glossario.ipynb                         glossario
app_tabuleiro.ipynb                     app_tabuleiro
app_treino.ipynb                        app_treino
app_treino_do_dia.ipynb                 app_treino_do_dia
======================================  ===================================================

Importing the course imports nothing else: each module imports what it uses, and nothing is
registered anywhere at import time.
"""

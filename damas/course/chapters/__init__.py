"""One module per notebook of ``notebooks/``: what the notebook calls, and nothing else.

``chNN_name`` for the chapters (``ch02_movimento`` is ``notebooks/02_Movimento.ipynb``), a
sub-package where the chapter's own code is big (``ch08_como_jogar/``, ``ch15_outras_damas/``),
``historia`` and ``glossario`` for the readings, ``app_*`` for the Voilà apps.  A notebook
imports its own module whole (``from damas.course.chapters.ch02_movimento import *``) and the
public names of ``damas`` (``from damas import Board``); its module holds what only that notebook
needs and re-exports the kit's pieces (:mod:`damas.course.kit`) it calls.  A chapter module
imports the kit and the layers below, never another chapter module.  ``CONTRIBUTING.md`` has
the map (notebook, module, what it holds), checked by ``tests/course/test_chapter_map.py``.

The order of the chapters is :data:`CHAPTERS` (and the readings outside it, :data:`EXTRAS`), from
:mod:`damas.course.kit.chapter_list`.
"""

from damas.course.kit.chapter_list import CHAPTERS, EXTRAS

__all__ = ["CHAPTERS", "EXTRAS"]

"""The course layer: chapters, progress, tasks, quizzes and every chapter helper.

The names of :mod:`damas.course.chapters` are re-exported here, where the flat
module ``damas.course`` of release 0.1 kept them.  Importing the course makes every puzzle
trainer made afterwards keep the student's progress (:mod:`damas.course.practice`).
"""
from damas.course.chapters import (  # noqa: F401
    CHAPTERS, EXTRAS, OLD_NUMBERS, MOVED, slug_of, number_of, title_of, label, order, migrate_key,
)
from damas.course import practice as _practice  # noqa: E402,F401  (installs the saving of trainers)

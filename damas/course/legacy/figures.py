"""``damas.figures`` of release 0.1: :mod:`damas.course.figures` with its old (Portuguese) names."""

from damas.course.legacy._names import reexport

#: old name -> new name
OLD_NAMES = {
    "quadros": "frames",
}

reexport(globals(), ["damas.course.figures"], OLD_NAMES)

"""The student's progress store, one per kernel, made when first needed."""

from damas.course.kit.words import TEXTS

_STORE = {}


def _progress():
    """The student's Progress, or the ProgressError that keeps it from being used."""
    from damas.course.kit.progress import Progress, ProgressError
    if "store" not in _STORE:
        try:
            _STORE["store"] = Progress()
        except ProgressError as error:
            return error
    return _STORE["store"]


def _reset_progress_cache():
    """Forget the cached store (tests change DAMAS_PROGRESSO)."""
    _STORE.clear()


def _record(key, stars):
    """Save the stars; returns (best stars, message about saving or '')."""
    from damas.course.kit.progress import ProgressError
    store = _progress()
    if isinstance(store, ProgressError):
        return stars, TEXTS["not_saved"].format(error=store)
    try:
        return store.record_stars(key, stars), ""
    except ProgressError as error:
        return stars, TEXTS["not_saved"].format(error=error)

"""The times of the training log: read in any ISO form, bounded to a sane range.

An attempt's time (``"quando"``, :mod:`damas.course.kit.training`) is written by the student's
machine, whose clock may be wrong (a dead battery sets it to 1970, a typo to 9999), may run
backwards (set back by hand, a time zone changed) and whose offset may be written in several
ways (``-03:00``, ``-0300``, ``-03``, ``Z``; a space or a ``T`` before the hour).  So that the
ratings and the reviews are the same whatever form was written, and never crash:

* :func:`parse_time` reads every such form the same way on every Python the course runs on
  (3.10 reads neither ``Z`` nor ``-0300`` by itself), and refuses a time without an offset;
* :func:`effective_time` bounds it to :data:`EARLIEST` .. :data:`LATEST` (a time outside counts
  as the bound, in its own offset: a record of 9999 is kept in the file as written, and counts as
  the last day of 2099), so that the days a review waits can never run off the calendar;
* the log is ordered by the instant (never by the text: ``10:00Z`` comes after ``09:00-03:00``
  in text and before it in time), then by the record's id: a clock that ran backwards gives the
  same order, and so the same ratings, whichever notebook saved first.

Pure Python.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime, timedelta, timezone

from damas.rules.args import checked, refuse

__all__ = ["parse_time", "effective_time", "EARLIEST", "LATEST"]

EARLIEST = datetime(2000, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2099, 12, 31, 12, 0, tzinfo=timezone.utc)

_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?"
                  r"\s*(?:(Z|z)|([+-])(\d{2})(?::?(\d{2}))?)")


def _text(value, name):
    if not isinstance(value, str):
        raise refuse(name, "o texto de uma hora (como '2026-12-05T10:30:00-03:00')", value)
    return value


@checked(text=_text)
def parse_time(text) -> datetime | None:
    """The time written in ``text`` (ISO 8601, with its offset), or None when it is not one."""
    return _parse(text)


@functools.lru_cache(maxsize=65536)
def _parse(text: str) -> datetime | None:
    match = _ISO.fullmatch(text.strip()) if len(text) < 64 else None
    if match is None:
        return None
    year, month, day, hour, minute, second, fraction, zulu, sign, off_h, off_m = match.groups()
    try:
        if zulu:
            zone = timezone.utc
        else:
            offset = timedelta(hours=int(off_h), minutes=int(off_m or 0))
            zone = timezone(-offset if sign == "-" else offset)
        micro = int((fraction or "0")[:6].ljust(6, "0"))
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micro,
                        tzinfo=zone)
    except ValueError:          # 31 February, hour 25, an offset of 24 hours or more
        return None


def _time(value, name):
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value
    if isinstance(value, str) and parse_time(value) is not None:
        return value
    raise refuse(name, "uma hora com fuso (datetime, ou o texto ISO de uma)", value)


@checked(when=_time)
def effective_time(when) -> datetime:
    """The time an attempt counts at: ``when`` (a datetime with its offset, or its ISO text)
    bounded to :data:`EARLIEST` .. :data:`LATEST`, in its own offset."""
    return _effective(parse_time(when) if isinstance(when, str) else when)


def _effective(when: datetime) -> datetime:
    if when < EARLIEST:
        return EARLIEST.astimezone(when.tzinfo)
    if when > LATEST:
        return LATEST.astimezone(when.tzinfo)
    return when


def _time_order(record: dict) -> tuple:
    """The key that orders attempt records (checked ones: it runs in the loops of a sort): the
    instant, then the id."""
    return _effective(_parse(record["quando"])), str(record.get("id", ""))

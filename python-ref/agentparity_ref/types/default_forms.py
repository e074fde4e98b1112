"""The string forms of defaults JSON cannot carry as themselves (mirrors `src/types/defaultForms.ts`).

Each form is a strict subset of what Python's own parser accepts (`datetime.fromisoformat`,
`uuid.UUID`, `decimal.Decimal`), checked the same way in both languages so that they accept the
same text. `[0-9]`, never `\\d`: Python's `\\d` also matches other scripts' digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})"
_TIME = r"([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,6})?)?(Z|[+-]([0-9]{2}):([0-9]{2}))?"
_DATE_RE = re.compile(_DATE)
_TIME_RE = re.compile(_TIME)
_DATETIME_RE = re.compile(f"{_DATE}T{_TIME}")
_DURATION_RE = re.compile(
    r"(-)?P(?!$)(?:([0-9]+)D)?(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)(?:\.([0-9]{1,6}))?S)?)?"
)
_UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DECIMAL_RE = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")

_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MICROS_PER_DAY = 86_400_000_000
_MAX_DAYS = 999_999_999


def _is_leap(year: int) -> bool:
    return (year % 4 == 0 and year % 100 != 0) or year % 400 == 0


def _valid_date(year: str, month: str, day: str) -> bool:
    y, m, d = int(year), int(month), int(day)
    if y < 1 or m < 1 or m > 12 or d < 1:
        return False
    return d <= (29 if m == 2 and _is_leap(y) else _DAYS_IN_MONTH[m - 1])


def _valid_time(groups: Sequence[str | None]) -> bool:
    """Groups: hour, minute, second?, zone?, zone hour?, zone minute?"""
    hour, minute, second, _, zone_hour, zone_minute = groups
    if int(hour or 0) > 23 or int(minute or 0) > 59:
        return False
    if second is not None and int(second) > 59:
        return False
    return zone_hour is None or (int(zone_hour) <= 23 and int(zone_minute or 0) <= 59)


def duration_micros(text: str) -> int | None:
    """The duration in microseconds, or None if the text is not one `timedelta` can hold."""
    match = _DURATION_RE.fullmatch(text)
    if match is None:
        return None
    minus, days, hours, minutes, seconds, fraction = match.groups()
    micros = (
        ((int(days or 0) * 24 + int(hours or 0)) * 60 + int(minutes or 0)) * 60_000_000
        + int(seconds or 0) * 1_000_000
        + int((fraction or "").ljust(6, "0"))
    )
    signed = -micros if minus else micros
    # timedelta.min is -999999999 days; timedelta.max is 999999999 days 23:59:59.999999.
    if signed < -_MAX_DAYS * _MICROS_PER_DAY or signed >= (_MAX_DAYS + 1) * _MICROS_PER_DAY:
        return None
    return signed


def _datetime(text: str) -> bool:
    match = _DATETIME_RE.fullmatch(text)
    return match is not None and _valid_date(*match.groups()[:3]) and _valid_time(match.groups()[3:])


def _date(text: str) -> bool:
    match = _DATE_RE.fullmatch(text)
    return match is not None and _valid_date(*match.groups())


def _time(text: str) -> bool:
    match = _TIME_RE.fullmatch(text)
    return match is not None and _valid_time(match.groups())


_FORMS: dict[str, tuple[str, Callable[[str], bool]]] = {
    "datetime": ("an ISO 8601 date-time YYYY-MM-DDTHH:MM[:SS[.ffffff]][Z|+HH:MM|-HH:MM]", _datetime),
    "date": ("an ISO 8601 date YYYY-MM-DD", _date),
    "time": ("an ISO 8601 time HH:MM[:SS[.ffffff]][Z|+HH:MM|-HH:MM]", _time),
    "timedelta": ("an ISO 8601 duration [-]P[nD][T[nH][nM][n[.ffffff]S]]", lambda text: duration_micros(text) is not None),
    "uuid": ("a UUID xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", lambda text: _UUID_RE.fullmatch(text) is not None),
    "decimal": ("a decimal number [+|-]digits[.digits][e[+|-]digits]", lambda text: _DECIMAL_RE.fullmatch(text) is not None),
}

FORM_KINDS = frozenset(_FORMS)


def form_description(kind: str) -> str:
    return _FORMS[kind][0]


def accepts_form(kind: str, text: str) -> bool:
    return _FORMS[kind][1](text)

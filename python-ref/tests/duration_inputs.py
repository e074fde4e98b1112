"""Inputs for the `timedelta` rows of the validation oracle: hand-picked ones around each of
pydantic's lax rules (speedate's three duration forms and their error texts, 32-bit parts, the
999,999,999-day limit and Python's `OverflowError` past `timedelta.min`, ints and floats of
seconds), and texts drawn from a small grammar that mixes valid and broken parts, seeded so that
the oracle file is stable.
"""

from __future__ import annotations

import base64
import random
from typing import Any

MAX_SECONDS = 999_999_999 * 86_400


def _bytes(text: bytes) -> dict[str, str]:
    return {"$bytes": base64.b64encode(text).decode("ascii")}


def _float(value: float) -> Any:
    # A whole float stays a float (`2.0` is a `PyFloat` in TypeScript): an int of seconds wraps its
    # days where a float's saturate. JSON has no NaN or infinities: those are the oracle's `$float`.
    return value if value == value and value not in (float("inf"), float("-inf")) else {"$float": repr(value)}


def duration_inputs() -> list[Any]:
    """Texts and numbers around each rule of pydantic's lax `timedelta`, valid and not."""
    iso = ["P1D", "P1DT2H3M4.5S", "-P1DT2H", "+P1D", "P", "PT", "-P", "-PT", "+PT", "PT0S", "P0D", "P1W", "P1.5W", "P1.5D",
           "P1.5Y", "P1.5M", "PT1.5H", "PT1.5M", "PT1.5S", "P1Y", "P1M", "P1Y2M3W4D", "P1D2Y", "PT1S2M", "P1D1D", "P1DT",
           "P1DT1D", "PT1Y", "P1H", "P1,5D", "PT1,5S", "P1.D", "PT.5S", "P.5D", "P1.5DT1H", "P1.5D1H", "PT1.5H1M",
           "P1DT1.1M1X", "P1X", "P1", "PD", "P1DT1X", "PT1", "PTT", "P1DTT", "P1DT1MT1S", "p1d", "P1d", "Pt1S", "P1DT1s",
           "P-1D", "P+1D", "--P1D", "-+P1D", " P1D", "P1D ", "P4294967295D", "P4294967296D", "P613566757W", "P10000000000Y",
           "PT4294967295S", "PT4294967296S", "PT1193047H", "PT1193046.5H", "P0.0000001D", "PT0.0000005S", "PT0.0000015S",
           "PT0.1234567891234567891234S", "P1.9999999999999999999D", "P123.8Y", "P1.123W", "P1Y1DT2H0.5S",
           "P999999999D", "-P999999999D", "P1000000000D", "-P999999999DT1S", "-P999999999DT0.000001S",
           "P999999999DT23H59M59.999999S", "-P999999999DT23H59M59.999999S", "P999999999DT24H", "P2739726Y9DT86399.999999S",
           "P2739726Y10D", "-P2739726Y9DT86399.999999S", "PT86400S", "PT86399.9999995S", "P0.5DT", "PT0.5S0.5S"]
    days = ["1 day", "2 days", "1day", "1days", "1DAYS", "1d", "1D", "1 d", "1 D", "1d ", "1d  ", "1dx", "1da", "1 da",
            "1 dy", "1 dayx", "1 daysx", "1 days x", "1  day", "1 dAY", "1 DAy", "1 Day", "1 DAYs", "1 dayS", "1 daYs",
            "1 dAyS", "1 DAYS", "1 Days", "-1 day", "+1 day", "1 day,", "1 day, ", "1 days,x", "1 days,  ",
            "1 day, 01:00:00", "1 day, 1:00:00", "1 day 01:00:00", "1 days, 01:00:00", "2 days, 23:59:59.999999",
            "-1 day, 01:00:00", "1 day,01:00", "1day01:00", "1d01:00", "1 day, 23:00:00", "1 day, 24:00:00",
            "0 days, 24:00", "1 day, 100:00", "1 day, 25:00:00x", "1 day, 25:00:61", "1 day, 24:60", "1 day, 0:00",
            "1 day, 00:00:00Z", "1 day, 00:00:60", "1 day, 12", "1 day, x", "1 day,  01:00", "1 day, 1x:00",
            "1 day, 99999999999:00", "1 day, 01:", "1 day, 01:00:", "1 day, 1:00:00.5", "1 day, 23:59:59.9999999x",
            "1 day 00:xx", "1 dáy", "\u0661 day", "999999999 days", "1000000000 days", "4294967295 days", "4294967296 days",
            "999999999 days, 23:59:59", "-999999999 days, 00:00:01", "-999999999 days", "-1d, 00:00:00.000001",
            "12:00d", "d12:00", "d", "x", "1x", "1", "12", "123", "1234", "1:02", "12:3", "-1:00", "+1:00"]
    clocks = ["01:02", "01:02:03", "01:02:03.5", "01:02:03,5", "01:02:03.1234567", "01:02:03.1234567890",
              "01:02:03.123456xyz", "01:02:03.1234567x", "01:02:03.12345x", "01:02:03.", "01:02:03.x", "01:02:03Z",
              "01:02:03+01:00", "01:02:03 ", "01:02:3", "01:60", "01:02:60", "25:00:00", "99:00", "100:00", "1000:00:00",
              "0102:03", "001:02", "12345", "12:34", "12:345", "1:234", ":00:00", "-:00:00", "-01:00", "+01:00",
              "-01:00:00.5", "0000000000:00", "1:00:00", "1:00:0", "10:0:00", "9999999999:00", "10000000000:00",
              "2400000000:00", "2400000001:00", "2399999999:59:59.999999", "23999999999:00", "\u0663:00", "01:02:03\u00e9"]
    odd = ["", " ", "-", "+", "1.5", "-1.5", "1e3", "inf", "nan", "é", "P1D\u00e9", "3 weeks"]
    ints = [0, 1, -1, 59, 3600, 86400, -86400, 86399, 123456789, MAX_SECONDS, MAX_SECONDS + 86399, MAX_SECONDS + 86400,
            -MAX_SECONDS, -MAX_SECONDS - 1, 2**63 - 1, 2**63, -(2**63), -(2**63) + 1, 2**64, -(2**64), 4294967296 * 86400,
            4294967296 * 86400 + 5, -4294967296 * 86400 - 5, 2**63 - 86400, 10**30]
    floats = [1.5, -1.5, 0.1, 1e-7, 5e-7, 1.5e-6, 2.5e-6, -5e-7, -1e-7, 86399.9999995, 12345.678901, 0.9999999, -0.9999995,
              4.5e-6, 1.4999995, 1e15, 1e300, 86400.0 * 999999999, 86400.0 * 999999999 + 86399.5, 86400.0 * 1e9,
              -86400.0 * 999999999 - 0.5, -86400.0 * 999999999, 4294967296.0 * 86400, 0.5, -0.0, 60.0, 1e-300]
    special = [{"$float": "NaN"}, {"$float": "Infinity"}, {"$float": "-Infinity"}, _bytes(b"P1D"), _bytes(b"\xff"),
               _bytes(b"1 day, 01:00"), _bytes(b"01:02:03.5"), _bytes(b"1"), _bytes(b"\xffP1D"), _bytes(b"P1D\xff")]
    return [*iso, *days, *clocks, *odd, *ints, *(_float(f) for f in floats), *special]


def _iso_text(rng: random.Random) -> str:
    parts = []
    for unit in rng.sample("YMWD", rng.randint(0, 3)):
        parts.append(f"{_amount(rng)}{unit}")
    text = rng.choice(["", "", "-", "+", "--", "p"]) + "P" + "".join(parts)
    if rng.random() < 0.7:
        text += rng.choice(["T", "T", "t", "TT"]) + "".join(f"{_amount(rng)}{u}" for u in rng.sample("HMS", rng.randint(0, 3)))
    return text + rng.choice(["", "", "", "X", " ", "1"])


def _amount(rng: random.Random) -> str:
    whole = rng.choice([str(rng.randint(0, 99)), str(rng.randint(0, 10**10)), "0", "", "4294967295"])
    fraction = rng.choice(["", "", "", "." + str(rng.randint(0, 10**rng.randint(1, 9))), ",5", "."])
    return whole + fraction


def _clock_text(rng: random.Random) -> str:
    hours = rng.choice(["00", "01", "23", "24", "99", "1", "", str(rng.randint(0, 10**rng.randint(2, 11))), "x1"])
    minute = rng.choice(["00", "59", "60", "5", "xx", str(rng.randint(0, 99)).zfill(2)])
    second = rng.choice(["", ":00", ":59", ":60", ":5", ":" + str(rng.randint(0, 99)).zfill(2)])
    fraction = rng.choice(["", "", ".", ".5", ",25", "." + str(rng.randint(0, 10**rng.randint(1, 14)))]) if second else ""
    tail = rng.choice(["", "", "", "Z", " ", "x", "+01:00"])
    return f"{hours}:{minute}{second}{fraction}{tail}"


def _days_text(rng: random.Random) -> str:
    count = rng.choice([str(rng.randint(0, 40)), str(rng.randint(0, 10**10)), "999999999", "x", ""])
    word = rng.choice(["d", "D", "day", "days", "Day", "DAYS", "dAy", " day", " days", " d", "  day", "da"])
    joint = rng.choice(["", ",", ", ", " ", ",  ", "  "])
    clock = rng.choice(["", _clock_text(rng)])
    return f"{rng.choice(['', '', '-', '+'])}{count}{word}{joint}{clock}"


def drawn_durations(count: int, seed: int) -> list[Any]:
    """`count` texts and numbers for a `timedelta` field, drawn with `seed`."""
    rng = random.Random(seed)
    drawn: list[Any] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.35:
            drawn.append(_iso_text(rng))
        elif roll < 0.55:
            drawn.append(rng.choice(["", "-", "+"]) + _clock_text(rng))
        elif roll < 0.75:
            drawn.append(_days_text(rng))
        elif roll < 0.85:
            drawn.append(rng.choice([rng.randint(-10**6, 10**6), rng.randint(-2 * MAX_SECONDS, 2 * MAX_SECONDS), rng.randint(-2**64, 2**64)]))
        else:
            drawn.append(_float(rng.choice([rng.uniform(-1e6, 1e6), rng.uniform(-1e14, 1e14), rng.uniform(-1, 1) * 10**rng.randint(-8, 16),
                                            rng.randint(-10**6, 10**6) + rng.choice([0.5, 0.25, 0.9999995, 0.0000005])])))
    return drawn

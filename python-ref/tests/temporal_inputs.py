"""Inputs for the `date`, `time` and `datetime` rows of the validation oracle: hand-picked ones
around each of pydantic's lax rules (speedate's text forms and error texts, unix timestamps in
seconds or milliseconds, the float rounding, year 0), and texts drawn from a small grammar that
mixes valid and broken parts, seeded so that the oracle file is stable.
"""

from __future__ import annotations

import random
from typing import Any, Callable


def time_inputs() -> list[Any]:
    """Texts and numbers around each rule of pydantic's lax `time` (speedate's parser), valid and not."""
    clocks = ["03:04", "03:04:05", "23:59:59", "00:00:00", "24:00:00", "23:60", "23:59:60", "23:59:61", "3:04", "03:4", "0304",
              "03-04", "ab:cd", "03:xx", "03:04:5", "03:04:xx", " 03:04", "T03:04", "03", ""]
    fractions = ["", ".5", ",5", ".", ".000000", ".123456", ".1234567", ".12345678901234567890", ".0000005"]
    zones = ["", "Z", "z", "+01:00", "-0130", "\u221201:00", "+23:59", "+24:00", "+00:60", "+01", "+0", "+01:0", "+xx:00",
             "+01:xx", "-", " ", "x", "Zx", "+01:00:00", "\u2212"]
    texts = [*clocks, *(f"12:30:45{f}" for f in fractions), *(f"12:30:45.25{z}" for z in zones), *(f"12:30{z}" for z in zones[:6])]
    numbers = [0, 1, 3600, 86399, 86400, -1, 2**63, -(2**64), 0.5, 1.25, 86399.9999994, 86399.9999999, 86400.5, -0.5, 1e-7, 5e-7,
               1e20, 12345.6789]
    return [*texts, "2020-01-02T03:04:05", "3600", {"$bytes": "MDM6MDQ="}, {"$bytes": "/zAzOjA0"}, {"$float": "-0.0"},
            {"$float": "Infinity"}, {"$float": "60.0"}, *numbers]


def datetime_inputs() -> list[Any]:
    """Texts and numbers around each rule of pydantic's lax `date` and `datetime` (speedate's parser and timestamps)."""
    dates = ["2020-01-02", "2020-02-29", "2021-02-29", "2000-02-29", "1900-02-29", "0000-01-01", "0001-01-01", "9999-12-31",
             "2020-13-01", "2020-00-01", "2020-01-32", "2020-04-31", "2020-1-02", "2020/01/02", "20x0-01-02", "2020-0a-02",
             "2020-01-0b", "2020-01", " 2020-01-02", "20200102", ""]
    joined = ["2020-01-02T03:04:05", "2020-01-02t03:04:05z", "2020-01-02 03:04:05Z", "2020-01-02_03:04", "2020-01-02x03:04",
              "2020-01-02T", "2020-01-02T03", "2020-01-02T0304", "2020-01-02T24:00:00", "2020-01-02T23:59:60",
              "2020-01-02T00:00:00", "2020-01-02T00:00:00.000000", "2020-01-02T00:00:00.0000001", "2020-01-02T00:00:00.000001",
              "2020-01-02T03:04:05.123456789", "2020-01-02T03:04:05.", "2020-01-02T03:04:05,5+01:00",
              "2020-01-02T03:04:05-00:00", "2020-01-02T03:04:05\u221201:30", "2020-01-02T03:04:05+24:00", "2020-01-02T03:04:05+01",
              "2020-01-02T03:04:05 ", "2020-01-02T03:04:05Zx", "0000-01-01T00:00", "0000-01-01T00:00:01", "2020-01-02é03:04"]
    numeric_texts = ["0", "86400", "-86400", "+86400", "86400.5", "1.5e3", "1e3", "1.", ".5", "-.5", "1.5.5", "1_000", " 1",
                     "20000000000", "20000000001", "253402300799999", "253402300800000", "-62167219200000", "-62167219200001",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
                     "78104500406573498325", "9223372036854775807.0", "9223372036854775808.0", "253402300799999.5",
                     "1.0e400", "-0.0000005", "0.9999995", "nan", "inf", "-", "."]
    numbers = [0, 1, -1, 86400, 86400 * 1000, -86400, 20000000000, 20000000001, -20000000001, 253402300799999,
               253402300800000, -62135596800000, -62167219200000, -62167219200001, 2**63, -(2**64), 1.5, -1.25, -1.5, 5e-7,
               -5e-7, 86400.5, 1e11 + 0.5, 20000000000.5, 46204229647.937836, -83705946730.13689, 1e20, 1234567.123456789]
    return [*dates, *joined, *numeric_texts, *numbers, {"$float": "Infinity"}, {"$float": "-Infinity"}, {"$float": "86400.0"},
            {"$bytes": "MjAyMC0wMS0wMg=="}, {"$bytes": "/w=="}]


def _digits(rng: random.Random) -> Callable[[int], str]:
    return lambda n: "".join(rng.choice("0123456789") for _ in range(n))


def _date_text(rng: random.Random) -> str:
    digits = _digits(rng)
    year = rng.choice(["2020", "0000", "0001", "9999", "1900", "2000", digits(4), "20x0", "202"])
    month = rng.choice(["01", "02", "12", "13", "00", digits(2), "1"])
    day = rng.choice(["01", "28", "29", "30", "31", "32", "00", digits(2), "1"])
    return f"{year}{rng.choice(['-', '-', '/', ''])}{month}{rng.choice(['-', '-', '_'])}{day}"


def _time_text(rng: random.Random) -> str:
    digits = _digits(rng)
    hour = rng.choice(["00", "03", "23", "24", digits(2), "3"])
    minute = rng.choice(["00", "04", "59", "60", digits(2), "4"])
    second = rng.choice(["", ":00", ":59", ":60", ":" + digits(2), ":5"])
    fraction = rng.choice(["", "", ".", ".5", ",5", "." + digits(rng.randint(1, 12))]) if second else ""
    zone = rng.choice(["", "", "Z", "z", "+01:00", "-0130", "+01", "+24:00", "+00:60", "-00:00", "\u221201:00", " ", "Zx"])
    return f"{hour}{rng.choice([':', ':', ':', '-'])}{minute}{second}{fraction}{zone}"


def _number_text(rng: random.Random) -> str:
    digits = _digits(rng)
    return rng.choice([
        str(rng.randint(-10**12, 10**12)), str(rng.randint(-10**16, 10**16)), repr(rng.uniform(-1e11, 1e11)),
        f"{rng.uniform(-1e6, 1e6):.{rng.randint(0, 9)}f}", digits(rng.randint(1, 22)), "-" + digits(rng.randint(1, 20)),
        "." + digits(3), digits(2) + ".", digits(3) + "e3", f"{digits(5)}.{digits(2)}{rng.choice(['', 'e2', 'E-2', 'e'])}",
    ])


def drawn_texts(kind: str, count: int, seed: int) -> list[Any]:
    """`count` texts and numbers for a `kind` ("date", "datetime" or "time") drawn with `seed`."""
    rng = random.Random(seed)
    drawn: list[Any] = []
    for _ in range(count):
        roll = rng.random()
        if kind == "time" and roll < 0.6:
            drawn.append(_time_text(rng))
        elif roll < 0.4:
            drawn.append(f"{_date_text(rng)}{rng.choice(['T', 't', ' ', '_', 'x'])}{_time_text(rng)}")
        elif roll < 0.55:
            drawn.append(_date_text(rng))
        elif roll < 0.8:
            drawn.append(_number_text(rng))
        else:
            drawn.append(rng.choice([rng.randint(-10**12, 10**12), rng.uniform(-1e11, 1e11), rng.uniform(-2, 86401),
                                     rng.randint(-3, 3) * 86_400_000, rng.randint(0, 86400) + rng.choice([0.5, 0.25, 0.9999995])]))
    # A whole float reads as an int in TypeScript: written as the oracle's `$float`.
    return [{"$float": repr(v)} if isinstance(v, float) and v.is_integer() else v for v in drawn]

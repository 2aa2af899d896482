"""How many random hands and positions the property tests play.

The everyday suite (the README's test command, CI) plays 15 % of each test's full count, to keep it
within about five minutes on two cores; ``HUNAN_PROPERTY_SCALE=1`` plays every one (the deep run: tens of thousands of
self-played hands and random positions). The seeds are the same either way: the everyday run's hands are the
deep run's first ones.
"""

from __future__ import annotations

import os

SCALE = float(os.environ.get("HUNAN_PROPERTY_SCALE", "0.15"))


def scaled(full: int, least: int = 1) -> int:
    """``full`` hands (or positions) scaled by HUNAN_PROPERTY_SCALE, at least ``least``."""
    return max(least, round(full * SCALE))

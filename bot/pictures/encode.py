"""PNG written band by band, each band compressed once (issue 22: pictures nearly free).

A picture is a stack of horizontal bands, one per line of its flow (a seat's head and melds, a row of discards).
Between one version of a table and the next most bands are the same sprites at the same places, so each band's
deflate output is kept, keyed by what it holds, and only the bands that changed are compressed again. A band is
compressed with a full flush (byte-aligned, no reference to what came before), so kept bands concatenate into one
valid zlib stream; its Adler-32 is combined from the bands'. The pixels are exactly those of the canvas: only the
encoding differs from Pillow's, and any PNG reader decodes it the same.
"""

from __future__ import annotations

import struct
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import Image

try:
    # zlib-ng: the same deflate format and calls as zlib, ~2.5 times as fast at level 1 on our bands (and its Adler-32
    # and CRC-32 several times), the biggest single cost of a picture; zlib where no wheel of it installs
    from zlib_ng import zlib_ng as zlib
except ImportError:  # pragma: no cover - zlib-ng is a dependency; this keeps a source checkout without it drawing
    import zlib  # type: ignore[no-redef]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1  # the fastest level: a table picture is ~30 kB (zlib's level 1: ~25 kB), ~10 times less than stored
BANDS_KEPT = 8192  # compressed bands: a few per live picture, each a few kB
ADLER = 65521


class Band:
    """One band's compressed rows (each row behind its filter byte 0), their Adler-32 and length; ``refs`` keeps
    the sprites its key names by id alive while it is kept, so no other sprite can take their ids."""

    __slots__ = ("deflated", "adler", "length", "refs")

    def __init__(self, deflated: bytes, adler: int, length: int, refs: Any) -> None:
        self.deflated, self.adler, self.length, self.refs = deflated, adler, length, refs


class BandCache:
    def __init__(self, limit: int = BANDS_KEPT) -> None:
        self.limit = limit
        self._bands: OrderedDict[Hashable, Band] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> Band | None:
        band = self._bands.get(key)
        if band is not None:
            self._bands.move_to_end(key)
            self.hits += 1
        return band

    def put(self, key: Hashable, band: Band) -> None:
        self.misses += 1
        self._bands[key] = band
        if len(self._bands) > self.limit:
            self._bands.popitem(last=False)

    def clear(self) -> None:
        self._bands.clear()


BANDS = BandCache()


def adler32_combine(a1: int, a2: int, len2: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length (zlib's
    ``adler32_combine``, which Python's zlib module does not expose)."""
    rem = len2 % ADLER
    sum1 = a1 & 0xFFFF
    sum2 = (rem * sum1) % ADLER
    sum1 += (a2 & 0xFFFF) + ADLER - 1
    sum2 += ((a1 >> 16) & 0xFFFF) + ((a2 >> 16) & 0xFFFF) + ADLER - rem
    sum1 %= ADLER
    sum2 %= ADLER
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _band(img: Image.Image, refs: Any) -> Band:
    rows = img.tobytes()  # each row already behind its filter byte: the image's first column (see ``png``)
    c = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    return Band(c.compress(rows) + c.flush(zlib.Z_FULL_FLUSH), zlib.adler32(rows), len(rows), refs)


def png(width: int, palette: bytes, bands: Sequence[tuple[int, Hashable | None, Callable[[], Image.Image], Any]]) -> bytes:
    """A palette PNG ``width`` wide made of ``bands`` from the top: (rows, key, draw, what the key names by id)
    each, ``draw`` giving the band's palette image ``width + 1`` wide, its first column index 0: PNG's filter
    byte 0 before each row, so the image's bytes are the rows as deflated, with no copy to put them there. A band
    whose key was compressed before is neither drawn nor compressed again (key None: always anew)."""
    parts: list[bytes] = []
    adler, total, height = 1, 0, 0
    for rows, key, draw, refs in bands:
        if rows <= 0:
            continue
        height += rows
        full = None if key is None else (width, rows, key)
        band = BANDS.get(full) if full is not None else None
        if band is None:
            img = draw()
            assert img.mode == "P" and img.size == (width + 1, rows)
            band = _band(img, refs)
            if full is not None:
                BANDS.put(full, band)
        parts.append(band.deflated)
        adler = adler32_combine(adler, band.adler, band.length) if total else band.adler
        total += band.length
    parts.insert(0, b"\x78\x01")
    parts += (b"\x03\x00", struct.pack(">I", adler))  # \x03\x00: an empty last block
    crc, size = zlib.crc32(b"IDAT"), 0
    for p in parts:  # the IDAT chunk's CRC and length over its parts: the stream is copied once, into the file
        crc, size = zlib.crc32(p, crc), size + len(p)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join([SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette[:768]),
                     struct.pack(">I", size), b"IDAT", *parts, struct.pack(">I", crc), _chunk(b"IEND", b"")])

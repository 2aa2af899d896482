"""``python -m bot.pictures.subset_font [SOURCE]``: rebuild ``fonts/HunanTablesCJK-Bold.otf``.

SOURCE is Noto Sans CJK SC Bold (OFL 1.1): the Debian package ``fonts-noto-cjk`` installs it as the third face of
``/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc`` (the default here). The subset keeps only what the pictures
draw: printable ASCII, the card and tile faces, and every label in all three languages (``bot.present.pictures.charset``). As a
Modified Version under the OFL it is renamed (the licence reserves upstream's "Source" name) and ships with
``fonts/OFL.txt``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

from ..present.pictures import charset
from .font import FONT_PATH

DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
SC_FACE = "Noto Sans CJK SC Bold"
FAMILY = "Hunan Tables CJK"


def load_sc(source: Path) -> TTFont:
    if source.suffix.lower() == ".ttc":
        for face in TTCollection(str(source)).fonts:
            if face["name"].getDebugName(4) == SC_FACE:
                return face
        raise SystemExit(f"{source} holds no {SC_FACE!r} face")
    return TTFont(str(source))


def build(source: Path = DEFAULT_SOURCE, out: Path = FONT_PATH) -> int:
    font = load_sc(source)
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = []  # rewritten below
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=charset())
    sub.subset(font)
    name = font["name"]
    for nid, value in ((1, FAMILY), (2, "Bold"), (3, f"{FAMILY} Bold subset"), (4, f"{FAMILY} Bold"),
                       (6, "HunanTablesCJK-Bold"),
                       (0, "Subset of Noto Sans CJK SC Bold: Copyright 2014-2021 Adobe (http://www.adobe.com/)"),
                       (13, "SIL Open Font License 1.1 (see OFL.txt)")):
        name.setName(value, nid, 3, 1, 0x409)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else DEFAULT_SOURCE
    size = build(source)
    print(f"{FONT_PATH}: {size:,} bytes, {len(charset())} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

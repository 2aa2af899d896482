"""``python -m tests.pictures.regenerate [--positions | --new]``: write the golden images again after an intended
change of the drawing (``--positions``: capture the positions from seeded hands first, e.g. after an engine change
of what a view holds; ``--new``: capture only the positions added to ``CAPTURE``, keeping the others as they are). Look at the new PNGs before committing them."""

from __future__ import annotations

import argparse
import json

from .positions import CAPTURE, GOLDEN, POSITIONS, capture, load, render


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.pictures.regenerate", description=__doc__)
    ap.add_argument("--positions", action="store_true", help="capture positions.json from seeded hands first")
    ap.add_argument("--new", action="store_true", help="capture only the positions CAPTURE names and the file lacks")
    args = ap.parse_args(argv)
    if args.positions or args.new:
        kept = load() if args.new and POSITIONS.is_file() else {}
        found = {**kept, **capture(n for n in CAPTURE if n not in kept)}
        POSITIONS.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    GOLDEN.mkdir(exist_ok=True)
    for name, position in load().items():
        path = GOLDEN / f"{name}.png"
        path.write_bytes(render(position))
        print(f"{path}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

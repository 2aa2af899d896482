"""Command line: ``python -m engine score | selfplay | variants``."""

from __future__ import annotations

import argparse
import json
import sys

from .core import OptionError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Hunan Tables rules engine")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("score", help="hand calculator: one JSON hand on stdin, JSON evaluation on stdout")
    sp = sub.add_parser("selfplay", help="the baseline AI plays N hands")
    sp.add_argument("--variant", required=True)
    sp.add_argument("--hands", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--options", default="{}", help="room options as JSON")
    sp.add_argument("--random-seats", type=int, default=0,
                    help="seat a random player in this many seats (rotating) and compare its wins with the AI's")
    sub.add_parser("variants", help="the variant registry as JSON")
    sub.add_parser("verify", help="check a revealed deal: one JSON hand record (variant, options, seed, salt, "
                                  "commitment, wall) on stdin; exit 0 verified, 1 not, 2 invalid input")
    args = parser.parse_args(argv)

    if args.cmd == "score":
        from .calculator import main as score_main

        return score_main()
    if args.cmd == "verify":
        return verify_main(sys.stdin.read())
    if args.cmd == "variants":
        from .registry import all_variants

        print(json.dumps([v.describe() for v in all_variants()], ensure_ascii=False))
        return 0
    from .selfplay import selfplay

    try:
        options = json.loads(args.options)
        print(json.dumps(selfplay(args.variant, args.hands, args.seed, options,
                                  random_seats=args.random_seats), ensure_ascii=False))
    except (OptionError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def verify_main(text: str) -> int:
    from .fairness import verify_record

    try:
        verdict = verify_record(json.loads(text))
    except (ValueError, KeyError, OptionError) as e:  # JSONDecodeError is a ValueError; an unknown variant a KeyError
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps({"ok": verdict.ok, "commitment_ok": verdict.commitment_ok, "wall_ok": verdict.wall_ok,
                      "expected_commitment": verdict.expected, "first_difference": verdict.first_difference}))
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())

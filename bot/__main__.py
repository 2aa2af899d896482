"""``python -m bot``: the real bot when DISCORD_TOKEN is set, else (or with ``--demo``) the offline demo."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from dotenv import load_dotenv

from storage.db import DEFAULT_URL


def main(argv: list[str] | None = None) -> int:
    load_dotenv()
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--demo", action="store_true", help="run the offline demo even if DISCORD_TOKEN is set")
    parser.add_argument("--seed", type=int, default=20240601, help="demo: fixed shuffle seed")
    parser.add_argument("--variant", default=None, help="demo: variant id (default paohuzi)")
    parser.add_argument("--hands", type=int, default=2, help="demo: hands in the match")
    parser.add_argument("--humans", type=int, default=1, choices=(1, 2, 3), help="demo: clicking players")
    parser.add_argument("--quiet", action="store_true", help="demo: print only the summary")
    parser.add_argument("--sync", action="store_true", help="bot: sync slash commands with Discord at start-up")
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    logging.basicConfig(level=logging.INFO if token and not args.demo else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.demo or not token:
        from .demo import main as demo_main
        return demo_main(url, variant=args.variant, seed=args.seed, hands=args.hands, humans=args.humans,
                         quiet=args.quiet)
    from .client import HunanBot
    bot = HunanBot(url, sync_commands=args.sync or os.environ.get("SYNC_COMMANDS") == "1")
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

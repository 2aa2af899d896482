"""``python -m bot``: the real bot when DISCORD_TOKEN is set, else (or with ``--demo``) the offline demo."""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import warnings
from collections.abc import Callable
from typing import NoReturn

from dotenv import load_dotenv

from storage.db import DEFAULT_URL

# argparse's own (English) messages, as the person at the terminal reads them.
_ARGPARSE_WORDS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [(re.compile(p), f) for p, f in [
    (r"^argument (\S+): invalid int value: '(.*)'$", lambda m: f"{m[1]} 要写整数，不能是「{m[2]}」"),
    (r"^argument (\S+): invalid \w+ value: '(.*)'$", lambda m: f"{m[1]} 的值不对：「{m[2]}」"),
    (r"^argument (\S+): invalid choice: '?(.*?)'? \(choose from (.*)\)$",
     lambda m: f"{m[1]} 只能取 {m[3].replace(chr(39), '')}，不能是「{m[2]}」"),
    (r"^argument (\S+): expected one argument$", lambda m: f"{m[1]} 后面要写一个值"),
    (r"^argument (\S+): ignored explicit argument '(.*)'$", lambda m: f"{m[1]} 不带值，不能写「{m[2]}」"),
    (r"^unrecognized arguments: (.*)$", lambda m: f"不认识的参数：{m[1]}（python -m bot --help 列出可用的参数）"),
    (r"^ambiguous option: (\S+) could match (.*)$", lambda m: f"{m[1]} 不明确，可以是 {m[2]}，请写全"),
    (r"^the following arguments are required: (.*)$", lambda m: f"缺少参数：{m[1]}"),
]]


def argparse_message(message: str) -> str:
    """argparse's message in Chinese; one that is already Chinese (the demo's own checks) stays as it is."""
    for pattern, say in _ARGPARSE_WORDS:
        m = pattern.match(message)
        if m:
            return say(m)
    return message if re.search(r"[\u4e00-\u9fff]", message) else f"参数不对（{message}）"


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (no usage block), in Chinese, and exit 2."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(argparse_message(message).split())
        self.exit(2, f"{self.prog}: 参数错误：{line}\n")


def _quiet_voice() -> None:
    """This bot never joins a voice channel: discord.py's voice notices are noise, not advice."""
    # discord.player imports audioop (deprecated since 3.11) whether or not voice is used.
    warnings.filterwarnings("ignore", message="'audioop' is deprecated", category=DeprecationWarning)
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def main(argv: list[str] | None = None) -> int:
    load_dotenv()
    parser = _Parser(prog="python -m bot", description=__doc__)
    parser.add_argument("--demo", action="store_true", help="run the offline demo even if DISCORD_TOKEN is set")
    parser.add_argument("--seed", type=int, default=20240601, help="demo: fixed shuffle seed")
    parser.add_argument("--variant", default=None, help="demo: variant id (default paohuzi)")
    parser.add_argument("--hands", type=int, default=None, help="demo: hands in the match (default 2)")
    parser.add_argument("--humans", type=int, default=1, choices=(1, 2, 3), help="demo: clicking players")
    parser.add_argument("--quiet", action="store_true", help="demo: print only the summary")
    parser.add_argument("--sync", action="store_true", help="bot: sync slash commands with Discord at start-up")
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    logging.basicConfig(level=logging.INFO if token and not args.demo else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    _quiet_voice()
    if args.demo or not token:
        from .demo import DemoArgError, demo_setup
        from .demo import main as demo_main
        try:
            setup = demo_setup(args.variant, args.hands, args.humans, args.seed)
        except DemoArgError as e:
            parser.error(str(e))
        return demo_main(url, setup=setup, seed=args.seed, quiet=args.quiet)
    from .edge.client import make_bot
    from .edge.shards import ShardConfigError, from_env
    from .service.limits import LimitConfigError, Limits
    try:
        shards = from_env(os.environ)
        limits = Limits.from_env(os.environ)
    except (ShardConfigError, LimitConfigError) as e:
        parser.error(str(e))
    bot = make_bot(url, shards=shards, sync_commands=args.sync or os.environ.get("SYNC_COMMANDS") == "1",
                   card_emojis=os.environ.get("CARD_EMOJIS", "1") != "0", limits=limits)
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

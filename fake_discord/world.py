"""What Discord holds: users, guilds, channels, members, DM channels and messages, and every request the bot made
(``calls``). The edges (rest, webhooks, gateway) read and change it; tests and the demo query it.

Discord outlives the bot: :meth:`World.keep_in` keeps messages and DM channels in a file, so a world built again
in a new process (after the old one was killed) finds what the bot sent before.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .faults import Injected
from .layout import ATTACHMENT_REF, controls, edit_problem, flags_after_edit, walk
from .records import Call, PendingInteraction, UnknownRoute, payload_text
from .refusals import request_problem
from .uploads import Upload, upload_problem

DISCORD_EPOCH_MS = 1420070400000
MANAGE_GUILD = 1 << 5
# What an ordinary member may do in a text channel (view, send, read history, use app commands ...).
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 6) | (1 << 14) | (1 << 15)


class World:
    """A small, consistent Discord: snowflakes, guilds, channels, members, DMs, messages."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self.app_id = self.snowflake()
        self.bot_user = {"id": str(self.app_id), "username": "HunanTables", "discriminator": "0000",
                         "global_name": "湖南牌桌", "avatar": None, "bot": True, "flags": 0}
        self.users: dict[int, dict[str, Any]] = {}
        self.guilds: dict[int, dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.members: dict[tuple[int, int], dict[str, Any]] = {}
        self.locales: dict[int, str] = {}  # user -> the locale their interactions carry
        self.dm_closed: set[int] = set()
        self.dm_of_user: dict[int, int] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> the message it made
        self.by_channel: dict[int, list[int]] = {}
        self.calls: list[Call] = []
        self.errors: list[str] = []
        self.pending: dict[str, PendingInteraction] = {}
        self.on_call: Callable[[Call], None] | None = None
        self.faults: list[Injected] = []  # see RestEdge.inject
        self.app_emojis: dict[int, dict[str, Any]] = {}  # see AppEmojiEdge
        self.emoji_images: dict[int, bytes] = {}
        self.record_calls = True
        # Tests refuse what Discord would refuse (request_problem); the benchmark skips every check, and the
        # demo skips emoji and schemas where the install lacks the test extra or ../shared.
        self.check_limits = True
        self.check_contract = True
        self._journal: int | None = None  # see keep_in

    # -- Discord outlives the bot ------------------------------------------------------------------

    def keep_in(self, path: Path) -> None:
        """Keep the world's messages and DM channels in ``path``, as Discord keeps them whatever happens to the
        bot: a world built again in a new process (after the old one was killed) reads them back first. Each
        change is one ``write`` to the file as it happens, so a SIGKILL loses none the bot was answered for."""
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    self._replay(json.loads(line))
        self._journal = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def _replay(self, rec: dict[str, Any]) -> None:
        if rec["op"] == "dm":
            uid, cid = int(rec["user"]), int(rec["channel"])
            self.dm_of_user[uid] = cid
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [self.users[uid]],
                                  "last_message_id": None, "flags": 0}
        elif rec["op"] == "msg":
            msg = rec["msg"]
            mid = int(msg["id"])
            if mid not in self.messages:
                self.by_channel.setdefault(int(msg["channel_id"]), []).append(mid)
            self.messages[mid] = msg
        elif rec["op"] == "emoji":
            self.app_emojis[int(rec["emoji"]["id"])] = rec["emoji"]
        elif rec["op"] == "emoji-":
            self.app_emojis.pop(int(rec["id"]), None)
        elif rec["op"] == "del":
            mid = int(rec["id"])
            msg = self.messages.pop(mid, None)
            if msg is not None:
                self.by_channel[int(msg["channel_id"])].remove(mid)
            self.deleted.add(mid)

    def _keep(self, rec: dict[str, Any]) -> None:
        if self._journal is not None:
            os.write(self._journal, (json.dumps(rec, ensure_ascii=False) + "\n").encode())

    # -- world building --------------------------------------------------------------------------

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def add_user(self, name: str, *, dm_closed: bool = False, locale: str = "zh-CN",
                 user_id: int | None = None) -> int:
        """A user; ``locale`` is their Discord client's language, sent with each of their interactions."""
        uid = user_id or self.snowflake()
        self.users[uid] = {"id": str(uid), "username": name, "discriminator": "0", "global_name": name,
                           "avatar": None, "bot": False, "flags": 0}
        self.locales[uid] = locale
        if dm_closed:
            self.dm_closed.add(uid)
        return uid

    def add_guild(self, name: str, owner_id: int, *, locale: str = "zh-CN", guild_id: int | None = None) -> int:
        """A guild (``guild_id`` to choose it, e.g. one on a given shard: ``gateway.guild_id_on_shard``)."""
        gid = guild_id or self.snowflake()
        self.guilds[gid] = {"id": str(gid), "name": name, "owner_id": str(owner_id), "channels": [], "threads": [],
                            "members": [], "roles": [{"id": str(gid), "name": "@everyone", "permissions":
                                                      str(MEMBER_PERMISSIONS), "position": 0, "color": 0,
                                                      "hoist": False, "managed": False, "mentionable": False,
                                                      "flags": 0}],
                            "emojis": [], "stickers": [], "features": [], "unavailable": False,
                            "member_count": 0, "large": False, "preferred_locale": locale,
                            "premium_tier": 0, "verification_level": 0, "default_message_notifications": 0,
                            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0,
                            "voice_states": [], "presences": [], "stage_instances": [],
                            "guild_scheduled_events": [], "joined_at": iso_now(), "icon": None}
        self.add_member(gid, self.app_id)
        return gid

    def add_channel(self, guild_id: int, name: str, *, channel_id: int | None = None) -> int:
        cid = channel_id or self.snowflake()
        ch = {"id": str(cid), "type": 0, "guild_id": str(guild_id), "name": name, "position": len(self.channels),
              "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
              "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}
        self.channels[cid] = ch
        self.guilds[guild_id]["channels"].append(ch)
        return cid

    def add_thread(self, guild_id: int, parent_id: int, name: str) -> int:
        """A public thread under ``parent_id`` (tables may live in threads too)."""
        tid = self.snowflake()
        th = {"id": str(tid), "type": 11, "guild_id": str(guild_id), "name": name, "parent_id": str(parent_id),
              "owner_id": str(self.app_id), "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
              "message_count": 0, "member_count": 1,
              "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "locked": False,
                                  "archive_timestamp": iso_now()}}
        self.channels[tid] = th
        self.guilds[guild_id]["threads"].append(th)
        return tid

    def add_member(self, guild_id: int, user_id: int, *, manage_guild: bool = False) -> None:
        user = self.bot_user if user_id == self.app_id else self.users[user_id]
        perms = MEMBER_PERMISSIONS | (MANAGE_GUILD if manage_guild else 0)
        member: dict[str, Any] = {"user": user, "roles": [], "joined_at": iso_now(), "deaf": False, "mute": False, "flags": 0,
                  "nick": None, "avatar": None, "pending": False, "permissions": str(perms)}
        self.members[(guild_id, user_id)] = member
        g = self.guilds[guild_id]
        g["members"].append({k: v for k, v in member.items() if k != "permissions"})
        g["member_count"] = len(g["members"])  # discord.py checks it against the member list

    def dm_channel(self, user_id: int) -> int:
        """The user's DM channel (opened now if it is not yet): faults can target a DM before the first one."""
        cid = self.dm_of_user.get(user_id)
        if cid is None:
            cid = self.dm_of_user[user_id] = self.snowflake()
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [self.users[user_id]],
                                  "last_message_id": None, "flags": 0}
            self._keep({"op": "dm", "user": user_id, "channel": cid})
        return cid

    def know_dm(self, user_id: int, channel_id: int) -> None:
        """The DM channel ``channel_id`` of ``user_id`` (which another world opened) exists here too, so a
        click on a message in it can be fed to this world's client."""
        if channel_id not in self.channels:
            self.channels[channel_id] = {"id": str(channel_id), "type": 1, "recipients": [self.users[user_id]],
                                         "last_message_id": None, "flags": 0}

    # -- recording requests ----------------------------------------------------------------------

    def _record(self, call: Call) -> None:
        if self.check_limits:
            sent = call.body if call.sent is None else call.sent
            problem = request_problem(call.method, call.path, sent, contract=self.check_contract,
                                      custom_emojis=self.app_emojis.keys())
            if problem:
                self._fail(f"{call.method} {call.path}: Discord would reject this payload: {problem}")
        call.at = time.perf_counter()
        if self.record_calls:
            self.calls.append(call)
        if self.on_call is not None:
            self.on_call(call)

    def _fail(self, msg: str) -> None:
        self.errors.append(msg)
        raise UnknownRoute(msg)

    def _check_edit(self, call: Call, before: dict[str, Any], body: dict[str, Any]) -> None:
        """What Discord refuses of an edit that it can tell only from the message edited (Components V2 stays)."""
        if self.check_limits:
            problem = edit_problem(before, body)
            if problem:
                self._fail(f"{call.method} {call.path}: Discord would reject this edit: {problem}")

    def _check_uploads(self, call: Call, message: dict[str, Any], files: list[Upload],
                       existing: list[dict[str, Any]]) -> None:
        if self.check_limits:
            problem = upload_problem(message, files, existing)
            if problem:
                self._fail(f"{call.method} {call.path}: Discord would reject this upload: {problem}")

    # -- messages as Discord stores them ---------------------------------------------------------

    def _attachments(self, message: dict[str, Any], files: list[Upload],
                     existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The message's attachments after this request: those it keeps (all, when ``attachments`` is absent;
        those listed by id otherwise) and one per uploaded file, as Discord returns them."""
        listed = message.get("attachments")
        kept = list(existing) if listed is None else [
            a for a in existing if str(a["id"]) in {str(x.get("id")) for x in listed}]
        new = []
        for u in files:
            aid = self.snowflake()
            url = f"https://cdn.discordapp.com/attachments/0/{aid}/{u.filename}"
            new.append({"id": str(aid), "filename": u.filename, "size": len(u.data), "url": url, "proxy_url": url,
                        "content_type": "image/png" if u.filename.endswith(".png") else "application/octet-stream"})
        return kept + new

    def _new_message(self, channel_id: int, body: dict[str, Any], *, flags: int = 0,
                     interaction_user: int | None = None, files: list[Upload] | None = None) -> dict[str, Any]:
        mid = self.snowflake()
        ch = self.channels.get(channel_id, {})
        msg = {"id": str(mid), "channel_id": str(channel_id), "author": self.bot_user, "content": body.get("content")
               or "", "embeds": body.get("embeds") or [], "components": _with_ids(body.get("components") or []),
               "attachments": self._attachments(body, files or [], []), "mentions": [], "mention_roles": [],
               "mention_everyone": False, "pinned": False, "tts": False, "type": 0 if interaction_user is None else 20, "timestamp": iso_now(),
               "edited_timestamp": None, "flags": flags | (body.get("flags") or 0)}
        _resolve_media(msg)
        if "guild_id" in ch:
            msg["guild_id"] = ch["guild_id"]
        self.messages[mid] = msg
        self.by_channel.setdefault(channel_id, []).append(mid)
        self._keep({"op": "msg", "msg": msg})
        return msg

    def _edit_message(self, msg: dict[str, Any], body: dict[str, Any],
                      files: list[Upload] | None = None) -> dict[str, Any]:
        msg["attachments"] = self._attachments(body, files or [], msg["attachments"])
        msg["flags"] = flags_after_edit(msg, body)
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = (_with_ids(body[key] or []) if key == "components" else body[key]) or (
                    "" if key == "content" else [])
        _resolve_media(msg)
        msg["edited_timestamp"] = iso_now()
        self._keep({"op": "msg", "msg": msg})
        return msg

    def _remove_message(self, mid: int) -> None:
        msg = self.messages.pop(mid)
        self.by_channel[int(msg["channel_id"])].remove(mid)
        self.deleted.add(mid)
        self._keep({"op": "del", "id": mid})

    # -- queries for tests and the demo ----------------------------------------------------------

    def components_of(self, message_id: int) -> list[dict[str, Any]]:
        """The message's buttons and selects, wherever they sit (classic action rows, or a Components V2 layout)."""
        return controls(self.messages[message_id].get("components"))

    def message_text(self, message_id: int) -> str:
        """What a reader sees of the message as words, whichever kind it is: a Components V2 message's text
        displays in order, a classic one's content and embeds (``records.payload_text``)."""
        return payload_text(self.messages[message_id])

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        return [self.messages[mid] for mid in self.by_channel.get(channel_id, [])]

    def latest_dm(self, user_id: int) -> int | None:
        """The newest panel in the user's DM; a private error reply below it is not a panel to click."""
        cid = self.dm_of_user.get(user_id)
        for mid in reversed(self.by_channel.get(cid or 0, [])):
            if not self.messages.get(mid, {}).get("flags", 0) & 64:
                return mid
        return None

    def is_guild_channel(self, channel_id: int | None) -> bool:
        return channel_id is not None and "guild_id" in self.channels.get(channel_id, {})

    def public_calls(self) -> list[Call]:
        """Every payload anyone in a guild channel could see (ephemeral replies excluded)."""
        return [c for c in self.calls if c.body is not None and not c.ephemeral and self.is_guild_channel(c.channel_id)]


def _with_ids(components: list[dict[str, Any]], n: Iterator[int] | None = None) -> list[dict[str, Any]]:
    # Discord numbers components in its answer, depth first (nested ones too); harmless for the library and
    # makes payloads realistic.
    if n is None:  # the stored message is Discord's own copy: resolving its media must not touch the request
        n, components = itertools.count(1), copy.deepcopy(components)
    out = []
    for c in components:
        c = dict(c, id=c.get("id") or next(n))
        if "components" in c:
            c["components"] = _with_ids(c["components"], n)
        if isinstance(c.get("accessory"), dict):
            c["accessory"] = _with_ids([c["accessory"]], n)[0]
        out.append(c)
    return out


def _resolve_media(msg: dict[str, Any]) -> None:
    """As Discord stores a Components V2 message: each ``attachment://`` of its media names the attachment's
    own URL and id."""
    by_name = {a["filename"]: a for a in msg["attachments"]}
    for c in walk(msg["components"]):
        media = [item.get("media") for item in c.get("items") or []] + [c.get("media"), c.get("file")]
        for m in media:
            if isinstance(m, dict) and str(m.get("url", "")).startswith(ATTACHMENT_REF):
                a = by_name.get(m["url"][len(ATTACHMENT_REF):])
                if a is not None:
                    m.update(url=a["url"], proxy_url=a["proxy_url"], attachment_id=a["id"],
                             content_type=a["content_type"])


def iso_now() -> str:
    return datetime.now(UTC).isoformat()

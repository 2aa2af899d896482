"""The network edge replaced: a fake Discord that answers discord.py's REST calls and feeds it gateway events.

Everything above the transport is the real library — client, connection state, interactions, views,
DynamicItems, request building — so tests and the offline demo exercise exactly the code that runs
against Discord. Only two functions are replaced (facts of discord.py 2.7.x, pinned in pyproject):

* ``discord.http.HTTPClient.request(route, *, files, form, **kw)``: every bot REST call;
* ``discord.webhook.async_.AsyncWebhookAdapter.request(route, session, *, payload, multipart, ...)``:
  interaction callbacks, followups and ``@original`` edits.

The world keeps guilds, channels, members, messages and every request made (``calls``), answers each
known route with a realistic payload, and raises :class:`UnknownRoute` for anything else. Gateway events
are fed through the connection's own parsers (``parse_ready``, ``parse_guild_create``,
``parse_interaction_create``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import aiohttp
import discord
from discord.http import Route
from discord.webhook import async_ as webhook_async

DISCORD_EPOCH_MS = 1420070400000
MANAGE_GUILD = 1 << 5
# What an ordinary member may do in a text channel (view, send, read history, use app commands ...).
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 6) | (1 << 14) | (1 << 15)


@dataclass(frozen=True, slots=True)
class UserOption:
    """A slash-command option of type USER (Discord sends the id plus the resolved user and member)."""

    user_id: int


class UnknownRoute(AssertionError):
    """The bot called a route the fake does not model: a test must notice, not pass silently."""


def payload_limit_problem(body: dict[str, Any]) -> str | None:
    """Discord's documented message limits (design.md), which the real API enforces and the fake edge must
    too: content 2,000; embed description 4,096, 25 fields, 6,000 in all; 5 action rows of 5 buttons or one
    select; custom_id 100; button label 80; 25 options per select."""
    if len(body.get("content") or "") > 2000:
        return "content over 2,000 characters"
    for e in body.get("embeds") or []:
        if len(e.get("description") or "") > 4096 or len(e.get("fields") or []) > 25:
            return "embed description over 4,096 characters or more than 25 fields"
        total = len(e.get("title") or "") + len(e.get("description") or "") + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or [])
        if total > 6000:
            return "embed over 6,000 characters"
    rows = body.get("components") or []
    if len(rows) > 5:
        return "more than 5 action rows"
    for row in rows:
        items = row.get("components") or []
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if len(items) > 5 or (selects and len(items) > 1):
            return "an action row holds more than 5 buttons, or a select beside something else"
        for c in items:
            if len(c.get("custom_id") or "") > 100:
                return f"custom_id over 100 characters: {c.get('custom_id')!r}"
            if c.get("type") == 2 and len(c.get("label") or "") > 80:
                return "button label over 80 characters"
            if len(c.get("options") or []) > 25:
                return "select with more than 25 options"
            if any(len(o.get("label") or "") > 100 for o in c.get("options") or []):
                return "select option label over 100 characters"
    return None


@dataclass(slots=True)
class Call:
    """One recorded request: where it went and the JSON body discord.py built."""

    method: str
    path: str
    url: str
    body: dict[str, Any] | None
    channel_id: int | None = None  # the channel a message went to (resolved for interaction replies)
    ephemeral: bool = False
    kind: str = "rest"  # "rest" | "interaction"
    at: float = 0.0


@dataclass
class _FakeResponse:
    status: int
    reason: str


@dataclass(slots=True)
class Fault:
    """One injected failure of a REST call, as Discord and the network produce them.

    ``status``/``code`` make discord.py's own exception (Forbidden for 403, NotFound for 404,
    DiscordServerError for 5xx, HTTPException otherwise) from a response and a JSON body, exactly as
    ``HTTPClient.request`` builds it. ``network`` raises a connection reset instead. ``hang`` holds the
    request until the test sets the event (what a 429 looks like from above: discord.py sleeps the
    retry_after inside the request), then it goes through."""

    status: int = 503
    code: int = 0
    message: str = "Service Unavailable"
    network: bool = False
    hang: asyncio.Event | None = None
    times: int | None = 1  # None: every matching call fails (a deleted channel stays deleted)
    hits: int = 0

    def exception(self) -> Exception:
        if self.network:
            return aiohttp.ClientOSError(104, "Connection reset by peer")
        response = _FakeResponse(self.status, self.message)
        body = {"code": self.code, "message": self.message}
        cls = {403: discord.Forbidden, 404: discord.NotFound}.get(self.status)
        if cls is None:
            cls = discord.DiscordServerError if self.status >= 500 else discord.HTTPException
        return cls(response, body)  # type: ignore[arg-type]


REASONS = {503: "Service Unavailable", 500: "Internal Server Error", 404: "Not Found", 403: "Forbidden",
           400: "Bad Request"}


@dataclass
class PendingInteraction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None
    fed_at: float
    responded: asyncio.Future[float]
    replies: list[dict[str, Any]] = field(default_factory=list)

    @property
    def first(self) -> dict[str, Any]:
        return self.replies[0] if self.replies else {}

    def text(self) -> str:
        """All reply content and embed text of this interaction, for assertions."""
        return "\n".join(_payload_text(p) for p in self.replies)

    @property
    def ephemeral(self) -> bool:
        return bool(self.replies) and bool(self.replies[0].get("flags", 0) & 64)


def _payload_text(p: dict[str, Any]) -> str:
    parts = [p.get("content") or ""]
    for e in p.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
    return "\n".join(x for x in parts if x)


class FakeDiscord:
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
        self.faults: list[tuple[str, int | None, Fault]] = []  # (method or "*", channel id or None, fault)
        self.record_calls = True
        self.check_limits = True  # tests refuse payloads over Discord's limits; the benchmark skips the check

    # -- world building --------------------------------------------------------------------------

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def add_user(self, name: str, *, dm_closed: bool = False) -> int:
        uid = self.snowflake()
        self.users[uid] = {"id": str(uid), "username": name, "discriminator": "0", "global_name": name,
                           "avatar": None, "bot": False, "flags": 0}
        if dm_closed:
            self.dm_closed.add(uid)
        return uid

    def add_guild(self, name: str, owner_id: int) -> int:
        gid = self.snowflake()
        self.guilds[gid] = {"id": str(gid), "name": name, "owner_id": str(owner_id), "channels": [], "threads": [],
                            "members": [], "roles": [{"id": str(gid), "name": "@everyone", "permissions":
                                                      str(MEMBER_PERMISSIONS), "position": 0, "color": 0,
                                                      "hoist": False, "managed": False, "mentionable": False,
                                                      "flags": 0}],
                            "emojis": [], "stickers": [], "features": [], "unavailable": False,
                            "member_count": 0, "large": False, "preferred_locale": "zh-CN",
                            "premium_tier": 0, "verification_level": 0, "default_message_notifications": 0,
                            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0,
                            "voice_states": [], "presences": [], "stage_instances": [],
                            "guild_scheduled_events": [], "joined_at": _iso(), "icon": None}
        self.add_member(gid, self.app_id)
        return gid

    def add_channel(self, guild_id: int, name: str) -> int:
        cid = self.snowflake()
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
                                  "archive_timestamp": _iso()}}
        self.channels[tid] = th
        self.guilds[guild_id]["threads"].append(th)
        return tid

    def add_member(self, guild_id: int, user_id: int, *, manage_guild: bool = False) -> None:
        user = self.bot_user if user_id == self.app_id else self.users[user_id]
        perms = MEMBER_PERMISSIONS | (MANAGE_GUILD if manage_guild else 0)
        member: dict[str, Any] = {"user": user, "roles": [], "joined_at": _iso(), "deaf": False, "mute": False, "flags": 0,
                  "nick": None, "avatar": None, "pending": False, "permissions": str(perms)}
        self.members[(guild_id, user_id)] = member
        g = self.guilds[guild_id]
        g["members"].append({k: v for k, v in member.items() if k != "permissions"})
        g["member_count"] = len(g["members"])  # discord.py checks it against the member list

    # -- attaching a client ----------------------------------------------------------------------

    async def attach(self, client: discord.Client) -> None:
        """Log ``client`` in through the fake edge and deliver READY + GUILD_CREATE for every guild."""
        client.http.request = self._http_request  # type: ignore[method-assign]
        install_webhook_edge(self)
        await client.login("fake-token")
        state = client._connection
        state.guild_ready_timeout = 0  # nothing to wait for: every guild arrives in READY
        state.parse_ready({"v": 10, "user": self.bot_user, "guilds": [], "session_id": "fake",
                           "resume_gateway_url": "wss://gateway.invalid", "shard": [0, 1],
                           "application": {"id": str(self.app_id), "flags": 0}})
        for g in self.guilds.values():
            state.parse_guild_create(json.loads(json.dumps(g)))

    # -- REST ------------------------------------------------------------------------------------

    async def _http_request(self, route: Route, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        body = kw.get("json")
        if body is None and form:
            for part in form:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        await self._inject(route)
        return self._route(route, body)

    # -- fault injection -------------------------------------------------------------------------

    def inject(self, method: str, channel_id: int | None, *, status: int = 503, code: int = 0,
               message: str | None = None, network: bool = False, hang: asyncio.Event | None = None,
               times: int | None = 1) -> Fault:
        """Make the next ``times`` REST calls ``method`` ("POST", "PATCH", "DELETE" or "*") to ``channel_id``
        (None: any channel) fail or hang; faults are consumed in the order they were added."""
        fault = Fault(status, code, message or REASONS.get(status, "Error"), network, hang, times)
        self.faults.append((method, channel_id, fault))
        return fault

    def dm_channel(self, user_id: int) -> int:
        """The user's DM channel (opened now if it is not yet): faults can target a DM before the first one."""
        cid = self.dm_of_user.get(user_id)
        if cid is None:
            cid = self.dm_of_user[user_id] = self.snowflake()
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [self.users[user_id]],
                                  "last_message_id": None, "flags": 0}
        return cid

    async def _inject(self, route: Route) -> None:
        cid = _int(route.channel_id)
        for entry in self.faults:
            method, channel, fault = entry
            if method not in ("*", route.method) or (channel is not None and channel != cid):
                continue
            fault.hits += 1
            if fault.times is not None and fault.hits >= fault.times:
                self.faults.remove(entry)
            if fault.hang is not None:
                await fault.hang.wait()
                return
            raise fault.exception()

    def _record(self, call: Call) -> None:
        if call.body and self.check_limits:
            problem = payload_limit_problem(call.body)
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

    def _route(self, route: Route, body: dict[str, Any] | None) -> Any:
        m, p, url = route.method, route.path, route.url
        call = Call(m, p, url, body, channel_id=_int(route.channel_id))
        if (m, p) == ("GET", "/users/@me"):
            return self.bot_user
        if (m, p) == ("GET", "/oauth2/applications/@me"):
            return {"id": str(self.app_id), "name": "Hunan Tables", "icon": None, "description": "",
                    "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                    "flags": 0, "owner": self.users[next(iter(self.users))] if self.users else self.bot_user,
                    "team": None, "summary": "", "rpc_origins": []}
        if (m, p) == ("POST", "/users/@me/channels"):
            self._record(call)
            assert body is not None
            uid = int(body["recipient_id"])
            if uid not in self.users:
                self._fail(f"DM to unknown user {uid}")
            return self.channels[self.dm_channel(uid)]
        if (m, p) == ("POST", "/channels/{channel_id}/messages"):
            cid = int(route.channel_id)  # type: ignore[arg-type]
            ch = self.channels.get(cid)
            if ch is None:
                self._fail(f"message to unknown channel {cid}")
            assert ch is not None and body is not None
            self._record(call)
            if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.dm_closed:
                raise discord.Forbidden(_FakeResponse(403, "Forbidden"),  # type: ignore[arg-type]
                                        {"code": 50007, "message": "Cannot send messages to this user"})
            return self._send_once(cid, body)
        if (m, p) == ("PATCH", "/channels/{channel_id}/messages/{message_id}"):
            mid = int(url.rsplit("/", 1)[1])
            msg = self.messages.get(mid)
            if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
                self._fail(f"edit of unknown message {mid}")
            assert msg is not None and body is not None
            self._record(call)
            return self._edit_message(msg, body)
        if (m, p) == ("DELETE", "/channels/{channel_id}/messages/{message_id}"):
            return self._delete_message(route)
        self._fail(f"unknown REST route {m} {p}")

    def _send_once(self, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        """Discord's enforce_nonce: a second send with a nonce it saw lately returns the first message."""
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:
            mid = self.nonces.get((channel_id, str(nonce)))
            if mid is not None and mid in self.messages:
                return self.messages[mid]
        msg = self._new_message(channel_id, body)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = int(msg["id"])
        return msg

    def _delete_message(self, route: Route) -> None:
        mid = int(route.url.rsplit("/", 1)[1])
        msg = self.messages.get(mid)
        if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
            raise discord.NotFound(_FakeResponse(404, "Not Found"),  # type: ignore[arg-type]
                                   {"code": 10008, "message": "Unknown Message"})
        self._record(Call("DELETE", route.path, route.url, None, channel_id=_int(route.channel_id)))
        del self.messages[mid]
        self.by_channel[int(msg["channel_id"])].remove(mid)
        self.deleted.add(mid)

    def _new_message(self, channel_id: int, body: dict[str, Any], *, flags: int = 0,
                     interaction_user: int | None = None) -> dict[str, Any]:
        mid = self.snowflake()
        ch = self.channels.get(channel_id, {})
        msg = {"id": str(mid), "channel_id": str(channel_id), "author": self.bot_user, "content": body.get("content")
               or "", "embeds": body.get("embeds") or [], "components": _with_ids(body.get("components") or []),
               "attachments": [], "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False,
               "tts": False, "type": 0 if interaction_user is None else 20, "timestamp": _iso(),
               "edited_timestamp": None, "flags": flags | (body.get("flags") or 0)}
        if "guild_id" in ch:
            msg["guild_id"] = ch["guild_id"]
        self.messages[mid] = msg
        self.by_channel.setdefault(channel_id, []).append(mid)
        return msg

    def _edit_message(self, msg: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = (_with_ids(body[key] or []) if key == "components" else body[key]) or (
                    "" if key == "content" else [])
        msg["edited_timestamp"] = _iso()
        return msg

    # -- interactions (webhook edge) -------------------------------------------------------------

    async def _webhook_request(self, route: Route, session: Any = None, *, payload: dict[str, Any] | None = None,
                               multipart: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
        body = payload
        if body is None and multipart:
            for part in multipart:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        m, p = route.method, route.path
        token = route.webhook_token or ""
        pend = self.pending.get(token)
        if pend is None:
            self._fail(f"interaction route {m} {p} for unknown token")
        assert pend is not None
        if (m, p) == ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"):
            assert body is not None
            return self._callback(pend, body, route)
        if p in ("/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                 "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") and m in ("PATCH", "GET"):
            target = pend.message_id if pend.message_id else None
            if target is None or target not in self.messages:
                self._fail("@original edited before a response message exists")
            assert target is not None
            msg = self.messages[target]
            if m == "PATCH":
                assert body is not None
                self._record(Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction",
                                  ephemeral=bool(msg["flags"] & 64)))
                pend.replies.append(body)
                return self._edit_message(msg, body)
            return msg
        if (m, p) == ("POST", "/webhooks/{webhook_id}/{webhook_token}"):
            assert body is not None
            eph = bool((body.get("flags") or 0) & 64)
            self._record(Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction", ephemeral=eph))
            pend.replies.append(body)
            return self._new_message(pend.channel_id, body, interaction_user=pend.user_id)
        self._fail(f"unknown interaction route {m} {p}")

    def _callback(self, pend: PendingInteraction, body: dict[str, Any], route: Route) -> dict[str, Any]:
        rtype = body["type"]
        data = body.get("data") or {}
        eph = bool((data.get("flags") or 0) & 64)
        if rtype == 7 and pend.message_id is not None:
            # an UPDATE_MESSAGE on an ephemeral message stays private to its owner
            eph = bool(self.messages.get(pend.message_id, {}).get("flags", 0) & 64)
        self._record(Call("POST", route.path, route.url, data, channel_id=pend.channel_id, kind="interaction",
                          ephemeral=eph))
        pend.replies.append(data)
        if not pend.responded.done():
            pend.responded.set_result(time.perf_counter())
        resp: dict[str, Any] = {"interaction": {"id": str(pend.id), "type": 3, "response_message_loading": rtype == 5,
                                                "response_message_ephemeral": eph}}
        if rtype in (4, 5):
            msg = self._new_message(pend.channel_id, data if rtype == 4 else {"content": ""},
                                    flags=(64 if eph else 0) | (128 if rtype == 5 else 0),
                                    interaction_user=pend.user_id)
            pend.message_id = int(msg["id"])
            resp["interaction"]["response_message_id"] = msg["id"]
            resp["resource"] = {"type": rtype, "message": msg}
        elif rtype == 7:
            msg = self.messages.get(pend.message_id or 0)
            if msg is None:
                self._fail("UPDATE_MESSAGE on an unknown message")
            assert msg is not None
            self._edit_message(msg, data)
            resp["interaction"]["response_message_id"] = msg["id"]
            resp["resource"] = {"type": 7, "message": msg}
        elif rtype != 6:
            self._fail(f"unsupported interaction callback type {rtype}")
        return resp

    # -- feeding interactions --------------------------------------------------------------------

    def _base_interaction(self, user_id: int, channel_id: int, itype: int) -> tuple[dict[str, Any], PendingInteraction]:
        iid = self.snowflake()
        token = f"tok{iid}"
        ch = self.channels[channel_id]
        data: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "token": token, "version": 1,
            "channel_id": str(channel_id), "channel": ch, "locale": "zh-CN", "entitlements": [],
            "app_permissions": str(MEMBER_PERMISSIONS), "attachment_size_limit": 10 * 1024 * 1024,
        }
        if "guild_id" in ch:
            gid = int(ch["guild_id"])
            data |= {"guild_id": str(gid), "guild_locale": "zh-CN", "member": self.members[(gid, user_id)],
                     "authorizing_integration_owners": {"0": str(gid)}, "context": 0}
        else:
            data |= {"user": self.users[user_id], "authorizing_integration_owners": {"1": str(user_id)}, "context": 1}
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        pend = PendingInteraction(iid, token, user_id, channel_id, None, time.perf_counter(), fut)
        self.pending[token] = pend
        return data, pend

    def feed_command(self, client: discord.Client, user_id: int, channel_id: int, command: str,
                     **options: Any) -> PendingInteraction:
        """Feed a slash command, e.g. ``feed_command(bot, uid, cid, "table create", variant="toy")``."""
        data, pend = self._base_interaction(user_id, channel_id, 2)
        names = command.split()
        opts = []
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for k, v in options.items():
            if v is None:
                continue
            if isinstance(v, UserOption):
                resolved["users"][str(v.user_id)] = self.users[v.user_id]
                gid = self.channels[channel_id].get("guild_id")
                if gid is not None:
                    member = self.members[(int(gid), v.user_id)]
                    resolved["members"][str(v.user_id)] = {k2: x for k2, x in member.items() if k2 != "user"}
                opts.append({"name": k, "type": 6, "value": str(v.user_id)})
            else:
                opts.append({"name": k, "type": _option_type(v), "value": v})
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data["data"] = {"id": str(self.snowflake()), "name": names[0], "type": 1, "options": opts}
        if resolved["users"]:
            data["data"]["resolved"] = resolved
        if "guild_id" in data:
            data["data"]["guild_id"] = data["guild_id"]
        pend.fed_at = time.perf_counter()
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    def feed_click(self, client: discord.Client, user_id: int, message_id: int, custom_id: str,
                   values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
        """Feed a component interaction on a message the bot sent (button, or select with ``values``).

        ``message`` is the message as the clicker saw it (a snapshot taken earlier): a double click or a
        click on a panel that was edited meanwhile carries the old components, as Discord sends them."""
        msg = message if message is not None else self.messages[message_id]
        data, pend = self._base_interaction(user_id, int(msg["channel_id"]), 3)
        pend.message_id = message_id
        ctype = 2 if values is None else 3
        for row in msg.get("components", []):
            for comp in row.get("components", []):
                if comp.get("custom_id") == custom_id:
                    ctype = comp["type"]
        data["message"] = msg
        data["data"] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["data"]["values"] = values
        pend.fed_at = time.perf_counter()
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    async def wait(self, pend: PendingInteraction, timeout: float = 5.0) -> PendingInteraction:
        """Wait until the bot answered ``pend`` (Discord's 3-second window, with slack for slow CI)."""
        try:
            await asyncio.wait_for(asyncio.shield(pend.responded), timeout)
        except TimeoutError:
            raise AssertionError(f"interaction {pend.token} was never answered") from None
        return pend

    # -- queries for tests and the demo ----------------------------------------------------------

    def components_of(self, message_id: int) -> list[dict[str, Any]]:
        return [c for row in self.messages[message_id].get("components", []) for c in row.get("components", [])]

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


_ACTIVE: list[FakeDiscord] = []
_REAL_WEBHOOK_REQUEST = webhook_async.AsyncWebhookAdapter.request


def install_webhook_edge(world: FakeDiscord) -> None:
    """Route interaction webhooks to ``world``. The adapter is a process-wide singleton in discord.py,
    so the most recently attached world answers (tests and the demo run one world at a time)."""
    _ACTIVE[:] = [world]

    async def request(self: Any, route: Route, session: Any = None, **kw: Any) -> Any:
        return await _ACTIVE[0]._webhook_request(route, session, **kw)

    webhook_async.AsyncWebhookAdapter.request = request  # type: ignore[method-assign]


def uninstall_webhook_edge() -> None:
    _ACTIVE.clear()
    webhook_async.AsyncWebhookAdapter.request = _REAL_WEBHOOK_REQUEST  # type: ignore[method-assign]


def _with_ids(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Discord numbers components in its answer; harmless for the library and makes payloads realistic.
    n = itertools.count(1)
    out = []
    for row in rows:
        row = dict(row, id=next(n))
        if "components" in row:
            row["components"] = [dict(c, id=next(n)) for c in row["components"]]
        out.append(row)
    return out


def _option_type(v: Any) -> int:
    if isinstance(v, bool):
        return 5
    if isinstance(v, int):
        return 4
    if isinstance(v, discord.abc.Snowflake):
        return 6
    return 3


def _int(v: Any) -> int | None:
    return int(v) if v is not None else None


def _iso() -> str:
    return datetime.now(UTC).isoformat()



# -- playing by clicking (tests and the demo) ------------------------------------------------------

ACTION_ID = re.compile(r"ht:[bs]:")


def action_choices(world: FakeDiscord, message_id: int | None) -> list[tuple[str, list[str] | None]]:
    """Every (custom_id, values) a player could click on a panel: each button, each option of each select."""
    if message_id is None:
        return []
    out: list[tuple[str, list[str] | None]] = []
    for comp in world.components_of(message_id):
        cid = comp.get("custom_id", "")
        if not ACTION_ID.match(cid):
            continue
        if comp["type"] == 2:
            out.append((cid, None))
        else:
            out += [(cid, [o["value"]]) for o in comp.get("options", [])]
    return out


async def click(world: FakeDiscord, client: Any, user_id: int, message_id: int, custom_id: str,
                values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
    """Click and wait until the bot answered and delivered everything that click caused."""
    pend = await world.wait(world.feed_click(client, user_id, message_id, custom_id, values, message))
    await client.service.idle()
    return pend


async def command(world: FakeDiscord, client: Any, user_id: int, channel_id: int, name: str,
                  **options: Any) -> PendingInteraction:
    pend = await world.wait(world.feed_command(client, user_id, channel_id, name, **options))
    await client.service.idle()
    return pend


def player_panel(world: FakeDiscord, client: Any, user_id: int) -> int | None:
    return world.latest_dm(user_id)


async def ephemeral_panel(world: FakeDiscord, client: Any, user_id: int, channel_id: int) -> int | None:
    """The DMs-closed path: "查看我的手牌" on the channel's table message answers with a private panel."""
    table = client.service.table_in(channel_id)
    if table is None or table.hand_no not in table.hand_messages:
        return None
    mid = table.hand_messages[table.hand_no]
    pend = await click(world, client, user_id, mid, f"ht:hand:{table.id}")
    return pend.message_id


async def play_match(world: FakeDiscord, client: Any, channel_id: int, users: list[int], rng: Any,
                     *, max_clicks: int = 20000, stop_after: int | None = None,
                     on_click: Callable[[int, str, list[str] | None], None] | None = None) -> int:
    """Humans click a random legal control on their own panel until the table ends; returns clicks made."""
    service = client.service
    clicks = 0
    while service.table_in(channel_id) is not None:
        table = service.table_in(channel_id)
        game = table.game
        waiting = set(game.to_act()) if game is not None else set()
        progressed = False
        for uid in users:
            seat = table.seat_of(uid)
            if seat is None or seat not in waiting or table.seats[seat].auto:
                continue
            if uid in world.dm_closed:
                mid = await ephemeral_panel(world, client, uid, channel_id)
            else:
                mid = player_panel(world, client, uid)
            choices = action_choices(world, mid)
            if not choices or mid is None:
                continue
            cid, values = rng.choice(choices)
            if on_click is not None:
                on_click(uid, cid, values)
            await click(world, client, uid, mid, cid, values)
            clicks += 1
            progressed = True
            if stop_after is not None and clicks >= stop_after:
                return clicks
            break  # state changed: look again from the top
        if not progressed:
            version = table.version
            await service.idle()
            if service.table_in(channel_id) is table and table.version == version:
                raise AssertionError(f"table stalled: {waiting} must act but nothing moves")
        if clicks >= max_clicks:
            raise AssertionError("too many clicks: the match does not end")
    return clicks

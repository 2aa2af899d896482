"""The bot's REST calls (``HTTPClient.request``): each route the bot uses answered with the payload Discord
returns, every request body checked and recorded, and failures injected where a test asks for them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from discord.http import Route

from .app_emojis import ROUTES as APP_EMOJI_ROUTES
from .app_emojis import AppEmojiEdge
from .faults import REASONS, Fault, http_error, strike
from .records import Call
from .uploads import Upload, uploads_of
from .world import World

CREATE_MESSAGE = ("POST", "/channels/{channel_id}/messages")
EDIT_MESSAGE = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


class RestEdge(AppEmojiEdge, World):
    """Answers discord.py's ``HTTPClient.request`` (installed on a client by ``FakeDiscord.attach``)."""

    async def _http_request(self, route: Route, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        body = kw.get("json")
        if body is None and form:
            for part in form:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        await strike(self.faults, route.method, _int(route.channel_id))
        return self._route(route, body, uploads_of(form))

    def inject(self, method: str, channel_id: int | None, *, status: int = 503, code: int = 0,
               message: str | None = None, network: bool = False, hang: asyncio.Event | None = None,
               times: int | None = 1) -> Fault:
        """Make the next ``times`` REST calls ``method`` ("POST", "PATCH", "DELETE" or "*") to ``channel_id``
        (None: any channel) fail or hang; faults are consumed in the order they were added."""
        fault = Fault(status, code, message or REASONS.get(status, "Error"), network, hang, times)
        self.faults.append((method, channel_id, fault))
        return fault

    def _route(self, route: Route, body: Any, files: list[Upload] | None = None) -> Any:
        m, p, url = route.method, route.path, route.url
        files = files or []
        call = Call(m, p, url, body, channel_id=_int(route.channel_id), files=files)
        if files and (m, p) not in (CREATE_MESSAGE, EDIT_MESSAGE):
            self._fail(f"files sent to {m} {p}, which takes none")
        if (m, p) == ("GET", "/users/@me"):
            return self.bot_user
        if (m, p) == ("GET", "/oauth2/applications/@me"):
            return {"id": str(self.app_id), "name": "Hunan Tables", "icon": None, "description": "",
                    "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                    "flags": 0, "owner": self.users[next(iter(self.users))] if self.users else self.bot_user,
                    "team": None, "summary": "", "rpc_origins": []}
        if (m, p) in APP_EMOJI_ROUTES:
            return self._app_emoji_route(call, body)
        if (m, p) == ("PUT", "/applications/{application_id}/commands"):
            assert isinstance(body, list)
            self._record(Call(m, p, url, None, sent=body))
            return [dict(c, id=str(self.snowflake()), application_id=str(self.app_id), version=str(self.snowflake()))
                    for c in body]
        if (m, p) == ("POST", "/users/@me/channels"):
            self._record(call)
            assert body is not None
            uid = int(body["recipient_id"])
            if uid not in self.users:
                self._fail(f"DM to unknown user {uid}")
            return self.channels[self.dm_channel(uid)]
        if (m, p) == CREATE_MESSAGE:
            cid = int(route.channel_id)  # type: ignore[arg-type]
            ch = self.channels.get(cid)
            if ch is None:
                self._fail(f"message to unknown channel {cid}")
            assert ch is not None and body is not None
            self._check_uploads(call, body, files, [])
            self._record(call)
            if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.dm_closed:
                raise http_error(403, 50007, "Cannot send messages to this user", reason="Forbidden")
            return self._send_once(cid, body, files)
        if (m, p) == EDIT_MESSAGE:
            mid = int(url.rsplit("/", 1)[1])
            msg = self.messages.get(mid)
            if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
                self._fail(f"edit of unknown message {mid}")
            assert msg is not None and body is not None
            self._check_edit(call, msg, body)
            self._check_uploads(call, body, files, msg["attachments"])
            self._record(call)
            return self._edit_message(msg, body, files)
        if (m, p) == ("DELETE", "/channels/{channel_id}/messages/{message_id}"):
            return self._delete_message(route)
        self._fail(f"unknown REST route {m} {p}")

    def _send_once(self, channel_id: int, body: dict[str, Any], files: list[Upload] | None = None) -> dict[str, Any]:
        """Discord's enforce_nonce: a second send with a nonce it saw lately returns the first message."""
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:
            mid = self.nonces.get((channel_id, str(nonce)))
            if mid is not None and mid in self.messages:
                return self.messages[mid]
        msg = self._new_message(channel_id, body, files=files)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = int(msg["id"])
        return msg

    def _delete_message(self, route: Route) -> None:
        mid = int(route.url.rsplit("/", 1)[1])
        msg = self.messages.get(mid)
        if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
            raise http_error(404, 10008, "Unknown Message", reason="Not Found")
        self._record(Call("DELETE", route.path, route.url, None, channel_id=_int(route.channel_id)))
        self._remove_message(mid)


def _int(v: Any) -> int | None:
    return int(v) if v is not None else None

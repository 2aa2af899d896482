"""The bot's answers to interactions (``AsyncWebhookAdapter.request``): callbacks, followups and edits of
``@original``, each checked, recorded and turned into the message Discord would hold."""

from __future__ import annotations

import json
import time
from typing import Any

from discord.http import Route
from discord.webhook import async_ as webhook_async

from .records import Call, PendingInteraction
from .shared import SharedInteractions
from .uploads import Upload, uploads_of

CALLBACK = ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
FOLLOWUP = ("POST", "/webhooks/{webhook_id}/{webhook_token}")
RESPONSE_MESSAGE = ("/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")


class WebhookEdge(SharedInteractions):
    """Answers the webhook adapter's requests for the interactions this world fed (or another world shared)."""

    async def _webhook_request(self, route: Route, session: Any = None, *, payload: dict[str, Any] | None = None,
                               multipart: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
        body = payload
        if body is None and multipart:
            for part in multipart:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        m, p = route.method, route.path
        files = uploads_of(multipart)
        token = route.webhook_token or ""
        pend = self.pending.get(token) or self._adopt(token)
        if pend is None:
            self._fail(f"interaction route {m} {p} for unknown token")
        assert pend is not None
        if (m, p) == CALLBACK:
            assert body is not None
            return self._callback(pend, body, route, files)
        if p in RESPONSE_MESSAGE and m in ("PATCH", "GET"):
            target = pend.message_id if pend.message_id else None
            if target is None or target not in self.messages:
                self._fail("@original edited before a response message exists")
            assert target is not None
            msg = self.messages[target]
            if m == "PATCH":
                assert body is not None
                call = Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction",
                            ephemeral=bool(msg["flags"] & 64), files=files)
                self._check_edit(call, msg, body)
                self._check_uploads(call, body, files, msg["attachments"])
                self._record(call)
                pend.replies.append(body)
                return self._edit_message(msg, body, files)
            return msg
        if (m, p) == FOLLOWUP:
            assert body is not None
            eph = bool((body.get("flags") or 0) & 64)
            call = Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction", ephemeral=eph,
                        files=files)
            self._check_uploads(call, body, files, [])
            self._record(call)
            pend.replies.append(body)
            return self._new_message(pend.channel_id, body, interaction_user=pend.user_id, files=files)
        self._fail(f"unknown interaction route {m} {p}")

    def _callback(self, pend: PendingInteraction, body: dict[str, Any], route: Route,
                  files: list[Upload] | None = None) -> dict[str, Any]:
        """An interaction response (``type`` 4 message, 5 deferred, 6 deferred update, 7 update), answered as
        Discord answers ``?with_response=1``: the interaction and the message it made or changed."""
        files = files or []
        rtype = body["type"]
        data = body.get("data") or {}
        eph = bool((data.get("flags") or 0) & 64)
        if rtype == 7 and pend.message_id is not None:
            # an UPDATE_MESSAGE on an ephemeral message stays private to its owner
            eph = bool(self.messages.get(pend.message_id, {}).get("flags", 0) & 64)
        call = Call("POST", route.path, route.url, data, channel_id=pend.channel_id, kind="interaction",
                    ephemeral=eph, sent=body, files=files)
        if files and rtype not in (4, 7):
            self._fail(f"files with interaction callback type {rtype}, which takes none")
        existing = self.messages.get(pend.message_id or 0, {}).get("attachments", []) if rtype == 7 else []
        if rtype == 7 and pend.message_id in self.messages:
            self._check_edit(call, self.messages[pend.message_id], data)
        self._check_uploads(call, data, files, existing)
        self._record(call)
        pend.replies.append(data)
        if not pend.responded.done():
            pend.responded.set_result(time.perf_counter())
        resp: dict[str, Any] = {"interaction": {"id": str(pend.id), "type": 3, "response_message_loading": rtype == 5,
                                                "response_message_ephemeral": eph}}
        if rtype in (4, 5):
            msg = self._new_message(pend.channel_id, data if rtype == 4 else {"content": ""},
                                    flags=(64 if eph else 0) | (128 if rtype == 5 else 0),
                                    interaction_user=pend.user_id, files=files)
            pend.message_id = int(msg["id"])
            resp["interaction"]["response_message_id"] = msg["id"]
            resp["resource"] = {"type": rtype, "message": msg}
        elif rtype == 7:
            updated = self.messages.get(pend.message_id or 0)
            if updated is None:
                self._fail("UPDATE_MESSAGE on an unknown message")
            assert updated is not None
            self._edit_message(updated, data, files)
            resp["interaction"]["response_message_id"] = updated["id"]
            resp["resource"] = {"type": 7, "message": updated}
        elif rtype != 6:
            self._fail(f"unsupported interaction callback type {rtype}")
        return resp


_ACTIVE: list[WebhookEdge] = []
_REAL_WEBHOOK_REQUEST = webhook_async.AsyncWebhookAdapter.request


def install_webhook_edge(world: WebhookEdge) -> None:
    """Route interaction webhooks to ``world``. The adapter is a process-wide singleton in discord.py,
    so the most recently attached world answers (tests and the demo run one world at a time)."""
    _ACTIVE[:] = [world]

    async def request(self: Any, route: Route, session: Any = None, **kw: Any) -> Any:
        return await _ACTIVE[0]._webhook_request(route, session, **kw)

    webhook_async.AsyncWebhookAdapter.request = request  # type: ignore[method-assign]


def uninstall_webhook_edge() -> None:
    """Give discord.py its own webhook adapter back (after a test, or the demo, is done with the world)."""
    _ACTIVE.clear()
    webhook_async.AsyncWebhookAdapter.request = _REAL_WEBHOOK_REQUEST  # type: ignore[method-assign]

"""The application's own emojis (``/applications/{application_id}/emojis``), as Discord keeps them: usable in every
server and DM without a server permission, at most 2,000 per application, names of 2–32 letters, digits or
underscores and unique within the application, a PNG/JPEG/GIF/WebP data URI of at most 256 KiB."""

from __future__ import annotations

import base64
import re
from typing import Any

from .faults import http_error
from .records import Call
from .world import World

LIST = ("GET", "/applications/{application_id}/emojis")
CREATE = ("POST", "/applications/{application_id}/emojis")
ONE = "/applications/{application_id}/emojis/{emoji_id}"
MAX_EMOJIS = 2000
MAX_BYTES = 256 * 1024
NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
DATA_URI = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,(.+)$", re.S)
ROUTES = (LIST, CREATE, ("GET", ONE), ("PATCH", ONE), ("DELETE", ONE))


class AppEmojiEdge(World):
    """Answers the application-emoji routes; ``app_emojis`` (id → Discord's emoji object) is what Discord holds,
    ``emoji_images`` the bytes each was made from (what a test looks at)."""

    def _app_emoji_route(self, call: Call, body: Any) -> Any:
        m, p = call.method, call.path
        if int(call.url.split("/applications/", 1)[1].split("/", 1)[0]) != self.app_id:
            raise http_error(403, 50001, "Missing Access", reason="Forbidden")
        if (m, p) == LIST:
            self._record(call)
            return {"items": list(self.app_emojis.values())}
        if (m, p) == CREATE:
            self._record(call)
            return self._create_app_emoji(body)
        eid = int(call.url.rsplit("/", 1)[1])
        emoji = self.app_emojis.get(eid)
        if emoji is None:
            raise http_error(404, 10014, "Unknown Emoji", reason="Not Found")
        self._record(call)
        if m == "GET":
            return emoji
        if m == "PATCH":
            self._check_name(str(body.get("name")), eid)
            emoji["name"] = body["name"]
            return emoji
        del self.app_emojis[eid]
        self.emoji_images.pop(eid, None)
        self._keep({"op": "emoji-", "id": str(eid)})
        return None

    def _check_name(self, name: str, own: int | None = None) -> None:
        if not NAME.match(name):
            raise http_error(400, 50035, f"Invalid Form Body: name {name!r} must be 2-32 letters, digits or _")
        if any(e["name"] == name and int(e["id"]) != own for e in self.app_emojis.values()):
            raise http_error(400, 50035, f"Invalid Form Body: APPLICATION_EMOJI_NAME_ALREADY_TAKEN {name!r}")

    def _create_app_emoji(self, body: dict[str, Any]) -> dict[str, Any]:
        name, image = str(body.get("name")), str(body.get("image"))
        self._check_name(name)
        found = DATA_URI.match(image)
        if found is None:
            raise http_error(400, 50035, "Invalid Form Body: image is not a data URI of an image")
        data = base64.b64decode(found.group(2), validate=True)
        if len(data) > MAX_BYTES:
            raise http_error(400, 50045, "File cannot be larger than 256.0 kb.")
        if len(self.app_emojis) >= MAX_EMOJIS:
            raise http_error(400, 30018, "Maximum number of emojis reached (2000)")
        eid = self.snowflake()
        emoji: dict[str, Any] = {"id": str(eid), "name": name, "roles": [], "require_colons": True,
                 "managed": False, "animated": False, "available": True, "user": self.bot_user}
        self.app_emojis[eid] = emoji
        self.emoji_images[eid] = data
        self._keep({"op": "emoji", "emoji": emoji})
        return emoji

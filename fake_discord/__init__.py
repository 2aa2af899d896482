"""The fake Discord edge: tests and the offline demo drive the real discord.py client against it.

Everything above the transport is the real library (client, connection state, interactions, views,
DynamicItems, request building), so tests and the demo exercise exactly the code that runs against Discord.
The package is split by what it fakes:

* ``world``: what Discord holds (users, guilds, channels, members, DMs, messages) and every request made;
* ``rest``: the bot's REST calls, each route answered with the payload Discord returns;
* ``webhooks``: the answers to interactions (callbacks, followups, ``@original`` edits);
* ``gateway``: READY, GUILD_CREATE and INTERACTION_CREATE fed to the connection state, per shard;
* ``shared``: several worlds (one per bot process) modelling one Discord;
* ``fake``: :class:`FakeDiscord`, all of them in one, and ``attach`` to log a client in through it;
* ``spec``, ``spec_fast``, ``refusals``, ``uploads``: what Discord refuses (its OpenAPI spec, unknown emoji,
  message and upload limits), checked on every request body;
* ``layout``: Components V2 (the IS_COMPONENTS_V2 flag, containers, sections, text displays, media galleries):
  the rules Discord holds them to beyond the spec, and the readers tests use for either kind of message
  (``payload_text`` / ``World.message_text`` for the words, ``World.components_of`` for the controls, and
  ``phone_lines`` for the lines a phone shows);
* ``faults``: failures as Discord and the network produce them, injected on purpose;
* ``playing``: clicking through whole games, the one module that knows the bot (its custom ids and table
  service) rather than Discord.

A route the fake does not model, or a body Discord would refuse, raises :class:`UnknownRoute` and is kept in
``FakeDiscord.errors``: a test notices, it does not pass silently.

Facts of discord.py 2.7.1 (pinned ``>=2.7,<2.8`` in pyproject) the fake relies on:

* Every bot REST call goes through ``discord.http.HTTPClient.request(route, *, files, form, **kw)``: a JSON
  body in ``json=``, a multipart one in ``form`` (a list of parts: ``payload_json`` and ``files[n]``). The fake
  replaces it on the client (``client.http.request``).
* Interaction callbacks, followups and ``@original`` edits go through
  ``discord.webhook.async_.AsyncWebhookAdapter.request(route, session, *, payload, multipart, ...)``, a
  process-wide singleton: the fake patches the class, so the most recently attached world answers.
* A ``Route`` carries ``method``, ``path`` (the template, the key the fake routes on), ``url``,
  ``channel_id`` and ``webhook_token``. The callback's template names its parameters
  ``{webhook_id}/{webhook_token}`` (the spec ``{interaction_id}/{interaction_token}``, so routes map to the
  spec by operation id), and it is sent with ``?with_response=1``: discord.py reads
  ``{"interaction": {...}, "resource": {"type", "message"}}`` from the answer.
* discord.py sends snowflakes as JSON integers (``recipient_id``, ``allowed_mentions`` users, custom emoji
  ids), which Discord accepts while its spec types them as digit strings.
* ``HTTPClient.request`` raises ``Forbidden`` for 403, ``NotFound`` for 404, ``DiscordServerError`` for 5xx
  and ``HTTPException`` otherwise, each from the response and its JSON body; a 429 is slept inside the
  request (its ``retry_after``), so from above a rate limit is a request that is held.
* Gateway events are parsed by ``ConnectionState.parse_ready``, ``parse_guild_create`` and
  ``parse_interaction_create``; with ``guild_ready_timeout = 0`` nothing waits for guilds to stream in.
  A guild's ``member_count`` must match its member list (``Guild.chunked``).
* ``AutoShardedClient.launch_shards`` sets ``shard_count`` and ``shard_ids`` on the connection state before
  the shards connect; the fake sets them itself. ``Guild.shard_id`` is ``(guild_id >> 22) % shard_count``.
"""

from __future__ import annotations

from .fake import FakeDiscord
from .faults import Fault
from .gateway import UserOption, client_shards, guild_id_on_shard, shard_of
from .records import Call, PendingInteraction, UnknownRoute, payload_text
from .spec import contract_available
from .uploads import Upload
from .webhooks import install_webhook_edge, uninstall_webhook_edge

__all__ = [
    "Call", "FakeDiscord", "Fault", "PendingInteraction", "UnknownRoute", "Upload", "UserOption", "client_shards",
    "contract_available", "guild_id_on_shard", "install_webhook_edge", "payload_text", "shard_of",
    "uninstall_webhook_edge",
]

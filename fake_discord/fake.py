"""The whole fake: one world answering the bot on all three of its edges (REST, webhooks, gateway)."""

from __future__ import annotations

import discord

from .gateway import Gateway
from .rest import RestEdge
from .webhooks import WebhookEdge, install_webhook_edge


class FakeDiscord(Gateway, WebhookEdge, RestEdge):
    """A small, consistent Discord: snowflakes, guilds, channels, members, DMs, messages."""

    async def attach(self, client: discord.Client) -> None:
        """Log ``client`` in through the fake edge and deliver READY + GUILD_CREATE for every guild.

        An ``AutoShardedClient`` gets one READY per shard it was given (``shard: [id, count]``) and the
        GUILD_CREATE of the guilds on those shards only, as the gateway sends them."""
        client.http.request = self._http_request  # type: ignore[method-assign]
        install_webhook_edge(self)
        await client.login("fake-token")
        self._connect(client)

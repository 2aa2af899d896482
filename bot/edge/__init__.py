"""The Discord edge: the client, its commands (cogs), its persistent components, the one error handler,
forwarding between processes and the shard plan."""

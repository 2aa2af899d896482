"""Errors a handler raises to refuse a request, and how a refusal repeats what was typed."""

from typing import Any

ECHO_CHARS = 50  # of a player's own input repeated in a refusal


class Denied(Exception):
    """A request refused with a private, human-readable reason; nothing was changed."""


def echoed(typed: Any) -> str:
    """A player's input as a refusal repeats it: its first 50 characters and "…", so the answer to the longest
    input (a slash option holds 6,000) still fits Discord's 2,000 characters."""
    text = str(typed)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"

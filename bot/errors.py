"""Errors a handler raises to refuse a request."""


class Denied(Exception):
    """A request refused with a private, human-readable reason; nothing was changed."""

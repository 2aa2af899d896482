"""Persistence (SQLite by aiosqlite, or PostgreSQL by asyncpg): tables, the append-only action log, hand records
and scores."""

from .db import ActionRow, Database, HandRow, SeatRow, TableRow, path_from_url

__all__ = ["ActionRow", "Database", "HandRow", "SeatRow", "TableRow", "path_from_url"]

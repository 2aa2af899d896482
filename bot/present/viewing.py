"""Reading an engine view in the shared frames: a family's typed view (``engine.views.TableView`` and its family's
subclass) by its fields, or the dict a family not yet typed still gives by its keys — the same names either way.
(Once every family gives typed views, the frames read their fields directly and this goes.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.views import TableView


def seen(view: Any, key: str, default: Any = None) -> Any:
    """One field of a view: ``view.to_act`` / ``view["to_act"]``."""
    if isinstance(view, dict):
        return view.get(key, default)
    return getattr(view, key, default)


def per_seat(view: Any, key: str, seat: int) -> Any:
    """One seat's entry of a per-seat field of the view (None when there is none)."""
    value = seen(view, key)
    return value[seat] if isinstance(value, list | tuple) and seat < len(value) else None


def view_json(view: Any) -> Any:
    """The view's JSON form (what is compared, stored or hashed)."""
    return view if isinstance(view, dict) else view.to_json()


V = TypeVar("V", bound=TableView)


def viewer(cls: type[V]) -> Callable[[TableView], V]:
    """A presenter's reader of its own family's views (``_table = viewer(ZipaiView)``): the view, as ``cls``,
    which a view of that family always is."""
    def read(view: TableView) -> V:
        assert isinstance(view, cls), f"a {cls.__name__} expected, got a {type(view).__name__}"
        return view
    return read

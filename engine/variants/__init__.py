"""Variant modules; importing this package registers every variant (in the order menus list them)."""

from . import paohuzi  # noqa: F401, I001  (跑胡子 first: the base game of the family)
from . import fangpaofa, bopi, anhua, liuhuqiang  # noqa: F401
from . import changsha, hongzhong, tuidaohu  # noqa: F401
from . import paodekuai  # noqa: F401

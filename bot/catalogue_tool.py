"""``python -m bot.catalogue_tool [--fill] [--check]``: the gettext catalogues against the code.

Extracts every message with Babel's extractor, writes the templates (``bot/locales/messages.pot``,
``commands.pot``) and merges each into its languages' ``.po`` (new entries untranslated, gone ones dropped,
translations kept), then lists what a reader would miss: untranslated entries, translations whose ``{fields}``
differ from their msgid's, plural entries short of their forms, Babel's own checks.

Where the ``messages`` domain's sources (msgid: the zh-CN text) come from:

- the bot: ``tr("…")``, ``tr_in(lang, "…")`` (``tr_in(SOURCE, "…")`` marks a source worded later), and
  ``tr_n("{n} …", n)``, a plural entry;
- the engine: ``msg("…")`` / ``Msg.of("…")`` / ``Msg("…")``, ``Term("…")``, ``ActionName("…")`` and
  ``ActionName.worded("…")``, and the template of every error that is a ``Worded`` (``IllegalAction``,
  ``InvalidInput`` …); a message with the comment ``# i18n: plural`` on the line above is a plural entry
  (its count is the field ``{n}``);
- the engine's data: variant names and summaries, room option and choice labels, 名堂 / 番种 names, tile names;
- ``bot/locales/by_hand.pot``: what the bot looks up by value and no extractor can see (the clauses
  ``bot/words.engine_text`` cuts from the engine's zh-CN prose, the engine's labels and reasons kept in
  tables). It shrinks as the engine says ``Msg``s: an entry the code now says itself is dropped from it.

The ``commands`` domain (msgid: the English Discord shows by default) comes from ``t("…")`` (a second argument
or ``key=`` is the entry's context) and the variants' English names, the ``/table create`` choices.

``--fill`` writes the zh-TW of new ``messages`` entries with OpenCC (``pip install
opencc-python-reimplemented``; 鬍 put back to 胡, which in these games never means a beard); their English and
new ``commands`` entries are left for a human, and listed. ``--check`` writes nothing and fails when a file is
out of date. ``--from-toml PATH`` takes the words of untranslated entries from the TOML catalogue these files
replaced (``bot/locales/messages.toml``), for merging a branch that still added to it. ``tests/bot/test_i18n.py``
runs the same checks.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import inspect
import io
import re
import string
import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from .i18n import COMMANDS, DOMAINS, GETTEXT_LOCALE, MESSAGES, Lang, po_path, pot_path, speaking
from .tr_sources import is_tr

BOT = Path(__file__).parent
ROOT = BOT.parent
ENGINE = ROOT / "engine"
BY_HAND = BOT / "locales" / "by_hand.pot"
CJK = re.compile(r"[\u3400-\u9fff]")
# Files whose Chinese is not the bot's speech: the fake Discord, and the terminal tools (demo, argparse).
NOT_SPEECH = {"demo.py", "__main__.py", "i18n.py", "catalogue_tool.py"}
INPUT_MARK = "# i18n: input"  # a line holding words the bot reads (calculator vocabulary), not words it says
PLURAL_MARK = "i18n: plural"  # the comment above an engine message that is a plural entry
NOTE_MARK = "TRANSLATORS:"  # a note for the translator, kept in the catalogue
PROJECT = "hunan-tables"
TEAM = "Hunan Tables"
LANG_NAMES = {"zh-CN": "simplified Chinese (zh-CN)", "zh-TW": "traditional Chinese (zh-TW)", "en": "English"}
SOURCES = {MESSAGES: "the zh-CN text the bot and the engine say", COMMANDS: "the English Discord shows by default"}


def _head(catalog: Catalog, domain: str, lang: Lang | None = None) -> Catalog:
    """The catalogue's header: what it is and who writes it (in place of Babel's placeholders)."""
    what = f"{domain}: {LANG_NAMES[lang]}" if lang else f"{domain}: the template"
    catalog.header_comment = (
        f"# Hunan Tables, {what}. msgid: {SOURCES[domain]}.\n"
        + ("# Extracted from the code by `python -m bot.catalogue_tool`: do not edit it by hand."
           if lang is None else "# Merged from the template by `python -m bot.catalogue_tool`; translations by hand.")
        + "\n# See bot/i18n.py and bot/catalogue_tool.py.")
    catalog.msgid_bugs_address = ""
    catalog.last_translator = TEAM
    catalog.language_team = TEAM
    return catalog

# Babel keyword specs: the argument holding the message id (a pair: singular and plural; "c": the context).
BOT_KEYWORDS: dict[str, Any] = {"tr": (1,), "tr_in": (2,), "tr_n": (1, 1)}
COMMAND_KEYWORDS: dict[str, Any] = {"t": {1: (1,), 2: (1, (2, "c"))}}  # by the number of arguments
ENGINE_KEYWORDS: dict[str, Any] = {"msg": (1,), "of": (1,), "Msg": (1,), "Term": (1,), "ActionName": (1,),
                                   "worded": (1,), "Worded": (1,)}


# --- what the code says ------------------------------------------------------------------------------------

def bot_modules() -> list[Path]:
    return sorted(p for p in BOT.rglob("*.py") if p.name not in NOT_SPEECH)


def engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


COMMAND_MARK = {"t": 0}  # ``t("English")``: slash-command metadata, a source of the ``commands`` domain


def loose_chinese(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every Chinese literal outside a ``tr`` source and not marked as input."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    wrapped: set[int] = set()
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) > 0:
            for i in (is_tr(node), is_tr(node, COMMAND_MARK)):
                if i is not None and len(node.args) > i:
                    wrapped.add(id(node.args[i]))
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and CJK.search(node.value)
                and id(node) not in wrapped and id(node) not in docstrings):
            end = getattr(node, "end_lineno", node.lineno) or node.lineno
            if not any(INPUT_MARK in lines[n - 1] for n in range(node.lineno, end + 1)):
                yield node.lineno, node.value


def worded_errors() -> set[str]:
    """Every class in ``engine/`` that is a ``Worded`` error, found by its bases (``IllegalAction``,
    ``OptionError``, a family's own input error): its first argument is a message id."""
    bases: dict[str, set[str]] = {}
    for path in engine_modules():
        for name, of in _classes(path.read_bytes()):
            bases.setdefault(name, set()).update(of)
    found = {"Worded"}
    while more := {name for name, of in bases.items() if of & found and name not in found}:
        found |= more
    return found


@cache
def _classes(source: bytes) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(class, the names of its bases) of one module."""
    return tuple((node.name, tuple(b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases))
                 for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef))


@dataclass(frozen=True, slots=True)
class Said:
    """One message the code says: its id (a pair for a plural entry), context, where, and notes."""

    id: str | tuple[str, str]
    where: str
    line: int | None = None
    context: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.id if isinstance(self.id, str) else self.id[0]


def _literals(tree: ast.AST, keywords: dict[str, Any]) -> set[str]:
    """Every string literal passed to a keyword call: Babel reads tokens, so ``Msg("，".join(why))`` reads to it
    as the message "，"; a message is one only if the code really passes it as written."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in keywords:
                out |= {a.value for a in [*node.args, *(k.value for k in node.keywords)]
                        if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return out


def _extracted(paths: Iterable[Path], keywords: dict[str, Any], *, chinese: bool = False) -> Iterator[Said]:
    """The messages Babel's extractor finds in ``paths`` (``chinese``: only those written in Chinese — the
    engine's calculator speaks English on the command line, and the bot rewords those errors itself)."""
    spec = repr(sorted(keywords.items()))
    for path in paths:
        yield from _from_file(_rel(path), path.read_bytes(), spec, chinese)


def _rel(path: Path) -> str:
    """Where a message is said, as the catalogue's references write it (from the repository's root)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:  # a module elsewhere (a test's own)
        return path.as_posix()


@cache
def _from_file(where: str, source: bytes, spec: str, chinese: bool) -> tuple[Said, ...]:
    """One file's messages (kept per content: the tool and the tests ask for them several times)."""
    keywords: dict[str, Any] = dict(ast.literal_eval(spec))
    data = io.BytesIO(source)
    data.name = where  # type: ignore[attr-defined]
    # Babel warns of every f-string inside a keyword's parentheses, keyword arguments included (``user=f"…"``):
    # noise here; a Chinese f-string the bot says is caught by ``loose_chinese``
    with contextlib.redirect_stderr(io.StringIO()):
        found = list(extract("python", data, keywords=keywords, comment_tags=(PLURAL_MARK, NOTE_MARK)))
    literal = _literals(ast.parse(source), keywords)
    out = []
    for line, message, comments, context in found:
        if isinstance(message, tuple) and message[0] != message[1]:
            raise ValueError(f"{where}:{line}: a plural source has one zh-CN form: {message!r}")
        key = message if isinstance(message, str) else message[0]
        if not key.strip() or key not in literal or chinese and not is_chinese(key):
            continue
        if PLURAL_MARK in comments and isinstance(message, str):
            message = (message, message)
        notes = tuple(c for c in comments if c != PLURAL_MARK)
        out.append(Said(message if isinstance(message, str) else (message[0], message[1]), where, line, context,
                        notes))
    return tuple(out)


def is_chinese(text: str) -> bool:
    """Whether ``text`` is written in Chinese: more Chinese characters than Latin letters (its fields aside)."""
    bare = re.sub(r"\{\w*\}", "", text)
    return len(CJK.findall(bare)) >= max(1, sum(c.isascii() and c.isalpha() for c in bare))


def _engine_variants() -> list[Any]:
    """The variants the engine registers (a test's own stand-in, registered from ``tests/``, is no message)."""
    import engine.variants  # noqa: F401  (registers them all)
    from engine.registry import all_variants

    return [v for v in all_variants() if (inspect.getmodule(v.after_hand) or sys).__name__.startswith("engine.")]


def _where(obj: Any) -> str:
    path = inspect.getsourcefile(obj)
    return _rel(Path(path)) if path else ""


def data_sources() -> Iterator[Said]:
    """The engine's words the bot says by value: variant names and summaries, room option and choice labels,
    名堂 / 番种 names and tile names."""
    from .present.registry import presenters
    from .service.table import BOT_OPTIONS

    for v in _engine_variants():
        where = _where(inspect.getmodule(v.after_hand))
        yield Said(v.name, where, notes=("variant name",))
        if v.summary:
            yield Said(v.summary, where, notes=("variant summary",))
        for o in v.options:
            if not o.internal:
                yield Said(o.label, where, notes=(f"room option {o.key}",))
                for c in o.choices:
                    yield Said(o.choice_label(c), where, notes=(f"room option {o.key}: a choice",))
    for o in BOT_OPTIONS:
        yield Said(o.label, "bot/table.py", notes=(f"room option {o.key}",))
        for c in o.choices:
            yield Said(o.choice_label(c), "bot/table.py", notes=(f"room option {o.key}: a choice",))
    for name, where in sorted(pattern_names().items()):
        yield Said(name, where, notes=("名堂 / 番种 name",))
    for presenter in presenters():
        for name in presenter.card_names():
            yield Said(name, f"bot/families/{presenter.family}/", notes=("card name",))


# The modules that name a win's 名堂 / 番种 (their notation modules hold card and tile names, found apart).
NOTATION = {"tiles.py", "cards.py"}


def _strs(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strs(node.body)
        yield from _strs(node.orelse)
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for e in node.elts:
            yield from _strs(e)
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "tuple", "set") and node.args:
        yield from _strs(node.args[0])


def _names_in(tree: ast.Module) -> Iterator[str]:
    """Where the engine writes a 名堂: ``mingtang(name)``, ``patterns.append(name)`` (any list a pricing function
    builds), ``fan[name] = …``, and module constants (``XIAOHU = "小胡"``, a table keyed by 番种)."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "mingtang" and n.args:
            yield from _strs(n.args[0])
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "append"
                and isinstance(n.func.value, ast.Name) and n.args):
            yield from _strs(n.args[0])
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Subscript) \
                and getattr(n.targets[0].value, "id", "") == "fan":
            yield from _strs(n.targets[0].slice)
    for n in tree.body:
        if not isinstance(n, ast.Assign | ast.AnnAssign) or n.value is None:
            continue
        target = n.targets[0] if isinstance(n, ast.Assign) else n.target
        if isinstance(target, ast.Name) and target.id.isupper():
            value = n.value
            yield from _strs(value)
            if isinstance(value, ast.Dict):
                for k in value.keys:
                    if k is not None:
                        yield from _strs(k)


def pattern_names() -> dict[str, str]:
    """Every 名堂 / 番种 name the registered variants can report (short Chinese words, no punctuation), with the
    first module naming it."""
    out: dict[str, str] = {}
    for family in ("variants", *sorted({v.family for v in _engine_variants()})):  # each family's own folder
        for path in sorted((ENGINE / family).rglob("*.py")):
            if path.name in NOTATION:
                continue
            for s in _names_of(path.read_bytes()):
                out.setdefault(s, _rel(path))
    return out


@cache
def _names_of(source: bytes) -> tuple[str, ...]:
    return tuple(s for s in _names_in(ast.parse(source))
                 if CJK.search(s) and not re.search(r"[\s，。：、（）{}/]", s) and len(s) <= 6)


def computed_ids() -> list[str]:
    """``file:line`` of each engine message whose id is computed (an f-string, a join): no catalogue can hold it,
    so every reader but zh-CN sees it as the engine wrote it. The tool names them; the engine should say
    ``msg("template {field}", field=…)`` instead. (``engine/core.py`` builds a ``Worded`` error's Msg from its
    template, and ``engine/words.py`` reads stored ones: not sayings.)"""
    out = []
    for path in engine_modules():
        if path.name in ("words.py", "core.py") and path.parent == ENGINE:
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Call) and node.args:
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                first = node.args[0]
                if name in ("msg", "of", "Msg", "Term") and not (isinstance(first, ast.Constant)
                                                                 and isinstance(first.value, str)):
                    out.append(f"{_rel(path)}:{node.lineno}")
    return out


def by_hand() -> Catalog:
    with BY_HAND.open("rb") as f:
        return read_po(f)


def said(domain: str) -> list[Said]:
    """Everything the code says in ``domain``, in the order found."""
    if domain == COMMANDS:
        out = list(_extracted(bot_modules(), COMMAND_KEYWORDS))
        from engine.registry import Variant

        from .options_text import variant_name

        with speaking("en"):  # the /table create choices: each variant's English name (its catalogue entry)
            names: list[tuple[Variant, str]] = [(v, variant_name(v)[:100]) for v in _engine_variants()]
        return out + [Said(name, _where(inspect.getmodule(v.after_hand)), notes=("variant choice",))
                      for v, name in names]
    engine_keywords = {**ENGINE_KEYWORDS, **{name: (1,) for name in worded_errors()}}
    return [*_extracted(bot_modules(), BOT_KEYWORDS), *_extracted(engine_modules(), engine_keywords, chinese=True),
            *(s for s in data_sources() if is_chinese(s.key))]


def template(domain: str) -> Catalog:
    """The domain's template as the code makes it now (``by_hand.pot`` after what the code says)."""
    catalog = _head(Catalog(domain=domain, project=PROJECT, version="1", charset="utf-8", fuzzy=False), domain)
    for s in said(domain):
        # a data source has no line: 0 (the files leave line numbers out)
        catalog.add(s.id, locations=[(s.where, s.line or 0)] if s.where else [], auto_comments=s.notes,
                    context=s.context)
    if domain == MESSAGES:
        for m in by_hand():
            if m.id and (m.id[0] if isinstance(m.id, tuple | list) else m.id) not in catalog:
                catalog.add(m.id, locations=[(BY_HAND.relative_to(ROOT).as_posix(), 0)],
                            auto_comments=m.auto_comments)
    return catalog


def clashes(domain: str) -> list[str]:
    """A source said both as one message and as a plural entry (``tr`` and ``tr_n`` of one text)."""
    kinds: dict[tuple[str | None, str], set[bool]] = {}
    for s in said(domain):
        kinds.setdefault((s.context, s.key), set()).add(isinstance(s.id, tuple))
    return [key for (_, key), k in kinds.items() if len(k) > 1]


def needless_by_hand() -> list[str]:
    """Entries of ``by_hand.pot`` the code now says itself (the tool drops them)."""
    found = {s.key for s in said(MESSAGES)}
    return [str(m.id) for m in by_hand() if m.id and m.id in found]


# --- the files ------------------------------------------------------------------------------------------------

def _shape(catalog: Catalog) -> list[tuple[Any, ...]]:
    """What a template says, for comparing the file with the code: ids, contexts, files, notes (not line numbers,
    which the files leave out, nor the flags a Babel version adds)."""
    return [(m.id if isinstance(m.id, str) else tuple(m.id), m.context,
             tuple(sorted({where for where, _ in m.locations})), tuple(m.auto_comments))
            for m in catalog if m.id]


def _write(catalog: Catalog, path: Path) -> bool:
    """Write ``catalog`` to ``path`` (no line numbers: a line moved is no catalogue change; no wrapping: one
    entry, one line to grep); whether the file changed."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=False, ignore_obsolete=True, sort_output=False)
    text = _no_dates(out.getvalue())
    old = _no_dates(path.read_bytes()) if path.exists() else b""
    if text == old:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())
    return True


def _no_dates(data: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", data)


def read_pot(domain: str) -> Catalog:
    with pot_path(domain).open("rb") as f:
        return read_po(f)


def stale_template(domain: str) -> bool:
    """Whether the domain's ``.pot`` differs from what the code says now."""
    return not pot_path(domain).exists() or _shape(read_pot(domain)) != _shape(template(domain))


def merged(domain: str, lang: Lang, pot: Catalog) -> Catalog:
    """The language's catalogue brought up to the template: new entries empty, gone ones dropped."""
    path = po_path(domain, lang)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=GETTEXT_LOCALE[lang], domain=domain)
    else:
        catalog = Catalog(locale=GETTEXT_LOCALE[lang], domain=domain, project=PROJECT, version="1", fuzzy=False)
    # no fuzzy matching: a guess from a similar entry would ship unchecked words
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=False)
    catalog.obsolete.clear()
    return _head(catalog, domain, lang)


def unmerged(domain: str, lang: Lang) -> bool:
    """Whether the language's ``.po`` lacks an entry of the ``.pot`` or holds one it no longer has."""
    pot = read_pot(domain)
    from .i18n import read

    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in read(domain, lang) if m.id}
    want = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in pot if m.id}
    return have != want


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def problems(domain: str, lang: Lang) -> list[str]:
    """What a reader in ``lang`` would miss in ``domain`` (see ``problems_in``)."""
    from .i18n import read

    return problems_in(read(domain, lang), lang)


def problems_in(catalog: Catalog, lang: str) -> list[str]:
    """Untranslated or fuzzy entries, a translation whose ``{fields}`` differ from its msgid's (a plural form may
    leave out ``{n}``: "a hand"), a plural entry without ``{n}`` or short of its forms, and Babel's own checks
    (the number of plural forms, ``%`` formats)."""
    out = []
    for m in catalog:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        where = f"{lang} {key!r}"
        texts = [m.string] if isinstance(m.string, str) else list(m.string or ())
        if m.fuzzy:
            out.append(f"{where}: fuzzy (a guess no one has checked)")
        if not texts or not all(texts):
            out.append(f"{where}: untranslated")
            continue
        want = fields(key)
        if isinstance(m.id, str):
            if fields(texts[0]) != want:
                out.append(f"{where}: fields {sorted(fields(texts[0]))} differ from the source's {sorted(want)}")
            continue
        if "n" not in want:
            out.append(f"{where}: a plural entry counts {{n}}; its source has no {{n}}")
        if len(texts) != catalog.num_plurals:
            out.append(f"{where}: {len(texts)} forms, {lang} has {catalog.num_plurals}")
        for text in texts:
            if not (want - {"n"} <= fields(text) <= want):
                out.append(f"{where}: form {text!r} has fields {sorted(fields(text))}, the source {sorted(want)}")
    for message, errors in catalog.check():
        out += [f"{lang} {message.id!r}: {e}" for e in errors]
    return out


def update(*, fill: bool = False, write: bool = True) -> list[str]:
    """Bring every template and catalogue up to the code; what changed (or would)."""
    changed = []
    for domain, langs in DOMAINS.items():
        pot = template(domain)
        if domain == MESSAGES and (needless := needless_by_hand()):
            keep = by_hand()
            for key in needless:
                del keep[key]
            changed.append(f"{BY_HAND.name}: dropped {len(needless)} entries the code now says")
            if write:
                _write(keep, BY_HAND)
        if write and _write(pot, pot_path(domain)) or not write and stale_template(domain):
            changed.append(pot_path(domain).name)
        for lang in langs:
            catalog = merged(domain, lang, pot)
            if fill and domain == MESSAGES and lang == "zh-TW":
                for m in catalog:
                    if m.id and not (m.string if isinstance(m.string, str) else all(m.string or ())):
                        key = m.id if isinstance(m.id, str) else m.id[0]
                        m.string = to_traditional(key) if isinstance(m.id, str) else (to_traditional(key),)
            path = po_path(domain, lang)
            if write and _write(catalog, path) or not write and unmerged(domain, lang):
                changed.append(f"{GETTEXT_LOCALE[lang]}/{path.name}")
    if write:
        _forget()
    return changed


def from_toml(path: Path) -> int:
    """Take translations from the TOML catalogue the ``.po`` files replaced (``[messages]`` keyed by zh-CN with
    ``zh-TW`` / ``en``, ``[commands]`` keyed by English with ``zh-CN`` / ``zh-TW``): an entry the ``.po`` holds
    untranslated takes the TOML's words. For merging a branch begun before gettext; how many were taken."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    taken = 0
    for domain, langs in DOMAINS.items():
        entries: dict[str, dict[str, str]] = data.get(domain, {})
        for lang in langs:
            target = po_path(domain, lang)
            with target.open("rb") as f:
                catalog = read_po(f, locale=GETTEXT_LOCALE[lang], domain=domain)
            by_key = {m.context or m.id: m for m in catalog if isinstance(m.id, str) and m.id}
            for key, entry in entries.items():
                m = by_key.get(key)
                if m is not None and not m.string and entry.get(lang):
                    m.string = entry[lang]
                    taken += 1
            _write(catalog, target)
    _forget()
    return taken


def _forget() -> None:
    """Read the catalogues afresh (this process has rewritten them)."""
    from .i18n import _catalogue, book, read

    for cached in (read, book, _catalogue):
        cached.cache_clear()


@functools.cache
def _s2tw() -> Any:
    """OpenCC's converter, built once: building one reads its dictionaries (the i18n tests ask per character)."""
    import opencc  # type: ignore[import-untyped]  # a tool's dependency, not the bot's

    return opencc.OpenCC("s2tw")


def to_traditional(text: str) -> str:
    return str(_s2tw().convert(text)).replace("鬍", "胡")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.catalogue_tool", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fill", action="store_true", help="write the zh-TW of new entries with OpenCC")
    parser.add_argument("--check", action="store_true", help="write nothing; fail when a file is out of date")
    parser.add_argument("--from-toml", type=Path, metavar="PATH",
                        help="take untranslated entries' words from the old TOML catalogue (merging an old branch)")
    args = parser.parse_args(argv)
    bad = False
    for domain in DOMAINS:
        for key in clashes(domain):
            print(f"{domain}: {key!r} is said both as one message and as a plural entry")
            bad = True
    changed = update(fill=args.fill, write=not args.check)
    for name in changed:
        print(("out of date: " if args.check else "updated: ") + name)
    bad = bad or args.check and bool(changed)
    for where in computed_ids():
        print(f"note: {where}: a message with a computed id is not in the catalogue (say msg(\"… {{field}}\", …))")
    if args.from_toml and not args.check:
        print(f"took {from_toml(args.from_toml)} translations from {args.from_toml}")
    for domain, langs in DOMAINS.items():
        for lang in langs:
            for problem in problems(domain, lang):
                print(f"{domain} {problem}")
                bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

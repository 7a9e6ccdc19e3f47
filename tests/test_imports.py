"""How the project's modules import one another: no circles, down the floors only, and no
private name used outside the module that defines it.

The import statements are read from the source (with ``ast``), those inside functions
too: a lazy import that dodges a circle is still a circle. Only imports between the
project's own modules count.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("domain", "engine", "estimates", "play", "rulesets", "unosite")
NOT_APPS = ("tests", "scripts", "bench", "deploy", "docs")

# The floors, lowest first: a module imports modules of its own floor or lower ones, never
# higher. The most specific name decides a module's floor (unosite.urls is not unosite's).
FLOORS: tuple[tuple[str, ...], ...] = (
    ("domain",),  # the rules of UNO as houses play them: options, scoring, reference texts
    ("engine",),  # simulated rounds, played by domain's options and scored by domain.scoring
    ("unosite",),  # the site's machinery: settings, cache, links, QR codes, rate limits
    ("rulesets",),  # rule sets as the database keeps them, sharing them
    ("play",),  # the scorekeeper
    ("estimates",),  # how long a game takes, from simulated games
    ("unosite.urls", "unosite.errors"),  # the site as a whole: every app's pages
)


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str  # a project module
    line: int
    private: str = ""  # a private name taken from ``imported`` (from x import _name)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    return {
        module_name(path): path
        for app in APPS
        for path in sorted((root / app).rglob("*.py"))
        if "migrations" not in path.parts
    }


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _resolve(importer: str, is_package: bool, module: str | None, level: int) -> str:
    if not level:
        return module or ""
    base = importer.split(".")
    base = base[: len(base) - level + (1 if is_package else 0)]
    return ".".join([*base, module] if module else base)


def imports_of(name: str, source: str, modules: Iterable[str], is_package: bool = False):
    """The imports of project modules in ``source`` (the module ``name``), and the private
    names it takes from other project modules: ``from x import _name`` and ``x._name``."""
    known = set(modules)
    found: list[Import] = []
    aliases: dict[str, str] = {}  # local name -> the project module it is
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    found.append(Import(name, alias.name, node.lineno))
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node.module, node.level)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:  # a module: from play import services
                    found.append(Import(name, full, node.lineno))
                    aliases[alias.asname or alias.name] = full
                elif base in known:  # a name: from play.services import Board
                    private = alias.name if _is_private(alias.name) else ""
                    found.append(Import(name, base, node.lineno, private))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = _dotted(node.value, aliases)
            if owner in known and owner != name:
                found.append(Import(name, owner, node.lineno, node.attr))
    return found


def _dotted(node: ast.expr, aliases: Mapping[str, str]) -> str:
    if isinstance(node, ast.Name):
        return aliases.get(node.id, "")
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value, aliases)
        return f"{owner}.{node.attr}" if owner else ""
    return ""


def project_imports(root: Path = ROOT) -> list[Import]:
    modules = project_modules(root)
    return [
        found
        for name, path in modules.items()
        for found in imports_of(name, path.read_text(), modules, path.name == "__init__.py")
    ]


def graph_of(imports: Iterable[Import]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for i in imports:
        if i.imported != i.importer:
            graph.setdefault(i.importer, set()).add(i.imported)
    return graph


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One circle of imports for every group of modules that import one another, each as
    the modules in import order, the first again at the end: [a, b, c, a]."""
    found, done = [], set()
    for start in sorted(graph):
        if start in done:
            continue
        path, on_path, stack = [start], {start}, [iter(sorted(graph.get(start, ())))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
            elif step in on_path:
                found.append([*path[path.index(step) :], step])
            elif step not in done:
                path.append(step)
                on_path.add(step)
                stack.append(iter(sorted(graph.get(step, ()))))
    return found


def floor_of(module: str) -> int:
    best, floor = "", 0
    for number, names in enumerate(FLOORS):
        for name in names:
            if (module == name or module.startswith(f"{name}.")) and len(name) > len(best):
                best, floor = name, number
    return floor


def upward(imports: Iterable[Import]) -> list[str]:
    return [
        f"{i.importer} (line {i.line}) imports {i.imported}, a floor higher"
        for i in imports
        if floor_of(i.imported) > floor_of(i.importer)
    ]


def private_uses(imports: Iterable[Import]) -> list[str]:
    return [
        f"{i.importer} (line {i.line}) uses {i.imported}.{i.private}"
        for i in imports
        if i.private and i.imported != i.importer
    ]


def describe(found: list[list[str]]) -> str:
    return "Import circles: " + "; ".join(" -> ".join(c) for c in found)


# --- The project ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return project_imports()


def test_every_app_is_checked():
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - set(NOT_APPS)
    assert packages == set(APPS)


def test_no_import_circles(imports):
    found = circles(graph_of(imports))
    assert not found, describe(found)


def test_imports_go_down_the_floors_only(imports):
    found = upward(imports)
    assert not found, "\n".join(found)


def test_rulesets_never_imports_play(imports):
    wrong = [
        i
        for i in imports
        if i.importer.startswith("rulesets") and floor_of(i.imported) == floor_of("play")
    ]
    assert not wrong, "\n".join(f"{i.importer} (line {i.line}) imports {i.imported}" for i in wrong)


def test_private_names_stay_in_their_module(imports):
    found = private_uses(imports)
    assert not found, "\n".join(found)


# --- The checker itself --------------------------------------------------------------


def test_a_circle_is_found_and_named():
    graph = {"a.one": {"a.two"}, "a.two": {"a.three", "b"}, "a.three": {"a.one"}, "b": set()}
    found = circles(graph)
    assert found == [["a.one", "a.two", "a.three", "a.one"]]
    with pytest.raises(AssertionError, match="a.one -> a.two -> a.three -> a.one"):
        assert not found, describe(found)
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_imports_inside_functions_count():
    modules = ["play.services", "play.removal"]
    source = "def board():\n    from play import removal\n    return removal\n"
    found = imports_of("play.services", source, modules)
    assert [(i.imported, i.line) for i in found] == [("play.removal", 2)]


def test_private_names_are_found():
    modules = ["play.services", "play.table", "play"]
    source = (
        "from play import services\n"
        "from play.services import _lock as lock, Board\n"
        "services._settle(services.board)\n"
    )
    uses = private_uses(imports_of("play.table", source, modules))
    assert uses == [
        "play.table (line 2) uses play.services._lock",
        "play.table (line 3) uses play.services._settle",
    ]


def test_an_import_up_a_floor_is_found():
    source = "from play import tables\n"
    found = imports_of("rulesets.share_views", source, ["play.tables", "rulesets.share_views"])
    assert upward(found) == ["rulesets.share_views (line 1) imports play.tables, a floor higher"]


def test_relative_imports_are_resolved():
    modules = ["play.views", "play.views.common", "play.tables"]
    found = imports_of("play.views.game", "from .common import x\nfrom .. import tables", modules)
    assert [i.imported for i in found] == ["play.views.common", "play.tables"]


# What the domain may take from Django: its words in the reader's language and lazy values,
# nothing of an app, a model, a request or the settings.
DOMAIN_MAY_USE = ("django.utils.translation", "django.utils.functional", "django_stubs_ext")


def django_imports_of(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        found += [(node.lineno, name) for name in names if name.split(".")[0].startswith("django")]
    return found


def outside_the_domain(source: str) -> list[str]:
    return [
        f"line {line} imports {name}"
        for line, name in django_imports_of(source)
        if not name.startswith(DOMAIN_MAY_USE)
    ]


def test_the_domain_uses_no_django_app():
    found = [
        f"{module_name(path)}: {problem}"
        for path in sorted((ROOT / "domain").rglob("*.py"))
        for problem in outside_the_domain(path.read_text())
    ]
    assert not found, "\n".join(found)


def test_the_domain_check_finds_a_model_import():
    source = "from django.db import models\nfrom django.utils.translation import gettext\n"
    assert outside_the_domain(source) == ["line 1 imports django.db"]

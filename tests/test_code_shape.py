"""The code's shape: no module of the apps over 600 lines, no function over 60.

A function counts from its `def` line to the end of its body (decorators not counted); a
method or a nested function is named by its qualified name (`Form.__init__`, `outer.inner`).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("domain", "engine", "estimates", "play", "rulesets", "unosite")
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60

# Exceptions to the limits: none left, and it is not to grow (split the code instead). An
# entry that no longer exceeds its limit fails the test too.
# "path" allows the module's length, "path::qualified.name" one function's.
ALLOWED: set[str] = set()


def _functions(tree):
    """(qualified name, node) for every function and method in the tree, nested ones too."""
    stack = [(node, "") for node in tree.body]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = prefix + node.name
            if not isinstance(node, ast.ClassDef):
                yield name, node
            stack.extend((child, name + ".") for child in node.body)
        else:
            stack.extend((child, prefix) for child in ast.iter_child_nodes(node))


def offenders(path, source):
    """{key: "path:line name (N lines)"} for what in this module's source is too long."""
    found = {}
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found[path] = f"{path}:1 module ({lines} lines)"
    for name, node in _functions(ast.parse(source)):
        length = node.end_lineno - node.lineno + 1
        if length > MAX_FUNCTION_LINES:
            found[f"{path}::{name}"] = f"{path}:{node.lineno} {name} ({length} lines)"
    return found


def app_modules():
    for app in APPS:
        for file in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in file.relative_to(ROOT).parts:
                yield file.relative_to(ROOT).as_posix(), file


def test_no_module_or_function_is_too_long():
    found = {}
    for path, file in app_modules():
        found.update(offenders(path, file.read_text(encoding="utf-8")))
    too_long = sorted(line for key, line in found.items() if key not in ALLOWED)
    assert not too_long, "Too long (split into readable steps):\n" + "\n".join(too_long)
    shrunk = sorted(ALLOWED - found.keys())
    assert not shrunk, "No longer too long, remove from ALLOWED:\n" + "\n".join(shrunk)


def _function(name, lines, indent=""):
    """Source of a function `lines` long, its def line included."""
    body = "".join(f"{indent}    x{i} = {i}\n" for i in range(lines - 1))
    return f"{indent}def {name}():\n{body}"


def test_the_checker_finds_what_is_too_long():
    source = "\n".join(
        [
            "@decorated\n@twice\n" + _function("long", MAX_FUNCTION_LINES + 1),
            _function("fits", MAX_FUNCTION_LINES),
            "class Form:\n" + _function("__init__", MAX_FUNCTION_LINES + 2, "    "),
            "def outer():\n" + _function("inner", MAX_FUNCTION_LINES + 1, "    "),
        ]
    )
    found = offenders("x.py", source)
    assert found == {
        "x.py::long": "x.py:3 long (61 lines)",
        "x.py::Form.__init__": "x.py:127 Form.__init__ (62 lines)",
        "x.py::outer": "x.py:190 outer (62 lines)",
        "x.py::outer.inner": "x.py:191 outer.inner (61 lines)",
    }
    assert offenders("y.py", "\n" * MAX_MODULE_LINES) == {}
    assert offenders("y.py", "\n" * (MAX_MODULE_LINES + 1)) == {"y.py": "y.py:1 module (601 lines)"}

"""The shape of the package: editions in one module, rules without words, imports one
way, no cycles (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mtgcombat.editions import EDITIONS

PACKAGE = Path(__file__).resolve().parents[1] / "mtgcombat"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module that is not a docstring (f-strings included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def _edition_specific() -> set[str]:
    """The rule numbers that differ between the editions (class data of each edition that
    another edition does not share)."""
    per = [cls.specific_numbers() for cls in EDITIONS.values()]
    common = set.intersection(*map(set, per))
    return set().union(*per) - common


def test_edition_specific_rule_numbers_live_only_in_the_editions_module():
    specific = _edition_specific()
    assert {"701.15b", "701.38b", "310.9b", "310.8b", "509.2", "509.3"} <= specific
    found = []
    for path in MODULES:
        if path.name == "editions.py":
            continue
        for line, text in _strings(path):
            for num in re.findall(r"\b\d{3}\.\d+[a-z]?\b", text):
                if num in specific:
                    found.append(f"{path.relative_to(PACKAGE)}:{line}: {num}")
    assert not found, "edition-specific rule numbers outside mtgcombat/editions.py: " + \
        ", ".join(found)


def test_the_editions_module_knows_every_edition_by_name():
    from mtgcombat.editions import edition

    assert edition("2024").has_order and not edition("current").has_order
    with pytest.raises(ValueError, match='"current" or "2024"'):
        edition("1999")


def test_rules_hold_no_english_sentences_and_no_regular_expressions():
    found = []
    for path in sorted((PACKAGE / "rules").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        if re.search(r"^\s*(import re\b|from re import)", source, re.M):
            found.append(f"{path.name}: imports re")
        for line, text in _strings(path):
            if len(text.split()) >= 4:
                found.append(f"{path.name}:{line}: {text!r}")
    assert not found, "English or regular expressions in mtgcombat/rules: " + "; ".join(found)


def _imports(path: Path) -> set[str]:
    """The package modules a module imports at module level (not inside functions)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            continue
        for n in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) else ():
            if isinstance(n, ast.ImportFrom):
                if n.level:
                    base = package.split(".")
                    base = base[:len(base) - (n.level - 1)]
                    mod = ".".join(base + ([n.module] if n.module else []))
                else:
                    mod = n.module or ""
                if mod.startswith("mtgcombat"):
                    out.add(mod)
                    for a in n.names:
                        out.add(f"{mod}.{a.name}")
            elif isinstance(n, ast.Import):
                out.update(a.name for a in n.names if a.name.startswith("mtgcombat"))
    known = {_module_name(p) for p in MODULES}
    return {m for m in out if m in known and m != name}


def _graph() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in MODULES}


def test_no_import_cycle_inside_the_package():
    graph = _graph()
    # A package's __init__ importing its own submodules is how packages work; a cycle is
    # two modules (or more) that need each other through their module-level imports.
    def edges(m: str) -> set[str]:
        return {d for d in graph[m] if not m.startswith(d + ".") and not d.startswith(m + ".")}

    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(edges(m)):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


@pytest.mark.parametrize("low, high", [
    ("mtgcombat.rules", "mtgcombat.grammar"),
    ("mtgcombat.rules", "mtgcombat.solver"),
    ("mtgcombat.rules", "mtgcombat.questions"),
    ("mtgcombat.rules", "mtgcombat.text"),
    ("mtgcombat.rules", "mtgcombat.cli"),
    ("mtgcombat.solver", "mtgcombat.questions"),
    ("mtgcombat.solver", "mtgcombat.text"),
    ("mtgcombat.questions", "mtgcombat.cli"),
    ("mtgcombat.text", "mtgcombat.cli"),
    ("mtgcombat.editions", "mtgcombat.rules"),
])
def test_dependencies_point_one_way(low, high):
    """A lower layer never imports a higher one, not even inside a function."""
    found = []
    for path in MODULES:
        name = _module_name(path)
        if not (name == low or name.startswith(low + ".")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                if n.level:
                    base = package.split(".")
                    base = base[:len(base) - (n.level - 1)]
                    mod = ".".join(base + ([n.module] if n.module else []))
                else:
                    mod = n.module or ""
                if mod == high or mod.startswith(high + "."):
                    found.append(f"{name}:{n.lineno} imports {mod}")
    assert not found, "; ".join(found)


def test_no_module_calls_a_private_function_of_another():
    """``from x import _private`` across modules: a private name is the module's own."""
    found = []
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = _module_name(path)
        in_oracle = name.startswith("mtgcombat.grammar.oracle")
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and (n.module or "") and n.level:
                for a in n.names:
                    # the Oracle grammar package shares its internals among its modules
                    if a.name.startswith("_") and not a.name.startswith("__") and not in_oracle:
                        found.append(f"{name}:{n.lineno} imports {a.name}")
    assert not found, "; ".join(found)

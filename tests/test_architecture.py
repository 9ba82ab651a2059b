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


def _imports(path: Path, typing: bool = False) -> set[str]:
    """The package modules a module imports, at module level or inside a function (an
    import inside a function is still a dependency: it only runs later). Imports under
    ``if TYPE_CHECKING:`` count only with ``typing`` (a loop of them is still a loop a
    reader of the code follows, and ``farm-studio look`` draws it)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = set() if typing else {
        id(x) for node in ast.walk(tree) if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for x in ast.walk(node)}
    out = set()
    for n in ast.walk(tree):
        if id(n) in typing_only:
            continue
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


def _graph(typing: bool = False) -> dict[str, set[str]]:
    return {_module_name(p): _imports(p, typing) for p in MODULES}


def test_no_import_cycle_inside_the_package_counting_imports_inside_functions_and_for_types():
    graph = _graph(typing=True)
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


#: The doors: where questions come in. Each asks the registry (mtgcombat.ask); none
#: imports another; only the program (mtgcombat.main) knows them all.
DOORS = ("mtgcombat.cli", "mtgcombat.batch", "mtgcombat.web")


def _in(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_no_door_imports_another_door():
    graph = _graph()
    found = [f"{m} imports {d}" for m, deps in graph.items() for d in deps
             for door in DOORS if _in(d, door) and not _in(m, door)
             and any(_in(m, other) for other in DOORS)]
    assert not found, "; ".join(sorted(found))


def test_only_the_program_and_the_doors_import_a_door():
    graph = _graph()
    found = [f"{m} imports {d}" for m, deps in graph.items() for d in deps
             for door in DOORS if _in(d, door) and not _in(m, door)
             and m != "mtgcombat.main" and not any(_in(m, other) for other in DOORS)]
    assert not found, "; ".join(sorted(found))


def test_every_door_asks_the_registry():
    graph = _graph()
    for door in DOORS:
        deps = set().union(*(graph[m] for m in graph if _in(m, door)))
        assert "mtgcombat.ask" in deps, f"{door} does not ask mtgcombat.ask"


def test_no_door_captures_standard_output_to_answer():
    """The registry's answers are values: no door runs a command and reads what it
    printed (redirect_stdout), and nothing holds a process-wide lock around a question."""
    found = []
    for path in MODULES:
        src = path.read_text(encoding="utf-8")
        for bad in ("redirect_stdout", "_LOCK"):
            if bad in src:
                found.append(f"{path.relative_to(PACKAGE)}: {bad}")
    assert not found, "; ".join(found)


@pytest.mark.parametrize("low, high", [
    ("mtgcombat.rules", "mtgcombat.grammar"),
    ("mtgcombat.rules", "mtgcombat.solver"),
    ("mtgcombat.rules", "mtgcombat.questions"),
    ("mtgcombat.rules", "mtgcombat.text"),
    ("mtgcombat.rules", "mtgcombat.cli"),
    ("mtgcombat.solver", "mtgcombat.questions"),
    ("mtgcombat.solver", "mtgcombat.text"),
    ("mtgcombat.questions", "mtgcombat.cli"),
    ("mtgcombat.questions", "mtgcombat.ask"),
    ("mtgcombat.text", "mtgcombat.cli"),
    ("mtgcombat.text", "mtgcombat.ask"),
    ("mtgcombat.ask", "mtgcombat.cli"),
    ("mtgcombat.ask", "mtgcombat.batch"),
    ("mtgcombat.ask", "mtgcombat.web"),
    ("mtgcombat.options", "mtgcombat.ask"),
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


_BAD_INPUT = {"BadInput", "BoardError", "OptionError", "ScenarioError", "CaseError"}
#: Helpers that make a bad-input error at a place (``self.at(node, message)``).
_AT = {"at", "error", "_Located", "Located"}


def _english(arg: ast.expr) -> bool:
    """A message written in English: an f-string, a concatenation, or a phrase."""
    if isinstance(arg, ast.BinOp):  # text put together ("..." + x), not a sum of numbers
        return any(isinstance(n, ast.JoinedStr)
                   or isinstance(n, ast.Constant) and isinstance(n.value, str)
                   for n in ast.walk(arg))
    return isinstance(arg, ast.JoinedStr) or (
        isinstance(arg, ast.Constant) and isinstance(arg.value, str) and " " in arg.value)


def _english_raises(path: Path) -> list[int]:
    """Lines of ``path`` that make bad input (raised or returned to be raised) with a
    message written there (a string or an f-string) instead of a reason."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            if name in _BAD_INPUT | _AT and any(_english(a) for a in node.args):
                out.append(node.lineno)
    return out


def test_bad_input_is_raised_as_a_coded_reason_not_english_text():
    found = {}
    for path in MODULES:
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if "/text/" in rel:
            continue
        lines = _english_raises(path)
        if lines:
            found[rel] = lines
    assert not found, f"English text raised as bad input (use a reason, text/en words it): {found}"

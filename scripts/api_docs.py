"""Write the library's API reference, docs/api.md, from the docstrings:
python scripts/api_docs.py  (tests/test_api_docs.py checks that it is current).

What is documented is the public surface a Python user meets: ``mtgcombat``'s names, the
answers its methods return, the notation, the pictures, the editions, the words. Each
entry is the signature (without type annotations: they are in the code) and the
docstring; doctest examples become Python code blocks, Sphinx roles plain code."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: (module, title, names to document in this order; a class with its public members).
SECTIONS: list[tuple[str, str, list[str]]] = [
    ("mtgcombat.board", "The board", ["Board", "LegalDeclarations", "IllegalDeclarationError"]),
    ("mtgcombat.rules.model", "The board's data (what `Board` inherits)",
     ["Board", "Player", "Permanent", "Effect"]),
    ("mtgcombat.rules.model", "Errors", ["BoardError"]),
    ("mtgcombat.solver.base", "", ["SolverTimeout"]),
    ("mtgcombat.notation", "Declarations and assignments in notation",
     ["Declaration", "Assignment"]),
    ("mtgcombat.questions.declarations", "Answers: declarations",
     ["DeclarationVerdict", "DeclarationListing", "DeclarationCount"]),
    ("mtgcombat.questions.damage", "Answers: damage", ["DamageAnswer", "DamageVerdict"]),
    ("mtgcombat.questions.combat", "Answers: the whole combat", ["CombatAnswer", "After"]),
    ("mtgcombat.questions.explain", "Answers: explanations", ["Explanation"]),
    ("mtgcombat.draw", "Pictures", ["draw", "draw_result", "result_of", "Svg"]),
    ("mtgcombat.editions", "Rules editions", ["edition", "Edition"]),
    ("mtgcombat.text", "Words", ["Writer"]),
]

#: Modules whose own docstring (with its examples) opens their section.
MODULE_DOCS = {"mtgcombat.board", "mtgcombat.notation", "mtgcombat.draw", "mtgcombat.editions"}

HEAD = """# The library: API reference

Generated from the docstrings by `python scripts/api_docs.py` (do not edit by hand;
`tests/test_api_docs.py` checks that it is current, and runs the examples of `board.py`,
`notation.py`, `editions.py` and `draw.py` as doctests). The command line and the JSON answers
are described in `docs/board-format.md`; how the code is built in `docs/architecture.md`.

```python
from mtgcombat import Board, BoardError, Declaration, Assignment, TimeLimitError
from mtgcombat.draw import draw, draw_result
```

Every answer has `to_json(writer)` -- its `--json` answer in the writer's language
(`Writer.for_board(board, "de")`) -- and reads like that JSON in English
(`answer["violations"]`).
"""

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc):`~?([^`]+)`")


def _plain(text: str) -> str:
    """Sphinx roles as code; ``x`` as `x`."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text)
    return text.replace("``", "`")


def _docstring(obj: Any) -> str:
    """The docstring as Markdown: prose as is, doctest examples in Python code blocks."""
    return _docstring_text(inspect.getdoc(obj) or "")


def _docstring_text(doc: str) -> str:
    out: list[str] = []
    code = False
    for line in doc.splitlines():
        starts = line.startswith(">>> ")
        if starts and not code:
            out.append("```python")
            code = True
        elif code and not line.strip():
            out.append("```")
            code = False
        out.append(line if code else _plain(line))
    if code:
        out.append("```")
    return "\n".join(out).strip()


def _signature(name: str, obj: Any) -> str:
    """``name(a, b='x', *, c=None)``, without annotations."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return name
    params = []
    star = False
    for p in sig.parameters.values():
        if p.name == "self" or p.name == "cls":
            continue
        if p.kind is p.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        if p.kind is p.VAR_POSITIONAL:
            params.append(f"*{p.name}")
            star = True
            continue
        if p.kind is p.VAR_KEYWORD:
            params.append(f"**{p.name}")
            continue
        params.append(p.name if p.default is p.empty else f"{p.name}={p.default!r}")
    return f"{name}({', '.join(params)})"


#: Special methods worth documenting when a class defines them with a docstring.
SPECIAL = ("__contains__", "__iter__", "__repr__", "__str__", "_repr_svg_")


def _own_doc(value: Any) -> str:
    """A member's own docstring (not one inherited from ``object``)."""
    f = value.fget if isinstance(value, property) else getattr(value, "func", value)
    return inspect.cleandoc(f.__doc__) if getattr(f, "__doc__", None) else ""


def _members(cls: type) -> list[tuple[str, Any]]:
    """A class's own public methods and properties (and the documented special ones), in
    source order."""
    out = []
    for name, value in cls.__dict__.items():
        if name.startswith("_") and name not in SPECIAL:
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property) or inspect.isfunction(value) or \
                type(value).__name__ == "cached_property":
            if _own_doc(value) or not name.startswith("_"):
                out.append((name, value))
    return out


_FIELD = re.compile(r"^    (\w+): ([^=#]+?)(?:\s*=\s*([^#]+?))?\s*(?:#\s*(.*))?$")


def _fields(cls: type) -> list[str]:
    """A dataclass's fields as Markdown list items: name, type, default, and the ``#:``
    comment above it or the comment after it."""
    import dataclasses

    if not dataclasses.is_dataclass(cls) or cls.__dict__.get("__dataclass_fields__") is None:
        return []
    own = {f.name for f in dataclasses.fields(cls)}
    try:
        lines = inspect.getsource(cls).splitlines()
    except OSError:
        return []
    out, comment = [], []
    for line in lines[1:]:
        if line.startswith("    #:"):
            comment.append(line.strip()[2:].strip())
            continue
        m = _FIELD.match(line)
        if m and m.group(1) in own and not line.lstrip().startswith("_"):
            name, kind, default, after = m.groups()
            words = " ".join(comment) or (after or "")
            item = f"- `{name}`: `{kind.strip()}`"
            if default is not None:
                item += f" = `{default.strip()}`"
            out.append(item + (f" -- {_plain(words)}" if words else ""))
        if not line.startswith("    #"):
            comment = []
        if line.startswith("    def ") or line.startswith("    @"):
            break
    return out


def _entry(qualname: str, obj: Any, level: str) -> list[str]:
    if inspect.isclass(obj):
        out = [f"{level} class `{qualname}`", "", _docstring(obj), ""]
        fields = _fields(obj)
        if fields:
            out += ["Fields:", ""] + fields + [""]
        for name, member in _members(obj):
            if isinstance(member, property) or type(member).__name__ == "cached_property":
                title = f"`{qualname}.{name}` (property)"
            else:
                title = f"`{qualname}.{_signature(name, member)}`"
            out += [f"{level}# {title}", "", _docstring_text(_own_doc(member)), ""]
        return out
    return [f"{level} `{_signature(qualname, obj)}`", "", _docstring(obj), ""]


def reference() -> str:
    """docs/api.md as it must be."""
    out = [HEAD]
    for module_name, title, names in SECTIONS:
        module = importlib.import_module(module_name)
        if title:
            out += [f"## {title}", ""]
        out += [f"*`{module_name}`*", ""]
        if module_name in MODULE_DOCS:
            out += [_docstring(module), ""]
        for name in names:
            shown = "model.Board" if module_name.endswith(".model") and name == "Board" else name
            out += _entry(shown, getattr(module, name), "###")
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.rstrip() + "\n"


def main() -> None:
    (ROOT / "docs" / "api.md").write_text(reference(), encoding="utf-8")
    print("wrote docs/api.md")


if __name__ == "__main__":
    main()

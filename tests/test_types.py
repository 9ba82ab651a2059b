"""The package type-checks with mypy (issue 10: the redesign keeps its types honest).

The configuration is ``[tool.mypy]`` in pyproject.toml; the third-party solvers and lark
ship no stubs and are skipped there.
"""
from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_package_type_checks_with_mypy():
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install '.[test]')")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--no-incremental", "--cache-dir", "/dev/null",
                                str(ROOT / "mtgcombat")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "\n".join(errors) or out + err

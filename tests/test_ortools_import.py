"""OR-tools without pandas (issue 24: import nothing the question doesn't use): CP-SAT's
Python module imports pandas for helpers mtgcombat never calls; a model is solved
without it, and pandas stays usable (and ``cp_model``'s pandas helpers work) after."""

from __future__ import annotations

import subprocess
import sys

from .conftest import REPO

_SOLVE = """
import sys
from mtgcombat import Board
from mtgcombat.solver import get_backend
from mtgcombat.solver.base import Deadline
perms = [{"id": "a", "name": "Ogre", "controller": "Alice", "power": 3, "toughness": 3,
          "text": "Menace\\nAll creatures able to block Ogre do so."},
         {"id": "c", "name": "Imp", "controller": "Alice", "power": 1, "toughness": 1,
          "text": "Flying"}]
perms += [{"id": f"b{i}", "name": f"Bear {i}", "controller": "Bob", "power": 2,
           "toughness": 2, "text": "Reach" if i % 2 else ""} for i in range(8)]
b = Board.from_data({"players": [{"name": "Alice"}, {"name": "Bob"}],
                     "active_player": "Alice", "permanents": perms,
                     "attacks": {"a": "Bob", "c": "Bob"}})
m, w = get_backend("cpsat").maximum(b.problem("blocks"), frozenset(), Deadline(None))
print("ortools.sat.python.cp_model" in sys.modules, "pandas" in sys.modules, m)
"""


def _run(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=REPO)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_a_cpsat_solve_imports_ortools_but_not_pandas():
    assert _run(_SOLVE) == "True False 8"


def test_pandas_imported_after_ortools_is_the_real_pandas_and_cp_model_helpers_work():
    out = _run(_SOLVE + """
import pandas as pd
from ortools.sat.python import cp_model
assert pd.Series.__module__.startswith("pandas"), pd.Series.__module__
model = cp_model.CpModel()
xs = model.new_bool_var_series("x", pd.Index(range(3)))
print(type(xs).__name__, len(xs))
""")
    assert out.splitlines()[-1] == "Series 3"


def test_with_pandas_imported_first_ortools_is_imported_as_usual():
    out = _run("""
import pandas
from mtgcombat.solver.cpsat import import_cp_model
cm = import_cp_model()
print(cm.pd is pandas)
""")
    assert out == "True"

"""Solver backends: OR-tools CP-SAT, python-constraint2, and a brute-force reference.

:func:`get_backend` returns one by name; all implement
:class:`mtgcombat.solver.base.Backend` and answer identically (tests compare them).
"""

from __future__ import annotations

from .base import Backend

#: Backend names, the default first ("auto" is CP-SAT with small problems in Python).
BACKENDS: tuple[str, ...] = ("cpsat", "constraint", "brute", "auto")
#: What the command line offers.
CHOICES: tuple[str, ...] = ("auto", "cpsat", "constraint", "brute")


def get_backend(name: str = "auto") -> Backend:
    """The backend called ``name``: "auto" (default), "cpsat", "constraint" or "brute"."""
    if name == "auto":
        from .cpsat import Auto
        return Auto()
    if name == "cpsat":
        from .cpsat import CpSat
        return CpSat()
    if name == "constraint":
        from .pyconstraint import PyConstraint
        return PyConstraint()
    if name == "brute":
        from .brute import BruteForce
        return BruteForce()
    raise ValueError(f"unknown solver {name!r}: use one of {', '.join(BACKENDS)}")

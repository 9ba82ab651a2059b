"""Solver backends: OR-tools CP-SAT, python-constraint2, and a brute-force reference.

:func:`get_backend` returns one by name; all implement
:class:`mtgcombat.solver.base.Backend` and answer identically (tests compare them).
"""

from __future__ import annotations

from .base import Backend

#: Backend names, the default first.
BACKENDS: tuple[str, ...] = ("cpsat", "constraint", "brute")


def get_backend(name: str = "cpsat") -> Backend:
    """The backend called ``name``: "cpsat" (default), "constraint" or "brute"."""
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

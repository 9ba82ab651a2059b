"""Solver backends: OR-tools CP-SAT, python-constraint2, and a brute-force reference."""

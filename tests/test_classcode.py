"""The compiled methods of mtgcombat's dataclasses kept on disk (issue 24: compiling them
was a quarter of a cold ``check``): the same code as compiling the text, read only from
the user's own file, written once."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
import types

import pytest

from mtgcombat import classcode

from .conftest import REPO

_CLASS = '''
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Probe:
    a: int
    b: tuple = ()
    c: list = field(default_factory=list, compare=False)
'''


def _module(name: str) -> types.ModuleType:
    m = types.ModuleType(name)
    sys.modules[name] = m
    try:
        exec(compile(_CLASS, name, "exec"), m.__dict__)
    finally:
        del sys.modules[name]
    return m


def test_dataclasses_module_compiles_through_the_table_once_installed():
    assert getattr(dataclasses, "exec", None) is classcode._exec


def test_a_class_of_the_package_gets_the_code_compiled_from_its_methods_text():
    m1 = _module("mtgcombat._probe_one")
    texts = [t for t in classcode._codes() if "__create_fn__" in t and "'c'" not in t]
    assert texts  # the methods' texts are in the table
    m2 = _module("mtgcombat._probe_two")
    # the second class statement (same text) ran the code object compiled for the first
    assert m1.Probe.__init__.__code__ is m2.Probe.__init__.__code__
    assert m1.Probe.__repr__.__code__ is m2.Probe.__repr__.__code__
    # ... which is what compiling that text gives: the class behaves as a dataclass does
    p, q = m2.Probe(1, (2,)), m2.Probe(1, (2,), [3])
    assert p == q and hash(p) == hash(q) and p.c == [] and q.c == [3]
    assert repr(p) == "Probe(a=1, b=(2,), c=[])"
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.a = 2  # type: ignore[misc]
    assert dataclasses.replace(p, a=5).a == 5


def test_another_packages_dataclasses_are_compiled_as_usual_and_not_kept():
    before = dict(classcode._NEW)
    m = _module("someone_elses_module")
    assert m.Probe(1) == m.Probe(1)
    kept = [t for t in set(classcode._NEW) - set(before)]
    assert not kept
    assert m.Probe.__init__.__code__ is not _module("someone_elses_module").Probe.__init__.__code__


def test_a_table_that_is_not_the_users_own_or_is_damaged_is_not_read(tmp_path):
    table = {"x = 1": compile("x = 1", "<string>", "exec")}
    path = tmp_path / "t.marshal"
    path.write_bytes(marshal.dumps(table))
    os.chmod(path, 0o600)
    assert list(classcode._read(path)) == ["x = 1"]
    os.chmod(path, 0o620)  # others of the group may write it: it may hold their code
    assert classcode._read(path) == {}
    os.chmod(path, 0o600)
    path.write_bytes(b"\x00not marshal")
    assert classcode._read(path) == {}
    path.write_bytes(marshal.dumps({"x = 1": "not code"}))
    assert classcode._read(path) == {}
    assert classcode._read(tmp_path / "missing") == {}


def _compiled_in_a_cold_check(cache) -> int:
    code = ("import sys; from mtgcombat import classcode; from mtgcombat.main import main; "
            "main(['check', %r, '--attacks', 'brigand -> Bob']); "
            "print(len(classcode._NEW), file=sys.stderr); classcode.save()"
            % str(REPO / "corpus" / "boards" / "brigand.json"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MTGCOMBAT_CACHE=str(cache)), cwd=REPO)
    assert r.returncode == 0, r.stderr
    return int(r.stderr.strip().splitlines()[-1])


def test_a_second_cold_check_compiles_no_dataclass_method(tmp_path):
    assert _compiled_in_a_cold_check(tmp_path) > 50
    files = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("dataclasses-"))
    assert len(files) == 1 and sys.implementation.cache_tag in files[0]
    assert oct(os.stat(tmp_path / files[0]).st_mode & 0o777) == oct(0o600)
    assert _compiled_in_a_cold_check(tmp_path) == 0


def test_with_caching_off_nothing_is_kept(tmp_path):
    code = ("import sys; from mtgcombat import classcode; import mtgcombat.board; "
            "classcode.save(); print(len(classcode._codes()))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MTGCOMBAT_CACHE="off", HOME=str(tmp_path)),
                       cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert list(tmp_path.iterdir()) == []

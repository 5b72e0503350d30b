"""Every harness test gets its own temporary folder (for the harness and the commands it runs), so
the suite passes next to other runs on the same machine and leftovers are seen per test."""
from __future__ import annotations

import tempfile

import pytest


@pytest.fixture(autouse=True)
def own_tmp(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("harness-tmp")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setenv("TMPDIR", str(folder))
    yield folder

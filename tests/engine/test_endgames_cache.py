"""The endgame cache: a corrupt header is rebuilt, never trusted and never a crash (issue 27, item 2)."""

from __future__ import annotations

import pytest

from damas.engine import endgames


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(endgames.ENV_CACHE, str(tmp_path))
    monkeypatch.setenv(endgames.ENV_PROGRESS, "0")
    monkeypatch.setattr(endgames, "_TABLES", {})
    return tmp_path


@pytest.mark.parametrize("header", [b"[" * 100_000 + b"]" * 100_000, b'{"info": ' * 60_000 + b"1" + b"}" * 60_000],
                         ids=["list", "object"])
def test_a_deeply_nested_cache_header_is_rebuilt(cache, header):
    mat = (0, 1, 0, 1)
    good = bytes(endgames.table("brazilian", mat).codes)
    path = cache / "brazilian-KvK.egtb"
    assert path.exists()
    path.write_bytes(endgames._MAGIC + header + b"\n" + good)
    endgames._TABLES.clear()
    again = endgames.table("brazilian", mat)
    assert bytes(again.codes) == good
    assert path.read_bytes().startswith(endgames._MAGIC + b"{")     # rewritten with a good header

"""damas.rules.files: every write whole or absent, no read that waits, the system's errors in
Portuguese (issue 44, items 2, 3 and 6)."""

from __future__ import annotations

import errno
import os
import threading
import time

import pytest

from damas.errors import DamasError
from damas.rules import files
from damas.rules.files import FileError, clean_leftovers, os_error_text, output_path, read_file, write_file


def test_a_file_is_written_whole_and_nothing_is_left_beside_it(tmp_path):
    path = write_file(tmp_path / "a.txt", b"x" * 100_000)
    assert path.read_bytes() == b"x" * 100_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_bytes(b"antigo")
    calls = []
    real = os.write

    def full(fd, data):
        calls.append(len(data))
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, bytes(data)[:10])          # a short write first, then a full disk

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(FileError) as caught:
        write_file(tmp_path / "a.txt", b"novo" * 1000)
    assert isinstance(caught.value, DamasError) and isinstance(caught.value, OSError)
    assert caught.value.errno == errno.ENOSPC and "o disco está cheio" in str(caught.value)
    assert (tmp_path / "a.txt").read_bytes() == b"antigo"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_write_whose_copy_does_not_read_back_the_same_is_not_renamed(tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_bytes(b"antigo")
    monkeypatch.setattr(files, "_read_back", lambda fd, size: b"outra coisa")
    with pytest.raises(FileError, match="não saiu igual"):
        write_file(tmp_path / "a.txt", b"novo")
    assert (tmp_path / "a.txt").read_bytes() == b"antigo" and len(list(tmp_path.iterdir())) == 1


def test_a_drive_that_says_0_bytes_for_a_file_open_for_writing_still_gets_it(tmp_path, monkeypatch):
    # JupyterLite's drive (Pyodide): fstat of the descriptor being written reports 0 bytes; the
    # file's true size shows once it is closed.  The progress file must be saved there.
    real = os.fstat

    def empty_while_open(fd):
        info = real(fd)
        return os.stat_result(info[:6] + (0,) + info[7:])

    monkeypatch.setattr(os, "fstat", empty_while_open)
    path = write_file(tmp_path / "a.txt", b"novo")
    monkeypatch.undo()
    assert path.read_bytes() == b"novo" and sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_closed_copy_of_the_wrong_size_is_not_renamed(tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_bytes(b"antigo")
    real = os.stat

    def short(name, *args, **kwargs):
        info = real(name, *args, **kwargs)
        if str(name).endswith(".tmp"):
            return os.stat_result(info[:6] + (info.st_size - 1,) + info[7:])
        return info

    monkeypatch.setattr(os, "stat", short)
    with pytest.raises(FileError, match="não saiu igual"):
        write_file(tmp_path / "a.txt", b"novo")
    monkeypatch.undo()
    assert (tmp_path / "a.txt").read_bytes() == b"antigo" and len(list(tmp_path.iterdir())) == 1


def test_a_link_is_replaced_not_written_through(tmp_path):
    (tmp_path / "fora.txt").write_bytes(b"de outro")
    os.symlink(tmp_path / "fora.txt", tmp_path / "a.txt")
    write_file(tmp_path / "a.txt", b"novo")
    assert (tmp_path / "fora.txt").read_bytes() == b"de outro"
    assert not (tmp_path / "a.txt").is_symlink() and (tmp_path / "a.txt").read_bytes() == b"novo"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs of POSIX")
def test_a_fifo_is_refused_at_once_for_reading_and_writing(tmp_path):
    fifo = tmp_path / "a.json"
    os.mkfifo(fifo)
    done = []

    def read():
        try:
            read_file(fifo)
        except FileError as error:
            done.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    assert done and done[0].kind == "special", "reading a FIFO blocked"
    with pytest.raises(FileError, match="não é um arquivo comum"):
        write_file(fifo, b"x")
    assert fifo.exists() and not fifo.is_file()


def test_a_folder_is_refused_for_reading_and_writing(tmp_path):
    with pytest.raises(FileError, match="é uma pasta"):
        read_file(tmp_path)
    (tmp_path / "p").mkdir()
    with pytest.raises(FileError, match="é uma pasta"):
        write_file(tmp_path / "p", b"x")


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 101)
    with pytest.raises(FileError, match="grande demais"):
        read_file(tmp_path / "a", limit=100)
    assert read_file(tmp_path / "a", limit=101) == b"x" * 101


def test_a_missing_file_is_the_packages_error_with_its_errno(tmp_path):
    with pytest.raises(FileError) as caught:
        read_file(tmp_path / "nada")
    assert caught.value.errno == errno.ENOENT and "não existe" in str(caught.value)


@pytest.mark.parametrize("code", sorted(files.ERROR_WORDS))
def test_every_error_is_told_in_portuguese(code):
    text = os_error_text(OSError(code, os.strerror(code)))
    assert text and text != os.strerror(code) and "Errno" not in text


def test_an_unknown_error_gets_no_english_either():
    assert os_error_text(OSError(4242, "Strange thing happened")) == "erro do sistema"
    assert os_error_text(OSError("sem número")) == "erro do sistema"


def test_leftovers_of_a_killed_writer_are_removed_and_nothing_else(tmp_path):
    keep = ["a.json", "a.json.bak", ".b.json.1-x.tmp", "a.json.lock", "outro.tmp"]
    gone = [".a.json.123-abcdef.tmp", "a.json.999.tmp"]
    for name in keep + gone:
        (tmp_path / name).write_bytes(b"x")
    old = time.time() - 3600
    for name in keep + gone:
        os.utime(tmp_path / name, (old, old))
    assert clean_leftovers(tmp_path / "a.json") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(keep)


def test_a_fresh_temporary_file_is_left_to_its_writer_unless_the_lock_is_held(tmp_path):
    (tmp_path / ".a.json.1-x.tmp").write_bytes(b"x")
    assert clean_leftovers(tmp_path / "a.json") == 0
    assert clean_leftovers(tmp_path / "a.json", stale=0) == 1


@pytest.mark.parametrize("name, expected", [("turma", "turma.csv"), ("turma.csv", "turma.csv"),
                                            ("T.CSV", "T.CSV"), ("a/b", "a/b.csv")])
def test_an_output_gets_its_extension(tmp_path, name, expected):
    assert output_path(name, ".csv") == type(output_path(name, ".csv"))(expected)


@pytest.mark.parametrize("name", ["bia.json", "tomadas.pdn", "00_Comece_aqui.ipynb", "turma.png"])
def test_an_output_named_like_a_file_of_another_kind_is_refused(name):
    with pytest.raises(FileError, match=r"deve terminar em \.csv"):
        output_path(name, ".csv")

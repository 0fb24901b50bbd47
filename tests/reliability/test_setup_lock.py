"""`setup_lock`: one process at a time creates the tables of a data folder, and a waiter neither
sleeps long after a short setup nor waits forever on a stuck one."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from agent_system._migrations import setup_lock
from agent_system.errors import ConfigurationError


@contextmanager
def held(folder: Path) -> Iterator[int]:
    """Another holder of the folder's lock (a second open file description conflicts)."""
    fd = os.open(folder, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield fd
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def test_a_stuck_holder_times_out_with_one_plain_line(tmp_path: Path) -> None:
    with held(tmp_path), pytest.raises(ConfigurationError) as caught:
        with setup_lock(tmp_path, timeout_s=0.2):
            pytest.fail("the lock was taken while another process held it")
    message = str(caught.value)
    assert "\n" not in message
    assert str(tmp_path) in message and "start again" in message


def test_a_waiter_polls_from_a_millisecond_and_backs_off_to_50_ms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    pauses: list[float] = []
    release = threading.Event()

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 12:
            release.set()

    monkeypatch.setattr(time, "sleep", sleep)
    with held(tmp_path) as fd:

        def unlock() -> None:
            release.wait(10)
            fcntl.flock(fd, fcntl.LOCK_UN)

        threading.Thread(target=unlock, daemon=True).start()
        entered = False
        with setup_lock(tmp_path):
            entered = True
    assert entered
    assert pauses[:7] == [0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.05]
    assert max(pauses) == 0.05


def test_the_lock_is_free_again_after_the_block(tmp_path: Path) -> None:
    with setup_lock(tmp_path):
        pass
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises BlockingIOError if still held
    finally:
        os.close(fd)

"""Crash safety: every append acknowledged before a SIGKILL is there after reopening.

A child process appends notes in a loop and prints each acknowledged seq; the
test kills it with SIGKILL mid-stream, then reopens the database. (The kill
hits the client; for PostgreSQL the acknowledged commit is the server's.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from capeworks.engine import Table
from capeworks.store import Store
from tests.engine.toy import Toy
from tests.store.conftest import SEATS

REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import sys
    from capeworks.engine import Command
    from capeworks.store import Store
    from tests.engine.toy import Toy

    toy = Toy()
    store = Store(sys.argv[1], resolve_ruleset=lambda name: toy, snapshot_every=7)
    i = 0
    while True:
        events = store.execute(sys.argv[2], Command(type="note", seat="gm", payload={"text": f"n{i}"})).events
        print(events[-1].seq, flush=True)
        i += 1
    """
)


@pytest.mark.slow
def test_kill_9__every_acknowledged_append_survives(db_url: str, toy: Toy) -> None:
    with Store(db_url, resolve_ruleset=lambda n: toy) as store:
        table_id = store.create_table(toy, seats=SEATS, seed=1).id
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, db_url, table_id], stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
    )
    assert child.stdout is not None
    acknowledged: list[int] = []
    deadline = time.monotonic() + 60
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        acknowledged.append(int(line))
    child.send_signal(signal.SIGKILL)
    # anything already in the pipe was acknowledged before the kill
    acknowledged += [int(line) for line in child.stdout.read().split()]
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert len(acknowledged) >= 40, "the child did not get going"

    with Store(db_url, resolve_ruleset=lambda n: toy) as reopened:
        log = reopened.log(table_id)
        seqs = [e.seq for e in log]
        assert set(acknowledged) <= set(seqs)
        # nothing torn: the log is gap-free and the version column agrees
        assert seqs == list(range(1, len(seqs) + 1))
        assert reopened.record(table_id).version == len(seqs)
        assert reopened.load(table_id).state == Table(toy, log).state

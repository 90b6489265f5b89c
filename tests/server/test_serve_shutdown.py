"""Stopping `capeworks serve` after odds were worked out leaves nothing behind: no leaked semaphores.

The odds run in a pool of worker processes (capeworks.server.odds_pool). Stopped by SIGTERM, uvicorn
ends the lifespan and then raises the signal again, and the process dies without running
multiprocessing's exit finalizers: the pool's queues must be let go in the lifespan, or the resource
tracker warns of "5 leaked semaphore objects" as the server stops.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.processes import free_port


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_serve__stopped_after_odds_leaks_no_semaphore(tmp_path: Path, stop: signal.Signals) -> None:
    port = free_port()
    args = [sys.executable, "-m", "capeworks", "serve", "--port", str(port), "--json"]
    args += ["--database-url", f"sqlite:///{tmp_path / 'odds.sqlite3'}"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        assert json.loads(proc.stdout.readline())["url"].endswith(f":{port}")
        deadline = time.monotonic() + 60  # a bound on the test, not a speed claim
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "capeworks serve did not listen"
                time.sleep(0.05)
        odds = httpx.get(f"http://127.0.0.1:{port}/api/dice/odds", params={"expr": "3d6"}, timeout=120)
        assert odds.status_code == 200 and odds.json()["distribution"]["10"] == "1/8"
        proc.send_signal(stop)
        # to the end of stderr: the resource tracker, which would warn, holds it open until it exits
        _, told = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "leaked semaphore" not in told and "Traceback" not in told, told

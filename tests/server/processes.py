"""Real server processes for tests and benchmarks: ``capeworks serve`` on a free loopback port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["ServerProcess", "free_port"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m capeworks serve --json`` in a child process; started, waited for, stopped or killed."""

    def __init__(
        self,
        database_url: str,
        *,
        port: int | None = None,
        demo: bool = False,
        log: Path | None = None,
        poll_seconds: float = 2.0,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.extra = extra
        self.database_url = database_url
        self.port = port or free_port()
        self.demo = demo
        self.poll_seconds = poll_seconds
        self.log = log
        self.proc: subprocess.Popen[str] | None = None
        self.started: dict[str, Any] = {}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, *, timeout: float = 60.0) -> ServerProcess:
        args = [sys.executable, "-m", "capeworks", "serve", "--port", str(self.port)]
        args += ["--database-url", self.database_url, "--json", "--poll-seconds", str(self.poll_seconds)]
        args += ["--tables-per-minute", "1000000", *self.extra]
        args += ["--demo"] if self.demo else []
        stderr = open(self.log, "a") if self.log else subprocess.DEVNULL  # noqa: SIM115
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"capeworks serve exited with {self.proc.wait()}")
        self.started = json.loads(line)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"capeworks serve exited with {self.proc.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("capeworks serve did not start listening in time")

    def stop(self) -> None:
        """SIGTERM, as an operator stops it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """SIGKILL: a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

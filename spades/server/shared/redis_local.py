"""A real ``redis-server`` on 127.0.0.1, in a folder of its own: for the tests and
serve-chaos (the project's setup installs Debian's ``redis-server``: the Makefile's
``redis`` step, .ci/run).

It runs with ``appendonly yes`` and ``appendfsync always`` (each write on disk before
Redis answers it: docs/deploy.md), at a free port, and can be killed (SIGKILL) and
started again on the same folder and port, its data read back from the folder.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

REDIS_SERVER = "redis-server"


def redis_server_path() -> str | None:
    return shutil.which(REDIS_SERVER) or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisProcess:
    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        binary = redis_server_path()
        if binary is None:
            raise FileNotFoundError("redis-server is not installed (make redis, or"
                                    " apt-get install redis-server)")
        self.folder.mkdir(parents=True, exist_ok=True)
        log = open(self.folder / "redis.log", "a")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
             str(self.folder), "--appendonly", "yes", "--appendfsync", "always",
             "--save", "", "--daemonize", "no", "--protected-mode", "yes"],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("redis-server stopped at its start:\n"
                                   + (self.folder / "redis.log").read_text()[-2000:])
            if self._answers():
                return self
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer in time")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

"""Standard-library static servers for the built site, on a free local port."""

from __future__ import annotations

import functools
import socket
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit


class Server:
    """A standard-library static server for `directory` on a free local port."""

    def __init__(self, directory: Path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.process.kill()
                    raise RuntimeError("the test server did not start") from None
                time.sleep(0.05)  # polling a starting server, not waiting on the page
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class HoldingServer:
    """A static server for `directory`, in this process, that holds every request for `held` (a
    path under the root) unanswered until `release()`: a page's fetch of it stays in flight."""

    def __init__(self, directory: Path, held: str):
        self.held = "/" + held.lstrip("/")
        self._released = threading.Event()
        self._asked = threading.Semaphore(0)  # one release a request for `held` that arrived
        handler = functools.partial(_HoldingHandler, self, directory=str(directory))
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._httpd.server_port}/"

    def wait_asked(self, timeout_s: float) -> bool:
        """Whether a request for `held` arrived (now, or within timeout_s)."""
        return self._asked.acquire(timeout=timeout_s)

    def release(self) -> None:
        """Answer the held requests, and every later one at once."""
        self._released.set()

    def stop(self) -> None:
        self.release()
        self._httpd.shutdown()
        self._httpd.server_close()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A request whose page went away meanwhile (a broken pipe) is not worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _HoldingHandler(SimpleHTTPRequestHandler):
    def __init__(self, holding: HoldingServer, *args, **kwargs):
        self.holding = holding
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if urlsplit(self.path).path == self.holding.held:
            self.holding._asked.release()
            self.holding._released.wait()
        super().do_GET()

    def log_message(self, *_args) -> None:
        """Quiet, as `Server` is."""

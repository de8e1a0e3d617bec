"""`veridict serve`: the LangGraph API (sole owner of the stores) and the Chainlit chat.

Qdrant's local mode lets one process use a path, so on embedded defaults
exactly one process opens the stores: the LangGraph API server
(``langgraph dev``). The chat is a client of that API. ``serve_all`` starts the
API, waits until it answers on the port it was given, starts the chat, prints
both URLs and stops both on Ctrl-C or SIGTERM (or when either exits).

The helpers (``start_api``, ``start_chat``, ``wait_ready``, ``stop_process``)
are also what the test fixtures use.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from veridict.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
API_URL_ENV = "VERIDICT_API_URL"  # where the chat finds the API


class ServeError(RuntimeError):
    """A server did not start (port taken, crashed, not ready in time)."""


@dataclass
class Server:
    name: str
    url: str
    port: int
    process: subprocess.Popen
    log_path: Path
    _log: IO[bytes] | None = field(default=None, repr=False)

    def alive(self) -> bool:
        return self.process.poll() is None

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(settings: Settings, api_url: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment both servers run with: offline models, no analytics, one data dir.

    A ``.env`` in the current folder is passed on (the environment wins, as in Settings),
    because the API runs in its own state folder, where Settings would not find it.
    """
    from dotenv import dotenv_values

    dotenv = Path.cwd() / ".env"
    env = {k: v for k, v in dotenv_values(dotenv).items() if v is not None} if dotenv.is_file() else {}
    env.update(os.environ)
    path = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env.update(
        {
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "TOKENIZERS_PARALLELISM": "false",
            "LANGGRAPH_CLI_NO_ANALYTICS": "1",
            "LANGGRAPH_NO_VERSION_CHECK": "1",
            "VERIDICT_DATA_DIR": str(settings.data_path),
            "VERIDICT_TENANT": settings.tenant,
            API_URL_ENV: api_url,
            "PYTHONPATH": os.pathsep.join(dict.fromkeys(path)),
        }
    )
    env.update(extra or {})
    return env


def _spawn(name: str, cmd: list[str], env: dict[str, str], log_path: Path, cwd: Path,
           ) -> tuple[subprocess.Popen, IO[bytes]]:
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "ab")
    proc = subprocess.Popen(
        cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: stopped as a whole, not by our Ctrl-C
    )
    return proc, log


def start_api(
    port: int, env: dict[str, str], log_path: Path, host: str = "127.0.0.1", cwd: Path = ROOT,
    state_dir: Path | None = None,
) -> Server:
    """``langgraph dev`` on exactly ``port`` (it would silently pick another if taken).

    It runs in ``state_dir`` (default: ``VERIDICT_DATA_DIR/api``), where the dev server keeps
    its threads and checkpoints (``.langgraph_api/``), so conversations live beside the data.
    """
    if not (cwd / "langgraph.json").exists():
        raise ServeError(f"langgraph.json not found in {cwd}: run `veridict serve` from a Veridict checkout")
    if not port_free(port, host):
        raise ServeError(f"API port {port} is already in use; pass --api-port with a free port")
    cmd = [
        sys.executable, "-m", "langgraph_cli", "dev", "--no-browser", "--no-reload",
        "--host", host, "--port", str(port), "--config", str(cwd / "langgraph.json"),
        # The graph factories open the stores (sync clients) on first use; without this flag the
        # dev server's blocking-call detector rejects that first call from its event loop.
        "--allow-blocking",
    ]
    if state_dir is None:
        state_dir = Path(env.get("VERIDICT_DATA_DIR", ".veridict")).expanduser().resolve() / "api"
    state_dir.mkdir(parents=True, exist_ok=True)
    proc, log = _spawn("api", cmd, env, log_path, state_dir)
    url = f"http://{_client_host(host)}:{port}"
    return Server("api", url, port, proc, log_path, log)


def as_url(conninfo: str) -> str:
    """A libpq conninfo (``host=... dbname=...`` or a URL) as a ``postgresql://`` URL,
    which is the only form aegra (SQLAlchemy) reads; a socket folder goes in ``?host=``."""
    from urllib.parse import quote, urlencode

    from psycopg.conninfo import conninfo_to_dict

    parts = {k: str(v) for k, v in conninfo_to_dict(conninfo).items() if v is not None}
    user, password = parts.pop("user", ""), parts.pop("password", "")
    host, port, db = parts.pop("host", ""), parts.pop("port", ""), parts.pop("dbname", "")
    auth = quote(user, safe="") + (":" + quote(password, safe="") if password else "")
    if host.startswith("/"):
        parts["host"], host = host, ""
    netloc = (auth + "@" if auth else "") + host + (":" + port if port else "")
    query = "?" + urlencode(parts) if parts else ""
    return f"postgresql://{netloc}/{quote(db, safe='')}{query}"


def api_database_url(settings: Settings) -> str:
    """Where the production API keeps threads, runs and checkpoints: its own database."""
    if settings.api_database_url:
        return as_url(settings.api_database_url)
    raise ServeError(
        "the production API needs a Postgres server for its threads and runs (with the standard "
        "uuid-ossp extension, which the embedded Postgres lacks): set VERIDICT_API_DATABASE_URL, "
        "e.g. postgresql://user:password@host:5432/veridict_api"
    )


def prepare_api_database() -> None:
    """Bring the API's database up to date in one process (run with the server's environment):
    aegra's schema, LangGraph's checkpoint and store tables, the default assistants. Every worker
    does the same at start and finds nothing to do; without this, workers starting together race
    to create the same rows and one fails to start."""
    import asyncio

    from aegra_api.core.database import db_manager
    from aegra_api.core.migrations import run_migrations
    from aegra_api.services.langgraph_service import get_langgraph_service

    async def setup() -> None:
        await db_manager.initialize()
        try:
            await get_langgraph_service().initialize()
        finally:
            await db_manager.close()

    run_migrations()
    asyncio.run(setup())


def start_production_api(
    port: int, env: dict[str, str], log_path: Path, settings: Settings, workers: int = 2,
    host: str = "127.0.0.1", cwd: Path = ROOT,
) -> Server:
    """The Agent Protocol server on Postgres (aegra, Apache-2.0) with ``workers`` processes.

    Threads, runs and checkpoints live in ``VERIDICT_API_DATABASE_URL`` and survive restarts;
    every worker process opens the stores, so with more than one the vector store must be one
    that several processes share (pgvector or a Qdrant server). The schema is migrated once here,
    before the workers start (``prepare_api_database``), so they never race to create it.
    """
    from veridict.factory import postgres_url

    if workers > 1 and not settings.vectors_shared:
        raise ServeError(
            f"{workers} API workers would each open the vector store, which Qdrant's embedded modes "
            "allow to one process: set VERIDICT_VECTOR_BACKEND=pgvector or VERIDICT_QDRANT_URL, "
            "or run one worker"
        )
    if not port_free(port, host):
        raise ServeError(f"API port {port} is already in use; pass --api-port with a free port")
    env = {
        **env,
        # Veridict's own stores: stated explicitly, because aegra reads DATABASE_URL, which
        # Veridict's settings would otherwise take as the facts' database too.
        "VERIDICT_DATABASE_URL": postgres_url(settings),
        "DATABASE_URL": api_database_url(settings),
        "AEGRA_CONFIG": str(cwd / "aegra.json"),
        "AUTH_TYPE": "noop",
        "LOG_VERBOSITY": "standard",
    }
    migrate = subprocess.run(
        [sys.executable, "-c", "from veridict.serve import prepare_api_database; prepare_api_database()"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
    )
    if migrate.returncode != 0:
        raise ServeError(f"the API database could not be migrated:\n{migrate.stderr[-3000:]}")
    cmd = [
        sys.executable, "-m", "uvicorn", "aegra_api.main:app", "--host", host, "--port", str(port),
        "--workers", str(workers), "--timeout-graceful-shutdown", "30",
    ]
    proc, log = _spawn("api", cmd, env, log_path, cwd)
    return Server("api", f"http://{_client_host(host)}:{port}", port, proc, log_path, log)


def start_chat(
    port: int, env: dict[str, str], log_path: Path, host: str = "127.0.0.1", cwd: Path = ROOT
) -> Server:
    """``chainlit run app.py --headless`` on ``port``."""
    if not port_free(port, host):
        raise ServeError(f"chat port {port} is already in use; pass --chat-port with a free port")
    cmd = [
        sys.executable, "-m", "chainlit", "run", str(cwd / "app.py"), "--headless",
        "--host", host, "--port", str(port),
    ]
    proc, log = _spawn("chat", cmd, {**env, "CHAINLIT_APP_ROOT": str(cwd)}, log_path, cwd)
    url = f"http://{_client_host(host)}:{port}"
    return Server("chat", url, port, proc, log_path, log)


def _client_host(host: str) -> str:
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


def wait_ready(server: Server, path: str, timeout: float = 180.0) -> None:
    """Poll ``server.url + path`` until it answers 200; fail early if the process exits."""
    deadline = time.monotonic() + timeout
    last = "no answer yet"
    while time.monotonic() < deadline:
        if not server.alive():
            raise ServeError(
                f"{server.name} exited with code {server.process.returncode} before it was ready.\n"
                f"Log ({server.log_path}):\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url + path, timeout=5) as resp:
                if resp.status == 200:
                    return
                last = f"HTTP {resp.status}"
        except (urllib.error.URLError, OSError) as exc:
            last = str(exc)
        time.sleep(0.5)
    raise ServeError(
        f"{server.name} not ready on {server.url}{path} after {timeout:.0f}s ({last}).\n"
        f"Log ({server.log_path}):\n{server.log_tail()}"
    )


def stop_process(server: Server | None, timeout: float = 15.0) -> None:
    """SIGTERM the server's process group, then SIGKILL what is left after ``timeout``."""
    if server is None:
        return
    proc = server.process
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)
    if server._log is not None:
        server._log.close()
        server._log = None


def warm_up(api: Server, timeout: float = 300.0) -> None:
    """Ask the API for each graph's schemas, which builds the graphs (and opens the stores)."""
    import httpx
    from langgraph_sdk import get_sync_client
    from langgraph_sdk.errors import LangGraphError

    client = get_sync_client(url=api.url, timeout=timeout)
    try:
        for assistant in client.assistants.search(limit=20):
            client.assistants.get_schemas(assistant["assistant_id"])
    except (LangGraphError, httpx.HTTPError, OSError) as exc:
        raise ServeError(
            f"the API could not build its graphs: {exc}\nLog ({api.log_path}):\n{api.log_tail()}"
        ) from exc


def serve_all(settings: Settings, chat_port: int = 8000, api_port: int = 2024, host: str | None = None,
              workers: int = 0) -> None:
    """Start the API, then the chat; block until Ctrl-C/SIGTERM or a server exits; stop both.

    ``workers`` 0: the development server (``langgraph dev``, one process, threads in files);
    1 or more: the production server on Postgres with that many worker processes.
    """
    from rich.console import Console

    console = Console(stderr=True)
    host = host or settings.serve_host
    logs = settings.data_path / "logs"
    api_url = f"http://{_client_host(host)}:{api_port}"
    env = server_env(settings, api_url)

    for name, port in (("API", api_port), ("chat", chat_port)):
        if not port_free(port, host):
            console.print(f"[bold red]error:[/] {name} port {port} is already in use; "
                          f"pass --{name.lower()}-port with a free port")
            raise SystemExit(1)

    # Start the embedded Postgres (if that is the configuration) before either server, so
    # the API (stores) and the chat (history) reuse one server instead of racing to start it.
    from veridict.factory import postgres_url

    postgres_url(settings)

    stopping = False

    def _stop(signum, frame):  # noqa: ARG001
        nonlocal stopping
        stopping = True

    old_term = signal.signal(signal.SIGTERM, _stop)
    old_int = signal.signal(signal.SIGINT, _stop)
    api = chat = None
    try:
        console.print(f"starting the API on {api_url} (log: {logs / 'api.log'})")
        if workers:
            api = start_production_api(api_port, env, logs / "api.log", settings, workers, host=host)
            _wait_or_stop(api, "/health", lambda: stopping)
        else:
            api = start_api(api_port, env, logs / "api.log", host=host)
            _wait_or_stop(api, "/ok", lambda: stopping)
        console.print("loading the models and opening the stores ...")
        warm_up(api)
        chat = start_chat(chat_port, env, logs / "chat.log", host=host)
        console.print(f"starting the chat on {chat.url} (log: {logs / 'chat.log'})")
        _wait_or_stop(chat, "/", lambda: stopping)
        console.print(
            f"[bold green]Veridict is running[/]\n  chat: {chat.url}\n"
            f"  API:  {api_url}  (docs: {api_url}/docs)\nCtrl-C stops both."
        )
        while not stopping:
            for server in (api, chat):
                if not server.alive():
                    raise ServeError(
                        f"{server.name} exited with code {server.process.returncode}.\n"
                        f"Log ({server.log_path}):\n{server.log_tail()}"
                    )
            time.sleep(0.5)
        console.print("stopping ...")
    except ServeError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise SystemExit(1) from None
    finally:
        stop_process(chat)
        stop_process(api)
        signal.signal(signal.SIGTERM, old_term)
        signal.signal(signal.SIGINT, old_int)


def _wait_or_stop(server: Server, path: str, stopping) -> None:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if stopping():
            raise SystemExit(130)
        try:
            wait_ready(server, path, timeout=2)
            return
        except ServeError:
            if not server.alive():
                raise
    wait_ready(server, path, timeout=1)

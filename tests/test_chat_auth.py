"""The chat's optional login: off by default, required when VERIDICT_CHAT_PASSWORD is set.

Starts the real Chainlit app (no API needed to log in) on a free port.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from veridict.serve import free_port, server_env, start_chat, stop_process, wait_ready
from veridict.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "correct horse battery staple"


def _chat(tmp_path: Path, **extra: str) -> Iterator[str]:
    settings = load_settings(data_dir=tmp_path)
    env = server_env(settings, "http://127.0.0.1:9", extra)  # the API is not needed to log in
    for name in ("VERIDICT_CHAT_PASSWORD", "CHAINLIT_AUTH_SECRET", "VERIDICT_DATABASE_URL", "DATABASE_URL"):
        if name not in extra:
            env.pop(name, None)
    chat = start_chat(free_port(), env, tmp_path / "chat.log", cwd=ROOT)
    try:
        wait_ready(chat, "/", timeout=90)
        yield chat.url
    finally:
        stop_process(chat)


@pytest.fixture
def chat_with_password(tmp_path) -> Iterator[str]:
    yield from _chat(tmp_path, VERIDICT_CHAT_PASSWORD=PASSWORD, VERIDICT_CHAT_AUTH_SECRET="s" * 48)


@pytest.fixture
def chat_open(tmp_path) -> Iterator[str]:
    yield from _chat(tmp_path)


def test_login_required_when_a_password_is_set(chat_with_password):
    config = httpx.get(f"{chat_with_password}/auth/config", timeout=10).json()
    assert config["requireLogin"] is True and config["passwordAuth"] is True
    wrong = httpx.post(f"{chat_with_password}/login", data={"username": "ana", "password": "nope"}, timeout=10)
    assert wrong.status_code == 401
    right = httpx.post(f"{chat_with_password}/login", data={"username": "ana", "password": PASSWORD}, timeout=10)
    assert right.status_code == 200 and right.json()["success"] is True
    assert any("access_token" in c for c in right.headers.get_list("set-cookie"))
    user = httpx.get(f"{chat_with_password}/user", cookies=right.cookies, timeout=10)
    assert user.status_code == 200 and user.json()["identifier"] == "ana"


def test_no_login_without_a_password(chat_open):
    config = httpx.get(f"{chat_open}/auth/config", timeout=10).json()
    assert not config.get("requireLogin")
    assert httpx.post(f"{chat_open}/login", data={"username": "a", "password": "b"}, timeout=10).status_code == 400

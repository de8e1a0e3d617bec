"""docker-compose.yml stays valid and speaks the settings' names."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from veridict.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"


def _setting_env_names() -> set[str]:
    names: set[str] = set()
    prefix = Settings.model_config.get("env_prefix", "")
    for name, field in Settings.model_fields.items():
        names.add(f"{prefix}{name}".upper())
        alias = field.validation_alias
        for choice in getattr(alias, "choices", []) or []:
            names.add(str(choice).upper())
    return names


@pytest.mark.parametrize("service", ["app", "worker"])
def test_app_environment_names_are_settings(service):
    compose = yaml.safe_load(COMPOSE.read_text())
    env = compose["services"][service]["environment"]
    known = _setting_env_names()
    unknown = sorted(k for k in env if k.upper() not in known)
    assert not unknown, f"compose sets names the settings do not read: {unknown}"
    # the production stores are all configured, so the app starts no embedded server
    for needed in ("VERIDICT_DATABASE_URL", "VERIDICT_QDRANT_URL", "VERIDICT_GRAPH_URI"):
        assert needed in env


def test_the_api_runs_the_production_server_and_workers_share_its_stores():
    services = yaml.safe_load(COMPOSE.read_text())["services"]
    app, worker = services["app"], services["worker"]
    assert "--workers" in app["command"] and app["environment"]["VERIDICT_API_DATABASE_URL"].endswith("/veridict_api")
    assert worker["command"] == ["veridict", "worker"]
    for name in ("VERIDICT_DATABASE_URL", "VERIDICT_QDRANT_URL", "VERIDICT_GRAPH_URI"):
        assert worker["environment"][name] == app["environment"][name]
    # both see the contracts at the same path, so a queued path is readable by every worker
    assert {v for v in app["volumes"] if "/contracts" in v} == {v for v in worker["volumes"] if "/contracts" in v}


def test_compose_points_the_app_at_each_service():
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    assert {"postgres", "qdrant", "neo4j", "app"} <= set(services)
    env = services["app"]["environment"]
    assert "@postgres:" in env["VERIDICT_DATABASE_URL"]
    assert env["VERIDICT_QDRANT_URL"].startswith("http://qdrant:")
    assert env["VERIDICT_GRAPH_BACKEND"] == "neo4j"
    assert env["VERIDICT_GRAPH_URI"].startswith("bolt://neo4j:")
    assert services["neo4j"]["volumes"] and "NEO4J_AUTH" in services["neo4j"]["environment"]


@pytest.mark.skipif(not shutil.which("docker-compose"), reason="Debian docker-compose not installed")
def test_compose_file_validates():
    result = subprocess.run(
        ["docker-compose", "-f", str(COMPOSE), "config", "-q"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr

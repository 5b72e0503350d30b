"""Precision and recall over the labelled corpus must both stay at or above 0.95."""
from __future__ import annotations

from tests.corpus_score import CORPUS, expected, score


def test_corpus_is_big_and_balanced():
    files = sorted(CORPUS.glob("*.py"))
    positives = [f for f in files if f.name.startswith("pos_")]
    assert len(files) >= 40
    assert 0.35 <= len(positives) / len(files) <= 0.65
    assert len(expected()) >= 30


def test_precision_and_recall():
    precision, recall, false_positives, missed = score()
    assert precision >= 0.95, false_positives
    assert recall >= 0.95, missed

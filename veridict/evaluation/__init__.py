"""Evaluation harness: questions, scoring, the vector baseline, the runner and reports."""

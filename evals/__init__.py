"""Evaluation of understanding (``make eval``): splits, harness, report (not in the wheel)."""

"""The performance suite (not part of the tests): ``python -m benchmarks``."""

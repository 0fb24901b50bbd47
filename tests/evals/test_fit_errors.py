"""The fit-side error analysis's folds (``python -m evals.fit_errors hwu64 --fold K``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from evals.fit_errors import FOLDS, _in_fold


def _devfold_module():  # type: ignore[no-untyped-def]
    path = Path(__file__).resolve().parents[2] / "scripts" / "router_devfold.py"
    spec = importlib.util.spec_from_file_location("router_devfold_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TEXTS = [f"set a timer for {n} minutes" for n in range(200)] + ["What's THE weather", "x"]


def test_every_fit_row_is_in_exactly_one_fold() -> None:
    for text in TEXTS:
        assert sum(_in_fold(text, k) for k in range(FOLDS)) == 1
        assert _in_fold(text, None)


def test_fold_zero_is_the_router_devfold_scripts_dev_fold() -> None:
    dev = _devfold_module()._dev
    assert [_in_fold(t, 0) for t in TEXTS] == [dev(t) for t in TEXTS]
    assert 20 < sum(_in_fold(t, 0) for t in TEXTS) < 60  # about one in five
    assert _in_fold("What's THE weather", 3) == _in_fold("what's the weather", 3)

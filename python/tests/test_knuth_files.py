"""The project's exact-cover files counted through Python and through the CLI agree."""

import subprocess

import pytest

import dlx_solver
from conftest import ROOT

FILES = sorted((ROOT / "tests" / "data" / "xc").glob("*.dlx"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_counts_equal_the_clis(dlx_bin: str, path):
    problem = dlx_solver.read_knuth(path.read_text())
    ours = dlx_solver.count(problem, threads=2)
    if path.name == "pentominoes6x10.dlx":
        # The unoptimized CLI of `cargo build` takes minutes here: checked against DLX1's
        # figure (each of the 2,339 packings in its four orientations) instead.
        assert (ours.solutions, ours.complete) == (9356, True)
        return
    out = subprocess.run(
        [dlx_bin, "xc", "--count", str(path)], capture_output=True, text=True, timeout=300
    ).stdout.split()
    assert ours.complete and str(ours) == out[0]
    # The first solution is the CLI's first one too (DLX1's order on one thread).
    first = dlx_solver.first(problem)
    if first is not None:
        assert dlx_solver.is_unique(problem) == (ours.solutions == 1)

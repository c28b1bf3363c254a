"""Ctrl-C reaches Python from a long search and leaves the process usable."""

import signal
import subprocess
import sys
import time

import pytest

CHILD = """
import signal, sys
import dlx_solver
# A shell may start a background job with SIGINT ignored; take Python's usual handler back.
signal.signal(signal.SIGINT, signal.default_int_handler)
print("ready", flush=True)
try:
    dlx_solver.count(dlx_solver.Problem.queens(20))
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print(dlx_solver.count(dlx_solver.Problem.queens(6)).solutions, flush=True)
it = dlx_solver.covers(dlx_solver.Problem.queens(20))
next(it)
del it
print("dropped", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
def test_sigint_interrupts_a_long_count_with_keyboard_interrupt(tmp_path):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert out.split() == ["interrupted", "4", "dropped"]
    assert child.returncode == 0


BATCH_CHILD = """
import signal, sys
import numpy as np
import dlx_solver
signal.signal(signal.SIGINT, signal.default_int_handler)
grids = np.zeros(({rows}, 9, 9), np.uint8)
# The first call loads NumPy's C API (Python code of NumPy's, where a signal landing on a loaded
# machine would interrupt NumPy rather than the batch): done before the timed call.
dlx_solver.{function}(grids[:1], threads=1)
print("ready", flush=True)
try:
    dlx_solver.{function}(grids, threads=2)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print(dlx_solver.{function}(grids[:2], threads=2) is not None, flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize("function", ["solve", "rate"])
def test_sigint_stops_a_large_batch_within_moments(tmp_path, function):
    # A batch of easy puzzles whose whole run takes far longer than the moments allowed
    # here: each puzzle's search ends before it looks at the stop flag, so the batch itself
    # must look between puzzles.
    code = BATCH_CHILD.format(rows=3_000_000, function=function)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail(f"{function}: no KeyboardInterrupt within 5 s of SIGINT")
    assert out.split() == ["interrupted", "True"]
    assert child.returncode == 0

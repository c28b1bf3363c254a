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

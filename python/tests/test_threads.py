"""The operating-system threads the searches take: none for an iterator not yet read, and a
thread the system will not start is a RuntimeError that `except Exception` catches, never a
PanicException."""

import os
import subprocess
import tempfile
import sys

import pytest

import dlx_solver


def thread_count() -> int:
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_iterators_not_yet_read_hold_no_thread():
    problem = dlx_solver.Problem.queens(8)
    before = thread_count()
    # More than the threads many systems allow a process.
    waiting = [dlx_solver.covers(problem) for _ in range(5000)]
    assert thread_count() - before < 10
    # Reading one starts its search, which finds every solution.
    solutions = list(waiting[0])
    assert len(solutions) == 92
    for it in waiting:
        it.close()
    assert thread_count() - before < 10
    # A closed iterator never starts.
    assert list(waiting[1]) == []


THREADS_REFUSED = """
import dlx_solver
queens = dlx_solver.Problem.queens(6)
calls = {
    "covers": lambda: next(dlx_solver.covers(queens)),
    "count": lambda: dlx_solver.count(queens),
    "count threads=2": lambda: dlx_solver.count(queens, threads=2),
    "zdd": lambda: dlx_solver.zdd(queens),
    "solve": lambda: dlx_solver.solve(["." * 81], threads=2),
    "generate": lambda: dlx_solver.generate(1, threads=1),
}
for name, call in calls.items():
    try:
        call()
        print(name, "ran")
    except Exception as error:
        print(name, type(error).__name__, error)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="a refused stack is Linux's")
def test_a_thread_the_system_refuses_is_a_runtime_error():
    # Every Rust thread asks for a stack of RUST_MIN_STACK bytes: one larger than the address
    # space makes the system refuse each thread, as it does past its limit of threads.
    env = dict(os.environ, RUST_MIN_STACK=str(1 << 50))
    done = subprocess.run(
        [sys.executable, "-c", THREADS_REFUSED],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        # Outside the source tree, whose `dlx_solver` folder would shadow the package.
        cwd=tempfile.gettempdir(),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 6, done.stdout
    for line in lines:
        assert "RuntimeError" in line and "cannot start" in line, line


def test_an_engine_refusing_the_problem_raises_from_the_iterator():
    # Cells take no bounds: the refusal reaches the reader instead of an empty iterator.
    it = dlx_solver.covers([["a"], ["a"]], bounds={"a": (1, 2)}, engine="cells")
    with pytest.raises(dlx_solver.ProblemError):
        next(it)
    assert list(it) == []

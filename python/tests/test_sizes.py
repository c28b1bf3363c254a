"""Sizes that make no sense, zero or absurdly large, are refused with a ValueError naming the
size, and the smallest sizes build; never a hang, a panic or memory filled until the process
is killed. Each case runs in a child process under a memory bound and a timeout (half a minute), so a
regression fails the test instead of taking the test run down with it."""

import subprocess
import tempfile
import sys
import textwrap

import pytest

# Far more than any case here needs, far less than an unbounded allocation reaches.
MEMORY_BOUND = 3 << 30


def run_bounded(code: str) -> str:
    """Runs `code` in a child Python limited to MEMORY_BOUND bytes of address space and a
    minute; returns its output, asserting that it ended normally."""
    child = f"""
import resource
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_BOUND}, {MEMORY_BOUND}))
{textwrap.dedent(code)}
"""
    # Run outside the source tree, whose `dlx_solver` folder (without the compiled module)
    # would shadow the installed package.
    done = subprocess.run(
        [sys.executable, "-c", child],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tempfile.gettempdir(),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


REFUSED = """
import dlx_solver

def refused(call):
    try:
        call()
    except ValueError as error:
        return str(error)
    return "built"
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the memory bound is POSIX")
@pytest.mark.parametrize(
    "call, message",
    [
        ("Problem.queens(0)", "n = 0, expected 1 to 1000"),
        ("Problem.queens(-1)", "n = -1"),
        ("Problem.queens(10**9)", "n = 1000000000, expected 1 to 1000"),
        ("Problem.queens(2**64)", "n = 18446744073709551616"),
        ("Problem.langford(0)", "n = 0, expected 1 to 1000"),
        ("Problem.langford(10**9)", "n = 1000000000"),
        ("Problem.pentominoes(0, 5)", "rows = 0, expected 1 to"),
        ("Problem.pentominoes(5, 0)", "cols = 0, expected 1 to"),
        ("Problem.pentominoes(-3, 5)", "rows = -3"),
        ("Problem.pentominoes(10**5, 10**5)", "expected 1 to 10000"),
        ("Problem.pentominoes(200, 200)", "rows * cols = 40000, expected 1 to 10000"),
        ("Problem.pentominoes(2**40, 2**40)", "expected 1 to 10000"),
    ],
)
def test_a_generator_refuses_a_size_that_makes_no_sense(call, message):
    out = run_bounded(REFUSED + f"print(refused(lambda: dlx_solver.{call}))")
    assert message in out, out


@pytest.mark.skipif(sys.platform == "win32", reason="the memory bound is POSIX")
def test_every_generator_builds_its_smallest_size():
    out = run_bounded(
        """
        import dlx_solver
        P = dlx_solver.Problem
        # One queen on one square; no Langford pair for 1; one square fits no pentomino.
        print(dlx_solver.count(P.queens(1)).solutions)
        print(dlx_solver.count(P.langford(1)).solutions)
        print(dlx_solver.count(P.pentominoes(1, 1)).solutions)
        print(list(dlx_solver.covers(P.queens(1))))
        """
    )
    assert out.split() == ["1", "0", "0", "[(0,)]"]


@pytest.mark.skipif(sys.platform == "win32", reason="the memory bound is POSIX")
def test_random_solutions_refuse_a_list_past_their_bound():
    out = run_bounded(
        REFUSED
        + """
z = dlx_solver.zdd(dlx_solver.Problem.queens(6))
print(refused(lambda: z.random_solutions(10**9, seed=1)))
print(len(z.random_solutions(1000, seed=1)))
"""
    )
    lines = out.splitlines()
    assert "n = 1000000000: at most 1000000" in lines[0], out
    assert lines[1] == "1000"


@pytest.mark.skipif(sys.platform == "win32", reason="the memory bound is POSIX")
def test_generate_refuses_a_list_past_its_bound():
    out = run_bounded(
        REFUSED
        + """
print(refused(lambda: dlx_solver.generate(10**12, seed=1, box_shape="2x2")))
print(len(dlx_solver.generate(2, seed=1, box_shape="2x2")))
"""
    )
    lines = out.splitlines()
    assert "n = 1000000000000: at most 10000000" in lines[0], out
    assert lines[1] == "2"

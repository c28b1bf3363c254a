"""Counting without enumerating (`count_memo`) and the ZDD of all solutions (`zdd`): against
the enumeration of `count` and `covers`, and against counts computed here independently."""

import random
import re
from collections import Counter

import pytest

import dlx_solver
from conftest import check_cover


def dominoes(rows, cols):
    """The domino tilings of a rows x cols board as exact cover: a cell an item, a domino an
    option."""
    options = [[f"{r},{c}", f"{r},{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"{r},{c}", f"{r + 1},{c}"] for r in range(rows - 1) for c in range(cols)]
    return options


def tilings_by_profile(rows, cols):
    """The domino tilings of a rows x cols board by the broken-profile recurrence, filling the
    cells column by column: independent of any exact-cover search. Bit r of a profile says
    that cell r is covered already: in the current column from row r on, in the next one
    above row r."""
    ways = Counter({0: 1})
    for _ in range(cols):
        for r in range(rows):
            after = Counter()
            for profile, n in ways.items():
                bit = 1 << r
                if profile & bit:
                    # Covered by a horizontal domino from the column before.
                    after[profile & ~bit] += n
                    continue
                # A horizontal domino into the next column.
                after[profile | bit] += n
                # A vertical domino over this cell and the one below.
                if r + 1 < rows and not profile & (bit << 1):
                    after[profile | (bit << 1)] += n
            ways = after
    return ways[0]


def test_the_domino_tilings_of_the_chessboard():
    options = dominoes(8, 8)
    assert dlx_solver.count_memo(options) == 12_988_816
    assert tilings_by_profile(8, 8) == 12_988_816
    assert dlx_solver.zdd(options).count == 12_988_816


def test_counts_past_64_bits_are_exact_ints():
    # 80 rows of 4 cells: the search, choosing the first of the cells with the fewest
    # dominoes, goes row by row, and the subproblems are few (a row's worth of frontier).
    count = dlx_solver.count_memo(dominoes(80, 4))
    assert isinstance(count, int)
    assert count > 2**64
    # The same board turned a quarter.
    assert count == tilings_by_profile(4, 80)


def test_the_count_is_the_enumerations_on_the_reference_problems():
    for problem in [
        dlx_solver.Problem.queens(6),
        dlx_solver.Problem.queens(8),
        dlx_solver.Problem.langford(7),
        dlx_solver.Problem.pentominoes(3, 10),
    ]:
        assert dlx_solver.count_memo(problem) == dlx_solver.count(problem).solutions


def random_problem(seed):
    """A small random problem with colours: primary items p0.., secondary x0.. whose entries
    carry one of two colours or none."""
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(rng.randint(2, 6))]
    secondary = [f"x{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(3, 18)):
        option = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        for item in rng.sample(secondary, rng.randint(0, len(secondary))):
            colour = rng.choice(["", ":A", ":B"])
            option.append(item + colour)
        options.append(option)
    return options, primary, secondary


def test_random_problems_with_colours_count_and_number_as_the_enumeration():
    for seed in range(60):
        options, primary, secondary = random_problem(seed)
        args = dict(primary=primary, secondary=secondary, colored=True)
        # The diagram numbers the solutions in the order dancing links find them.
        listed = [tuple(sorted(s)) for s in dlx_solver.covers(options, engine="links", **args)]
        assert dlx_solver.count_memo(options, **args) == len(listed), seed
        z = dlx_solver.zdd(options, **args)
        assert z.count == len(listed)
        numbered = [z.nth(k) for k in range(z.count)]
        # The diagram's order is the search's: the same solutions in the same order.
        assert numbered == listed, seed
        for solution in numbered:
            check_cover(options, solution, primary=primary)


def test_nth_is_the_kth_of_covers_and_past_the_count_an_index_error():
    problem = dlx_solver.Problem.langford(7)
    z = dlx_solver.zdd(problem)
    listed = [tuple(sorted(s)) for s in dlx_solver.covers(problem, engine="links")]
    assert z.count == len(listed) == 52
    assert [z.nth(k) for k in range(z.count)] == listed
    with pytest.raises(IndexError):
        z.nth(z.count)


def test_random_solutions_are_solutions_repeatable_and_uniform():
    problem = dlx_solver.Problem.langford(7)
    listed = {tuple(sorted(s)) for s in dlx_solver.covers(problem)}
    z = dlx_solver.zdd(problem)
    draws = z.random_solutions(5_200, seed=2024)
    assert len(draws) == 5_200
    assert set(draws) <= listed
    assert draws == z.random_solutions(5_200, seed=2024)
    assert draws[0] == z.random_solution(seed=2024)
    # Each of the 52 solutions expected 100 times: chi-square with 51 degrees of freedom,
    # below 91 with probability 0.999 for a uniform draw.
    seen = Counter(draws)
    chi_square = sum((seen[s] - 100) ** 2 / 100 for s in listed)
    assert chi_square < 91, chi_square
    # On a board, each drawn tiling covers every cell once.
    options = dominoes(6, 6)
    for tiling in dlx_solver.zdd(options).random_solutions(20, seed=1):
        check_cover(options, tiling)


def test_a_problem_without_solutions_has_an_empty_diagram():
    z = dlx_solver.zdd([["a", "b"], ["b", "c"]])
    assert z.count == 0
    assert z.random_solution(seed=1) is None
    assert z.random_solutions(5, seed=1) == []
    with pytest.raises(IndexError):
        z.nth(0)


def count_knuth_zdd(text):
    """The number of solutions of a ZDD in DLX6's format, by its own recurrence: the root is
    the `hi` branch of the last line (option 0); a node counts its `lo` plus its `hi`."""
    nodes = {}
    last = None
    for line in text.splitlines():
        found = re.fullmatch(r"([0-9a-f]+): \(~(\d+)\?([0-9a-f]+):([0-9a-f]+)\)", line)
        assert found, line
        node, _, lo, hi = found.groups()
        nodes[int(node, 16)] = (int(lo, 16), int(hi, 16))
        last = int(node, 16)
    counts = {0: 0, 1: 1}
    for node in sorted(nodes):
        lo, hi = nodes[node]
        counts[node] = counts[lo] + counts[hi]
    return counts[nodes[last][1]]


def test_the_written_diagram_counts_the_same(tmp_path):
    options = dominoes(8, 8)
    z = dlx_solver.zdd(options)
    path = tmp_path / "board.zdd"
    z.write_knuth(path)
    text = path.read_text()
    assert len(text.splitlines()) == z.node_count + 1
    assert count_knuth_zdd(text) == 12_988_816


def test_a_tiny_memory_bound_still_counts_exactly_but_refuses_a_diagram():
    options = dominoes(6, 6)
    assert dlx_solver.count_memo(options, max_bytes=10) == 6_728
    assert dlx_solver.count_memo(options, max_bytes=40_000) == 6_728
    with pytest.raises(MemoryError):
        dlx_solver.zdd(options, max_bytes=10)


def test_bounds_are_refused():
    problem = dlx_solver.Problem([["a"], ["a"]], bounds={"a": (1, 2)})
    with pytest.raises(dlx_solver.ProblemError):
        dlx_solver.count_memo(problem)

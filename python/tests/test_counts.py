"""`count` on every engine, on one thread and split over two, against a brute-force count over
every subset of the options: small random problems, and problems whose solutions are one
option deep (where a split tree has no level to cut below the root)."""

import itertools
import random
from collections import Counter

import pytest

import dlx_solver

ENGINES = ["auto", "links", "cells", "bits", "board", "planes", "bands"]


def brute_force_count(options, secondary=()):
    """The subsets of `options` covering every primary item exactly once and every secondary
    item at most once."""
    items = {item for option in options for item in option}
    primary = items - set(secondary)
    count = 0
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(options, size):
            covered = Counter(item for option in chosen for item in option)
            if all(covered[item] == 1 for item in primary) and all(
                covered[item] <= 1 for item in secondary
            ):
                count += 1
    return count


def random_problem(seed):
    """Up to 10 options over 2 to 5 primary items and up to 2 secondary ones, each option
    with at least one primary item (an option without one is no part of the problem)."""
    rng = random.Random(seed)
    primary = [f"p{k}" for k in range(rng.randint(2, 5))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 10)):
        option = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        option += rng.sample(secondary, rng.randint(0, len(secondary)))
        options.append(option)
    return options, secondary


PROBLEMS = [
    # Solutions one option deep: two options each covering `a` are two solutions.
    ([["a"], ["a"]], []),
    ([["a"], ["a"], ["a"]], []),
    ([["a", "b"], ["a", "b"], ["a"], ["b"]], []),
    ([["a", "x"], ["a"], ["a", "x"]], ["x"]),
    # No solution at all, and one two options deep.
    ([["a"], ["a", "b"]], []),
    ([["a"], ["b"]], []),
    # The Sudoku matrix's shape: cells p and q, two planes, one item over both cells in each.
    ([["p", "r1"], ["q", "r1"], ["p", "r2"], ["q", "r2"]], []),
    ([["p", "r1", "s"], ["q", "r1"], ["p", "r2"], ["q", "r2", "s"]], ["s"]),
] + [random_problem(seed) for seed in range(12)]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("options, secondary", PROBLEMS)
def test_count_is_the_brute_force_count(options, secondary, engine, threads):
    expected = brute_force_count(options, secondary)
    if engine == "bands":
        # The bands take Sudoku's 9x9 matrix alone, and say so.
        with pytest.raises(dlx_solver.ProblemError, match="bands.*9x9"):
            dlx_solver.count(options, secondary=secondary, engine=engine)
        return
    if engine == "planes":
        # The planes take only the Sudoku matrix's shape, and name it when they refuse.
        try:
            dlx_solver.count(options, secondary=secondary, engine=engine)
        except dlx_solver.ProblemError as refusal:
            assert "planes" in str(refusal)
            return
    counted = dlx_solver.count(options, secondary=secondary, engine=engine, threads=threads)
    assert counted == dlx_solver.Count(expected, complete=True), (options, secondary)
    # The listed solutions are as many, and distinct.
    listed = [
        tuple(sorted(s))
        for s in dlx_solver.covers(options, secondary=secondary, engine=engine, threads=threads)
    ]
    assert len(listed) == len(set(listed)) == expected, (options, secondary)

"""`min_cost` (Knuth's DLX5) against a brute-force oracle that enumerates every subset of the
options and sorts the covers by cost: random small problems with ties of cost, zero costs and
no solution; costs read from Knuth's format; bad arguments."""

import itertools
import random
from collections import Counter

import pytest

import dlx_solver


def brute_force_covers(options, costs, secondary=()):
    """Every cover as (cost, sorted option indices), in increasing order."""
    items = {item for option in options for item in option}
    primary = items - set(secondary)
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            covered = Counter(item for k in chosen for item in options[k])
            if all(covered[item] == 1 for item in primary) and all(
                covered[item] <= 1 for item in secondary
            ):
                found.append((sum(costs[k] for k in chosen), chosen))
    return sorted(found)


def brute_force_costs(options, costs, secondary=()):
    """The costs of every cover, in increasing order."""
    return [cost for cost, _ in brute_force_covers(options, costs, secondary)]


def random_problem(seed):
    rng = random.Random(seed)
    primary = [f"p{k}" for k in range(rng.randint(2, 5))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 11)):
        option = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        option += rng.sample(secondary, rng.randint(0, len(secondary)))
        options.append(option)
    most = rng.choice([0, 2, 20])
    costs = [rng.randint(0, most) for _ in options]
    return options, secondary, costs


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("k", [1, 3])
def test_the_k_best_costs_are_the_oracles(seed, k):
    options, secondary, costs = random_problem(seed)
    expected = brute_force_costs(options, costs, secondary)[:k]
    items = {item for option in options for item in option}
    primary = sorted(items - set(secondary))
    found = dlx_solver.min_cost(options, costs=costs, k=k, primary=primary)
    assert [cost for cost, _ in found] == expected
    for cost, solution in found:
        covered = Counter(item for index in solution for item in options[index])
        assert all(covered[item] == 1 for item in primary)
        assert all(covered[item] <= 1 for item in secondary)
        assert cost == sum(costs[index] for index in solution)


def test_costs_read_from_knuths_format():
    problem = dlx_solver.read_knuth("A B C\nA B |3\nC |1\nA |1\nB C |2\n")
    assert dlx_solver.min_cost(problem) == [(3, (2, 3))]
    assert dlx_solver.min_cost(problem, k=5) == [(3, (2, 3)), (4, (0, 1))]
    # Costs given override the file's, by the options' order.
    assert dlx_solver.min_cost(problem, costs=[0, 0, 5, 5]) == [(0, (0, 1))]
    # No solution: an empty list.
    assert dlx_solver.min_cost([["a"], ["b"]], primary=["a", "b", "c"]) == []
    # No primary item: the empty solution, of cost 0.
    assert dlx_solver.min_cost([["x"]], primary=[]) == [(0, ())]


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="costs"):
        dlx_solver.min_cost([["a"], ["a"]], costs=[1])
    with pytest.raises(ValueError):
        dlx_solver.min_cost([["a"]], k=0)
    with pytest.raises(ValueError, match="multiplicities"):
        dlx_solver.min_cost(dlx_solver.read_knuth("2|A\nA\nA\n"))
    with pytest.raises(dlx_solver.FormatError):
        dlx_solver.read_knuth("A\nA |x\n")
    with pytest.raises(dlx_solver.Undecided):
        queens = dlx_solver.Problem.queens(8)
        dlx_solver.min_cost(queens, costs=list(range(64)), max_nodes=3)
    with pytest.raises(dlx_solver.Undecided):
        dlx_solver.min_cost(queens, costs=list(range(64)), max_nodes=3, threads=2)
    with pytest.raises(ValueError, match="threads"):
        dlx_solver.min_cost([["a"]], threads=100000)


@pytest.mark.parametrize("seed", range(40))
def test_on_several_threads_the_answer_is_the_oracles_first_in_order(seed):
    # Split over threads, ties of cost go in the order of their sorted option indices: the
    # answer is the oracle's first k, the same on 2 and 3 threads.
    options, secondary, costs = random_problem(seed)
    items = {item for option in options for item in option}
    primary = sorted(items - set(secondary))
    for k in (1, 3):
        expected = brute_force_covers(options, costs, secondary)[:k]
        for threads in (2, 3):
            found = dlx_solver.min_cost(options, costs=costs, k=k, primary=primary, threads=threads)
            assert found == expected, (k, threads)

"""Exact cover from Python: xcover's and exact-cover's README examples, limits, colours,
bounds, Knuth's format, and the errors every bad input gets."""

import itertools
import numpy as np
import pytest

import dlx_solver
from conftest import check_cover

XCOVER_OPTIONS = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
XCOVER_COLOURED = [
    ["p", "q", "x", "y:A"],
    ["p", "r", "x:A", "y"],
    ["p", "x:B"],
    ["q", "x:A"],
    ["r", "y:B"],
]


def test_xcover_readme_plain_example():
    # xcover's README prints [[1, 3, 5]].
    solutions = [list(s) for s in dlx_solver.covers(XCOVER_OPTIONS)]
    assert solutions == [[1, 3, 5]]
    check_cover(XCOVER_OPTIONS, solutions[0])


def test_xcover_readme_coloured_example():
    # xcover's README prints [[3, 1]]: the same options in the same (search) order.
    solutions = dlx_solver.covers(
        XCOVER_COLOURED, primary=["p", "q", "r"], secondary=["x", "y"], colored=True
    )
    solutions = [list(s) for s in solutions]
    assert solutions == [[3, 1]]
    check_cover(XCOVER_COLOURED, solutions[0], primary=["p", "q", "r"])


def test_xcover_readme_boolean_example():
    matrix = np.array(
        [
            [1, 0, 0, 1, 0, 0, 1],
            [1, 0, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 1, 0, 1],
            [0, 0, 1, 0, 1, 1, 0],
            [0, 1, 1, 0, 0, 1, 1],
            [0, 1, 0, 0, 0, 0, 1],
        ],
        dtype=bool,
    )
    # xcover's README prints [1, 3, 5].
    assert list(next(dlx_solver.covers_bool(matrix))) == [1, 3, 5]
    assert sorted(matrix[[1, 3, 5]].sum(axis=0)) == [1] * 7


def test_exact_cover_readme_example():
    s = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
    # exact-cover's README: get_exact_cover gives [0 2 3], get_solution_count 1.
    assert sorted(next(dlx_solver.covers_bool(s))) == [0, 2, 3]
    assert dlx_solver.count_bool(s) == dlx_solver.Count(1, complete=True)
    # An integer 0/1 matrix is read the same way.
    assert list(dlx_solver.covers_bool(s.astype(np.uint8))) == list(dlx_solver.covers_bool(s))


def test_against_xcover_itself_when_installed():
    xcover = pytest.importorskip("xcover")
    options = [[r, 8 + c, 16 + r + c, 40 + r - c] for r in range(6) for c in range(6)]
    ours = sorted(sorted(s) for s in dlx_solver.covers(options, primary=list(range(6)) + list(range(8, 14))))
    theirs = sorted(sorted(s) for s in xcover.covers(options, primary=list(range(6)) + list(range(8, 14))))
    assert ours == theirs and len(ours) == 4


def test_queens_solutions_are_covers_and_threads_keep_them():
    problem = dlx_solver.Problem.queens(8)
    one = list(dlx_solver.covers(problem))
    assert len(one) == 92 == len(set(map(frozenset, one)))
    assert list(dlx_solver.covers(problem, threads=2)) == one
    assert dlx_solver.count(problem, threads=2) == 92
    text = problem.to_knuth().splitlines()
    options = [line.split() for line in text[1:]]
    primary, _, secondary = text[0].partition("|")
    for solution in one:
        check_cover(options, solution, primary=primary.split())


def test_limit_and_node_budget_say_the_count_is_a_lower_bound():
    problem = dlx_solver.Problem.queens(8)
    limited = dlx_solver.count(problem, limit=10)
    assert (limited.solutions, limited.complete, str(limited)) == (10, False, "10+")
    assert len(list(dlx_solver.covers(problem, limit=10))) == 10
    budget = dlx_solver.count(problem, max_nodes=50)
    assert not budget.complete and budget.solutions < 92
    whole = dlx_solver.count(problem)
    assert (whole.complete, str(whole), int(whole)) == (True, "92", 92)
    with pytest.raises(dlx_solver.Undecided):
        dlx_solver.first(dlx_solver.Problem.queens(30), max_nodes=3)


def test_first_and_is_unique():
    assert dlx_solver.first(XCOVER_OPTIONS) == (1, 3, 5)
    assert dlx_solver.is_unique(XCOVER_OPTIONS)
    assert not dlx_solver.is_unique([["a", "b"], ["a"], ["b"]])
    assert dlx_solver.first([["a"], ["b"]], primary=["a", "b", "c"]) is None
    assert not dlx_solver.is_unique([["a"], ["b"]], primary=["a", "b", "c"])


def test_bounds_cover_an_item_between_lo_and_hi_times():
    options = [["a", "x"], ["a", "y"], ["a", "z"], ["x", "y", "z"]]
    bounds = {"a": (2, 3)}
    solutions = list(dlx_solver.covers(options, bounds=bounds))
    # a twice or three times, x/y/z each once: {0,1,2} and no other choice of two a's works.
    assert [sorted(s) for s in solutions] == [[0, 1, 2]]
    for s in solutions:
        check_cover(options, s, bounds=bounds)
    assert dlx_solver.count([["a"], ["a"], ["a"]], bounds={"a": (1, 2)}) == 6


def test_colours_with_long_names_and_secondary_items():
    options = [["p", "x:red"], ["q", "x:red"], ["q", "x:blue"]]
    solutions = list(dlx_solver.covers(options, primary=["p", "q"], colored=True))
    assert [sorted(s) for s in solutions] == [[0, 1]]
    check_cover(options, solutions[0], primary=["p", "q"])


def test_options_without_a_primary_item_keep_the_callers_numbering():
    options = [["x"], ["a"], ["b"]]
    assert [sorted(s) for s in dlx_solver.covers(options, primary=["a", "b"])] == [[1, 2]]


def test_every_engine_finds_the_same_solutions():
    # Pentominoes on a 3x20 board (bits by default), queens (bits too), a coloured problem.
    problems = [
        (dlx_solver.Problem.pentominoes(3, 20), {}),
        (dlx_solver.Problem.queens(6), {}),
        (XCOVER_COLOURED, dict(primary=["p", "q", "r"], secondary=["x", "y"], colored=True)),
    ]
    for problem, args in problems:
        found = {}
        for engine in ("auto", "links", "cells", "bits", "board"):
            solutions = sorted(tuple(sorted(s)) for s in dlx_solver.covers(problem, engine=engine, **args))
            assert dlx_solver.count(problem, engine=engine, **args) == len(solutions)
            assert len(set(solutions)) == len(solutions), engine
            found[engine] = solutions
        assert found["auto"] == found["links"] == found["cells"] == found["bits"] == found["board"]
        # The bitsets walk links' tree: the same solutions in the same order; a count split
        # over threads finds them all.
        assert list(dlx_solver.covers(problem, engine="bits", **args)) == list(
            dlx_solver.covers(problem, engine="links", **args)
        )
        assert dlx_solver.count(problem, engine="bits", threads=3, **args) == len(found["bits"])
        for engine in ("links", "cells", "bits", "board"):
            unique = dlx_solver.is_unique(problem, engine=engine, **args)
            assert unique == (len(found[engine]) == 1), engine
            first = dlx_solver.first(problem, engine=engine, **args)
            assert first is not None and tuple(sorted(first)) in found[engine], engine


def test_the_planes_take_the_sudoku_matrix_shape_and_refuse_the_others():
    # The Latin squares of side 4: a symbol in each cell, once in each row and column.
    n = 4
    cells = [(r, c) for r in range(n) for c in range(n)]
    options = [[f"p{r}{c}", f"r{r}{s}", f"c{c}{s}"] for (r, c) in cells for s in range(n)]
    assert dlx_solver.count(options, engine="planes") == 576
    assert dlx_solver.count(options, engine="planes", threads=2) == 576
    assert dlx_solver.covers(options).engine == "planes"
    for solution in itertools.islice(dlx_solver.covers(options, engine="planes"), 20):
        items = [item for index in solution for item in options[index]]
        assert sorted(items) == sorted({item for option in options for item in option})
    with pytest.raises(dlx_solver.ProblemError, match="planes"):
        dlx_solver.count(dlx_solver.Problem.queens(6), engine="planes")


def test_an_unknown_engine_or_bounds_on_cells_or_bits_are_refused():
    with pytest.raises(ValueError, match="engine"):
        dlx_solver.count([["a"]], engine="bitsets")  # type: ignore[arg-type]
    with pytest.raises(dlx_solver.ProblemError):
        dlx_solver.count([["a"], ["a"]], bounds={"a": (1, 2)}, engine="cells")
    with pytest.raises(dlx_solver.ProblemError, match="multiplicities"):
        dlx_solver.count([["a"], ["a"]], bounds={"a": (1, 2)}, engine="bits")
    with pytest.raises(dlx_solver.ProblemError, match="multiplicities"):
        dlx_solver.count([["a"], ["a"]], bounds={"a": (1, 2)}, engine="board")
    # auto takes links for bounds.
    assert dlx_solver.count([["a"], ["a"]], bounds={"a": (1, 2)}) == 3
    # The iterator names the refusal when asked for its engine, before any next().
    refused = dlx_solver.covers([["a"], ["a"]], bounds={"a": (1, 2)}, engine="cells")
    with pytest.raises(dlx_solver.ProblemError, match="multiplicities"):
        _ = refused.engine


def test_counts_and_iterators_name_the_engine_that_ran():
    queens = dlx_solver.Problem.queens(6)
    for engine in ("links", "cells", "bits", "board"):
        counted = dlx_solver.count(queens, engine=engine)
        assert (counted.engine, counted.solutions) == (engine, 4)
        assert counted.engine == dlx_solver.covers(queens, engine=engine).engine
        # A split count names its engine too; equality ignores it.
        split = dlx_solver.count(queens, engine=engine, threads=2)
        assert split.engine == engine and split == dlx_solver.Count(4)
    assert dlx_solver.count([["a"], ["a"]], bounds={"a": (1, 2)}).engine == "links"
    assert dlx_solver.Count(4).engine is None


def test_knuth_format_round_trip():
    text = "a b c | x\na x:A\nb x:A\nc\nb c\n"
    problem = dlx_solver.read_knuth(text)
    assert (problem.item_count, problem.option_count) == (4, 4)
    again = dlx_solver.read_knuth(problem.to_knuth())
    assert list(dlx_solver.covers(again)) == list(dlx_solver.covers(problem))
    assert sorted(map(sorted, dlx_solver.covers(problem))) == [[0, 1, 2], [0, 3]]


def test_format_error_names_line_and_column():
    with pytest.raises(dlx_solver.FormatError) as raised:
        dlx_solver.read_knuth("a b\na b\nb c\n")
    assert (raised.value.line, raised.value.column) == (3, 3)
    assert "line 3, column 3" in str(raised.value)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    "options, kwargs, message",
    [
        ([["a"], []], {}, "option 1 is empty"),
        ([["a", "z"]], {"primary": ["a"], "secondary": []}, "option 0, item 1"),
        ([["a", "a"]], {}, "option 0, item 1"),
        ([["a", "x:"]], {"colored": True}, "option 0, item 1"),
        ([["a:A"]], {"colored": True, "primary": ["a"]}, "cannot take a colour"),
        ([["a"]], {"bounds": {"a": (3, 1)}}, "lower bound 3 is above the upper bound 1"),
        ([["a"]], {"bounds": {"a": (0, 0)}}, "upper bound"),
        ([["a"]], {"bounds": {"q": (1, 2)}}, "no such item"),
        ([["a"], "ab"], {}, "option 1 is a string"),
        ([["a"], 5], {}, "option 1 is not a list"),
    ],
)
def test_bad_problems_raise_problem_error_naming_the_place(options, kwargs, message):
    with pytest.raises(dlx_solver.ProblemError, match=message):
        dlx_solver.count(options, **kwargs)


@pytest.mark.parametrize(
    "matrix, message",
    [
        (np.ones(3, dtype=bool), "2-dimensional"),
        (np.ones((2, 2), dtype=float), "dtype"),
        (np.array([[1, 0], [0, 0]], dtype=bool), "row 1 of the matrix is empty"),
    ],
)
def test_bad_matrices_raise(matrix, message):
    with pytest.raises(dlx_solver.ProblemError, match=message):
        dlx_solver.count_bool(matrix)


def test_problem_sizes_are_bounded():
    with pytest.raises(dlx_solver.ProblemError):
        dlx_solver.Problem.queens(10**9)


def test_threads_past_what_the_dlx_program_allows_are_refused():
    # Each thread is an operating-system thread with its own copy of the search: a huge
    # number would only spend memory.
    queens = dlx_solver.Problem.queens(6)
    for call in (
        lambda: dlx_solver.count(queens, threads=100_000),
        lambda: list(dlx_solver.covers(queens, threads=1024)),
        lambda: dlx_solver.solve(["." * 81], threads=100_000),
        lambda: dlx_solver.generate(1, seed=1, threads=100_000),
    ):
        with pytest.raises(ValueError, match="threads=.*at most 1023"):
            call()
    assert dlx_solver.count(queens, threads=1023) == 4

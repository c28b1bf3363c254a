"""Sudoku from Python: every input shape answered in the same shape, bad rows kept as None,
strict errors naming row and column, pandas, and the CLI's answers on the project's puzzles."""

import subprocess
from pathlib import Path

import numpy as np
import pytest

import dlx_solver
from conftest import ROOT, check_sudoku, shared_dir

MINIMAL = ".9..6..87...8...9...49.71..2..74....9.........781..5..6....1....5..7..29......3.5"
CLASH = "11" + "." * 79


def to_array(puzzle: str) -> np.ndarray:
    return np.array([0 if c in ".0" else int(c) for c in puzzle], dtype=np.uint8)


def test_one_string_gives_one_string():
    solution = dlx_solver.solve(MINIMAL)
    assert isinstance(solution, str)
    check_sudoku(MINIMAL, solution)


def test_a_list_keeps_every_row_bad_ones_as_none():
    puzzles = [MINIMAL, CLASH, "not a puzzle", 42, MINIMAL.replace(".", "0")]
    solutions = dlx_solver.solve(puzzles, threads=2)
    assert len(solutions) == 5
    assert solutions[1:4] == [None, None, None]
    check_sudoku(MINIMAL, solutions[0])
    assert solutions[4] == solutions[0]


def test_numpy_flat_and_square_arrays_come_back_in_their_shape():
    flat = np.stack([to_array(MINIMAL), to_array(CLASH), np.zeros(81, np.uint8)])
    solved = dlx_solver.solve(flat)
    assert solved.shape == (3, 81) and solved.dtype == np.uint8
    check_sudoku(MINIMAL, "".join(map(str, solved[0])))
    assert not solved[1].any()
    check_sudoku("." * 81, "".join(map(str, solved[2])))
    square = dlx_solver.solve(flat.reshape(3, 9, 9))
    assert square.shape == (3, 9, 9)
    assert (square.reshape(3, 81) == solved).all()


def test_strict_raises_naming_row_and_column():
    with pytest.raises(ValueError, match=r"row 1, column 3: found 'x'"):
        dlx_solver.solve([MINIMAL, "12x" + "." * 78], strict=True)
    with pytest.raises(ValueError, match=r"row 1"):
        dlx_solver.solve([MINIMAL, CLASH], strict=True)


@pytest.mark.parametrize(
    "array, message",
    [
        (np.zeros((2, 49), np.uint8), "7x7"),
        (np.zeros((2, 7, 7), np.uint8), "7x7"),
        (np.zeros((2, 80), np.uint8), "shape"),
        (np.zeros((2, 81), np.float64), "dtype"),
        (np.zeros((2, 9, 8), np.uint8), "shape"),
    ],
)
def test_bad_arrays_raise_value_error(array, message):
    with pytest.raises(ValueError, match=message):
        dlx_solver.solve(array)


def test_out_of_range_cells_make_their_row_none():
    array = np.stack([to_array(MINIMAL), to_array(MINIMAL)]).astype(np.int64)
    array[1, 0] = 12
    solved = dlx_solver.solve(array)
    assert solved[0].any() and not solved[1].any()
    with pytest.raises(ValueError, match="row 1"):
        dlx_solver.solve(array, strict=True)


def test_other_shapes_and_box_given():
    four = dlx_solver.solve("1..2" + "." * 12)
    assert four is not None and len(four) == 16
    six = dlx_solver.solve("." * 36, box_shape="3x2")
    assert six is not None and len(six) == 36
    with pytest.raises(ValueError, match="box"):
        dlx_solver.solve("." * 36, box_shape="3y2")


def test_count_unique_rate_generate():
    assert dlx_solver.sudoku.count("." * 16) == dlx_solver.Count(288)
    limited = dlx_solver.sudoku.count("." * 16, limit=5)
    assert (limited.solutions, limited.complete) == (5, False)
    assert dlx_solver.sudoku.is_unique([MINIMAL, "." * 81, CLASH]) == [True, False, None]
    puzzles = dlx_solver.generate(4, seed=3, symmetry="rot180", threads=2)
    assert puzzles == dlx_solver.generate(4, seed=3, symmetry="rot180", threads=1)
    assert all(dlx_solver.sudoku.is_unique(puzzles))
    for p in puzzles:
        assert all((p[k] == ".") == (p[80 - k] == ".") for k in range(81))
    ratings = dlx_solver.rate(puzzles + ["." * 81])
    assert all(isinstance(r, float) and r >= 1 for r in ratings[:4]) and ratings[4] is None
    with pytest.raises(ValueError, match="symmetry"):
        dlx_solver.generate(1, symmetry="spiral")


def test_every_engine_answers_alike_and_a_count_names_its_engine():
    puzzles = [MINIMAL, CLASH, "." * 81]
    x_grids = dlx_solver.sudoku.count("." * 16, variant="x", engine="links")
    assert 0 < x_grids.solutions < 288 and x_grids.complete
    for engine in ("auto", "links", "cells", "bits", "board", "planes"):
        solutions = dlx_solver.solve(puzzles, engine=engine)
        check_sudoku(MINIMAL, solutions[0])
        assert solutions[1] is None, engine
        check_sudoku("." * 81, solutions[2])
        assert dlx_solver.sudoku.is_unique(puzzles, engine=engine) == [True, None, False], engine
        counted = dlx_solver.sudoku.count("." * 16, engine=engine)
        assert counted == dlx_solver.Count(288), engine
        assert counted.engine == ("links" if engine == "auto" else engine)
        x = dlx_solver.sudoku.count("." * 16, variant="x", engine=engine)
        assert x == x_grids, engine
        # auto takes the planes for the variants.
        assert x.engine == ("planes" if engine == "auto" else engine)
        rating = dlx_solver.rate(MINIMAL, engine=engine)
        assert isinstance(rating, float) and rating >= 1, engine
    with pytest.raises(ValueError, match="engine"):
        dlx_solver.solve(MINIMAL, engine="fastest")  # type: ignore[arg-type]
    # A variant rates on every engine: singles on each, a search's nodes its engine's own.
    x_solution = dlx_solver.solve("." * 16, variant="x")
    assert x_solution is not None
    one_empty = "." + x_solution[1:]
    for engine in ("auto", "links", "cells", "bits", "board", "planes"):
        assert dlx_solver.rate(one_empty, variant="x", engine=engine) == 2.0, engine
        assert dlx_solver.rate("." * 16, variant="x", engine=engine) is None, engine
    # The bitsets cannot hold a 25x25 grid's problem: that row says so, as None.
    assert dlx_solver.solve("." * 625, engine="bits") is None


def test_a_9x9_puzzle_runs_on_the_bands_by_default_and_rates_on_links_scale():
    # The project's minimal puzzle with one given left out: several solutions to count.
    several = "." + MINIMAL[1:]
    by_engine = {
        engine: dlx_solver.sudoku.count(several, engine=engine)
        for engine in ("auto", "bands", "links", "planes")
    }
    assert by_engine["auto"].engine == "bands"
    assert by_engine["bands"].engine == "bands"
    assert len({c.solutions for c in by_engine.values()}) == 1, by_engine
    assert by_engine["bands"].solutions >= 1
    solution = dlx_solver.solve(MINIMAL, engine="bands")
    check_sudoku(MINIMAL, solution)
    assert solution == dlx_solver.solve(MINIMAL, engine="links")
    # The rating is links' nodes whatever engine `auto` solves on.
    assert dlx_solver.rate(MINIMAL) == dlx_solver.rate(MINIMAL, engine="links")
    # Another shape is not the bands' matrix: no answer, as for any engine that refuses it.
    assert dlx_solver.sudoku.count("." * 16, engine="bands") is None


def test_kaggle_shaped_csv_through_pandas(tmp_path: Path):
    pd = pytest.importorskip("pandas")
    puzzles = dlx_solver.generate(30, seed=11)
    solutions = dlx_solver.solve(puzzles)
    frame = pd.DataFrame(
        {
            "quizzes": [p.replace(".", "0") for p in puzzles],
            "solutions": solutions,
        }
    )
    path = tmp_path / "sudoku.csv"
    frame.to_csv(path, index=False)
    read = pd.read_csv(path, dtype=str)
    answers = dlx_solver.solve(read["quizzes"])
    assert isinstance(answers, pd.Series) and answers.name == "quizzes"
    assert list(answers.index) == list(read.index)
    assert (answers == read["solutions"]).all()
    for quiz, answer in zip(read["quizzes"], answers):
        check_sudoku(quiz, answer)
    # The Kaggle arrays: (N, 81) digits from the strings.
    array = np.array([[int(c) for c in q] for q in read["quizzes"]], dtype=np.uint8)
    solved = dlx_solver.solve(array)
    assert ["".join(map(str, row)) for row in solved] == list(read["solutions"])


def puzzle_lines(path: Path, most: int):
    lines = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            lines.append(line.split()[0])
        if len(lines) == most:
            break
    return lines


def cli_answers(dlx_bin: str, puzzles, *extra: str):
    out = subprocess.run(
        [dlx_bin, "sudoku", *extra, "-"],
        input="\n".join(puzzles) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    return out.splitlines()


COLLECTIONS = ["minimal-9x9.txt", "hard-9x9.txt", "4x4.txt", "6x6.txt", "12x12.txt",
               "16x16.txt", "no-solution-9x9.txt", "multiple-9x9.txt"]


@pytest.mark.parametrize("name", COLLECTIONS)
def test_answers_equal_the_clis_on_the_projects_collections(dlx_bin: str, name: str):
    puzzles = puzzle_lines(ROOT / "puzzles" / name, 200)
    assert puzzles
    ours = dlx_solver.solve(puzzles)
    theirs = cli_answers(dlx_bin, puzzles)
    assert len(theirs) == len(puzzles)
    assert [a or "no solution" for a in ours] == theirs
    unique = dlx_solver.sudoku.is_unique(puzzles)
    theirs_unique = cli_answers(dlx_bin, puzzles, "--unique")
    assert [u is True for u in unique] == [t not in ("no solution", "multiple") for t in theirs_unique]


def test_answers_equal_the_clis_on_the_shared_collections(dlx_bin: str):
    shared = shared_dir()
    if shared is None:
        pytest.skip("no shared data ($DLX_SHARED or ../shared): the public collections are not compared")
    for name in ("puzzles2_17_clue", "puzzles6_forum_hardest_1106"):
        puzzles = puzzle_lines(shared / "puzzles" / name, 300)
        ours = dlx_solver.solve(puzzles)
        assert [a or "no solution" for a in ours] == cli_answers(dlx_bin, puzzles)
        for puzzle, answer in zip(puzzles, ours):
            check_sudoku(puzzle, answer)


VARIANT_COLLECTIONS = [
    ("x", "x-9x9.txt"),
    ("windoku", "windoku-9x9.txt"),
    ("anti-king", "anti-king-9x9.txt"),
    ("anti-knight", "anti-knight-9x9.txt"),
    ("jigsaw", "jigsaw-9x9.txt"),
    ("killer", "killer-9x9.txt"),
    ("x", "x-6x6.txt"),
]


def variant_lines(path: Path, most: int):
    lines = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return lines[:most]


@pytest.mark.parametrize("variant, name", VARIANT_COLLECTIONS)
def test_variants_by_the_clis_names_answer_as_the_cli(dlx_bin: str, variant: str, name: str):
    puzzles = variant_lines(ROOT / "puzzles" / name, 30)
    assert puzzles
    ours = dlx_solver.solve(puzzles, variant=variant)
    theirs = cli_answers(dlx_bin, puzzles, "--variant", variant)
    assert [(a or "no solution") for a in ours] == [t.split()[0] if t != "no solution" else t for t in theirs]
    assert all(a is not None for a in ours)
    # A variant's solution is a classic one too, keeping the givens.
    if name.endswith("9x9.txt") and variant != "jigsaw":
        for puzzle, answer in zip(puzzles, ours):
            check_sudoku(puzzle.split()[0] if variant != "killer" else "." * 81, answer)


def test_variant_arrays_and_bad_names():
    puzzles = variant_lines(ROOT / "puzzles" / "x-9x9.txt", 5)
    array = np.stack([to_array(p.split()[0]) for p in puzzles])
    assert [("".join(map(str, row))) for row in dlx_solver.solve(array, variant="x")] == dlx_solver.solve(
        [p.split()[0] for p in puzzles], variant="x"
    )
    with pytest.raises(ValueError, match="variant"):
        dlx_solver.solve(puzzles, variant="spiral")
    assert dlx_solver.solve(array, variant="jigsaw").sum() == 0

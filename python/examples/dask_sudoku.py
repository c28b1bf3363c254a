"""Solve a large Sudoku collection with Dask: a CSV read by dask.dataframe, each partition
solved by dlx_solver.solve on a worker process, the results written back and checked.

    python examples/dask_sudoku.py [--puzzles N] [--workers W] [--out DIR]

With no input file it makes a Kaggle-shaped CSV (quizzes,solutions; 0 for empty) of N
puzzles with dlx_solver.generate. On a cluster, point `Client` at the scheduler instead of a
LocalCluster: nothing else changes.
"""

import argparse
import sys
import tempfile
from pathlib import Path

import dask.dataframe as dd
import pandas as pd
from dask.distributed import Client, LocalCluster

import dlx_solver


def solve_partition(frame: pd.DataFrame) -> pd.DataFrame:
    """One partition's puzzles solved on one worker (one thread each: Dask runs the workers)."""
    frame = frame.copy()
    frame["answer"] = dlx_solver.solve(frame["quizzes"], threads=1)
    return frame


def make_csv(path: Path, puzzles: int) -> None:
    quizzes = dlx_solver.generate(puzzles, seed=2024)
    solutions = dlx_solver.solve(quizzes)
    pd.DataFrame(
        {"quizzes": [q.replace(".", "0") for q in quizzes], "solutions": solutions}
    ).to_csv(path, index=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="?", help="quizzes,solutions CSV (made when absent)")
    parser.add_argument("--puzzles", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="folder for the answers (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(args.csv) if args.csv else Path(scratch) / "sudoku.csv"
        if not args.csv:
            make_csv(source, args.puzzles)
        out = Path(args.out) if args.out else Path(scratch) / "answers"
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True) as cluster:
            with Client(cluster):
                frame = dd.read_csv(source, dtype=str, blocksize="64kB")
                meta = frame._meta.assign(answer=pd.Series(dtype=object))
                solved = frame.map_partitions(solve_partition, meta=meta)
                solved.to_csv(out / "part-*.csv", index=False)
        answers = pd.concat(pd.read_csv(p, dtype=str) for p in sorted(out.glob("part-*.csv")))
        wrong = answers[answers["answer"] != answers["solutions"]]
        print(f"{len(answers)} puzzles in {frame.npartitions} partitions on {args.workers} workers; "
              f"{len(wrong)} answers differ from the solution column")
        return 0 if len(wrong) == 0 and len(answers) > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

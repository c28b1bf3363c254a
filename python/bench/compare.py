"""Side by side: dlx_solver against xcover, exact-cover and miniexact, each on its own API,
every answer checked. Each run is a fresh interpreter, timed from its start to its answer, so
imports and a JIT's warm-up count, as a user pays them; the exact-cover runs are also timed
inside the interpreter, from before their imports. Best of --repeat runs.

    python bench/compare.py --peers-python /path/to/venv/bin/python [--sudoku 10000]
        [--peer-sudoku 300] [--kaggle 1000000] [--repeat 3] [--skip-slow]

The peers' interpreter needs xcover, exact-cover, miniexact and numpy; this one dlx_solver.
miniexact runs twice: its own binary, and its Python API in a fresh interpreter.
Prints a Markdown table (docs/benchmarks.md keeps one).
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import numpy as np

import dlx_solver

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("DLX_SHARED", ROOT.parent / "shared"))

# What each exact-cover run prints: the number of solutions, checked against the engine's.
OURS = """
import sys, dlx_solver
p = dlx_solver.read_knuth(open(sys.argv[1]).read())
mode, threads = sys.argv[2], int(sys.argv[3])
if mode == "count":
    print(dlx_solver.count(p, threads=threads).solutions)
else:
    print(sum(1 for _ in dlx_solver.covers(p, threads=threads)))
"""
XCOVER = """
import sys, json, xcover
d = json.load(open(sys.argv[1]))
print(sum(1 for _ in xcover.covers(d["options"], primary=d["primary"], secondary=d["secondary"], colored=d["colored"])))
"""
# miniexact's own Python API (a SWIG module): the problem built item by item and option by
# option from the Knuth file, then one solution per `solve()` call until it says no more.
MINIEXACT = """
import sys, miniexact
algorithm = {"x": miniexact.miniexacts_x, "c": miniexact.miniexacts_c}[sys.argv[2]]
solver = algorithm()
lines = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.lstrip().startswith("|")]
head = lines[0]
primary, secondary = (head[: head.index("|")], head[head.index("|") + 1 :]) if "|" in head else (head, [])
for item in primary:
    solver.primary(item)
for item in secondary:
    solver.secondary(item)
for option in lines[1:]:
    for entry in option:
        if ":" in entry:
            name, colour = entry.split(":", 1)
            solver.add(name, colour)
        else:
            solver.add(entry)
    solver.add(0)
found = 0
while solver.solve() == 10:
    found += 1
print(found)
"""
EXACT_COVER = """
import sys, numpy as np, exact_cover
m = np.load(sys.argv[1])
print(exact_cover.get_solution_count(m))
"""
SUDOKU_CHECK = """
def valid(puzzles, solutions):
    import numpy as np
    s = np.asarray(solutions, dtype=np.uint8).reshape(-1, 9, 9)
    p = np.asarray(puzzles, dtype=np.uint8).reshape(-1, 9, 9)
    ok = ((p == 0) | (p == s)).all(axis=(1, 2))
    want = np.uint16((1 << np.arange(1, 10)).sum())
    bits = np.left_shift(np.uint16(1), s.astype(np.uint16))
    ok &= (np.bitwise_or.reduce(bits, axis=1) == want).all(axis=1)
    ok &= (np.bitwise_or.reduce(bits, axis=2) == want).all(axis=1)
    boxes = bits.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    ok &= (np.bitwise_or.reduce(boxes, axis=2) == want).all(axis=1)
    return int(ok.sum())
"""
OURS_SUDOKU = SUDOKU_CHECK + """
import sys, time, numpy as np, dlx_solver
p = np.load(sys.argv[1])
threads = int(sys.argv[2])
start = time.perf_counter()
solved = dlx_solver.solve(p, threads=threads)
print(f"{time.perf_counter() - start:.2f}", file=sys.stderr)
print(valid(p, solved))
"""
# The usual exact-cover encoding of Sudoku (324 items: cell, row-digit, column-digit,
# box-digit; 729 options less those the givens rule out), for the peers without a Sudoku API.
ENCODE = """
def options_of(puzzle):
    opts, rcd = [], []
    for r in range(9):
        for c in range(9):
            g = int(puzzle[9 * r + c])
            for d in ([g] if g else range(1, 10)):
                b = 3 * (r // 3) + c // 3
                opts.append([9 * r + c, 81 + 9 * r + d - 1, 162 + 9 * c + d - 1, 243 + 9 * b + d - 1])
                rcd.append((r, c, d))
    return opts, rcd
def grid_of(rcd, chosen):
    g = [0] * 81
    for k in chosen:
        r, c, d = rcd[k]
        g[9 * r + c] = d
    return g
"""
XCOVER_SUDOKU = SUDOKU_CHECK + ENCODE + """
import sys, numpy as np, xcover
p = np.load(sys.argv[1])
out = []
for puzzle in p:
    opts, rcd = options_of(puzzle)
    out.append(grid_of(rcd, next(xcover.covers(opts))))
print(valid(p, out))
"""
EXACT_COVER_SUDOKU = SUDOKU_CHECK + ENCODE + """
import sys, numpy as np, exact_cover
p = np.load(sys.argv[1])
out = []
for puzzle in p:
    opts, rcd = options_of(puzzle)
    m = np.zeros((len(opts), 324), dtype=bool)
    for i, o in enumerate(opts):
        m[i, o] = True
    out.append(grid_of(rcd, exact_cover.get_exact_cover(m)))
print(valid(p, out))
"""
MINIEXACT_SUDOKU = SUDOKU_CHECK + ENCODE + """
import sys, numpy as np, miniexact
p = np.load(sys.argv[1])
names = [str(i) for i in range(324)]
out = []
for puzzle in p:
    opts, rcd = options_of(puzzle)
    solver = miniexact.miniexacts_x()
    for name in names:
        solver.primary(name)
    for o in opts:
        for i in o:
            solver.add(names[i])
        solver.add(0)
    solver.solve()
    # miniexact numbers options from 1.
    out.append(grid_of(rcd, [k - 1 for k in solver.selected_options()]))
print(valid(p, out))
"""


def in_process(code: str) -> str:
    """`code` timed inside its interpreter as well, from before its imports to its answer (so
    a JIT's warm-up and the first call count, the interpreter's own start does not): it says
    `in process: SECONDS` on stderr."""
    start = "import time as _time\n_start = _time.perf_counter()\n"
    end = "\nimport sys as _sys\nprint(f'in process: {_time.perf_counter() - _start:.4f}', file=_sys.stderr)\n"
    return start + code + end


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


CPU: dict = {}


def timed(command: list, timeout: float) -> tuple[Optional[float], str]:
    """Runs `command` in a folder of its own (so that `import dlx_solver` finds the installed
    package, not the source folder); its time and its answer: the last word it printed, or N
    of miniexact's `Found N solutions!`."""
    start, cpu = time.perf_counter(), cpu_of_children()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=tempfile.gettempdir())
    except subprocess.TimeoutExpired:
        return None, "timeout"
    took = time.perf_counter() - start
    # The machine is shared: the CPU time the run took (user + system, all its threads) is
    # kept beside the wall time, as the figure other loads disturb least.
    CPU["last"] = cpu_of_children() - cpu
    CPU["in process"] = None
    for line in done.stderr.splitlines():
        if line.startswith("in process: "):
            CPU["in process"] = float(line.split()[-1])
    both = done.stdout + "\n" + done.stderr
    if "Found " in both:
        # miniexact's exit code says whether it found a solution (10) or not (20).
        return took, both.split("Found ")[1].split()[0]
    if done.returncode != 0:
        return None, done.stderr.strip().splitlines()[-1] if done.stderr else "failed"
    words = done.stdout.split()
    return took, words[-1] if words else "nothing"


def best(command: list, repeat: int, timeout: float, expect: str) -> str:
    times, cpus, inside = [], [], []
    for _ in range(repeat):
        took, out = timed(command, timeout)
        if took is None:
            return out
        if out != expect:
            return f"wrong: {out} (want {expect})"
        times.append(took)
        cpus.append(CPU["last"])
        if CPU["in process"] is not None:
            inside.append(CPU["in process"])
    # Small problems: the in-process time, in milliseconds, tells the searches apart where the
    # interpreter's start is most of a run.
    within = f", {min(inside) * 1000:.1f} ms in process" if inside else ""
    return f"{min(times):.2f} s ({min(cpus):.2f} s cpu{within})"


def knuth_parts(problem: dlx_solver.Problem) -> dict:
    lines = [line for line in problem.to_knuth().splitlines() if line.strip()]
    head, _, tail = lines[0].partition("|")
    options = [line.split() for line in lines[1:]]
    colored = any(":" in e for o in options for e in o)
    return {"primary": head.split(), "secondary": tail.split(), "options": options, "colored": colored}


def timing_word_rectangles(scratch: Path) -> Optional[dlx_solver.Problem]:
    """The 4x5 word rectangles of the engine's timing suite (411,188 solutions), written by the
    workspace's `write_xc_problems` example; None, said on stderr, where cargo cannot run it."""
    folder = scratch / "timing"
    command = ["cargo", "run", "--release", "-q", "--example", "write_xc_problems", "--", "--timing", str(folder)]
    try:
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"note: no 4x5 word rectangles ({e}): the timing suite's problem is left out", file=sys.stderr)
        return None
    return dlx_solver.read_knuth((folder / "word_rectangles4x5.dlx").read_text())


def exact_cover_problems(scratch: Path) -> dict:
    problems = {
        "pentominoes 6x10": dlx_solver.Problem.pentominoes(6, 10),
        "12 queens": dlx_solver.Problem.queens(12),
        "Langford n = 11": dlx_solver.Problem.langford(11),
        "word rectangles 3x4 (XCC)": dlx_solver.read_knuth(
            (ROOT / "tests" / "data" / "xc" / "word_rectangles3x4.dlx").read_text()
        ),
    }
    larger = timing_word_rectangles(scratch)
    if larger is not None:
        problems["word rectangles 4x5 (XCC)"] = larger
    return problems


def bench_exact_cover(args, scratch: Path, rows: list) -> None:
    miniexact = shutil.which("miniexact", path=str(Path(args.peers_python).parent))
    for name, problem in exact_cover_problems(scratch).items():
        solutions = str(dlx_solver.count(problem, threads=2).solutions)
        knuth = scratch / "problem.dlx"
        knuth.write_text(problem.to_knuth())
        parts = knuth_parts(problem)
        (scratch / "problem.json").write_text(json.dumps(parts))
        row = {"problem": f"{name} ({int(solutions):,})"}
        ours = [args.ours_python, "-c", in_process(OURS), str(knuth)]
        row["ours, 1 thread"] = best(ours + ["count", "1"], args.repeat, 600, solutions)
        row["ours, 2 threads"] = best(ours + ["count", "2"], args.repeat, 600, solutions)
        row["ours covers(), listing, 1 thread"] = best(ours + ["covers", "1"], args.repeat, 600, solutions)
        xcover = [args.peers_python, "-c", in_process(XCOVER), str(scratch / "problem.json")]
        row["xcover"] = best(xcover, args.repeat, 600, solutions)
        if parts["secondary"]:
            row["exact-cover"] = "cannot express (secondary items)"
        elif args.skip_slow and name.startswith("pentominoes"):
            row["exact-cover"] = "skipped (--skip-slow)"
        else:
            columns = parts["primary"]
            index = {item: j for j, item in enumerate(columns)}
            matrix = np.zeros((len(parts["options"]), len(columns)), dtype=bool)
            for i, option in enumerate(parts["options"]):
                matrix[i, [index[e] for e in option]] = True
            np.save(scratch / "matrix.npy", matrix)
            command = [args.peers_python, "-c", in_process(EXACT_COVER), str(scratch / "matrix.npy")]
            row["exact-cover"] = best(command, 1, 600, solutions)
        if miniexact:
            algorithm = "-c" if parts["colored"] else "-x"
            row["miniexact (binary)"] = best([miniexact, algorithm, "-e", str(knuth)], args.repeat, 600, solutions)
            api = [args.peers_python, "-c", in_process(MINIEXACT), str(knuth), algorithm[1]]
            row["miniexact (Python API)"] = best(api, args.repeat, 600, solutions)
        rows.append(row)
        print(row, file=sys.stderr, flush=True)


def seventeen_clues(n: int) -> np.ndarray:
    lines = [
        line.split()[0]
        for line in (SHARED / "puzzles" / "puzzles2_17_clue").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ][:n]
    return np.array([[0 if ch in ".0" else int(ch) for ch in line] for line in lines], dtype=np.uint8)


def kaggle_shaped(n: int, seed: int) -> np.ndarray:
    """n puzzles of 36 givens (Kaggle's 1M are 33-37): solved 17-clue grids, digits relabelled
    and cells blanked at random; a puzzle may have several solutions, any one answers it."""
    grids = dlx_solver.solve(seventeen_clues(1000))
    rng = np.random.default_rng(seed)
    base = grids[rng.integers(0, len(grids), n)]
    relabel = np.stack([np.concatenate([[0], rng.permutation(9) + 1]) for _ in range(1000)])
    puzzles = relabel[rng.integers(0, 1000, n)[:, None], base].astype(np.uint8)
    keep = rng.random((n, 81)).argsort(axis=1) < 36
    puzzles[~keep] = 0
    return puzzles


def bench_sudoku(args, scratch: Path, rows: list) -> None:
    puzzles = seventeen_clues(args.sudoku)
    np.save(scratch / "sudoku.npy", puzzles)
    np.save(scratch / "peer-sudoku.npy", puzzles[: args.peer_sudoku])
    n, m = len(puzzles), min(args.peer_sudoku, len(puzzles))
    # The peers are slow: they get the first m puzzles, and so do we, side by side.
    row = {"problem": f"first {m:,} 17-clue Sudokus"}
    ours = [args.ours_python, "-c", OURS_SUDOKU, str(scratch / "peer-sudoku.npy")]
    row["ours, 1 thread"] = best(ours + ["1"], args.repeat, 600, str(m))
    row["ours, 2 threads"] = best(ours + ["2"], args.repeat, 600, str(m))
    for name, code in (("xcover", XCOVER_SUDOKU), ("exact-cover", EXACT_COVER_SUDOKU)):
        command = [args.peers_python, "-c", code, str(scratch / "peer-sudoku.npy")]
        row[name] = best(command, 1, 1200, str(m))
    row["miniexact (binary)"] = "no Sudoku API; one process a puzzle not measured"
    command = [args.peers_python, "-c", MINIEXACT_SUDOKU, str(scratch / "peer-sudoku.npy")]
    row["miniexact (Python API)"] = best(command, 1, 1200, str(m))
    rows.append(row)
    print(row, file=sys.stderr, flush=True)
    ours = [args.ours_python, "-c", OURS_SUDOKU, str(scratch / "sudoku.npy")]
    row = {"problem": f"{n:,} 17-clue Sudokus"}
    row["ours, 1 thread"] = best(ours + ["1"], args.repeat, 600, str(n))
    row["ours, 2 threads"] = best(ours + ["2"], args.repeat, 600, str(n))
    rows.append(row)
    print(row, file=sys.stderr, flush=True)
    if args.kaggle:
        kaggle = kaggle_shaped(args.kaggle, 1)
        np.save(scratch / "kaggle.npy", kaggle)
        command = [args.ours_python, "-c", OURS_SUDOKU, str(scratch / "kaggle.npy")]
        row = {"problem": f"{args.kaggle:,} Kaggle-shaped puzzles (36 givens) from a numpy array"}
        row["ours, 1 thread"] = best(command + ["1"], 1, 1200, str(args.kaggle))
        row["ours, 2 threads"] = best(command + ["2"], args.repeat, 1200, str(args.kaggle))
        for threads in ("1", "2"):
            done = subprocess.run(command + [threads], capture_output=True, text=True, cwd=tempfile.gettempdir())
            row[f"solve() call alone, {threads} thread(s)"] = done.stderr.split()[-1] + " s"
        rows.append(row)
        print(row, file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours-python", default=sys.executable)
    parser.add_argument("--peers-python", default=sys.executable)
    parser.add_argument("--sudoku", type=int, default=10_000)
    parser.add_argument("--peer-sudoku", type=int, default=300)
    parser.add_argument("--kaggle", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-slow", action="store_true", help="no exact-cover on pentominoes")
    parser.add_argument("--only", choices=["xc", "sudoku"])
    args = parser.parse_args()
    rows: list = []
    with tempfile.TemporaryDirectory() as scratch:
        if args.only in (None, "xc"):
            bench_exact_cover(args, Path(scratch), rows)
        if args.only in (None, "sudoku"):
            bench_sudoku(args, Path(scratch), rows)
    columns = ["problem", "ours, 1 thread", "ours, 2 threads", "ours covers(), listing, 1 thread",
               "xcover", "exact-cover", "miniexact (binary)", "miniexact (Python API)"]
    extra = sorted({key for row in rows for key in row} - set(columns))
    columns += extra
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for row in rows:
        print("| " + " | ".join(row.get(c, "") for c in columns) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The README's ten lines: exact cover with colours, then a batch of Sudoku from numpy."""

import numpy as np

import dlx_solver

options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]]
print(list(dlx_solver.covers(options, primary=["p", "q", "r"], colored=True)))  # [(3, 1)]
print(dlx_solver.count(dlx_solver.Problem.pentominoes(6, 10), threads=2))       # 9356
puzzles = np.zeros((1000, 9, 9), dtype=np.uint8)                                # 0 = empty
puzzles[:, 0, :] = np.arange(1, 10)                                             # a first row given
solved = dlx_solver.solve(puzzles)                                              # (1000, 9, 9) back
assert solved.shape == puzzles.shape and (solved[:, 0] == np.arange(1, 10)).all()
print(dlx_solver.solve(".9..6..87...8...9...49.71..2..74....9.........781..5..6....1....5..7..29......3.5"))

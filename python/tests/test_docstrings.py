"""The examples in the docstrings run and print what they say."""

import doctest

import numpy as np

import dlx_solver
import dlx_solver.dlx_solver as compiled


def test_docstring_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {"dlx_solver": dlx_solver, "np": np}
    tests = []
    for name in dir(compiled):
        value = getattr(compiled, name)
        for test in finder.find(value, name, globs=dict(globs)):
            tests.append(test)
    # Every public function and class carries an example.
    assert len(tests) >= 15
    for test in tests:
        runner.run(test)
    summary = runner.summarize(verbose=False)
    assert summary.failed == 0

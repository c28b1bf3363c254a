#!/usr/bin/env bash
# CI: the Python package, installed by the command README.md gives into a fresh virtual
# environment: mypy checks the stubs and examples, stubtest the stubs against the module,
# pytest the package (against the `dlx` CLI that `cargo test` built), then the Dask recipe runs
# on a local cluster of two worker processes.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-ci
rm -rf "$venv"
python3 -m venv "$venv"
pip=("$venv/bin/pip" install -q --disable-pip-version-check)
"${pip[@]}" maturin pytest numpy pandas mypy "dask[dataframe,distributed]"
"${pip[@]}" ./python
"$venv/bin/mypy" --strict --ignore-missing-imports python/dlx_solver python/examples/quickstart.py
"$venv/bin/mypy" --ignore-missing-imports python/examples python/tests python/bench
(cd target && python-ci/bin/stubtest dlx_solver)
(cd python && ../target/python-ci/bin/pytest -q tests)
(cd target && python-ci/bin/python ../python/examples/quickstart.py >/dev/null)
(cd target && python-ci/bin/python ../python/examples/dask_sudoku.py --puzzles 2000)
echo "ci: the Python package passed mypy, stubtest, pytest and the Dask example"

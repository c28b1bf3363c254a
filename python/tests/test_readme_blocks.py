"""Every ```python block of the documents below runs as written, in a temporary directory.

A line `EXPRESSION  # VALUE` whose comment starts with a Python literal (`[(1, 3, 5)]`,
`True`, ...) must give that value. The Rust test tests/integration/doc_blocks.rs checks that
each document holding Python blocks is listed here.
"""

import ast
import os
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ["README.md", "python/README.md"]


def python_blocks(document: str) -> Iterator[tuple[int, str]]:
    """(line of the opening fence, text) of each ```python block not marked `not run`."""
    lines = (ROOT / document).read_text().splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```python":
            end = next(i for i in range(index + 1, len(lines)) if lines[i].strip() == "```")
            before = [line for line in lines[:index] if line.strip()]
            if not (before and before[-1].strip().startswith("<!-- not run:")):
                yield index + 1, "\n".join(lines[index + 1 : end]) + "\n"
            index = end
        index += 1


def claimed_value(source_line: str) -> Optional[Any]:
    """The literal a line's comment claims its expression gives, or None when it claims none."""
    if "  # " not in source_line:
        return None
    comment = source_line.split("  # ", 1)[1].strip()
    # The literal is the longest prefix of the comment that parses as one.
    for end in range(len(comment), 0, -1):
        try:
            return (ast.literal_eval(comment[:end]),)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
    return None


def run_block(document: str, line: int, text: str) -> int:
    """Runs the block statement by statement; returns how many claimed values it checked."""
    namespace: dict[str, Any] = {"__name__": "__doc_block__"}
    checked = 0
    for statement in ast.parse(text).body:
        place = f"{document}:{line + statement.lineno}"
        source = ast.get_source_segment(text, statement) or ""
        whole_line = text.splitlines()[(statement.end_lineno or statement.lineno) - 1]
        claim = None
        if isinstance(statement, ast.Expr) and not _prints(statement):
            claim = claimed_value(whole_line)
        if isinstance(statement, ast.Expr) and claim is not None:
            value = eval(compile(ast.Expression(statement.value), place, "eval"), namespace)
            assert value == claim[0], f"{place}: `{source}` gives {value!r}, the document says {claim[0]!r}"
            checked += 1
        else:
            exec(compile(ast.Module([statement], type_ignores=[]), place, "exec"), namespace)
    return checked


def _prints(statement: ast.stmt) -> bool:
    value = getattr(statement, "value", None)
    return isinstance(value, ast.Call) and getattr(value.func, "id", None) == "print"


BLOCKS = [(document, line, text) for document in DOCUMENTS for line, text in python_blocks(document)]


def test_each_document_has_python_blocks() -> None:
    for document in DOCUMENTS:
        assert list(python_blocks(document)), f"{document} has no Python block to run"


@pytest.mark.parametrize(
    "document,line,text", BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS]
)
def test_block_runs_as_written(
    document: str, line: int, text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if "dask" in text:
        pytest.importorskip("dask.dataframe")
        # The Dask recipe reads sudoku.csv: a `quizzes` column, as the Kaggle collection has.
        lines = (ROOT / "puzzles" / "hard-9x9.txt").read_text().splitlines()
        quizzes = [line.split()[0][:81] for line in lines if line and not line.startswith("#")]
        (tmp_path / "sudoku.csv").write_text("quizzes\n" + "\n".join(quizzes[:50]) + "\n")
    if "pandas" in text or "pd." in text:
        pytest.importorskip("pandas")
    run_block(document, line, text)
    if "dask" in text:
        written = sorted(Path("answers").glob("part-*.csv"))
        assert written, "the Dask recipe wrote no answers"
        import pandas as pd

        answers = pd.concat(pd.read_csv(path, dtype=str) for path in written)
        assert len(answers) == 50 and answers["answer"].notna().all()


def test_claimed_values_are_checked() -> None:
    text = "x = [1, 2]\nlen(x)  # 2: its length\n"
    assert run_block("example", 0, text) == 1
    with pytest.raises(AssertionError):
        run_block("example", 0, "len([1])  # 2\n")
    assert os.path.isdir(ROOT / "python")

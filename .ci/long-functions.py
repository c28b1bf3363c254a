#!/usr/bin/env python3
"""Lists the functions longer than a bound (default 80 lines), longest first: the lines from
`fn` to its closing brace, counted by brace depth in Rust sources with strings, characters and
comments blanked out first. Run from the repository root: `python3 .ci/long-functions.py [N]`.
"""
import pathlib
import re
import sys

LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 80
ROOTS = ["src", "crates"]
TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|b?r#*"|b?"(?:\\.|[^"\\])*"|b?\'(?:\\.|[^\\\'])\'', re.S)
FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def blank(text):
    """The text with comments, strings and character literals replaced by spaces (newlines kept)."""
    out, i = [], 0
    while True:
        m = TOKEN.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:m.start()])
        token = m.group(0)
        end = m.end()
        if token.lstrip("b").startswith("r"):
            hashes = token.count("#")
            close = text.find('"' + "#" * hashes, end)
            end = len(text) if close < 0 else close + 1 + hashes
            token = text[m.start():end]
        out.append(re.sub(r"[^\n]", " ", token))
        i = end


found = []
for root in ROOTS:
    for path in pathlib.Path(root).rglob("*.rs"):
        code = blank(path.read_text(encoding="utf-8"))
        for m in FN.finditer(code):
            body = code.find("{", m.end())
            semi = code.find(";", m.end())
            if body < 0 or (0 <= semi < body):
                continue
            depth, j = 0, body
            while j < len(code):
                if code[j] == "{":
                    depth += 1
                elif code[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            first = code.count("\n", 0, m.start()) + 1
            last = code.count("\n", 0, j) + 1
            if last - first + 1 > LIMIT:
                found.append((last - first + 1, f"{path}:{first}", m.group(1)))
for lines, place, name in sorted(found, reverse=True):
    print(f"{lines:5} {name:32} {place}")

#!/usr/bin/env python3
"""Counts the public items of the library crates as rustdoc lists them (structs, enums, traits,
functions, constants, type aliases, macros: methods and fields are parts of their items).

Run from the repository root: `python3 .ci/public-items.py [--list] [--max N]`. It documents
the crates with `cargo doc --no-deps` first, and exits 1 when the total passes `--max`.
"""
import argparse
import re
import subprocess
import sys

CRATES = ["dlx_engine", "dlx_puzzles"]

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--list", action="store_true", help="name every item")
parser.add_argument("--max", type=int, help="fail when the total is above this")
args = parser.parse_args()

packages = [arg for crate in CRATES for arg in ("-p", crate.replace("_", "-"))]
subprocess.run(["cargo", "doc", "--no-deps", "--quiet", *packages], check=True)
total = 0
for crate in CRATES:
    with open(f"target/doc/{crate}/all.html", encoding="utf-8") as page:
        html = page.read()
    sections = re.findall(r'<h3 id="([a-z-]+)">[^<]*</h3><ul class="all-items">(.*?)</ul>', html, re.S)
    counts = []
    for kind, body in sections:
        items = re.findall(r'<li><a href="[^"]*">([^<]*)</a></li>', body)
        counts.append(f"{len(items)} {kind}")
        total += len(items)
        if args.list:
            for item in items:
                print(f"  {crate}::{item} ({kind})")
    print(f"{crate}: {', '.join(counts)}")
print(f"total: {total}")
if args.max is not None and total > args.max:
    print(f"more than {args.max} public items", file=sys.stderr)
    sys.exit(1)

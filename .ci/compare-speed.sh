#!/usr/bin/env bash
# Times two `dlx` release binaries side by side, interleaved round by round so that the
# machine's drift touches both alike, and keeps the best of the rounds: `dlx bench --algo dlx`
# on the five public Sudoku collections (puzzles/s, from ../shared/puzzles or $DLX_SHARED) and
# `dlx xc --count --threads 1` on the 6x10 pentominoes (seconds, by `--stats`).
#
#   bash .ci/compare-speed.sh OLD_DLX NEW_DLX [ROUNDS]    (default 5 rounds)
#
# Prints a markdown table: each measure's best for each binary and new/old (above 1: new faster).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
rounds=${3:-5}
cd "$(dirname "$0")/.."
shared=${DLX_SHARED:-../shared}
collections=(puzzles2_17_clue puzzles3_magictour_top1465 puzzles5_forum_hardest_1905_11+
    puzzles6_forum_hardest_1106 puzzles7_serg_benchmark)
files=()
for name in "${collections[@]}"; do
    if [ -e "$shared/puzzles/$name" ]; then
        files+=("$shared/puzzles/$name")
    else
        echo "compare-speed: $shared/puzzles/$name is not there; timed without it" >&2
    fi
done
pentominoes=tests/data/xc/pentominoes6x10.dlx
declare -A best

# Keeps the larger of best[KEY] and VALUE (rates), or the smaller with `min` (times).
keep() {
    local key=$1 value=$2 way=${3:-max}
    local current=${best[$key]:-}
    if [ -z "$current" ] || awk -v a="$value" -v b="$current" -v w="$way" \
        'BEGIN { exit !((w == "max" && a > b) || (w == "min" && a < b)) }'; then
        best[$key]=$value
    fi
}

for round in $(seq "$rounds"); do
    for which in old new; do
        bin=$old
        [ "$which" = new ] && bin=$new
        if [ ${#files[@]} -gt 0 ]; then
            while read -r file solver puzzles rate _; do
                keep "$which $file" "$rate"
            done < <("$bin" bench "${files[@]}" --algo dlx 2>/dev/null | awk '$2 == "dlx" { print $1, $2, $3, $4 }')
        fi
        seconds=$("$bin" xc --count --threads 1 --stats "$pentominoes" 2>&1 >/dev/null | awk '/^time:/ { print $2 }')
        keep "$which pentominoes" "$seconds" min
    done
    echo "compare-speed: round $round of $rounds done" >&2
done

echo "| measure | old | new | new/old speed |"
echo "|---|---:|---:|---:|"
for file in "${files[@]}"; do
    name=$(basename "$file")
    o=${best["old $name"]} n=${best["new $name"]}
    awk -v f="$name" -v o="$o" -v n="$n" 'BEGIN { printf "| %s (puzzles/s) | %d | %d | %.3f |\n", f, o, n, n / o }'
done
o=${best["old pentominoes"]} n=${best["new pentominoes"]}
awk -v o="$o" -v n="$n" 'BEGIN { printf "| pentominoes 6x10 xc --count --threads 1 (s) | %.3f | %.3f | %.3f |\n", o, n, o / n }'

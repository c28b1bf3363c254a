#!/usr/bin/env bash
# Times Knuth's SSXCC and DLX2 beside `dlx xc --engine cells` and `--engine links` on the
# problems of the cells' speed target (the 6x10 pentominoes, the 4x5 word rectangles of
# `timing_suite`) and on 12 queens: user CPU seconds, every program run once a round, rounds
# interleaved so that the machine's drift touches all alike, the best of the rounds kept.
#
#   SSXCC_BIN=/path/to/ssxcc DLX2_BIN=/path/to/dlx2 bash benches/knuth.sh [ROUNDS] [DLX]
#
# ROUNDS defaults to 5; DLX to target/release/dlx (built if missing). Knuth's programs are
# built outside the project from ascherer/cwebtest (`ctangle ssxcc.w; gcc -O3 ssxcc.c`, the same
# for dlx2.w with gb_flip); they read the problem on stdin. A program whose variable is unset
# or not executable is left out, and the script says so in one line. Prints a markdown table:
# each program's best, and each engine's speed-up over SSXCC and DLX2 (above 1: ours faster).
set -euo pipefail
rounds=${1:-5}
cd "$(dirname "$0")/.."
dlx=${2:-target/release/dlx}
if [ ! -x "$dlx" ]; then
    cargo build --release --quiet
fi
dlx=$(realpath "$dlx")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo run --release --quiet --example write_xc_problems -- --timing "$dir" > /dev/null
problems=(tests/data/xc/pentominoes6x10.dlx "$dir/word_rectangles4x5.dlx" tests/data/xc/queens12.dlx)

programs=(cells links)
for knuth in SSXCC DLX2; do
    var=${knuth}_BIN
    bin=${!var:-}
    if [ -n "$bin" ] && [ -x "$bin" ]; then
        programs+=("$knuth")
    else
        echo "knuth.sh: $var is unset or not executable: $knuth left out" >&2
    fi
done

# One run's user CPU seconds (bash's own `time`, so no /usr/bin/time is needed).
cpu() {
    local program=$1 file=$2
    local TIMEFORMAT=%U
    {
        time case $program in
            cells | links) "$dlx" xc --count --threads 1 --engine "$program" "$file" > /dev/null ;;
            SSXCC) "$SSXCC_BIN" < "$file" > /dev/null 2>&1 ;;
            DLX2) "$DLX2_BIN" < "$file" > /dev/null 2>&1 ;;
        esac
    } 2>&1
}

declare -A best
for round in $(seq "$rounds"); do
    for file in "${problems[@]}"; do
        if [ ! -e "$file" ]; then
            continue
        fi
        for program in "${programs[@]}"; do
            seconds=$(cpu "$program" "$file")
            key="$file|$program"
            current=${best[$key]:-}
            if [ -z "$current" ] || awk -v a="$seconds" -v b="$current" 'BEGIN { exit !(a < b) }'; then
                best[$key]=$seconds
            fi
        done
    done
    echo "knuth.sh: round $round of $rounds done" >&2
done

ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'
}

header="| problem |"
rule="|---|"
for program in "${programs[@]}"; do
    header+=" $program |"
    rule+="---:|"
done
for knuth in "${programs[@]:2}"; do
    header+=" cells vs $knuth | links vs $knuth |"
    rule+="---:|---:|"
done
echo "$header"
echo "$rule"
for file in "${problems[@]}"; do
    if [ ! -e "$file" ]; then
        echo "knuth.sh: $file is not there" >&2
        continue
    fi
    row="| $(basename "$file" .dlx) |"
    for program in "${programs[@]}"; do
        row+=" ${best[$file|$program]} s |"
    done
    for knuth in "${programs[@]:2}"; do
        row+=" $(ratio "${best[$file|$knuth]}" "${best[$file|cells]}") |"
        row+=" $(ratio "${best[$file|$knuth]}" "${best[$file|links]}") |"
    done
    echo "$row"
done

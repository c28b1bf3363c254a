#!/usr/bin/env bash
# Times Knuth's SSXCC and DLX2 beside `dlx xc --engine cells` and `--engine links` on the
# problems of the cells' speed target (the 6x10 pentominoes, the 4x5 word rectangles of
# `timing_suite`) and on 12 queens, then Knuth's DLX5 beside `dlx xc --min-cost` / `--best 5`
# on the problems with random costs of `timing_suite` (6x10 pentominoes, 20 to 22 queens):
# user CPU seconds, every program run once a round, rounds interleaved so that the machine's
# drift touches all alike, the best of the rounds kept. The cheapest covers are also timed on
# two threads, in wall-clock seconds, beside their one-thread wall-clock time.
#
#   SSXCC_BIN=/path/to/ssxcc DLX2_BIN=/path/to/dlx2 DLX5_BIN=/path/to/dlx5 \
#       bash benches/knuth.sh [ROUNDS] [DLX]
#
# ROUNDS defaults to 5; DLX to target/release/dlx (built if missing). Knuth's programs are
# built outside the project from ascherer/cwebtest (`ctangle ssxcc.w; gcc -O3 ssxcc.c`, the same
# for dlx2.w and dlx5.w with gb_flip); they read the problem on stdin, DLX5 its `k` as `k5`. A program whose variable is unset
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

# The best time of each program on each problem, by key.
declare -A best
keep_best() {
    local key=$1 seconds=$2
    local current=${best[$key]:-}
    if [ -z "$current" ] || awk -v a="$seconds" -v b="$current" 'BEGIN { exit !(a < b) }'; then
        best[$key]=$seconds
    fi
}

for round in $(seq "$rounds"); do
    for file in "${problems[@]}"; do
        if [ ! -e "$file" ]; then
            continue
        fi
        for program in "${programs[@]}"; do
            keep_best "$file|$program" "$(cpu "$program" "$file")"
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

# The cheapest covers: DLX5 against one thread (user CPU), and one thread against two (wall).
cost_problems=("$dir/pentominoes6x10_costs.dlx" "$dir/queens20_costs.dlx" "$dir/queens21_costs.dlx"
    "$dir/queens22_costs.dlx")
cost_programs=(one wall1 wall2)
if [ -n "${DLX5_BIN:-}" ] && [ -x "$DLX5_BIN" ]; then
    cost_programs+=(DLX5)
else
    echo "knuth.sh: DLX5_BIN is unset or not executable: DLX5 left out" >&2
fi

# One run of the cheapest covers, keeping k: user CPU seconds, or wall seconds on N threads.
cost_run() {
    local program=$1 file=$2 k=$3
    local TIMEFORMAT=%U
    case $program in
        wall1 | wall2) TIMEFORMAT=%R ;;
    esac
    {
        time case $program in
            one | wall1) "$dlx" xc --best "$k" --threads 1 "$file" > /dev/null ;;
            wall2) "$dlx" xc --best "$k" --threads 2 "$file" > /dev/null ;;
            DLX5) "$DLX5_BIN" "k$k" < "$file" > /dev/null 2>&1 ;;
        esac
    } 2>&1
}

for round in $(seq "$rounds"); do
    for file in "${cost_problems[@]}"; do
        for k in 1 5; do
            for program in "${cost_programs[@]}"; do
                keep_best "$file|$k|$program" "$(cost_run "$program" "$file" "$k")"
            done
        done
    done
    echo "knuth.sh: cheapest covers, round $round of $rounds done" >&2
done

echo
header="| problem | k | one thread (CPU) | one thread (wall) | two threads (wall) | two vs one |"
rule="|---|---:|---:|---:|---:|---:|"
if [[ " ${cost_programs[*]} " == *" DLX5 "* ]]; then
    header+=" DLX5 (CPU) | one thread vs DLX5 |"
    rule+="---:|---:|"
fi
echo "$header"
echo "$rule"
for file in "${cost_problems[@]}"; do
    for k in 1 5; do
        b() { echo "${best[$file|$k|$1]}"; }
        row="| $(basename "$file" .dlx) | $k | $(b one) s | $(b wall1) s | $(b wall2) s |"
        row+=" $(ratio "$(b wall1)" "$(b wall2)") |"
        if [[ " ${cost_programs[*]} " == *" DLX5 "* ]]; then
            row+=" $(b DLX5) s | $(ratio "$(b DLX5)" "$(b one)") |"
        fi
        echo "$row"
    done
done

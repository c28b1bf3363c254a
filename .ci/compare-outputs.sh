#!/usr/bin/env bash
# Compares two `dlx` binaries' outputs (standard output, standard error and exit code) command
# by command, on the project's own collections (puzzles/), the exact-cover files (tests/data/xc,
# and ../shared/xc when it is there), the task samples (tests/data/cases, ../shared/cases) and
# a few bad inputs. Figures that measure time (`time:`, `... per second:`, JSONL `micros`) are left out of the
# comparison; everything else must be byte-identical.
#
#   bash .ci/compare-outputs.sh OLD_DLX NEW_DLX
#
# Run from the repository root. Prints one line a difference (and its first lines of `diff`),
# then the number of commands compared; exits 1 when any differs.
set -uo pipefail
cd "$(dirname "$0")/.."
shared=${DLX_SHARED:-../shared}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Both binaries are run under the name `dlx`, which clap's usage lines show.
mkdir "$scratch/old-bin" "$scratch/new-bin"
cp "$1" "$scratch/old-bin/dlx"
cp "$2" "$scratch/new-bin/dlx"
old=$scratch/old-bin/dlx
new=$scratch/new-bin/dlx

compared=0
differed=0

# Runs `dlx ARGS...` with each binary; standard input is /dev/null unless STDIN names a file.
compare() {
    local which
    for which in old new; do
        local bin=$old
        [ "$which" = new ] && bin=$new
        "$bin" "$@" <"${STDIN:-/dev/null}" >"$scratch/$which.out" 2>"$scratch/$which.err"
        echo "exit $?" >>"$scratch/$which.err"
        # The binary's path appears in messages that quote the command: the same for both.
        sed -i -E -e 's/"(micros|millis|seconds)":[0-9.]+/"\1":_/g' -e '/^([a-z ]*time|[a-z ]*per second|elapsed):/d' -e "s#$bin#dlx#g" \
            "$scratch/$which.out" "$scratch/$which.err"
    done
    compared=$((compared + 1))
    if ! cmp -s "$scratch/old.out" "$scratch/new.out" || ! cmp -s "$scratch/old.err" "$scratch/new.err"; then
        differed=$((differed + 1))
        echo "DIFFERS: dlx $*${STDIN:+ < $STDIN}"
        diff "$scratch/old.out" "$scratch/new.out" | head -5
        diff "$scratch/old.err" "$scratch/new.err" | head -5
    fi
}

variant_of() {
    case "$(basename "$1")" in
    anti-king-*) echo anti-king ;;
    anti-knight-*) echo anti-knight ;;
    jigsaw-9x9.txt | jigsaw-random-*) echo jigsaw ;;
    killer-*) echo killer ;;
    windoku-*) echo windoku ;;
    x-*) echo x ;;
    esac
}

for file in puzzles/*.txt; do
    case "$file" in *-layout.txt) continue ;; esac
    variant=$(variant_of "$file")
    if [ -n "$variant" ]; then
        compare sudoku --variant "$variant" "$file"
        compare sudoku --variant "$variant" --jsonl --stats "$file"
        compare sudoku --variant "$variant" --count --limit 3 --threads 1 "$file"
        compare sudoku --variant "$variant" --unique "$file"
        compare rate --variant "$variant" --threads 1 "$file"
        continue
    fi
    compare sudoku "$file"
    compare sudoku --jsonl --stats "$file"
    compare sudoku --unique --to compact "$file"
    compare sudoku --count --limit 5 "$file"
    compare sudoku --algo backtrack --max-nodes 100000 "$file"
    compare sudoku --propagate none --threads 1 "$file"
    compare crosshatch --jsonl "$file"
    compare crosshatch --stats "$file"
    compare rate --max-nodes 200000 "$file"
done
compare sudoku --variant jigsaw --regions puzzles/jigsaw-9x9-layout.txt --stats puzzles/jigsaw-9x9.txt
compare sudoku --draw puzzles/x-9x9.txt --variant x
compare sudoku --draw puzzles/4x4.txt

xc_files=(tests/data/xc/*.dlx)
[ -d "$shared/xc" ] && xc_files+=("$shared"/xc/*.dlx)
for file in "${xc_files[@]}"; do
    case "$(basename "$file")" in
    pentominoes*) compare xc --count --stats "$file" ;;
    *)
        compare xc "$file"
        compare xc --count --stats "$file"
        compare xc --count --threads 1 --rule dlx1 "$file"
        compare xc --limit 2 --shard 2/3 "$file"
        compare xc --estimate 200 --seed 3 "$file"
        ;;
    esac
done

case_dirs=(tests/data/cases/*)
[ -d "$shared/cases" ] && case_dirs+=("$shared"/cases/*)
for dir in "${case_dirs[@]}"; do
    for file in "$dir"/*.in "$dir"/*.txt "$dir"/*.csv; do
        [ -e "$file" ] || continue
        case "$dir" in
        *cross*) compare crosshatch "$file" ;;
        *sudominoku* | *boj4574*) compare sudominoku "$file"; compare sudominoku --draw --jsonl "$file" ;;
        *)
            case "$(basename "$file")" in
            sudominoku*) compare sudominoku --stats "$file" ;;
            *) compare sudoku --stats "$file"; compare sudoku --jsonl "$file"; compare crosshatch "$file" ;;
            esac
            ;;
        esac
    done
done

compare generate --seed 7 --count 4
compare generate --seed 7 --count 3 --box 2x3 --symmetry central --jsonl
compare generate --seed 2 --count 2 --variant x,anti-knight
compare generate --seed 2 --count 2 --variant killer --max-cage 3
compare sudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
compare sudoku no-such-file.txt
compare sudoku --box 5x5 puzzles/4x4.txt
compare xc --limit 0 tests/data/xc/toy.dlx
printf 'A B\nA\nC\n' >"$scratch/bad.dlx"
compare xc "$scratch/bad.dlx"
printf '1234\n..\n%s\n' "$(head -1 puzzles/hard-9x9.txt)" >"$scratch/mixed.txt"
compare sudoku --jsonl "$scratch/mixed.txt"
STDIN=puzzles/minimal-9x9.txt compare sudoku --stats -
for command in "" sudoku xc generate rate crosshatch sudominoku bench; do
    compare $command --help
done

echo "$compared commands compared, $differed differ"
[ "$differed" -eq 0 ]

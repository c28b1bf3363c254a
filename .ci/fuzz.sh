#!/usr/bin/env bash
# CI: a short fuzzing run. Every target of fuzz/ runs ${FUZZ_SECONDS:-30} seconds from
# its committed seeds (fuzz/corpus/<target>); a crash, panic, failed check or timeout fails the
# script, naming the target and the input that did it, and showing its panic.
#
# Needs only the stable toolchain (and a C++ compiler for libFuzzer): RUSTC_BOOTSTRAP=1 lets
# cargo-fuzz pass its nightly-only flags (-Zsanitizer=address, ...) to the stable rustc. The
# targets are built once, with debug assertions and overflow checks (cargo fuzz's default).
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
seconds="${FUZZ_SECONDS:-30}"
# A fixed seed by default, so CI explores the same inputs from one run to the next (a finding is
# not luck of the draw); FUZZ_SEED=0 lets libFuzzer pick one at random, for longer runs by hand.
seed="${FUZZ_SEED:-1}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

targets=$(cargo fuzz list)
cargo fuzz build

failed=()
for target in $targets; do
    # What the fuzzer learns goes to a scratch corpus under fuzz/target (ignored by git), so
    # the committed seeds stay small.
    grown="fuzz/target/corpus/$target"
    log="fuzz/target/$target.log"
    mkdir -p "$grown"
    echo "fuzz: $target for ${seconds}s"
    # -close_fd_mask=3: the `cli` target prints to stdout and stderr as `dlx` does; libFuzzer
    # keeps its own messages. The panic message is shown below from a rerun of the input.
    flags=(-max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3
        -print_final_stats=1)
    if [ "$target" = cli ]; then
        # Each run's thread pool is still winding down when the input ends, so LeakSanitizer
        # would scan the heap after every input (measured: half the time, 95 runs/s not 170).
        flags+=(-detect_leaks=0)
    fi
    if cargo fuzz run "$target" "$grown" "fuzz/corpus/$target" -- "${flags[@]}" >"$log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^Done' "$log" | tr '\n' ' ' || true
        echo
    else
        failed+=("$target")
        echo "fuzz: $target FAILED; the end of its log ($log):"
        tail -n 30 "$log"
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        if [ -n "$artifact" ]; then
            echo "fuzz: $target: rerunning $artifact to show the panic:"
            rerun="fuzz/target/$target.rerun.log"
            cargo fuzz run "$target" "$artifact" -- -timeout=10 >"$rerun" 2>&1 || true
            # The panic's message, not the sanitizer's long stack that follows it.
            grep -A 6 'panicked at' "$rerun" || tail -n 20 "$rerun"
            echo "fuzz: reproduce with: RUSTC_BOOTSTRAP=1 cargo fuzz run $target $artifact"
        fi
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED targets: ${failed[*]}"
    exit 1
fi
echo "fuzz: every target ran ${seconds}s without a failure: $targets" | tr '\n' ' '
echo

#!/usr/bin/env bash
# Coverage-guided fuzzing of relurl: bash scripts/fuzz.sh [SECONDS] (default 60 per target).
#
# Installs what it needs if missing (cargo-fuzz from crates.io; a C++ compiler for
# libFuzzer from Debian), builds the targets of fuzz/fuzz_targets/ with cargo fuzz on the
# stable toolchain (`--sanitizer none`: AddressSanitizer needs nightly's -Zsanitizer),
# replays fuzz/corpus/ and fuzz/regressions/ (`cargo test --test replay` in fuzz/) and the
# minimized findings of fuzz/regressions/ under libFuzzer, then fuzzes each target for
# SECONDS, as many targets at a time as there are cores, from the seeds in fuzz/corpus/
# (new inputs go to fuzz/work/, which is not committed), with the URL-token dictionary
# fuzz/url.dict (or fuzz/<target>.dict where there is one: extract_links has HTML tokens
# too). Prints executions and findings per target, and exits non-zero on any finding (a
# panic, i.e. a failed property, or a hang of more than 10 s on one input) or a failing
# replay.
#
# `bash scripts/fuzz.sh --build` installs and builds (the targets and the replay test) and
# stops there: .ci/run runs it in the background while the tests run, and the fuzzing step
# later finds everything built.
#
# Environment: FUZZ_TARGETS="parse validate" to run only some targets; FUZZ_JOBS=1 to run
# them one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_ONLY=0
if [[ ${1:-} == --build ]]; then BUILD_ONLY=1; shift; fi
SECONDS_PER_TARGET="${1:-60}"
[[ "$SECONDS_PER_TARGET" =~ ^[0-9]+$ ]] || { echo "usage: $0 [--build | SECONDS]" >&2; exit 2; }
# Every target of fuzz/fuzz_targets/ unless FUZZ_TARGETS names some.
read -r -a TARGETS <<<"${FUZZ_TARGETS:-$(cd fuzz/fuzz_targets && for f in *.rs; do printf '%s ' "${f%.rs}"; done)}"
CARGO_FUZZ_VERSION=0.13.2
FUZZ=(cargo fuzz)
COMMON=(--sanitizer none --fuzz-dir fuzz)

# --- install (idempotent) -------------------------------------------------------------
if ! command -v c++ >/dev/null; then
    echo "fuzz: installing a C++ compiler (libFuzzer is C++)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q g++ >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q g++ >/dev/null; }
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz $CARGO_FUZZ_VERSION"
    # The dev profile: cargo-fuzz only starts cargo and the targets, so its own speed does not
    # matter, and its build takes less CPU than an optimized one (on CI's two cores, beside
    # the tests).
    cargo install --locked --debug --version "$CARGO_FUZZ_VERSION" cargo-fuzz
fi

# --- build ------------------------------------------------------------------------------
echo "fuzz: building ${TARGETS[*]} ($(cargo fuzz --version))"
for t in "${TARGETS[@]}"; do
    "${FUZZ[@]}" build "${COMMON[@]}" "$t"
done
if ((BUILD_ONLY)); then
    cargo test -q --manifest-path fuzz/Cargo.toml --test replay --no-run
    echo "fuzz: built ${TARGETS[*]} and the replay test"
    exit 0
fi

mkdir -p fuzz/logs
declare -A EXECS RATE FOUND
status=0

# --- replay: every seed and regression of every target, through its properties, without a
# fuzzer (fuzz/tests/replay.rs; it fails too when a target's inputs have no check) --------
if ! cargo test -q --manifest-path fuzz/Cargo.toml --test replay >fuzz/logs/replay.log 2>&1; then
    echo "fuzz: the replay of fuzz/corpus/ and fuzz/regressions/ fails (fuzz/logs/replay.log):"
    grep -A5 'panicked at' fuzz/logs/replay.log || tail -20 fuzz/logs/replay.log
    status=1
fi

# --- regressions: every minimized finding, replayed (-runs=0 runs the inputs once) ------
for t in "${TARGETS[@]}"; do
    dir="fuzz/regressions/$t"
    compgen -G "$dir/*" >/dev/null || continue
    if ! "${FUZZ[@]}" run "${COMMON[@]}" "$t" "$dir" -- -runs=0 >"fuzz/logs/$t.regressions.log" 2>&1; then
        echo "fuzz: $t: a regression input in $dir fails (fuzz/logs/$t.regressions.log):"
        grep -m1 -A2 'panicked at' "fuzz/logs/$t.regressions.log" || tail -5 "fuzz/logs/$t.regressions.log"
        status=1
    fi
done

# --- fuzz: FUZZ_JOBS targets at a time (default: one per core) --------------------------
fuzz_one() {
    local t=$1
    mkdir -p "fuzz/work/$t" "fuzz/artifacts/$t"
    ls "fuzz/artifacts/$t" >"fuzz/logs/$t.before"
    local rc=0 dict=fuzz/url.dict
    [[ -f "fuzz/$t.dict" ]] && dict="fuzz/$t.dict"
    "${FUZZ[@]}" run "${COMMON[@]}" "$t" "fuzz/work/$t" "fuzz/corpus/$t" -- \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -dict="$dict" -print_final_stats=1 \
        >"fuzz/logs/$t.log" 2>&1 || rc=$?
    echo "$rc" >"fuzz/logs/$t.rc"
}
JOBS="${FUZZ_JOBS:-$(nproc)}"
echo "fuzz: ${TARGETS[*]}, ${SECONDS_PER_TARGET}s each, $JOBS at a time"
running=0
for t in "${TARGETS[@]}"; do
    if (( running >= JOBS )); then wait -n || true; running=$((running - 1)); fi
    fuzz_one "$t" &
    running=$((running + 1))
done
wait

for t in "${TARGETS[@]}"; do
    log="fuzz/logs/$t.log"
    rc=$(cat "fuzz/logs/$t.rc")
    EXECS[$t]=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    RATE[$t]=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    new=$(comm -13 "fuzz/logs/$t.before" <(ls "fuzz/artifacts/$t") | grep -E '^(crash|timeout|oom|leak)-' || true)
    FOUND[$t]=$(grep -c . <<<"$new" || true)
    if [[ $rc -ne 0 || ${FOUND[$t]} -ne 0 ]]; then
        status=1
        [[ ${FOUND[$t]} -ne 0 ]] || FOUND[$t]="exit $rc"
        echo "fuzz: $t: FINDING (log: $log)"
        grep -m1 -A2 'panicked at' "$log" || grep -m3 -E 'ERROR|SUMMARY' "$log" || tail -5 "$log"
        for f in $new; do echo "  input: fuzz/artifacts/$t/$f"; done
        echo "  minimize: cargo fuzz tmin ${COMMON[*]} $t fuzz/artifacts/$t/<file>"
    fi
done

echo
printf '%-18s %14s %10s  %s\n' target executions exec/s findings
for t in "${TARGETS[@]}"; do
    printf '%-18s %14s %10s  %s\n' "$t" "${EXECS[$t]:-?}" "${RATE[$t]:-?}" "${FOUND[$t]:-?}"
done
if [[ $status -ne 0 ]]; then
    echo "fuzz: FINDINGS (see above)"
else
    echo "fuzz: no findings (${SECONDS_PER_TARGET}s per target)"
fi
exit $status

#!/usr/bin/env bash
# Runs fuzz targets one after another: `fuzz/run.sh SECONDS [TARGET…]` (all targets when none
# is named), each for SECONDS with a 1 GiB memory cap and 10 s per input, debug assertions
# (overflow checks) on. Findings go to fuzz/artifacts/TARGET/, new inputs to fuzz/corpus/TARGET/;
# each run's log to fuzz/logs/TARGET.log. Needs the nightly toolchain and cargo-fuzz.
set -u
cd "$(dirname "$0")"
seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET…]}
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
mkdir -p logs
for t in "${targets[@]}"; do
    echo "== $t for ${seconds}s"
    # Fork mode with ignore_*: a finding is saved and the run goes on to its full time.
    cargo +nightly fuzz run -a "$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=1024 -timeout=10 -max_len=4096 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -print_final_stats=1 >"logs/$t.log" 2>&1
    echo "   exit $?; findings: $(ls "artifacts/$t" 2>/dev/null | wc -l)"
done

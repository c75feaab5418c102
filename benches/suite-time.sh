#!/usr/bin/env bash
# How long `cargo test` takes after the build: the goal is under
# 25 s of wall time on the 2-core build machine. Builds the tests first (not
# timed), then runs the whole `cargo test` RUNS times (default 3) and prints
# each run's wall and CPU time, then the CPU of each integration-test module
# run alone (the test binary with a `module::` filter), largest first, so
# the next thing to make faster is on the first line.
#
#   benches/suite-time.sh            # 3 runs and the modules
#   RUNS=1 MODULES=0 benches/suite-time.sh
#
# Measure on an idle machine: the figures in docs/performance.md were.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
cargo test --no-run -q 2>/dev/null
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  if ! /usr/bin/time -f "cargo test, run $i: %e s wall, %U s user + %S s system CPU" \
    cargo test -q >/tmp/suite-time.$$.out 2>/tmp/suite-time.$$; then
    sed -n '/^failures:/,$p' /tmp/suite-time.$$.out
    tail -1 /tmp/suite-time.$$
    rm -f /tmp/suite-time.$$ /tmp/suite-time.$$.out
    exit 1
  fi
  tail -1 /tmp/suite-time.$$
done
rm -f /tmp/suite-time.$$ /tmp/suite-time.$$.out
[ "${MODULES:-1}" = 0 ] && exit 0
binary=$(cargo test --no-run --message-format=json -q 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("target", {}).get("name") == "tests" and m.get("executable"):
        print(m["executable"])')
echo "each integration-test module alone (CPU = user + system, of the tests and every process they start):"
"$binary" --list 2>/dev/null | sed -n 's/::.*: test$//p' | sort -u | while read -r module; do
  /usr/bin/time -f "%U %S %e $module" "$binary" "$module::" -q >/dev/null 2>>/tmp/suite-modules.$$ || true
done
grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [a-z_0-9]+$' /tmp/suite-modules.$$ |
  awk '{printf "  %-18s %5.1f s CPU  %5.1f s wall\n", $4, $1 + $2, $3}' | sort -k2 -n -r | head -20
rm -f /tmp/suite-modules.$$

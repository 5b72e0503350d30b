#!/bin/sh
# The long reliability budget, outside CI:
#   bench/fuzz_long.sh                       # 3000 examples per fuzz test, 10 kill -9 rounds
#   NAGLE_FUZZ_EXAMPLES=20000 bench/fuzz_long.sh -x
# Extra arguments go to pytest. Prints how many programs were fuzzed, by generator.
set -u
cd "$(dirname "$0")/.."
EXAMPLES=${NAGLE_FUZZ_EXAMPLES:-3000}
ROUNDS=${NAGLE_FAULT_ROUNDS:-10}
COUNT=$(mktemp /tmp/nagle-fuzz-count.XXXXXX)
start=$(date +%s)
NAGLE_FUZZ_EXAMPLES=$EXAMPLES NAGLE_FUZZ_COUNT=$COUNT \
    python -m pytest tests/test_fuzz.py -q -p no:cacheprovider --hypothesis-show-statistics "$@"
fuzz_status=$?
NAGLE_FAULT_ROUNDS=$ROUNDS NAGLE_FAULT_COPIES=${NAGLE_FAULT_COPIES:-12} \
    python -m pytest tests/test_fix_faults.py -q -p no:cacheprovider -s -k kill "$@"
fault_status=$?
echo "== programs fuzzed (budget $EXAMPLES per test), by generator:"
sort "$COUNT" | uniq -c
echo "== total: $(wc -l < "$COUNT") programs, $(( $(date +%s) - start )) s; kill -9 rounds: $ROUNDS"
rm -f "$COUNT"
[ $fuzz_status -eq 0 ] && [ $fault_status -eq 0 ]

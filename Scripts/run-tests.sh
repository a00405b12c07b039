#!/usr/bin/env bash
# Runs both test targets (`swift test --skip-build`, arguments passed on) and, when the run
# fails, ends with what a reader of only the log's last lines needs: the crash and the crashed
# thread's frames, the failed tests, and the tests that started and never ended (the ones a
# crash cut short). A CI page shows the end of the log; a crash's own report ends with
# registers and loaded images, which name no test.
set -uo pipefail
cd "$(dirname "$0")/.."

log=.build/test-output.log
mkdir -p .build
"${SWIFT:-swift}" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

echo
echo "==== swift test failed (exit $status); from its log ($log):"
grep -a -E "💣|Fatal error|SWIFT TASK|Simultaneous accesses|Incorrect actor executor|double free|corrupted" "$log" |
  head -n 20
# The crashed thread: from "Thread N crashed:" to the first blank line after its frames.
awk '/ crashed:$/ { on = 1 } on { print; if (/^$/ && ++blank > 1) exit }' "$log" | head -n 40
echo "-- failed:"
grep -a -E "^✘ Test .* (failed|recorded an issue)" "$log" | head -n 20
echo "-- started and never ended:"
python3 - "$log" <<'PY'
import re, sys
from collections import Counter
open_tests = Counter()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("◇ Test case passing"):
        continue  # a parameterised test's cases: the test's own line ends it
    if started := re.match(r"◇ Test (.*) started\.$", line):
        if started[1] != "run":  # the whole run's own line
            open_tests[started[1]] += 1
    elif ended := re.match(r"[✔✘] Test (.*) (passed|failed) after ", line):
        open_tests[ended[1]] -= 1
for name, count in open_tests.items():
    if count > 0:
        print("  " + name)
PY
exit "$status"

#!/usr/bin/env bash
# Runs both test targets (`swift test --skip-build`, arguments passed on) and, when the run
# fails, ends with what a reader of only the log's last lines needs. A CI page shows the end
# of the log, so the summary is ordered from least to most telling, and the crash comes last:
# the tests that started and never ended (the ones a crash cut short) folded onto a few
# lines, the failed tests, then the crash's own message and the crashed thread's first frames
# (a crash's report ends with registers and loaded images, which name no test).
set -uo pipefail
cd "$(dirname "$0")/.."

log=.build/test-output.log
mkdir -p .build
"${SWIFT:-swift}" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

echo
echo "==== swift test failed (exit $status); from its log ($log):"
echo "-- started and never ended:"
python3 - "$log" <<'PY'
import re, sys, textwrap
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
names = [name for name, count in open_tests.items() if count > 0]
print(f"  {len(names)}:")
print(textwrap.fill(", ".join(names), width=160, initial_indent="  ", subsequent_indent="  "))
PY
echo "-- failed:"
grep -a -E "^✘ Test .* (failed|recorded an issue)" "$log" | head -n 10
echo "-- crash:"
grep -a -E "💣|Fatal error|SWIFT TASK|Simultaneous accesses|Incorrect actor executor|double free|corrupted|Exited with|signal" \
  "$log" | grep -a -v -E "^(◇|✔) " | head -n 6
# The crashed thread: from "Thread N crashed:" to the first blank line after its frames.
awk '/ crashed:$/ { on = 1 } on { print; if (/^$/ && ++blank > 1) exit }' "$log" | cut -c1-200 | head -n 14
exit "$status"

# drm_lib.sh: what the drm runner's shell tests share, sourced after shell_lib.sh: the fake DRM
# device preloaded into a command (FAKEDRM_PRELOAD, set by tests/CMakeLists.txt: under ASan it
# names the sanitizer's runtime first), and the comparison of two campaigns' stored outcomes.
# (Not named cli_*.sh, so that tests/CMakeLists.txt does not take it for a test.)
if [ -z "${FAKEDRM_PRELOAD:-}" ]; then
	echo "FAKEDRM_PRELOAD is not set (run through ctest)" >&2
	exit 77
fi
command -v sqlite3 >/dev/null || { echo "sqlite3 is needed (ci/setup-debian installs it)" >&2; exit 1; }

# The three fake GPUs, one per ISA; a hang is declared after 2 ms instead of the kernel's 500.
export FAKEDRM_DEVICES=/dev/dri/renderD128=t760,/dev/dri/renderD129=g71,/dev/dri/renderD130=mali400
export FAKEDRM_SCHED_TIMEOUT_MS=2

# fake COMMAND...: runs COMMAND with the fake device preloaded.
fake() {
	LD_PRELOAD="$FAKEDRM_PRELOAD" "$@"
}

# fake_program BIN OUT: writes OUT, a program that runs BIN with the fake device preloaded, for
# scripts that take the program to run (ci/nightly --isaprobe): preloading the script itself would
# put the ASan build's runtime into bash, whose own leaks LeakSanitizer then reports.
fake_program() {
	printf '#!/bin/sh\nLD_PRELOAD="%s" exec "%s" "$@"\n' "$FAKEDRM_PRELOAD" "$1" >"$2"
	chmod +x "$2"
}

# runs_of DB PROBE: every stored run of PROBE's campaigns in DB, one line each: context, value,
# outcome hash and count, sorted (what two campaigns of the same variants must agree on).
runs_of() {
	sqlite3 "$1" "SELECT r.context, hex(r.value), hex(o.hash), o.status, o.fault, r.count
		FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id
		JOIN probe p ON p.id = c.probe_id WHERE p.name = '$2' ORDER BY 1, 2, 3"
}

# same_runs DB1 DB2 PROBE WHAT: the two databases stored the same runs of PROBE (and some).
same_runs() {
	runs_of "$1" "$3" >"$tmp/a.runs"
	runs_of "$2" "$3" >"$tmp/b.runs"
	if [ ! -s "$tmp/a.runs" ]; then
		fail "$4: no runs of $3 stored"
	elif ! cmp -s "$tmp/a.runs" "$tmp/b.runs"; then
		fail "$4: $3: $(diff "$tmp/a.runs" "$tmp/b.runs" | grep -c '^[<>]') runs differ"
		diff "$tmp/a.runs" "$tmp/b.runs" | head -5 >&2
	else
		ok
	fi
}

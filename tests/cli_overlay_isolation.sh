#!/usr/bin/env bash
# cli_overlay_isolation.sh: inference never reads the public-knowledge overlay
# (docs/public-overlay.md): no inference source (reports/infer*.c) includes isaprobe/public.h,
# names an overlay or a public table, and no inference object of this build refers to one (the
# object files' undefined symbols, by nm). Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
# the symbols of the overlay and of the public tables it is made of
syms='ip_public_overlay|midgard_public|bifrost_public|_public\b|midgard_ls_public|midgard_ls_varying_params|midgard_ls_ubo_offset'
srcs=("$src"/reports/infer*.c "$src"/reports/infer*.h)
[ "${#srcs[@]}" -ge 5 ] && ok || fail "inference sources not found: ${srcs[*]}"
if grep -nE "isaprobe/public\.h|$syms" "${srcs[@]}"; then
	fail "an inference source names the overlay"
else
	ok
fi
objs=("$(dirname "$bin")"/CMakeFiles/isaprobe_lib.dir/reports/infer*.c.o)
if [ -f "${objs[0]}" ] && command -v nm >/dev/null; then
	[ "${#objs[@]}" -ge 5 ] && ok || fail "inference objects not found"
	if nm -u "${objs[@]}" | grep -E "$syms"; then
		fail "an inference object refers to the overlay"
	else
		ok
	fi
	# the check can see such a reference: the report objects do refer to it
	nm -u "$(dirname "$bin")"/CMakeFiles/isaprobe_lib.dir/reports/report_public.c.o |
		grep -qE "ip_public_overlay" && ok || fail "nm does not show report_public's reference"
else
	echo "cli_overlay_isolation: no object files or nm: the sources alone were checked"
fi
finish

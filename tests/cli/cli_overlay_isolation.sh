#!/usr/bin/env bash
# cli_overlay_isolation.sh: inference never reads the public-knowledge overlay
# (docs/public-overlay.md): no inference source (infer/*.c) includes isaprobe/public.h,
# names an overlay or a public table, and no inference object of this build refers to one (the
# object files' undefined symbols, by nm). Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
# the symbols of the overlay and of the public tables it is made of
overlays='midgard_public bifrost_public utgard_gp_public a3xx_public ctm_public'
syms="ip_public_overlay|${overlays// /|}|_public\b|midgard_ls_public|midgard_ls_varying_params|midgard_ls_ubo_offset"
srcs=("$src"/infer/*.c "$src"/infer/*.h)
[ "${#srcs[@]}" -ge 5 ] && ok || fail "inference sources not found: ${srcs[*]}"
if grep -nE "isaprobe/public\.h|$syms" "${srcs[@]}"; then
	fail "an inference source names the overlay"
else
	ok
fi
objs=("$(dirname "$bin")"/CMakeFiles/isaprobe_lib.dir/infer/*.c.o)
if [ -f "${objs[0]}" ] && command -v nm >/dev/null; then
	[ "${#objs[@]}" -ge 5 ] && ok || fail "inference objects not found"
	if nm -u "${objs[@]}" | grep -E "$syms"; then
		fail "an inference object refers to the overlay"
	else
		ok
	fi
	# every overlay is an object of its own that defines the symbol the pattern names
	for ov in $overlays; do
		isa=${ov%_public}
		o=("$(dirname "$bin")"/CMakeFiles/isaprobe_lib.dir/encoders/"$isa"/*_public.c.o)
		nm --defined-only "${o[@]}" 2>/dev/null | grep -qE " [DRB] $ov\$" && ok ||
			fail "no object of encoders/$isa defines $ov"
	done
	# the check can see such a reference: the report objects do refer to it
	nm -u "$(dirname "$bin")"/CMakeFiles/isaprobe_lib.dir/reports/report_public.c.o |
		grep -qE "ip_public_overlay" && ok || fail "nm does not show report_public's reference"
else
	echo "cli_overlay_isolation: no object files or nm: the sources alone were checked"
fi
finish

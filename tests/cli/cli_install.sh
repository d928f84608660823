#!/usr/bin/env bash
# cli_install.sh: `cmake --install` of this build into a temporary prefix: the layout, the
# installed isaprobe running a shipped probe's campaign from share/isaprobe/probes, the example
# device built with `pkg-config --cflags --libs isaprobe` and run as a remote runner, the man
# page, the bash completion, and a DESTDIR install. Usage: cli_install.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

build=$(cd "$(dirname "$bin")" && pwd)
cache=$build/CMakeCache.txt
cmake=$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$cache")
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$cache")
prefix=$tmp/prefix

# has PATH...: each file exists under the prefix.
has() {
	for f in "$@"; do
		[ -e "$prefix/$f" ] && ok || fail "not installed: $f"
	done
}

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
	{ fail "cmake --install"; cat "$tmp/install.log" >&2; finish; exit; }
has bin/isaprobe include/isaprobe/store.h include/isaprobe/remote.h \
	include/isaprobe/utgard_gp_whatif.h share/man/man1/isaprobe.1 \
	share/bash-completion/completions/isaprobe share/isaprobe/probes/midgard/ls_loads.probe \
	share/isaprobe/probes/utgard_gp/acc_op.probe share/doc/isaprobe/README.md \
	share/doc/isaprobe/probe-format.md share/doc/isaprobe/design.md \
	share/doc/isaprobe/notes/README.md share/doc/isaprobe/notes/000_3a2d5c54c1fe762a.txt \
	share/doc/isaprobe/examples/utgard_gp_whatif/utgard_gp_whatif.c
pc=$(find "$prefix" -name isaprobe.pc)
lib=$(find "$prefix" -name libisaprobe.a)
[ -n "$lib" ] && [ "$(dirname "$pc")" = "$(dirname "$lib")/pkgconfig" ] && ok ||
	fail "libisaprobe.a ($lib) and pkgconfig/isaprobe.pc ($pc) side by side"
[ ! -e "$prefix/bin/isaprobe-fuzz" ] && ok || fail "a developer tool was installed"
# The synthetic devices (runners/synth/) are test and benchmark support: neither their header
# nor their code ships.
if [ ! -e "$prefix/include/isaprobe/synth.h" ] && ! nm "$lib" 2>/dev/null | grep -q ' T ip_synth_'
then ok; else fail "the synthetic devices were installed"; fi
# Only the public headers: none of include/isaprobe/internal/, and each installed one compiles
# on its own (it includes nothing that was left out).
[ ! -e "$prefix/include/isaprobe/internal" ] && [ ! -e "$prefix/include/isaprobe/internal/campaign.h" ] &&
	ok || fail "internal headers were installed"
for h in "$prefix"/include/isaprobe/*.h; do
	printf '#include "isaprobe/%s"\nint main(void) { return 0; }\n' "$(basename "$h")" >"$tmp/h.c"
	"$cc" -std=c11 -Wall -Werror -I"$prefix/include" -c -o "$tmp/h.o" "$tmp/h.c" 2>"$tmp/h.err" &&
		ok || { fail "installed $(basename "$h") does not compile alone"; cat "$tmp/h.err" >&2; }
done

# The installed program, from another folder, on a shipped probe: campaign, infer, report.
installed=$prefix/bin/isaprobe
mkdir -p "$tmp/work" && cd "$tmp/work" || exit 1
"$installed" --version | grep -q '^isaprobe [0-9]' && ok || fail "installed isaprobe --version"
"$installed" campaign "$prefix/share/isaprobe/probes/midgard/ls_loads.probe" --db demo.db --quiet &&
	ok || fail "installed: campaign of the shipped ls_loads.probe"
"$installed" infer --db demo.db >infer.out 2>&1 && grep -q ' in 12 contexts of 1 probe' infer.out &&
	ok || { fail "installed: infer"; cat infer.out >&2; }
"$installed" report --db demo.db --format md >report.md 2>&1 && grep -q 'probe `ls_loads`' report.md &&
	ok || { fail "installed: report"; head report.md >&2; }

# pkg-config builds the example device from the installed sources; it serves the what-if
# accumulator opcode 3 (a - b), which the report names sub.
flags=()
grep -q '^ISAPROBE_SANITIZE:BOOL=ON' "$cache" && flags=(-fsanitize=address,undefined)
export PKG_CONFIG_PATH=$(dirname "$pc")
if "$cc" -std=c11 -Wall -Wextra -Werror "${flags[@]}" -o whatif \
	"$prefix/share/doc/isaprobe/examples/utgard_gp_whatif/utgard_gp_whatif.c" \
	$(pkg-config --cflags --libs isaprobe) 2>cc.err; then
	ok
	"$installed" campaign "$prefix/share/isaprobe/probes/utgard_gp/acc_op.probe" \
		--runner remote:./whatif --db whatif.db --quiet && "$installed" infer --db whatif.db -q &&
		"$installed" report --db whatif.db | grep -q '3: sub, ' && ok ||
		fail "the example built with pkg-config, as a remote runner: value 3 is sub"
else
	fail "pkg-config --cflags --libs isaprobe does not build the example:"
	cat cc.err >&2
fi
grep -q '^Libs: -L${libdir} -lisaprobe' "$pc" && grep -q "^prefix=$prefix\$" "$pc" && ok ||
	{ fail "isaprobe.pc names the prefix installed to"; cat "$pc" >&2; }

# The man page: every command of `isaprobe --help` has its section, with its options.
man=$prefix/share/man/man1/isaprobe.1
for c in $("$installed" --help | sed -nE 's/^  ([a-z][a-z0-9_-]*) .*/\1/p'); do
	grep -q "^\.SS \"isaprobe $c\"" "$man" && ok || fail "man page: no section for $c"
done
grep -q '^\\-\\-dry\\-run ' "$man" || grep -q '\\-\\-dry\\-run' "$man" && ok || fail "man page: campaign --dry-run"
grep -q '^\.SS "isaprobe campaign \\-\\-engine afl"' "$man" && ok || fail "man page: the afl engine's help"
if command -v groff >/dev/null; then
	groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff.err" && [ ! -s "$tmp/groff.err" ] && ok ||
		{ fail "groff warns about the man page:"; cat "$tmp/groff.err" >&2; }
	MANWIDTH=100 man -l "$man" 2>/dev/null | grep -q -- '--strategy S     walk, pairs, exhaustive' && ok ||
		fail "man -l renders the campaign options"
fi

# Bash completion, as installed: COMP_WORDS in, COMPREPLY out.
comp() {
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMPREPLY=()
	_isaprobe
	printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
# want WORDS -- what `comp` printed must list these (in any order, maybe with more).
want() {
	local got=$1 w
	shift
	for w in "$@"; do
		[[ " $got " == *" $w "* ]] || { fail "completion: '$w' missing from: $got"; return; }
	done
	ok
}
(
	. "$prefix/share/bash-completion/completions/isaprobe"
	PATH=$prefix/bin:$PATH
	cd "$prefix/share/isaprobe" || exit 1
	want "$(comp isaprobe '')" agent asm bench campaign db disasm fields infer query report run --help
	want "$(comp isaprobe cam)" campaign
	want "$(comp isaprobe campaign --dr)" --dry-run
	[ "$(comp isaprobe campaign --strategy '')" = "auto exhaustive pairs random walk " ] && ok ||
		fail "completion of --strategy: $(comp isaprobe campaign --strategy '')"
	want "$(comp isaprobe campaign --runner '')" sim remote:
	want "$(comp isaprobe campaign probes/midgard/ls_)" probes/midgard/ls_loads.probe probes/midgard/ls_stores.probe
	want "$(comp isaprobe asm -i '')" midgard bifrost utgard_gp ctm a3xx
	want "$(comp isaprobe fields midgard load)" load_store
	[ "$(comp isaprobe report --format '')" = "html json md " ] && ok ||
		fail "completion of report --format: $(comp isaprobe report --format '')"
	want "$(comp isaprobe query --format '')" table md csv json
	want "$(comp isaprobe query --db x.db '')" campaigns new-findings field examples unknown-fields
	want "$(comp isaprobe query --db x.db unknown-fields '')" midgard bifrost
	want "$(comp isaprobe disasm --style '')" isaprobe mesa
	want "$(comp isaprobe db '')" merge
	want "$(comp isaprobe bench '')" sim store campaign infer
	echo "$passes $fails" >"$tmp/sub"
)
read -r passes fails <"$tmp/sub"

# A staged install (DESTDIR), as packages make it: files under the stage, paths without it.
cd "$tmp" || exit 1
DESTDIR=$tmp/stage "$cmake" --install "$build" --prefix /usr >"$tmp/stage.log" 2>&1 && ok ||
	{ fail "DESTDIR install"; cat "$tmp/stage.log" >&2; }
spc=$(find "$tmp/stage" -name isaprobe.pc)
[ -x "$tmp/stage/usr/bin/isaprobe" ] && grep -q '^prefix=/usr$' "$spc" && ok ||
	fail "DESTDIR install: usr/bin/isaprobe, and a .pc with prefix /usr ($spc)"
finish

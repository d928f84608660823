#!/usr/bin/env bash
# cli_export_mesa.sh: `isaprobe export --against` a copy of Mesa's own ir3-cat6.xml and ISA.xml
# gives diffs that `patch` applies, after which Mesa's own parsers still load the result:
# isaspec's isa.py loading ir3.xml (with the patched ir3-cat6.xml beside it), bifrost_isa.py's
# parse_instructions('ISA.xml'). Needs a Mesa source tree: ISAPROBE_MESA=DIR (its src/compiler/
# isaspec, src/freedreno/isa, src/panfrost/compiler); skips (77) without one.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
mesa=${ISAPROBE_MESA:-}
isa_dir=$mesa/src/freedreno/isa
bi_dir=$mesa/src/panfrost/compiler
if [ -z "$mesa" ] || [ ! -f "$isa_dir/ir3-cat6.xml" ] || [ ! -f "$bi_dir/ISA.xml" ] ||
	[ ! -f "$mesa/src/compiler/isaspec/isa.py" ] || [ ! -f "$bi_dir/bifrost_isa.py" ]; then
	echo "cli_export_mesa: skipped (set ISAPROBE_MESA to a Mesa source tree)"
	exit 77
fi
db=$tmp/f.db
must "campaigns" "$bin" campaign "$src/probes/a3xx/cat6_unknown.probe" \
	"$src/probes/a3xx/cat6_store_pad.probe" "$src/probes/bifrost/add_modifier_unknowns.probe" \
	"$src/probes/bifrost/fma_twosrc_unknowns.probe" --db "$db" --quiet
must "infer" "$bin" infer --db "$db" >/dev/null

mkdir -p "$tmp/isa" "$tmp/bi"
cp "$isa_dir"/ir3*.xml "$tmp/isa/"
cp "$bi_dir/ISA.xml" "$tmp/bi/"
if "$bin" export --db "$db" --format isaspec --against "$tmp/isa/ir3-cat6.xml" >"$tmp/cat6.diff" &&
	patch -s "$tmp/isa/ir3-cat6.xml" <"$tmp/cat6.diff" &&
	grep -c '<!-- isaprobe (docs/export.md)' "$tmp/isa/ir3-cat6.xml" >"$tmp/n" &&
	[ "$(cat "$tmp/n")" -ge 3 ]; then
	ok
else
	fail "ir3-cat6.xml: the diff does not apply"
fi
if (cd "$mesa/src/compiler/isaspec" && python3 -c "import sys; sys.path.insert(0, '.'); from isa import ISA; i = ISA(sys.argv[1]); assert 'ldg' in i.bitsets" "$tmp/isa/ir3.xml"); then
	ok
else
	fail "isa.py no longer loads ir3.xml with the patched ir3-cat6.xml"
fi
if "$bin" export --db "$db" --format bifrost-isa-xml --against "$tmp/bi/ISA.xml" >"$tmp/bi.diff" &&
	patch -s "$tmp/bi/ISA.xml" <"$tmp/bi.diff" &&
	[ "$(grep -c '<!-- isaprobe (docs/export.md)' "$tmp/bi/ISA.xml")" -ge 4 ]; then
	ok
else
	fail "ISA.xml: the diff does not apply"
fi
if (cd "$tmp/bi" && python3 -c "import sys; sys.path.insert(0, sys.argv[1]); from bifrost_isa import parse_instructions; i = parse_instructions('ISA.xml'); assert '+FADD.f32' in i" "$bi_dir"); then
	ok
else
	fail "bifrost_isa.py no longer parses the patched ISA.xml"
fi
finish

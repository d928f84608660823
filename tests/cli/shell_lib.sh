# shell_lib.sh: what the cli_*.sh tests share, sourced first thing: the arguments as bin and src,
# a scratch folder $tmp removed on exit, pass/fail counting, expect, expect_out, must, and the
# summary line.
# (Not named cli_*.sh, so that tests/CMakeLists.txt does not take it for a test.)
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 passes=0

ok() { passes=$((passes + 1)); }
fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

# expect STATUS PATTERN -- command...: exit status STATUS and stderr matching PATTERN.
expect() {
	local want=$1 pattern=$2
	shift 3
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/err"; then
		fail "$*: status $got (want $want), stderr (wanted /$pattern/):"
		cat "$tmp/err" >&2
	else
		ok
	fi
}

# probe_programs ISA: the seed program of every probes/ISA/*.probe (the lines between
# `program <<TAG` and `TAG`) assembles and survives disasm -> asm bit for bit.
probe_programs() {
	local isa=$1 probe name tag
	for probe in "$src"/probes/"$isa"/*.probe; do
		name=$(basename "$probe" .probe)
		tag=$(sed -n 's/^program <<\([A-Za-z_]*\)$/\1/p' "$probe")
		[ -n "$tag" ] || { fail "$name: no program <<TAG"; continue; }
		awk -v tag="$tag" '$0 == "program <<" tag {on = 1; next} $0 == tag {on = 0} on' "$probe" >"$tmp/$name.s"
		if ! "$bin" asm -i "$isa" "$tmp/$name.s" -o "$tmp/$name.bin" 2>"$tmp/err"; then
			fail "$name: seed program does not assemble: $(cat "$tmp/err")"
			continue
		fi
		"$bin" disasm -i "$isa" "$tmp/$name.bin" >"$tmp/$name.dis.s" 2>"$tmp/err" &&
			"$bin" asm -i "$isa" "$tmp/$name.dis.s" -o "$tmp/$name.again.bin" 2>>"$tmp/err" &&
			cmp -s "$tmp/$name.bin" "$tmp/$name.again.bin" ||
			{ fail "$name: disasm -> asm differs: $(cat "$tmp/err")"; continue; }
		ok
	done
}

# expect_out STATUS PATTERN -- command...: exit status STATUS and stdout+stderr together
# matching PATTERN (for commands whose answer is on stdout).
expect_out() {
	local want=$1 pattern=$2
	shift 3
	"$@" >"$tmp/out" 2>&1
	local got=$?
	if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/out"; then
		fail "$*: status $got (want $want), wanted /$pattern/ in:"
		cat "$tmp/out" >&2
	else
		ok
	fi
}

# must WHAT command...: a step that what follows needs: a pass, or a failure that ends the test
# (with its summary line).
must() {
	local what=$1
	shift
	"$@" && ok || { fail "$what"; finish; exit; }
}

# The summary line; its status is the test's: the last command of every test.
finish() {
	echo "$(basename "$0" .sh): $passes passed, $fails failed"
	[ "$fails" -eq 0 ]
}

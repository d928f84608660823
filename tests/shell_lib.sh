# shell_lib.sh: what the cli_*.sh tests share, sourced first thing: the arguments as bin and src,
# a scratch folder $tmp removed on exit, pass/fail counting, expect, and the summary line.
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

# The summary line; its status is the test's: the last command of every test.
finish() {
	echo "$(basename "$0" .sh): $passes passed, $fails failed"
	[ "$fails" -eq 0 ]
}

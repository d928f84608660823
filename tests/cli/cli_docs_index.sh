#!/usr/bin/env bash
# cli_docs_index.sh: docs/README.md is the index of the documentation: it links every page under
# docs/ (the seed notes by their README), and every page it links exists. Usage: cli_docs_index.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
index=$src/docs/README.md
[ -f "$index" ] && ok || fail "no docs/README.md"
# the targets of the index's Markdown links, one per line
grep -o '](\([^)]*\))' "$index" | sed 's/^](//; s/)$//' | sort -u >"$tmp/linked"
[ -s "$tmp/linked" ] && ok || fail "docs/README.md links nothing"
while read -r target; do
	[ -f "$src/docs/$target" ] && ok || fail "docs/README.md links $target, which does not exist"
done <"$tmp/linked"
(cd "$src/docs" && ls -1 *.md | grep -vx README.md; echo notes/README.md) | sort >"$tmp/pages"
while read -r page; do
	grep -qx "$page" "$tmp/linked" && ok || fail "docs/README.md does not link docs/$page"
done <"$tmp/pages"
finish

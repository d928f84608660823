#!/usr/bin/env bash
# cli_docs_examples.sh: every example of README.md and docs/*.md, run against this build by
# tests/cli/docs_examples.py (which says how each fenced block is run). Usage: SCRIPT ISAPROBE SRCDIR
set -u
exec python3 "$(dirname "$0")/docs_examples.py" "$1" "$2"

# isaprobe.bash: bash completion for isaprobe. Everything it offers is read from the program
# being completed (`isaprobe --help`, `isaprobe COMMAND --help`, `isaprobe fields`, `isaprobe
# bench --list`), so new commands, options and ISAs need no edit here. Installed as
# share/bash-completion/completions/isaprobe; from a checkout: `. packaging/isaprobe.bash`.

# The help text of `isaprobe ARGS... --help` for the program $1, cached for the session.
_isaprobe_help() {
	local bin=$1 key
	shift
	key="$bin $*"
	if [[ ${_isaprobe_cache_key-} != "$key" ]]; then
		_isaprobe_cache_key=$key
		_isaprobe_cache_text=$("$bin" "$@" --help 2>/dev/null)
	fi
	printf '%s\n' "$_isaprobe_cache_text"
}

# The values an option takes, as its help writes them: `--opt a|b|c` in a usage line, or a
# description that is a list of words ("walk, pairs, exhaustive, random or auto (default
# auto)", "md (default), html or json"). Prints nothing when the help gives no such list.
_isaprobe_values() {
	local help=$1 opt=$2 line text
	line=$(grep -oE -- "\[?$opt[ =]([a-z0-9_]+\|)+[a-z0-9_]+" <<<"$help" | head -1)
	if [[ -n $line ]]; then
		tr '|' ' ' <<<"${line#*"$opt"[ =]}"
		return
	fi
	text=$(grep -E -- "^ +(-[a-zA-Z], )?$opt [A-Z][^ ]* +" <<<"$help" | head -1 |
		sed -E "s/^ +(-[a-zA-Z], )?$opt [A-Z][^ ]* +//; s/\([^)]*\)//g; s/\(.*//; s/[:;].*//;
			s/ +/ /g")
	if [[ $text =~ ^\ *[a-z0-9_]+((,\ |\ or\ |,\ or\ )[a-z0-9_]+)+\ *$ ]]; then
		sed -E 's/,? or /, /g; s/,/ /g' <<<"$text"
	fi
}

# Whether option $2 takes an argument, according to the help text $1.
_isaprobe_takes_arg() {
	grep -qE -- "(^|[ [])(-[a-zA-Z], )?$2([ =][A-Z(<a-z]|\[?=)" <<<"$1" &&
		! grep -qE -- "(^|[ [])$2(\]| {2,}[a-z]|$)" <<<"$1"
}

_isaprobe() {
	local bin=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev="" cmd="" help i words
	local -a args=()
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	command -v "$bin" >/dev/null 2>&1 || bin=isaprobe
	COMPREPLY=()
	# The command, and the operands given so far (option arguments skipped).
	for ((i = 1; i < COMP_CWORD; i++)); do
		local w=${COMP_WORDS[i]}
		if [[ -z $cmd ]]; then
			[[ $w == -* ]] || cmd=$w
			continue
		fi
		if [[ $w == -* ]]; then
			[[ $w != *=* ]] && _isaprobe_takes_arg "$(_isaprobe_help "$bin" $cmd)" "$w" && ((i++))
			continue
		fi
		args+=("$w")
	done
	if [[ -z $cmd ]]; then
		words=$("$bin" --help 2>/dev/null | sed -nE 's/^  ([a-z][a-z0-9_-]*) .*/\1/p')
		COMPREPLY=($(compgen -W "$words --help --version" -- "$cur"))
		return
	fi
	help=$(_isaprobe_help "$bin" $cmd)
	# Sub-help a command names (campaign --engine afl): its options apply.
	if [[ $cmd == campaign && " ${COMP_WORDS[*]} " == *" --engine afl "* ]]; then
		help=$(_isaprobe_help "$bin" campaign --engine afl)
	fi
	# The value of an option.
	if [[ $prev == -* ]] && _isaprobe_takes_arg "$help" "$prev"; then
		local metavar
		metavar=$(grep -oE -- "(^|[ [])$prev[ =]\[?[A-Z][A-Za-z.]*" <<<"$help" | head -1 |
			sed -E "s/.*$prev[ =]\[?//")
		words=$(_isaprobe_values "$help" "$prev")
		if [[ -n $words ]]; then
			COMPREPLY=($(compgen -W "$words" -- "$cur"))
		elif [[ $metavar == ISA ]]; then
			COMPREPLY=($(compgen -W "$("$bin" fields 2>/dev/null | awk '{print $1}')" -- "$cur"))
		elif [[ $metavar == NAME && $prev == --runner ]]; then # the runner kinds
			COMPREPLY=($(compgen -W "sim remote: drm:" -- "$cur"))
			compopt -o nospace 2>/dev/null
		elif [[ $metavar =~ ^(FILE|OUT|OLD|DIR|IN|PROGRAM|DB|BIN) ]]; then
			compopt -o filenames 2>/dev/null
			if [[ $metavar == DIR ]]; then
				COMPREPLY=($(compgen -d -- "$cur"))
			else
				COMPREPLY=($(compgen -f -- "$cur"))
			fi
		fi
		return
	fi
	if [[ $cur == -* ]]; then
		words=$(grep -oE -- "(^|[ [,])--[a-z][a-z0-9-]*" <<<"$help" | sed -E 's/^[ [,]//' | sort -u)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	# An operand: what the usage line names at this place.
	local -a usage=()
	read -r -a usage <<<"$(grep -m1 -E "^usage: isaprobe $cmd" <<<"$help" |
		sed -E "s/^usage: isaprobe $cmd//; s/\[-[^]]*\]//g; s/\[options\]//g; s/[][]//g;
			s/-[a-zA-Z-]+ [A-Z][A-Za-z.]*//g; s/ -[a-zA-Z-]+//g")"
	local n=${#args[@]} kind=""
	# A question's own operands (query): the metavariables its line in the help lists.
	if ((n >= 1)) && [[ ${usage[0]-} == QUESTION ]]; then
		usage=(QUESTION $(sed -nE "/^questions:/,\$ s/^  ${args[0]} +(([A-Z]+( |\[|\]|$))*).*/\1/p" <<<"$help" | tr -d '[]'))
	fi
	if ((n < ${#usage[@]})); then
		kind=${usage[n]}
	elif ((${#usage[@]} > 0)) && [[ ${usage[${#usage[@]} - 1]} == *... ]]; then
		kind=${usage[${#usage[@]} - 1]}
	fi
	case ${kind%...} in
	ISA)
		COMPREPLY=($(compgen -W "$("$bin" fields 2>/dev/null | awk '{print $1}')" -- "$cur")) ;;
	FORMAT)
		COMPREPLY=($(compgen -W "$("$bin" fields "${args[0]}" 2>/dev/null | awk '{print $1}')" -- "$cur")) ;;
	QUESTION)
		words=$(sed -nE '/^questions:/,$ s/^  ([a-z][a-z-]*) .*/\1/p' <<<"$help")
		COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;
	SUITE)
		COMPREPLY=($(compgen -W "$("$bin" bench --list 2>/dev/null | awk '{print $1}')" -- "$cur")) ;;
	PROBE)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.probe' -- "$cur")) ;;
	[a-z]*)
		# a literal word of the usage (db merge): every form the help lists
		words=$(sed -nE "s/^ *(usage: +)?isaprobe $cmd ([a-z][a-z-]*).*/\2/p" <<<"$help")
		COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;
	FILE | OUT | IN | PROGRAM)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -F _isaprobe isaprobe

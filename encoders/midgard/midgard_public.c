/* midgard_public.c: Midgard's public-knowledge overlay: which later public readings (the tables
 * of midgard_ls_public.c and midgard_branch_public.c) cover which bits of the notes' formats. */
#include "isaprobe/public.h"
#include "midgard.h"

#define F(n, lo, w, k, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, NULL, 0, {{0, 0}, {0, 0}}, note}

/* Uniform loads with bit 42 set take the buffer index as an immediate in bits 25-32 (M3 of
 * docs/midgard-loadstore-bits.md: midgard_pack_ubo_index_imm). */
static const struct ip_field ubo_index_fields[] = {
	F("ubo_index", 0, 8, IMMEDIATE, "immediate uniform buffer index (arg_comp..index_format)"),
};

static const struct ip_format ubo_index = {
	"midgard", "load_store_ubo_index", "immediate buffer index of uniform loads (bits 25-32)", 8,
	ubo_index_fields, IP_COUNT(ubo_index_fields), NULL,
	"Mesa src/panfrost/midgard/helpers.h (midgard_pack_ubo_index_imm), disassemble.c",
};

/* Compact branch bits 7-8 of the unconditional jump (the notes' unk7). */
static const struct ip_field call_mode_fields[] = {
	F("call_mode", 0, 2, MODIFIER, "call mode: 1 default, 2 call, 3 return"),
};

static const struct ip_format call_mode = {
	"midgard", "branch_compact_call_mode", "call mode of the compact jump (bits 7-8)", 2,
	call_mode_fields, IP_COUNT(call_mode_fields), NULL,
	"Mesa src/panfrost/midgard/midgard.h (midgard_branch_uncond, midgard_call_mode)",
};

static const struct ip_public_part parts[] = {
	{"load_store", 25, &midgard_ls_public, NULL},
	{"load_store", 42, &midgard_ls_varying_params, "ld_vary without an explicit vertex"},
	{"load_store", 42, &midgard_ls_ubo_offset, "uniform loads"},
	{"load_store", 25, &ubo_index, "uniform loads with bit 42 set"},
	{"branch_compact", 3, &midgard_branch_writeout_public, "write-out, discard, tilebuffer"},
	{"branch_compact", 7, &call_mode, "unconditional jumps"},
	{"branch_extended", 0, &midgard_branch_extended_public, NULL},
};

const struct ip_public_overlay midgard_public = {
	"midgard", parts, IP_COUNT(parts), "docs/midgard-loadstore-bits.md",
};

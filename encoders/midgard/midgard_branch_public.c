/* midgard_branch_public.c: the branch bits the notes leave undescribed (compact branch unk3 of the
 * write-out/discard opcodes, the 48-bit branch's unk0) as Mesa lays them out (midgard.h). */
#include "midgard.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

/* Doc level stays "unknown": the notes describe neither. The Mesa-style printer and the names
 * table read these; the assembler, the mutator and the simulator do not (not in midgard_isa). */

/* Compact opcodes other than 1 and 2 (Mesa: 4 discard, 6 tilebuffer pending, 7 write-out) use
 * the conditional layout: positions count from bit 3 of the compact field (unk3's bit 0). */
static const struct ip_field writeout_fields[] = {
	F("dest_tag", 0, 4, TAG, "tag of the word branched to"),
	F("offset", 4, 7, OFFSET, "signed quadword offset"),
	F("cond", 11, 2, OPCODE, "condition: 0 write0, 1 false, 2 true, 3 always"),
};

const struct ip_format midgard_branch_writeout_public = {
	"midgard", "branch_compact_unk3_public",
	"compact write-out/discard/tilebuffer bits 3-15 as Mesa reads them (offsets within unk3)", 13,
	writeout_fields, IP_COUNT(writeout_fields), NULL,
	"Mesa src/panfrost/midgard/midgard.h (midgard_branch_cond), disassemble.c",
};

/* The 48-bit output write/branch field (midgard_branch_extended). */
static const struct ip_field extended_fields[] = {
	F("op", 0, 3, OPCODE, "midgard_jmp_writeout_op"),
	F("dest_tag", 3, 4, TAG, "tag of the word branched to"),
	F("call_mode", 7, 2, MODIFIER, "1 default, 2 call, 3 return"),
	F("offset", 9, 23, OFFSET, "signed quadword offset"),
	F("cond", 32, 16, IMMEDIATE, "condition lookup table over r31.w and r31.x (2 bits repeated "
	                             "8 times for a single condition)"),
};

const struct ip_format midgard_branch_extended_public = {
	"midgard", "branch_extended_public", "48-bit branch as Mesa reads it (offsets within unk0)", 48,
	extended_fields, IP_COUNT(extended_fields), NULL,
	"Mesa src/panfrost/midgard/midgard.h (midgard_branch_extended), disassemble.c",
};

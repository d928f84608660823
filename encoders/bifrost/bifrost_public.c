/* bifrost_public.c: Bifrost's public-knowledge overlay: the clause header, register block,
 * constants and unused quadword bits as Mesa reads them, and every FMA/ADD encoding of ISA.xml. */
#include "isaprobe/internal/public.h"
#include "bifrost.h"
#include "bifrost_public_isa.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

#define BIFROST_H "Mesa src/panfrost/compiler/bifrost.h"
#define DISASM "Mesa src/panfrost/compiler/bifrost/disassemble.c"

/* ---- the clause header (struct bifrost_header) -------------------------------------------- */

static const struct ip_enum ftz[] = {
	{0, "disable", NULL}, {1, "dx11", NULL}, {2, "always", NULL}, {3, "abrupt", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum exceptions[] = {
	{0, "enabled", NULL}, {1, "disabled", NULL}, {2, "precise_division", NULL},
	{3, "precise_sqrt", NULL}, {0, NULL, NULL},
};

static const struct ip_enum flow[] = {
	{0, "end", "end of shader"}, {1, "nbtb_pc", "not back-to-back, PC-encoded reconvergence"},
	{2, "nbtb_unconditional", NULL}, {3, "nbtb", NULL}, {4, "btb_unconditional", NULL},
	{5, "btb_none", NULL}, {6, "we_unconditional", "write elision"}, {7, "we", NULL},
	{0, NULL, NULL},
};

/* enum bifrost_message_type: 11 reserved, 16-31 unnamed */
static const struct ip_enum message[] = {
	{0, "none", NULL}, {1, "varying", NULL}, {2, "attribute", NULL}, {3, "tex", NULL},
	{4, "vartex", NULL}, {5, "load", NULL}, {6, "store", NULL}, {7, "atomic", NULL},
	{8, "barrier", NULL}, {9, "blend", NULL}, {10, "tile", NULL}, {12, "z_stencil", NULL},
	{13, "atest", NULL}, {14, "job", NULL}, {15, "64bit", NULL}, {0, NULL, NULL},
};

static const struct ip_field header_fields[] = {
	F("zero1", 0, 5, PADDING, "reserved: the disassembler asserts zero"),
	FE("flush_to_zero", 5, 2, MODIFIER, ftz, "flush-to-zero mode"),
	F("suppress_inf", 7, 1, FLAG, "infinite float results become the largest finite number"),
	F("suppress_nan", 8, 1, FLAG, "NaN float results become +0"),
	FE("float_exceptions", 9, 2, MODIFIER, exceptions, "float exception mode"),
	FE("flow_control", 11, 3, OPCODE, flow, "end of shader, back-to-back, reconvergence"),
	F("zero2", 14, 1, PADDING, "reserved: the disassembler asserts zero"),
	F("terminate_discarded_threads", 15, 1, FLAG, "discarded threads stop"),
	F("next_clause_prefetch", 16, 1, FLAG, "the next clause may be prefetched"),
	F("staging_barrier", 17, 1, FLAG, "wait for staging register reads after the clause"),
	F("staging_register", 18, 6, REGISTER, "staging register of the message instruction"),
	F("dependency_wait", 24, 8, MASK, "slots the clause waits on"),
	F("dependency_slot", 32, 3, IMMEDIATE, "slot of the message instruction"),
	FE("message_type", 35, 5, TAG, message, "message type of this clause"),
	FE("next_message_type", 40, 5, TAG, message, "message type of the next clause"),
};

static const struct ip_format header_public = {
	"bifrost", "header_public", "clause header as Mesa reads it", 45, header_fields,
	IP_COUNT(header_fields), NULL, BIFROST_H " (struct bifrost_header), disassemble.c, bi_pack.c",
};

/* ---- the register block (struct bifrost_regs) --------------------------------------------- */

static const struct ip_field regs_fields[] = {
	F("fau_idx", 0, 8, REGISTER, "FAU index: bit 7 a uniform pair (u0-u127), 0x20-0x7f an "
	                             "embedded constant, 0-15 a special value, 16-31 reserved"),
	F("reg3", 8, 6, REGISTER, "register port 3"),
	F("reg2", 14, 6, REGISTER, "register port 2"),
	F("reg0", 20, 5, REGISTER, "register port 0 (with reg1: both 63 minus the register when "
	                           "reg0 > reg1)"),
	F("reg1", 25, 6, REGISTER, "register port 1 (ctrl 0: its high bits are the control)"),
	F("ctrl", 31, 4, TAG, "what ports 2 and 3 do: with the first-instruction and port 2 = port "
	                      "3 rules, an index into bifrost_reg_ctrl_lut"),
};

static const struct ip_format regs_public = {
	"bifrost", "regs_public", "register block as Mesa reads it", 35, regs_fields,
	IP_COUNT(regs_fields), NULL,
	BIFROST_H " (struct bifrost_regs, bifrost_reg_ctrl_lut); disassemble.c (DecodeRegCtrl, "
	"dump_fau_src)",
};

/* dump_fau_src: the special values (fau_idx 0-15); 7 is printed "reserved" */
static const struct ip_enum fau_special[] = {
	{0, "#0", NULL}, {1, "lane_id", NULL}, {2, "warp_id", NULL}, {3, "core_id", NULL},
	{4, "framebuffer_size", NULL}, {5, "atest_datum", NULL}, {6, "sample", NULL},
	{8, "blend_descriptor_0", NULL}, {9, "blend_descriptor_1", NULL},
	{10, "blend_descriptor_2", NULL}, {11, "blend_descriptor_3", NULL},
	{12, "blend_descriptor_4", NULL}, {13, "blend_descriptor_5", NULL},
	{14, "blend_descriptor_6", NULL}, {15, "blend_descriptor_7", NULL}, {0, NULL, NULL},
};

static const struct ip_field fau_special_fields[] = {
	FE("special", 0, 4, IMMEDIATE, fau_special, "special value"),
};

static const struct ip_format fau_special_public = {
	"bifrost", "fau_special_public", "special FAU values", 35, fau_special_fields,
	IP_COUNT(fau_special_fields), NULL, DISASM " (dump_fau_src)",
};

/* fau_idx 0x20-0x7f: bits 4-6 pick an embedded constant (const_fau_to_idx: 2 4, 3 5, 4 0,
 * 5 1, 6 2, 7 3), bits 0-3 are its low bits */
static const struct ip_enum const_index[] = {
	{2, "constant 4", NULL}, {3, "constant 5", NULL}, {4, "constant 0", NULL},
	{5, "constant 1", NULL}, {6, "constant 2", NULL}, {7, "constant 3", NULL},
	{0, NULL, NULL},
};

static const struct ip_field fau_const_fields[] = {
	F("const_lo", 0, 4, IMMEDIATE, "low 4 bits of the 64-bit constant"),
	FE("const_idx", 4, 3, REGISTER, const_index, "which embedded constant"),
};

static const struct ip_format fau_const_public = {
	"bifrost", "fau_const_public", "embedded constant FAU index", 35, fau_const_fields,
	IP_COUNT(fau_const_fields), NULL, DISASM " (dump_fau_src, const_fau_to_idx)",
};

static const struct ip_field fau_uniform_fields[] = {
	F("uniform", 0, 7, REGISTER, "uniform pair"),
};

static const struct ip_format fau_uniform_public = {
	"bifrost", "fau_uniform_public", "uniform FAU index", 35, fau_uniform_fields,
	IP_COUNT(fau_uniform_fields), NULL, DISASM " (dump_fau_src)",
};

static int fau_is_special(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 8) < 16;
}

static int fau_is_const(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 8) >= 0x20 && ip_bits_get(w, 0, 8) < 0x80;
}

static int fau_is_uniform(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 7, 1);
}

static int fau_is_reserved(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 8) >= 16 && ip_bits_get(w, 0, 8) < 0x20;
}

/* ---- constants and the quadwords' unused bits ---------------------------------------------- */

static const struct ip_field const_fields[] = {
	F("imm", 0, 60, IMMEDIATE, "the constant's bits 4-63 (a pair's top nibbles give M1/M2)"),
};

static const struct ip_format const_public = {
	"bifrost", "const_public", "embedded constant", 60, const_fields, IP_COUNT(const_fields),
	NULL, DISASM " (dump_clause: const0/const1, decode_M)",
};

static const struct ip_field unread_fields[] = {
	F("x", 0, 42, PADDING, "not read by the disassembler's quadword decoding"),
};

#define UNREAD(var, bits)                                                                        \
	static const struct ip_format var = {"bifrost", #var, "unread quadword bits", bits,       \
	                                     unread_fields, 1, NULL,                              \
	                                     DISASM " (dump_clause: formats 1, 3, 4, 8, 9)"}

UNREAD(unread42, 42);

static const struct ip_field unread12_fields[] = {
	F("x", 0, 12, PADDING, "not read by the disassembler's quadword decoding"),
};
static const struct ip_format unread12 = {
	"bifrost", "unread12", "unread quadword bits", 12, unread12_fields, 1, NULL,
	DISASM " (dump_clause: formats 3 and 8 read words[3] bits 0-16 and 29-31 only)",
};

static const struct ip_field unread9_fields[] = {
	F("x", 0, 9, PADDING, "not read by the disassembler's quadword decoding"),
};
static const struct ip_format unread9 = {
	"bifrost", "unread9", "unread quadword bits", 9, unread9_fields, 1, NULL,
	DISASM " (dump_clause: formats 4 and 9 read words[3] bits 0-16 and 26-31 only)",
};

/* decode_M: M1 (then M2 when M1 is 7) of the first constant */
static const struct ip_enum m1_values[] = {
	{0, "none", NULL}, {1, "pc_lo", NULL}, {2, "pc_lo pc_lo", NULL}, {4, "pc_hi", NULL},
	{5, "pc_hi pc_hi", NULL}, {6, "pc_lo", NULL}, {7, "M2", "M2 says"}, {8, "none", NULL},
	{9, "none", NULL}, {10, "none", NULL}, {11, "none", NULL}, {12, "none", NULL},
	{13, "none", NULL}, {14, "none", NULL}, {15, "none", NULL}, {0, NULL, NULL},
};

static const struct ip_field m_fields[] = {
	FE("M1", 0, 4, MODIFIER, m1_values, "PC-relative modifier of constant 0 (3 reserved)"),
	F("M2", 4, 4, MODIFIER, "when M1 is 7: 0-3 PC_LO_HI forms"),
	F("x", 8, 7, PADDING, "not read by the disassembler's quadword decoding"),
};

static const struct ip_format m_public = {
	"bifrost", "m_public", "constant modifier bits of formats 3.1, 5.1", 15, m_fields,
	IP_COUNT(m_fields), NULL, DISASM " (dump_clause formats 3, 8: decode_M of words[2] bits 4-11)",
};

/* ---- FMA MAX/MIN.f32, which ISA.xml does not encode: Mesa's 2019 disassembler --------------- */

static const struct ip_enum expand[] = { /* dump_fma_expand_src0 / _src1 */
	{0, "", NULL}, {1, "src1.x", NULL}, {2, "src1.y", NULL}, {3, "src0.x src1.x", NULL},
	{4, "src0.x src1.y", NULL}, {5, "src0.y src1.y", NULL}, {6, "src0.x", NULL},
	{7, "src0.y", NULL}, {0, NULL, NULL},
};

static const struct ip_enum minmax[] = { /* bi_minmax_mode_name */
	{0, "", NULL}, {1, ".nan_wins", NULL}, {2, ".src1_wins", NULL}, {3, ".src0_wins", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum outmod[] = { /* bi_output_mod_name */
	{0, "", NULL}, {1, ".pos", NULL}, {2, ".sat_signed", NULL}, {3, ".sat", NULL},
	{0, NULL, NULL},
};

static const struct ip_field fminmax_fields[] = {
	F("src0", 0, 3, REGISTER, "source"),
	F("src1", 3, 3, REGISTER, "source"),
	F("abs1", 6, 1, MODIFIER, "abs of source 1"),
	F("neg0", 7, 1, MODIFIER, "negate source 0"),
	F("neg1", 8, 1, MODIFIER, "negate source 1"),
	FE("expand", 9, 3, SWIZZLE, expand, "half-word of each source widened"),
	F("abs0", 12, 1, MODIFIER, "abs of source 0"),
	FE("minmax_mode", 13, 2, MODIFIER, minmax, "which operand wins on NaN"),
	FE("outmod", 15, 2, MODIFIER, outmod, "output modifier"),
	F("op", 17, 6, OPCODE, "opcode (MAX.f32, MIN.f32)"),
};

static const struct ip_format fminmax_2019 = {
	"bifrost", "fminmax_2019", "FMA MAX/MIN.f32 as Mesa's 2019 disassembler reads them", 23,
	fminmax_fields, IP_COUNT(fminmax_fields), NULL,
	"Mesa's 2019 src/panfrost/bifrost/disassemble.c (FMA_FMINMAX, dump_fma_expand_src0/1, "
	"bi_minmax_mode_name; docs/bifrost-sources.md)",
};

static int fma_unknown(const ip_word *w, const ip_word *ctx);

/* ---- every part ---------------------------------------------------------------------------- */

static const struct ip_public_part parts[] = {
	{"header", 0, &header_public, NULL, 0, NULL, 0, 0},
	{"reg32", 0, &regs_public, NULL, 0, NULL, 0, 0},
	{"reg32", 0, &fau_special_public, "FAU index 0-15 (bits 4-7 clear)", 0, fau_is_special, 0, 0},
	{"reg32", 0, &fau_const_public, "FAU index 0x20-0x7f", 0, fau_is_const, 0, 0},
	{"reg32", 0, &fau_uniform_public, "FAU index 0x80-0xff", 0, fau_is_uniform, 0, 0},
	{"reg64", 0, &regs_public, "Mesa decodes every clause's register block alike", 0, NULL, 0,
	 0},
	{"reg64", 0, &fau_special_public, "FAU index 0-15 (bits 4-7 clear)", 0, fau_is_special, 0, 0},
	{"reg64", 0, &fau_const_public, "FAU index 0x20-0x7f", 0, fau_is_const, 0, 0},
	{"reg64", 0, &fau_uniform_public, "FAU index 0x80-0xff", 0, fau_is_uniform, 0, 0},
	{"const", 0, &const_public, NULL, 0, NULL, 0, 0},
	{"unused42", 0, &unread42, NULL, 0, NULL, 0, 0},
	{"unused15", 0, &m_public, NULL, 0, NULL, 0, 0},
	{"unused12", 0, &unread12, NULL, 0, NULL, 0, 0},
	{"unused9", 0, &unread9, NULL, 0, NULL, 0, 0},
	{"fma_fmod", 0, &fminmax_2019, "MAX.f32, MIN.f32 (no ISA.xml encoding)", 0, fma_unknown, 0,
	 0},
	BIFROST_ISA_PARTS
};

/* Whether no ISA.xml encoding of the unit (FMA: formats fma_*, ADD: add_*) matches the word. */
static int no_encoding(const ip_word *w, int add)
{
	for (size_t i = 0; i < IP_COUNT(parts); i++)
		if (parts[i].mask && (parts[i].format[0] == 'a') == add &&
		    (w->w[0] & parts[i].mask) == parts[i].exact)
			return 0;
	return 1;
}

static int fma_unknown(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return no_encoding(w, 0);
}

static int add_unknown(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return no_encoding(w, 1);
}

#define ISA_XML "Mesa src/panfrost/compiler/ISA.xml: no encoding matches the word"
#define FMA_SILENT(fmt) {fmt, 0, 22, "opcodes ISA.xml does not encode", ISA_XML, fma_unknown}
#define ADD_SILENT(fmt) {fmt, 0, 19, "opcodes ISA.xml does not encode", ISA_XML, add_unknown}

static const struct ip_public_silence silences[] = {
	{"reg32", 0, 3, "FAU index 16-31", DISASM " (dump_fau_src: \"reserved\")", fau_is_reserved},
	{"reg64", 0, 3, "FAU index 16-31", DISASM " (dump_fau_src: \"reserved\")", fau_is_reserved},
	FMA_SILENT("fma_one"), FMA_SILENT("fma_two"), FMA_SILENT("fma_fcmp"),
	FMA_SILENT("fma_fcmp16"), FMA_SILENT("fma_fmod"), FMA_SILENT("fma_fmod16"),
	FMA_SILENT("fma_three"), FMA_SILENT("fma_fma"), FMA_SILENT("fma_fma16"),
	FMA_SILENT("fma_four"), FMA_SILENT("fma_mscale"),
	ADD_SILENT("add_one"), ADD_SILENT("add_two"), ADD_SILENT("add_fmod"),
	ADD_SILENT("add_fcmp"), ADD_SILENT("add_fcmp16"), ADD_SILENT("add_fmod16"),
	ADD_SILENT("add_minmax16"), ADD_SILENT("add_mscale"), ADD_SILENT("add_three"),
	ADD_SILENT("add_tex"), ADD_SILENT("add_texc"), ADD_SILENT("add_ldvar"),
	ADD_SILENT("add_ldattr"), ADD_SILENT("add_varaddr"), ADD_SILENT("add_branch"),
};

const struct ip_public_overlay bifrost_public = {
	.isa = "bifrost",
	.parts = parts,
	.nparts = IP_COUNT(parts),
	.doc = "docs/bifrost-sources.md",
	.who = "Mesa panfrost",
	.silences = silences,
	.nsilences = IP_COUNT(silences),
};

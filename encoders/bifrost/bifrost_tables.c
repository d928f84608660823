/* bifrost_tables.c: the Bifrost clause header, register field (32- and 64-bit clauses), constant
 * and unused-region formats, from seed notes 003. The only place their bit positions are written. */
#include "bifrost.h"
#include "common/field_row.h"

#define SEED "seed notes 003 (Bifrost), section "

/* Field shorthands (common/field_row.h): F(name, lo, width, kind, doc, enums, default,
 * note); W1, W2 add one or two conditions. */
#define BIT(v) (UINT64_C(1) << (v))

/* ---- clause header (45 bits, bits 83-127 of the first quadword) --------------------------
 *  44   43..40    39   38..35 34..32   31..24  23..18  17   16  15  14..13 12  11  10..0
 *  unk  next type unk  type   sb entry sb deps datareg bar  br  ew  unk    nes b2b unknown
 * The notes call bits 0-10 one unknown run; later public work (docs/bifrost-sources.md) splits
 * it, so it is split here too (each part is still unknown), letting probes target each part. */
/* The notes list 0, 5, 6 and 15 ("TODO: fill out this table"); the other names are later public
 * work's (Mesa's 5-bit message types, docs/bifrost-sources.md), so their doc level is unknown. */
static const struct ip_enum clause_types[] = {
	{0, "none", "no variable-latency instruction"},
	{IP_ENUM_UNKNOWN(1), "load_vary", "later public work: varying load/interpolation"},
	{IP_ENUM_UNKNOWN(2), "attribute", "later public work: attribute load (Mesa; the blob's "
	                                  "attribute clauses)"},
	{IP_ENUM_UNKNOWN(3), "tex", "later public work: texture"},
	{IP_ENUM_UNKNOWN(4), "vartex", "later public work: varying then texture"},
	{5, "ssbo_store", "SSBO store (the notes; later public work swaps 5 and 6)"},
	{6, "ssbo_load", "SSBO load (the notes; later public work swaps 5 and 6)"},
	{IP_ENUM_UNKNOWN(7), "atomic", "later public work: atomic"},
	{IP_ENUM_UNKNOWN(8), "barrier", "later public work: barrier"},
	{IP_ENUM_UNKNOWN(9), "blend", "later public work: blend"},
	{IP_ENUM_UNKNOWN(10), "tile", "later public work: tile buffer access"},
	{IP_ENUM_UNKNOWN(12), "fragz", "later public work: fragment depth/stencil write"},
	{IP_ENUM_UNKNOWN(13), "atest", "later public work: alpha test"},
	{IP_ENUM_UNKNOWN(14), "job", "later public work: job"},
	{15, "b64", "64-bit clause, no variable-latency instruction"},
	{0, NULL, NULL},
};

static const struct ip_field header_fields[] = {
	F("unk0", 0, 5, UNKNOWN, UNKNOWN, NULL, 0, "unknown (later public work: reserved, zero)"),
	F("ftz", 5, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: flush-to-zero mode 0 off, 1 DX11, 2 always, 3 abrupt)"),
	F("suppress_inf", 7, 1, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: infinite float results become the largest finite number)"),
	F("suppress_nan", 8, 1, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: NaN float results become +0)"),
	F("float_exc", 9, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: float exception mode 0 enabled, 1 disabled, 2 precise "
	  "division, 3 precise sqrt)"),
	F("back_to_back", 11, 1, FLAG, KNOWN, NULL, 0,
	  "next clause follows with the same execution mask and no branch here"),
	F("no_eos", 12, 1, FLAG, KNOWN, NULL, 0, "not the end of the shader"),
	F("unk13", 13, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: bit 13 belongs to a 3-bit flow-control field with bits 11-12)"),
	F("elide_writes", 15, 1, FLAG, KNOWN, NULL, 0,
	  "helper invocations' stores have no effect (set for fragment shaders)"),
	F("branch_cond", 16, 1, FLAG, KNOWN, NULL, 0,
	  "conditional or fallthrough branch clause; always set with back_to_back"),
	F("datareg_barrier", 17, 1, FLAG, KNOWN, NULL, 0,
	  "wait for outstanding data-register reads before the next clause writes it"),
	F("datareg", 18, 6, REGISTER, KNOWN, NULL, 0,
	  "data register of the variable-latency instruction (first of a sequence)"),
	F("sb_deps", 24, 8, MASK, KNOWN, NULL, 0,
	  "scoreboard entries the NEXT clause waits on (6: depth/stencil, 7: blend)"),
	F("sb_entry", 32, 3, IMMEDIATE, KNOWN, NULL, 0, "scoreboard entry this clause sets"),
	F("type", 35, 4, TAG, KNOWN, clause_types, 0, "variable-latency instruction type"),
	F("unk39", 39, 1, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: fifth bit of the type)"),
	F("next_type", 40, 4, TAG, KNOWN, clause_types, 0, "type of the next clause"),
	F("unk44", 44, 1, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (later public work: fifth bit of the next type)"),
};

const struct ip_format bifrost_header = {
	"bifrost", "header", "clause header", 45,
	header_fields, IP_COUNT(header_fields), NULL, SEED "Clause Header",
};

/* ---- uniform/const port (bits 0-7 of both register layouts) --------------------------
 * Bits 4-7 select: 8-15 a uniform pair ((sel & 7) << 4 | bits 0-3), 2-7 an embedded constant
 * (bits 0-3 are the constant's low 4 bits), 0 a special constant, 1 unknown. */
static const struct ip_enum uc_sels[] = {
	{0, "special", "special constant (bits 0-3)"},
	{1, "special1", "unknown, perhaps special too"},
	{2, "c4", "constant slot 4"},  {3, "c5", "constant slot 5"},
	{4, "c0", "constant slot 0"},  {5, "c1", "constant slot 1"},
	{6, "c2", "constant slot 2"},  {7, "c3", "constant slot 3"},
	{8, "ublk0", "uniform pairs 0-15"},    {9, "ublk1", "uniform pairs 16-31"},
	{10, "ublk2", "uniform pairs 32-47"},  {11, "ublk3", "uniform pairs 48-63"},
	{12, "ublk4", "uniform pairs 64-79"},  {13, "ublk5", "uniform pairs 80-95"},
	{14, "ublk6", "uniform pairs 96-111"}, {15, "ublk7", "uniform pairs 112-127"},
	{0, NULL, NULL},
};

static const struct ip_enum specials[] = {
	{0, "zero", "always zero"},
	{5, "atest_data", "alpha-test data (ATEST)"},
	{6, "sample_ptr", "gl_FragCoord sample position pointer"},
	{8, "blend0", "blend descriptor 0"}, {9, "blend1", "blend descriptor 1"},
	{10, "blend2", "blend descriptor 2"}, {11, "blend3", "blend descriptor 3"},
	{12, "blend4", "blend descriptor 4"}, {13, "blend5", "blend descriptor 5"},
	{14, "blend6", "blend descriptor 6"}, {15, "blend7", "blend descriptor 7"},
	{0, NULL, NULL},
};

#define UC_SPECIAL IP_WHEN_IS("uc_sel", 0)
#define UC_SPECIAL1 IP_WHEN_IS("uc_sel", 1)
#define UC_CONST {"uc_sel", 0xFC}
#define UC_UNIFORM {"uc_sel", 0xFF00}
#define UC_FIELDS                                                                               \
	W1("special", 0, 4, IMMEDIATE, KNOWN, specials, 0, UC_SPECIAL,                          \
	   "special constant (1-4 and 7 not described)"),                                       \
	W1("special1", 0, 4, UNKNOWN, UNKNOWN, NULL, 0, UC_SPECIAL1,                           \
	   "selector 1: unknown, perhaps more special constants"),                                \
	W1("const_lo", 0, 4, IMMEDIATE, KNOWN, NULL, 0, UC_CONST,                                \
	   "bits 0-3 of the 64-bit constant (the clause stores bits 4-63)"),                    \
	W1("uniform_lo", 0, 4, REGISTER, KNOWN, NULL, 0, UC_UNIFORM,                             \
	   "uniform pair, bits 0-3 (pair p loads uniforms 2p and 2p+1)"),                       \
	F("uc_sel", 4, 4, TAG, KNOWN, uc_sels, 0, "uniform/const port: what bits 0-3 mean")

/* ---- register field, 32-bit clauses (35 bits) -----------------------------------------
 *  34..31 30..25                      24..20 19..14 13..8  7..0
 *  ctrl   port1 | ctrl1 p0off p0hi    port0  port2  port3  uniform/const
 */
static const struct ip_enum ctrl32[] = {
	{0, "in_port1", "port 1 disabled; the real control is in port 1's upper 4 bits"},
	{1, "wfma_p3", "write FMA with port 3"},
	{3, "wfma_p3_rp2", "write FMA with port 3, read with port 2"},
	{4, "rp2", "read with port 2"},
	{5, "wadd_p3", "write ADD with port 3"},
	{6, "wadd_p3_rp2", "write ADD with port 3, read with port 2"},
	{8, "first", "nothing, first instruction"},
	{9, "first_wfma_p3", "write FMA with port 3, first instruction"},
	{11, "none", "nothing"},
	{12, "first_rp2", "read with port 2, first instruction"},
	{13, "first_wadd_p3", "write ADD with port 3, first instruction"},
	{15, "wadd_p3_wfma_p2", "write ADD with port 3, write FMA with port 2"},
	{0, NULL, NULL},
};

static const struct ip_enum ctrl1_32[] = {
	{1, "wfma_p3", NULL},      {3, "wfma_p3_rp2", NULL},   {4, "rp2", NULL},
	{5, "wadd_p3", NULL},      {6, "wadd_p3_rp2", NULL},   {8, "first", NULL},
	{9, "first_wfma_p3", NULL}, {11, "none", NULL},        {12, "first_rp2", NULL},
	{13, "first_wadd_p3", NULL}, {15, "wadd_p3_wfma_p2", NULL},
	{0, NULL, NULL},
};

#define CTRL0 IP_WHEN_IS("ctrl", 0)
#define CTRLN IP_WHEN_NOT("ctrl", 0)
static const struct ip_field reg32_fields[] = {
	UC_FIELDS,
	F("port3", 8, 6, REGISTER, KNOWN, NULL, 0, "port 3 (write) register"),
	F("port2", 14, 6, REGISTER, KNOWN, NULL, 0, "port 2 (read/write FMA) register"),
	F("port0", 20, 5, REGISTER, KNOWN, NULL, 0,
	  "port 0 (read) register, bits 0-4; if port0 > port1 both are 63 minus the register"),
	W1("port1", 25, 6, REGISTER, KNOWN, NULL, 0, CTRLN, "port 1 (read) register"),
	W1("port0_hi", 25, 1, REGISTER, KNOWN, NULL, 0, CTRL0, "port 0 register bit 5"),
	W1("port0_off", 26, 1, FLAG, KNOWN, NULL, 0, CTRL0, "port 0 disabled"),
	W1("ctrl1", 27, 4, TAG, KNOWN, ctrl1_32, 0, CTRL0, "the real control value"),
	F("ctrl", 31, 4, TAG, KNOWN, ctrl32, 11,
	  "register access descriptor (2, 7, 10 and 14 not described)"),
};

const struct ip_format bifrost_reg32 = {
	"bifrost", "reg32", "register field (32-bit clauses)", 35,
	reg32_fields, IP_COUNT(reg32_fields), NULL, SEED "Register read/write (35 bits)",
};

/* ---- register field, 64-bit clauses (35 bits) -----------------------------------------
 *  34..32  31..27 26..22            21..18 17..13            12..8  7..0
 *  unk(=7) ctrl   port1 | port1ctl  port0  port3 | port3ctl  port2  uniform/const
 */
static const struct ip_enum ctrl64[] = {
	{8, "rr_wfma_wadd", "ports 0, 1 read; port 2 writes FMA, port 3 writes ADD"},
	{17, "rr_r2_wadd", "ports 0, 1, 2 read; port 3 writes ADD"},
	{26, "rr_r2_wfma", "ports 0, 1, 2 read; port 3 writes FMA"},
	{27, "rr_p3ctl", "ports 0, 1 read; port 3 holds port 2's control"},
	{29, "p1ctl_wfma_wadd", "port 1 holds port 0's control; port 2 writes FMA, port 3 ADD"},
	{31, "p1ctl_p3ctl", "port 1 holds port 0's control, port 3 holds port 2's"},
	{0, NULL, NULL},
};

static const struct ip_enum port1_ctl[] = {
	{0, "p0_plus16_wboth", "port 0 reads register pair (port0 + 16); both writes (no port 3 control)"},
	{3, "p0_off_wboth", "port 0 unused; both writes"},
	{12, "p0_plus16_p3ctl", "port 0 reads (port0 + 16); port 3 holds a control"},
	{15, "p0_off_p3ctl", "port 0 unused; port 3 holds a control"},
	{0, NULL, NULL},
};

static const struct ip_enum port3_ctl[] = {
	{2, "p2_wadd", "port 2 writes ADD"},
	{6, "p2_wfma", "port 2 writes FMA"},
	{7, "p2_off", "port 2 unused"},
	{10, "p2_read", "port 2 reads"},
	{0, NULL, NULL},
};

#define P1CTL {"ctrl64", BIT(29) | BIT(31)}
#define P1REG {"ctrl64", ~(BIT(29) | BIT(31))}
#define P3CTL {"ctrl64", BIT(27) | BIT(31)}
#define P3REG {"ctrl64", ~(BIT(27) | BIT(31))}
static const struct ip_field reg64_fields[] = {
	UC_FIELDS,
	F("port2", 8, 5, REGISTER, KNOWN, NULL, 0, "port 2 register pair (register 2n, 2n+1)"),
	W1("port3", 13, 5, REGISTER, KNOWN, NULL, 0, P3REG, "port 3 register pair"),
	W1("port3_ctl", 13, 5, TAG, KNOWN, port3_ctl, 7, P3CTL, "port 3 holds port 2's control"),
	F("port0", 18, 4, REGISTER, KNOWN, NULL, 0,
	  "port 0 register pair; if port0 > port1 both are 31 minus the pair, equal: port 1 off"),
	W1("port1", 22, 5, REGISTER, KNOWN, NULL, 0, P1REG, "port 1 register pair"),
	W1("port1_ctl", 22, 5, TAG, KNOWN, port1_ctl, 15, P1CTL, "port 1 holds port 0's control"),
	F("ctrl64", 27, 5, TAG, KNOWN, ctrl64, 31, "main control (only the listed values are allowed)"),
	F("unk32", 32, 3, UNKNOWN, UNKNOWN, NULL, 7, "unknown, seen as 7"),
};

const struct ip_format bifrost_reg64 = {
	"bifrost", "reg64", "register field (64-bit clauses)", 35,
	reg64_fields, IP_COUNT(reg64_fields), NULL, SEED "64-bit clauses",
};

/* ---- the 78-bit instruction word: where its three parts sit ------------------------------ */
static const struct ip_field instr_fields[] = {
	F("reg", 0, 35, IMMEDIATE, KNOWN, NULL, 0, "register read/write field (reg32 / reg64)"),
	F("fma", 35, 23, OPCODE, KNOWN, NULL, 0, "FMA part"),
	F("add", 58, 20, OPCODE, KNOWN, NULL, 0, "ADD part"),
};

const struct ip_format bifrost_instr = {
	"bifrost", "instr", "instruction word (register field, FMA, ADD)", 78,
	instr_fields, IP_COUNT(instr_fields), NULL, SEED "Instructions",
};

/* ---- constants and unused quadword regions -------------------------------------------- */
static const struct ip_field const_fields[] = {
	F("value", 0, 60, IMMEDIATE, KNOWN, NULL, 0,
	  "constant bits 4-63 (bits 0-3 are in each instruction that loads it)"),
};

const struct ip_format bifrost_const = {
	"bifrost", "const", "embedded constant (60 bits stored)", 60,
	const_fields, IP_COUNT(const_fields), NULL, SEED "Clauses",
};

#define UNUSED_FORMAT(var, n, w, title)                                                      \
	static const struct ip_field var##_fields[] = {                                        \
		F("bits", 0, w, PADDING, UNUSED, NULL, 0, "unused bits of a quadword format"), \
	};                                                                                   \
	const struct ip_format var = {"bifrost", n, title, w, var##_fields,                  \
	                              IP_COUNT(var##_fields), NULL, SEED "Quadword formats"}

UNUSED_FORMAT(bifrost_unused42, "unused42", 42, "unused bits 83-124 (format 2.1)");
/* Bits 68-82 of formats 3.1 and 5.1: unused in the notes; Mesa packs there the modifier of the
 * first embedded constant (bi_pack.c m0; disassemble.c decode_M reads M1 from bits 68-71, M2
 * from 72-75): docs/bifrost-sources.md. The doc level stays the notes' "unused". */
static const struct ip_field bifrost_unused15_fields[] = {
	F("m1", 0, 4, MODIFIER, UNUSED, NULL, 0,
	  "unused in the notes; Mesa: M1 of constant 0 (1/2/6 PC_LO, 4/5 PC_HI, 7: M2 says, 3 "
	  "reserved, 0 and 8-15 none)"),
	F("m2", 4, 4, MODIFIER, UNUSED, NULL, 0, "unused in the notes; Mesa: M2 (when M1 is 7)"),
	F("bits8", 8, 7, PADDING, UNUSED, NULL, 0, "unused bits of a quadword format"),
};
const struct ip_format bifrost_unused15 = {"bifrost", "unused15",
	"bits 68-82 (formats 3.1, 5.1): unused in the notes, Mesa's constant 0 modifier", 15,
	bifrost_unused15_fields, IP_COUNT(bifrost_unused15_fields), NULL, SEED "Quadword formats"};
UNUSED_FORMAT(bifrost_unused12, "unused12", 12, "unused bits 113-124 (formats 3.1, 5.1)");
UNUSED_FORMAT(bifrost_unused9, "unused9", 9, "unused bits 113-121 (formats 3.3, 5.2)");

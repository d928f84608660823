/* bifrost_ops.c: the FMA (23-bit) and ADD (20-bit) format families and the opcode tables.
 * Families follow seed notes 003 where it has them, Mesa's Bifrost disassembler otherwise
 * (docs/bifrost-sources.md); the opcode numbers are Mesa's facts, restated as op-field values. */
#include <string.h>

#include "bifrost.h"
#include "common/field_row.h"

#define SEED "seed notes 003 (Bifrost), section "
#define PUB "public Mesa disassembler (docs/bifrost-sources.md): "

/* Source fields: which register-stage output an FMA/ADD source reads. */
static const struct ip_enum fma_srcs[] = {
	{0, "p0", "port 0"}, {1, "p1", "port 1"}, {2, "p2", "port 2"},
	{3, "zero", "always 0"},
	{4, "uc_lo", "low 32 bits of the uniform/const port"},
	{5, "uc_hi", "high 32 bits of the uniform/const port"},
	{6, "t0", "FMA result of the previous instruction (passthrough)"},
	{7, "t1", "ADD result of the previous instruction (passthrough)"},
	{0, NULL, NULL},
};

static const struct ip_enum add_srcs[] = {
	{0, "p0", "port 0"}, {1, "p1", "port 1"}, {2, "p2", "port 2"},
	{3, "t", "FMA result of this instruction"},
	{4, "uc_lo", "low 32 bits of the uniform/const port"},
	{5, "uc_hi", "high 32 bits of the uniform/const port"},
	{6, "t0", "FMA result of the previous instruction (passthrough)"},
	{7, "t1", "ADD result of the previous instruction (passthrough)"},
	{0, NULL, NULL},
};

static const struct ip_enum outmods[] = {
	{0, "none", NULL},
	{1, "clamp_0_inf", "max(output, 0)"},
	{2, "clamp_m1_1", "clamp(output, -1, 1)"},
	{3, "clamp_0_1", "saturate"},
	{0, NULL, NULL},
};

static const struct ip_enum cmps[] = {
	{0, "oeq", "ordered equal"},
	{1, "ogt", "ordered greater than"},
	{2, "oge", "ordered greater than or equal"},
	{3, "une", "unordered not-equal"},
	{4, "olt", "ordered less than"},
	{5, "ole", "ordered less than or equal"},
	{0, NULL, NULL},
};

static const struct ip_enum swz16[] = {
	{0, "xx", NULL}, {1, "yx", NULL}, {2, "xy", "identity"}, {3, "yy", NULL},
	{0, NULL, NULL},
};

#define FSRC(n, lo) F(n, lo, 3, REGISTER, KNOWN, fma_srcs, 0, "source: register-stage output")
#define ASRC(n, lo) F(n, lo, 3, REGISTER, KNOWN, add_srcs, 0, "source: register-stage output")
#define OPF(lo, w) F("op", lo, w, OPCODE, KNOWN, NULL, 0, "opcode")
#define FAMILY(var, n, bits, title, src)                                                       \
	const struct ip_format var = {"bifrost", n, title, bits, var##_fields,                    \
	                              IP_COUNT(var##_fields), NULL, src}

/* ---- FMA families ----------------------------------------------------------------------- */
static const struct ip_field bifrost_fma_one_fields[] = { FSRC("src0", 0), OPF(3, 20) };
FAMILY(bifrost_fma_one, "fma_one", 23, "FMA one source (FMAOneSrc)", SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_two_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), OPF(6, 17),
};
FAMILY(bifrost_fma_two, "fma_two", 23, "FMA two sources (FMATwoSrc)", SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_fcmp_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3),
	F("src1_abs", 6, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("unk7", 7, 1, UNKNOWN, UNKNOWN, NULL, 0, "unknown"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("unk9", 9, 3, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "half-word select of the sources)"),
	F("src0_abs", 12, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("cmp", 13, 3, MODIFIER, KNOWN, cmps, 0, "comparison (6, 7 not described)"),
	OPF(16, 7),
};
FAMILY(bifrost_fma_fcmp, "fma_fcmp", 23, "FMA float comparison (FMAFcmp)", SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_fcmp16_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3),
	F("unk6", 6, 3, UNKNOWN, UNKNOWN, NULL, 0, "unknown"),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("cmp", 13, 3, MODIFIER, KNOWN, cmps, 0, "comparison"),
	OPF(16, 7),
};
FAMILY(bifrost_fma_fcmp16, "fma_fcmp16", 23, "FMA v2f16 comparison", PUB "FMA_FCMP16");

static const struct ip_field bifrost_fma_fmod_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3),
	F("src1_abs", 6, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("src0_neg", 7, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("unk9", 9, 3, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "half-word select of the sources)"),
	F("src0_abs", 12, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("unk13", 13, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "rounding mode of ADD, NaN mode of MIN/MAX)"),
	F("outmod", 15, 2, MODIFIER, KNOWN, outmods, 0, "output modifier"),
	OPF(17, 6),
};
FAMILY(bifrost_fma_fmod, "fma_fmod", 23, "FMA two sources, float modifiers (FMATwoSrcFmod)",
       SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_fmod16_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3),
	F("abs", 6, 1, MODIFIER, KNOWN, NULL, 0,
	  "absolute value; which sources it applies to also depends on src1 < src0"),
	F("src0_neg", 7, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("mode", 13, 2, MODIFIER, KNOWN, NULL, 0, "rounding mode (ADD) / NaN mode (MIN, MAX)"),
	F("outmod", 15, 2, MODIFIER, KNOWN, outmods, 0, "output modifier"),
	OPF(17, 6),
};
FAMILY(bifrost_fma_fmod16, "fma_fmod16", 23, "FMA v2f16 two sources, float modifiers",
       PUB "FMA_FADD16");

static const struct ip_field bifrost_fma_three_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), FSRC("src2", 6), OPF(9, 14),
};
FAMILY(bifrost_fma_three, "fma_three", 23, "FMA three sources (FMAThreeSrc)", SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_fma_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), FSRC("src2", 6),
	F("unk9", 9, 3, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "half-word select of the sources)"),
	F("src0_abs", 12, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("unk13", 13, 2, UNKNOWN, UNKNOWN, NULL, 0, "unknown (" PUB "rounding mode)"),
	F("outmod", 15, 2, MODIFIER, KNOWN, outmods, 0, "output modifier"),
	F("src0_neg", 17, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate (negates the product)"),
	F("src1_neg", 18, 1, MODIFIER, KNOWN, NULL, 0,
	  "source 1 negate (the notes' name; " PUB "negates source 2, the addend)"),
	F("src1_abs", 19, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("src2_abs", 20, 1, MODIFIER, KNOWN, NULL, 0, "source 2 absolute value"),
	OPF(21, 2),
};
FAMILY(bifrost_fma_fma, "fma_fma", 23, "FMA three sources, float modifiers (FMAThreeSrcFmod)",
       SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_fma16_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), FSRC("src2", 6),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("mode", 13, 2, MODIFIER, KNOWN, NULL, 0, "rounding mode"),
	F("outmod", 15, 2, MODIFIER, KNOWN, outmods, 0, "output modifier"),
	F("src0_neg", 17, 1, MODIFIER, KNOWN, NULL, 0, "negate the product"),
	F("src2_neg", 18, 1, MODIFIER, KNOWN, NULL, 0, "negate the addend"),
	F("swz2", 19, 2, SWIZZLE, KNOWN, swz16, 2, "source 2 half-word swizzle"),
	OPF(21, 2),
};
FAMILY(bifrost_fma_fma16, "fma_fma16", 23, "FMA v2f16 fused multiply-add", PUB "FMA_FMA16");

static const struct ip_field bifrost_fma_four_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), FSRC("src2", 6), FSRC("src3", 9), OPF(12, 11),
};
FAMILY(bifrost_fma_four, "fma_four", 23, "FMA four sources (FMAFourSrc)", SEED "FMA (23 bits)");

static const struct ip_field bifrost_fma_mscale_fields[] = {
	FSRC("src0", 0), FSRC("src1", 3), FSRC("src2", 6), FSRC("src3", 9),
	F("mode", 12, 2, MODIFIER, KNOWN, NULL, 0,
	  "special mode when mode_sel (0 rcp_mode, 3 sqrt_mode), else the output modifier"),
	F("mode_sel", 14, 1, MODIFIER, KNOWN, NULL, 0, "mode holds rcp/sqrt mode"),
	F("src0_abs", 15, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("src1_neg", 16, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("src2_neg", 17, 1, MODIFIER, KNOWN, NULL, 0, "source 2 negate"),
	OPF(18, 5),
};
FAMILY(bifrost_fma_mscale, "fma_mscale", 23,
       "FMA_MSCALE: src0 * src1 + src2, exponent + src3", PUB "FMA_FMA_MSCALE");

/* ---- ADD families ----------------------------------------------------------------------- */
static const struct ip_field bifrost_add_one_fields[] = { ASRC("src0", 0), OPF(3, 17) };
FAMILY(bifrost_add_one, "add_one", 20, "ADD one source (ADDOneSrc)", SEED "ADD (20 bits)");

static const struct ip_field bifrost_add_two_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3), OPF(6, 14),
};
FAMILY(bifrost_add_two, "add_two", 20, "ADD two sources (ADDTwoSrc)", SEED "ADD (20 bits)");

static const struct ip_field bifrost_add_fmod_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("src1_abs", 6, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("src0_neg", 7, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("unk9", 9, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "half-word select of the sources)"),
	F("outmod", 11, 2, MODIFIER, KNOWN, outmods, 0, "output modifier"),
	F("unk13", 13, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "rounding mode of ADD, NaN mode of MIN/MAX)"),
	F("src0_abs", 15, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	OPF(16, 4),
};
FAMILY(bifrost_add_fmod, "add_fmod", 20, "ADD two sources, float modifiers (ADDTwoSrcFmod)",
       SEED "ADD (20 bits)");

static const struct ip_field bifrost_add_fcmp_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("cmp", 6, 3, MODIFIER, KNOWN, cmps, 0, "comparison"),
	F("unk9", 9, 2, UNKNOWN, UNKNOWN, NULL, 0,
	  "unknown (" PUB "half-word select of the sources)"),
	F("src0_abs", 11, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("src1_abs", 12, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("src0_neg", 13, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	OPF(14, 6),
};
FAMILY(bifrost_add_fcmp, "add_fcmp", 20, "ADD float comparison (the notes' unnamed ADD format)",
       SEED "ADD (20 bits)");

static const struct ip_field bifrost_add_fcmp16_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("cmp", 6, 3, MODIFIER, KNOWN, cmps, 0, "comparison"),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("unk13", 13, 1, UNKNOWN, UNKNOWN, NULL, 0, "unknown"),
	OPF(14, 6),
};
FAMILY(bifrost_add_fcmp16, "add_fcmp16", 20, "ADD v2f16 comparison", PUB "ADD_FCMP16");

static const struct ip_field bifrost_add_fmod16_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("src1_abs", 6, 1, MODIFIER, KNOWN, NULL, 0, "source 1 absolute value"),
	F("src0_neg", 7, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("unk13", 13, 2, UNKNOWN, UNKNOWN, NULL, 0, "unknown (" PUB "rounding mode)"),
	F("src0_abs", 15, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	OPF(16, 4),
};
FAMILY(bifrost_add_fmod16, "add_fmod16", 20, "ADD v2f16 add", PUB "ADD_FADD16");

static const struct ip_field bifrost_add_minmax16_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("abs", 6, 1, MODIFIER, KNOWN, NULL, 0,
	  "absolute value; which sources it applies to also depends on src1 < src0"),
	F("src0_neg", 7, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 8, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	F("swz0", 9, 2, SWIZZLE, KNOWN, swz16, 2, "source 0 half-word swizzle"),
	F("swz1", 11, 2, SWIZZLE, KNOWN, swz16, 2, "source 1 half-word swizzle"),
	F("mode", 13, 2, MODIFIER, KNOWN, NULL, 0, "NaN mode"),
	OPF(15, 5),
};
FAMILY(bifrost_add_minmax16, "add_minmax16", 20, "ADD v2f16 min/max", PUB "ADD_FMINMAX16");

static const struct ip_field bifrost_add_mscale_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3), ASRC("src2", 6),
	F("mode", 9, 3, MODIFIER, KNOWN, NULL, 0,
	  "0 none, 1 hangs G71, 2 clamp_0_1, 3/4 flush src0/src1 inf-NaN to zero"),
	F("src0_abs", 12, 1, MODIFIER, KNOWN, NULL, 0, "source 0 absolute value"),
	F("src0_neg", 13, 1, MODIFIER, KNOWN, NULL, 0, "source 0 negate"),
	F("src1_neg", 14, 1, MODIFIER, KNOWN, NULL, 0, "source 1 negate"),
	OPF(15, 5),
};
FAMILY(bifrost_add_mscale, "add_mscale", 20, "ADD_MSCALE: src0 + src1, exponent + src2",
       PUB "ADD_FADDMscale");

static const struct ip_field bifrost_add_three_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3), ASRC("src2", 6), OPF(9, 11),
};
FAMILY(bifrost_add_three, "add_three", 20, "ADD three sources", PUB "ADD_THREE_SRC");

static const struct ip_field bifrost_add_tex_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("ctrl_hi", 6, 1, FLAG, KNOWN, NULL, 0,
	  "texture control word from the high (1) or low (0) 32 bits of the uniform/const port"),
	OPF(7, 13),
};
FAMILY(bifrost_add_tex, "add_tex", 20, "ADD texture (control word from the uniform/const port)",
       SEED "Texture instructions");

static const struct ip_field bifrost_add_texc_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("tex", 6, 3, IMMEDIATE, KNOWN, NULL, 0, "texture index"),
	F("unk9", 9, 1, UNKNOWN, UNKNOWN, NULL, 1, "unknown, always seen set"),
	F("sampler", 10, 3, IMMEDIATE, KNOWN, NULL, 0, "sampler index"),
	OPF(13, 7),
};
FAMILY(bifrost_add_texc, "add_texc", 20, "ADD compact texture (indices in the instruction)",
       PUB "ADD_TEX_COMPACT");

static const struct ip_enum interps[] = {
	{0, "per_frag", "force per-fragment sampling"},
	{1, "centroid", "centroid sampling"},
	{2, "normal", "per-sample if enabled, else pixel centre"},
	{3, "explicit", "coordinates from a previous instruction"},
	{0, NULL, NULL},
};

static const struct ip_field bifrost_add_ldvar_fields[] = {
	ASRC("src0", 0),
	F("addr", 3, 5, IMMEDIATE, KNOWN, NULL, 0,
	  "0xxxx/100xx: address; 10110 FragCoord.w, 10111 FragCoord.z, 11xxx indirect from source xxx"),
	F("comps", 8, 2, SIZE, KNOWN, NULL, 0, "components minus one"),
	F("interp", 10, 2, MODIFIER, KNOWN, interps, 2, "interpolation"),
	F("reuse", 12, 1, FLAG, KNOWN, NULL, 0, "reuse the previous coordinates"),
	F("flat", 13, 1, FLAG, KNOWN, NULL, 0, "flat shading"),
	F("op", 14, 6, OPCODE, KNOWN, NULL, 0x14,
	  "opcode (the notes print 5 bits, 10100; the field is 6 bits, 010100)"),
};
FAMILY(bifrost_add_ldvar, "add_ldvar", 20, "ADD varying interpolation (LD_VAR)",
       SEED "Varying Interpolation");

static const struct ip_field bifrost_add_ldattr_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("location", 6, 4, IMMEDIATE, KNOWN, NULL, 0, "attribute location"),
	OPF(10, 10),
};
FAMILY(bifrost_add_ldattr, "add_ldattr", 20, "ADD attribute load", PUB "ADD_LOAD_ATTR");

static const struct ip_field bifrost_add_varaddr_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("location", 6, 5, IMMEDIATE, KNOWN, NULL, 0,
	  "varying location: 0-15, or 20 / 21 from the low / high half of the uniform/const port"),
	OPF(11, 9),
};
FAMILY(bifrost_add_varaddr, "add_varaddr", 20, "ADD varying address", PUB "ADD_VARYING_ADDRESS");

static const struct ip_field bifrost_add_branch_fields[] = {
	ASRC("src0", 0), ASRC("src1", 3),
	F("offset_src", 6, 3, REGISTER, KNOWN, add_srcs, 5,
	  "source of the offset (bytes from this clause, high 4 bits flags)"),
	F("cond", 9, 3, MODIFIER, KNOWN, NULL, 0, "condition (with size; 63 in cond+size: always)"),
	F("size", 12, 3, SIZE, KNOWN, NULL, 0, "operand size / half-word selection"),
	OPF(15, 5),
};
FAMILY(bifrost_add_branch, "add_branch", 20, "ADD branch", PUB "ADD_BRANCH");

/* ---- opcode tables ------------------------------------------------------------------------
 * First match wins, in table order (the families are prefix-free by the notes, so order only
 * matters for undescribed overlaps).
 * Each entry: our name (the 2019 public disassembler's), family, op-field value, then what
 * Mesa's ISA.xml-generated disassembler prints for it (docs/bifrost-mesa-names.md): the
 * mnemonic with the modifiers the opcode fixes, and its operands (bifrost.h, struct
 * bifrost_op). OP: ISA.xml has this encoding with this meaning. OPU: doc level unknown: ISA.xml
 * has no encoding for it ("INSTR_INVALID_ENC", or a reserved decoding) or reads it otherwise
 * (docs/bifrost-sources.md): only the older disassembler names it, hardware must tell. OPN: a
 * NOP, whose source ISA.xml fixes (the assembler writes it). */
#define OP(n, fam, v, m, o) {n, &bifrost_##fam, v, NULL, m, o, IP_DOC_KNOWN, -1}
#define OPU(n, fam, v, m, o) {n, &bifrost_##fam, v, NULL, m, o, IP_DOC_UNKNOWN, -1}
#define OPN(n, fam, v, m, o, src0) {n, &bifrost_##fam, v, NULL, m, o, IP_DOC_KNOWN, src0}

const struct bifrost_op bifrost_fma_ops[] = {
	OP("FMA.f32", fma_fma, 0x0, "*FMA.f32{round@unk13}{clamp@outmod}", "s0!fb{abs@src0_abs} s1!fb{abs@src1_abs} s2{neg@src1_neg}{abs@src2_abs}"),
	OPU("MAX.f32", fma_fmod, 0x10, "INSTR_INVALID_ENC", ""),
	OPU("MIN.f32", fma_fmod, 0x11, "INSTR_INVALID_ENC", ""),
	OP("FCMP.GL.f32", fma_fcmp, 0x24, "*FCMP.f32{cmpf@cmp}", "s0!fb{neg@unk7}{abs@src0_abs} s1!fb{abs@src1_abs}{neg@src1_neg}"),
	OP("FCMP.D3D.f32", fma_fcmp, 0x26, "*FCMP.f32{cmpf@cmp}.m1", "s0!fb{neg@unk7}{abs@src0_abs} s1!fb{abs@src1_abs}{neg@src1_neg}"),
	OP("ADD.i32", fma_two, 0x9ff3, "*IADDC.i32", "s0!fb s1!fb s2"),
	OP("SUB.i32", fma_two, 0x9ffb, "*ISUBB.i32", "s0!fb s1!fb s2"),
	OP("SUBB.i32", fma_two, 0x9ffe, "*ISUBB.i32", "s0!fb s1!fb s2"),
	OP("FMA_MSCALE", fma_mscale, 0xa, "*FMA_RSCALE.f32", "s0!fb{abs@src0_abs} s1!fb s2{neg@src2_neg} s3"),
	OP("ADD.f32", fma_fmod, 0x16, "*FADD.f32{round@unk13}{clamp@outmod}", "s0!fb{neg@src0_neg}{abs@src0_abs} s1!fb{abs@src1_abs}{neg@src1_neg}"),
	OP("CSEL.FEQ.f32", fma_four, 0x2e0, "*CSEL.f32.eq", "s0!fb s1!fb s2 s3"),
	OP("CSEL.FGT.f32", fma_four, 0x2e1, "*CSEL.f32.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.FGE.f32", fma_four, 0x2e2, "*CSEL.f32.ge", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IEQ.f32", fma_four, 0x2e3, "*CSEL.i32.eq", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IGT.i32", fma_four, 0x2e4, "*CSEL.s32.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IGE.i32", fma_four, 0x2e5, "*CSEL.s32.ge", "s0!fb s1!fb s2 s3"),
	OP("CSEL.UGT.i32", fma_four, 0x2e6, "*CSEL.u32.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.UGE.i32", fma_four, 0x2e7, "*CSEL.u32.ge", "s0!fb s1!fb s2 s3"),
	OPU("ICMP.D3D.GT.v2i16", fma_two, 0xbb1a, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.D3D.GT.v2i16", fma_two, 0xbb3a, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.D3D.GE.v2i16", fma_two, 0xbb5a, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.D3D.GE.v2i16", fma_two, 0xbb7a, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.D3D.EQ.v2i16", fma_two, 0xbb9a, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.GL.GT.i32", fma_two, 0xbbc8, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.GL.GE.i32", fma_two, 0xbbc9, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.GL.GT.i32", fma_two, 0xbbca, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.GL.GE.i32", fma_two, 0xbbcb, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.GL.EQ.i32", fma_two, 0xbbcc, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.D3D.GT.i32", fma_two, 0xbbd8, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.D3D.GE.i32", fma_two, 0xbbd9, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.D3D.GT.i32", fma_two, 0xbbda, "INSTR_INVALID_ENC", ""),
	OPU("UCMP.D3D.GE.i32", fma_two, 0xbbdb, "INSTR_INVALID_ENC", ""),
	OPU("ICMP.D3D.EQ.i32", fma_two, 0xbbdc, "INSTR_INVALID_ENC", ""),
	OP("RSHIFT_NAND.i32", fma_three, 0x1808, "*RSHIFT_AND.i32.not", "s0!fb s1!fb s2"),
	OP("RSHIFT_NAND.v2i16", fma_three, 0x180f, "*RSHIFT_AND.v2i16.not", "s0!fb s1!fb s2"),
	OP("RSHIFT_OR.i32", fma_three, 0x1838, "*RSHIFT_OR.i32", "s0!fb s1!fb s2"),
	OP("RSHIFT_OR.v2i16", fma_three, 0x183f, "*RSHIFT_OR.v2i16", "s0!fb s1!fb s2"),
	OP("RSHIFT_AND.i32", fma_three, 0x1848, "*RSHIFT_AND.i32", "s0!fb s1!fb s2"),
	OP("RSHIFT_AND.v2i16", fma_three, 0x184f, "*RSHIFT_AND.v2i16", "s0!fb s1!fb s2"),
	OP("RSHIFT_NOR.i32", fma_three, 0x1878, "*RSHIFT_OR.i32.not", "s0!fb s1!fb s2"),
	OP("RSHIFT_NOR.v2i16", fma_three, 0x187f, "*RSHIFT_OR.v2i16.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_NAND.i32", fma_three, 0x1888, "*LSHIFT_AND.i32.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_NAND.v2i16", fma_three, 0x188f, "*LSHIFT_AND.v2i16.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_OR.i32", fma_three, 0x18b8, "*LSHIFT_OR.i32", "s0!fb s1!fb s2"),
	OP("LSHIFT_OR.v2i16", fma_three, 0x18bf, "*LSHIFT_OR.v2i16", "s0!fb s1!fb s2"),
	OP("LSHIFT_AND.i32", fma_three, 0x18c8, "*LSHIFT_AND.i32", "s0!fb s1!fb s2"),
	OP("LSHIFT_AND.v2i16", fma_three, 0x18cf, "*LSHIFT_AND.v2i16", "s0!fb s1!fb s2"),
	OP("LSHIFT_NOR.i32", fma_three, 0x18f8, "*LSHIFT_OR.i32.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_NOR.v2i16", fma_three, 0x18ff, "*LSHIFT_OR.v2i16.not", "s0!fb s1!fb s2"),
	OP("RSHIFT_XOR.i32", fma_three, 0x1908, "*RSHIFT_XOR.i32", "s0!fb s1!fb s2"),
	OP("RSHIFT_XOR.v2i16", fma_three, 0x190f, "*RSHIFT_XOR.v2i16", "s0!fb s1!fb s2"),
	OP("RSHIFT_XNOR.i32", fma_three, 0x1918, "*RSHIFT_XOR.i32.not", "s0!fb s1!fb s2"),
	OP("RSHIFT_XNOR.v2i16", fma_three, 0x191f, "*RSHIFT_XOR.v2i16.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_XOR.i32", fma_three, 0x1928, "*LSHIFT_XOR.i32", "s0!fb s1!fb s2"),
	OP("LSHIFT_XOR.v2i16", fma_three, 0x192f, "*LSHIFT_XOR.v2i16", "s0!fb s1!fb s2"),
	OP("LSHIFT_XNOR.i32", fma_three, 0x1938, "*LSHIFT_XOR.i32.not", "s0!fb s1!fb s2"),
	OP("LSHIFT_XNOR.v2i16", fma_three, 0x193f, "*LSHIFT_XOR.v2i16.not", "s0!fb s1!fb s2"),
	OPU("LSHIFT_ADD.i32", fma_three, 0x1948, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_SUB.i32", fma_three, 0x1958, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_RSUB.i32", fma_three, 0x1968, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_ADD.i32", fma_three, 0x1978, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_SUB.i32", fma_three, 0x1988, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_RSUB.i32", fma_three, 0x1998, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT_ADD.i32", fma_three, 0x19a8, "*ARSHIFT.i32", "s0!fb s1!08 s2 &38=18"),
	OPU("ARSHIFT_SUB.i32", fma_three, 0x19b8, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT_RSUB.i32", fma_three, 0x19c8, "INSTR_INVALID_ENC", ""),
	OP("FMA.v2f16", fma_fma16, 0x2, "*FMA.v2f16{round@mode}{clamp@outmod}", "s0!fb{swz@swz0} s1!fb{swz@swz1} s2{neg@src2_neg}{swz@swz2}"),
	OPU("MAX.v2f16", fma_fmod16, 0x30, "INSTR_INVALID_ENC", ""),
	OPU("MIN.v2f16", fma_fmod16, 0x31, "INSTR_INVALID_ENC", ""),
	OP("FCMP.GL.v2f16", fma_fcmp16, 0x64, "*FCMP.v2f16", "s0!fb{swz@swz0} s1!fb{swz@swz1}"),
	OP("FCMP.D3D.v2f16", fma_fcmp16, 0x66, "*FCMP.v2f16.m1", "s0!fb{swz@swz0} s1!fb{swz@swz1}"),
	OPU("ADD.v2i16", fma_two, 0x19f20, "*FCMP.v2f16.gtlt.reserved", ""),
	OPU("ADDC.i32", fma_two, 0x19f82, "*FCMP.v2f16.total.reserved", ""),
	OPU("ADD.i32.i16.X", fma_two, 0x19fb0, "*FCMP.v2f16.total.reserved", ""),
	OPU("ADD.i32.u16.X", fma_two, 0x19fb2, "*FCMP.v2f16.total.reserved", ""),
	OPU("ADD.i32.i16.Y", fma_two, 0x19fb8, "*FCMP.v2f16.total.reserved", ""),
	OPU("ADD.i32.u16.Y", fma_two, 0x19fba, "*FCMP.v2f16.total.reserved", ""),
	OP("ADD.v2f16", fma_fmod16, 0x36, "*FADD.v2f16{round@mode}{clamp@outmod}", "s0!fb{neg@src0_neg}{swz@swz0} s1!fb{neg@src1_neg}{swz@swz1}"),
	OP("CSEL.FEQ.v2f16", fma_four, 0x6e0, "*CSEL.v2f16.eq", "s0!fb s1!fb s2 s3"),
	OP("CSEL.FGT.v2f16", fma_four, 0x6e1, "*CSEL.v2f16.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.FGE.v2f16", fma_four, 0x6e2, "*CSEL.v2f16.ge", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IEQ.v2f16", fma_four, 0x6e3, "*CSEL.v2i16.eq", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IGT.v2i16", fma_four, 0x6e4, "*CSEL.v2s16.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.IGE.v2i16", fma_four, 0x6e5, "*CSEL.v2s16.ge", "s0!fb s1!fb s2 s3"),
	OP("CSEL.UGT.v2i16", fma_four, 0x6e6, "*CSEL.v2u16.gt", "s0!fb s1!fb s2 s3"),
	OP("CSEL.UGE.v2i16", fma_four, 0x6e7, "*CSEL.v2u16.ge", "s0!fb s1!fb s2 s3"),
	OP("F32_TO_F16", fma_two, 0x1ba00, "*V2F32_TO_V2F16", "s0!fb s1!fb"),
	OPU("F16_TO_I16.XX", fma_one, 0xe0046, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_U16.XX", fma_one, 0xe0047, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_I16.YX", fma_one, 0xe004e, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_U16.YX", fma_one, 0xe004f, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_I16.XY", fma_one, 0xe0056, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_U16.XY", fma_one, 0xe0057, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_I16.YY", fma_one, 0xe005e, "INSTR_INVALID_ENC", ""),
	OPU("F16_TO_U16.YY", fma_one, 0xe005f, "INSTR_INVALID_ENC", ""),
	OPU("I16_TO_F16.XX", fma_one, 0xe00c0, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F16.XX", fma_one, 0xe00c1, "INSTR_INVALID_ENC", ""),
	OPU("I16_TO_F16.YX", fma_one, 0xe00c8, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F16.YX", fma_one, 0xe00c9, "INSTR_INVALID_ENC", ""),
	OPU("I16_TO_F16.XY", fma_one, 0xe00d0, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F16.XY", fma_one, 0xe00d1, "INSTR_INVALID_ENC", ""),
	OPU("I16_TO_F16.YY", fma_one, 0xe00d8, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F16.YY", fma_one, 0xe00d9, "INSTR_INVALID_ENC", ""),
	OPU("F32_TO_I32", fma_one, 0xe0136, "INSTR_INVALID_ENC", ""),
	OPU("F32_TO_U32", fma_one, 0xe0137, "INSTR_INVALID_ENC", ""),
	OPU("I32_TO_F32", fma_one, 0xe0178, "INSTR_INVALID_ENC", ""),
	OPU("U32_TO_F32", fma_one, 0xe0179, "INSTR_INVALID_ENC", ""),
	OP("I16_TO_I32.X", fma_one, 0xe0198, "*S16_TO_S32", "s0!fb"),
	OP("U16_TO_U32.X", fma_one, 0xe0199, "*U16_TO_U32", "s0!fb"),
	OP("I16_TO_I32.Y", fma_one, 0xe019a, "*S16_TO_S32", "s0!fb.h1"),
	OP("U16_TO_U32.Y", fma_one, 0xe019b, "*U16_TO_U32", "s0!fb.h1"),
	OPU("I16_TO_F32.X", fma_one, 0xe019c, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F32.X", fma_one, 0xe019d, "INSTR_INVALID_ENC", ""),
	OPU("I16_TO_F32.Y", fma_one, 0xe019e, "INSTR_INVALID_ENC", ""),
	OPU("U16_TO_F32.Y", fma_one, 0xe019f, "INSTR_INVALID_ENC", ""),
	OP("F16_TO_F32.X", fma_one, 0xe01a2, "*F16_TO_F32", "s0!fb"),
	OP("F16_TO_F32.Y", fma_one, 0xe01a3, "*F16_TO_F32", "s0!fb.h1"),
	OPN("NOP", fma_one, 0xe032c, "*NOP", "", 3),
	OP("MOV", fma_one, 0xe032d, "*MOV.i32", "s0!fb"),
	OPU("SWZ.YY.v2i16", fma_one, 0xe032f, "INSTR_INVALID_ENC", ""),
	OP("LOG_FREXPM", fma_one, 0xe0345, "*FREXPM.f32.log", "s0!fb"),
	OP("FRCP_FREXPM", fma_one, 0xe0365, "*FREXPM.f32", "s0!fb"),
	OP("FSQRT_FREXPM", fma_one, 0xe0375, "*FREXPM.f32.sqrt", "s0!fb"),
	OP("FRCP_FREXPE", fma_one, 0xe038d, "*FREXPE.f32", "s0!fb.neg"),
	OP("FSQRT_FREXPE", fma_one, 0xe03a5, "*FREXPE.f32.sqrt", "s0!fb"),
	OP("FRSQ_FREXPE", fma_one, 0xe03ad, "*FREXPE.f32.sqrt", "s0!fb.neg"),
	OP("LOG_FREXPE", fma_one, 0xe03c5, "*FREXPE.f32.log", "s0!fb"),
	OP("CLZ", fma_one, 0xe03fa, "*CLZ.u32", "s0!fb"),
	OPU("IMAX3", fma_three, 0x382e, "INSTR_INVALID_ENC", ""),
	OPU("UMAX3", fma_three, 0x382f, "INSTR_INVALID_ENC", ""),
	OPU("IMIN3", fma_three, 0x3830, "INSTR_INVALID_ENC", ""),
	OPU("UMIN3", fma_three, 0x3831, "INSTR_INVALID_ENC", ""),
	OP("ROUND", fma_one, 0xe0ec5, "*FROUND.f32.rtna", "s0!fb"),
	OPU("CSEL", fma_three, 0x383d, "INSTR_INVALID_ENC", ""),
	OPU("MUX.i32", fma_three, 0x383f, "INSTR_INVALID_ENC", ""),
	OP("ROUNDEVEN", fma_one, 0xe1805, "*FROUND.f32", "s0!fb"),
	OP("CEIL", fma_one, 0xe1845, "*FROUND.f32.rtp", "s0!fb"),
	OP("FLOOR", fma_one, 0xe1885, "*FROUND.f32.rtn", "s0!fb"),
	OP("TRUNC", fma_one, 0xe18c5, "*FROUND.f32.rtz", "s0!fb"),
	OPU("ATAN_LDEXP.Y.f32", fma_two, 0x1c336, "INSTR_INVALID_ENC", ""),
	OPU("ATAN_LDEXP.X.f32", fma_two, 0x1c337, "INSTR_INVALID_ENC", ""),
	OP("LSHIFT_ADD_LOW32.u32", fma_three, 0x3872, "*SHADDXL.u32", "s0!fb s1!fb i:shift:6:3"),
	OP("LSHIFT_ADD_LOW32.i64", fma_three, 0x3873, "*SHADDXL.i64", "s0!fb s1!fb i:shift:6:3"),
	OP("LSHIFT_ADD_LOW32.i32", fma_three, 0x3876, "*SHADDXL.s32", "s0!fb s1!fb i:shift:6:3"),
	OP("SEL.XX.i16", fma_two, 0x1c3c0, "*MKVEC.v2i16", "s0!fb s1!fb"),
	OP("SEL.YX.i16", fma_two, 0x1c3c1, "*MKVEC.v2i16", "s0!fb.h1 s1!fb"),
	OP("SEL.XY.i16", fma_two, 0x1c3c2, "*MKVEC.v2i16", "s0!fb s1!fb.h1"),
	OP("SEL.YY.i16", fma_two, 0x1c3c3, "*MKVEC.v2i16", "s0!fb.h1 s1!fb.h1"),
	OPU("IMAD", fma_three, 0x39e0, "*IMUL.i32", "s0!fb s1!fb &1c0=c0"),
	OP("POPCNT", fma_one, 0xe78db, "*POPCOUNT.i32", "s0!fb"),
};
const unsigned bifrost_n_fma_ops = IP_COUNT(bifrost_fma_ops);

const struct bifrost_op bifrost_add_ops[] = {
	OP("MAX.f32", add_fmod, 0x0, "+FMAX.f32{clamp@outmod}{sem@unk13}", "s0{neg@src0_neg}{abs@src0_abs} s1{abs@src1_abs}{neg@src1_neg} &600=0"),
	OP("MIN.f32", add_fmod, 0x1, "+FMIN.f32{clamp@outmod}{sem@unk13}", "s0{neg@src0_neg}{abs@src0_abs} s1{abs@src1_abs}{neg@src1_neg} &600=0"),
	OP("ADD.f32", add_fmod, 0x2, "+FADD.f32{clamp@outmod}", "s0{neg@src0_neg}{abs@src0_abs} s1{abs@src1_abs}{neg@src1_neg}"),
	OP("FCMP.GL.f32", add_fcmp, 0xc, "+FCMP.f32{cmpf@cmp}", "s0{abs@src0_abs} s1{abs@src1_abs}"),
	OP("FCMP.D3D.f32", add_fcmp, 0xe, "+FCMP.f32{cmpf@cmp}.m1", "s0{abs@src0_abs} s1{abs@src1_abs}"),
	OP("F16_TO_I16", add_one, 0x7856, "+V2F16_TO_V2S16.rtz", "s0"),
	OP("F16_TO_U16", add_one, 0x7857, "+V2F16_TO_V2U16.rtz", "s0"),
	OP("I16_TO_F16.XX", add_one, 0x78c0, "+V2S16_TO_V2F16", "s0.h00"),
	OP("U16_TO_F16.XX", add_one, 0x78c1, "+V2U16_TO_V2F16", "s0.h00"),
	OP("I16_TO_F16.YX", add_one, 0x78c8, "+V2S16_TO_V2F16", "s0.h10"),
	OP("U16_TO_F16.YX", add_one, 0x78c9, "+V2U16_TO_V2F16", "s0.h10"),
	OP("I16_TO_F16.XY", add_one, 0x78d0, "+V2S16_TO_V2F16", "s0"),
	OP("U16_TO_F16.XY", add_one, 0x78d1, "+V2U16_TO_V2F16", "s0"),
	OP("I16_TO_F16.YY", add_one, 0x78d8, "+V2S16_TO_V2F16", "s0.h11"),
	OP("U16_TO_F16.YY", add_one, 0x78d9, "+V2U16_TO_V2F16", "s0.h11"),
	OP("F32_TO_I32", add_one, 0x7936, "+F32_TO_S32.rtz", "s0"),
	OP("F32_TO_U32", add_one, 0x7937, "+F32_TO_U32.rtz", "s0"),
	OP("I32_TO_F32", add_one, 0x7978, "+S32_TO_F32", "s0"),
	OP("U32_TO_F32", add_one, 0x7979, "+U32_TO_F32", "s0"),
	OP("I16_TO_I32.X", add_one, 0x7998, "+S16_TO_S32", "s0"),
	OP("U16_TO_U32.X", add_one, 0x7999, "+U16_TO_U32", "s0"),
	OP("I16_TO_I32.Y", add_one, 0x799a, "+S16_TO_S32", "s0.h1"),
	OP("U16_TO_U32.Y", add_one, 0x799b, "+U16_TO_U32", "s0.h1"),
	OP("I16_TO_F32.X", add_one, 0x799c, "+S16_TO_F32", "s0"),
	OP("U16_TO_F32.X", add_one, 0x799d, "+U16_TO_F32", "s0"),
	OP("I16_TO_F32.Y", add_one, 0x799e, "+S16_TO_F32", "s0.h1"),
	OP("U16_TO_F32.Y", add_one, 0x799f, "+U16_TO_F32", "s0.h1"),
	OP("F16_TO_F32.X", add_one, 0x79a2, "+F16_TO_F32", "s0"),
	OP("F16_TO_F32.Y", add_one, 0x79a3, "+F16_TO_F32", "s0.h1"),
	OP("SWZ.XX.v2i16", add_one, 0x7b29, "+SWZ.v2i16", "s0.h00"),
	OP("SWZ.YX.v2i16", add_one, 0x7b2b, "+SWZ.v2i16", "s0.h10"),
	OPN("NOP", add_one, 0x7b2c, "+NOP", "", 4),
	OP("MOV", add_one, 0x7b2d, "+MOV.i32", "s0"),
	OP("SWZ.YY.v2i16", add_one, 0x7b2f, "+SWZ.v2i16", "s0.h11"),
	OP("FRCP_FREXPM", add_one, 0x7b65, "+FREXPM.f32", "s0"),
	OP("FSQRT_FREXPM", add_one, 0x7b75, "+FREXPM.f32.sqrt", "s0"),
	OP("FRCP_FREXPE", add_one, 0x7b8d, "+FREXPE.f32", "s0.neg"),
	OP("FSQRT_FREXPE", add_one, 0x7ba5, "+FREXPE.f32.sqrt", "s0"),
	OP("FRSQ_FREXPE", add_one, 0x7bad, "+FREXPE.f32.sqrt", "s0.neg"),
	OP("FLOG_FREXPE", add_one, 0x7bc5, "+FREXPE.f32.log", "s0"),
	OP("CEIL", add_one, 0x7d45, "+FROUND.f32.rtp", "s0"),
	OP("FLOOR", add_one, 0x7d85, "+FROUND.f32.rtn", "s0"),
	OP("TRUNC", add_one, 0x7dc5, "+FROUND.f32.rtz", "s0"),
	OP("LSHIFT_ADD_HIGH32.i32", add_two, 0xfe3, "+SHADDXH.i32", "s0 s1"),
	OP("LD_ATTR.f16", add_ldattr, 0x100, "+LD_ATTR_IMM.f16", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v2f16", add_ldattr, 0x102, "+LD_ATTR_IMM.f16.v2", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v3f16", add_ldattr, 0x104, "+LD_ATTR_IMM.f16.v3", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v4f16", add_ldattr, 0x106, "+LD_ATTR_IMM.f16.v4", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.f32", add_ldattr, 0x108, "+LD_ATTR_IMM.f32", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v2f32", add_ldattr, 0x10a, "+LD_ATTR_IMM.f32.v2", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v3f32", add_ldattr, 0x10c, "+LD_ATTR_IMM.f32.v3", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v4f32", add_ldattr, 0x10e, "+LD_ATTR_IMM.f32.v4", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.i32", add_ldattr, 0x110, "+LD_ATTR_IMM.s32", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v2i32", add_ldattr, 0x112, "+LD_ATTR_IMM.s32.v2", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v3i32", add_ldattr, 0x114, "+LD_ATTR_IMM.s32.v3", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v4i32", add_ldattr, 0x116, "+LD_ATTR_IMM.s32.v4", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.u32", add_ldattr, 0x118, "+LD_ATTR_IMM.u32", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v2u32", add_ldattr, 0x11a, "+LD_ATTR_IMM.u32.v2", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v3u32", add_ldattr, 0x11c, "+LD_ATTR_IMM.u32.v3", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_ATTR.v4u32", add_ldattr, 0x11e, "+LD_ATTR_IMM.u32.v4", "s0 s1 i:attribute_index:6:4 @"),
	OP("LD_VAR.32", add_ldvar, 0x14, "+LD_VAR", "~ s0 @"),
	OP("TEX.compact", add_texc, 0x2c, "+TEXS_2D.f32{skip@unk9}.computed_lod", "s0 s1 i:texture_index:6:3 i:sampler_index:10:3 @"),
	OP("LOAD.i32", add_two, 0x1831, "+LOAD.i32", "s0 s1 @"),
	OP("LD_UBO.i32", add_two, 0x1834, "+LOAD.i32.ubo", "s0 s1 @"),
	OP("LD_SCRATCH.i32", add_two, 0x1837, "+LOAD.i32.tl", "s0 s1 @"),
	OP("LOAD.v2i32", add_two, 0x1839, "+LOAD.i64", "s0 s1 @"),
	OP("LD_UBO.v2i32", add_two, 0x183c, "+LOAD.i64.ubo", "s0 s1 @"),
	OP("LD_SCRATCH.v2i32", add_two, 0x183f, "+LOAD.i64.tl", "s0 s1 @"),
	OP("LOAD.v4i32", add_two, 0x1841, "+LOAD.i128", "s0 s1 @"),
	OP("LD_UBO.v4i32", add_two, 0x1844, "+LOAD.i128.ubo", "s0 s1 @"),
	OP("LD_SCRATCH.v4i32", add_two, 0x1847, "+LOAD.i128.tl", "s0 s1 @"),
	OP("STORE.v4i32", add_two, 0x1849, "+STORE.i128", "s0 s1 @"),
	OP("ST_SCRATCH.v4i32", add_two, 0x184f, "+STORE.i128.tl", "s0 s1 @"),
	OP("STORE.i32", add_two, 0x18b1, "+STORE.i32", "s0 s1 @"),
	OP("ST_SCRATCH.i32", add_two, 0x18b7, "+STORE.i32.tl", "s0 s1 @"),
	OP("STORE.v2i32", add_two, 0x18b9, "+STORE.i64", "s0 s1 @"),
	OP("ST_SCRATCH.v2i32", add_two, 0x18bf, "+STORE.i64.tl", "s0 s1 @"),
	OP("LOAD.u16", add_two, 0x18c9, "+LOAD.i16.w0.zext", "s0 s1 @"),
	OP("LOAD.v3i32", add_two, 0x1951, "+LOAD.i96", "s0 s1 @"),
	OP("LD_UBO.v3i32", add_two, 0x1954, "+LOAD.i96.ubo", "s0 s1 @"),
	OP("LD_SCRATCH.v3i32", add_two, 0x1957, "+LOAD.i96.tl", "s0 s1 @"),
	OP("STORE.v3i32", add_two, 0x1971, "+STORE.i96", "s0 s1 @"),
	OP("ST_SCRATCH.v3i32", add_two, 0x1977, "+STORE.i96.tl", "s0 s1 @"),
	OP("FRCP_FAST.f32", add_one, 0xcc00, "+FRCP.f32", "s0!f7"),
	OP("FRSQ_FAST.f32", add_one, 0xcc20, "+FRSQ.f32", "s0!f7"),
	OP("FRCP_TABLE", add_one, 0xce00, "+FRCP_APPROX.f32", "s0!f7"),
	OP("FRCP_FAST.f16.X", add_one, 0xce10, "+FRCP.f16", "s0!f7"),
	OP("FRSQ_TABLE", add_one, 0xce20, "+FRSQ_APPROX.f32", "s0!f7"),
	OP("FRCP_FAST.f16.Y", add_one, 0xce30, "+FRCP.f16", "s0!f7.h1"),
	OP("FRSQ_FAST.f16.X", add_one, 0xce50, "+FRSQ.f16", "s0!f7"),
	OP("FRCP_APPROX", add_one, 0xce60, "+FLOG_TABLE.f32.red", "s0!f7"),
	OP("FRSQ_FAST.f16.Y", add_one, 0xce70, "+FRSQ.f16", "s0!f7.h1"),
	OP("ATAN_ASSIST", add_two, 0x19e8, "+FATAN_ASSIST.f32", "s0!f7 s1!f7"),
	OP("ATAN_TABLE", add_two, 0x19e9, "+FATAN_TABLE.f32", "s0!f7 s1!f7"),
	OP("SIN_TABLE", add_one, 0xcf50, "+FSIN_TABLE.u6", "s0!f7"),
	OP("COS_TABLE", add_one, 0xcf51, "+FCOS_TABLE.u6", "s0!f7"),
	OP("EXP_TABLE", add_one, 0xcf58, "+FEXP_TABLE.u4", "s0!f7"),
	OP("FLOG2_TABLE", add_one, 0xcf60, "+FLOG_TABLE.f32.base2", "s0!f7"),
	OP("FLOGE_TABLE", add_one, 0xcf64, "+FLOG_TABLE.f32.natural", "s0!f7"),
	OP("BRANCH", add_branch, 0xd, "+BRANCH", "~ s0 s1 s2!f7"),
	OP("MUX", add_three, 0x3a3, "+MUX.i32.bit", "s0 s1 s2"),
	OP("ATAN_LDEXP.Y.f32", add_two, 0x1d36, "+LDEXP.f32.inf", "s0 s1"),
	OP("ATAN_LDEXP.X.f32", add_two, 0x1d37, "+LDEXP.f32.inf0", "s0 s1"),
	OP("SEL.XX.i16", add_two, 0x1d4c, "+MKVEC.v2i16", "s0 s1"),
	OP("SEL.YX.i16", add_two, 0x1d4d, "+MKVEC.v2i16", "s0.h1 s1"),
	OP("SEL.XY.i16", add_two, 0x1d4e, "+MKVEC.v2i16", "s0 s1.h1"),
	OP("SEL.YY.i16", add_two, 0x1d4f, "+MKVEC.v2i16", "s0.h1 s1.h1"),
	OP("F32_TO_F16", add_two, 0x1d80, "+V2F32_TO_V2F16", "s0 s1"),
	OP("ICMP.GL.GT", add_two, 0x1ec8, "+ICMP.s32.gt", "s0 s1"),
	OP("ICMP.GL.GE", add_two, 0x1ec9, "+ICMP.s32.ge", "s0 s1"),
	OP("UCMP.GL.GT", add_two, 0x1eca, "+ICMP.u32.gt", "s0 s1"),
	OP("UCMP.GL.GE", add_two, 0x1ecb, "+ICMP.u32.ge", "s0 s1"),
	OP("ICMP.GL.EQ", add_two, 0x1ecc, "+ICMP.i32.eq", "s0 s1"),
	OP("ICMP.D3D.GT", add_two, 0x1ed8, "+ICMP.s32.m1.gt", "s0 s1"),
	OP("ICMP.D3D.GE", add_two, 0x1ed9, "+ICMP.s32.m1.ge", "s0 s1"),
	OP("UCMP.D3D.GT", add_two, 0x1eda, "+ICMP.u32.m1.gt", "s0 s1"),
	OP("UCMP.D3D.GE", add_two, 0x1edb, "+ICMP.u32.m1.ge", "s0 s1"),
	OP("ICMP.D3D.EQ", add_two, 0x1edc, "+ICMP.i32.m1.eq", "s0 s1"),
	OP("MAX.v2f16", add_minmax16, 0x10, "+FMAX.v2f16{sem@mode}", "s0{neg@src0_neg}{swz@swz0} s1{neg@src1_neg}{swz@swz1}"),
	OP("ADD_MSCALE.f32", add_mscale, 0x11, "+FADD_RSCALE.f32", "s0{neg@src0_neg} s1{abs@src0_abs}{neg@src1_neg} s2"),
	OP("MIN.v2f16", add_minmax16, 0x12, "+FMIN.v2f16{sem@mode}", "s0{neg@src0_neg}{swz@swz0} s1{neg@src1_neg}{swz@swz1}"),
	OP("ADD.v2f16", add_fmod16, 0xa, "+FADD.v2f16{round@unk13}", "s0{neg@src0_neg}{swz@swz0}{abs@src0_abs} s1{abs@src1_abs}{neg@src1_neg}{swz@swz1}"),
	OP("FCMP.D3D.v2f16", add_fcmp16, 0x2e, "+FCMP.v2f16{cmpf@cmp}.m1", "s0{swz@swz0} s1{swz@swz1}"),
	OP("ADD.i32", add_two, 0x2f18, "+IADD.s32", "s0 s1"),
	OP("ADD.v2i16", add_two, 0x2f20, "+IADD.v2s16", "s0 s1"),
	OP("SUB.i32", add_two, 0x2f58, "+ISUB.s32", "s0 s1"),
	OPU("ADDC.i32", add_two, 0x2f82, "+IADD.u32", "s0 s1.b0"),
	OP("ADD.i32.i16.X", add_two, 0x2fb0, "+IADD.s32", "s0 s1.h0"),
	OP("ADD.i32.u16.X", add_two, 0x2fb2, "+IADD.u32", "s0 s1.h0"),
	OP("ADD.i32.i16.Y", add_two, 0x2fb8, "+IADD.s32", "s0 s1.h1"),
	OP("ADD.i32.u16.Y", add_two, 0x2fba, "+IADD.u32", "s0 s1.h1"),
	OP("LD_VAR_ADDR.f16", add_varaddr, 0x180, "+LEA_ATTR", "~ s0 s1 @ &400=0"),
	OP("LD_VAR_ADDR.f32", add_varaddr, 0x181, "+LEA_ATTR", "~ s0 s1 @ &400=0"),
	OP("LD_VAR_ADDR.i32", add_varaddr, 0x182, "+LEA_ATTR", "~ s0 s1 @ &400=0"),
	OP("LD_VAR_ADDR.u32", add_varaddr, 0x183, "+LEA_ATTR", "~ s0 s1 @ &400=0"),
	OP("ATEST.f32", add_two, 0x323d, "+ATEST", "s0!f7 s1!f7 @"),
	OP("ATEST.X.f16", add_two, 0x323e, "+ATEST", "s0!f7 s1!f7.h0 @"),
	OP("ATEST.Y.f16", add_two, 0x323f, "+ATEST", "s0!f7 s1!f7.h1 @"),
	OP("ST_VAR.v1", add_three, 0x64c, "+ST_CVT", "s0 s1 s2!f7 @"),
	OP("ST_VAR.v2", add_three, 0x64d, "+ST_CVT.v2", "s0 s1 s2!f7 @"),
	OP("ST_VAR.v3", add_three, 0x64e, "+ST_CVT.v3", "s0 s1 s2!f7 @"),
	OP("ST_VAR.v4", add_three, 0x64f, "+ST_CVT.v4", "s0 s1 s2!f7 @"),
	OP("BLEND", add_one, 0x1952c, "+BLEND", "s0 s1!f7 s2!f7 @"),
	OP("LD_VAR.16", add_ldvar, 0x34, "+LD_VAR", "~ s0 @"),
	OP("TEX", add_tex, 0x1ae6, "+TEXC.skip", "s0 s1 s2!f7 @"),
	OPU("RSHIFT_NAND.i32", add_three, 0x700, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_OR.i32", add_three, 0x70c, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_AND.i32", add_three, 0x710, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_NOR.i32", add_three, 0x71c, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_NAND.i32", add_three, 0x720, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_OR.i32", add_three, 0x72c, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_AND.i32", add_three, 0x730, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_NOR.i32", add_three, 0x73c, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_XOR.i32", add_three, 0x740, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_XNOR.i32", add_three, 0x744, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_XOR.i32", add_three, 0x748, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_XNOR.i32", add_three, 0x74c, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_ADD.i32", add_three, 0x750, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT_SUB.i32", add_three, 0x754, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_ADD.i32", add_three, 0x75c, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_SUB.i32", add_three, 0x760, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT_RSUB.i32", add_three, 0x764, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT_ADD.i32", add_three, 0x768, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT_SUB.i32", add_three, 0x76c, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT_RSUB.i32", add_three, 0x770, "INSTR_INVALID_ENC", ""),
	OPU("OR.i32", add_two, 0x3ba3, "INSTR_INVALID_ENC", ""),
	OPU("AND.i32", add_two, 0x3ba4, "INSTR_INVALID_ENC", ""),
	OPU("XOR.i32", add_two, 0x3baa, "INSTR_INVALID_ENC", ""),
	OPU("LSHIFT.i32", add_two, 0x3bac, "INSTR_INVALID_ENC", ""),
	OPU("RSHIFT.i32", add_two, 0x3bb0, "INSTR_INVALID_ENC", ""),
	OPU("ARSHIFT.i32", add_two, 0x3bb4, "INSTR_INVALID_ENC", ""),
};
const unsigned bifrost_n_add_ops = IP_COUNT(bifrost_add_ops);

static const struct ip_field *op_field(const struct ip_format *fmt)
{
	return &fmt->fields[fmt->nfields - 1]; /* every family ends with its opcode */
}

const struct bifrost_op *bifrost_decode_op(int is_add, uint32_t word)
{
	const struct bifrost_op *t = is_add ? bifrost_add_ops : bifrost_fma_ops;
	unsigned n = is_add ? bifrost_n_add_ops : bifrost_n_fma_ops;
	ip_word w = {{word, 0}};
	for (unsigned i = 0; i < n; i++)
		if (ip_field_get(op_field(t[i].fmt), &w) == t[i].op)
			return &t[i];
	return NULL;
}

int bifrost_op_has_encoding(const struct bifrost_op *op)
{
	return op->mesa && strcmp(op->mesa, "INSTR_INVALID_ENC") != 0 &&
	       !strstr(op->mesa, ".reserved");
}

const struct bifrost_op *bifrost_find_op(int is_add, const char *name)
{
	const struct bifrost_op *t = is_add ? bifrost_add_ops : bifrost_fma_ops;
	unsigned n = is_add ? bifrost_n_add_ops : bifrost_n_fma_ops;
	for (unsigned i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

const struct ip_format *bifrost_op_format(int is_add, uint32_t word)
{
	const struct bifrost_op *op = bifrost_decode_op(is_add, word);
	if (op)
		return op->fmt;
	return is_add ? &bifrost_add_one : &bifrost_fma_one;
}

/* bifrost_ops.c: the FMA (23-bit) and ADD (20-bit) format families and the opcode tables.
 * Families follow seed notes 003 where it has them, Mesa's Bifrost disassembler otherwise
 * (docs/bifrost-sources.md); the opcode numbers are Mesa's facts, restated as op-field values. */
#include <string.h>

#include "bifrost.h"

#define SEED "seed notes 003 (Bifrost), section "
#define PUB "public Mesa disassembler (docs/bifrost-sources.md): "

#define F(n, lo, w, k, d, e, def, note) {n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {{0, 0}, {0, 0}}, note}

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
 * matters for undescribed overlaps). */
#define OP(n, fam, v) {n, &bifrost_##fam, v, NULL}

const struct bifrost_op bifrost_fma_ops[] = {
	OP("FMA.f32", fma_fma, 0x0),
	OP("MAX.f32", fma_fmod, 0x10),
	OP("MIN.f32", fma_fmod, 0x11),
	OP("FCMP.GL.f32", fma_fcmp, 0x24),
	OP("FCMP.D3D.f32", fma_fcmp, 0x26),
	OP("ADD.i32", fma_two, 0x9ff3),
	OP("SUB.i32", fma_two, 0x9ffb),
	OP("SUBB.i32", fma_two, 0x9ffe),
	OP("FMA_MSCALE", fma_mscale, 0xa),
	OP("ADD.f32", fma_fmod, 0x16),
	OP("CSEL.FEQ.f32", fma_four, 0x2e0),
	OP("CSEL.FGT.f32", fma_four, 0x2e1),
	OP("CSEL.FGE.f32", fma_four, 0x2e2),
	OP("CSEL.IEQ.f32", fma_four, 0x2e3),
	OP("CSEL.IGT.i32", fma_four, 0x2e4),
	OP("CSEL.IGE.i32", fma_four, 0x2e5),
	OP("CSEL.UGT.i32", fma_four, 0x2e6),
	OP("CSEL.UGE.i32", fma_four, 0x2e7),
	OP("ICMP.D3D.GT.v2i16", fma_two, 0xbb1a),
	OP("UCMP.D3D.GT.v2i16", fma_two, 0xbb3a),
	OP("ICMP.D3D.GE.v2i16", fma_two, 0xbb5a),
	OP("UCMP.D3D.GE.v2i16", fma_two, 0xbb7a),
	OP("ICMP.D3D.EQ.v2i16", fma_two, 0xbb9a),
	OP("ICMP.GL.GT.i32", fma_two, 0xbbc8),
	OP("ICMP.GL.GE.i32", fma_two, 0xbbc9),
	OP("UCMP.GL.GT.i32", fma_two, 0xbbca),
	OP("UCMP.GL.GE.i32", fma_two, 0xbbcb),
	OP("ICMP.GL.EQ.i32", fma_two, 0xbbcc),
	OP("ICMP.D3D.GT.i32", fma_two, 0xbbd8),
	OP("ICMP.D3D.GE.i32", fma_two, 0xbbd9),
	OP("UCMP.D3D.GT.i32", fma_two, 0xbbda),
	OP("UCMP.D3D.GE.i32", fma_two, 0xbbdb),
	OP("ICMP.D3D.EQ.i32", fma_two, 0xbbdc),
	OP("RSHIFT_NAND.i32", fma_three, 0x1808),
	OP("RSHIFT_NAND.v2i16", fma_three, 0x180f),
	OP("RSHIFT_OR.i32", fma_three, 0x1838),
	OP("RSHIFT_OR.v2i16", fma_three, 0x183f),
	OP("RSHIFT_AND.i32", fma_three, 0x1848),
	OP("RSHIFT_AND.v2i16", fma_three, 0x184f),
	OP("RSHIFT_NOR.i32", fma_three, 0x1878),
	OP("RSHIFT_NOR.v2i16", fma_three, 0x187f),
	OP("LSHIFT_NAND.i32", fma_three, 0x1888),
	OP("LSHIFT_NAND.v2i16", fma_three, 0x188f),
	OP("LSHIFT_OR.i32", fma_three, 0x18b8),
	OP("LSHIFT_OR.v2i16", fma_three, 0x18bf),
	OP("LSHIFT_AND.i32", fma_three, 0x18c8),
	OP("LSHIFT_AND.v2i16", fma_three, 0x18cf),
	OP("LSHIFT_NOR.i32", fma_three, 0x18f8),
	OP("LSHIFT_NOR.v2i16", fma_three, 0x18ff),
	OP("RSHIFT_XOR.i32", fma_three, 0x1908),
	OP("RSHIFT_XOR.v2i16", fma_three, 0x190f),
	OP("RSHIFT_XNOR.i32", fma_three, 0x1918),
	OP("RSHIFT_XNOR.v2i16", fma_three, 0x191f),
	OP("LSHIFT_XOR.i32", fma_three, 0x1928),
	OP("LSHIFT_XOR.v2i16", fma_three, 0x192f),
	OP("LSHIFT_XNOR.i32", fma_three, 0x1938),
	OP("LSHIFT_XNOR.v2i16", fma_three, 0x193f),
	OP("LSHIFT_ADD.i32", fma_three, 0x1948),
	OP("LSHIFT_SUB.i32", fma_three, 0x1958),
	OP("LSHIFT_RSUB.i32", fma_three, 0x1968),
	OP("RSHIFT_ADD.i32", fma_three, 0x1978),
	OP("RSHIFT_SUB.i32", fma_three, 0x1988),
	OP("RSHIFT_RSUB.i32", fma_three, 0x1998),
	OP("ARSHIFT_ADD.i32", fma_three, 0x19a8),
	OP("ARSHIFT_SUB.i32", fma_three, 0x19b8),
	OP("ARSHIFT_RSUB.i32", fma_three, 0x19c8),
	OP("FMA.v2f16", fma_fma16, 0x2),
	OP("MAX.v2f16", fma_fmod16, 0x30),
	OP("MIN.v2f16", fma_fmod16, 0x31),
	OP("FCMP.GL.v2f16", fma_fcmp16, 0x64),
	OP("FCMP.D3D.v2f16", fma_fcmp16, 0x66),
	OP("ADD.v2i16", fma_two, 0x19f20),
	OP("ADDC.i32", fma_two, 0x19f82),
	OP("ADD.i32.i16.X", fma_two, 0x19fb0),
	OP("ADD.i32.u16.X", fma_two, 0x19fb2),
	OP("ADD.i32.i16.Y", fma_two, 0x19fb8),
	OP("ADD.i32.u16.Y", fma_two, 0x19fba),
	OP("ADD.v2f16", fma_fmod16, 0x36),
	OP("CSEL.FEQ.v2f16", fma_four, 0x6e0),
	OP("CSEL.FGT.v2f16", fma_four, 0x6e1),
	OP("CSEL.FGE.v2f16", fma_four, 0x6e2),
	OP("CSEL.IEQ.v2f16", fma_four, 0x6e3),
	OP("CSEL.IGT.v2i16", fma_four, 0x6e4),
	OP("CSEL.IGE.v2i16", fma_four, 0x6e5),
	OP("CSEL.UGT.v2i16", fma_four, 0x6e6),
	OP("CSEL.UGE.v2i16", fma_four, 0x6e7),
	OP("F32_TO_F16", fma_two, 0x1ba00),
	OP("F16_TO_I16.XX", fma_one, 0xe0046),
	OP("F16_TO_U16.XX", fma_one, 0xe0047),
	OP("F16_TO_I16.YX", fma_one, 0xe004e),
	OP("F16_TO_U16.YX", fma_one, 0xe004f),
	OP("F16_TO_I16.XY", fma_one, 0xe0056),
	OP("F16_TO_U16.XY", fma_one, 0xe0057),
	OP("F16_TO_I16.YY", fma_one, 0xe005e),
	OP("F16_TO_U16.YY", fma_one, 0xe005f),
	OP("I16_TO_F16.XX", fma_one, 0xe00c0),
	OP("U16_TO_F16.XX", fma_one, 0xe00c1),
	OP("I16_TO_F16.YX", fma_one, 0xe00c8),
	OP("U16_TO_F16.YX", fma_one, 0xe00c9),
	OP("I16_TO_F16.XY", fma_one, 0xe00d0),
	OP("U16_TO_F16.XY", fma_one, 0xe00d1),
	OP("I16_TO_F16.YY", fma_one, 0xe00d8),
	OP("U16_TO_F16.YY", fma_one, 0xe00d9),
	OP("F32_TO_I32", fma_one, 0xe0136),
	OP("F32_TO_U32", fma_one, 0xe0137),
	OP("I32_TO_F32", fma_one, 0xe0178),
	OP("U32_TO_F32", fma_one, 0xe0179),
	OP("I16_TO_I32.X", fma_one, 0xe0198),
	OP("U16_TO_U32.X", fma_one, 0xe0199),
	OP("I16_TO_I32.Y", fma_one, 0xe019a),
	OP("U16_TO_U32.Y", fma_one, 0xe019b),
	OP("I16_TO_F32.X", fma_one, 0xe019c),
	OP("U16_TO_F32.X", fma_one, 0xe019d),
	OP("I16_TO_F32.Y", fma_one, 0xe019e),
	OP("U16_TO_F32.Y", fma_one, 0xe019f),
	OP("F16_TO_F32.X", fma_one, 0xe01a2),
	OP("F16_TO_F32.Y", fma_one, 0xe01a3),
	OP("NOP", fma_one, 0xe032c),
	OP("MOV", fma_one, 0xe032d),
	OP("SWZ.YY.v2i16", fma_one, 0xe032f),
	OP("LOG_FREXPM", fma_one, 0xe0345),
	OP("FRCP_FREXPM", fma_one, 0xe0365),
	OP("FSQRT_FREXPM", fma_one, 0xe0375),
	OP("FRCP_FREXPE", fma_one, 0xe038d),
	OP("FSQRT_FREXPE", fma_one, 0xe03a5),
	OP("FRSQ_FREXPE", fma_one, 0xe03ad),
	OP("LOG_FREXPE", fma_one, 0xe03c5),
	OP("CLZ", fma_one, 0xe03fa),
	OP("IMAX3", fma_three, 0x382e),
	OP("UMAX3", fma_three, 0x382f),
	OP("IMIN3", fma_three, 0x3830),
	OP("UMIN3", fma_three, 0x3831),
	OP("ROUND", fma_one, 0xe0ec5),
	OP("CSEL", fma_three, 0x383d),
	OP("MUX.i32", fma_three, 0x383f),
	OP("ROUNDEVEN", fma_one, 0xe1805),
	OP("CEIL", fma_one, 0xe1845),
	OP("FLOOR", fma_one, 0xe1885),
	OP("TRUNC", fma_one, 0xe18c5),
	OP("ATAN_LDEXP.Y.f32", fma_two, 0x1c336),
	OP("ATAN_LDEXP.X.f32", fma_two, 0x1c337),
	OP("LSHIFT_ADD_LOW32.u32", fma_three, 0x3872),
	OP("LSHIFT_ADD_LOW32.i64", fma_three, 0x3873),
	OP("LSHIFT_ADD_LOW32.i32", fma_three, 0x3876),
	OP("SEL.XX.i16", fma_two, 0x1c3c0),
	OP("SEL.YX.i16", fma_two, 0x1c3c1),
	OP("SEL.XY.i16", fma_two, 0x1c3c2),
	OP("SEL.YY.i16", fma_two, 0x1c3c3),
	OP("IMAD", fma_three, 0x39e0),
	OP("POPCNT", fma_one, 0xe78db),
};
const unsigned bifrost_n_fma_ops = IP_COUNT(bifrost_fma_ops);

const struct bifrost_op bifrost_add_ops[] = {
	OP("MAX.f32", add_fmod, 0x0),
	OP("MIN.f32", add_fmod, 0x1),
	OP("ADD.f32", add_fmod, 0x2),
	OP("FCMP.GL.f32", add_fcmp, 0xc),
	OP("FCMP.D3D.f32", add_fcmp, 0xe),
	OP("F16_TO_I16", add_one, 0x7856),
	OP("F16_TO_U16", add_one, 0x7857),
	OP("I16_TO_F16.XX", add_one, 0x78c0),
	OP("U16_TO_F16.XX", add_one, 0x78c1),
	OP("I16_TO_F16.YX", add_one, 0x78c8),
	OP("U16_TO_F16.YX", add_one, 0x78c9),
	OP("I16_TO_F16.XY", add_one, 0x78d0),
	OP("U16_TO_F16.XY", add_one, 0x78d1),
	OP("I16_TO_F16.YY", add_one, 0x78d8),
	OP("U16_TO_F16.YY", add_one, 0x78d9),
	OP("F32_TO_I32", add_one, 0x7936),
	OP("F32_TO_U32", add_one, 0x7937),
	OP("I32_TO_F32", add_one, 0x7978),
	OP("U32_TO_F32", add_one, 0x7979),
	OP("I16_TO_I32.X", add_one, 0x7998),
	OP("U16_TO_U32.X", add_one, 0x7999),
	OP("I16_TO_I32.Y", add_one, 0x799a),
	OP("U16_TO_U32.Y", add_one, 0x799b),
	OP("I16_TO_F32.X", add_one, 0x799c),
	OP("U16_TO_F32.X", add_one, 0x799d),
	OP("I16_TO_F32.Y", add_one, 0x799e),
	OP("U16_TO_F32.Y", add_one, 0x799f),
	OP("F16_TO_F32.X", add_one, 0x79a2),
	OP("F16_TO_F32.Y", add_one, 0x79a3),
	OP("SWZ.XX.v2i16", add_one, 0x7b29),
	OP("SWZ.YX.v2i16", add_one, 0x7b2b),
	OP("NOP", add_one, 0x7b2c),
	OP("MOV", add_one, 0x7b2d),
	OP("SWZ.YY.v2i16", add_one, 0x7b2f),
	OP("FRCP_FREXPM", add_one, 0x7b65),
	OP("FSQRT_FREXPM", add_one, 0x7b75),
	OP("FRCP_FREXPE", add_one, 0x7b8d),
	OP("FSQRT_FREXPE", add_one, 0x7ba5),
	OP("FRSQ_FREXPE", add_one, 0x7bad),
	OP("FLOG_FREXPE", add_one, 0x7bc5),
	OP("CEIL", add_one, 0x7d45),
	OP("FLOOR", add_one, 0x7d85),
	OP("TRUNC", add_one, 0x7dc5),
	OP("LSHIFT_ADD_HIGH32.i32", add_two, 0xfe3),
	OP("LD_ATTR.f16", add_ldattr, 0x100),
	OP("LD_ATTR.v2f16", add_ldattr, 0x102),
	OP("LD_ATTR.v3f16", add_ldattr, 0x104),
	OP("LD_ATTR.v4f16", add_ldattr, 0x106),
	OP("LD_ATTR.f32", add_ldattr, 0x108),
	OP("LD_ATTR.v2f32", add_ldattr, 0x10a),
	OP("LD_ATTR.v3f32", add_ldattr, 0x10c),
	OP("LD_ATTR.v4f32", add_ldattr, 0x10e),
	OP("LD_ATTR.i32", add_ldattr, 0x110),
	OP("LD_ATTR.v2i32", add_ldattr, 0x112),
	OP("LD_ATTR.v3i32", add_ldattr, 0x114),
	OP("LD_ATTR.v4i32", add_ldattr, 0x116),
	OP("LD_ATTR.u32", add_ldattr, 0x118),
	OP("LD_ATTR.v2u32", add_ldattr, 0x11a),
	OP("LD_ATTR.v3u32", add_ldattr, 0x11c),
	OP("LD_ATTR.v4u32", add_ldattr, 0x11e),
	OP("LD_VAR.32", add_ldvar, 0x14),
	OP("TEX.compact", add_texc, 0x2c),
	OP("LOAD.i32", add_two, 0x1831),
	OP("LD_UBO.i32", add_two, 0x1834),
	OP("LD_SCRATCH.i32", add_two, 0x1837),
	OP("LOAD.v2i32", add_two, 0x1839),
	OP("LD_UBO.v2i32", add_two, 0x183c),
	OP("LD_SCRATCH.v2i32", add_two, 0x183f),
	OP("LOAD.v4i32", add_two, 0x1841),
	OP("LD_UBO.v4i32", add_two, 0x1844),
	OP("LD_SCRATCH.v4i32", add_two, 0x1847),
	OP("STORE.v4i32", add_two, 0x1849),
	OP("ST_SCRATCH.v4i32", add_two, 0x184f),
	OP("STORE.i32", add_two, 0x18b1),
	OP("ST_SCRATCH.i32", add_two, 0x18b7),
	OP("STORE.v2i32", add_two, 0x18b9),
	OP("ST_SCRATCH.v2i32", add_two, 0x18bf),
	OP("LOAD.u16", add_two, 0x18c9),
	OP("LOAD.v3i32", add_two, 0x1951),
	OP("LD_UBO.v3i32", add_two, 0x1954),
	OP("LD_SCRATCH.v3i32", add_two, 0x1957),
	OP("STORE.v3i32", add_two, 0x1971),
	OP("ST_SCRATCH.v3i32", add_two, 0x1977),
	OP("FRCP_FAST.f32", add_one, 0xcc00),
	OP("FRSQ_FAST.f32", add_one, 0xcc20),
	OP("FRCP_TABLE", add_one, 0xce00),
	OP("FRCP_FAST.f16.X", add_one, 0xce10),
	OP("FRSQ_TABLE", add_one, 0xce20),
	OP("FRCP_FAST.f16.Y", add_one, 0xce30),
	OP("FRSQ_FAST.f16.X", add_one, 0xce50),
	OP("FRCP_APPROX", add_one, 0xce60),
	OP("FRSQ_FAST.f16.Y", add_one, 0xce70),
	OP("ATAN_ASSIST", add_two, 0x19e8),
	OP("ATAN_TABLE", add_two, 0x19e9),
	OP("SIN_TABLE", add_one, 0xcf50),
	OP("COS_TABLE", add_one, 0xcf51),
	OP("EXP_TABLE", add_one, 0xcf58),
	OP("FLOG2_TABLE", add_one, 0xcf60),
	OP("FLOGE_TABLE", add_one, 0xcf64),
	OP("BRANCH", add_branch, 0xd),
	OP("MUX", add_three, 0x3a3),
	OP("ATAN_LDEXP.Y.f32", add_two, 0x1d36),
	OP("ATAN_LDEXP.X.f32", add_two, 0x1d37),
	OP("SEL.XX.i16", add_two, 0x1d4c),
	OP("SEL.YX.i16", add_two, 0x1d4d),
	OP("SEL.XY.i16", add_two, 0x1d4e),
	OP("SEL.YY.i16", add_two, 0x1d4f),
	OP("F32_TO_F16", add_two, 0x1d80),
	OP("ICMP.GL.GT", add_two, 0x1ec8),
	OP("ICMP.GL.GE", add_two, 0x1ec9),
	OP("UCMP.GL.GT", add_two, 0x1eca),
	OP("UCMP.GL.GE", add_two, 0x1ecb),
	OP("ICMP.GL.EQ", add_two, 0x1ecc),
	OP("ICMP.D3D.GT", add_two, 0x1ed8),
	OP("ICMP.D3D.GE", add_two, 0x1ed9),
	OP("UCMP.D3D.GT", add_two, 0x1eda),
	OP("UCMP.D3D.GE", add_two, 0x1edb),
	OP("ICMP.D3D.EQ", add_two, 0x1edc),
	OP("MAX.v2f16", add_minmax16, 0x10),
	OP("ADD_MSCALE.f32", add_mscale, 0x11),
	OP("MIN.v2f16", add_minmax16, 0x12),
	OP("ADD.v2f16", add_fmod16, 0xa),
	OP("FCMP.D3D.v2f16", add_fcmp16, 0x2e),
	OP("ADD.i32", add_two, 0x2f18),
	OP("ADD.v2i16", add_two, 0x2f20),
	OP("SUB.i32", add_two, 0x2f58),
	OP("ADDC.i32", add_two, 0x2f82),
	OP("ADD.i32.i16.X", add_two, 0x2fb0),
	OP("ADD.i32.u16.X", add_two, 0x2fb2),
	OP("ADD.i32.i16.Y", add_two, 0x2fb8),
	OP("ADD.i32.u16.Y", add_two, 0x2fba),
	OP("LD_VAR_ADDR.f16", add_varaddr, 0x180),
	OP("LD_VAR_ADDR.f32", add_varaddr, 0x181),
	OP("LD_VAR_ADDR.i32", add_varaddr, 0x182),
	OP("LD_VAR_ADDR.u32", add_varaddr, 0x183),
	OP("ATEST.f32", add_two, 0x323d),
	OP("ATEST.X.f16", add_two, 0x323e),
	OP("ATEST.Y.f16", add_two, 0x323f),
	OP("ST_VAR.v1", add_three, 0x64c),
	OP("ST_VAR.v2", add_three, 0x64d),
	OP("ST_VAR.v3", add_three, 0x64e),
	OP("ST_VAR.v4", add_three, 0x64f),
	OP("BLEND", add_one, 0x1952c),
	OP("LD_VAR.16", add_ldvar, 0x34),
	OP("TEX", add_tex, 0x1ae6),
	OP("RSHIFT_NAND.i32", add_three, 0x700),
	OP("RSHIFT_OR.i32", add_three, 0x70c),
	OP("RSHIFT_AND.i32", add_three, 0x710),
	OP("RSHIFT_NOR.i32", add_three, 0x71c),
	OP("LSHIFT_NAND.i32", add_three, 0x720),
	OP("LSHIFT_OR.i32", add_three, 0x72c),
	OP("LSHIFT_AND.i32", add_three, 0x730),
	OP("LSHIFT_NOR.i32", add_three, 0x73c),
	OP("RSHIFT_XOR.i32", add_three, 0x740),
	OP("RSHIFT_XNOR.i32", add_three, 0x744),
	OP("LSHIFT_XOR.i32", add_three, 0x748),
	OP("LSHIFT_XNOR.i32", add_three, 0x74c),
	OP("LSHIFT_ADD.i32", add_three, 0x750),
	OP("LSHIFT_SUB.i32", add_three, 0x754),
	OP("RSHIFT_ADD.i32", add_three, 0x75c),
	OP("RSHIFT_SUB.i32", add_three, 0x760),
	OP("RSHIFT_RSUB.i32", add_three, 0x764),
	OP("ARSHIFT_ADD.i32", add_three, 0x768),
	OP("ARSHIFT_SUB.i32", add_three, 0x76c),
	OP("ARSHIFT_RSUB.i32", add_three, 0x770),
	OP("OR.i32", add_two, 0x3ba3),
	OP("AND.i32", add_two, 0x3ba4),
	OP("XOR.i32", add_two, 0x3baa),
	OP("LSHIFT.i32", add_two, 0x3bac),
	OP("RSHIFT.i32", add_two, 0x3bb0),
	OP("ARSHIFT.i32", add_two, 0x3bb4),
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

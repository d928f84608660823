/* a3xx_mesa_names.c: what Mesa's ir3 (src/freedreno/isa/ir3*.xml, isaspec) calls the fields and
 * values of the a3xx tables (docs/a3xx-mesa-names.md); `isaprobe fields --mesa a3xx` prints them. */
#include "isaprobe/internal/mesa.h"
#include "a3xx.h"

#define C(n) (&a3xx_cat_formats[n])
#define FLD(c, f, m) {C(c), f, IP_MESA_FIELD, m, 0}
#define VAL(c, f, v, m) {C(c), f, v, m, 0}

static const struct ip_mesa_name names[] = {
	/* category 0 (ir3-cat0.xml) */
	FLD(0, "immed", "IMMED bits 0-15 (#instruction-cat0: 0-31, type branch)"),
	FLD(0, "unk16", "IMMED bits 16-31"),
	FLD(0, "unk32", "INDEX (brac) 32-36, BRTYPE 37-39 (br 0, braa 1, brao 2, brac 3, bany 4, "
	                "ball 5, brax 6)"),
	FLD(0, "rpt", "REPEAT"), FLD(0, "unk43", "x (not looked at)"), FLD(0, "ss", "SS"),
	FLD(0, "unk45", "INV2 45, COMP2 46-47 (braa, brao), EQ 48, OPC_HI 49, x 50-51"),
	FLD(0, "inv", "INV1"), FLD(0, "comp", "COMP1"), FLD(0, "opc", "OPC (with OPC_HI clear)"),
	FLD(0, "jp", "JP"), FLD(0, "sy", "SY"), FLD(0, "cat", "category pattern 000"),
	/* category 1 */
	FLD(1, "src_mode", "the mov-gpr/-const/-immed patterns (0 gpr or relative, 1 const, "
	                   "2 immed)"),
	FLD(1, "dst_rel", "DST_REL"), FLD(1, "src", "SRC (#cat1-gpr-src 0-7, LAST 10)"),
	FLD(1, "src_rel", "bit 11 of mov-relgpr / mov-relconst (their SRC 0-9, bit 10 const)"),
	FLD(1, "unk12", "0 (pattern)"), FLD(1, "src_const", "SRC (#cat1-const-src)"),
	FLD(1, "unk11", "0 (pattern)"), FLD(1, "src_imm", "SRC (#cat1-immed-src)"),
	FLD(1, "src_raw", "(no encoding matches)"), FLD(1, "dst", "DST (#cat1-dst)"),
	FLD(1, "dst_off", "DST (#cat1-dst: OFFSET)"), FLD(1, "rpt", "REPEAT 40-41, 0 at 42"),
	FLD(1, "src_r", "SRC_R"), FLD(1, "ss", "SS"), FLD(1, "ul", "UL"),
	FLD(1, "dst_type", "DST_TYPE"), FLD(1, "src_type", "SRC_TYPE"),
	FLD(1, "even", "ROUND bit 0"), FLD(1, "pos_inf", "ROUND bit 1"),
	FLD(1, "unk57", "opcode bits (00 mov, 11 movmsk)"), FLD(1, "jp", "JP"), FLD(1, "sy", "SY"),
	FLD(1, "cat", "category pattern 001"),
	VAL(1, "src_mode", 0, "mov-gpr"), VAL(1, "src_mode", 1, "mov-const"),
	VAL(1, "src_mode", 2, "mov-immed"), VAL(1, "src_mode", 3, ""),
	/* category 2 (the sources are #multisrc) */
	FLD(2, "src1_mode", "SRC1 bits 11-13 (#multisrc encodings)"),
	FLD(2, "src1", "SRC1 (#multisrc-gpr: SRC 0-7, LAST 10)"),
	FLD(2, "src1_off", "SRC1 (#multisrc-relative: OFFSET)"),
	FLD(2, "src1_relc", "SRC1 bit 10 (#multisrc-relative-const)"),
	FLD(2, "src1_const", "SRC1 (#multisrc-const)"), FLD(2, "src1_imm", "SRC1 (#mulitsrc-immed)"),
	FLD(2, "src1_raw", "SRC1 (mode 5: #mulitsrc-immed-flut)"),
	FLD(2, "src1_neg", "SRC1 ABSNEG bit 0"), FLD(2, "src1_abs", "SRC1 ABSNEG bit 1"),
	FLD(2, "src2_mode", "SRC2 bits 11-13"), FLD(2, "src2", "SRC2 (#multisrc-gpr)"),
	FLD(2, "src2_off", "SRC2 (#multisrc-relative)"), FLD(2, "src2_relc", "SRC2 bit 10"),
	FLD(2, "src2_const", "SRC2 (#multisrc-const)"), FLD(2, "src2_imm", "SRC2 (#mulitsrc-immed)"),
	FLD(2, "src2_raw", "SRC2 (mode 5: #mulitsrc-immed-flut)"),
	FLD(2, "src2_neg", "SRC2 ABSNEG bit 0"), FLD(2, "src2_abs", "SRC2 ABSNEG bit 1"),
	FLD(2, "opc", "OPC (the bitset patterns)"), FLD(2, "dst", "DST"),
	FLD(2, "rpt", "REPEAT 40-41, SAT 42"), FLD(2, "src1_r", "SRC1_R (with SRC2_R: (nopN))"),
	FLD(2, "ss", "SS"), FLD(2, "ul", "UL"), FLD(2, "dst_half", "DST_CONV"), FLD(2, "ei", "EI"),
	FLD(2, "cond", "COND"), FLD(2, "unk48", "x (not looked at), bary.f: 0 at 50"),
	FLD(2, "src2_r", "SRC2_R"), FLD(2, "full", "FULL"), FLD(2, "jp", "JP"), FLD(2, "sy", "SY"),
	FLD(2, "cat", "category pattern 010"),
	VAL(2, "src1_mode", 5, "immed-flut"), VAL(2, "src1_mode", 6, "const"),
	VAL(2, "src1_mode", 3, ""), VAL(2, "src1_mode", 7, ""),
	VAL(2, "opc", 48, "mul.u24"), VAL(2, "opc", 49, "mul.s24"),
	/* category 3 */
	FLD(3, "src1_mode", "SRC1 bits 11-12 (#cat3-src)"), FLD(3, "src1", "SRC1 (#cat3-src-gpr)"),
	FLD(3, "src1_off", "SRC1 (#cat3-src-relative: OFFSET)"), FLD(3, "src1_relc", "SRC1 bit 10"),
	FLD(3, "src1_const", "SRC1 (#cat3-src-const-or-immed: SWIZ, CONST)"),
	FLD(3, "src1_raw", "(no #cat3-src encoding matches)"), FLD(3, "src2_c", "0 (pattern)"),
	FLD(3, "src1_neg", "SRC1_NEG"), FLD(3, "src2_r", "SRC2_R"),
	FLD(3, "src3_mode", "SRC3 bits 11-12"), FLD(3, "src3", "SRC3 (#cat3-src-gpr)"),
	FLD(3, "src3_off", "SRC3 (#cat3-src-relative)"), FLD(3, "src3_relc", "SRC3 bit 10"),
	FLD(3, "src3_const", "SRC3 (#cat3-src-const-or-immed)"),
	FLD(3, "src3_raw", "(no #cat3-src encoding matches)"), FLD(3, "src3_r", "SRC3_R"),
	FLD(3, "src2_neg", "SRC2_NEG"), FLD(3, "src3_neg", "SRC3_NEG"), FLD(3, "dst", "DST"),
	FLD(3, "rpt", "REPEAT 40-41, SAT 42"), FLD(3, "src1_r", "SRC1_R"), FLD(3, "ss", "SS"),
	FLD(3, "ul", "UL"), FLD(3, "dst_half", "DST_CONV"), FLD(3, "src2", "SRC2"),
	FLD(3, "opc", "OPC"), FLD(3, "jp", "JP"), FLD(3, "sy", "SY"),
	FLD(3, "cat", "category pattern 011"),
	/* category 4 */
	FLD(4, "src_mode", "SRC bits 11-13 (#multisrc)"), FLD(4, "src", "SRC (#multisrc-gpr)"),
	FLD(4, "src_off", "SRC (#multisrc-relative)"), FLD(4, "src_relc", "SRC bit 10"),
	FLD(4, "src_const", "SRC (#multisrc-const)"), FLD(4, "src_imm", "SRC (#mulitsrc-immed)"),
	FLD(4, "src_raw", "SRC (mode 5: #mulitsrc-immed-flut)"),
	FLD(4, "src_neg", "SRC ABSNEG bit 0"), FLD(4, "src_abs", "SRC ABSNEG bit 1"),
	FLD(4, "unk16", "x (not looked at)"), FLD(4, "dst", "DST"),
	FLD(4, "rpt", "REPEAT 40-41, SAT 42"), FLD(4, "src_r", "SRC_R"), FLD(4, "ss", "SS"),
	FLD(4, "ul", "UL"), FLD(4, "dst_half", "DST_CONV"), FLD(4, "unk47", "x (not looked at)"),
	FLD(4, "full", "FULL"), FLD(4, "opc", "OPC"), FLD(4, "jp", "JP"), FLD(4, "sy", "SY"),
	FLD(4, "cat", "category pattern 100"),
	/* category 5 */
	FLD(5, "is_s2en", "S2EN_BINDLESS"), FLD(5, "full", "FULL"), FLD(5, "src1", "SRC1"),
	FLD(5, "src2", "SRC2"), FLD(5, "unk17", "x 17, 0 at 18, BASE_HI 19-20 (0)"),
	FLD(5, "samp", "SAMP"), FLD(5, "tex", "TEX"), FLD(5, "s2en_src2", "SRC2 9-16, x 17, 0 at 18, "
	                                                          "BASE_HI 19"),
	FLD(5, "unk20", "BASE_HI bit 1"), FLD(5, "s2en_src3", "SRC3"),
	FLD(5, "unk29", "DESC_MODE"), FLD(5, "dst", "DST"), FLD(5, "wrmask", "WRMASK"),
	FLD(5, "type", "TYPE"), FLD(5, "unk47", "BASE_LO (0), BASE with S2EN_BINDLESS"),
	FLD(5, "is_3d", "3D"), FLD(5, "is_a", "A"), FLD(5, "is_s", "S"), FLD(5, "is_o", "O"),
	FLD(5, "is_p", "P"), FLD(5, "opc", "OPC"), FLD(5, "jp", "JP"), FLD(5, "sy", "SY"),
	FLD(5, "cat", "category pattern 101"),
	VAL(5, "opc", 28, "tcinv"), VAL(5, "opc", 29, ""), VAL(5, "opc", 30, ""),
	VAL(5, "opc", 31, ""),
	/* category 6 */
	FLD(6, "src_off", "1 in loads, x in stl/stg, 0 in stp (pattern)"),
	FLD(6, "dst_off", "DST_OFF (stg); 1 in stl/stp, x in loads"),
	FLD(6, "off", "OFF"), FLD(6, "src1", "SRC1 (ldg), SRC (ldl, ldp)"),
	FLD(6, "off_hi", "OFF_HI"), FLD(6, "unk14", "x (not looked at)"),
	FLD(6, "src1_im", "SRC1_IM (atomics, ldgb); 0 in ldg (pattern)"),
	FLD(6, "src2_im", "SRC2_IM; 1 in ldg, ldl, stl, stg (pattern)"),
	FLD(6, "src2", "SIZE (24-26 in ldg/stg), SRC2"), FLD(6, "off_lo", "OFF_LO"),
	FLD(6, "dst", "DST (stores: the address)"), FLD(6, "unk41", "x (loads), SSBO (atomics)"),
	FLD(6, "type", "TYPE"), FLD(6, "g", "opcode bit (global atomics 1), x in ldl/stl"),
	FLD(6, "unk53", "x, SSBO_IM (atomics, resinfo)"), FLD(6, "opc", "OPC"),
	FLD(6, "jp", "JP"), FLD(6, "sy", "SY"), FLD(6, "cat", "category pattern 110"),
	VAL(6, "opc", 6, "ldib"), VAL(6, "opc", 7, ""), VAL(6, "opc", 8, ""), VAL(6, "opc", 9, ""),
	VAL(6, "opc", 14, ""), VAL(6, "opc", 27, "ldgb"), VAL(6, "opc", 28, "stgb"),
	VAL(6, "opc", 30, ""),
	/* category 7 */
	FLD(7, "unk0", "x 0-43, SS 44, x 45-48, OPC_HI 49, 50-54 by opcode (bar: W, R, L, G), "
	               "OPC 55-58"),
	FLD(7, "jp", "JP"), FLD(7, "sy", "SY"), FLD(7, "cat", "category pattern 111"),
};

int a3xx_mesa_print(const struct ip_program *p, FILE *out);

const struct ip_mesa a3xx_mesa = {
	.isa = "a3xx",
	.source = "Mesa src/freedreno/isa/ir3.xml, ir3-common.xml, ir3-cat0.xml ... "
	          "ir3-cat7.xml (isaspec)",
	.names = names,
	.nnames = IP_COUNT(names),
	.print = a3xx_mesa_print,
};

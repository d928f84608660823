/* a3xx_public.c: Adreno a3xx's public-knowledge overlay: what Mesa's ir3 instruction set
 * description (isaspec) says of the category 0 and 6 bits freedreno's header calls dummy or pad. */
#include "isaprobe/public.h"
#include "a3xx.h"

#define F(n, lo, w, k, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, NULL, 0, {{0, 0}, {0, 0}}, note}

/* Category 0, every opcode (ir3-cat0.xml, #instruction-cat0 and its opcodes). */
static const struct ip_field cat0_fields[] = {
	F("dont_care43", 43, 1, PADDING, "don't care (pattern x) in every cat0 encoding"),
	F("eq", 48, 1, FLAG, "(eq) flag"),
	F("opc_hi", 49, 1, OPCODE, "high bit of the opcode (set: bkt, getone, shps, shpe, predt, "
	                           "predf, prede, getlast)"),
	F("dont_care50", 50, 2, PADDING, "don't care (pattern xx) in every cat0 encoding"),
};

static const struct ip_format cat0_public = {
	"a3xx", "cat0_public", "category 0 bits Mesa's isaspec reads beyond freedreno's header", 64,
	cat0_fields, IP_COUNT(cat0_fields), NULL, "Mesa src/freedreno/isa/ir3-cat0.xml",
};

/* Category 6 stores (src_off 0): bits 14-21 (ir3-cat6.xml stg, #instruction-cat6-a3xx-st). */
static const struct ip_field store_fields[] = {
	F("dont_care14", 14, 8, PADDING, "don't care (pattern x) in stg, stl, stp"),
};

static const struct ip_format store_public = {
	"a3xx", "cat6_store_public", "category 6 store bits Mesa's isaspec reads", 64, store_fields,
	IP_COUNT(store_fields), NULL,
	"Mesa src/freedreno/isa/ir3-cat6.xml (stg, #instruction-cat6-a3xx-st)",
};

/* Category 6 loads (dst_off 0): bits 41-48 (ir3-cat6.xml ldg, #instruction-cat6-a3xx-ld). */
static const struct ip_field load_fields[] = {
	F("dont_care41", 41, 8, PADDING, "don't care (pattern x) in ldg, ldl, ldp"),
};

static const struct ip_format load_public = {
	"a3xx", "cat6_load_public", "category 6 load bits Mesa's isaspec reads", 64, load_fields,
	IP_COUNT(load_fields), NULL,
	"Mesa src/freedreno/isa/ir3-cat6.xml (ldg, #instruction-cat6-a3xx-ld)",
};

/* Bit 53 of the global and of the local/private loads and stores. */
static const struct ip_field bit53_fields[] = {
	F("pad53", 53, 1, PADDING, "0 in ldg and stg (a decoding pattern), don't care in ldl, ldp, "
	                           "stl, stp"),
};

static const struct ip_format bit53_public = {
	"a3xx", "cat6_bit53_public", "category 6 bit 53 as Mesa's isaspec reads it", 64,
	bit53_fields, IP_COUNT(bit53_fields), NULL,
	"Mesa src/freedreno/isa/ir3-cat6.xml (ldg, stg, #instruction-cat6-a3xx-ld, -st)",
};

static const struct ip_public_part parts[] = {
	{"cat0", 0, &cat0_public, NULL},
	{"cat6", 0, &store_public, "stores (stg, stl, stp)"},
	{"cat6", 0, &load_public, "loads (ldg, ldl, ldp)"},
	{"cat6", 0, &bit53_public, "loads and stores"},
};

const struct ip_public_overlay a3xx_public = {
	"a3xx", parts, IP_COUNT(parts), "docs/a3xx-sources.md",
};

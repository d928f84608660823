/* test_bifrost_asm.c: Bifrost assembly against bytes worked out by hand, the constant-ordering
 * restriction, and assembler errors with their line:col. */
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "check.h"

static int assemble(const char *src, uint8_t **bin, size_t *len, struct ip_diag *d)
{
	struct ip_program p;
	int rc;
	ip_diag_init(d, "t.s");
	if (bifrost_assemble(src, &p, d) != 0)
		return -1;
	rc = bifrost_pack(&p, bin, len, d);
	ip_program_free(&p);
	return rc;
}

static void test_hand_bytes(void)
{
	/* register field: port3=5 (bits 8-13), port0=1 (20-24), port1=2 (25-30), ctrl=1 (31-34):
	 * 0x84100500; it sits at quadword bits 8-42. Tag 01001 (final quadword) at bits 3-7 = 0x48.
	 * Header bit 12 (not end of shader) is quadword bit 95 (byte 11, bit 7). */
	static const uint8_t want[16] = {0x48, 0x00, 0x05, 0x10, 0x84, 0, 0, 0,
	                                 0,    0,    0,    0x80, 0,    0, 0, 0};
	uint8_t *bin = NULL;
	size_t len = 0;
	struct ip_diag d;
	int rc = assemble("clause no_eos=1 {\n"
	                  "\treg port0=1 port1=2 port3=5 ctrl=wfma_p3\n"
	                  "\tfma raw op=0 src0=p0\n"
	                  "\tadd raw op=0 src0=p0\n"
	                  "}\n",
	                  &bin, &len, &d);
	CHECK(rc == 0, "assemble: %s", d.msg);
	CHECK(len == 16 && memcmp(bin, want, 16) == 0, "bytes differ");
	for (size_t i = 0; bin && i < len && i < 16; i++)
		CHECK(bin[i] == want[i], "byte %zu: 0x%02x, want 0x%02x", i, bin[i], want[i]);
	free(bin);

	/* ADD NOP is ADD one-source opcode 0x07b2c (bits 3-19): ADD word 0x3d960, instruction bits
	 * 58-77; its bits 75-77 (ADD 17-19: 0) go to quadword bits 0-2, ADD bits 0-16 to 66-82 */
	rc = assemble("clause {\n\treg ctrl=none\n\tadd NOP src0=t1\n}\n", &bin, &len, &d);
	CHECK(rc == 0, "assemble NOP: %s", d.msg);
	if (rc == 0) {
		ip_word q = ip_word_from_bytes(bin, 16);
		uint64_t add = ip_bits_get(&q, 66, 17) | ip_bits_get(&q, 0, 3) << 17;
		CHECK(add == (0x07b2cu << 3 | 7), "ADD field 0x%llx", (unsigned long long)add);
	}
	free(bin);
}

/* reg read=/wfma=/wadd=/first= encode like the explicit fields the notes give */
static void test_reg_access_keys(void)
{
	uint8_t *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	struct ip_diag d;
	/* read r0 only, first instruction, FMA result to r1 by port 3: control 0 with the real
	 * control 9 in port 1's upper bits; the blob copies port 3 into port 2 */
	CHECK(assemble("clause {\n\treg read=r0 wfma=r1 first=1\n}\n", &a, &alen, &d) == 0,
	      "high level: %s", d.msg);
	CHECK(assemble("clause {\n\treg ctrl=0 ctrl1=9 port0=0 port0_hi=0 port0_off=0 port3=1 "
	               "port2=1\n}\n",
	               &b, &blen, &d) == 0,
	      "fields: %s", d.msg);
	CHECK(alen == blen && alen && memcmp(a, b, alen) == 0, "same bytes");
	free(a);
	free(b);
	a = NULL;
	CHECK(assemble("clause {\n\treg read=r1 read=r2 read=r3 wfma=r4 wadd=r5\n}\n", &a, &alen,
	               &d) != 0 &&
	          d.line == 2 && d.col == 6,
	      "too many ports: %u:%u %s", d.line, d.col, d.msg);
	free(a);
}

/* const64: the 60 stored bits, and the low 4 bits in the instructions that load it */
static void test_const64(void)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "t.s");
	CHECK(bifrost_assemble("clause {\n\treg uc_sel=c0\n\treg uc_sel=c0 const_lo=3\n\treg\n"
	                       "\tconst64 0x3f800000bf800007\n}\n",
	                       &p, &d) == 0,
	      "assemble: %s", d.msg);
	if (p.nbundles == 1) {
		struct ip_bundle *b = &p.bundles[0];
		struct ip_slot *r0 = bifrost_slot(b, BIFROST_ROLE_REG, 0);
		struct ip_slot *r1 = bifrost_slot(b, BIFROST_ROLE_REG, 1);
		CHECK(bifrost_slot(b, BIFROST_ROLE_CONST, 0)->value.w[0] == 0x3f800000bf80000,
		      "stored bits 4-63");
		CHECK(bifrost_reg_uc(r0->fmt, &r0->value) == 0x47, "low bits filled in: 0x%x",
		      bifrost_reg_uc(r0->fmt, &r0->value));
		CHECK(bifrost_reg_uc(r1->fmt, &r1->value) == 0x43, "an explicit const_lo stays");
	}
	ip_program_free(&p);
}

static void test_const_order(void)
{
	struct ip_program p;
	struct ip_diag d;
	struct ip_bundle *b;
	ip_diag_init(&d, "t.s");
	/* 4 instructions, constants in slots 0 and 1 share a quadword: top 4 bits A = 3, B = 1 give
	 * Mesa's M1 = (A - B) mod 16 = 2, a PC-relative pair (the notes' restriction, A <= B, flags
	 * it too); instruction 0 loads slot 0 (selector 4), instruction 1 slot 1 (5). */
	CHECK(bifrost_assemble("clause {\n"
	                       "\treg uc_sel=c0 const_lo=1\n\treg uc_sel=c1 const_lo=2\n"
	                       "\treg\n\treg\n"
	                       "\tconst 0x300000000000000\n\tconst 0x100000000000000\n}\n",
	                       &p, &d) == 0,
	      "assemble: %s", d.msg);
	if (p.nbundles != 1)
		return;
	b = &p.bundles[0];
	CHECK(bifrost_const_modified_pairs(b) == 1, "PC-relative pair found");
	bifrost_fix_const_order(b);
	CHECK(bifrost_const_modified_pairs(b) == 0, "fixed");
	CHECK(bifrost_slot(b, BIFROST_ROLE_CONST, 0)->value.w[0] == 0x100000000000000, "swapped");
	CHECK(ip_bits_get(&bifrost_slot(b, BIFROST_ROLE_REG, 0)->value, 0, 8) == 0x51,
	      "instruction 0 now loads slot 1");
	CHECK(ip_bits_get(&bifrost_slot(b, BIFROST_ROLE_REG, 1)->value, 0, 8) == 0x42,
	      "instruction 1 now loads slot 0");
	ip_program_free(&p);
	/* A = 0xF, B = 1: the notes' restriction is broken, Mesa's M1 = 14 is plain: left alone */
	CHECK(bifrost_assemble("clause {\n\treg\n\treg\n\treg\n\treg\n"
	                       "\tconst 0xF00000000000000\n\tconst 0x100000000000000\n}\n",
	                       &p, &d) == 0,
	      "assemble: %s", d.msg);
	if (p.nbundles == 1) {
		b = &p.bundles[0];
		CHECK(bifrost_const_modified_pairs(b) == 0, "M1 = 14: plain");
		bifrost_fix_const_order(b);
		CHECK(bifrost_slot(b, BIFROST_ROLE_CONST, 0)->value.w[0] == 0xF00000000000000,
		      "not swapped");
	}
	ip_program_free(&p);
	/* a dummy sharing a quadword copies its partner, so the restriction holds */
	CHECK(bifrost_assemble("clause {\n\treg\n\treg\n\treg\n\treg\n"
	                       "\tconst 0xF00000000000001\n}\n",
	                       &p, &d) == 0,
	      "assemble: %s", d.msg);
	if (p.nbundles == 1) {
		b = &p.bundles[0];
		CHECK(bifrost_clause_consts(b) == 2, "one dummy added");
		CHECK(bifrost_slot(b, BIFROST_ROLE_CONST, 1)->value.w[0] == 0xF00000000000001,
		      "dummy copies slot 0");
		CHECK(bifrost_const_modified_pairs(b) == 0, "a plain pair (M1 = 0)");
	}
	ip_program_free(&p);
}

static void test_errors(void)
{
	static const struct {
		const char *src;
		unsigned line, col;
		const char *msg;
	} cases[] = {
		{"clause {\n\treg ctrl=bogus\n}\n", 2, 11, "not a value of field ctrl"},
		{"clause {\n\tfma FOO src0=p0\n}\n", 2, 6, "unknown FMA opcode"},
		{"clause {\n\treg\n", 1, 1, "not closed"},
		{"reg\n", 1, 1, "expected 'clause'"},
		{"clause {\n\treg\n} x\n", 3, 3, "end of the line"},
		{"clause {\n\tmov r0\n}\n", 2, 2, "expected reg, fma, add"},
		{"clause type=b64 {\n\treg port1_ctl=p0_off_p3ctl port3_ctl=p2_off ctrl64=p1ctl_p3ctl\n"
		 "\treg ctrl=none\n}\n", 3, 6, "no field 'ctrl' in reg64"},
		{"clause {\n\tadd LD_VAR.32 addr=0x20\n}\n", 2, 21, "does not fit field addr"},
		{"", 1, 1, "no clauses"},
	};
	for (unsigned i = 0; i < IP_COUNT(cases); i++) {
		struct ip_program p;
		struct ip_diag d;
		ip_diag_init(&d, "t.s");
		if (bifrost_assemble(cases[i].src, &p, &d) == 0) {
			CHECK(0, "case %u assembled", i);
			ip_program_free(&p);
			continue;
		}
		CHECK(d.line == cases[i].line && d.col == cases[i].col, "case %u: at %u:%u, want %u:%u (%s)",
		      i, d.line, d.col, cases[i].line, cases[i].col, d.msg);
		CHECK(strstr(d.msg, cases[i].msg) != NULL, "case %u: '%s'", i, d.msg);
	}
}

/* Garbage in: random bytes to unpack and mangled text to assemble end in an error or a
 * program, never a crash (the sanitizer build watches), and errors carry a position. */
static void test_garbage(void)
{
	static const char base[] =
		"clause back_to_back=1 sb_deps=0x3 {\n"
		"\treg read=r0 read=r5 wfma=r1 first=1 uc_sel=c0 const_lo=5\n"
		"\tfma FMA.f32 src0=p0 src1=p1 src2=uc_lo outmod=clamp_0_1\n"
		"\tadd LD_VAR.32 src0=p0 addr=3 interp=centroid\n"
		"\tconst 0x123456789abcdef\n"
		"}\n";
	uint64_t rng = 0xBADC0DE;
	unsigned long n = test_scaled(20000);
	for (unsigned long i = 0; i < n; i++) {
		uint8_t bytes[96];
		char text[sizeof base];
		size_t len = 16 * (1 + test_rand(&rng) % 6);
		struct ip_program p;
		struct ip_diag d;
		for (size_t k = 0; k < len; k++)
			bytes[k] = (uint8_t)test_rand(&rng);
		if (i % 2)
			bytes[0] = (uint8_t)(0x28 | (bytes[0] & 7)); /* a plausible first tag */
		ip_diag_init(&d, "bin");
		if (bifrost_unpack(bytes, len, &p, &d) == 0)
			ip_program_free(&p);
		else
			CHECK(d.offset >= 0 && (size_t)d.offset <= len, "unpack error offset %ld", d.offset);
		memcpy(text, base, sizeof base);
		for (unsigned m = 0; m < 1 + test_rand(&rng) % 4; m++) {
			size_t at = test_rand(&rng) % (sizeof base - 1);
			text[at] = " =.{}\n0x9azrp_"[test_rand(&rng) % 14];
		}
		ip_diag_init(&d, "text");
		if (bifrost_assemble(text, &p, &d) == 0)
			ip_program_free(&p);
		else
			CHECK(d.line >= 1, "assembler error without a line: %s", d.msg);
	}
}

int main(void)
{
	test_hand_bytes();
	test_reg_access_keys();
	test_const64();
	test_const_order();
	test_errors();
	test_garbage();
	return check_report("test_bifrost_asm");
}

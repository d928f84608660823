/* test_midgard_bits.c: Midgard bit positions checked against examples worked out by hand from
 * the seed notes (docs/notes/000_3a2d5c54c1fe762a.txt); every expected word is a literal. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "midgard/midgard.h"

/* Expected words are written as the notes number bits: 32-bit words, bit 0 of word k is bit
 * 32k of the instruction word, bytes little-endian. The helpers turn them into bytes. */

#define MAX_WORDS 96

static void words_to_bytes(const uint32_t *w, size_t n, uint8_t *out)
{
	for (size_t i = 0; i < n; i++)
		for (unsigned b = 0; b < 4; b++)
			out[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
}

static uint32_t bytes_word(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void fail_at(int line, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail_at(int line, const char *what, const char *fmt, ...)
{
	va_list ap;
	check_failed++;
	fprintf(stderr, "%s:%d: %s: ", __FILE__, line, what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Compares bytes bit by bit, Mesa golden-test style: every differing bit is named. */
static void compare_bits(int line, const char *what, const uint8_t *got, size_t glen,
                         const uint8_t *want, size_t wlen)
{
	unsigned shown = 0, ndiff = 0;
	check_count++;
	if (glen != wlen) {
		fail_at(line, what, "%zu bytes, expected %zu", glen, wlen);
		return;
	}
	for (size_t i = 0; i < wlen; i++) {
		if (got[i] == want[i])
			continue;
		for (unsigned b = 0; b < 8; b++) {
			if (!(((got[i] ^ want[i]) >> b) & 1))
				continue;
			ndiff++;
			if (shown++ < 16) {
				size_t bit = 8 * i + b;
				fprintf(stderr,
				        "%s:%d: %s: bit %zu differs (word %zu bit %zu): expected %u, got %u\n",
				        __FILE__, line, what, bit, bit / 32, bit % 32,
				        (want[i] >> b) & 1, (got[i] >> b) & 1);
			}
		}
	}
	if (ndiff) {
		check_failed++;
		fprintf(stderr, "%s:%d: %s: %u bits differ\n", __FILE__, line, what, ndiff);
		for (size_t k = 0; k + 4 <= wlen; k += 4)
			if (memcmp(got + k, want + k, 4) != 0)
				fprintf(stderr, "    word %zu: expected 0x%08x, got 0x%08x\n", k / 4,
				        (unsigned)bytes_word(want + k), (unsigned)bytes_word(got + k));
	}
}

/* Assembles and packs; returns 0, or counts a failure and returns -1. */
static int assemble_bytes(int line, const char *src, uint8_t **bin, size_t *len)
{
	struct ip_program prog;
	struct ip_diag d;
	int rc;
	ip_diag_init(&d, "test");
	*bin = NULL;
	*len = 0;
	if (midgard_isa.assemble(src, &prog, &d) != 0) {
		check_count++;
		fail_at(line, "assemble", "line %u col %u: %s\n%s", d.line, d.col, d.msg, src);
		return -1;
	}
	rc = midgard_isa.pack(&prog, bin, len, &d);
	ip_program_free(&prog);
	if (rc != 0) {
		check_count++;
		fail_at(line, "pack", "%s", d.msg);
		return -1;
	}
	return 0;
}

static void check_asm_words(int line, const char *src, const uint32_t *words, size_t n)
{
	uint8_t want[MAX_WORDS * 4], *bin;
	size_t len;
	words_to_bytes(words, n, want);
	if (assemble_bytes(line, src, &bin, &len) != 0)
		return;
	compare_bits(line, "asm", bin, len, want, n * 4);
	free(bin);
}

/* CHECK_ASM(source, expected 32-bit words...) */
#define CHECK_ASM(src, ...)                                                                 \
	do {                                                                                \
		static const uint32_t want_[] = {__VA_ARGS__};                              \
		check_asm_words(__LINE__, src, want_, IP_COUNT(want_));                     \
	} while (0)

/* Unpacks literal words; returns 0, or counts a failure and returns -1. */
static int unpack_words(int line, const uint32_t *words, size_t n, struct ip_program *p)
{
	uint8_t bytes[MAX_WORDS * 4];
	struct ip_diag d;
	words_to_bytes(words, n, bytes);
	ip_diag_init(&d, "test");
	if (midgard_isa.unpack(bytes, n * 4, p, &d) != 0) {
		check_count++;
		fail_at(line, "unpack", "offset %ld: %s", d.offset, d.msg);
		return -1;
	}
	return 0;
}

static const struct ip_slot *find_role(const struct ip_bundle *b, unsigned role, unsigned nth)
{
	for (unsigned k = 0; k < b->nslots; k++)
		if (b->slots[k].unit == role && nth-- == 0)
			return &b->slots[k];
	return NULL;
}

/* The value of the active field `name` of a slot (or of its register word). */
static void check_field(int line, const struct ip_bundle *b, const struct ip_slot *s,
                        const char *name, uint64_t want)
{
	const ip_word *ctx;
	const struct ip_field *f;
	uint64_t got;
	check_count++;
	if (!s) {
		fail_at(line, name, "no such slot");
		return;
	}
	ctx = ip_slot_context(b, s);
	f = ip_format_active_field(s->fmt, name, &s->value, ctx);
	if (f) {
		got = ip_field_get(f, &s->value);
	} else if (ctx && (f = ip_format_active_field(&midgard_alu_reg, name, ctx, NULL)) != NULL) {
		got = ip_field_get(f, ctx);
	} else {
		fail_at(line, name, "no active field of that name in %s", s->fmt->name);
		return;
	}
	if (got != want)
		fail_at(line, name, "%s.%s (bits %u-%u) = 0x%llx, expected 0x%llx", s->fmt->name, name,
		        f->lo, f->lo + f->width - 1, (unsigned long long)got,
		        (unsigned long long)want);
}

static void check_slot_place(int line, const struct ip_slot *s, const struct ip_format *fmt,
                             unsigned bit_offset, unsigned width)
{
	check_count++;
	if (!s) {
		fail_at(line, "layout", "missing %s slot", fmt->name);
		return;
	}
	if (s->fmt != fmt || s->bit_offset != bit_offset || s->width != width)
		fail_at(line, "layout", "%s at bit %u, %u bits; expected %s at bit %u, %u bits",
		        s->fmt->name, s->bit_offset, s->width, fmt->name, bit_offset, width);
}

#define CHECK_FIELD(b, s, name, want) check_field(__LINE__, b, s, name, want)
#define CHECK_PLACE(s, fmt, off, width) check_slot_place(__LINE__, s, fmt, off, width)
#define UNIT(u) (MIDGARD_ROLE_UNIT + MIDGARD_UNIT_##u)

/* ======================================================================================
 * 1. Field masks: every field of the tables against the notes' bit numbers.
 *    sel / ctx are selector bits (written by hand) that make the alternative active.
 * ====================================================================================== */

struct mask_row {
	const struct ip_format *fmt;
	const char *name;
	uint64_t sel, ctx; /* selector bits of the word and of its register word */
	uint64_t lo, hi;   /* expected mask, bits 0-63 and 64-127 */
};

#define HALFM 0x100u    /* vector bits 8-9 = 1: mode half */
#define FULLM 0x200u    /* vector bits 8-9 = 2: mode full */
#define IMM 0x8000u     /* register word bit 15: input 2 inline constant */
#define S1F 0x400u      /* scalar bit 10: input 1 full */
#define OUTF 0x10000000u /* scalar bit 28: output full */

static const struct mask_row mask_rows[] = {
	/* ALU control word: 0-3 type, 4-7 next, 17/19/21/23/25/26/27 unit enables */
	{&midgard_alu_control, "type", 0, 0, 0xF, 0},
	{&midgard_alu_control, "next", 0, 0, 0xF0, 0},
	{&midgard_alu_control, "vmul", 0, 0, 0x00020000, 0},    /* 1 << 17 */
	{&midgard_alu_control, "sadd", 0, 0, 0x00080000, 0},    /* 1 << 19 */
	{&midgard_alu_control, "vadd", 0, 0, 0x00200000, 0},    /* 1 << 21 */
	{&midgard_alu_control, "smul", 0, 0, 0x00800000, 0},    /* 1 << 23 */
	{&midgard_alu_control, "lut", 0, 0, 0x02000000, 0},     /* 1 << 25 */
	{&midgard_alu_control, "cbranch", 0, 0, 0x04000000, 0}, /* 1 << 26 */
	{&midgard_alu_control, "branch", 0, 0, 0x08000000, 0},  /* 1 << 27 */
	/* register word: 0-4 src1, 5-9 src2 / constant 11-15, 10-14 dst, 15 inline flag */
	{&midgard_alu_reg, "src1", 0, 0, 0x001F, 0},
	{&midgard_alu_reg, "src2", 0, 0, 0x03E0, 0},
	{&midgard_alu_reg, "imm_hi", IMM, 0, 0x03E0, 0},
	{&midgard_alu_reg, "dst", 0, 0, 0x7C00, 0},
	{&midgard_alu_reg, "src2_imm", 0, 0, 0x8000, 0},
	/* vector ALU */
	{&midgard_vector_alu, "op", FULLM, 0, 0xFF, 0},                 /* 0-7 */
	{&midgard_vector_alu, "mode", FULLM, 0, 0x300, 0},              /* 8-9 */
	{&midgard_vector_alu, "src1_abs", FULLM, 0, 0x400, 0},          /* 10 */
	{&midgard_vector_alu, "src1_neg", FULLM, 0, 0x800, 0},          /* 11 */
	/* 12-14: the notes' flags (12 replicate-lower / half-register selection, 13 replicate-upper
	 * / unused, 14 half-register input) as Mesa's one 3-bit expand mode, in both modes */
	{&midgard_vector_alu, "src1_expand", HALFM, 0, 0x7000, 0},      /* 12-14 (half) */
	{&midgard_vector_alu, "src1_expand", FULLM, 0, 0x7000, 0},      /* 12-14 (full) */
	{&midgard_vector_alu, "src1_swz", FULLM, 0, 0x7F8000, 0},       /* 15-22: 0xFF << 15 */
	{&midgard_vector_alu, "src2_abs", FULLM, 0, 0x800000, 0},       /* 23 */
	{&midgard_vector_alu, "src2_neg", FULLM, 0, 0x1000000, 0},      /* 24 */
	{&midgard_vector_alu, "imm_8_10", FULLM, IMM, 0xE000000, 0},    /* 25-27: 7 << 25 */
	{&midgard_vector_alu, "imm_0_7", FULLM, IMM, 0xFF0000000, 0},   /* 28-35: 0xFF << 28 */
	{&midgard_vector_alu, "src2_expand", HALFM, 0, 0xE000000, 0},   /* 25-27 (half) */
	{&midgard_vector_alu, "src2_expand", FULLM, 0, 0xE000000, 0},   /* 25-27 (full) */
	{&midgard_vector_alu, "src2_swz", FULLM, 0, 0xFF0000000, 0},    /* 28-35 */
	{&midgard_vector_alu, "out_size", FULLM, 0, 0x3000000000, 0},   /* 36-37: 3 << 36 */
	{&midgard_vector_alu, "outmod", FULLM, 0, 0xC000000000, 0},     /* 38-39: 3 << 38 */
	{&midgard_vector_alu, "mask", FULLM, 0, 0xFF0000000000, 0},     /* 40-47: 0xFF << 40 */
	/* scalar ALU */
	{&midgard_scalar_alu, "op", S1F | OUTF, 0, 0xFF, 0},             /* 0-7 */
	{&midgard_scalar_alu, "src1_abs", S1F | OUTF, 0, 0x100, 0},      /* 8 */
	{&midgard_scalar_alu, "src1_neg", S1F | OUTF, 0, 0x200, 0},      /* 9 */
	{&midgard_scalar_alu, "src1_full", S1F | OUTF, 0, 0x400, 0},     /* 10 */
	{&midgard_scalar_alu, "src1_unused11", S1F | OUTF, 0, 0x800, 0}, /* 11 (full) */
	{&midgard_scalar_alu, "src1_comp", S1F | OUTF, 0, 0x3000, 0},    /* 12-13 (full) */
	{&midgard_scalar_alu, "src1_comp", OUTF, 0, 0x1800, 0},          /* 11-12 (half) */
	{&midgard_scalar_alu, "src1_hsel", OUTF, 0, 0x2000, 0},          /* 13 (half) */
	{&midgard_scalar_alu, "imm_9_10", S1F | OUTF, IMM, 0xC000, 0},   /* 14-15 */
	{&midgard_scalar_alu, "imm_8", S1F | OUTF, IMM, 0x10000, 0},     /* 16 */
	{&midgard_scalar_alu, "imm_5_7", S1F | OUTF, IMM, 0xE0000, 0},   /* 17-19: 7 << 17 */
	{&midgard_scalar_alu, "imm_0_4", S1F | OUTF, IMM, 0x1F00000, 0}, /* 20-24: 0x1F << 20 */
	{&midgard_scalar_alu, "src2_abs", S1F | OUTF, 0, 0x4000, 0},     /* 14 */
	{&midgard_scalar_alu, "src2_neg", S1F | OUTF, 0, 0x8000, 0},     /* 15 */
	{&midgard_scalar_alu, "src2_full", S1F | OUTF, 0, 0x10000, 0},   /* 16 */
	/* input 2's lane: the notes' component 17-18 and unknown bit 19, as Mesa reads them */
	{&midgard_scalar_alu, "src2_comp", S1F | OUTF, 0, 0xE0000, 0},   /* 17-19 */
	{&midgard_scalar_alu, "unk20", S1F | OUTF, 0, 0x1F00000, 0},     /* 20-24: 0x1F << 20 */
	{&midgard_scalar_alu, "unk25", S1F | OUTF, 0, 0x2000000, 0},     /* 25 */
	{&midgard_scalar_alu, "outmod", S1F | OUTF, 0, 0xC000000, 0},    /* 26-27 */
	{&midgard_scalar_alu, "out_full", S1F | OUTF, 0, 0x10000000, 0}, /* 28 */
	{&midgard_scalar_alu, "out_unused29", S1F | OUTF, 0, 0x20000000, 0}, /* 29 (full) */
	{&midgard_scalar_alu, "out_comp", S1F | OUTF, 0, 0xC0000000, 0}, /* 30-31 (full) */
	{&midgard_scalar_alu, "out_comp", S1F, 0, 0x60000000, 0},        /* 29-30 (half) */
	{&midgard_scalar_alu, "out_hsel", S1F, 0, 0x80000000, 0},        /* 31 (half) */
	/* compact branch: op 0-2; conditional (op 2) / unconditional (op 1) */
	{&midgard_branch_compact, "op", 2, 0, 0x7, 0},
	{&midgard_branch_compact, "dest_tag", 2, 0, 0x78, 0},  /* 3-6 */
	{&midgard_branch_compact, "offset", 2, 0, 0x3F80, 0},  /* 7-13: 0x7F << 7 */
	{&midgard_branch_compact, "cond", 2, 0, 0xC000, 0},    /* 14-15 */
	{&midgard_branch_compact, "dest_tag", 1, 0, 0x78, 0},  /* 3-6 */
	{&midgard_branch_compact, "unk7", 1, 0, 0x180, 0},     /* 7-8 */
	{&midgard_branch_compact, "offset", 1, 0, 0xFE00, 0},  /* 9-15: 0x7F << 9 */
	/* load/store tag byte and one 60-bit instruction */
	{&midgard_ls_tag, "type", 0, 0, 0xF, 0},
	{&midgard_ls_tag, "next", 0, 0, 0xF0, 0},
	{&midgard_load_store, "op", 0, 0, 0xFF, 0},                  /* 0-7 */
	{&midgard_load_store, "reg", 0, 0, 0x1F00, 0},               /* 8-12 */
	{&midgard_load_store, "mask", 0, 0, 0x1E000, 0},             /* 13-16: 0xF << 13 */
	{&midgard_load_store, "swz", 0, 0, 0x1FE0000, 0},            /* 17-24: 0xFF << 17 */
	{&midgard_load_store, "unk25", 0, 0, 0x7FFFFFE000000, 0},    /* 25-50: (2^26-1) << 25 */
	{&midgard_load_store, "addr", 0, 0, 0x0FF8000000000000, 0},  /* 51-59: 0x1FF << 51 */
	/* embedded constants: four 32-bit words, in order */
	{&midgard_alu_constants, "c0", 0, 0, 0x00000000FFFFFFFF, 0},
	{&midgard_alu_constants, "c1", 0, 0, 0xFFFFFFFF00000000, 0},
	{&midgard_alu_constants, "c2", 0, 0, 0, 0x00000000FFFFFFFF},
	{&midgard_alu_constants, "c3", 0, 0, 0, 0xFFFFFFFF00000000},
};

static void test_field_masks(void)
{
	for (size_t i = 0; i < IP_COUNT(mask_rows); i++) {
		const struct mask_row *r = &mask_rows[i];
		ip_word sel = {{r->sel, 0}}, ctx = {{r->ctx, 0}}, m;
		const struct ip_field *f =
			ip_format_active_field(r->fmt, r->name, &sel, r->fmt->context ? &ctx : NULL);
		CHECK(f != NULL, "%s.%s: not active with selectors 0x%llx / ctx 0x%llx", r->fmt->name,
		      r->name, (unsigned long long)r->sel, (unsigned long long)r->ctx);
		if (!f)
			continue;
		m = ip_field_mask(f);
		CHECK(m.w[0] == r->lo && m.w[1] == r->hi,
		      "%s.%s covers 0x%016llx%016llx, the notes say 0x%016llx%016llx", r->fmt->name,
		      r->name, (unsigned long long)m.w[1], (unsigned long long)m.w[0],
		      (unsigned long long)r->hi, (unsigned long long)r->lo);
	}
	/* word sizes of the formats, from the notes */
	CHECK(midgard_alu_control.bits == 32, "control word %u bits", midgard_alu_control.bits);
	CHECK(midgard_alu_reg.bits == 16, "register word %u bits", midgard_alu_reg.bits);
	CHECK(midgard_vector_alu.bits == 48, "vector field %u bits", midgard_vector_alu.bits);
	CHECK(midgard_scalar_alu.bits == 32, "scalar field %u bits", midgard_scalar_alu.bits);
	CHECK(midgard_branch_compact.bits == 16, "compact branch %u bits", midgard_branch_compact.bits);
	CHECK(midgard_branch_extended.bits == 48, "branch %u bits", midgard_branch_extended.bits);
	CHECK(midgard_load_store.bits == 60, "load/store %u bits", midgard_load_store.bits);
}

/* Word types: 3 texture (4 words), 5 load/store (4), 8/9/A/B ALU (4/8/12/16); Mesa adds the
 * texture types 2 and 4 (4 words) and the write-out ALU types C/D/E/F (4/8/12/16). */
static void test_tag_words(void)
{
	static const unsigned want[16] = {0, 0, 4, 4, 4, 4, 0, 0, 4, 8, 12, 16, 4, 8, 12, 16};
	for (unsigned t = 0; t < 16; t++)
		CHECK(midgard_tag_words(t) == want[t], "type 0x%x: %u words, expected %u", t,
		      midgard_tag_words(t), want[t]);
	CHECK(midgard_alu_tag_for_words(4) == 0x8, "4 words");
	CHECK(midgard_alu_tag_for_words(8) == 0x9, "8 words");
	CHECK(midgard_alu_tag_for_words(12) == 0xA, "12 words");
	CHECK(midgard_alu_tag_for_words(16) == 0xB, "16 words");
	CHECK(midgard_alu_tag_for_words(5) == 0, "5 words is no ALU size");
}

/* ======================================================================================
 * 2. ALU control word: each unit alone. Single word, so next = 1 (last word).
 *    Sizes: control 32 + register word 16 + field; all fit 128 bits -> tag 8 (4 words).
 * ====================================================================================== */

static void test_control_units(void)
{
	/* vmul (bit 17) fmul r1, r2, r3, full mode:
	 *   w0 = 0x00020000 (bit 17) | 0x10 (next 1) | 0x8 (type) = 0x00020018
	 *   register word (bits 32-47) = src1 2 | src2 3 << 5 | dst 1 << 10 = 0x0462
	 *   field (bits 48-95): op 0x14 | mode 2 << 8 (0x200) | swz1 0xE4 << 15 (0x720000)
	 *     | swz2 0xE4 << 28 (0xE40000000) | out_size 2 << 36 (0x2000000000)
	 *     | mask 0xFF << 40 = 0xFF2E40720214
	 *   w1 = field[0:15] << 16 | reg = 0x02140462, w2 = field[16:47] = 0xFF2E4072 */
	CHECK_ASM("alu {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n}\n",
	          0x00020018, 0x02140462, 0xFF2E4072, 0x00000000);
	/* sadd (bit 19) fadd r4.x, r5.x, r6.x:
	 *   w0 = 0x00080018; reg = 5 | 6 << 5 (0xC0) | 4 << 10 (0x1000) = 0x10C5
	 *   field (bits 48-79): op 0x10 | src1 full (bit 10, 0x400) | src2 full (bit 16, 0x10000)
	 *     | out full (bit 28, 0x10000000), components x = 0 -> 0x10010410
	 *   w1 = 0x0410 << 16 | 0x10C5, w2 = 0x1001 */
	CHECK_ASM("alu {\n\tsadd.fadd r4.x, r5.x, r6.x\n}\n",
	          0x00080018, 0x041010C5, 0x00001001, 0x00000000);
	/* vadd (bit 21) fadd r7, r8, r9: w0 = 0x00200018, reg 8 | 9 << 5 | 7 << 10 = 0x1D28,
	 * field 0xFF2E40720210 (as vmul with op 0x10) */
	CHECK_ASM("alu {\n\tvadd.fadd r7.xyzw, r8.xyzw, r9.xyzw\n}\n",
	          0x00200018, 0x02101D28, 0xFF2E4072, 0x00000000);
	/* smul (bit 23) fmul r10.x, r11.x, r12.x: w0 = 0x00800018,
	 * reg 11 | 12 << 5 (0x180) | 10 << 10 (0x2800) = 0x298B, field 0x10010414 */
	CHECK_ASM("alu {\n\tsmul.fmul r10.x, r11.x, r12.x\n}\n",
	          0x00800018, 0x0414298B, 0x00001001, 0x00000000);
	/* lut (bit 25) frcp r13, r14, r15: w0 = 0x02000018,
	 * reg 14 | 15 << 5 (0x1E0) | 13 << 10 (0x3400) = 0x35EE, field 0xFF2E407202F0 */
	CHECK_ASM("alu {\n\tlut.frcp r13.xyzw, r14.xyzw, r15.xyzw\n}\n",
	          0x02000018, 0x02F035EE, 0xFF2E4072, 0x00000000);
	/* compact branch (bit 26), no register word: w0 = 0x04000018; bits 32-47 =
	 * jmp: op 001 | dest alu4 8 << 3 (0x40) | unk 01 << 7 (0x80) | offset 0 = 0x00C1 */
	CHECK_ASM("alu {\n\tcbr.jmp alu4, 0\n}\n", 0x04000018, 0x000000C1, 0x00000000, 0x00000000);
	/* output write/branch (bit 27), 48 bits at 32-79, no register word: w0 = 0x08000018 */
	CHECK_ASM("alu {\n\tbr unk0=0x123456789abc\n}\n",
	          0x08000018, 0x56789ABC, 0x00001234, 0x00000000);
}

/* ======================================================================================
 * 3. Word sizes (tags 8-B), unit order, padding, constants.
 * ====================================================================================== */

static void test_sizes_and_order(void)
{
	/* All seven units, written in scrambled order: the word lays them out in unit order.
	 * Body = 32 + 5 * 16 + 48 + 32 + 48 + 32 + 48 + 16 + 48 = 384 bits = 12 words -> tag 0xA.
	 * w0 = type 0xA | next 1 << 4 | bits 17,19,21,23 (0xAA0000) | 25,26,27 (0xE000000)
	 *    = 0x0EAA001A
	 * register words: vmul 0x0462 @32, sadd 0x10C5 @48, vadd 0x1D28 @64, smul 0x298B @80,
	 *                 lut 0x35EE @96
	 * fields: vmul 0xFF2E40720214 @112, sadd 0x10010410 @160, vadd 0xFF2E40720210 @192,
	 *         smul 0x10010414 @240, lut 0xFF2E407202F0 @272, cbr 0x00C1 @320,
	 *         br 0x123456789ABC @336 (ends at 384: no padding)
	 * w1 = 0x10C5_0462, w2 = 0x298B_1D28, w3 = vmul[0:15] 0x0214 | lut reg 0x35EE,
	 * w4 = vmul[16:47], w5 = sadd, w6 = vadd[0:31], w7 = smul[0:15] 0x0414 | vadd[32:47] 0xFF2E,
	 * w8 = lut[0:15] 0x02F0 | smul[16:31] 0x1001, w9 = lut[16:47],
	 * w10 = br[0:15] 0x9ABC | cbr 0x00C1, w11 = br[16:47] */
	static const char all_units[] = "alu {\n"
	                                 "\tbr unk0=0x123456789abc\n"
	                                 "\tcbr.jmp alu4, 0\n"
	                                 "\tlut.frcp r13.xyzw, r14.xyzw, r15.xyzw\n"
	                                 "\tsmul.fmul r10.x, r11.x, r12.x\n"
	                                 "\tvadd.fadd r7.xyzw, r8.xyzw, r9.xyzw\n"
	                                 "\tsadd.fadd r4.x, r5.x, r6.x\n"
	                                 "\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n"
	                                 "}\n";
	static const uint32_t all_words[] = {
		0x0EAA001A, 0x10C50462, 0x298B1D28, 0x021435EE, 0xFF2E4072, 0x10010410,
		0x40720210, 0x0414FF2E, 0x02F01001, 0xFF2E4072, 0x9ABC00C1, 0x12345678,
	};
	struct ip_program p;

	check_asm_words(__LINE__, all_units, all_words, IP_COUNT(all_words));
	if (unpack_words(__LINE__, all_words, IP_COUNT(all_words), &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		CHECK(p.nbundles == 1 && b->bytes == 48 && b->kind == 0xA, "%zu words, %u bytes",
		      p.nbundles, b->bytes);
		CHECK_PLACE(find_role(b, MIDGARD_ROLE_CONTROL, 0), &midgard_alu_control, 0, 32);
		for (unsigned u = 0; u < 5; u++)
			CHECK_PLACE(find_role(b, MIDGARD_ROLE_REG, u), &midgard_alu_reg, 32 + 16 * u, 16);
		CHECK_PLACE(find_role(b, UNIT(VMUL), 0), &midgard_vector_alu, 112, 48);
		CHECK_PLACE(find_role(b, UNIT(SADD), 0), &midgard_scalar_alu, 160, 32);
		CHECK_PLACE(find_role(b, UNIT(VADD), 0), &midgard_vector_alu, 192, 48);
		CHECK_PLACE(find_role(b, UNIT(SMUL), 0), &midgard_scalar_alu, 240, 32);
		CHECK_PLACE(find_role(b, UNIT(LUT), 0), &midgard_vector_alu, 272, 48);
		CHECK_PLACE(find_role(b, UNIT(CBRANCH), 0), &midgard_branch_compact, 320, 16);
		CHECK_PLACE(find_role(b, UNIT(BRANCH), 0), &midgard_branch_extended, 336, 48);
		CHECK(find_role(b, MIDGARD_ROLE_PAD, 0) == NULL, "a 384-bit body has no padding");
		CHECK(find_role(b, MIDGARD_ROLE_CONSTANTS, 0) == NULL, "no room for constants");
		/* each unit reads its own register word */
		CHECK_FIELD(b, find_role(b, UNIT(VMUL), 0), "dst", 1);
		CHECK_FIELD(b, find_role(b, UNIT(SADD), 0), "src1", 5);
		CHECK_FIELD(b, find_role(b, UNIT(VADD), 0), "src2", 9);
		CHECK_FIELD(b, find_role(b, UNIT(SMUL), 0), "dst", 10);
		CHECK_FIELD(b, find_role(b, UNIT(LUT), 0), "op", 0xF0);
		CHECK_FIELD(b, find_role(b, UNIT(LUT), 0), "src1", 14);
		CHECK_FIELD(b, find_role(b, UNIT(CBRANCH), 0), "dest_tag", 8);
		CHECK_FIELD(b, find_role(b, UNIT(BRANCH), 0), "unk0", 0x123456789ABC);
		CHECK_FIELD(b, find_role(b, MIDGARD_ROLE_CONTROL, 0), "smul", 1);
		CHECK_FIELD(b, find_role(b, MIDGARD_ROLE_CONTROL, 0), "next", 1);
		ip_program_free(&p);
	}

	/* Same word with constants: 384 + 128 = 512 bits = 16 words -> tag 0xB, constants are
	 * words 12-15. 1.0f = 0x3F800000, 2.0f = 0x40000000, -0.5f = 0xBF000000. */
	CHECK_ASM("alu {\n"
	          "\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n"
	          "\tsadd.fadd r4.x, r5.x, r6.x\n"
	          "\tvadd.fadd r7.xyzw, r8.xyzw, r9.xyzw\n"
	          "\tsmul.fmul r10.x, r11.x, r12.x\n"
	          "\tlut.frcp r13.xyzw, r14.xyzw, r15.xyzw\n"
	          "\tcbr.jmp alu4, 0\n"
	          "\tbr unk0=0x123456789abc\n"
	          "\tconst 1.0, 2.0, -0.5, 0x12345678\n"
	          "}\n",
	          0x0EAA001B, 0x10C50462, 0x298B1D28, 0x021435EE, 0xFF2E4072, 0x10010410,
	          0x40720210, 0x0414FF2E, 0x02F01001, 0xFF2E4072, 0x9ABC00C1, 0x12345678,
	          0x3F800000, 0x40000000, 0xBF000000, 0x12345678);

	/* vmul + vadd: 32 + 2 * 16 + 2 * 48 = 160 bits -> padded to 256 = 8 words, tag 9.
	 * w0 = 0x9 | 0x10 | bit 17 | bit 21 = 0x00220019; regs @32 vmul 0x0462, @48 vadd 0x1D28;
	 * vmul field @64-111, vadd field @112-159, zeros 160-255. */
	CHECK_ASM("alu {\n"
	          "\tvadd.fadd r7.xyzw, r8.xyzw, r9.xyzw\n"
	          "\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n"
	          "}\n",
	          0x00220019, 0x1D280462, 0x40720214, 0x0210FF2E, 0xFF2E4072, 0x00000000,
	          0x00000000, 0x00000000);

	/* sadd + lut, a gap between them: control, reg(sadd) @32, reg(lut) @48, sadd @64 (32),
	 * lut @96 (48); body 144 -> 256 bits, tag 9.
	 * w0 = 0x9 | 0x10 | bit 19 (0x80000) | bit 25 (0x2000000) = 0x02080019
	 * sadd.fadd r31.w, r0.x, #0.5: 0.5 = half 0x3800 = 0b00111_000_0000_0000
	 *   reg: src1 0 | const 11-15 = 0b00111 at 5-9 (0xE0) | dst 31 << 10 (0x7C00) | bit 15
	 *        = 0xFCE0
	 *   field: op 0x10 | src1 full 0x400 | const bits 0-10 all zero | out full 0x10000000
	 *        | out component w = 3 << 30 (0xC0000000) = 0xD0000410
	 * lut.fexp2 r13, r14, r15: reg 0x35EE, field 0xFF2E407202F4 */
	CHECK_ASM("alu {\n"
	          "\tlut.fexp2 r13.xyzw, r14.xyzw, r15.xyzw\n"
	          "\tsadd.fadd r31.w, r0.x, #0.5\n"
	          "}\n",
	          0x02080019, 0x35EEFCE0, 0xD0000410, 0x407202F4, 0x0000FF2E, 0x00000000,
	          0x00000000, 0x00000000);

	/* sadd + smul + cbr: 32 + 2 * 16 + 2 * 32 + 16 = 144 -> 8 words; cbr @128 */
	CHECK_ASM("alu {\n"
	          "\tcbr.jmp alu4, 0\n"
	          "\tsmul.fmul r10.x, r11.x, r12.x\n"
	          "\tsadd.fadd r4.x, r5.x, r6.x\n"
	          "}\n",
	          0x04880019, 0x298B10C5, 0x10010410, 0x10010414, 0x000000C1, 0x00000000,
	          0x00000000, 0x00000000);

	/* sadd + smul: 32 + 2 * 16 + 2 * 32 = 128 bits exactly: 4 words, no padding at all.
	 * w0 = 0x8 | 0x10 | bit 19 | bit 23 = 0x00880018 */
	{
		static const uint32_t exact[] = {0x00880018, 0x298B10C5, 0x10010410, 0x10010414};
		struct ip_program q;
		check_asm_words(__LINE__,
		                "alu {\n\tsmul.fmul r10.x, r11.x, r12.x\n\tsadd.fadd r4.x, r5.x, r6.x\n}\n",
		                exact, IP_COUNT(exact));
		if (unpack_words(__LINE__, exact, IP_COUNT(exact), &q) == 0) {
			const struct ip_bundle *b = &q.bundles[0];
			CHECK_PLACE(find_role(b, UNIT(SADD), 0), &midgard_scalar_alu, 64, 32);
			CHECK_PLACE(find_role(b, UNIT(SMUL), 0), &midgard_scalar_alu, 96, 32);
			CHECK(find_role(b, MIDGARD_ROLE_PAD, 0) == NULL, "a 128-bit body has no padding");
			ip_program_free(&q);
		}
	}
	/* body sizes in bits: control alone 32; all units 384 (see above); vmul + sadd
	 * 32 + 32 + 48 + 32 = 144; cbr + br 32 + 16 + 48 = 96 */
	CHECK(midgard_alu_body_bits(0x00000008) == 32, "empty body");
	CHECK(midgard_alu_body_bits(0x0EAA0008) == 384, "all units");
	CHECK(midgard_alu_body_bits(0x000A0008) == 144, "vmul + sadd");
	CHECK(midgard_alu_body_bits(0x0C000008) == 96, "cbr + br");

	/* vmul + constants: body 96 -> 128, + 4 constant words = 8 words, tag 9 */
	CHECK_ASM("alu {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n\tconst 1.0, 2.0, -0.5, 0x12345678\n}\n",
	          0x00020019, 0x02140462, 0xFF2E4072, 0x00000000, 0x3F800000, 0x40000000,
	          0xBF000000, 0x12345678);

	/* forced 12 and 16 words: padding quadwords, then the constants as the LAST 4 words */
	CHECK_ASM("alu12 {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n\tconst 1.0, 2.0, -0.5, 0x12345678\n}\n",
	          0x0002001A, 0x02140462, 0xFF2E4072, 0x00000000, 0, 0, 0, 0,
	          0x3F800000, 0x40000000, 0xBF000000, 0x12345678);
	CHECK_ASM("alu16 {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n\tconst 1.0, 2.0, -0.5, 0x12345678\n}\n",
	          0x0002001B, 0x02140462, 0xFF2E4072, 0x00000000, 0, 0, 0, 0, 0, 0, 0, 0,
	          0x3F800000, 0x40000000, 0xBF000000, 0x12345678);

	/* padding bits 96-127 of a vmul-only word: pad bit 0 is word bit 96, pad bit 31 is 127 */
	CHECK_ASM("alu pad=0x80000001 {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n}\n",
	          0x00020018, 0x02140462, 0xFF2E4072, 0x80000001);
}

/* Unpack: the tag alone decides the size; the layout of a vmul-only word of each size. */
static void test_unpack_sizes(void)
{
	static const uint32_t words[] = {
		/* tag 8: 4 words */
		0x00020098, 0x02140462, 0xFF2E4072, 0x00000001,
		/* tag 9: 8 words, constants 4-7 */
		0x000200A9, 0x02140462, 0xFF2E4072, 0, 0x3F800000, 0x40000000, 0xBF000000, 0x12345678,
		/* tag A: 12 words, a padding quadword 4-7, constants 8-11 */
		0x000200BA, 0x02140462, 0xFF2E4072, 0, 0, 0, 0, 0, 1, 2, 3, 4,
		/* tag B: 16 words, padding quadwords 4-7 and 8-11, constants 12-15; next 1 */
		0x0002001B, 0x02140462, 0xFF2E4072, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 6, 7, 8,
	};
	struct ip_program p;
	if (unpack_words(__LINE__, words, IP_COUNT(words), &p) != 0)
		return;
	CHECK(p.nbundles == 4, "%zu words, expected 4", p.nbundles);
	if (p.nbundles == 4) {
		static const unsigned bytes[4] = {16, 32, 48, 64}, offs[4] = {0, 16, 48, 96};
		for (unsigned i = 0; i < 4; i++) {
			const struct ip_bundle *b = &p.bundles[i];
			CHECK(b->kind == 8 + i && b->bytes == bytes[i] && b->byte_offset == offs[i],
			      "word %u: type 0x%x, %u bytes at %u", i, b->kind, b->bytes, b->byte_offset);
			CHECK_PLACE(find_role(b, MIDGARD_ROLE_REG, 0), &midgard_alu_reg, 32, 16);
			CHECK_PLACE(find_role(b, UNIT(VMUL), 0), &midgard_vector_alu, 48, 48);
			CHECK_PLACE(find_role(b, MIDGARD_ROLE_PAD, 0), &midgard_alu_padding, 96, 32);
			if (i > 0)
				CHECK_PLACE(find_role(b, MIDGARD_ROLE_CONSTANTS, 0), &midgard_alu_constants,
				            32 * 4 * i, 128);
			for (unsigned q = 0; q + 1 < i; q++)
				CHECK_PLACE(find_role(b, MIDGARD_ROLE_PAD_QUAD, q), &midgard_alu_padding,
				            128 + 128 * q, 128);
		}
		/* next types as written: 9 (0x98 -> 9), 0xA, 0xB, 1 */
		CHECK_FIELD(&p.bundles[0], find_role(&p.bundles[0], MIDGARD_ROLE_CONTROL, 0), "next", 9);
		CHECK_FIELD(&p.bundles[2], find_role(&p.bundles[2], MIDGARD_ROLE_CONTROL, 0), "next", 0xB);
		CHECK_FIELD(&p.bundles[0], find_role(&p.bundles[0], MIDGARD_ROLE_PAD, 0), "pad0", 1);
		CHECK_FIELD(&p.bundles[1], find_role(&p.bundles[1], MIDGARD_ROLE_CONSTANTS, 0), "c0",
		            0x3F800000);
		CHECK_FIELD(&p.bundles[1], find_role(&p.bundles[1], MIDGARD_ROLE_CONSTANTS, 0), "c3",
		            0x12345678);
		CHECK_FIELD(&p.bundles[2], find_role(&p.bundles[2], MIDGARD_ROLE_CONSTANTS, 0), "c2", 3);
		CHECK_FIELD(&p.bundles[3], find_role(&p.bundles[3], MIDGARD_ROLE_CONSTANTS, 0), "c1", 6);
	}
	ip_program_free(&p);
}

/* ======================================================================================
 * 4. Register word and inline constants.
 * ====================================================================================== */

static void test_inline_constants(void)
{
	struct ip_program p;
	/* vadd.fadd r3, r2, #1.0: 1.0 = half 0x3C00 = 0b00111_100_00000000
	 *   reg: src1 2 | const 11-15 = 0b00111 at 5-9 (7 << 5 = 0xE0) | dst 3 << 10 (0xC00)
	 *        | bit 15 = 0x8CE2
	 *   field: op 0x10 | mode 0x200 | swz1 0x720000 | const 8-10 = 0b100 at 25-27
	 *        (0x8000000) | const 0-7 = 0 at 28-35 | out_size 0x2000000000 | mask 0xFF << 40
	 *        = 0xFF2008720210 */
	static const uint32_t one[] = {0x00200018, 0x02108CE2, 0xFF200872, 0x00000000};
	/* vadd.fadd r3, r2, -abs(#0xabcd): 0xABCD = 0b10101_011_11001101
	 *   reg: 2 | 0b10101 << 5 (0x2A0) | 0xC00 | 0x8000 = 0x8EA2
	 *   field: 0x210 | swz1 0x720000 | abs2 bit 23 (0x800000) | neg2 bit 24 (0x1000000)
	 *        | 0b011 << 25 (0x6000000) | 0xCD << 28 (0xCD0000000) | 0x2000000000
	 *        | 0xFF << 40 = 0xFF2CD7F20210 */
	static const uint32_t abcd_v[] = {0x00200018, 0x02108EA2, 0xFF2CD7F2, 0x00000000};
	/* smul.fmul r3.y, r1.z, #0xabcd: scalar split 0-4 = 0b01101, 5-7 = 0b110, 8 = 1,
	 * 9-10 = 0b01, 11-15 = 0b10101
	 *   reg: src1 1 | 0b10101 << 5 (0x2A0) | dst 3 << 10 (0xC00) | 0x8000 = 0x8EA1
	 *   field: op 0x14 | src1 full 0x400 | src1 comp z 2 << 12 (0x2000)
	 *        | 0b01 << 14 (0x4000) | 1 << 16 (0x10000) | 0b110 << 17 (0xC0000)
	 *        | 0b01101 << 20 (0xD00000) | out full 0x10000000 | out comp y 1 << 30
	 *        = 0x50DD6414 */
	static const uint32_t abcd_s[] = {0x00800018, 0x64148EA1, 0x000050DD, 0x00000000};

	check_asm_words(__LINE__, "alu {\n\tvadd.fadd r3.xyzw, r2.xyzw, #1.0\n}\n", one, 4);
	check_asm_words(__LINE__, "alu {\n\tvadd.fadd r3.xyzw, r2.xyzw, -abs(#0xabcd)\n}\n",
	                abcd_v, 4);
	check_asm_words(__LINE__, "alu {\n\tsmul.fmul r3.y, r1.z, #0xabcd\n}\n", abcd_s, 4);
	/* #-2.0 = half 0xC000 = 0b11000_000_00000000: reg const bits = 0b11000 (0x300),
	 * everything in the field zero but the defaults: vmul.fmov r0, r0, #-2 ->
	 * reg 0x300 | 0x8000 = 0x8300; field op 0x30 | 0x200 | 0x720000 | 0x2000000000 | 0xFF << 40 */
	CHECK_ASM("alu {\n\tvmul.fmov r0.xyzw, r0.xyzw, #-2.0\n}\n",
	          0x00020018, 0x02308300, 0xFF200072, 0x00000000);
	/* scalar #65504 (largest half, 0x7BFF = 0b01111_011_11111111): reg 0b01111 << 5 = 0x1E0
	 * | 0x8000 = 0x81E0; field: 9-10 = 0b01 -> 0x4000, 8 = 1 -> 0x10000, 5-7 = 0b111 -> 0xE0000,
	 * 0-4 = 0b11111 -> 0x1F00000; op 0x10 | 0x400 | 0x10000000 -> 0x11FF4410 */
	CHECK_ASM("alu {\n\tsadd.fadd r0.x, r0.x, #65504\n}\n",
	          0x00080018, 0x441081E0, 0x000011FF, 0x00000000);

	if (unpack_words(__LINE__, one, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *v = find_role(b, UNIT(VADD), 0);
		const struct ip_slot *r = find_role(b, MIDGARD_ROLE_REG, 0);
		CHECK_FIELD(b, r, "src1", 2);
		CHECK_FIELD(b, r, "dst", 3);
		CHECK_FIELD(b, r, "src2_imm", 1);
		CHECK_FIELD(b, r, "imm_hi", 0x07);   /* 0x3C00 >> 11 */
		CHECK_FIELD(b, v, "imm_8_10", 0x4);  /* (0x3C00 >> 8) & 7 */
		CHECK_FIELD(b, v, "imm_0_7", 0x00);  /* 0x3C00 & 0xFF */
		CHECK(v && ip_format_active_field(&midgard_vector_alu, "src2_swz", &v->value,
		                                  ip_slot_context(b, v)) == NULL,
		      "src2_swz must not exist when input 2 is an inline constant");
		ip_program_free(&p);
	}
	if (unpack_words(__LINE__, abcd_v, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *v = find_role(b, UNIT(VADD), 0);
		CHECK_FIELD(b, v, "imm_hi", 0x15);
		CHECK_FIELD(b, v, "imm_8_10", 0x3);
		CHECK_FIELD(b, v, "imm_0_7", 0xCD);
		CHECK_FIELD(b, v, "src2_abs", 1);
		CHECK_FIELD(b, v, "src2_neg", 1);
		ip_program_free(&p);
	}
	if (unpack_words(__LINE__, abcd_s, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *s = find_role(b, UNIT(SMUL), 0);
		CHECK_FIELD(b, s, "imm_hi", 0x15);
		CHECK_FIELD(b, s, "imm_9_10", 0x1);
		CHECK_FIELD(b, s, "imm_8", 0x1);
		CHECK_FIELD(b, s, "imm_5_7", 0x6);
		CHECK_FIELD(b, s, "imm_0_4", 0xD);
		CHECK_FIELD(b, s, "src1_comp", 2);
		CHECK_FIELD(b, s, "out_comp", 1);
		ip_program_free(&p);
	}
}

/* ======================================================================================
 * 5. Vector and scalar ALU fields.
 * ====================================================================================== */

static void test_vector_fields(void)
{
	struct ip_program p;
	/* vmul.fmax r7.yw, -r1.wzyx, abs(r2).yyxx, every full-mode field set:
	 *   reg: 1 | 2 << 5 (0x40) | 7 << 10 (0x1C00) = 0x1C41
	 *   op 0x2C | mode 2 << 8 (0x200) | neg1 bit 11 (0x800) | expand1 expand_high 5 << 12
	 *   (the notes: hsel1 bit 12 0x1000 | half1 bit 14 0x4000)
	 *   | swz1 wzyx = 3,2,1,0 -> 0b00011011 << 15 (0xD8000)
	 *   | abs2 bit 23 (0x800000) | expand2 expand_high 5 << 25 (hsel2 0x2000000 | half2 0x8000000)
	 *   | swz2 yyxx = 1,1,0,0 -> 0b00000101 << 28 (0x50000000) | out_size hi 1 << 36
	 *   | outmod sat 3 << 38 (0xC000000000) | mask y,w = 0b11001100 << 40
	 *   = 0xCCD05A8DDA2C */
	static const uint32_t full[] = {0x00020018, 0xDA2C1C41, 0xCCD05A8D, 0x00000000};
	/* vadd.iadd r4, r5.xyzw, r6.wzyx in half mode, mask 0x5A:
	 *   reg: 5 | 6 << 5 (0xC0) | 4 << 10 (0x1000) = 0x10C5
	 *   op 0x40 | mode 1 << 8 (0x100) | expand1 rep_low 1 << 12 (0x1000)
	 *   | swz1 0xE4 << 15 (0x720000) | expand2 rep_high 2 << 25 (0x4000000)
	 *   | swz2 0x1B << 28 (0x1B0000000) | out_size lo 0
	 *   | outmod int 2 << 38 (0x8000000000) | mask 0x5A << 40 = 0x5A81B4721140 */
	static const uint32_t half[] = {0x00200018, 0x114010C5, 0x5A81B472, 0x00000000};

	check_asm_words(__LINE__,
	                "alu {\n\tvmul.fmax r7.yw, -r1.wzyx, abs(r2).yyxx src1_expand=expand_high "
	                "src2_expand=expand_high out_size=hi outmod=sat\n}\n",
	                full, 4);
	check_asm_words(__LINE__,
	                "alu {\n\tvadd.iadd r4, r5.xyzw, r6.wzyx mode=half mask=0x5a src1_expand=rep_low "
	                "src2_expand=rep_high outmod=int out_size=lo\n}\n",
	                half, 4);
	/* the other modifier bits: abs1 bit 10, neg2 bit 24, expand1 rep_high (bit 13), expand2
	 * rep_low (bit 25)
	 * (half mode), outmod pos 1 << 38; vmul.fmul r1, abs(r2).xyzw, -r3.xyzw mode=half:
	 * op 0x14 | 0x100 | 0x400 | 0x2000 | 0x720000 | 0x1000000 | 0x2000000 | 0xE40000000
	 * | out_size 2 << 36 | 0x4000000000 | mask 0xFF << 40 = 0xFF6E43722514 */
	CHECK_ASM("alu {\n\tvmul.fmul r1, abs(r2).xyzw, -r3.xyzw mode=half src1_expand=rep_high "
	          "src2_expand=rep_low outmod=pos\n}\n",
	          0x00020018, 0x25140462, 0xFF6E4372, 0x00000000);
	/* the notes' unused bits 13 and 26 (full mode) are expand mode 2 (rep_high, Mesa):
	 * 0xFF2E40720214 | 0x2000 | 0x4000000 = 0xFF2E44722214 */
	CHECK_ASM("alu {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw src1_expand=rep_high "
	          "src2_expand=rep_high\n}\n",
	          0x00020018, 0x22140462, 0xFF2E4472, 0x00000000);

	if (unpack_words(__LINE__, full, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *v = find_role(b, UNIT(VMUL), 0);
		CHECK(v && ip_field_get(ip_format_field(&midgard_vector_alu, "op"), &v->value) == 0x2C,
		      "vmul op");
		CHECK_FIELD(b, v, "mode", 2);
		CHECK_FIELD(b, v, "src1_abs", 0);
		CHECK_FIELD(b, v, "src1_neg", 1);
		CHECK_FIELD(b, v, "src1_expand", 5);
		CHECK_FIELD(b, v, "src1_swz", 0x1B);
		CHECK_FIELD(b, v, "src2_abs", 1);
		CHECK_FIELD(b, v, "src2_neg", 0);
		CHECK_FIELD(b, v, "src2_expand", 5);
		CHECK_FIELD(b, v, "src2_swz", 0x05);
		CHECK_FIELD(b, v, "out_size", 1);
		CHECK_FIELD(b, v, "outmod", 3);
		CHECK_FIELD(b, v, "mask", 0xCC);
		CHECK_FIELD(b, v, "src1", 1);
		CHECK_FIELD(b, v, "src2", 2);
		CHECK_FIELD(b, v, "dst", 7);
		ip_program_free(&p);
	}
	if (unpack_words(__LINE__, half, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *v = find_role(b, UNIT(VADD), 0);
		CHECK_FIELD(b, v, "op", 0x40);
		CHECK_FIELD(b, v, "mode", 1);
		CHECK_FIELD(b, v, "src1_expand", 1);
		CHECK_FIELD(b, v, "src2_expand", 2);
		CHECK_FIELD(b, v, "src2_swz", 0x1B);
		CHECK_FIELD(b, v, "out_size", 0);
		CHECK_FIELD(b, v, "outmod", 2);
		CHECK_FIELD(b, v, "mask", 0x5A);
		ip_program_free(&p);
	}
}

static void test_scalar_fields(void)
{
	struct ip_program p;
	/* smul.fmul r3.y, abs(r1).z, r2.w outmod=sat (all sizes full):
	 *   reg: 1 | 2 << 5 (0x40) | 3 << 10 (0xC00) = 0x0C41
	 *   op 0x14 | abs1 bit 8 (0x100) | full1 bit 10 (0x400) | comp1 z 2 << 12 (0x2000)
	 *   | full2 bit 16 (0x10000) | comp2 w: lane 6 << 17 (0xC0000; Mesa: a full input's
	 *   component c is lane 2c; the notes: 3 << 17) | outmod 3 << 26 (0xC000000)
	 *   | out full bit 28 (0x10000000) | out comp y 1 << 30 (0x40000000) = 0x5C0D2514 */
	static const uint32_t full[] = {0x00800018, 0x25140C41, 0x00005C0D, 0x00000000};
	/* sadd.fmin r9.z, -abs(r10).w, -r11.y with half sizes:
	 *   reg: 10 | 11 << 5 (0x160) | 9 << 10 (0x2400) = 0x256A
	 *   op 0x28 | abs1 0x100 | neg1 0x200 | half1 (bit 10 = 0) | comp1 w 3 << 11 (0x1800)
	 *   | hsel1 bit 13 (0x2000) | neg2 bit 15 (0x8000) | half2 (bit 16 = 0)
	 *   | comp2 y 1 << 17 (0x20000) | outmod pos 1 << 26 (0x4000000) | out half (bit 28 = 0)
	 *   | out comp z 2 << 29 (0x40000000) | out hsel bit 31 = 0xC402BB28 */
	static const uint32_t half[] = {0x00080018, 0xBB28256A, 0x0000C402, 0x00000000};

	check_asm_words(__LINE__, "alu {\n\tsmul.fmul r3.y, abs(r1).z, r2.w outmod=sat\n}\n", full, 4);
	check_asm_words(__LINE__,
	                "alu {\n\tsadd.fmin r9.z, -abs(r10).w, -r11.y src1_full=half src1_hsel=1 "
	                "src2_full=half outmod=pos out_full=half out_hsel=1\n}\n",
	                half, 4);
	/* src2 abs bit 14, the notes' unknown bits 19-24 (19: Mesa's lane bit 2, so .z; 20-24
	 * unk20) and 25, unused 11 and 29 (full sizes):
	 * sadd.fadd r0.x, r0.x, abs(r0).z unk20=0x1f unk25=1 src1_unused11=1 out_unused29=1:
	 * 0x10 | 0x400 | 0x800 | 0x4000 | 0x10000 | 0x80000 | 0x1F00000 | 0x2000000 | 0x10000000
	 * | 0x20000000 = 0x33F94C10 */
	CHECK_ASM("alu {\n\tsadd.fadd r0.x, r0.x, abs(r0).z unk20=0x1f unk25=1 src1_unused11=1 "
	          "out_unused29=1\n}\n",
	          0x00080018, 0x4C100000, 0x000033F9, 0x00000000);

	if (unpack_words(__LINE__, full, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *s = find_role(b, UNIT(SMUL), 0);
		CHECK_FIELD(b, s, "op", 0x14);
		CHECK_FIELD(b, s, "src1_abs", 1);
		CHECK_FIELD(b, s, "src1_neg", 0);
		CHECK_FIELD(b, s, "src1_full", 1);
		CHECK_FIELD(b, s, "src1_comp", 2);
		CHECK_FIELD(b, s, "src2_full", 1);
		CHECK_FIELD(b, s, "src2_comp", 6);
		CHECK_FIELD(b, s, "outmod", 3);
		CHECK_FIELD(b, s, "out_full", 1);
		CHECK_FIELD(b, s, "out_comp", 1);
		CHECK_FIELD(b, s, "src2", 2);
		ip_program_free(&p);
	}
	if (unpack_words(__LINE__, half, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *s = find_role(b, UNIT(SADD), 0);
		CHECK_FIELD(b, s, "op", 0x28);
		CHECK_FIELD(b, s, "src1_abs", 1);
		CHECK_FIELD(b, s, "src1_neg", 1);
		CHECK_FIELD(b, s, "src1_full", 0);
		CHECK_FIELD(b, s, "src1_comp", 3);
		CHECK_FIELD(b, s, "src1_hsel", 1);
		CHECK_FIELD(b, s, "src2_abs", 0);
		CHECK_FIELD(b, s, "src2_neg", 1);
		CHECK_FIELD(b, s, "src2_full", 0);
		CHECK_FIELD(b, s, "src2_comp", 1);
		CHECK_FIELD(b, s, "outmod", 1);
		CHECK_FIELD(b, s, "out_full", 0);
		CHECK_FIELD(b, s, "out_comp", 2);
		CHECK_FIELD(b, s, "out_hsel", 1);
		ip_program_free(&p);
	}
}

/* ======================================================================================
 * 6. Compact branches (alone in a word: control 0x04000018, branch at bits 32-47).
 * ====================================================================================== */

static void test_branches(void)
{
	struct ip_program p;
	/* br true, ls, -3: op 010 | dest 5 << 3 (0x28) | offset -3 = 0b1111101 << 7 (0x3E80)
	 * | cond 10 << 14 (0x8000) = 0xBEAA */
	static const uint32_t cond[] = {0x04000018, 0x0000BEAA, 0, 0};
	/* jmp tex, 100: op 001 | dest 3 << 3 (0x18) | unk 01 << 7 (0x80) | 100 << 9 (0xC800)
	 * = 0xC899 */
	static const uint32_t jmp[] = {0x04000018, 0x0000C899, 0, 0};

	check_asm_words(__LINE__, "alu {\n\tcbr.br true, ls, -3\n}\n", cond, 4);
	check_asm_words(__LINE__, "alu {\n\tcbr.jmp tex, 100\n}\n", jmp, 4);
	/* br false, alu8, 5: 010 | 9 << 3 (0x48) | 5 << 7 (0x280) | 01 << 14 (0x4000) = 0x42CA */
	CHECK_ASM("alu {\n\tcbr.br false, alu8, 5\n}\n", 0x04000018, 0x000042CA, 0, 0);
	/* offset range of the 7-bit signed field: -64 = 0b1000000 << 7 (0x2000),
	 * 63 = 0b0111111 << 7 (0x1F80); with dest alu16 0xB << 3 (0x58), true (0x8000) */
	CHECK_ASM("alu {\n\tcbr.br true, alu16, -64\n}\n", 0x04000018, 0x0000A05A, 0, 0);
	CHECK_ASM("alu {\n\tcbr.br true, alu16, 63\n}\n", 0x04000018, 0x00009FDA, 0, 0);
	/* jmp ls, 127 with unknown bits 7-8 = 10: 001 | 0x28 | 2 << 7 (0x100) | 127 << 9 (0xFE00)
	 * = 0xFF29 */
	CHECK_ASM("alu {\n\tcbr.jmp ls, 127 unk7=2\n}\n", 0x04000018, 0x0000FF29, 0, 0);
	/* the unconditional offset is signed as Mesa reads it (the notes: zero-extended): -1 is
	 * the same 7 bits as 127 */
	CHECK_ASM("alu {\n\tcbr.jmp ls, -1 unk7=2\n}\n", 0x04000018, 0x0000FF29, 0, 0);

	if (unpack_words(__LINE__, cond, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *s = find_role(b, UNIT(CBRANCH), 0);
		CHECK_PLACE(s, &midgard_branch_compact, 32, 16);
		CHECK_FIELD(b, s, "op", 2);
		CHECK_FIELD(b, s, "dest_tag", 5);
		CHECK_FIELD(b, s, "offset", 0x7D);
		CHECK_FIELD(b, s, "cond", 2);
		ip_program_free(&p);
	}
	if (unpack_words(__LINE__, jmp, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *s = find_role(b, UNIT(CBRANCH), 0);
		CHECK_FIELD(b, s, "op", 1);
		CHECK_FIELD(b, s, "dest_tag", 3);
		CHECK_FIELD(b, s, "unk7", 1);
		CHECK_FIELD(b, s, "offset", 100);
		ip_program_free(&p);
	}
}

/* ======================================================================================
 * 7. Load/store words.
 * ====================================================================================== */

static void test_load_store(void)
{
	struct ip_program p;
	/* Instruction A (bits 8-67): st_vary_32 r21.yw, [0x1a5].wzyx unk25=0x2000001
	 *   op 0xD4 | reg 21 << 8 (0x1500) | mask yw 0b1010 << 13 (0x14000)
	 *   | swz wzyx 0x1B << 17 (0x360000) | unk 0x2000001 << 25 (bits 25 and 50)
	 *   | addr 0x1A5 << 51 = 0x0D2C0000023755D4
	 * Instruction B (bits 68-127): ld_uniform_16 r2.x, [7].xxxx
	 *   op 0xAC | 2 << 8 (0x200) | mask x 1 << 13 (0x2000) | swz 0 | addr 7 << 51
	 *   = 0x00380000000022AC
	 * tag byte 0x15 (type 5, next 1: only word). 128-bit value = 0x15 | A << 8 | B << 68:
	 *   bits 0-63 = 0x2C0000023755D415, bits 64-127 = B << 4 | A >> 56 = 0x0380000000022ACD */
	static const uint32_t ls[] = {0x3755D415, 0x2C000002, 0x00022ACD, 0x03800000};
	/* ls {} : two no-ops with every field at its default: op 0x03 | mask 0xF << 13
	 * (0x1E000) | swz 0xE4 << 17 (0x1C80000) = 0x1C9E003 each;
	 * 0x15 | 0x1C9E003 << 8 | 0x1C9E003 << 68 */
	static const uint32_t nop[] = {0xC9E00315, 0x00000001, 0x1C9E0030, 0x00000000};

	check_asm_words(__LINE__,
	                "ls {\n\tst_vary_32 r21.yw, [0x1a5].wzyx unk25=0x2000001\n"
	                "\tld_uniform_16 r2.x, [7].xxxx\n}\n",
	                ls, 4);
	check_asm_words(__LINE__, "ls {\n}\n", nop, 4);
	/* texture word: type 3 in bits 0-3, next 1, the rest opaque: unk8 bit 0 = word bit 8,
	 * unk64 bit 63 = word bit 127 -> w0 = 0x113, w3 = 0x80000000 */
	CHECK_ASM("tex unk8=0x1 unk64=0x8000000000000000 {}\n", 0x00000113, 0, 0, 0x80000000);

	if (unpack_words(__LINE__, ls, 4, &p) == 0) {
		const struct ip_bundle *b = &p.bundles[0];
		const struct ip_slot *a = find_role(b, MIDGARD_ROLE_LS, 0);
		const struct ip_slot *s2 = find_role(b, MIDGARD_ROLE_LS, 1);
		CHECK(b->kind == 5 && b->bytes == 16, "ls word: type %u, %u bytes", b->kind, b->bytes);
		CHECK_PLACE(find_role(b, MIDGARD_ROLE_LS_TAG, 0), &midgard_ls_tag, 0, 8);
		CHECK_PLACE(a, &midgard_load_store, 8, 60);
		CHECK_PLACE(s2, &midgard_load_store, 68, 60);
		CHECK_FIELD(b, find_role(b, MIDGARD_ROLE_LS_TAG, 0), "type", 5);
		CHECK_FIELD(b, find_role(b, MIDGARD_ROLE_LS_TAG, 0), "next", 1);
		CHECK(a && ip_field_get(ip_format_field(&midgard_load_store, "op"), &a->value) == 0xD4,
		      "first op");
		CHECK_FIELD(b, a, "reg", 21);
		CHECK_FIELD(b, a, "mask", 0xA);
		CHECK_FIELD(b, a, "swz", 0x1B);
		CHECK_FIELD(b, a, "unk25", 0x2000001);
		CHECK_FIELD(b, a, "addr", 0x1A5);
		CHECK_FIELD(b, s2, "op", 0xAC);
		CHECK_FIELD(b, s2, "reg", 2);
		CHECK_FIELD(b, s2, "mask", 0x1);
		CHECK_FIELD(b, s2, "swz", 0x00);
		CHECK_FIELD(b, s2, "unk25", 0);
		CHECK_FIELD(b, s2, "addr", 7);
		ip_program_free(&p);
	}
}

/* ======================================================================================
 * 8. Next-type rule: bits 4-7 = type of the next word; 1 for the last word, and for the
 *    second-to-last when the last is an ALU word.
 * ====================================================================================== */

static void check_first_bytes(int line, const char *src, const uint8_t *want, size_t n)
{
	uint8_t *bin;
	size_t len, pos = 0, i = 0;
	if (assemble_bytes(line, src, &bin, &len) != 0)
		return;
	check_count++;
	for (; pos < len && i < n; i++) {
		unsigned words = midgard_tag_words(bin[pos] & 0xF);
		if (bin[pos] != want[i]) {
			fail_at(line, "next type", "word %zu: first byte 0x%02x, expected 0x%02x", i,
			        bin[pos], want[i]);
			for (unsigned b = 0; b < 8; b++)
				if (((bin[pos] ^ want[i]) >> b) & 1)
					fprintf(stderr, "    bit %zu differs\n", 8 * pos + b);
		}
		if (!words)
			break;
		pos += 4 * words;
	}
	if (i != n || pos != len)
		fail_at(line, "next type", "%zu words in %zu bytes, expected %zu words", i, len, n);
	free(bin);
}

#define CHECK_FIRST(src, ...)                                                               \
	do {                                                                                \
		static const uint8_t want_[] = {__VA_ARGS__};                               \
		check_first_bytes(__LINE__, src, want_, sizeof want_);                      \
	} while (0)

static void test_next_type(void)
{
	/* ls, alu8, tex, alu4, ls, alu4:
	 *   ls   -> next alu8 9: 0x95     alu8 -> next tex 3: 0x39
	 *   tex  -> next alu4 8: 0x83     alu4 -> next ls 5:  0x58
	 *   ls   second-to-last, last is ALU -> 1: 0x15
	 *   alu4 last -> 1: 0x18 */
	CHECK_FIRST("ls {\n\tld_attr_32 r0.xyzw, [0].xyzw\n}\n"
	            "alu {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n\tconst 1.0, 2.0, 3.0, 4.0\n}\n"
	            "tex {}\n"
	            "alu {\n\tvadd.fadd r7.xyzw, r8.xyzw, r9.xyzw\n}\n"
	            "ls {}\n"
	            "alu {\n\tsadd.fadd r4.x, r5.x, r6.x\n}\n",
	            0x95, 0x39, 0x83, 0x58, 0x15, 0x18);
	/* alu, ls: the second-to-last word names the ls word (5): 0x58, then 0x15 */
	CHECK_FIRST("alu {\n\tcbr.jmp ls, 1\n}\nls {}\n", 0x58, 0x15);
	/* alu, alu: second-to-last before an ALU word -> 1 */
	CHECK_FIRST("alu {\n\tcbr.jmp alu4, 0\n}\nalu {\n\tcbr.jmp alu4, 0\n}\n", 0x18, 0x18);
	/* ls, ls, alu12: 0x55 (next ls), 0x15 (before final ALU), 0x1A */
	CHECK_FIRST("ls {}\nls {}\nalu12 {\n\tcbr.jmp alu4, 0\n}\n", 0x55, 0x15, 0x1A);
	/* tex, ls: 0x53, 0x15; tex, alu16: 0x13, 0x1B */
	CHECK_FIRST("tex {}\nls {}\n", 0x53, 0x15);
	CHECK_FIRST("tex {}\nalu16 {\n\tcbr.jmp alu4, 0\n}\n", 0x13, 0x1B);
	/* an explicit next= wins: ls next=alu16 -> 0xB5 */
	CHECK_FIRST("ls next=alu16 {}\n", 0xB5);

	/* midgard_next_tag on a program unpacked from literal words (types ls, alu4, ls, alu8) */
	{
		static const uint32_t words[] = {
			0xC9E00385, 0x00000001, 0x1C9E0030, 0, /* ls, next 8 */
			0x04000058, 0x000000C1, 0, 0,          /* alu4 cbr, next 5 */
			0xC9E00315, 0x00000001, 0x1C9E0030, 0, /* ls, next 1 */
			0x04000019, 0x000000C1, 0, 0, 0, 0, 0, 0, /* alu8, next 1 */
		};
		static const unsigned want[4] = {8, 5, 1, 1};
		struct ip_program p;
		if (unpack_words(__LINE__, words, IP_COUNT(words), &p) == 0) {
			CHECK(p.nbundles == 4, "%zu words", p.nbundles);
			for (size_t i = 0; i < p.nbundles && i < 4; i++)
				CHECK(midgard_next_tag(&p, i) == want[i], "word %zu: rule gives %u, want %u", i,
				      midgard_next_tag(&p, i), want[i]);
			ip_program_free(&p);
		}
	}
}

/* ======================================================================================
 * 9. Golden rows: literal bytes <-> literal disassembly, both ways.
 * ====================================================================================== */

struct golden {
	int line;
	const uint32_t *words;
	size_t nwords;
	const char *text;
};

static const uint32_t g_one[] = {0x00200018, 0x02108CE2, 0xFF200872, 0x00000000};
static const uint32_t g_sadd_lut[] = {0x02080019, 0x35EEFCE0, 0xD0000410, 0x407202F4,
                                      0x0000FF2E, 0, 0, 0};
static const uint32_t g_vfull[] = {0x00020018, 0xDA2C1C41, 0xCCD05A8D, 0x00000000};
static const uint32_t g_vhalf[] = {0x00200018, 0x114010C5, 0x5A81B472, 0x00000000};
static const uint32_t g_shalf[] = {0x00080018, 0xBB28256A, 0x0000C402, 0x00000000};
static const uint32_t g_branch[] = {0x04000018, 0x0000BEAA, 0, 0};
static const uint32_t g_ls[] = {0x3755D415, 0x2C000002, 0x00022ACD, 0x03800000};
static const uint32_t g_const16[] = {0x0002001B, 0x02140462, 0xFF2E4072, 0x00000000, 0, 0, 0, 0,
                                     0, 0, 0, 0, 0x3F800000, 0x40000000, 0xBF000000, 0x12345678};
/* control bit 18 (unknown) set: 0x00020018 | 0x40000 = 0x00060018 */
static const uint32_t g_unk18[] = {0x00060018, 0x02140462, 0xFF2E4072, 0x00000000};
/* alu4 (next ls, 0x58) with jmp ls, 1 (001 | 0x28 | 0x80 | 1 << 9 = 0x02A9), then ls no-ops */
static const uint32_t g_two[] = {0x04000058, 0x000002A9, 0, 0,
                                 0xC9E00315, 0x00000001, 0x1C9E0030, 0x00000000};
/* a lone ls word whose next field says 3 (tex) although the rule gives 1 */
static const uint32_t g_next[] = {0xC9E00335, 0x00000001, 0x1C9E0030, 0x00000000};

#define G(w, t) {__LINE__, w, IP_COUNT(w), t}
static const struct golden goldens[] = {
	G(g_one, "alu4 {\n\tvadd.fadd r3.xyzw, r2.xyzw, #1.0\n}\n"),
	G(g_sadd_lut, "alu8 {\n\tsadd.fadd r31.w, r0.x, #0.5\n"
	              "\tlut.fexp2 r13.xyzw, r14.xyzw, r15.xyzw\n}\n"),
	G(g_vfull, "alu4 {\n\tvmul.fmax r7.yw, -r1.wzyx, abs(r2).yyxx src1_expand=expand_high "
	           "src2_expand=expand_high out_size=hi outmod=sat\n}\n"),
	G(g_vhalf, "alu4 {\n\tvadd.iadd r4, r5.xyzw, r6.wzyx mode=half src1_expand=rep_low "
	           "src2_expand=rep_high out_size=lo outmod=int mask=0x5a\n}\n"),
	G(g_shalf, "alu4 {\n\tsadd.fmin r9.z, -abs(r10).w, -r11.y src1_full=half src1_hsel=0x1 "
	           "src2_full=half outmod=pos out_full=half out_hsel=0x1\n}\n"),
	G(g_branch, "alu4 {\n\tcbr.br true, ls, -3\n}\n"),
	G(g_ls, "ls {\n\tst_vary_32 r21.yw, [421].wzyx unk25=0x2000001\n"
	        "\tld_uniform_16 r2.x, [7].xxxx\n}\n"),
	G(g_const16, "alu16 {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n"
	             "\tconst 1.0, 2.0, -0.5, 0x12345678\n}\n"),
	G(g_unk18, "alu4 unk18=0x1 {\n\tvmul.fmul r1.xyzw, r2.xyzw, r3.xyzw\n}\n"),
	G(g_two, "alu4 {\n\tcbr.jmp ls, 1\n}\nls {\n\tnoop\n\tnoop\n}\n"),
	G(g_next, "ls next=tex {\n\tnoop\n\tnoop\n}\n"),
};

static void test_golden(void)
{
	for (size_t i = 0; i < IP_COUNT(goldens); i++) {
		const struct golden *g = &goldens[i];
		struct ip_program p;
		char *text = NULL;
		size_t textlen = 0;
		FILE *mem;
		int rc;
		if (unpack_words(g->line, g->words, g->nwords, &p) != 0)
			continue;
		mem = open_memstream(&text, &textlen);
		if (!mem) {
			CHECK(0, "open_memstream failed");
			ip_program_free(&p);
			continue;
		}
		rc = midgard_isa.disassemble(&p, mem);
		fclose(mem);
		check_count++;
		if (rc != 0 || strcmp(text, g->text) != 0)
			fail_at(g->line, "disasm", "got:\n%s--- expected:\n%s---", text, g->text);
		check_asm_words(g->line, g->text, g->words, g->nwords);
		free(text);
		ip_program_free(&p);
	}
}

int main(void)
{
	test_field_masks();
	test_tag_words();
	test_control_units();
	test_sizes_and_order();
	test_unpack_sizes();
	test_inline_constants();
	test_vector_fields();
	test_scalar_fields();
	test_branches();
	test_load_store();
	test_next_type();
	test_golden();
	return check_report("test_midgard_bits");
}

/* test_bifrost_clause.c: Bifrost clause packing against the notes: the quadword formats and tags
 * the packing algorithm picks, the pos table, the dummy constant, and bit-exact round trips. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "check.h"

/* ---- the notes' algorithm, worked out by hand for every representable clause ------------ */
struct expect {
	unsigned n, k;
	const char *formats[10];
	uint8_t tags[10]; /* tag bits of each quadword (other bits zero) */
};

static const struct expect expected[] = {
	{1, 0, {"1"}, {0x48}},
	{1, 2, {"1", "const"}, {0x08, 0x70}},
	{2, 0, {"1", "2.1"}, {0x28, 0x43}},
	{2, 2, {"1", "2.1", "const"}, {0x28, 0x03, 0x71}},
	{3, 1, {"1", "2.2", "3.1"}, {0x28, 0x20, 0x44}},
	{3, 3, {"1", "2.2", "3.1", "const"}, {0x28, 0x20, 0x04, 0x73}},
	{4, 0, {"1", "2.2", "3.3"}, {0x28, 0x20, 0x45}},
	{4, 2, {"1", "2.2", "3.3", "const"}, {0x28, 0x20, 0x05, 0x72}},
	{4, 4, {"1", "2.2", "3.3", "const", "const"}, {0x28, 0x20, 0x05, 0x32, 0x75}},
	{5, 1, {"1", "2.2", "3.2", "4.1"}, {0x28, 0x20, 0x80, 0x50}},
	{5, 3, {"1", "2.2", "3.2", "4.1", "const"}, {0x28, 0x20, 0x80, 0x10, 0x74}},
	{5, 5, {"1", "2.2", "3.2", "4.1", "const", "const"}, {0x28, 0x20, 0x80, 0x10, 0x34, 0x78}},
	{6, 1, {"1", "2.2", "3.3", "4.2", "5.1"}, {0x28, 0x20, 0x01, 0x60, 0x46}},
	{6, 3, {"1", "2.2", "3.3", "4.2", "5.1", "const"}, {0x28, 0x20, 0x01, 0x60, 0x06, 0x77}},
	{6, 5, {"1", "2.2", "3.3", "4.2", "5.1", "const", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0x06, 0x37, 0x7b}},
	{6, 7, {"1", "2.2", "3.3", "4.2", "5.1", "const", "const", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0x06, 0x37, 0x3b, 0x7e}},
	{7, 0, {"1", "2.2", "3.3", "4.2", "5.2"}, {0x28, 0x20, 0x01, 0x60, 0x47}},
	{7, 2, {"1", "2.2", "3.3", "4.2", "5.2", "const"}, {0x28, 0x20, 0x01, 0x60, 0x07, 0x76}},
	{7, 4, {"1", "2.2", "3.3", "4.2", "5.2", "const", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0x07, 0x36, 0x7a}},
	{7, 6, {"1", "2.2", "3.3", "4.2", "5.2", "const", "const", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0x07, 0x36, 0x3a, 0x7d}},
	{8, 1, {"1", "2.2", "3.3", "4.2", "5.3", "6"}, {0x28, 0x20, 0x01, 0x60, 0xC0, 0x58}},
	{8, 3, {"1", "2.2", "3.3", "4.2", "5.3", "6", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0xC0, 0x18, 0x79}},
	{8, 5, {"1", "2.2", "3.3", "4.2", "5.3", "6", "const", "const"},
	 {0x28, 0x20, 0x01, 0x60, 0xC0, 0x18, 0x39, 0x7c}},
};

static const struct expect *find_expected(unsigned n, unsigned k)
{
	for (unsigned i = 0; i < IP_COUNT(expected); i++)
		if (expected[i].n == n && expected[i].k == k)
			return &expected[i];
	return NULL;
}

static void test_plans(void)
{
	unsigned nvalid = 0;
	for (unsigned n = 0; n <= 9; n++)
		for (unsigned k = 0; k <= 9; k++) {
			struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
			const struct expect *e = find_expected(n, k);
			int nq = bifrost_plan(n, k, plan);
			CHECK((nq >= 0) == (e != NULL), "n=%u k=%u: plan %d, expected %s", n, k, nq,
			      e ? "valid" : "invalid");
			CHECK(bifrost_const_count_valid(n, k) == (e != NULL), "valid(%u, %u)", n, k);
			if (!e || nq < 0)
				continue;
			nvalid++;
			for (int q = 0; q < nq; q++) {
				CHECK(e->formats[q] && strcmp(plan[q].format, e->formats[q]) == 0,
				      "n=%u k=%u quadword %d: format %s, expected %s", n, k, q,
				      plan[q].format, e->formats[q] ? e->formats[q] : "(none)");
				CHECK(plan[q].tag == e->tags[q], "n=%u k=%u quadword %d: tag 0x%02x, want 0x%02x",
				      n, k, q, plan[q].tag, e->tags[q]);
			}
			CHECK(e->formats[nq] == NULL, "n=%u k=%u: %d quadwords, too few", n, k, nq);
		}
	CHECK(nvalid == IP_COUNT(expected), "%u valid layouts", nvalid);
	/* "7-instruction clauses may load at most 6 constants, 8-instruction at most 5" */
	CHECK(bifrost_const_count_round(7, 7) < 0, "7 instructions, 7 constants");
	CHECK(bifrost_const_count_round(8, 6) < 0, "8 instructions, 6 constants");
	/* dummy constants: 5 instructions, no constants -> one (dummy) constant */
	CHECK(bifrost_const_count_round(5, 0) == 1, "dummy for 5 instructions");
	CHECK(bifrost_const_count_round(4, 3) == 4, "dummy second constant of a pair");
	CHECK(bifrost_const_count_round(2, 0) == 0, "no dummy for 2 instructions");
}

static void test_pos_table(void)
{
	/* the notes' table, row by row: pos, instructions, constants before */
	static const unsigned rows[15][3] = {
		{0, 1, 0}, {1, 2, 0}, {2, 4, 0}, {3, 3, 1}, {4, 5, 1}, {5, 4, 2}, {6, 7, 0}, {7, 6, 1},
		{8, 5, 3}, {9, 8, 1}, {10, 7, 2}, {11, 6, 3}, {12, 8, 3}, {13, 7, 4}, {14, 6, 5},
	};
	for (unsigned i = 0; i < 15; i++)
		CHECK(bifrost_pos(rows[i][1], rows[i][2]) == (int)rows[i][0], "pos row %u", i);
	CHECK(bifrost_pos(1, 2) == -1, "no pos for 1 instruction, 2 before");
	CHECK(bifrost_pos(8, 5) == -1, "no pos for 8 instructions, 5 before");
}

/* ---- round trips ----------------------------------------------------------------------- */
static void random_slots(uint64_t *rng, struct ip_bundle *b)
{
	for (unsigned s = 0; s < b->nslots; s++) {
		ip_word *v = &b->slots[s].value;
		v->w[0] = test_rand(rng);
		v->w[1] = 0;
		if (b->slots[s].width < 64)
			v->w[0] &= ip_mask64(b->slots[s].width);
	}
}

static int bundles_equal(const struct ip_bundle *a, const struct ip_bundle *b, const char *what)
{
	int ok = a->nslots == b->nslots && a->kind == b->kind && a->bytes == b->bytes;
	CHECK(ok, "%s: shape differs", what);
	for (unsigned s = 0; ok && s < a->nslots; s++) {
		if (!ip_word_eq(&a->slots[s].value, &b->slots[s].value) ||
		    a->slots[s].unit != b->slots[s].unit || a->slots[s].fmt != b->slots[s].fmt) {
			CHECK(0, "%s: slot %u (unit 0x%x) differs", what, s, a->slots[s].unit);
			ok = 0;
		}
	}
	return ok;
}

/* Logical -> packed -> logical for every layout; the packed tags are the expected ones. */
static void test_logical_round_trip(uint64_t *rng, unsigned reps)
{
	for (unsigned e = 0; e < IP_COUNT(expected); e++)
		for (unsigned r = 0; r < reps; r++) {
			struct ip_program p, back;
			struct ip_bundle *b;
			struct ip_diag d;
			uint8_t *bin = NULL;
			size_t len = 0;
			ip_program_init(&p, &bifrost_isa);
			b = ip_program_add(&p);
			CHECK(bifrost_clause_layout(b, expected[e].n, expected[e].k, 0) == 0, "layout");
			random_slots(rng, b);
			bifrost_clause_retype(b);
			ip_diag_init(&d, "logical");
			CHECK(bifrost_pack(&p, &bin, &len, &d) == 0, "pack: %s", d.msg);
			for (unsigned q = 0; bin && q < len / 16; q++) {
				struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
				bifrost_plan(expected[e].n, expected[e].k, plan);
				CHECK((bin[16 * q] & plan[q].tag_mask) == expected[e].tags[q],
				      "n=%u k=%u q=%u: packed tag 0x%02x", expected[e].n, expected[e].k, q,
				      bin[16 * q]);
			}
			if (bin && bifrost_unpack(bin, len, &back, &d) == 0) {
				CHECK(back.nbundles == 1, "one clause back");
				/* the header type picks the register layout: compare after retyping */
				bifrost_clause_retype(b);
				bundles_equal(b, &back.bundles[0], "logical -> packed -> logical");
				ip_program_free(&back);
			} else {
				CHECK(0, "unpack: %s (offset %ld)", d.msg, d.offset);
			}
			free(bin);
			ip_program_free(&p);
		}
}

/* Random bytes with the tags of a layout: unpack -> pack gives the same bytes back. */
static size_t random_clause_bytes(uint64_t *rng, uint8_t *buf, unsigned e)
{
	struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
	int nq = bifrost_plan(expected[e].n, expected[e].k, plan);
	for (int q = 0; q < nq; q++) {
		for (unsigned i = 0; i < 16; i++)
			buf[16 * q + i] = (uint8_t)test_rand(rng);
		buf[16 * q] = (uint8_t)((buf[16 * q] & ~plan[q].tag_mask) | plan[q].tag);
	}
	return (size_t)nq * 16;
}

static void test_all_ones(void)
{
	for (unsigned e = 0; e < IP_COUNT(expected); e++) {
		struct ip_program p;
		struct ip_bundle *b;
		struct ip_diag d;
		uint8_t *bin = NULL;
		size_t len = 0;
		ip_program_init(&p, &bifrost_isa);
		b = ip_program_add(&p);
		bifrost_clause_layout(b, expected[e].n, expected[e].k, 0);
		for (unsigned s = 0; s < b->nslots; s++)
			b->slots[s].value = ip_word_range(0, b->slots[s].width);
		ip_field_set(ip_format_field(&bifrost_header, "type"), &b->slots[0].value, 0);
		CHECK(bifrost_pack(&p, &bin, &len, &d) == 0, "pack");
		/* every bit that is not a tag bit carries some logical bit: all ones */
		for (size_t i = 0; bin && i < len; i++) {
			struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
			uint8_t want = 0xFF;
			bifrost_plan(expected[e].n, expected[e].k, plan);
			if (i % 16 == 0)
				want = (uint8_t)(~plan[i / 16].tag_mask | plan[i / 16].tag);
			/* header type (bits 35-38) left 0: quadword bits 118-121 */
			if (i == 14)
				want = 0x3F;
			if (i == 15)
				want = 0xFC;
			CHECK(bin[i] == want, "n=%u k=%u byte %zu: 0x%02x, want 0x%02x", expected[e].n,
			      expected[e].k, i, bin[i], want);
		}
		free(bin);
		ip_program_free(&p);
	}
}

static void report_difference(const char *what, const uint8_t *a, const uint8_t *b, size_t len,
                              uint64_t seed)
{
	for (size_t i = 0; i < len; i++)
		if (a[i] != b[i]) {
			fprintf(stderr, "%s: byte %zu differs (0x%02x vs 0x%02x), seed 0x%llx\n", what, i,
			        a[i], b[i], (unsigned long long)seed);
			return;
		}
}

#define CLAUSES_PER_PROGRAM 64

static void test_random_programs(uint64_t *rng, uint64_t seed, unsigned long programs)
{
	static uint8_t bin[CLAUSES_PER_PROGRAM * 16 * BIFROST_MAX_QUADWORDS];
	unsigned long counts[IP_COUNT(expected)] = {0};
	for (unsigned long pr = 0; pr < programs; pr++) {
		size_t len = 0, plen = 0, alen = 0, textlen = 0;
		uint8_t *packed = NULL, *again = NULL;
		char *text = NULL;
		struct ip_program p, p2;
		struct ip_diag d;
		FILE *mem;
		for (unsigned c = 0; c < CLAUSES_PER_PROGRAM; c++) {
			unsigned e = (unsigned)(test_rand(rng) % IP_COUNT(expected));
			counts[e]++;
			len += random_clause_bytes(rng, bin + len, e);
		}
		ip_diag_init(&d, "random");
		if (bifrost_unpack(bin, len, &p, &d) != 0) {
			CHECK(0, "unpack: %s at %ld, seed 0x%llx", d.msg, d.offset,
			      (unsigned long long)seed);
			return;
		}
		CHECK(p.nbundles == CLAUSES_PER_PROGRAM, "%zu clauses", p.nbundles);
		CHECK(bifrost_pack(&p, &packed, &plen, &d) == 0, "pack: %s", d.msg);
		CHECK(plen == len && memcmp(packed, bin, len) == 0, "unpack -> pack differs");
		if (plen == len)
			report_difference("unpack -> pack", bin, packed, len, seed);
		mem = open_memstream(&text, &textlen);
		CHECK(mem && bifrost_disassemble(&p, mem) == 0, "disassemble");
		fclose(mem);
		if (bifrost_assemble(text, &p2, &d) != 0) {
			CHECK(0, "reassembly: line %u col %u: %s, seed 0x%llx", d.line, d.col, d.msg,
			      (unsigned long long)seed);
			if (getenv("ISAPROBE_DUMP"))
				fputs(text, stderr);
		} else {
			CHECK(bifrost_pack(&p2, &again, &alen, &d) == 0, "pack 2: %s", d.msg);
			CHECK(alen == len && memcmp(again, bin, len) == 0, "disasm -> asm differs");
			if (alen == len)
				report_difference("disasm -> asm", bin, again, len, seed);
			ip_program_free(&p2);
		}
		free(text);
		free(packed);
		free(again);
		ip_program_free(&p);
		if (check_failed)
			return;
	}
	for (unsigned e = 0; e < IP_COUNT(expected); e++)
		CHECK(counts[e] > 0, "layout n=%u k=%u never drawn", expected[e].n, expected[e].k);
}

int main(void)
{
	uint64_t seed = test_seed(0xB1F7057), rng = seed;
	unsigned long programs = test_scaled(1500);
	printf("seed 0x%llx, %lu random programs of %d clauses\n", (unsigned long long)seed,
	       programs, CLAUSES_PER_PROGRAM);
	test_plans();
	test_pos_table();
	test_all_ones();
	test_logical_round_trip(&rng, (unsigned)test_scaled(200));
	test_random_programs(&rng, seed, programs);
	return check_report("test_bifrost_clause");
}

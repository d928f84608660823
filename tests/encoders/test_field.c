/* test_field.c: the field-table framework: bit access, the coverage invariant over every
 * shipped format, a field sweep, and that the checker rejects broken tables. */
#include <string.h>

#include "check.h"
#include "isaprobe/field.h"
#include "isaprobe/isa.h"

static void test_bits(void)
{
	ip_word w = ip_word_zero();
	ip_bits_set(&w, 60, 8, 0xAB); /* straddles the two halves */
	CHECK(w.w[0] == UINT64_C(0xB000000000000000) && w.w[1] == 0xA, "got %llx %llx",
	      (unsigned long long)w.w[1], (unsigned long long)w.w[0]);
	CHECK(ip_bits_get(&w, 60, 8) == 0xAB, "straddling get");
	ip_bits_set(&w, 64, 64, ~UINT64_C(0));
	CHECK(w.w[1] == ~UINT64_C(0) && ip_bits_get(&w, 60, 4) == 0xB, "upper half set");
	ip_bits_set(&w, 0, 64, 0);
	CHECK(w.w[0] == 0 && w.w[1] == ~UINT64_C(0), "lower half cleared only");
	w = ip_word_range(3, 125);
	CHECK(w.w[0] == ~UINT64_C(7) && w.w[1] == ~UINT64_C(0), "range");
	{
		uint8_t bytes[16];
		ip_word x = {{UINT64_C(0x0706050403020100), UINT64_C(0x0F0E0D0C0B0A0908)}}, y;
		ip_word_to_bytes(&x, bytes, 16);
		CHECK(bytes[0] == 0 && bytes[9] == 9 && bytes[15] == 15, "little-endian bytes");
		y = ip_word_from_bytes(bytes, 16);
		CHECK(ip_word_eq(&x, &y), "bytes round trip");
	}
}

static void test_every_format_covers_its_bits(void)
{
	char err[256];
	for (const struct ip_isa *const *isa = ip_isa_all(); *isa; isa++)
		for (unsigned i = 0; i < (*isa)->nformats; i++) {
			const struct ip_format *f = (*isa)->formats[i];
			int rc = ip_format_check(f, err, sizeof err);
			CHECK(rc == 0, "%s.%s: %s", (*isa)->name, f->name, err);
		}
}

/* Setting one active field changes that field only, whatever the selectors hold. */
static void test_field_sweep(void)
{
	uint64_t rng = test_seed(42);
	for (const struct ip_isa *const *isa = ip_isa_all(); *isa; isa++)
		for (unsigned i = 0; i < (*isa)->nformats; i++) {
			const struct ip_format *fmt = (*isa)->formats[i];
			for (unsigned iter = 0; iter < 200; iter++) {
				ip_word w = {{test_rand(&rng), test_rand(&rng)}};
				ip_word ctx = {{test_rand(&rng), test_rand(&rng)}};
				w = (ip_word){{w.w[0] & ip_word_range(0, fmt->bits).w[0],
				               w.w[1] & ip_word_range(0, fmt->bits).w[1]}};
				for (unsigned k = 0; k < fmt->nfields; k++) {
					const struct ip_field *f = &fmt->fields[k];
					ip_word before = w, diff;
					uint64_t v = test_rand(&rng) & ip_mask64(f->width);
					int selector = 0;
					if (!ip_field_active(fmt, f, &w, &ctx))
						continue;
					for (unsigned j = 0; j < fmt->nfields; j++)
						for (unsigned c = 0; c < IP_FIELD_MAX_WHEN; c++)
							if (fmt->fields[j].when[c].field &&
							    strcmp(fmt->fields[j].when[c].field, f->name) == 0)
								selector = 1;
					if (selector)
						continue; /* changing a selector changes the layout */
					ip_field_set(f, &w, v);
					CHECK(ip_field_get(f, &w) == v, "%s.%s read back", fmt->name, f->name);
					diff.w[0] = (before.w[0] ^ w.w[0]) & ~ip_field_mask(f).w[0];
					diff.w[1] = (before.w[1] ^ w.w[1]) & ~ip_field_mask(f).w[1];
					CHECK(diff.w[0] == 0 && diff.w[1] == 0,
					      "%s.%s changed bits outside itself", fmt->name, f->name);
				}
			}
		}
}

static const struct ip_field gap_fields[] = {
	{"a", 0, 4, IP_KIND_OPCODE, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
	{"b", 5, 3, IP_KIND_REGISTER, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
};
static const struct ip_field overlap_fields[] = {
	{"a", 0, 5, IP_KIND_OPCODE, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
	{"b", 4, 4, IP_KIND_REGISTER, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
};
/* c exists only when a == 1: for other values of a, bits 4-7 belong to nothing */
static const struct ip_field cond_gap_fields[] = {
	{"a", 0, 4, IP_KIND_OPCODE, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
	{"c", 4, 4, IP_KIND_REGISTER, IP_DOC_KNOWN, NULL, 0, {IP_WHEN_IS("a", 1), {0, 0}}, NULL},
};
static const struct ip_field cond_ok_fields[] = {
	{"a", 0, 4, IP_KIND_OPCODE, IP_DOC_KNOWN, NULL, 0, {{0, 0}, {0, 0}}, NULL},
	{"c", 4, 4, IP_KIND_REGISTER, IP_DOC_KNOWN, NULL, 0, {IP_WHEN_IS("a", 1), {0, 0}}, NULL},
	{"u", 4, 4, IP_KIND_UNKNOWN, IP_DOC_UNKNOWN, NULL, 0, {IP_WHEN_NOT("a", 1), {0, 0}}, NULL},
};
static const struct ip_field bad_name_fields[] = {
	{"a", 0, 8, IP_KIND_OPCODE, IP_DOC_KNOWN, NULL, 0, {IP_WHEN_IS("nope", 1), {0, 0}}, NULL},
};

static void test_checker_rejects_broken_tables(void)
{
	char err[256];
	struct ip_format f = {"test", "t", "test format", 8, NULL, 0, NULL, NULL};
	f.fields = gap_fields;
	f.nfields = 2;
	CHECK(ip_format_check(&f, err, sizeof err) != 0 && strstr(err, "bit 4"), "gap: %s", err);
	f.fields = overlap_fields;
	CHECK(ip_format_check(&f, err, sizeof err) != 0 && strstr(err, "bit 4 claimed twice"),
	      "overlap: %s", err);
	f.fields = cond_gap_fields;
	CHECK(ip_format_check(&f, err, sizeof err) != 0, "conditional gap not found");
	f.fields = cond_ok_fields;
	f.nfields = 3;
	CHECK(ip_format_check(&f, err, sizeof err) == 0, "alternatives rejected: %s", err);
	f.fields = bad_name_fields;
	f.nfields = 1;
	CHECK(ip_format_check(&f, err, sizeof err) != 0 && strstr(err, "nope"), "bad name: %s", err);
	f.fields = gap_fields;
	f.nfields = 2;
	f.bits = 129;
	CHECK(ip_format_check(&f, err, sizeof err) != 0, "129-bit format accepted");
}

static void test_defaults_and_rebase(void)
{
	struct ip_format f = {"test", "t", "test format", 8, cond_ok_fields, 3, NULL, NULL};
	ip_word w = ip_format_defaults(&f, NULL), from = ip_word_zero(), r;
	CHECK(w.w[0] == 0, "defaults of all-zero table");
	ip_bits_set(&from, 0, 8, 0xF1); /* a = 1, c = 0xF */
	r = ip_format_rebase(&f, &from, NULL);
	CHECK(r.w[0] == 0x01, "rebase keeps selectors only, got %llx", (unsigned long long)r.w[0]);
	CHECK(ip_field_active(&f, &cond_ok_fields[1], &r, NULL), "c active when a == 1");
	CHECK(!ip_field_active(&f, &cond_ok_fields[2], &r, NULL), "u inactive when a == 1");
}

int main(void)
{
	test_bits();
	test_every_format_covers_its_bits();
	test_field_sweep();
	test_checker_rejects_broken_tables();
	test_defaults_and_rebase();
	return check_report("test_field");
}

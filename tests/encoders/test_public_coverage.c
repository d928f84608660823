/* test_public_coverage.c: every bit of every word format of every ISA has a public reading (a
 * field of an overlay part) or a recorded "no public reading" saying where it was looked for;
 * and every part and silence is well formed (its format exists, its bits lie in the word). */
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"
#include "isaprobe/public.h"

/* Whether bit b of format name is read by a field of some part of ov; where it is, its name. */
static const char *reading(const struct ip_public_overlay *ov, const char *name, unsigned b)
{
	for (size_t i = 0; i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (strcmp(pt->format, name))
			continue;
		for (unsigned j = 0; j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			if (b >= pt->base + f->lo && b < pt->base + f->lo + f->width)
				return f->name;
		}
	}
	return NULL;
}

static const struct ip_public_silence *silence(const struct ip_public_overlay *ov,
                                               const char *name, unsigned b)
{
	for (size_t i = 0; i < ov->nsilences; i++)
		if (!strcmp(ov->silences[i].format, name) && b >= ov->silences[i].lo &&
		    b <= ov->silences[i].hi)
			return &ov->silences[i];
	return NULL;
}

/* Every bit: read, or searched and found silent. */
static void every_bit(const struct ip_isa *isa, const struct ip_public_overlay *ov)
{
	for (unsigned i = 0; i < isa->nformats; i++) {
		const struct ip_format *fmt = isa->formats[i];
		unsigned missing = 0, first = 0;
		for (unsigned b = 0; b < fmt->bits; b++)
			if (!reading(ov, fmt->name, b) && !silence(ov, fmt->name, b) && !missing++)
				first = b;
		CHECK(!missing, "%s.%s: %u bits (the first: %u) have neither a public reading nor a "
		                "record of where one was looked for", isa->name, fmt->name, missing,
		      first);
	}
}

/* Parts and silences name formats of the ISA and bits inside them; each part's fields lie in
 * its table's width, each silence says where it looked. */
static void well_formed(const struct ip_isa *isa, const struct ip_public_overlay *ov)
{
	CHECK(ov->who && ov->who[0] && ov->doc && ov->doc[0], "%s: who and doc", isa->name);
	for (size_t i = 0; i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		const struct ip_format *fmt = ip_isa_format(isa, pt->format);
		CHECK(fmt != NULL, "%s: part %zu names no format (%s)", isa->name, i, pt->format);
		CHECK(pt->fields->source && pt->fields->source[0], "%s: part %zu (%s) cites no source",
		      isa->name, i, pt->fields->name);
		for (unsigned j = 0; fmt && j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			CHECK(f->width > 0 && pt->base + f->lo + f->width <= fmt->bits,
			      "%s: %s.%s bits %u-%u beyond the %u-bit word", isa->name, pt->format,
			      f->name, pt->base + f->lo, pt->base + f->lo + f->width - 1, fmt->bits);
			CHECK(f->lo + f->width <= pt->fields->bits, "%s: %s.%s beyond its table's %u bits",
			      isa->name, pt->fields->name, f->name, pt->fields->bits);
			for (const struct ip_enum *e = f->enums; e && e->name; e++)
				CHECK(ip_enum_value_of(e) < (UINT64_C(1) << (f->width < 63 ? f->width : 63)),
				      "%s: %s.%s value %llu does not fit", isa->name, pt->fields->name,
				      f->name, (unsigned long long)ip_enum_value_of(e));
		}
		CHECK(!pt->mask || (pt->exact & ~pt->mask) == 0, "%s: part %zu exact outside its mask",
		      isa->name, i);
	}
	for (size_t i = 0; i < ov->nsilences; i++) {
		const struct ip_public_silence *s = &ov->silences[i];
		const struct ip_format *fmt = ip_isa_format(isa, s->format);
		CHECK(fmt && s->lo <= s->hi && s->hi < fmt->bits, "%s: silence %zu (%s %u-%u)",
		      isa->name, i, s->format, s->lo, s->hi);
		CHECK(s->where && strlen(s->where) > 10, "%s: silence %zu says not where it looked",
		      isa->name, i);
	}
}

/* A few readings each overlay must carry (what the issue found missing), by bit. */
static void spot_checks(void)
{
	static const struct {
		const char *isa, *format;
		unsigned bit;
		const char *field;
	} want[] = {
		{"bifrost", "fma_fmod", 13, "round"},   /* *FADD.f32 rounding (the first part) */
		{"bifrost", "header", 15, "terminate_discarded_threads"},
		{"bifrost", "unused15", 0, "M1"},
		{"midgard", "scalar_alu", 17, "src2_component"},
		{"midgard", "vector_alu", 13, "src1_expand_mode"},
		{"midgard", "texture", 100, "sampler_handle"},
		{"utgard_gp", "instr", 83, "acc_op"},
		{"utgard_gp", "instr", 71, "store0_src_x"},
		{"a3xx", "cat2", 48, "COND"},
		{"a3xx", "cat5", 29, "DESC_MODE"},
		{"a3xx", "cat7", 51, "W"},
		{"ctm", "inst2", 0, "ALPHA_ADDR0"},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct ip_public_overlay *ov = ip_public_overlay(want[i].isa);
		int found = 0;
		for (size_t j = 0; ov && j < ov->nparts; j++) {
			const struct ip_public_part *pt = &ov->parts[j];
			for (unsigned k = 0; !strcmp(pt->format, want[i].format) &&
			                     k < pt->fields->nfields; k++) {
				const struct ip_field *f = &pt->fields->fields[k];
				found |= want[i].bit >= pt->base + f->lo &&
				         want[i].bit < pt->base + f->lo + f->width &&
				         !strcmp(f->name, want[i].field);
			}
		}
		CHECK(found, "%s.%s bit %u: no public field %s", want[i].isa, want[i].format,
		      want[i].bit, want[i].field);
	}
}

int main(void)
{
	for (const struct ip_isa *const *isa = ip_isa_all(); *isa; isa++) {
		const struct ip_public_overlay *ov = ip_public_overlay((*isa)->name);
		CHECK(ov != NULL, "%s: no public overlay", (*isa)->name);
		if (!ov)
			continue;
		well_formed(*isa, ov);
		every_bit(*isa, ov);
	}
	spot_checks();
	return check_report("test_public_coverage");
}

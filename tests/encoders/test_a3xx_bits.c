/* test_a3xx_bits.c: the a3xx tables and encodings: coverage of every category, the notes'
 * example listing (words <-> text, and the --expand form), and encodings worked out by hand from
 * freedreno's instr-a3xx.h field positions. */
#include "a3xx/a3xx_names.h"
#include "a3xx_util.h"

/* The same with its repetitions expanded (the notes' second listing). */
static const char notes_expanded[] =
	"0000[57305b00x_00002000x] (sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x\n"
	"0000[                   ] bary.f hr0.y, (r)1, r0.x\n"
	"0000[                   ] bary.f hr0.z, (r)2, r0.x\n"
	"0000[                   ] bary.f hr0.w, (r)3, r0.x\n"
	"0001[47304b04x_00002004x] (rpt3)bary.f hr1.x, (r)4, r0.x\n"
	"0001[                   ] bary.f hr1.y, (r)5, r0.x\n"
	"0001[                   ] bary.f hr1.z, (r)6, r0.x\n"
	"0001[                   ] bary.f hr1.w, (r)7, r0.x\n"
	"0002[40080b04x_00044000x] (rpt3)add.f hr1.x, (neg)(r)hr0.x, (r)hr1.x\n"
	"0002[                   ] add.f hr1.y, (neg)(r)hr0.y, (r)hr1.y\n"
	"0002[                   ] add.f hr1.z, (neg)(r)hr0.z, (r)hr1.z\n"
	"0002[                   ] add.f hr1.w, (neg)(r)hr0.w, (r)hr1.w\n"
	"0003[4730c808x_00002008x] bary.f (ei)hr2.x, (r)8, r0.x\n"
	"0004[00000200x_00000000x] (rpt2)nop\n"
	"0004[                   ] nop\n"
	"0004[                   ] nop\n"
	"0005[63020300x_20008008x] (rpt3)mad.f16 hr0.x, hr2.x, (r)hr1.x, (r)hr0.x\n"
	"0005[                   ] mad.f16 hr0.y, hr2.x, (r)hr1.y, (r)hr0.y\n"
	"0005[                   ] mad.f16 hr0.z, hr2.x, (r)hr1.z, (r)hr0.z\n"
	"0005[                   ] mad.f16 hr0.w, hr2.x, (r)hr1.w, (r)hr0.w\n"
	"0006[03000000x_00000000x] end\n";

static const uint64_t notes_words[7] = {
	0x57305b0000002000, 0x47304b0400002004, 0x40080b0400044000, 0x4730c80800002008,
	0x0000020000000000, 0x6302030020008008, 0x0300000000000000,
};

static void tables(void)
{
	char err[256];
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++) {
		const struct ip_format *fmt = &a3xx_cat_formats[cat];
		for (unsigned i = 0; i < fmt->nfields; i++)
			CHECK(fmt->fields[i].name != NULL, "cat%u field %u has no entry", cat, i);
		CHECK(ip_format_check(fmt, err, sizeof err) == 0, "%s", err);
		CHECK(ip_isa_format(&a3xx_isa, fmt->name) == fmt, "format %s by name", fmt->name);
	}
	/* every mnemonic names exactly its own opcode */
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++)
		for (unsigned opc = 0; opc < 64; opc++) {
			const char *name = a3xx_opcode_name(cat, opc);
			unsigned c2, o2;
			if (!name)
				continue;
			CHECK(a3xx_opcode_lookup(name, strlen(name), &c2, &o2) == 0 && c2 == cat && o2 == opc,
			      "%s: cat%u.%u looks up as cat%u.%u", name, cat, opc, c2, o2);
		}
}

static void notes_example(void)
{
	uint64_t w[16];
	struct ip_diag d;
	char *text, *expanded;
	int n = a3xx_test_asm(a3xx_notes_listing, w, 16, &d);
	CHECK(n == 7, "the listing assembles (%d, %s at %u:%u)", n, d.msg, d.line, d.col);
	for (int i = 0; i < n && i < 7; i++)
		CHECK(w[i] == notes_words[i], "instruction %d: 0x%016llx, the notes print 0x%016llx", i,
		      (unsigned long long)w[i], (unsigned long long)notes_words[i]);
	text = a3xx_test_disasm(notes_words, 7, 0);
	CHECK(text && strcmp(text, a3xx_notes_listing) == 0, "disassembly:\n%s", text ? text : "(none)");
	expanded = a3xx_test_disasm(notes_words, 7, 1);
	CHECK(expanded && strcmp(expanded, notes_expanded) == 0, "--expand:\n%s",
	      expanded ? expanded : "(none)");
	/* the expanded listing assembles too: its repetition lines are checked, not skipped */
	CHECK(a3xx_test_asm(notes_expanded, w, 16, &d) == 7, "expanded listing: %s", d.msg);
	free(text);
	free(expanded);
}

/* The listings as the seed file prints them (when the tests can see it). */
static void seed_file(void)
{
	char *listing = a3xx_seed_listing(1), *expanded = a3xx_seed_listing(2);
	if (!listing || !expanded) {
		printf("seed notes not found (ISAPROBE_SEEDS): the embedded copy only\n");
	} else {
		CHECK(strcmp(listing, a3xx_notes_listing) == 0, "the seed's listing differs:\n%s", listing);
		CHECK(strcmp(expanded, notes_expanded) == 0, "the seed's expanded listing differs:\n%s",
		      expanded);
	}
	free(listing);
	free(expanded);
}

/* Encodings worked out by hand from the header's bit positions (dword 1 high). */
static const struct {
	const char *text;
	uint64_t word;
	const char *how;
} hand[] = {
	{"end", 0x0300000000000000, "cat0 opc 6 at bits 55-58"},
	{"jump #3", 0x0100000000000003, "opc 2 at 55; immed 3 at 0-15"},
	{"br !p0.y, #-2", 0x00b000000000fffe, "opc 1 at 55, inv at 52, comp 1 at 53-54"},
	{"(sy)(jp)nop", 0x1800000000000000, "jp 59, sy 60"},
	{"mov.f32f32 r1.y, c2.z", 0x202440050000000a,
	 "cat1; src_type f32 at 50, dst_type f32 at 46, src_c at 53, dst 5, const 10"},
	{"cov.f32s32 r0.x, r1.x", 0x2005400000000004, "src_type 1 at 50, dst_type 5 at 46"},
	{"mova a0.x, hr0.x", 0x201100f400000000, "s16s16 (4 at 46 and 50), dst a0.x = 244"},
	{"add.f r0.x, r1.x, c0.y", 0x4010000010010004, "cat2 full; src2 mode const at 27-29"},
	{"cmps.f.ge p0.x, r0.x, r0.y", 0x40b300f800010000,
	 "opc 5 at 53, cond 3 at 48, dst p0.x = 248"},
	{"mad.f32 r0.x, r2.y, r3.y, r0.x", 0x6386800000000009,
	 "cat3 opc 7 at 55, src2 13 at 47, src1 9"},
	{"rcp r1.x, r2.x", 0x8010000400000008, "cat4 full at 52, dst 4, src 8"},
	{"isam (f32)(xyzw)r0.x, r1.x, s#0, t#0", 0xa0001f0000000009,
	 "cat5 type at 44, wrmask 15 at 40, full at 0, src1 4 at 1"},
	{"ldg.f32 r0.x, g[r1.x+4], 1", 0xc002000001810009,
	 "cat6 (the header: ldg.f32 is c002....): src_off, off 4 at 1, src1 4 at 14, count 1"},
	{"stg.f32 g[r2.x+8], r0.x, 1", 0xc0c2110801800000,
	 "(the header: stg.f32 is c0c2....): dst_off at 40, dst 8 at 41, offset 8 at 32"},
	{"mov.f32f32 r0.x, c<a0.x + 16>", 0x2004400000000c10,
	 "gpr mode, src_rel at 11, bit 10 const-relative, offset 16"},
	{"add.s r0.x, r0.y, -8", 0x4230000027f80001, "src2 imm mode (4) at 27-29, -8 in 11 bits"},
};

static void hand_worked(void)
{
	for (unsigned i = 0; i < IP_COUNT(hand); i++) {
		uint64_t w = 0;
		struct ip_diag d;
		char *text;
		int n = a3xx_test_asm(hand[i].text, &w, 1, &d);
		CHECK(n == 1 && w == hand[i].word, "'%s' (%s): 0x%016llx, want 0x%016llx (%s)",
		      hand[i].text, hand[i].how, (unsigned long long)w,
		      (unsigned long long)hand[i].word, n < 0 ? d.msg : "");
		text = a3xx_test_disasm(&hand[i].word, 1, 0);
		CHECK(text && strstr(text, hand[i].text) && text[strlen(text) - 1] == '\n' &&
		      strlen(strstr(text, hand[i].text)) == strlen(hand[i].text) + 1,
		      "0x%016llx disassembles to '%s', want '%s'", (unsigned long long)hand[i].word,
		      text ? text : "", hand[i].text);
		free(text);
	}
}

static void mova(void)
{
	uint64_t w = 0;
	struct ip_diag d;
	ip_word word;
	CHECK(a3xx_test_asm("mova a0.x, hr0.x", &w, 1, &d) == 1, "mova: %s", d.msg);
	word.w[0] = w;
	word.w[1] = 0;
	CHECK(a3xx_get(&word, 1, A1_DST) == 244, "mova writes a0.x (61 * 4)");
	CHECK(a3xx_get(&word, 1, A1_SRC_TYPE) == A3XX_S16 && a3xx_get(&word, 1, A1_DST_TYPE) == A3XX_S16,
	      "mova is s16s16 (freedreno's disassembler and Mesa)");
	CHECK(a3xx_get(&word, 1, A1_SRC_MODE) == 0 && a3xx_get(&word, 1, A1_SRC) == 0,
	      "mova reads hr0.x");
}

int main(void)
{
	tables();
	notes_example();
	seed_file();
	hand_worked();
	mova();
	return check_report("test_a3xx_bits");
}

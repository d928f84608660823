/* test_a3xx_asm.c: the a3xx assembler on malformed text (each error at its line:column with a
 * message that says what is wrong), on the listing form's checks, on keys and (unchecked), and
 * the unpacker on malformed binaries (byte offsets). */
#include "a3xx_util.h"

static const struct {
	const char *src;
	unsigned line, col;
	const char *msg; /* a part of the message */
} bad[] = {
	{"add.f r0.x, r1.x\n", 1, 17, "expected ','"},
	{"add.f r0.x, r1.x, r2.q\n", 1, 19, "expected a component"},
	{"nop\nadd.f r0.x, c0.x, c1.x\n", 2, 19, "cat2 takes at most one const source"},
	{"add.f r0.x, c<a0.x + 1>, c1.x\n", 1, 26, "cat2 takes at most one const source"},
	{"mad.f32 r0.x, r1.x, c1.x, r2.x\n", 1, 21, "cat3 cannot take a const as its second"},
	{"rcp r0.x, c0.x\n", 1, 11, "cat4 cannot take a const source"},
	{"rcp r0.x, c<a0.x>\n", 1, 11, "cat4 cannot take a const source"},
	{"  frob r0.x\n", 1, 3, "unknown instruction 'frob'"},
	{"cmps.f r0.x, r0.y, r0.z\n", 1, 7, "needs a condition"},
	{"cmps.f.xx r0.x, r0.y, r0.z\n", 1, 8, "expected a condition"},
	{"add.f.lt r0.x, r0.y, r0.z\n", 1, 7, "unexpected suffix"},
	{"add.f r0.x, hr1.x, r2.x\n", 1, 20, "mix half and full"},
	{"mad.f16 hr0.x, r1.x, hr1.x, hr2.x\n", 1, 16, "reads half registers"},
	{"mov.f32f32 hr0.x, r1.x\n", 1, 12, "destination type is 32-bit"},
	{"mov.f32f16 hr0.x, r1.x\n", 1, 1, "mov keeps the type: write cov"},
	{"cov.f32f32 r0.x, r1.x\n", 1, 1, "cov converts between two different types"},
	{"mov.f32 r0.x, r1.x\n", 1, 1, "expected mov.TT"},
	{"mov.f32f32 r0.x, 1\n", 1, 18, "float immediate is written (1.5)"},
	{"mov.f32f32 r0.x, (1.1)\n", 1, 19, "not exactly a 32-bit float"},
	{"mov.f16f16 hr0.x, (70000)\n", 1, 20, "not exactly a 16-bit float"},
	{"mov.u32u32 r0.x, 0x100000000\n", 1, 18, "does not fit 32 bits"},
	{"add.f r0.x, r0.y, r0.z bogus=1\n", 1, 24, "no field 'bogus'"},
	{"add.f r0.x, r0.y, r0.z src1_imm=3\n", 1, 24, "not present in this cat2 word"},
	{"add.f r0.x, r0.y, r0.z opc=frob\n", 1, 28, "'frob' is not a value of field opc"},
	{"add.f r0.x, r0.y, r0.z rpt=8\n", 1, 28, "does not fit field rpt"},
	{"add.f r0.x, r0.y, r0.z key=\n", 1, 28, "expected a value"},
	{"add.f r0.x, r0.y, r0.z cat=cat3\n", 1, 1, "changed the category"},
	{"add.f r99.x, r0.y, r0.z\n", 1, 7, "out of range"},
	{"add.f r0.x, r600.y, r0.z\n", 1, 13, "out of range"},
	{"add.u r0.x, r0.y, 1024\n", 1, 19, "immediate out of range"},
	{"jump #70000\n", 1, 7, "branch offset out of range"},
	{"br p1.x, #2\n", 1, 4, "expected a predicate"},
	{"br p0.x 2\n", 1, 9, "expected ','"},
	{"add.f r0.x, r<a0.y + 1>, r0.z\n", 1, 15, "expected a0.x"},
	{"add.f r0.x, r<a0.x + 1, r0.z\n", 1, 23, "expected '>'"},
	{"nop\n\x01\n", 2, 1, "unexpected byte 0x01"},
	{"nop \xc3\xa9\n", 1, 5, "unexpected byte 0xc3"},
	{"\n\n", 2, 1, "no instructions"},
	{"(foo)nop\n", 1, 1, "unknown flag '(foo)'"},
	{"(rpt8)nop\n", 1, 1, "unknown flag"},
	{"(rpt3)isam (f32)(xyzw)r0.x, r1.x, s#0, t#0\n", 1, 7, "cat5 has no (ss), (rptN) or (ul)"},
	{"(ul)nop\n", 1, 5, "cat0 has no (ul)"},
	{"(nop1)rcp r0.x, r0.y\n", 1, 7, "(nopN) is for cat2 and cat3"},
	{"(sy)cat2\n", 1, 5, "takes no flags"},
	{"cat1.3 r0.x, r0.y\n", 1, 1, "this category has no opcode"},
	{"cat3.16 r0.x, r0.y, r0.z, r0.w\n", 1, 1, "opcode out of range"},
	{"isam (f32)(yx)r0.x, r1.x, s#0, t#0\n", 1, 13, "order xyzw"},
	{"isam (f33)(xyzw)r0.x, r1.x, s#0, t#0\n", 1, 7, "expected a result type"},
	{"isam (f32)(xyzw)r0.x, r1.x, s#16, t#0\n", 1, 31, "s#16 out of range"},
	{"ldg.f32 r0.x, g[r1.x+5000], 1\n", 1, 21, "offset out of range"},
	{"ldg r0.x, g[r1.x], 1\n", 1, 4, "needs a type"},
	{"ldg.f32 r0.x, p[r1.x], 1\n", 1, 15, "expected g[...]"},
	{"atomic.add.u32 r0.x, r1.x, r2.x\n", 1, 12, "expected .g or .l"},
	{"stg.f32 g[r2.x+8], hr0.x, 1\n", 1, 20, "full register"},
	{"0000[00000000x_00000001x] nop\n", 1, 6, "the listing says 00000000x_00000001x"},
	{"0001[00000000x_00000000x] nop\n", 1, 1, "listing index 0001, but this is instruction 0000"},
	{"0000[zz] nop\n", 1, 5, "expected the listing's words"},
	{"0000[00000000x_00000000x]\n", 1, 26, "a listing line without an instruction"},
	{"(rpt1)nop\n0000[                   ] end\n", 2, 27, "executes 'nop', not 'end'"},
	{"nop\n0000[                   ] nop\n", 2, 5, "has no repetition left"},
	{"(rpt2)nop\n0000[                   ] nop\nend\n", 3, 1, "shows only 1 of its repetitions"},
	{"(rpt2)nop\n0000[                   ] nop\n", 2, 1, "ends after 1 of its repetitions"},
	{"end\n0001[                   ] nop\n", 2, 1, "must follow instruction"},
};

static void malformed(void)
{
	for (unsigned i = 0; i < IP_COUNT(bad); i++) {
		uint64_t w[8];
		struct ip_diag d;
		int n = a3xx_test_asm(bad[i].src, w, 8, &d);
		CHECK(n < 0, "'%s' assembled", bad[i].src);
		if (n >= 0)
			continue;
		CHECK(d.line == bad[i].line && d.col == bad[i].col && strstr(d.msg, bad[i].msg),
		      "'%s': %u:%u: %s (want %u:%u: ...%s...)", bad[i].src, d.line, d.col, d.msg,
		      bad[i].line, bad[i].col, bad[i].msg);
	}
}

/* Spellings that are accepted and what they give. */
static void accepted(void)
{
	static const struct {
		const char *a, *b; /* two spellings of one word */
	} same[] = {
		{"(ss)(sy)(rpt3)nop", "(sy)(ss)(rpt3)nop"},
		{"(nop3)add.f r0.x, r0.y, r0.z", "add.f r0.x, (r)r0.y, (r)r0.z"},
		{"mov.s16s16 a0.x, hr0.x", "mova a0.x, hr0.x"},
		{"add.f r0.x, r0.y, r0.z ; a comment", "add.f r0.x, r0.y, r0.z // another"},
		{"mov.f32f32 r0.x, (1.5)", "mov.f32f32 r0.x, 0x3fc00000"},
		{"mov.f16f16 hr0.x, (-2)", "mov.f16f16 hr0.x, 0xc000"},
		{"add.f r0.x, r0.y, r0.z src1_mode=imm_c src1_raw=7", "add.f r0.x, raw(7), r0.z src1_mode=6"},
		{"nop unk32=0x4", "cat0 unk32=4"},
		{"cmps.f.ge p0.x, r0.x, r0.y", "cmps.f.3 p0.x, r0.x, r0.y"},
		{"add.f r0.x, r61.x, r0.z", "add.f r0.x, a0.x, r0.z"},
		{"add.f r0.x, r0.y, r0.z rpt=-1", "(rpt7)add.f r0.x, r0.y, r0.z"},
	};
	for (unsigned i = 0; i < IP_COUNT(same); i++) {
		uint64_t a = 0, b = 0;
		struct ip_diag d;
		int na = a3xx_test_asm(same[i].a, &a, 1, &d);
		CHECK(na == 1, "'%s': %s at %u:%u", same[i].a, d.msg, d.line, d.col);
		int nb = a3xx_test_asm(same[i].b, &b, 1, &d);
		CHECK(nb == 1, "'%s': %s at %u:%u", same[i].b, d.msg, d.line, d.col);
		CHECK(a == b, "'%s' = 0x%016llx but '%s' = 0x%016llx", same[i].a, (unsigned long long)a,
		      same[i].b, (unsigned long long)b);
	}
}

/* (unchecked) words come back with (unchecked); a word that keeps the rules without it. */
static void unchecked(void)
{
	uint64_t w = 0;
	struct ip_diag d;
	char *text;
	CHECK(a3xx_test_asm("(unchecked)add.f r0.x, c0.x, c0.y", &w, 1, &d) == 1, "%s", d.msg);
	text = a3xx_test_disasm(&w, 1, 0);
	CHECK(text && strstr(text, "] (unchecked)add.f r0.x, c0.x, c0.y\n"), "%s", text);
	free(text);
	CHECK(a3xx_test_asm("(unchecked)add.f r0.x, c0.x, r0.y", &w, 1, &d) == 1, "%s", d.msg);
	text = a3xx_test_disasm(&w, 1, 0);
	CHECK(text && strstr(text, "] add.f r0.x, c0.x, r0.y\n"), "%s", text);
	free(text);
}

static void binaries(void)
{
	static const uint8_t twelve[12];
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "b");
	CHECK(a3xx_isa.unpack(twelve, 12, &p, &d) != 0 && d.offset == 8 &&
	      strstr(d.msg, "not a whole number of 8-byte instructions"),
	      "12 bytes: offset %ld: %s", d.offset, d.msg);
	ip_diag_init(&d, "b");
	CHECK(a3xx_isa.unpack(twelve, 0, &p, &d) != 0 && d.offset == 0 && strstr(d.msg, "empty"),
	      "0 bytes: %s", d.msg);
}

int main(void)
{
	malformed();
	accepted();
	unchecked();
	binaries();
	return check_report("test_a3xx_asm");
}

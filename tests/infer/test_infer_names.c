/* test_infer_names.c: naming opcode values from what the runs show, on toy devices built in the
 * test: a source select of a register word and a const word (the register larger, so max and
 * min of the two equal the moves) is named by its moves, with max and min kept as "also fits";
 * a select of three planted words names each; comparisons answering 0 / ~0 are named nothing
 * (no "sub" of a word and itself); a zeroed buffer beside the operands does not hide them; a
 * branch that skips an instruction keeps its word (not the next instruction's add); a repeat
 * count is named by the operation each repetition writes; a select read through a negate is an
 * offset of negated words, not an immediate (words planted in even steps look like one); a
 * word of its own beside computed values is a move, not a select whose condition never
 * changes. */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "common/float_bits.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/store.h"
#include "toy_store.h"

#define NWORDS 700 /* words per input buffer, at most */

/* A toy device: a 2-bit field in contexts that differ only by label, planted registers and
 * uniforms (nreg, nuni words), observed output words: one of varyings_out, or (in_regs) the
 * first three registers, which hold what was planted until the program writes them. */
struct toy {
	const char *name;
	uint32_t regs[NWORDS], unis[NWORDS];
	size_t nreg, nuni;
	int in_regs;
	int (*run)(const struct toy *t, unsigned v, uint32_t *out);
};
#define NOUT 3 /* output words at most */

/* common/float_bits.h's bit cast, under a short name. */
static uint32_t bits(float f)
{
	return ip_f32_bits(f);
}

/* Every value of the field run in two contexts, stored and inferred; the store stays open. */
static struct ip_store *campaign(const char *path, const struct toy *t)
{
	struct ip_store *s;
	struct ip_diag d;
	int64_t id;
	static uint8_t regs[4 * NWORDS], unis[4 * NWORDS], seed = 0, vals[4];
	static uint32_t outs[4][NOUT];
	size_t olen = t->in_regs ? 4 * NOUT : 4;
	struct ip_run runs[8];
	ip_diag_init(&d, path);
	memcpy(regs, t->regs, 4 * t->nreg);
	memcpy(unis, t->unis, 4 * t->nuni);
	struct ip_layout_context ctx[2] = {{"u32", &seed, 1}, {"f32", &seed, 1}};
	struct ip_layout_target tgt = {0, 2, "toy.word", "src", 0, 0, 53};
	struct ip_layout_buffer bufs[3] = {{0, "uniforms", 0, unis, 4 * t->nuni, 0, NULL},
	                                   {0, "registers", 0, regs, 4 * t->nreg, 16, NULL},
	                                   {1, t->in_regs ? "registers" : "varyings_out", 0, NULL,
	                                    olen, 0, NULL}};
	struct ip_campaign_layout lay = {ctx, 2, &tgt, 1, bufs, 3};
	if (!(s = toy_store(path, "sim", t->name, &lay, &id)))
		return NULL;
	for (unsigned v = 0; v < 4; v++) {
		int st = t->run(t, v, outs[v]);
		vals[v] = (uint8_t)v;
		for (unsigned c = 0; c < 2; c++)
			runs[2 * v + c] = (struct ip_run){c, &vals[v], 1,
			                                  {st, 0, st == IP_STATUS_OK ? (uint8_t *)outs[v]
			                                                             : NULL,
			                                   st == IP_STATUS_OK ? olen : 0}};
	}
	CHECK(ip_store_record(s, id, runs, 8, 4, &d) == 0, "%s: runs", t->name);
	if (ip_infer(s, NULL, NULL, &d)) {
		ip_diag_print(&d, stderr);
		CHECK(0, "%s: infer", t->name);
	}
	return s;
}

/* The finding of context 0 as "lo-hi kind", and its details member at path. */
static void expect(struct ip_store *s, const char *what, const char *fields, const char *path,
                   const char *want)
{
	sqlite3 *db = ip_store_sqlite(s);
	char sql[256];
	char *got = toy_one(db, "SELECT group_concat(lo || '-' || hi || ' ' || kind, ', ') FROM"
	                    " (SELECT * FROM finding WHERE context = 0 ORDER BY lo)");
	CHECK(!strcmp(got, fields), "%s: fields %s, want %s", what, got, fields);
	free(got);
	snprintf(sql, sizeof sql, "SELECT json_extract(details, '%s') FROM finding WHERE context = 0",
	         path);
	got = toy_one(db, sql);
	CHECK(!strcmp(got, want), "%s: %s is %s, want %s", what, path, got, want);
	free(got);
}

/* registers (r0.x ... like a3xx's, all larger than any const) and uniforms planted apart */
static void plant(struct toy *t)
{
	t->nreg = t->nuni = 16;
	for (unsigned i = 0; i < 16; i++) {
		t->regs[i] = bits(600000.25f + 4096.0f * (float)i);
		t->unis[i] = bits(512.5f + 4.0f * (float)i);
	}
}

/* a3xx cat1's source kind: 0 register r1.z, 1 const c1.z, 2 the immediate 6, 3 not modelled */
static int source_run(const struct toy *t, unsigned v, uint32_t *out)
{
	if (v == 3)
		return IP_STATUS_UNMODELED;
	*out = v == 0 ? t->regs[6] : v == 1 ? t->unis[6] : 6u;
	return IP_STATUS_OK;
}

/* a select of three planted words and an immediate */
static int three_run(const struct toy *t, unsigned v, uint32_t *out)
{
	*out = v == 0 ? t->regs[6] : v == 1 ? t->unis[6] : v == 2 ? 6u : t->unis[9];
	return IP_STATUS_OK;
}

/* a D3D comparison of registers 0 and 1 whose operands the field changes: ~0 true, 0 false */
static int compare_run(const struct toy *t, unsigned v, uint32_t *out)
{
	(void)t;
	*out = v == 0 || v == 3 ? 0xffffffffu : 0;
	return IP_STATUS_OK;
}

/* operands after 600 zero words (a zeroed memory image): 0 a*b + c, 1 a, 2 exp2 a, 3 1/a */
static int zeros_run(const struct toy *t, unsigned v, uint32_t *out)
{
	float a, b, c;
	memcpy(&a, &t->unis[600], 4);
	memcpy(&b, &t->unis[601], 4);
	memcpy(&c, &t->unis[602], 4);
	*out = bits(v == 0 ? a * b + c : v == 1 ? a : v == 2 ? exp2f(a) : 1.0f / a);
	return IP_STATUS_OK;
}

static uint32_t fadd(const struct toy *t, unsigned i, unsigned j)
{
	float a, b;
	memcpy(&a, &t->regs[i], 4);
	memcpy(&b, &t->regs[j], 4);
	return bits(a + b);
}

/* a3xx cat0's opcode before `mul r0 <- r4 * r5; add r1 <- r6 + r7`: 0 nop runs both, 1 a
 * taken branch and 2 a jump skip the mul, 3 end stops before both */
static int branch_run(const struct toy *t, unsigned v, uint32_t *out)
{
	float a, b;
	memcpy(&a, &t->regs[4], 4);
	memcpy(&b, &t->regs[5], 4);
	out[0] = v == 0 ? bits(a * b) : t->regs[0];
	out[1] = v == 3 ? t->regs[1] : fadd(t, 6, 7);
	out[2] = t->regs[2];
	return IP_STATUS_OK;
}

/* a repeat count: (rptN) writes registers 0..N-1, each the add of the next two operands */
static int repeat_run(const struct toy *t, unsigned v, uint32_t *out)
{
	for (unsigned k = 0; k < NOUT; k++)
		out[k] = k < v ? fadd(t, 4 + 2 * k, 5 + 2 * k) : t->regs[k];
	return IP_STATUS_OK;
}

/* a 2-bit offset into the uniforms, the word negated: uniforms like `distinct` ones, whose
 * bits step by 0x00010001 (an immediate of 65537 per value, by chance) */
static int negated_run(const struct toy *t, unsigned v, uint32_t *out)
{
	*out = t->unis[8 + v] ^ 0x80000000u;
	return IP_STATUS_OK;
}

static float unif(const struct toy *t, unsigned i)
{
	float f;
	memcpy(&f, &t->unis[i], 4);
	return f;
}

/* a*b, a word of its own (b is never zero here, so nothing says the value is more than a
 * move of that word: not rselect b ? c : a, though it fits), a+b, and a value no operation
 * of the library gives (left unnamed: inference tries the mirrored select then) */
static int mover_run(const struct toy *t, unsigned v, uint32_t *out)
{
	float a = unif(t, 0), b = unif(t, 1);
	*out = v == 1 ? t->unis[9] : bits(v == 0 ? a * b : v == 2 ? a + b : a * b + 0.75f);
	return IP_STATUS_OK;
}

/* Runs toy t as `name` with run(): its finding of context 0 must be `fields`, each member of
 * checks (path, value, ..., NULL) as given, and the report must hold line `md` (unless NULL). */
static void check_case(const char *path, struct toy *t, const char *name,
                       int (*run)(const struct toy *, unsigned, uint32_t *), const char *fields,
                       const char *const *checks, const char *md)
{
	struct ip_store *s;
	t->name = name;
	t->run = run;
	if (!(s = campaign(path, t)))
		return;
	for (unsigned i = 0; checks[i]; i += 2)
		expect(s, name, fields, checks[i], checks[i + 1]);
	if (md)
		toy_report_has(s, md, name);
	ip_store_close(s);
}

int main(void)
{
	char path[256];
	static struct toy t;
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_names_%d.db", (int)getpid());

	plant(&t);
	check_case(path, &t, "source", source_run, "53-54 enum",
	           (const char *const[]){"$.values", "{\"0\":\"mov registers[6]\",\"1\":\"mov "
	                                 "uniforms[6]\",\"2\":\"unidentified\",\"3\":\"unmodeled\"}",
	                                 "$.alike.\"0\"", "max, imax", "$.alike.\"1\"", "min, imin",
	                                 NULL},
	           "53-54: enum / opcode: 0: registers word 6, 1: uniforms word 6, 2: unidentified; "
	           "also fits 0: max, imax; 1: min, imin; 3 not determined: the simulator does not "
	           "model it; run on hardware (");
	check_case(path, &t, "three", three_run, "53-54 enum",
	           (const char *const[]){"$.values", "{\"0\":\"mov registers[6]\",\"1\":\"mov "
	                                 "uniforms[6]\",\"2\":\"unidentified\",\"3\":\"mov "
	                                 "uniforms[9]\"}", NULL}, NULL);
	check_case(path, &t, "mover", mover_run, "53-54 enum",
	           (const char *const[]){"$.values", "{\"0\":\"mul\",\"1\":\"mov uniforms[9]\","
	                                 "\"2\":\"add\",\"3\":\"unidentified\"}", NULL}, NULL);
	check_case(path, &t, "compare", compare_run, "53-54 distinct",
	           (const char *const[]){"$.ops", "{\"0\":\"unidentified\",\"1\":\"unidentified\","
	                                 "\"2\":\"unidentified\",\"3\":\"unidentified\"}", NULL},
	           NULL);

	t.nuni = 604;
	memset(t.unis, 0, sizeof t.unis);
	t.unis[600] = bits(0.0210896f);
	t.unis[601] = bits(0.0211869f);
	t.unis[602] = bits(0.0212841f);
	t.unis[603] = bits(0.0213814f);
	/* a * b + c rounded twice: on these words the same as rounded once (fma) */
	check_case(path, &t, "zeros", zeros_run, "53-54 enum",
	           (const char *const[]){"$.values", "{\"0\":\"fma\",\"1\":\"mov "
	                                 "uniforms[600]\",\"2\":\"exp2\",\"3\":\"rcp\"}", NULL},
	           NULL);

	plant(&t);
	t.in_regs = 1;
	check_case(path, &t, "branch", branch_run, "53-54 enum",
	           (const char *const[]){"$.values.\"1\"", "keeps registers[0]", "$.values.\"2\"",
	                                 "keeps registers[0]", "$.values.\"3\"",
	                                 "keeps registers[0]", NULL}, NULL);
	check_case(path, &t, "repeat", repeat_run, "53-54 enum",
	           (const char *const[]){"$.values", "{\"0\":\"keeps registers[0]\",\"1\":\"add\","
	                                 "\"2\":\"add\",\"3\":\"add\"}", NULL}, NULL);

	t.in_regs = 0;
	for (unsigned i = 0; i < 16; i++)
		t.unis[i] = 0x44003C00u + i * 0x00010001u;
	t.nuni = 16;
	check_case(path, &t, "negated", negated_run, "53-54 offset",
	           (const char *const[]){"$.negated", "1", NULL},
	           "53-54: offset: varyings_out[0] reads the negated uniforms at v (1 word a step, "
	           "from word 8) (");
	unlink(path);
	return check_report("test_infer_names");
}

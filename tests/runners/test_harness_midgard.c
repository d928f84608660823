/* test_harness_midgard.c: the Midgard register harness (runners/harness/midgard_harness.c,
 * docs/harness.md): every shipped Midgard probe's variants give on the simulator, wrapped, what
 * they give plain on the registers a GPU can show; the ends of a program fall into the epilogue;
 * per-invocation images, uniform registers, refusals, and a run that never reaches the epilogue. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness_lib.h"
#include "midgard/midgard.h"

#ifndef ISAPROBE_SRC
#define ISAPROBE_SRC "."
#endif

static struct ip_runner *open_sim(void)
{
	struct ip_runner *r;
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		ip_diag_print(&d, stderr);
		exit(1);
	}
	return r;
}

/* Every shipped probe: the seed, each target bit flipped, and random values of each context. */
static void shipped(struct ip_runner *r, const struct ip_harness *h, const char *name,
                    unsigned randoms, unsigned *compared)
{
	char path[512];
	struct ip_probe p;
	struct ip_diag d;
	struct hl_probe_jobs j;
	struct ip_harness_work w;
	uint64_t rng = 30;
	snprintf(path, sizeof path, "%s/probes/midgard/%s.probe", ISAPROBE_SRC, name);
	ip_diag_init(&d, path);
	if (ip_probe_load(path, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		CHECK(0, "%s does not load", path);
		ip_probe_free(&p);
		return;
	}
	hl_probe_jobs_init(&j, &p);
	memset(&w, 0, sizeof w);
	for (unsigned c = 0; c < p.ncontexts; c++) {
		for (unsigned k = 0; k <= p.width + randoms; k++) {
			ip_word v = p.contexts[c].seed_value;
			struct hl_run a, b;
			char msg[512];
			if (k && k <= p.width)
				v.w[(k - 1) / 64] ^= UINT64_C(1) << ((k - 1) % 64);
			else if (k) {
				v.w[0] = test_rand(&rng) & ip_mask64(p.width < 64 ? p.width : 64);
				v.w[1] = p.width > 64 ? test_rand(&rng) & ip_mask64(p.width - 64) : 0;
			}
			if (hl_probe_job(&j, c, &v) != 0)
				continue;
			hl_run_init(&a, &j.shape_res);
			hl_run_init(&b, &j.shape_res);
			hl_plain(r, &j.job, &a);
			if (hl_wrapped(r, h, &w, &j.job, &b, msg, sizeof msg) == 0)
				hl_same(h, &j.job, &a, &b, 16, 32, msg, sizeof msg) || (msg[0] = 0);
			CHECK(!msg[0], "%s context %s value 0x%llx: %s", name, p.contexts[c].label,
			      (unsigned long long)v.w[0], msg);
			++*compared;
			hl_run_free(&a);
			hl_run_free(&b);
		}
	}
	ip_harness_work_free(&w);
	hl_probe_jobs_free(&j);
	ip_probe_free(&p);
}

/* Assembles Midgard text (aborts on an error: the tests' own programs). */
static void assemble(const char *src, uint8_t **bin, size_t *len)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "<test>");
	if (midgard_isa.assemble(src, &p, &d) != 0 || midgard_isa.pack(&p, bin, len, &d) != 0) {
		ip_diag_print(&d, stderr);
		abort();
	}
	ip_program_free(&p);
}

/* A job of code with these inputs, observing registers (n invocations) and outputs of shape. */
struct one {
	struct ip_job job;
	struct ip_result shape;
	struct ip_out_buf out[4];
	struct hl_run a, b;
	char msg[512];
};

static void one_init(struct one *o, const uint8_t *code, size_t len, const struct ip_buf *in,
                     unsigned nin, uint32_t n, int uniform_regs)
{
	memset(o, 0, sizeof *o);
	o->job = (struct ip_job){code, len, in, nin, {n, 0}, uniform_regs};
	o->out[0] = (struct ip_out_buf){IP_BUF_REGISTERS, NULL, 512 * (n ? n : 1), 0};
	o->shape.outputs = o->out;
	o->shape.noutputs = 1;
}

/* Runs o plain and wrapped: 0 when they agree (msg empty), 1 when they differ or the harness
 * refused (msg says). */
static int one_run(struct ip_runner *r, const struct ip_harness *h, struct ip_harness_work *w,
                   struct one *o)
{
	hl_run_free(&o->a);
	hl_run_free(&o->b);
	hl_run_init(&o->a, &o->shape);
	hl_run_init(&o->b, &o->shape);
	o->msg[0] = 0;
	hl_plain(r, &o->job, &o->a);
	if (hl_wrapped(r, h, w, &o->job, &o->b, o->msg, sizeof o->msg) != 0)
		return 1;
	return hl_same(h, &o->job, &o->a, &o->b, 16, 32, o->msg, sizeof o->msg);
}

/* Register file words: every 32-bit word distinct (r31.w boolean when asked). */
static void distinct_regs(uint32_t *regs, unsigned files, uint32_t salt, int r31_boolean)
{
	for (unsigned f = 0; f < files; f++)
		for (unsigned k = 0; k < 128; k++)
			regs[128 * f + k] = 0x3f800000u + salt + 1000u * f + 7u * k;
	if (r31_boolean)
		for (unsigned f = 0; f < files; f++)
			for (unsigned c = 0; c < 4; c++)
				regs[128 * f + 124 + c] = 0xFFFFFFFFu;
}

/* Programs whose ends the epilogue must catch: a word ending before the last one (its exit jump
 * inserted), a taken branch to `end`, a backward branch across an inserted jump, a word the
 * simulator cannot decode after the end. */
static void ends(struct ip_runner *r, const struct ip_harness *h, struct ip_harness_work *w)
{
	static const char *const progs[] = {
		/* w0 jumps to w2, whose conditional branch (r31.w true) goes back to w1, which ends
		 * before the last word: its exit jump sits between w1 and w2 */
		"alu {\n\tsadd.fadd r2.x, r0.x, r1.y\n\tcbr.jmp alu4, 1\n}\n"
		"alu next=end {\n\tsadd.fadd r3.x, r0.z, r1.w\n}\n"
		"alu {\n\tsadd.fadd r4.x, r0.y, r1.x\n\tcbr.br true, alu4, -2\n}\n",
		/* the same, the condition false: w2 ends */
		"alu {\n\tsadd.fadd r2.x, r0.x, r1.y\n\tcbr.jmp alu4, 1\n}\n"
		"alu next=end {\n\tsadd.fadd r3.x, r0.z, r1.w\n}\n"
		"alu {\n\tsadd.fadd r4.x, r0.y, r1.x\n\tcbr.br false, alu4, -2\n}\n",
		/* a taken branch to `end` in the middle */
		"alu {\n\tvadd.fadd r5.xyzw, r0.xyzw, r1.xyzw\n\tcbr.jmp end, 3\n}\n"
		"alu {\n\tvadd.fadd r6.xyzw, r0.xyzw, r1.xyzw\n}\n"
		"ls {\n\tnoop\n}\n",
		/* the branch_unk7 probe's "next" context: w0 jumps to w1, which ends */
		"alu {\n\tsadd.fadd r2.x, r0.x, r1.y\n\tcbr.jmp alu4, 0\n}\n"
		"alu {\n\tsadd.fadd r3.x, r0.z, r1.w\n}\n"
		"alu {\n\tsadd.fadd r4.x, r0.y, r1.x\n}\n",
	};
	static uint32_t regs[128];
	struct ip_buf in[1] = {{IP_BUF_REGISTERS, (const uint8_t *)regs, sizeof regs}};
	distinct_regs(regs, 1, 0, 1);
	for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
		struct one o;
		uint8_t *code;
		size_t len;
		assemble(progs[i], &code, &len);
		one_init(&o, code, len, in, 1, 1, 0);
		CHECK(one_run(r, h, w, &o) == 0, "program %zu: %s", i, o.msg);
		CHECK(o.a.res.status == IP_STATUS_OK, "program %zu plain: %s", i,
		      ip_status_name(o.a.res.status));
		/* the programs change some of r2-r6: the comparison saw them */
		CHECK(memcmp(o.a.out[0].data, regs, 512) != 0, "program %zu changed no register", i);
		hl_run_free(&o.a);
		hl_run_free(&o.b);
		free(code);
	}
	/* a word type the simulator cannot size after the program: the variant is left as it is,
	 * so it ends where it ended, never reaching the epilogue: ok, registers not observed */
	{
		struct one o;
		uint8_t *code, *tail;
		size_t len;
		assemble("alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r1.xyzw\n}\n", &code, &len);
		tail = calloc(len + 16, 1);
		memcpy(tail, code, len);
		tail[len] = 0x7;
		one_init(&o, tail, len + 16, in, 1, 1, 0);
		CHECK(one_run(r, h, w, &o) == 1 && strstr(o.msg, "not observed") &&
		      o.b.res.status == IP_STATUS_OK && o.b.out[0].len == 0,
		      "an undecodable tail: %s", o.msg);
		hl_run_free(&o.a);
		hl_run_free(&o.b);
		free(code);
		free(tail);
	}
}

/* Images per invocation (the table's slots), uniform registers the hardware preloads (planted
 * by nobody: the prologue leaves them), and the records a GPU plants and shows. */
static void images(struct ip_runner *r, const struct ip_harness *h, struct ip_harness_work *w)
{
	static const char prog[] = "alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r21.xyzw\n"
	                           "\tvmul.fmul r23.xyzw, r23.xyzw, r1.xyzw\n}\n";
	static uint32_t regs[3 * 128];
	static float uni[16];
	struct ip_harness_regs plant, obs;
	struct ip_buf in[2] = {{IP_BUF_REGISTERS, (const uint8_t *)regs, sizeof regs},
	                       {IP_BUF_UNIFORMS, (const uint8_t *)uni, sizeof uni}};
	struct one o;
	uint8_t *code;
	size_t len;
	for (unsigned k = 0; k < 16; k++)
		uni[k] = 0.25f * (float)k + 3.0f;
	distinct_regs(regs, 3, 11, 0);
	assemble(prog, &code, &len);
	one_init(&o, code, len, in, 1, 3, 0);
	CHECK(one_run(r, h, w, &o) == 0, "three invocations, three images: %s", o.msg);
	CHECK(memcmp(o.a.out[0].data + 512, o.a.out[0].data, 512) != 0,
	      "the images of invocations 0 and 1 gave the same registers");
	hl_run_free(&o.a);
	hl_run_free(&o.b);
	one_init(&o, code, len, in, 2, 3, 4); /* r20-r23 are the uniform records 3..0 */
	CHECK(one_run(r, h, w, &o) == 0, "uniform registers: %s", o.msg);
	h->records(&o.job, &plant, &obs);
	CHECK(plant.bits[0] == (0xFFFFFu | 1u << 26 | 1u << 27 | 1u << 31) && !plant.bits[1],
	      "plantable with 4 uniform registers: 0x%llx", (unsigned long long)plant.bits[0]);
	CHECK(obs.bits[0] == 0xFFFFFFu, "observable: 0x%llx", (unsigned long long)obs.bits[0]);
	hl_run_free(&o.a);
	hl_run_free(&o.b);
	free(code);
}

/* What check refuses, with its reason. */
static void refusals(const struct ip_harness *h)
{
	static uint32_t regs[128];
	static uint8_t attr_in[64], attr_out[128];
	struct ip_buf in[2] = {{IP_BUF_REGISTERS, (const uint8_t *)regs, sizeof regs},
	                       {IP_BUF_ATTRIBUTES, attr_in, sizeof attr_in}};
	struct one o;
	uint8_t *csel, *plain;
	size_t clen, plen;
	const char *why;
	assemble("alu {\n\tvadd.csel r2.xyzw, r0.xyzw, r1.xyzw\n}\n", &csel, &clen);
	assemble("alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r1.xyzw\n}\n", &plain, &plen);
	distinct_regs(regs, 1, 5, 0);
	one_init(&o, csel, clen, in, 1, 1, 0);
	why = h->check(&o.job, &o.shape);
	CHECK(why && strstr(why, "r31") && strstr(why, "csel"), "r31 not boolean, read by csel: %s",
	      why ? why : "accepted");
	one_init(&o, plain, plen, in, 1, 1, 0);
	CHECK(!h->check(&o.job, &o.shape), "r31 not boolean, never read: refused");
	distinct_regs(regs, 1, 5, 1);
	one_init(&o, csel, clen, in, 1, 1, 0);
	CHECK(!h->check(&o.job, &o.shape), "r31 ~0, read by csel: refused");
	/* an attribute table whose input and output blocks differ */
	one_init(&o, plain, plen, in, 2, 1, 0);
	o.out[1] = (struct ip_out_buf){IP_BUF_ATTRIBUTES, attr_out, sizeof attr_out, 0};
	o.shape.noutputs = 2;
	why = h->check(&o.job, &o.shape);
	CHECK(why && strstr(why, "one attribute table"), "attributes in and out differ: %s",
	      why ? why : "accepted");
	/* more slots per vertex than the harness's index reaches */
	in[1].len = 32767 * 16;
	one_init(&o, plain, plen, in, 2, 1, 0);
	why = h->check(&o.job, &o.shape);
	CHECK(why && strstr(why, "16-bit"), "a huge attribute block: %s", why ? why : "accepted");
	free(csel);
	free(plain);
}

/* A run that does not reach the epilogue in one invocation has no registers output: its len is
 * 0, not zeros; the other outputs stay. */
static void not_reached(struct ip_runner *r, const struct ip_harness *h, struct ip_harness_work *w)
{
	static uint32_t regs[128];
	struct ip_buf in[1] = {{IP_BUF_REGISTERS, (const uint8_t *)regs, sizeof regs}};
	struct ip_out_buf *table;
	struct one o;
	uint8_t *code;
	size_t len;
	distinct_regs(regs, 1, 3, 0);
	assemble("alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r1.xyzw\n}\n", &code, &len);
	one_init(&o, code, len, in, 1, 2, 0);
	CHECK(one_run(r, h, w, &o) == 0, "two invocations: %s", o.msg);
	CHECK(o.b.out[0].len == 1024, "registers output of %zu bytes", o.b.out[0].len);
	table = ip_result_output(&w->res, IP_BUF_ATTRIBUTES);
	CHECK(table && table->len >= 1024, "no attribute table in the wrapped job");
	if (table) {
		/* invocation 1's done mark gone: as if it had left the program another way */
		memset(table->data + table->len / 2 + 24 * 16, 0, 16);
		h->unwrap(w, &o.job, &o.b.res);
		CHECK(o.b.res.status == IP_STATUS_OK && o.b.out[0].len == 0,
		      "not reached: %s, %zu bytes", ip_status_name(o.b.res.status), o.b.out[0].len);
	}
	hl_run_free(&o.a);
	hl_run_free(&o.b);
	free(code);
}

int main(void)
{
	static const char *const probes[] = {"alu_control_gaps", "alu_unused", "branch_unk7",
	                                     "ls_loads", "ls_stores", "scalar_unk"};
	struct ip_runner *r = open_sim();
	const struct ip_harness *h = ip_harness_find("midgard");
	unsigned compared = 0;
	CHECK(h != NULL, "no Midgard harness");
	if (!h)
		return check_report("test_harness_midgard");
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
		shipped(r, h, probes[i], (unsigned)test_scaled(64), &compared);
	CHECK(compared > test_scaled(1000), "only %u variants compared", compared);
	{
		struct ip_harness_work w;
		memset(&w, 0, sizeof w);
		ends(r, h, &w);
		images(r, h, &w);
		refusals(h);
		not_reached(r, h, &w);
		ip_harness_work_free(&w);
	}
	ip_runner_close(r);
	return check_report("test_harness_midgard");
}

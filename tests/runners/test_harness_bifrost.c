/* test_harness_bifrost.c: the Bifrost register harness against the simulator alone. Every shipped
 * Bifrost probe's seed and a sample of its variants give, run plain (the registers role) and
 * wrapped (wrap -> the sim runner -> unwrap), the same status and the same registers a GPU can
 * show, and the wrapped job uses no simulator-only role; a variant that ends before the epilogue
 * or faults has no registers; several invocations; stale registers; check's refusals. */
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "bifrost_sim_run.h"
#include "check.h"
#include "harness_lib.h"
#include "isaprobe/bifrost_sim.h"
#include "isaprobe/harness.h"
#include "isaprobe/probe.h"

#ifndef ISAPROBE_SRC
#error "ISAPROBE_SRC must name the source tree"
#endif

static struct ip_runner *sim;
static const struct ip_harness *h;
static struct ip_harness_work work;

static const char *const probes[] = {
	"add_fcmp_unknowns", "add_modifier_unknowns", "fcmp_unknowns", "fma_minmax_opcodes",
	"fma_modifier_unknowns", "fma_twosrc_unknowns", "header_float_modes", "header_unknown",
	"reg64_unknown", "uniform_special", "unused_regions",
};

/* A job of the tests below: its buffers and result (outputs in out[]). */
struct job {
	struct ip_job job;
	struct ip_result res;
	struct ip_buf in[IP_PROBE_MAX_BUFFERS];
	struct ip_out_buf out[IP_PROBE_MAX_BUFFERS];
};

static void free_job(struct job *j)
{
	for (unsigned i = 0; i < j->res.noutputs; i++)
		free(j->out[i].data);
}

/* Runs j wrapped: 0, or -1 when wrap refused (d says why). */
static int run_wrapped(struct job *j, struct ip_diag *d)
{
	if (h->wrap(&work, &j->job, &j->res, d) != 0)
		return -1;
	CHECK(!ip_job_input(&work.job, IP_BUF_REGISTERS) &&
	      !ip_result_output(&work.res, IP_BUF_REGISTERS), "a wrapped job keeps a registers role");
	ip_runner_run(sim, &work.job, &work.res);
	h->unwrap(&work, &j->job, &j->res);
	return 0;
}

static unsigned compared, reached;

/* The job of a variant run plain and wrapped (tests/support/harness_lib.h): the same status and fault,
 * where, and on an ok run the same registers on the records a GPU can show (the others zero)
 * and the same other outputs. */
static void compare(const struct hl_probe_jobs *j, const char *what)
{
	struct hl_run a, b;
	char msg[512];
	hl_run_init(&a, &j->shape_res);
	hl_run_init(&b, &j->shape_res);
	hl_plain(sim, &j->job, &a);
	if (hl_wrapped(sim, h, &work, &j->job, &b, msg, sizeof msg) != 0) {
		CHECK(0, "%s: %s", what, msg);
	} else {
		compared++;
		CHECK(!hl_same(h, &j->job, &a, &b, 4, BIFROST_SIM_REGS, msg, sizeof msg), "%s: %s",
		      what, msg);
		if (a.res.status != IP_STATUS_OK)
			CHECK(a.res.where == b.res.where, "%s: where %u, wrapped %u", what, a.res.where,
			      b.res.where);
		for (unsigned i = 0; i < b.res.noutputs; i++)
			if (b.out[i].role == IP_BUF_REGISTERS && b.out[i].len)
				reached++;
	}
	hl_run_free(&a);
	hl_run_free(&b);
}

/* The seed and a sample of each context's variants: the seed, every target bit flipped alone,
 * random values. The packed variant unpacks and packs back to itself (so the harness changes
 * only the last clause's end of shader and next type). */
static void probe_variants(const char *name, uint64_t *rng)
{
	char path[512];
	struct ip_probe p;
	struct ip_diag d;
	struct hl_probe_jobs j;
	snprintf(path, sizeof path, "%s/probes/bifrost/%s.probe", ISAPROBE_SRC, name);
	ip_diag_init(&d, path);
	if (ip_probe_load(path, &p, &d) != 0) {
		CHECK(0, "%s: %s", path, d.msg);
		ip_probe_free(&p);
		return;
	}
	hl_probe_jobs_init(&j, &p);
	for (unsigned c = 0; c < p.ncontexts; c++) {
		unsigned nflip = p.width < 64 ? p.width : 64, nrand = (unsigned)test_scaled(16);
		for (unsigned v = 0; v < 1 + nflip + nrand; v++) {
			ip_word value = p.contexts[c].seed_value;
			struct ip_program back;
			uint8_t *again = NULL;
			size_t again_len = 0;
			char what[256];
			const char *why;
			if (v >= 1 && v <= nflip)
				ip_bits_set(&value, v - 1, 1, ip_bits_get(&value, v - 1, 1) ^ 1);
			else if (v > nflip) {
				value.w[0] = test_rand(rng);
				value.w[1] = test_rand(rng);
				if (p.width < 128)
					ip_bits_set(&value, p.width, 128 - p.width, 0);
			}
			if (hl_probe_job(&j, c, &value) != 0)
				continue; /* never runs */
			snprintf(what, sizeof what, "%s/%s value %016llx%016llx", name,
			         p.contexts[c].label, (unsigned long long)value.w[1],
			         (unsigned long long)value.w[0]);
			why = h->check(&j.job, &j.shape_res);
			CHECK(!why, "%s: check refuses a shipped probe: %s", what, why);
			ip_diag_init(&d, NULL);
			if (bifrost_unpack(j.code, j.len, &back, &d) == 0) {
				CHECK(bifrost_pack(&back, &again, &again_len, &d) == 0 && again_len == j.len &&
				      !memcmp(again, j.code, j.len), "%s: does not pack back to itself", what);
				ip_program_free(&back);
				free(again);
			}
			compare(&j, what);
		}
	}
	hl_probe_jobs_free(&j);
	ip_probe_free(&p);
}

/* Assembled code, or NULL (a failed check). */
static uint8_t *assemble(const char *text, size_t *len)
{
	uint8_t *code = bifrost_code(text, len);
	CHECK(code, "the test's program assembles");
	return code;
}

/* A job of code with n invocations, registers planted from regs (n files) and observed. */
static void reg_job(struct job *j, const uint8_t *code, size_t len, uint32_t n,
                    const uint8_t *regs, size_t regs_len)
{
	memset(j, 0, sizeof *j);
	j->in[0] = (struct ip_buf){IP_BUF_REGISTERS, regs, regs_len};
	j->out[0] = (struct ip_out_buf){IP_BUF_REGISTERS, calloc(n, BIFROST_SIM_REGS_BYTES),
	                                (size_t)n * BIFROST_SIM_REGS_BYTES, 0};
	ip_job_init(&j->job, &j->res, code, len, j->in, 1, j->out, 1);
	j->job.limits.invocations = n;
}

/* Programs that stop before the epilogue: no registers (len 0), never zeros. */
static void stops(void)
{
	/* the first clause ends the shader: the second (the last) never runs */
	static const char early[] = "clause {\n\treg read=r0 read=r1 wfma=r2 first=1\n"
	                            "\tfma ADD.f32 src0=p0 src1=p1\n\tadd NOP\n}\n"
	                            "clause {\n\treg read=r2 wfma=r3 first=1\n"
	                            "\tfma ADD.f32 src0=p0 src1=p0\n\tadd NOP\n}\n";
	/* a STORE to an address no buffer holds: a fault */
	static const char fault[] = "clause datareg=4 type=ssbo_load {\n"
	                            "\treg first=1 uc_sel=c0\n"
	                            "\tfma NOP\n\tadd STORE.i32 src0=uc_lo src1=uc_hi\n"
	                            "\tconst64 0x7ffffff000000000\n}\n";
	uint8_t regs[BIFROST_SIM_REGS_BYTES];
	struct job a, b;
	struct ip_diag d;
	size_t len;
	uint8_t *code;
	for (unsigned i = 0; i < sizeof regs; i++)
		regs[i] = (uint8_t)(i * 7 + 1);
	if ((code = assemble(early, &len)) != NULL) {
		reg_job(&a, code, len, 1, regs, sizeof regs);
		reg_job(&b, code, len, 1, regs, sizeof regs);
		ip_runner_run(sim, &a.job, &a.res);
		ip_diag_init(&d, NULL);
		CHECK(run_wrapped(&b, &d) == 0, "wrap: %s", d.msg);
		CHECK(a.res.status == IP_STATUS_OK && a.out[0].len == BIFROST_SIM_REGS_BYTES,
		      "plain: the simulator gives the registers");
		CHECK(b.res.status == IP_STATUS_OK && b.out[0].len == 0,
		      "an early end of shader: status %d, registers len %zu (want ok, 0)",
		      b.res.status, b.out[0].len);
		free_job(&a);
		free_job(&b);
		free(code);
	}
	if ((code = assemble(fault, &len)) != NULL) {
		reg_job(&b, code, len, 1, regs, sizeof regs);
		ip_diag_init(&d, NULL);
		CHECK(run_wrapped(&b, &d) == 0, "wrap: %s", d.msg);
		CHECK(b.res.status == IP_STATUS_FAULT && b.out[0].len == 0 && b.res.where == 0,
		      "a fault: status %d where %u, registers len %zu", b.res.status, b.res.where,
		      b.out[0].len);
		free_job(&b);
		free(code);
	}
}

/* Several invocations (r60 reserved: its id; the rest as planted), and a GPU whose registers
 * start with what the last shader left: the prologue writes every one. */
static void invocations(void)
{
	static const char add[] = "clause {\n\treg read=r0 read=r1 wfma=r2 first=1\n"
	                          "\tfma ADD.f32 src0=p0 src1=p1\n\tadd NOP\n}\n";
	enum { N = 6 };
	uint8_t regs[N * BIFROST_SIM_REGS_BYTES];
	struct job a, b;
	struct ip_diag d;
	struct ip_harness_regs plant, seen;
	size_t len;
	uint8_t *code = assemble(add, &len);
	uint64_t rng = 7;
	if (!code)
		return;
	for (unsigned i = 0; i < sizeof regs; i += 4) {
		uint32_t v = (uint32_t)test_rand(&rng) | 0x40000000u;
		if (i % BIFROST_SIM_REGS_BYTES == 4 * BIFROST_SIM_GLOBAL_ID_REG)
			v = 0;
		memcpy(regs + i, &v, 4);
	}
	reg_job(&a, code, len, N, regs, sizeof regs);
	reg_job(&b, code, len, N, regs, sizeof regs);
	ip_runner_run(sim, &a.job, &a.res);
	ip_diag_init(&d, NULL);
	CHECK(!h->check(&b.job, &b.res), "six invocations, r60 zero: %s", h->check(&b.job, &b.res));
	h->records(&b.job, &plant, &seen);
	CHECK(seen.bits[0] == ~(UINT64_C(1) << BIFROST_SIM_GLOBAL_ID_REG) && !seen.bits[1] &&
	      plant.bits[0] == seen.bits[0], "several invocations: r60 alone is not shown");
	CHECK(run_wrapped(&b, &d) == 0, "wrap: %s", d.msg);
	CHECK(b.res.status == IP_STATUS_OK && b.out[0].len == sizeof regs, "six invocations ran");
	for (size_t at = 0; at < sizeof regs; at += 4) {
		uint32_t want, got;
		unsigned r = (unsigned)(at % BIFROST_SIM_REGS_BYTES / 4);
		memcpy(&want, a.out[0].data + at, 4);
		memcpy(&got, b.out[0].data + at, 4);
		if (r == BIFROST_SIM_GLOBAL_ID_REG)
			want = 0;
		CHECK(want == got, "invocation %zu r%u: 0x%08x, wrapped 0x%08x",
		      at / BIFROST_SIM_REGS_BYTES, r, want, got);
	}
	/* the same wrapped job on a GPU that starts every register stale (r60 its id) */
	{
		struct bifrost_sim_io io = {0};
		uint8_t stale[N * BIFROST_SIM_REGS_BYTES];
		uint8_t *gw = NULL;
		struct ip_result res;
		void *state;
		for (unsigned i = 0; i < sizeof stale; i += 4) {
			uint32_t v = i % BIFROST_SIM_REGS_BYTES == 4 * BIFROST_SIM_GLOBAL_ID_REG
			                 ? i / BIFROST_SIM_REGS_BYTES : 0xdead0000u | i;
			memcpy(stale + i, &v, 4);
		}
		CHECK(h->wrap(&work, &b.job, &b.res, &d) == 0, "wrap: %s", d.msg);
		CHECK(ip_bifrost_sim_open(NULL, &state, &d) == 0, "open: %s", d.msg);
		for (unsigned i = 0; i < work.job.ninputs; i++) {
			const struct ip_buf *in = &work.job.inputs[i];
			if (in->role == IP_BUF_UNIFORMS) {
				io.uniforms = in->data;
				io.uniforms_len = in->len;
			}
		}
		for (unsigned i = 0; i < work.res.noutputs; i++)
			if (work.res.outputs[i].role == IP_BUF_GLOBAL) {
				const struct ip_buf *gin = ip_job_input(&work.job, IP_BUF_GLOBAL);
				gw = work.res.outputs[i].data;
				memcpy(gw, gin->data, gin->len);
				work.res.outputs[i].len = gin->len;
				io.global = gw;
				io.global_len = gin->len;
			}
		io.code = work.job.code;
		io.code_len = work.job.code_len;
		io.regs_in = stale;
		io.regs_in_len = sizeof stale;
		io.invocations = N;
		memset(&res, 0, sizeof res);
		ip_bifrost_sim_exec(state, &io, &res);
		work.res.status = res.status;
		work.res.where = res.where;
		work.res.steps = res.steps;
		memset(b.out[0].data, 0, b.out[0].cap);
		h->unwrap(&work, &b.job, &b.res);
		CHECK(b.res.status == IP_STATUS_OK && b.out[0].len == sizeof regs,
		      "stale registers: status %d len %zu", b.res.status, b.out[0].len);
		for (size_t at = 0; at < sizeof regs && b.out[0].len; at += 4) {
			uint32_t want, got;
			memcpy(&want, a.out[0].data + at, 4);
			memcpy(&got, b.out[0].data + at, 4);
			if (at % BIFROST_SIM_REGS_BYTES == 4 * BIFROST_SIM_GLOBAL_ID_REG)
				want = 0;
			CHECK(want == got, "stale: invocation %zu r%zu: 0x%08x, wrapped 0x%08x",
			      at / BIFROST_SIM_REGS_BYTES, at % BIFROST_SIM_REGS_BYTES / 4, want, got);
		}
		ip_bifrost_sim_close(state);
	}
	/* refused: r60 planted with several invocations; uniforms past pair 125 */
	{
		uint32_t one = 1;
		uint8_t uni[1024] = {0};
		struct ip_buf in2[2];
		const char *why;
		memcpy(regs + BIFROST_SIM_REGS_BYTES + 4 * BIFROST_SIM_GLOBAL_ID_REG, &one, 4);
		why = h->check(&b.job, &b.res);
		CHECK(why && strstr(why, "r60"), "planting r60 in invocation 1: %s", why ? why : "taken");
		CHECK(h->wrap(&work, &b.job, &b.res, &d) != 0 && strstr(d.msg, "r60"),
		      "wrap refuses it too");
		b.job.limits.invocations = 1;
		CHECK(!h->check(&b.job, &b.res), "one invocation: r60 is plantable");
		in2[0] = b.in[0];
		in2[1] = (struct ip_buf){IP_BUF_UNIFORMS, uni, sizeof uni};
		b.job.inputs = in2;
		b.job.ninputs = 2;
		why = h->check(&b.job, &b.res);
		CHECK(why && strstr(why, "pair 126"), "1024 bytes of uniforms: %s", why ? why : "taken");
		in2[1].len = 1008;
		CHECK(!h->check(&b.job, &b.res), "1008 bytes of uniforms fit");
		b.job.limits.invocations = 65537;
		CHECK(h->check(&b.job, &b.res) != NULL, "65537 invocations refused");
	}
	free_job(&a);
	free_job(&b);
	free(code);
}

int main(void)
{
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_diag d;
	uint64_t rng = test_seed(30);
	ip_diag_init(&d, NULL);
	h = ip_harness_find("bifrost");
	CHECK(h && h->reserved && strstr(h->reserved, "r60"), "the Bifrost harness is listed");
	if (!h || ip_runner_open("sim", &cfg, &sim, &d) != 0) {
		CHECK(0, "open: %s", d.msg);
		return check_report("test_harness_bifrost");
	}
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
		probe_variants(probes[i], &rng);
	CHECK(compared > test_scaled(300) && reached > test_scaled(100),
	      "%u runs compared, %u reached the epilogue", compared, reached);
	stops();
	invocations();
	ip_harness_work_free(&work);
	ip_runner_close(sim);
	printf("test_harness_bifrost: %u runs compared, %u with registers\n", compared, reached);
	return check_report("test_harness_bifrost");
}

/* test_fakedrm_bifrost.c: Bifrost on the fake DRM device as a GPU (FAKEDRM_MODEL=0): every
 * Bifrost model the fake lists opens with its kernel id; a compute job built by the drm
 * runner's Bifrost builder stores what it computes at the GPU address a uniform holds; a store
 * where no BO is mapped is an MMU page fault (a write in the kernel log, TRANSLATION_FAULT_2 for
 * address 8: the runner stores fault 0xc2); r60 is the invocation's global id
 * and other registers hold what the last shader left; the register harness through the builder
 * gives the simulator's registers. Runs itself again with the fake device preloaded. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runners/drm/drm_dev.h"
#include "runners/drm/drm_job.h"
#include "runners/drm/drm_uapi.h"
#include "bifrost/bifrost.h"
#include "bifrost_sim_run.h"
#include "check.h"
#include "fakedrm_rerun.h"
#include "isaprobe/bifrost_sim.h"
#include "isaprobe/internal/harness.h"

/* The job kind under test (named in its ISA's descriptor, encoders/<isa>/<isa>_isa.c). */
extern const struct ip_drm_jobkind ip_drm_bifrost_kind;

static const struct {
	const char *node, *model;
	uint32_t id;
} models[] = {
	{"/dev/dri/renderD128", "g52", 0x7212}, {"/dev/dri/renderD129", "g31", 0x7093},
	{"/dev/dri/renderD130", "g71", 0x6000}, {"/dev/dri/renderD131", "g72", 0x6221},
	{"/dev/dri/renderD132", "g51", 0x7090}, {"/dev/dri/renderD133", "g76", 0x7211},
};
#define DEVICES                                                                                 \
	"/dev/dri/renderD128=g52,/dev/dri/renderD129=g31,/dev/dri/renderD130=g71,"              \
	"/dev/dri/renderD131=g72,/dev/dri/renderD132=g51,/dev/dri/renderD133=g76"

/* One G52 and the three arenas the builder writes one job into: code (executable),
 * descriptors, data. */
static const struct {
	size_t size;
	int exec;
} arena_bos[3] = {{1 << 20, 1}, {1 << 20, 0}, {4 << 20, 0}};

struct rig {
	struct ip_drm_dev dev;
	struct ip_drm_arena a[3];
	struct ip_drm_slot slot, *order;
	struct ip_drm_batch b;
};

static int rig_open(struct rig *r)
{
	struct ip_diag d;
	int lost, rc;
	memset(r, 0, sizeof *r);
	ip_diag_init(&d, NULL);
	rc = ip_drm_open(models[0].node, &r->dev, &d);
	for (int i = 0; i < 3 && !rc; i++)
		rc = ip_drm_bo_new(&r->dev, arena_bos[i].size, arena_bos[i].exec, &r->a[i].bo, &lost, &d);
	CHECK(!rc, "open the G52: %s", d.msg);
	CHECK(!r->dev.model_ext, "FAKEDRM_MODEL=0 is a GPU, not a model");
	return rc;
}

static void rig_close(struct rig *r)
{
	for (int i = 0; i < 3; i++)
		ip_drm_bo_free(&r->dev, &r->a[i].bo);
	ip_drm_close(&r->dev);
}

/* Builds and runs one job, writing the addresses addrs[] say (the GPU address of a role's
 * buffer, as a runner does) before it submits; res gets what the drm runner's collect gives:
 * ok and the outputs, or the fault code. Returns how the fence ended. */
static enum ip_drm_fence rig_run(struct rig *r, const struct ip_job *job, struct ip_result *res,
                                 const struct ip_harness_addr *addrs, unsigned naddrs)
{
	enum ip_drm_fence f;
	memset(&r->slot, 0, sizeof r->slot);
	memset(&r->b, 0, sizeof r->b);
	r->slot.job = job;
	r->slot.res = res;
	r->order = &r->slot;
	for (int i = 0; i < 3; i++)
		r->a[i].used = 0;
	r->b = (struct ip_drm_batch){&r->dev, r->a[0], r->a[1], r->a[2], &r->order, 1, 0, 0, NULL};
	CHECK(ip_drm_bifrost_kind.check(&r->dev, job, res, &(struct ip_drm_sizes){0}) == NULL,
	      "the builder takes the job");
	CHECK(ip_drm_bifrost_kind.build(&r->b) == 0, "build");
	for (unsigned i = 0; i < naddrs; i++) {
		const struct ip_harness_addr *a = &addrs[i];
		uint64_t va = r->slot.role[a->of].va + a->add;
		for (unsigned k = 0; k < a->bytes; k++)
			r->slot.role[a->in].map[a->at + k] = (uint8_t)(va >> (8 * k));
	}
	CHECK(ip_drm_fence_reset(&r->dev) == 0 && ip_drm_bifrost_kind.kick(&r->b, 0) == 0, "kick");
	f = ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL);
	ip_drm_bifrost_kind.collect(&r->b, 0, f);
	if (r->slot.state == IP_DRM_SLOT_DONE) {
		ip_drm_slot_finish(&r->dev, &r->slot);
	} else {
		ip_result_clear(res);
		res->status = r->slot.state == IP_DRM_SLOT_FAULT ? IP_STATUS_FAULT : IP_STATUS_TIMEOUT;
		res->fault = r->slot.fault;
	}
	return f;
}

/* Assembled code, or NULL (a failed check). */
static uint8_t *assemble(const char *text, size_t *len)
{
	uint8_t *code = bifrost_code(text, len);
	CHECK(code, "the test's program assembles");
	return code;
}

static float f32(const uint8_t *p)
{
	float f;
	memcpy(&f, p, 4);
	return f;
}

static uint32_t u32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* Every Bifrost model the fake lists: its kernel id, and the runner's model and ISA for it. */
static void ids(void)
{
	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
		struct ip_drm_dev dev;
		struct ip_diag d;
		struct ip_panfrost_get_param gp = {IP_PANFROST_PARAM_GPU_PROD_ID, 0, 0};
		ip_diag_init(&d, NULL);
		if (ip_drm_open(models[i].node, &dev, &d) != 0) {
			CHECK(0, "%s (%s): %s", models[i].node, models[i].model, d.msg);
			continue;
		}
		REFUSED(dev.fd, IP_IOCTL_PANFROST_GET_PARAM, &gp, 0, "GET_PARAM GPU_PROD_ID");
		CHECK(gp.value == models[i].id, "%s: GPU_PROD_ID 0x%llx, want 0x%x", models[i].model,
		      (unsigned long long)gp.value, models[i].id);
		CHECK(!strcmp(dev.gpu.model, models[i].model) && dev.gpu.isa &&
		      !strcmp(dev.gpu.isa, "bifrost"), "%s: the runner sees a %s running %s",
		      models[i].model, dev.gpu.model, dev.gpu.isa ? dev.gpu.isa : "nothing");
		ip_drm_close(&dev);
	}
}

/* a + b (uniform pair 0) stored at the address in uniform pair 1 */
static const char sum_store[] =
	"clause no_eos=1 back_to_back=1 {\n"
	"\treg first=1 uc_sel=ublk0 uniform_lo=0\n\tfma ADD.f32 src0=uc_lo src1=uc_hi\n\tadd NOP\n"
	"\treg wfma=r0\n\tfma NOP\n\tadd NOP\n}\n"
	"clause datareg=0 type=ssbo_load {\n"
	"\treg first=1 uc_sel=ublk0 uniform_lo=1\n\tfma NOP\n\tadd STORE.i32 src0=uc_lo src1=uc_hi\n}\n";

/* Global memory at GPU addresses: a store lands where a uniform points; a store where no BO is
 * mapped faults. */
static void global_store(struct rig *r)
{
	float uni[4] = {1.5f, 2.25f, 0, 0};
	uint8_t out[64];
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, (const uint8_t *)uni, sizeof uni},
	                       {IP_BUF_GLOBAL, (const uint8_t[64]){0}, 64}};
	struct ip_out_buf o = {IP_BUF_GLOBAL, out, sizeof out, 0};
	struct ip_harness_addr at = {IP_BUF_UNIFORMS, IP_BUF_GLOBAL, 8, 8, 0};
	struct ip_job job;
	struct ip_result res;
	size_t len;
	uint8_t *code = assemble(sum_store, &len);
	if (!code)
		return;
	ip_job_init(&job, &res, code, len, in, 2, &o, 1);
	memset(out, 0xee, sizeof out);
	CHECK(rig_run(r, &job, &res, &at, 1) == IP_DRM_FENCE_OK && res.status == IP_STATUS_OK,
	      "the store runs: status %d fault 0x%x", res.status, res.fault);
	CHECK(o.len == 64 && f32(out) == 3.75f && u32(out + 4) == 0,
	      "the sum landed at the buffer's GPU address: %g", (double)f32(out));
	/* the address the simulator would take (an offset: 8) is nothing on a GPU: an MMU page
	 * fault, which the kernel logs (a write to 0x8) and after which the job manager writes no
	 * status; the drm runner reads the exception type from the log. The page tables have
	 * levels 0 and 1 for the first GiB (the BOs lie there, from 32 MiB) but no level-2 entry
	 * for its first 2 MiB: a translation fault at level 2 (0xc2), not 1 */
	memcpy(&uni[2], &(uint32_t){8}, 4);
	{
		int kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
		enum ip_drm_fence f;
		char log[4096];
		ssize_t got;
		struct ip_runner *drm;
		struct ip_runner_config cfg = {"bifrost", NULL, models[0].node};
		struct ip_diag d;
		CHECK(kmsg >= 0, "the fake's /dev/kmsg opens");
		lseek(kmsg, 0, SEEK_END);
		f = rig_run(r, &job, &res, NULL, 0);
		/* killed (a fault's fence) from Linux 5.15, left to the timeout before */
		CHECK((f == IP_DRM_FENCE_FAULT || f == IP_DRM_FENCE_OK || f == IP_DRM_FENCE_CANCELLED) &&
		      u32(r->slot.desc) == 0,
		      "a store to address 8: fence %d, the job's status unwritten (0x%08x)", f,
		      u32(r->slot.desc));
		got = kmsg >= 0 ? read(kmsg, log, sizeof log - 1) : -1;
		log[got > 0 ? got : 0] = 0;
		CHECK(strstr(log, "Unhandled Page fault in AS0 at VA 0x0000000000000008") &&
		      strstr(log, "exception type 0xC2: TRANSLATION_FAULT_2") &&
		      strstr(log, "access type 0x3: WRITE"), "the kernel log: %s", log);
		if (kmsg >= 0)
			close(kmsg);
		ip_diag_init(&d, NULL);
		if (ip_runner_open("drm", &cfg, &drm, &d) == 0) {
			/* 8: level 2, as above; 2 GiB: no BO in that GiB, level 1; 2^40: none in that
			 * 512 GiB, level 0 */
			static const struct {
				uint32_t lo, hi, fault;
			} far[3] = {{8, 0, 0xc2}, {0x80000000u, 0, 0xc1}, {0, 0x100, 0xc0}};
			for (int k = 0; k < 3; k++) {
				memcpy(&uni[2], &far[k].lo, 4);
				memcpy(&uni[3], &far[k].hi, 4);
				ip_runner_run(drm, &job, &res);
				CHECK(res.status == IP_STATUS_FAULT && res.fault == far[k].fault,
				      "a store to 0x%x%08x through the runner: %d 0x%x (%s)", far[k].hi,
				      far[k].lo, res.status, res.fault, res.why ? res.why : "");
			}
			ip_runner_close(drm);
		} else {
			CHECK(0, "open the drm runner: %s", d.msg);
		}
	}
	free(code);
}

/* each invocation stores r60 at address + 4 r60; then r5, which the program never writes */
static const char store_id[] =
	"clause no_eos=1 back_to_back=1 datareg=60 type=ssbo_load {\n"
	"\treg read=r60 first=1 uc_sel=c0\n\tfma IMAD src0=p0 src1=uc_lo src2=zero\n\tadd NOP\n"
	"\treg uc_sel=ublk0 uniform_lo=1\n\tfma ADD.i32 src0=t0 src1=uc_lo\n"
	"\tadd STORE.i32 src0=t src1=uc_hi\n\tconst64 4\n}\n"
	"clause datareg=5 type=ssbo_load {\n"
	"\treg first=1 uc_sel=ublk0 uniform_lo=2\n\tfma NOP\n\tadd STORE.i32 src0=uc_lo src1=uc_hi\n}\n";

/* Runs store_id on n invocations: out gets each invocation's r60 in word i, r5 in word 8. */
static void run_store_id(struct rig *r, uint32_t n, uint8_t out[64])
{
	uint32_t uni[6] = {0};
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, (const uint8_t *)uni, sizeof uni},
	                       {IP_BUF_GLOBAL, (const uint8_t[64]){0}, 64}};
	struct ip_out_buf o = {IP_BUF_GLOBAL, out, 64, 0};
	struct ip_harness_addr at[2] = {{IP_BUF_UNIFORMS, IP_BUF_GLOBAL, 8, 8, 0},
	                                {IP_BUF_UNIFORMS, IP_BUF_GLOBAL, 16, 8, 32}};
	struct ip_job job;
	struct ip_result res;
	size_t len;
	uint8_t *code = assemble(store_id, &len);
	memset(out, 0, 64);
	if (!code)
		return;
	ip_job_init(&job, &res, code, len, in, 2, &o, 1);
	job.limits.invocations = n;
	CHECK(rig_run(r, &job, &res, at, 2) == IP_DRM_FENCE_OK && res.status == IP_STATUS_OK,
	      "the stores of r60 and r5 run: status %d fault 0x%x", res.status, res.fault);
	free(code);
}

/* r5 = 7 + 8, then nothing else */
static const char write_r5[] =
	"clause {\n\treg first=1 uc_sel=ublk0 uniform_lo=0\n\tfma ADD.i32 src0=uc_lo src1=uc_hi\n"
	"\tadd NOP\n\treg wfma=r5\n\tfma NOP\n\tadd NOP\n}\n";

/* Registers: the builder's preload gives r60 each invocation's global id; a register no shader
 * wrote holds the fake's stand-in; one the last shader wrote, what it left (a GPU clears
 * nothing between jobs: the harness's prologue writes every register, harness() below). */
static void registers(struct rig *r)
{
	uint32_t uni[2] = {7, 8};
	struct ip_buf u = {IP_BUF_UNIFORMS, (const uint8_t *)uni, sizeof uni};
	uint8_t out[64];
	struct ip_job job;
	struct ip_result res;
	size_t len;
	uint8_t *w5 = assemble(write_r5, &len);
	run_store_id(r, 5, out);
	for (uint32_t i = 0; i < 5; i++)
		CHECK(u32(out + 4 * i) == i, "invocation %u's r60: %u", i, u32(out + 4 * i));
	CHECK(u32(out + 32) == (0xdead0000u | 5), "r5 before any shader wrote it: 0x%08x",
	      u32(out + 32));
	if (!w5)
		return;
	ip_job_init(&job, &res, w5, len, &u, 1, NULL, 0);
	CHECK(rig_run(r, &job, &res, NULL, 0) == IP_DRM_FENCE_OK && res.status == IP_STATUS_OK,
	      "r5 = 15 runs");
	run_store_id(r, 1, out);
	CHECK(u32(out + 32) == 15, "the next shader finds r5 = %u, left by the last one (15)",
	      u32(out + 32));
	free(w5);
}

/* The register harness through the builder: every register as the simulator gives it, also
 * after a shader left values in all of them, one invocation and several. */
static void harness(struct rig *r)
{
	static const char prog[] =
		"clause no_eos=1 back_to_back=1 {\n"
		"\treg read=r0 read=r1 wfma=r2 first=1\n\tfma ADD.f32 src0=p0 src1=p1\n\tadd NOP\n}\n"
		"clause {\n\treg read=r2 read=r63 wfma=r3 first=1\n"
		"\tfma FMA.f32 src0=p0 src1=p0 src2=p1\n\tadd NOP\n}\n";
	const struct ip_harness *h = ip_harness_find("bifrost");
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_runner *sim;
	struct ip_diag d;
	size_t len;
	uint8_t *code = assemble(prog, &len);
	ip_diag_init(&d, NULL);
	if (!code || !h || ip_runner_open("sim", &cfg, &sim, &d) != 0) {
		CHECK(0, "set-up: %s", d.msg);
		free(code);
		return;
	}
	for (uint32_t n = 1; n <= 6; n += 5) {
		enum { MAXN = 6 };
		uint8_t regs[MAXN * BIFROST_SIM_REGS_BYTES], want[sizeof regs], got[sizeof regs];
		struct ip_buf in = {IP_BUF_REGISTERS, regs, n * BIFROST_SIM_REGS_BYTES};
		struct ip_out_buf ow = {IP_BUF_REGISTERS, want, n * BIFROST_SIM_REGS_BYTES, 0};
		struct ip_out_buf og = {IP_BUF_REGISTERS, got, n * BIFROST_SIM_REGS_BYTES, 0};
		struct ip_job job;
		struct ip_result res;
		struct ip_harness_work w = {0};
		uint64_t rng = 11 + n;
		for (unsigned i = 0; i < sizeof regs; i += 4) {
			/* floats of 1 to 2, r60 zero when several invocations run */
			uint32_t v = 0x3f800000u | ((uint32_t)test_rand(&rng) & 0x7fffffu);
			if (n > 1 && i % BIFROST_SIM_REGS_BYTES == 4 * BIFROST_SIM_GLOBAL_ID_REG)
				v = 0;
			memcpy(regs + i, &v, 4);
		}
		ip_job_init(&job, &res, code, len, &in, 1, &ow, 1);
		job.limits.invocations = n;
		ip_runner_run(sim, &job, &res);
		CHECK(res.status == IP_STATUS_OK, "the simulator runs it");
		/* leave something in every register of the GPU first */
		{
			uint32_t uni[2] = {0x12345678, 0x9abcdef0};
			struct ip_buf u = {IP_BUF_UNIFORMS, (const uint8_t *)uni, sizeof uni};
			size_t wl;
			uint8_t *fill = assemble("clause {\n\treg first=1 uc_sel=ublk0 uniform_lo=0\n"
			                         "\tfma MOV src0=uc_lo\n\tadd MOV src0=uc_hi\n"
			                         "\treg wfma=r63 wadd=r1\n\tfma NOP\n\tadd NOP\n}\n", &wl);
			struct ip_job fj;
			struct ip_result fr;
			if (fill) {
				ip_job_init(&fj, &fr, fill, wl, &u, 1, NULL, 0);
				CHECK(rig_run(r, &fj, &fr, NULL, 0) == IP_DRM_FENCE_OK, "a shader leaves r1, r63");
			}
			free(fill);
		}
		ip_job_init(&job, &res, code, len, &in, 1, &og, 1);
		job.limits.invocations = n;
		CHECK(h->wrap(&w, &job, &res, &d) == 0, "wrap: %s", d.msg);
		CHECK(rig_run(r, &w.job, &w.res, w.addrs, w.naddrs) == IP_DRM_FENCE_OK &&
		      w.res.status == IP_STATUS_OK, "%u invocations wrapped run on the G52: %d 0x%x", n,
		      w.res.status, w.res.fault);
		h->unwrap(&w, &job, &res);
		CHECK(res.status == IP_STATUS_OK && og.len == ow.len, "%u invocations: registers len %zu",
		      n, og.len);
		for (size_t at = 0; og.len == ow.len && at < og.len; at += 4) {
			uint32_t a = u32(want + at), b = u32(got + at);
			if (n > 1 && at % BIFROST_SIM_REGS_BYTES == 4 * BIFROST_SIM_GLOBAL_ID_REG)
				a = 0;
			CHECK(a == b, "%u invocations: invocation %zu r%zu 0x%08x on the simulator, 0x%08x "
			      "on the G52", n, at / BIFROST_SIM_REGS_BYTES, at % BIFROST_SIM_REGS_BYTES / 4,
			      a, b);
		}
		ip_harness_work_free(&w);
	}
	ip_runner_close(sim);
	free(code);
}

int main(int argc, char **argv)
{
	struct rig r;
	(void)argc;
	if (!fakedrm_under_test()) {
		setenv("FAKEDRM_MODEL", "0", 1);
		return fakedrm_rerun("test_fakedrm_bifrost", argv, DEVICES, "2");
	}
	ids();
	if (rig_open(&r) == 0) {
		registers(&r);
		global_store(&r);
		harness(&r);
		rig_close(&r);
	}
	return check_report("test_fakedrm_bifrost");
}

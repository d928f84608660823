/* midgard_jobs.c: the jobs the sim and remote suites run: a 3-instruction Midgard probe whose
 * jobs differ only in load/store bits 25-50, with their inputs and output buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "midgard/midgard.h"

static const char probe[] =
	"ls {\n\tld_attr_32 r0.xyzw, [1].xyzw unk25=0x1c1c\n}\n"
	"alu {\n\tvmul.fadd r1, r0.xyzw, r23.xyzw\n}\n"
	"ls {\n\tst_vary_32 r1.xyzw, [0].xyzw unk25=0x1c9c\n}\n";

static const float attrs[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const float unis[8] = {0.5f, 0.25f, 2, 4, 8, 16, 32, 64};

struct bench_mg_jobs *bench_mg_jobs_new(size_t n)
{
	const struct ip_field *unk = ip_format_field(&midgard_load_store, "unk25");
	struct bench_mg_jobs *j = calloc(1, sizeof *j);
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	size_t len = 0;
	ip_diag_init(&d, "the benchmark's Midgard probe");
	if (!j || !unk) {
		fputs("isaprobe bench: out of memory, or no field unk25\n", stderr);
		goto fail;
	}
	j->n = n;
	j->codes = calloc(n, sizeof *j->codes);
	j->vary = calloc(n, sizeof *j->vary);
	j->regs = calloc(n, sizeof *j->regs);
	j->jobs = calloc(n, sizeof *j->jobs);
	j->res = calloc(n, sizeof *j->res);
	j->outs = calloc(n, sizeof *j->outs);
	if (!j->codes || !j->vary || !j->regs || !j->jobs || !j->res || !j->outs) {
		fputs("isaprobe bench: out of memory\n", stderr);
		goto fail;
	}
	if (midgard_isa.assemble(probe, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		goto fail;
	}
	if (midgard_isa.pack(&p, &bin, &len, &d) != 0 || len > sizeof j->codes[0]) {
		ip_diag_print(&d, stderr);
		ip_program_free(&p);
		goto fail;
	}
	ip_program_free(&p);
	j->len = len;
	j->bitpos = midgard_ls_tag.bits + unk->lo;
	j->width = unk->width;
	j->inputs[0] = (struct ip_buf){IP_BUF_ATTRIBUTES, (const uint8_t *)attrs, sizeof attrs};
	j->inputs[1] = (struct ip_buf){IP_BUF_UNIFORMS, (const uint8_t *)unis, sizeof unis};
	for (size_t i = 0; i < n; i++) {
		memcpy(j->codes[i], bin, len);
		j->jobs[i].code = j->codes[i];
		j->jobs[i].code_len = len;
		j->jobs[i].inputs = j->inputs;
		j->jobs[i].ninputs = 2;
		j->jobs[i].limits.invocations = 1;
		j->jobs[i].uniform_regs = 1;
		j->outs[i][0] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, j->vary[i], 64, 0};
		j->outs[i][1] = (struct ip_out_buf){IP_BUF_REGISTERS, j->regs[i], 512, 0};
		j->res[i].outputs = j->outs[i];
		j->res[i].noutputs = 2;
	}
	free(bin);
	return j;
fail:
	free(bin);
	bench_mg_jobs_free(j);
	return NULL;
}

void bench_mg_jobs_set(struct bench_mg_jobs *j, size_t i, uint64_t value)
{
	ip_word v = ip_word_zero();
	v.w[0] = value & ((UINT64_C(1) << j->width) - 1);
	ip_bytes_put_bits(j->codes[i], j->bitpos, j->width, &v);
}

void bench_mg_jobs_free(struct bench_mg_jobs *j)
{
	if (!j)
		return;
	free(j->codes);
	free(j->vary);
	free(j->regs);
	free(j->jobs);
	free(j->res);
	free(j->outs);
	free(j);
}

/* test_midgard_sim_batch.c: one runner, many jobs: results of a batch (which reuses the decoding
 * of unchanged words between jobs) equal those of each job run on a fresh runner. */
#include "midgard_sim_util.h"

#define NJOBS 64

static const float attrs[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const float unis[8] = {0.5f, 0.25f, 2, 4, 8, 16, 32, 64};

int main(void)
{
	static const char probe[] =
		"ls {\n\tld_attr_32 r0.xyzw, [1].xyzw unk25=0x1c1c\n}\n"
		"alu {\n\tvmul.fadd r1, r0.xyzw, r23.xyzw\n}\n"
		"ls {\n\tst_vary_32 r1.xyzw, [0].xyzw unk25=0x1c9c\n}\n";
	static uint8_t codes[NJOBS][64], vary[2][NJOBS][64], regs[2][NJOBS][512];
	struct ip_buf inputs[2] = {{IP_BUF_ATTRIBUTES, (const uint8_t *)attrs, sizeof attrs},
	                           {IP_BUF_UNIFORMS, (const uint8_t *)unis, sizeof unis}};
	struct ip_job jobs[NJOBS];
	struct ip_result res[2][NJOBS];
	struct ip_out_buf outs[2][NJOBS][2];
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	struct ip_runner *r;
	struct ip_diag d;
	uint8_t *bin;
	size_t len;
	unsigned kinds[NJOBS], nstatus[IP_STATUS_COUNT] = {0};
	uint64_t seed = test_seed(42);
	const struct ip_field *unk = ip_format_field(&midgard_load_store, "unk25");
	const struct ip_field *op = ip_format_field(&midgard_vector_alu, "op");

	if (sim_assemble(probe, &bin, &len) != 0 || len > 64)
		return 1;
	/* variants: bits 25-50 of either load/store word, the ALU opcode, or nothing changed */
	for (unsigned i = 0; i < NJOBS; i++) {
		ip_word v = ip_word_zero();
		unsigned kind = (unsigned)(test_rand(&seed) % 4);
		kinds[i] = kind;
		memcpy(codes[i], bin, len);
		v.w[0] = test_rand(&seed) & ((1u << unk->width) - 1);
		if (kind == 0)
			ip_bytes_put_bits(codes[i], midgard_ls_tag.bits + unk->lo, unk->width, &v);
		else if (kind == 1)
			ip_bytes_put_bits(codes[i] + len - 16, midgard_ls_tag.bits + unk->lo, unk->width, &v);
		else if (kind == 2) {
			/* the vector field follows the 32-bit control word and one register word */
			v.w[0] = i % 2 ? 0x14 : 0x28;
			ip_bytes_put_bits(codes[i] + 16, midgard_alu_control.bits + midgard_alu_reg.bits + op->lo,
			                  op->width, &v);
		}
		memset(&jobs[i], 0, sizeof jobs[i]);
		jobs[i].code = codes[i];
		jobs[i].code_len = len;
		jobs[i].inputs = inputs;
		jobs[i].ninputs = 2;
		jobs[i].uniform_regs = 1;
		for (unsigned k = 0; k < 2; k++) {
			outs[k][i][0] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, vary[k][i], 64, 0};
			outs[k][i][1] = (struct ip_out_buf){IP_BUF_REGISTERS, regs[k][i], 512, 0};
			memset(&res[k][i], 0, sizeof res[k][i]);
			res[k][i].outputs = outs[k][i];
			res[k][i].noutputs = 2;
		}
	}
	ip_diag_init(&d, NULL);
	if (ip_runner_open("sim", &cfg, &r, &d) != 0)
		return 1;
	CHECK(ip_runner_run_batch(r, jobs, NJOBS, res[0]) == 0, "batch");
	ip_runner_close(r);
	for (unsigned i = 0; i < NJOBS; i++) {
		if (ip_runner_open("sim", &cfg, &r, &d) != 0)
			return 1;
		ip_runner_run(r, &jobs[i], &res[1][i]);
		ip_runner_close(r);
		CHECK(res[0][i].status == res[1][i].status && res[0][i].fault == res[1][i].fault &&
		      res[0][i].steps == res[1][i].steps,
		      "job %u: batch %s, alone %s", i, ip_status_name(res[0][i].status),
		      ip_status_name(res[1][i].status));
		CHECK(memcmp(vary[0][i], vary[1][i], 64) == 0 && memcmp(regs[0][i], regs[1][i], 512) == 0,
		      "job %u: outputs differ", i);
	}
	/* the unchanged probe itself stores (5, 6, 7, 8) + (0.5, 0.25, 2, 4) */
	for (unsigned i = 0; i < NJOBS; i++) {
		nstatus[res[0][i].status]++;
		if (kinds[i] == 3)
			CHECK(sim_u32(vary[0][i]) == ip_f32_bits(5.5f) &&
			          sim_u32(vary[0][i] + 12) == ip_f32_bits(12.0f),
			      "job %u: the probe's own result", i);
	}
	CHECK(nstatus[IP_STATUS_OK] > 0 && nstatus[IP_STATUS_UNMODELED] > 0,
	      "the variants give several outcomes (%u ok, %u unmodeled)", nstatus[IP_STATUS_OK],
	      nstatus[IP_STATUS_UNMODELED]);
	free(bin);
	return check_report("test_midgard_sim_batch");
}

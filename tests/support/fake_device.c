/* fake_device.c: what fake_device.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "fake_device.h"

const struct ip_runner_backend fake_backend = {
	.name = "fake",
	.summary = "test device with known behaviour",
	.open = fake_open,
	.run_batch = fake_run_batch,
	.close = fake_close,
	.model = fake_model,
};

const char fake_probe_text[] =
	"# the campaign tests' probe\n"
	SAMPLE_MIDGARD_LD_ATTR_HEAD
	"target 0.load_store unk25\n"
	"input attributes distinct 64\n"
	"observe registers 16\n"
	"context attr op=ld_attr_32\n"
	"context vary op=ld_vary_32\n";

unsigned fake_delay_us;

int fake_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	(void)cfg;
	(void)d;
	*state = NULL;
	return 0;
}

uint32_t fake_word(const uint8_t *b, size_t len, unsigned i)
{
	uint32_t w = 0;
	for (unsigned k = 0; k < 4; k++)
		if (4 * i + k < len)
			w |= (uint32_t)b[4 * i + k] << (8 * k);
	return w;
}

void fake_put(uint8_t *b, unsigned i, uint32_t w)
{
	for (unsigned k = 0; k < 4; k++)
		b[4 * i + k] = (uint8_t)(w >> (8 * k));
}

void fake_one(const struct ip_job *job, struct ip_result *res)
{
	const struct ip_isa *isa = ip_isa_find("midgard");
	const struct ip_format *ls = ip_isa_format(isa, "load_store");
	const struct ip_field *op_f = ip_format_field(ls, "op"), *unk_f = ip_format_field(ls, "unk25");
	const struct ip_buf *attr = ip_job_input(job, IP_BUF_ATTRIBUTES);
	struct ip_out_buf *regs = ip_result_output(res, IP_BUF_REGISTERS);
	struct ip_program prog;
	struct ip_diag d;
	uint64_t op = 0, u = 0;
	int found = 0;
	ip_diag_init(&d, NULL);
	if (isa->unpack(job->code, job->code_len, &prog, &d) != 0) {
		res->status = IP_STATUS_INVALID;
		res->why = "does not unpack";
		return;
	}
	for (size_t b = 0; b < prog.nbundles && !found; b++)
		for (unsigned s = 0; s < prog.bundles[b].nslots && !found; s++)
			if (prog.bundles[b].slots[s].fmt == ls) {
				op = ip_field_get(op_f, &prog.bundles[b].slots[s].value);
				u = ip_field_get(unk_f, &prog.bundles[b].slots[s].value);
				found = 1;
			}
	ip_program_free(&prog);
	if (u >> 15 & 1) {
		res->status = IP_STATUS_FAULT;
		res->fault = 0x42;
		res->why = "bit 15";
		return;
	}
	if (u >> 20 & 1) {
		res->status = IP_STATUS_TIMEOUT;
		res->why = "bit 20";
		return;
	}
	res->status = IP_STATUS_OK;
	if (!regs || regs->cap < 16 || !attr)
		return;
	fake_put(regs->data, 0, fake_word(attr->data, attr->len, (unsigned)(u & 7)) ^
	                        (u >> 3 & 1 ? 0x80000000u : 0));
	fake_put(regs->data, 1, op == 0x94 ? fake_word(attr->data, attr->len, 0) >> (u >> 4 & 3) : 0);
	fake_put(regs->data, 2, (uint32_t)op);
	fake_put(regs->data, 3, 0);
	regs->len = 16;
}

int fake_run_batch(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	(void)state;
	for (size_t i = 0; i < n; i++)
		fake_one(&jobs[i], &res[i]);
	if (fake_delay_us)
		usleep(fake_delay_us);
	return 0;
}

void fake_close(void *state)
{
	(void)state;
}

const char *fake_model(void *state)
{
	(void)state;
	return "fake-1";
}

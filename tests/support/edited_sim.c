/* edited_sim.c: what edited_sim.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "edited_sim.h"

int (*edited_sim_edit)(uint8_t *code, size_t len);

int edited_sim_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct ip_runner *r;
	if (ip_runner_open("sim", cfg, &r, d))
		return -1;
	*state = r;
	return 0;
}

int edited_sim_run(void *state, const struct ip_job *jobs, size_t n,
                   struct ip_result *results)
{
	struct ip_job *mine = calloc(n ? n : 1, sizeof *mine);
	uint8_t **code = calloc(n ? n : 1, sizeof *code);
	int *negate = calloc(n ? n : 1, sizeof *negate), rc;
	if (!mine || !code || !negate)
		abort();
	for (size_t i = 0; i < n; i++) {
		mine[i] = jobs[i];
		if (!(code[i] = malloc(jobs[i].code_len ? jobs[i].code_len : 1)))
			abort();
		memcpy(code[i], jobs[i].code, jobs[i].code_len);
		negate[i] = edited_sim_edit(code[i], jobs[i].code_len);
		mine[i].code = code[i];
	}
	rc = ip_runner_run_batch(state, mine, n, results);
	for (size_t i = 0; i < n; i++) {
		for (unsigned o = 0; negate[i] && results[i].status == IP_STATUS_OK &&
		                     o < results[i].noutputs; o++)
			for (size_t b = 0; b + 4 <= results[i].outputs[o].len; b += 4) {
				uint8_t *w = results[i].outputs[o].data + b;
				if (w[0] | w[1] | w[2] | (w[3] & 0x7f))
					w[3] ^= 0x80;
			}
		free(code[i]);
	}
	free(negate);
	free(code);
	free(mine);
	return rc;
}

void edited_sim_close(void *state)
{
	ip_runner_close(state);
}

const char *edited_sim_model(void *state)
{
	return ip_runner_model(state);
}

struct ip_store *edited_sim_campaign_on(const char *path, const struct ip_probe *p,
                                        const char *runner, const char *device,
                                        const struct ip_runner_backend *b,
                                        struct ip_campaign_result *r)
{
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_campaign_opts o;
	struct ip_diag d;
	memset(&o, 0, sizeof o);
	o.runner = runner;
	o.device = device;
	o.backend = b;
	o.strategy = IP_STRATEGY_AUTO;
	o.jobs = 2;
	ip_diag_init(&d, path);
	CHECK(ip_campaign_run(s, p, &o, r, &d) == 0, "campaign %s: %s", path, d.msg);
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer %s: %s", path, d.msg);
	CHECK(ip_report_sentences(s, &d) == 0, "sentences %s: %s", path, d.msg);
	return s;
}

struct ip_store *edited_sim_campaign(const char *path, const struct ip_probe *p,
                                     const struct ip_runner_backend *b)
{
	struct ip_campaign_result r;
	return edited_sim_campaign_on(path, p, "sim", NULL, b, &r);
}

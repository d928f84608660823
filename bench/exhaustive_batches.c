/* exhaustive_batches.c: the exhaustive strategy's variants of a probe in a campaign's batches
 * through ip_exec on a runner, set up and torn down once for the campaign and remote suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exhaustive_batches.h"
#include "isaprobe/internal/campaign.h"

#define BATCH IP_CAMPAIGN_DEFAULT_BATCH

int bench_exhaustive_open(struct bench_exhaustive *e, const struct ip_probe *p, const char *spec,
                          uint64_t budget)
{
	struct ip_runner_config cfg = {p->isa->name, p->gpu, NULL};
	struct ip_strategy_params sp = {0};
	ip_word seeds[IP_PROBE_MAX_CONTEXTS];
	struct ip_diag d;
	memset(e, 0, sizeof *e);
	ip_diag_init(&d, p->name);
	ip_strategy_params_of(&sp, p, IP_STRATEGY_EXHAUSTIVE, seeds);
	sp.budget = budget;
	sp.force = 1;
	e->v = calloc(BATCH, sizeof *e->v);
	e->o = calloc(BATCH, sizeof *e->o);
	e->data = calloc(BATCH, p->output_len ? p->output_len : 1);
	if (!e->v || !e->o || !e->data) {
		ip_diag_plain(&d, "out of memory");
		goto fail;
	}
	if (ip_runner_open(spec, &cfg, &e->r, &d) || ip_exec_init(&e->x, p, e->r, BATCH, &d))
		goto fail;
	e->have_exec = 1;
	if (ip_strategy_new(&sp, &e->st, &d))
		goto fail;
	return 0;
fail:
	ip_diag_print(&d, stderr);
	bench_exhaustive_close(e);
	return -1;
}

size_t bench_exhaustive_next(struct bench_exhaustive *e)
{
	size_t n = 0;
	while (n < BATCH && ip_strategy_next(e->st, &e->v[n]))
		n++;
	return n;
}

void bench_exhaustive_close(struct bench_exhaustive *e)
{
	ip_strategy_free(e->st);
	if (e->have_exec)
		ip_exec_free(&e->x);
	ip_runner_close(e->r);
	free(e->v);
	free(e->o);
	free(e->data);
	memset(e, 0, sizeof *e);
}

/* campaign_preview.c: a campaign's dry run: what each strategy would run per context, a small
 * sample run on the runner to say how much of the target it models, and what a runner's register
 * harness makes of each seed (docs/harness.md). Nothing is stored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "isaprobe/internal/campaign_preview.h"
#include "isaprobe/internal/drm.h"
#include "isaprobe/internal/harness.h"

static uint64_t mix64(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

/* Sample variant k of context c: the seed, then each bit flipped alone, then random values. */
static ip_word sample_value(const struct ip_probe *p, unsigned c, uint64_t k, uint64_t seed)
{
	ip_word v = p->contexts[c].seed_value;
	if (k == 0)
		return v;
	if (k <= p->width) {
		v.w[(k - 1) / 64] ^= UINT64_C(1) << ((k - 1) % 64);
		return v;
	}
	v.w[0] = mix64(seed ^ mix64(((uint64_t)c << 48) ^ k));
	v.w[1] = p->width > 64 ? mix64(v.w[0]) & ip_mask64(p->width - 64) : 0;
	if (p->width < 64)
		v.w[0] &= ip_mask64(p->width);
	return v;
}

/* Counts of strategy `kind` per context into out (auto with the survey's plans). */
static int count(const struct ip_probe *p, const struct ip_campaign_opts *o,
                 enum ip_strategy_kind kind, const struct ip_auto_context_plan *plans,
                 struct ip_preview *out, struct ip_diag *d)
{
	struct ip_strategy_params sp;
	struct ip_strategy *st;
	ip_word seeds[IP_PROBE_MAX_CONTEXTS];
	int refused = kind == IP_STRATEGY_EXHAUSTIVE && p->width > IP_EXHAUSTIVE_MAX_BITS && !o->force;
	ip_strategy_params_of(&sp, p, kind, seeds);
	sp.seed = o->seed;
	sp.budget = o->budget;
	sp.force = 1; /* counted even where the campaign refuses it: refused says so */
	sp.plans = plans;
	out->total[kind].refused = refused;
	if (kind == IP_STRATEGY_EXHAUSTIVE && p->width > 62) {
		out->total[kind].too_many = 1;
		out->total[kind].bits = p->width;
		out->total[kind].refused = 1;
		for (unsigned c = 0; c < p->ncontexts; c++)
			out->ctx[c].variants[kind] = out->total[kind];
		return 0;
	}
	if (ip_strategy_new(&sp, &st, d))
		return -1;
	out->total[kind].count = ip_strategy_total(st);
	for (unsigned c = 0; c < p->ncontexts; c++) {
		out->ctx[c].variants[kind].count = ip_strategy_context_total(st, c);
		out->ctx[c].variants[kind].refused = refused;
	}
	ip_strategy_free(st);
	return 0;
}

static void add_reason(struct ip_preview_context *pc, enum ip_status status, const char *why)
{
	unsigned i;
	if (!why)
		why = "";
	for (i = 0; i < pc->nreasons; i++)
		if (pc->reasons[i].status == status && strcmp(pc->reasons[i].why, why) == 0)
			break;
	if (i == pc->nreasons) {
		if (pc->nreasons == IP_PREVIEW_MAX_REASONS)
			return; /* the first four kinds of reason are enough to say why */
		pc->nreasons++;
		pc->reasons[i].why = why;
		pc->reasons[i].status = status;
		pc->reasons[i].count = 0;
	}
	pc->reasons[i].count++;
	for (; i > 0 && pc->reasons[i].count > pc->reasons[i - 1].count; i--) {
		struct ip_preview_reason t = pc->reasons[i];
		pc->reasons[i] = pc->reasons[i - 1];
		pc->reasons[i - 1] = t;
	}
}

/* Runs `sample` variants of context c on x and counts their statuses and reasons. */
static int run_sample(struct ip_exec *x, const struct ip_probe *p, unsigned c, unsigned sample,
                      uint64_t seed, struct ip_preview_context *pc, struct ip_diag *d)
{
	struct ip_variant *v = malloc(x->cap * sizeof *v);
	struct ip_outcome *o = malloc(x->cap * sizeof *o);
	const char **why = malloc(x->cap * sizeof *why);
	uint8_t *data = malloc(x->cap * (p->output_len ? p->output_len : 1));
	int rc = 0;
	if (!v || !o || !why || !data) {
		rc = ip_diag_plain(d, "out of memory for the sample");
		goto out;
	}
	for (uint64_t at = 0; at < sample; at += x->cap) {
		size_t n = sample - at < x->cap ? (size_t)(sample - at) : x->cap;
		for (size_t i = 0; i < n; i++) {
			v[i].context = c;
			v[i].value = sample_value(p, c, at + i, seed);
			why[i] = "the ISA cannot pack this encoding"; /* unless it ran: see below */
		}
		const char *lost;
		if (ip_exec_run(x, v, n, data, o, &lost) == IP_RUNNER_DEVICE_LOST) {
			rc = ip_diag_plain(d, "%s", lost);
			goto out;
		}
		for (size_t j = 0; j < x->njobs; j++)
			why[x->index[j]] = x->results[j].why ? x->results[j].why : "";
		for (size_t i = 0; i < n; i++) {
			pc->by_status[o[i].status]++;
			if (o[i].status != IP_STATUS_OK)
				add_reason(pc, o[i].status, why[i]);
		}
		pc->sampled += n;
	}
out:
	free(v);
	free(o);
	free(why);
	free(data);
	return rc;
}

/* The wrapped job harness h makes of context c's seed, into g. */
static int wrap_seed(struct ip_exec *x, const struct ip_probe *p, unsigned c,
                     const struct ip_harness *h, struct ip_preview_wrapped *g, struct ip_diag *d)
{
	uint8_t *data = malloc(p->output_len ? p->output_len : 1), *code = NULL;
	struct ip_harness_work w;
	struct ip_job *job;
	struct ip_result *res;
	struct ip_diag wd;
	const char *why;
	int rc = 0;
	memset(&w, 0, sizeof w);
	ip_diag_init(&wd, NULL);
	if (!data)
		return ip_diag_plain(d, "out of memory");
	if (ip_exec_seed_job(x, c, data, &code, &job, &res) != 0 || !ip_harness_needed(job, res))
		goto out; /* an encoding that never runs, or a job that runs as it is */
	g->wrapped = 1;
	if ((why = h->check(job, res)) != NULL || h->wrap(&w, job, res, &wd) != 0) {
		if (!(g->refused = strdup(why ? why : wd.msg)))
			rc = ip_diag_plain(d, "out of memory");
		goto out;
	}
	if (!(g->code = malloc(w.job.code_len ? w.job.code_len : 1))) {
		rc = ip_diag_plain(d, "out of memory");
		goto out;
	}
	memcpy(g->code, w.job.code, w.job.code_len);
	g->len = w.job.code_len;
	g->variant_at = w.variant_at;
	g->variant_len = w.variant_len;
	for (int r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		const struct ip_buf *in = ip_job_input(&w.job, (enum ip_buf_role)r);
		const struct ip_out_buf *o = ip_result_output(&w.res, (enum ip_buf_role)r);
		if (in || o)
			g->buf[g->nbuf++] = (struct ip_preview_buffer){(enum ip_buf_role)r,
			                                               in ? in->len : 0, o ? o->cap : 0};
	}
	if (h->describe) {
		size_t n;
		FILE *m = open_memstream(&g->layout, &n);
		if (m) {
			h->describe(&w, job, m);
			fclose(m);
		}
	}
out:
	ip_harness_work_free(&w);
	free(code);
	free(data);
	return rc;
}

void ip_campaign_preview_free(struct ip_preview *out)
{
	for (unsigned c = 0; c < IP_PROBE_MAX_CONTEXTS; c++) {
		struct ip_preview_wrapped *g = &out->ctx[c].gpu;
		free(g->refused);
		free(g->code);
		free(g->layout);
		memset(g, 0, sizeof *g);
	}
}

int ip_campaign_preview(const struct ip_probe *p, const struct ip_campaign_opts *o,
                        unsigned sample, struct ip_preview *out, struct ip_diag *d)
{
	const struct ip_harness *h;
	struct ip_runner_config cfg = {0};
	struct ip_runner *r = NULL;
	struct ip_exec x;
	struct ip_auto_context_plan *plans = NULL;
	int rc = -1;
	memset(out, 0, sizeof *out);
	memset(&x, 0, sizeof x);
	cfg.isa = p->isa->name;
	cfg.gpu = o->gpu ? o->gpu : p->gpu;
	cfg.device = o->device;
	if (o->backend ? ip_runner_open_backend(o->backend, &cfg, &r, d)
	               : ip_runner_open(o->runner ? o->runner : "sim", &cfg, &r, d))
		return -1;
	snprintf(out->runner, sizeof out->runner, "%s", ip_runner_name(r));
	snprintf(out->model, sizeof out->model, "%s", ip_runner_model(r));
	if (ip_exec_init(&x, p, r, o->batch ? o->batch : IP_CAMPAIGN_DEFAULT_BATCH, d) ||
	    ip_exec_check(&x, d))
		goto out;
	plans = calloc(p->ncontexts, sizeof *plans);
	if (!plans) {
		ip_diag_plain(d, "out of memory");
		goto out;
	}
	/* the re-runs an auto campaign would make (they change nothing on a runner without noise) */
	if (ip_auto_survey(&x, p,
	                   o->confirm == IP_CAMPAIGN_CONFIRM_NONE ? 0
	                   : o->confirm                         ? o->confirm
	                                                        : IP_CAMPAIGN_DEFAULT_CONFIRM,
	                   plans, d))
		goto out;
	for (unsigned c = 0; c < p->ncontexts; c++)
		out->ctx[c].auto_segments = plans[c].nsegments;
	for (int k = 0; k < IP_STRATEGY_COUNT; k++)
		if (count(p, o, (enum ip_strategy_kind)k, plans, out, d))
			goto out;
	for (unsigned c = 0; c < p->ncontexts; c++)
		if (run_sample(&x, p, c, sample, o->seed, &out->ctx[c], d))
			goto out;
	if ((h = ip_runner_harness(r)) != NULL) {
		/* the harness is the ISA's (cfg.isa's) */
		snprintf(out->harness, sizeof out->harness, "%s", p->isa->name);
		for (unsigned c = 0; c < p->ncontexts; c++)
			if (wrap_seed(&x, p, c, h, &out->ctx[c].gpu, d))
				goto out;
	}
	rc = 0;
out:
	free(plans);
	ip_exec_free(&x);
	ip_runner_close(r);
	return rc;
}

int ip_campaign_gpu_check(const struct ip_probe *p, const char *model, struct ip_diag *d)
{
	struct ip_exec x;
	uint8_t *data = malloc(p->output_len ? p->output_len : 1);
	int rc = 0;
	if (!data || ip_exec_init(&x, p, NULL, 1, d)) {
		free(data);
		return data ? -1 : ip_diag_plain(d, "out of memory");
	}
	for (unsigned c = 0; c < p->ncontexts && !rc; c++) {
		struct ip_job *job;
		struct ip_result *res;
		struct ip_diag cd;
		uint8_t *code;
		ip_diag_init(&cd, NULL);
		if (ip_exec_seed_job(&x, c, data, &code, &job, &res) != 0)
			continue; /* never runs: recorded as invalid */
		if (ip_drm_model_check(model, p->isa->name, job, res, &cd) != 0) {
			char why[sizeof cd.msg];
			snprintf(why, sizeof why, "%s", cd.msg);
			rc = ip_diag_plain(d, "context %s: %s", p->contexts[c].label, why);
		}
		free(code);
	}
	ip_exec_free(&x);
	free(data);
	return rc;
}

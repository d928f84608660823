/* synth_backend.c: the runner backend that serves a synthetic device (include/isaprobe/synth.h)
 * drawn from the seed in the config's device string, flaky on ask: some jobs, at random, answer
 * `timeout` or `runner_error` instead of their outcome. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "isaprobe/synth.h"

struct synth_state {
	struct ip_synth_device dev;
	unsigned flaky;        /* per thousand jobs */
	uint64_t noise;        /* the flakiness' random state */
	const struct ip_field *load_addr;
	uint32_t *regs, *unis; /* a job's planted buffers as words (scratch) */
	uint32_t out[256];
};

static int synth_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct synth_state *s;
	unsigned long long seed = 0, pieces = 1, flaky = 0, noise = 1;
	const char *spec = cfg->device ? cfg->device : "";
	int n = sscanf(spec, "%llu:%llu:%llu:%llu", &seed, &pieces, &flaky, &noise);
	const struct ip_format *fmt = ip_isa_format(ip_isa_find("utgard_gp"), "instr");
	*state = NULL;
	if (n < 1 || pieces < 1 || pieces > IP_SYNTH_MAX_PIECES || flaky > 1000)
		return ip_diag_plain(d, "synthetic device '%s': expected SEED[:PIECES[:FLAKY_PERMILLE"
		                        "[:NOISE_SEED]]] (PIECES 1 or 2, FLAKY 0 to 1000)", spec);
	if (cfg->isa && strcmp(cfg->isa, "utgard_gp"))
		return ip_diag_plain(d, "synthetic devices carry their bits in utgard_gp words, not %s",
		                     cfg->isa);
	s = calloc(1, sizeof *s);
	if (!s || !fmt)
		return ip_diag_plain(d, "out of memory");
	ip_synth_generate(seed, (unsigned)pieces, &s->dev);
	s->flaky = (unsigned)flaky;
	s->noise = noise * UINT64_C(0x9E3779B97F4A7C15) + seed;
	s->load_addr = ip_format_field(fmt, "load_addr");
	*state = s;
	return 0;
}

static uint64_t rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A buffer's bytes as little-endian words, in *w (grown as needed); returns the count. */
static size_t words(const struct ip_buf *b, uint32_t **w)
{
	size_t n = b ? b->len / 4 : 0;
	uint32_t *g = realloc(*w, (n + 1) * sizeof *g);
	if (!g)
		abort();
	*w = g;
	for (size_t i = 0; i < n; i++)
		g[i] = (uint32_t)b->data[4 * i] | (uint32_t)b->data[4 * i + 1] << 8 |
		       (uint32_t)b->data[4 * i + 2] << 16 | (uint32_t)b->data[4 * i + 3] << 24;
	return n;
}

static void one(struct synth_state *s, const struct ip_job *job, struct ip_result *res)
{
	const struct ip_synth_device *d = &s->dev;
	struct ip_out_buf *o = ip_result_output(res, IP_BUF_VARYINGS_OUT);
	uint64_t value = 0;
	unsigned at = 0, ctx;
	uint32_t fault = 0;
	size_t nr, nu;
	ip_word w0;
	if (s->flaky && rnd(&s->noise) % 1000 < s->flaky) {
		res->status = rnd(&s->noise) & 1 ? IP_STATUS_TIMEOUT : IP_STATUS_RUNNER_ERROR;
		res->why = "flaky (a synthetic device's made-up noise)";
		return;
	}
	if (job->code_len < 16 * d->npieces) {
		res->status = IP_STATUS_INVALID;
		res->why = "fewer instructions than the device has pieces";
		return;
	}
	for (unsigned p = 0; p < d->npieces; p++) {
		ip_word w = ip_word_from_bytes(job->code + 16 * p, 16);
		value |= ip_bits_get(&w, 0, d->piece_w[p]) << at;
		at += d->piece_w[p];
	}
	w0 = ip_word_from_bytes(job->code, 16);
	ctx = (unsigned)ip_field_get(s->load_addr, &w0);
	nr = words(ip_job_input(job, IP_BUF_REGISTERS), &s->regs);
	nu = words(ip_job_input(job, IP_BUF_UNIFORMS), &s->unis);
	res->status = ip_synth_run(d, ctx, value, s->regs, nr, s->unis, nu, s->out, &fault);
	res->fault = fault;
	if (res->status != IP_STATUS_OK) {
		res->why = "the synthetic device's fault";
		return;
	}
	if (o) {
		size_t n = d->nout * 4 < o->cap ? d->nout * 4 : o->cap;
		for (size_t i = 0; i < n; i++)
			o->data[i] = (uint8_t)(s->out[i / 4] >> (8 * (i % 4)));
		o->len = n;
	}
}

static int synth_run_batch(void *state, const struct ip_job *jobs, size_t n,
                           struct ip_result *results)
{
	for (size_t i = 0; i < n; i++) {
		ip_result_clear(&results[i]);
		one(state, &jobs[i], &results[i]);
	}
	return 0;
}

static void synth_close(void *state)
{
	struct synth_state *s = state;
	if (s) {
		free(s->regs);
		free(s->unis);
	}
	free(s);
}

static const char *synth_model(void *state)
{
	(void)state;
	return "synthetic";
}

const struct ip_runner_backend ip_synth_backend = {
	"synth", "a synthetic device drawn from a seed (tests and `isaprobe bench infer`)",
	synth_open, synth_run_batch, synth_close, synth_model,
	NULL, /* any job it can hold in memory it can run */
};

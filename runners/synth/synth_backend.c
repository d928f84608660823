/* synth_backend.c: the runner backend that serves a synthetic device (runners/synth/synth.h)
 * drawn from the seed in the config's device string, flaky on ask: some jobs, at random, answer
 * `timeout` or `runner_error` instead of their outcome; and on ask noisy as a GPU is: jobs that
 * fault at random, faults that leave the state dirty (the next job faults too), output bits
 * flipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "synth.h"

struct synth_state {
	struct ip_synth_device dev;
	unsigned flaky;        /* per thousand jobs */
	unsigned fault, dirty; /* random faults per thousand jobs; a fault leaves the state dirty
	                        * with probability dirty/1000 */
	unsigned flip;         /* ok runs per ten thousand with one output bit flipped */
	int dirty_now;         /* the last fault left the state dirty: the next job faults */
	uint64_t noise;        /* the flakiness' random state */
	const struct ip_field *ctx_field; /* the instruction field holding the context: store1_addr,
	                                   * above every target bit */
	uint32_t *regs, *unis; /* a job's planted buffers as words (scratch) */
	uint32_t out[256];
};

/* The OPTIONS of a device string (after its fourth ':'): shapes=LIST,fault=N,dirty=N,flip=N.
 * 0, or -1 with what was wrong in why. */
static int options(const char *o, unsigned *shapes, unsigned *fault, unsigned *dirty,
                   unsigned *flip, char *why, size_t n)
{
	while (o && *o) {
		size_t len = strcspn(o, ","), klen = strcspn(o, "=");
		char val[128];
		unsigned long x;
		char *end;
		if (klen >= len || len - klen - 1 >= sizeof val) {
			snprintf(why, n, "option '%.*s' is not KEY=VALUE", (int)len, o);
			return -1;
		}
		memcpy(val, o + klen + 1, len - klen - 1);
		val[len - klen - 1] = 0;
		if (klen == 6 && !strncmp(o, "shapes", 6)) {
			if (ip_synth_shapes_parse(val, shapes)) {
				snprintf(why, n, "unknown shape in '%.40s' (regorder, modesel, oporder, ldst, "
				                 "hang, all, none; joined by +)", val);
				return -1;
			}
		} else {
			x = strtoul(val, &end, 10);
			if (*end || !val[0]) {
				snprintf(why, n, "option '%.*s' wants a number", (int)len, o);
				return -1;
			}
			if (klen == 5 && !strncmp(o, "fault", 5) && x <= 1000)
				*fault = (unsigned)x;
			else if (klen == 5 && !strncmp(o, "dirty", 5) && x <= 1000)
				*dirty = (unsigned)x;
			else if (klen == 4 && !strncmp(o, "flip", 4) && x <= 10000)
				*flip = (unsigned)x;
			else {
				snprintf(why, n, "option '%.*s': expected shapes=LIST, fault=0-1000, "
				                 "dirty=0-1000 or flip=0-10000", (int)len, o);
				return -1;
			}
		}
		o += len + (o[len] == ',');
	}
	return 0;
}

static int synth_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct synth_state *s;
	unsigned long long seed = 0, pieces = 1, flaky = 0, noise = 1;
	unsigned shapes = 0, fault = 0, dirty = 0, flip = 0;
	const char *spec = cfg->device ? cfg->device : "", *opt = spec;
	int n = sscanf(spec, "%llu:%llu:%llu:%llu", &seed, &pieces, &flaky, &noise);
	const struct ip_format *fmt = ip_isa_format(ip_isa_find("utgard_gp"), "instr");
	char why[256];
	*state = NULL;
	if (n < 1 || pieces < 1 || pieces > IP_SYNTH_MAX_PIECES || flaky > 1000)
		return ip_diag_plain(d, "synthetic device '%s': expected SEED[:PIECES[:FLAKY_PERMILLE"
		                        "[:NOISE_SEED[:OPTIONS]]]] (PIECES 1 or 2, FLAKY 0 to 1000)",
		                     spec);
	for (int k = 0; k < 4 && opt; k++)
		opt = strchr(opt, ':') ? strchr(opt, ':') + 1 : NULL;
	if (opt && options(opt, &shapes, &fault, &dirty, &flip, why, sizeof why))
		return ip_diag_plain(d, "synthetic device '%s': %s", spec, why);
	if (cfg->isa && strcmp(cfg->isa, "utgard_gp"))
		return ip_diag_plain(d, "synthetic devices carry their bits in utgard_gp words, not %s",
		                     cfg->isa);
	s = calloc(1, sizeof *s);
	if (!s || !fmt)
		return ip_diag_plain(d, "out of memory");
	ip_synth_generate(seed, (unsigned)pieces, shapes, &s->dev);
	s->flaky = (unsigned)flaky;
	s->fault = fault;
	s->dirty = dirty;
	s->flip = flip;
	s->noise = noise * UINT64_C(0x9E3779B97F4A7C15) + seed;
	s->ctx_field = ip_format_field(fmt, "store1_addr");
	*state = s;
	return 0;
}

/* splitmix64: successive draws independent enough that rare events (two flaky runs in a row)
 * happen as often as their odds say */
static uint64_t rnd(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
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
	ctx = (unsigned)ip_field_get(s->ctx_field, &w0);
	nr = words(ip_job_input(job, IP_BUF_REGISTERS), &s->regs);
	nu = words(ip_job_input(job, IP_BUF_UNIFORMS), &s->unis);
	res->status = ip_synth_run(d, ctx, value, s->regs, nr, s->unis, nu, s->out, &fault);
	res->fault = fault;
	/* what a GPU adds: a job the dirt of the last fault makes fault, or one faulting at
	 * random; any fault may leave the state dirty for the next job */
	if (s->dirty_now || (s->fault && rnd(&s->noise) % 1000 < s->fault)) {
		unsigned p = s->dirty_now ? s->dirty / 2 : s->dirty;
		res->status = IP_STATUS_FAULT;
		res->fault = IP_SYNTH_GPU_FAULT;
		res->why = s->dirty_now ? "the state the last fault left dirty" : "a random fault";
		s->dirty_now = p && rnd(&s->noise) % 1000 < p;
		return;
	}
	if (res->status == IP_STATUS_FAULT && s->dirty)
		s->dirty_now = rnd(&s->noise) % 1000 < s->dirty;
	if (res->status != IP_STATUS_OK) {
		res->why = res->status == IP_STATUS_TIMEOUT ? "the synthetic device hangs"
		                                            : "the synthetic device's fault";
		return;
	}
	if (o) {
		size_t n = d->nout * 4 < o->cap ? d->nout * 4 : o->cap;
		for (size_t i = 0; i < n; i++)
			o->data[i] = (uint8_t)(s->out[i / 4] >> (8 * (i % 4)));
		o->len = n;
		if (s->flip && n && rnd(&s->noise) % 10000 < s->flip) {
			size_t bit = (size_t)(rnd(&s->noise) % (8 * n));
			o->data[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		}
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
	.name = "synth",
	.summary = "a synthetic device drawn from a seed (tests and `isaprobe bench infer`)",
	.open = synth_open,
	.run_batch = synth_run_batch,
	.close = synth_close,
	.model = synth_model,
	/* no check_job: any job it can hold in memory it can run */
};

/* campaign.c: the campaign driver. This thread cuts the strategy's sequence into batches and
 * records finished batches strictly in order; J worker threads, each with a runner, run them
 * and make them ready to store (ip_store_batch_prepare: outcomes hashed and told apart, values
 * ordered), so that this thread does little more than the database's part per batch. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign_row.h"
#include "common/grow.h"
#include "common/outcome_status.h"
#include "exec.h"
#include "rerun.h"
#include "settle.h"

/* A batch at least this large goes to a runner that overlaps batches in two halves; smaller
 * ones whole (halving them would only double the frames, each with the batch's inputs). */
#define OVERLAP_MIN_BATCH 1024

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_RUNNING, SLOT_DONE };

/* What becomes of a re-run (confirm()). A runner error says nothing, so the database holds one
 * for a variant only when every run of it failed, and --resume runs each one it holds again:
 * a re-run that fails is not stored, and the first re-run that answers a variant whose run
 * failed is stored in that run's place (it is the variant's run; the failed one is not). */
enum xrun_kind {
	XRUN_CONFIRM, /* a re-run, stored beside the variant's run */
	XRUN_ANSWER,  /* the variant's run: its own run was a runner error, not stored */
	XRUN_FAILED,  /* a runner error: not stored */
};

/* One batch on its way: variants, then outcomes and the runs to record. */
struct slot {
	enum slot_state state;
	uint64_t seq;             /* batch number of this invocation */
	uint64_t cursor_after;    /* the strategy position after this batch */
	size_t n;
	struct ip_variant *variants;
	struct ip_outcome *outcomes;
	struct ip_run *runs;
	uint8_t *values;          /* n * value_len, little-endian */
	size_t runs_cap;
	/* the batch's re-runs (confirm()): stored with it, so a batch and its cursor stay one */
	size_t nx, xcap;
	struct ip_variant *xv;
	struct ip_outcome *xo;
	uint8_t *xkind;           /* enum xrun_kind of each */
	uint8_t *answered;        /* n: the variant's runner-error run was answered by a re-run */
	uint8_t *xdata;           /* nx * output_len */
	uint8_t *xvalues;         /* nx * value_len */
	/* made by the worker: the runs stored (batch and re-runs; nconfirm of them re-runs), their
	 * statuses, the batch to store */
	size_t nrun, nconfirm;
	uint64_t by_status[IP_STATUS_COUNT];
	struct ip_store_batch *ready;
	uint8_t *kept;            /* the outputs of the batch's single flips (the pieces' own are
	                           * overwritten by the next piece): confirm() compares re-runs */
	size_t kept_n, kept_cap;  /* outputs kept; bytes of room */
	uint8_t *warm;            /* the seed's outputs when it warms the device up (not kept) */
	int64_t cold;             /* a context whose seed never ran ok in warm_up this batch (the
	                           * next warm-ups of it give up at once), or -1 */
	size_t warm_cap;
	int prepared;             /* 0: ready holds the batch; else the error in diag */
	struct ip_diag diag;
	char lost[512];           /* the runner's device went away: why ("" when it did not) */
};

struct driver {
	const struct ip_probe *probe;
	size_t batch, value_len;
	size_t piece;             /* variants run and hashed at a time (their outputs cached) */
	unsigned confirm;         /* re-runs of a variant at most (ip_campaign_opts.confirm) */
	const struct ip_auto_context_plan *plans; /* auto: the settled surveys' walk faults */
	ip_word seeds[IP_PROBE_MAX_CONTEXTS]; /* the strategy's seed values (outlive it) */
	struct slot *slots;
	unsigned nslots;
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	int quit;
	unsigned nworkers;
	double worker_cpu;        /* CPU seconds of the workers that have ended */
};

static double clock_s(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

struct exec_with_driver;
static void run_batch(const struct driver *dr, struct exec_with_driver *e, struct slot *s);

/* A worker's exec, the driver it takes batches from, and where a piece's outputs go (until
 * the batch has copied the distinct ones: the rest are not kept). */
struct exec_with_driver {
	struct ip_exec x;
	struct driver *dr;
	uint8_t *out;
};

static void *worker(void *arg)
{
	struct exec_with_driver *e = arg;
	struct driver *dr = e->dr;
	for (;;) {
		struct slot *s = NULL;
		pthread_mutex_lock(&dr->lock);
		for (;;) {
			uint64_t best = UINT64_MAX;
			for (unsigned i = 0; i < dr->nslots; i++)
				if (dr->slots[i].state == SLOT_READY && dr->slots[i].seq < best) {
					best = dr->slots[i].seq;
					s = &dr->slots[i];
				}
			if (s || dr->quit)
				break;
			pthread_cond_wait(&dr->work, &dr->lock);
		}
		if (!s) {
			dr->worker_cpu += clock_s(CLOCK_THREAD_CPUTIME_ID);
			pthread_mutex_unlock(&dr->lock);
			return NULL;
		}
		s->state = SLOT_RUNNING;
		pthread_mutex_unlock(&dr->lock);
		run_batch(dr, e, s);
		pthread_mutex_lock(&dr->lock);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&dr->done);
		pthread_mutex_unlock(&dr->lock);
	}
}

static void value_bytes(const ip_word *v, uint8_t *out, size_t len)
{
	ip_word_to_bytes(v, out, (unsigned)len);
}

/* Fills a free slot with the next batch of this shard's variants; 0 when the strategy is
 * exhausted before any variant of this shard (the cursor still moves: *cursor). */
static size_t fill(struct driver *dr, struct slot *s, struct ip_strategy *st, uint64_t *cursor,
                   uint32_t shard_index, uint32_t shard_count, int *exhausted)
{
	size_t n = 0;
	struct ip_variant v;
	uint64_t k;
	while (n < dr->batch) {
		if (!ip_strategy_next(st, &v)) {
			*exhausted = 1;
			break;
		}
		k = (*cursor)++;
		if (shard_count > 1 && k % shard_count != shard_index) /* no division unsharded */
			continue;
		s->variants[n++] = v;
	}
	s->n = n;
	s->cursor_after = *cursor;
	return n;
}

static int alloc_slots(struct driver *dr, struct ip_diag *d)
{
	dr->slots = calloc(dr->nslots, sizeof *dr->slots);
	if (!dr->slots)
		return ip_diag_plain(d, "out of memory");
	for (unsigned i = 0; i < dr->nslots; i++) {
		struct slot *s = &dr->slots[i];
		s->variants = malloc(dr->batch * sizeof *s->variants);
		s->outcomes = malloc(dr->batch * sizeof *s->outcomes);
		s->runs = malloc(dr->batch * sizeof *s->runs);
		s->runs_cap = dr->batch;
		s->values = malloc(dr->batch * dr->value_len);
		s->answered = malloc(dr->batch);
		s->ready = ip_store_batch_new();
		if (!s->variants || !s->outcomes || !s->runs || !s->values || !s->answered || !s->ready)
			return ip_diag_plain(d, "out of memory");
	}
	return 0;
}

static void free_slots(struct driver *dr)
{
	for (unsigned i = 0; dr->slots && i < dr->nslots; i++) {
		struct slot *s = &dr->slots[i];
		free(s->variants);
		free(s->outcomes);
		free(s->runs);
		free(s->values);
		free(s->xv);
		free(s->xo);
		free(s->xkind);
		free(s->answered);
		free(s->xdata);
		free(s->xvalues);
		free(s->kept);
		free(s->warm);
		ip_store_batch_free(s->ready);
	}
	free(dr->slots);
}

/* Whether v is its context's seed (flips 0) or the seed with one target bit flipped (1). */
static int flips_from_seed(const struct ip_probe *p, const struct ip_variant *v)
{
	const ip_word *seed = &p->contexts[v->context].seed_value;
	unsigned n = 0;
	for (unsigned i = 0; i < sizeof v->value.w / sizeof v->value.w[0]; i++)
		n += (unsigned)__builtin_popcountll(v->value.w[i] ^ seed->w[i]);
	return (int)n;
}

/* Runs v once more and keeps the outcome among the slot's re-runs, as kind (XRUN_FAILED when it
 * fails); returns its status. */
static enum ip_status rerun(struct ip_exec *x, struct slot *s, const struct ip_variant *v,
                            enum xrun_kind kind)
{
	size_t olen = x->probe->output_len;
	const char *why;
	if (s->nx == s->xcap) {
		s->xcap = s->xcap ? 2 * s->xcap : 64;
		s->xv = realloc(s->xv, s->xcap * sizeof *s->xv);
		s->xo = realloc(s->xo, s->xcap * sizeof *s->xo);
		s->xdata = realloc(s->xdata, s->xcap * (olen ? olen : 1));
		s->xkind = realloc(s->xkind, s->xcap);
		if (!s->xv || !s->xo || !s->xdata || !s->xkind)
			abort();
		/* the outcomes point into xdata, which moved */
		for (size_t i = 0; i < s->nx; i++)
			s->xo[i].data = s->xdata + i * olen;
	}
	s->xv[s->nx] = *v;
	if (ip_exec_run(x, v, 1, s->xdata + s->nx * olen, &s->xo[s->nx], &why) ==
	    IP_RUNNER_DEVICE_LOST) {
		snprintf(s->lost, sizeof s->lost, "%s", why);
		return IP_STATUS_RUNNER_ERROR;
	}
	s->xkind[s->nx] = s->xo[s->nx].status == IP_STATUS_RUNNER_ERROR ? XRUN_FAILED : kind;
	return s->xo[s->nx++].status;
}

/* Whether the device's state is clean after a job that ended with status st (clean before:
 * was): a fault may leave it dirty (the next job may fault for it), a timeout does not (the
 * kernel resets a GPU that hung), a job that did not run leaves it as it was. */
static int clean_after(enum ip_status st, int was)
{
	return st == IP_STATUS_OK || st == IP_STATUS_TIMEOUT ? 1
	     : st == IP_STATUS_INVALID || st == IP_STATUS_UNMODELED ? was : 0;
}

/* Runs the context's seed, a job known to succeed, until it runs ok (at most 16 times: a
 * dirty state may outlast a job or two). Not stored: it tells nothing new of any variant, it
 * cleans the device's state (and so the runs a shard stores are its own variants'). Returns
 * whether the state is clean (a context whose seed did not run ok in 16 tries is not tried
 * again in the batch). */
static int warm_up(struct ip_exec *x, struct slot *s, uint32_t context)
{
	struct ip_variant seed = {context, x->probe->contexts[context].seed_value};
	size_t olen = x->probe->output_len;
	const char *why;
	if (s->cold == (int64_t)context)
		return 0;
	for (unsigned t = 0; t < 16 && !s->lost[0]; t++) {
		struct ip_outcome o;
		if (s->warm_cap < (olen ? olen : 1)) {
			free(s->warm);
			s->warm_cap = olen ? olen : 1;
			if (!(s->warm = malloc(s->warm_cap)))
				abort();
		}
		if (ip_exec_run(x, &seed, 1, s->warm, &o, &why) == IP_RUNNER_DEVICE_LOST) {
			snprintf(s->lost, sizeof s->lost, "%s", why);
			return 0;
		}
		if (o.status == IP_STATUS_OK)
			return 1;
	}
	s->cold = s->lost[0] ? s->cold : (int64_t)context;
	return 0;
}

/* Runs v once more (stored), clean: the seed first (warm_up) unless *clean says the device's
 * last job left its state clean. When the seed never runs ok (the device cannot be made
 * clean), v runs as the device is: its run is stored all the same. Its status; *clean says
 * whether the state is clean after it. */
static enum ip_status rerun_clean(struct ip_exec *x, struct slot *s, const struct ip_variant *v,
                                  int *clean, enum xrun_kind kind)
{
	enum ip_status st;
	if (!*clean)
		*clean = warm_up(x, s, v->context);
	st = rerun(x, s, v, kind);
	*clean = clean_after(st, *clean);
	return st;
}

/* Variant i's re-runs (at most n_more), see confirm(). */
static void confirm_variant(struct ip_exec *x, struct slot *s, size_t i, unsigned n_more,
                            const struct ip_auto_context_plan *plans)
{
	const struct ip_variant *v = &s->variants[i];
	enum ip_status st = s->outcomes[i].status;
	const struct ip_auto_context_plan *pl = plans ? &plans[v->context] : NULL;
	int flips = flips_from_seed(x->probe, v), clean = 0;
	long cur = -1; /* the outcome the rest weighs: the batch's (-1), or re-run cur's */
	size_t first = s->nx;
	unsigned k = 0;
	if (ip_status_is_noise(st)) {
		/* (with a plan, clean: a fault a dirty state gave is no answer either) */
		while (k++ < n_more && ip_status_is_noise(st) && !s->lost[0]) {
			int failed = st == IP_STATUS_RUNNER_ERROR && !s->answered[i];
			enum xrun_kind kind = failed ? XRUN_ANSWER : XRUN_CONFIRM;
			st = plans ? rerun_clean(x, s, v, &clean, kind) : rerun(x, s, v, kind);
			if (failed && st != IP_STATUS_RUNNER_ERROR && !s->lost[0])
				s->answered[i] = 1;
		}
		if (!plans || ip_status_is_noise(st) || s->nx == first)
			return;
		cur = (long)s->nx - 1; /* it said something at last: weighed as below */
		k = 0;
	}
#define CUR (cur < 0 ? &s->outcomes[i] : &s->xo[cur])
	if (!plans) {
		if (flips == 0 || (flips == 1 && (st == IP_STATUS_FAULT || st == IP_STATUS_INVALID)))
			while (k++ < n_more && !s->lost[0])
				rerun(x, s, v, XRUN_CONFIRM);
		return;
	}
	if (flips == 0) {
		while (k++ < n_more && !s->lost[0])
			rerun_clean(x, s, v, &clean, XRUN_CONFIRM);
	} else if (flips == 1) {
		size_t at = s->nx;
		enum ip_status again = rerun_clean(x, s, v, &clean, XRUN_CONFIRM);
		/* the two disagree, or agree on a fault (the first may have come of a dirty
		 * state): more runs, for a majority of clean ones */
		if (again != IP_STATUS_RUNNER_ERROR && s->nx > at &&
		    (again != st || st != IP_STATUS_OK || !ip_settle_same(&s->xo[s->nx - 1], CUR)))
			while (++k < n_more && !s->lost[0])
				rerun_clean(x, s, v, &clean, XRUN_CONFIRM);
	} else if (st == IP_STATUS_FAULT &&
	           !ip_settle_explained(pl, &x->probe->contexts[v->context].seed_value,
	                                &v->value, CUR)) {
		/* it counts once clean runs repeat it: n_more of them, unless one runs ok */
		while (k++ < n_more && !s->lost[0])
			if (rerun_clean(x, s, v, &clean, XRUN_CONFIRM) == IP_STATUS_OK)
				break;
	}
#undef CUR
}

/* The batch's re-runs, made by the worker before the batch is stored (at most n_more per
 * variant): a run that said nothing (timeout, runner_error) is run again until it says
 * something (what of it is stored: enum xrun_kind); the seed's outcome is confirmed (every verdict is measured against
 * it). Without a plan (strategies other than auto), a fault of one bit flipped from the seed
 * (what would make the bit reserved) is confirmed too. With auto's plan, as a GPU needs: a bit
 * flipped alone is run once more, and more when the two differ or agree on a fault (a flipped
 * bit is outvoted; an ok run outweighs faults: docs/inference.md); a fault the walk does not
 * explain (no bit it flips faults alike alone) is run again n_more times, unless it runs ok;
 * each variant's first re-run, and one after a fault, follows the seed (warm_up): a GPU's
 * fault leaves its state dirty, and the next job may fault for it. What is run again depends
 * on the variant's own outcomes and the plan only, so that shards store what the unsharded
 * campaign does. */
static void confirm(struct ip_exec *x, struct slot *s, unsigned n_more,
                    const struct ip_auto_context_plan *plans)
{
	s->nx = 0;
	memset(s->answered, 0, s->n);
	for (size_t i = 0; i < s->n && n_more && !s->lost[0]; i++)
		confirm_variant(x, s, i, n_more, plans);
}

/* Runs variants v[0..n) in batches; a run that said nothing (timeout, runner_error) is run
 * again, up to `confirm` more times, so that a flaky runner's noise does not shape the plan.
 * Outcome i's data lies at data + i * output_len. Returns 0, or IP_RUNNER_DEVICE_LOST (*why
 * says why) when the runner's device went away. */
static int run_all(struct ip_exec *x, const struct ip_variant *v, uint64_t n, uint8_t *data,
                   struct ip_outcome *o, unsigned confirm, uint64_t hangs, const char **why)
{
	const struct ip_probe *p = x->probe;
	size_t olen = p->output_len;
	struct ip_variant *again = NULL;
	size_t *at = NULL;
	struct ip_outcome tmp;
	int rc = 0;
	for (uint64_t k = 0; k < n && rc == 0; k += x->cap) {
		size_t m = n - k < x->cap ? (size_t)(n - k) : x->cap;
		rc = ip_exec_run(x, v + k, m, data + k * olen, o + k, why);
	}
	again = malloc((n + 1) * sizeof *again);
	at = malloc((n + 1) * sizeof *at);
	if (!again || !at)
		abort();
	for (unsigned t = 0; t < confirm && rc == 0; t++) {
		size_t m = 0;
		for (uint64_t i = 0; i < n; i++)
			if (ip_status_is_noise(o[i].status)) {
				at[m] = (size_t)i;
				again[m++] = v[i];
			}
		for (size_t i = 0; i < m && rc == 0; i++) { /* one at a time: each into its own place */
			rc = ip_exec_run(x, &again[i], 1, data + at[i] * olen, &tmp, why);
			if (rc == 0)
				o[at[i]] = tmp;
		}
	}
	/* a variant of the first `hangs` (the seed and the walk) that timed out on each of its
	 * 1 + confirm runs hangs: for the plan a fault of its own (as inference reads it), not
	 * noise (a pair that hangs is none of a field's evidence the walk does not give) */
	for (uint64_t i = 0; i < n && i < hangs && confirm && rc == 0; i++)
		if (o[i].status == IP_STATUS_TIMEOUT) {
			o[i].status = IP_STATUS_FAULT;
			o[i].fault = IP_AUTO_HANG;
		}
	free(again);
	free(at);
	return rc;
}

/* A target line of at most 8 bits is a field the probe's author names: auto sweeps it whole,
 * also when its flips alone say nothing (every one unmodeled, as multiply opcodes 5-7 on the
 * simulator), merged with the segments it meets (when the union stays within 16 bits). */
static void sweep_pieces(const struct ip_probe *p, struct ip_auto_context_plan *pl)
{
	for (unsigned t = 0; t < p->ntargets; t++) {
		const struct ip_probe_target *tg = &p->targets[t];
		ip_word bits = ip_word_range(tg->value_lo, tg->width);
		unsigned n = tg->width, kept = 0, inside = 0;
		if (tg->width > 8)
			continue;
		for (unsigned g = 0; g < pl->nsegments; g++) {
			const struct ip_segment *sg = &pl->segments[g];
			int meets = 0, covers = 1;
			for (unsigned w = 0; w < 2; w++) {
				meets |= (sg->bits.w[w] & bits.w[w]) != 0;
				covers &= (sg->bits.w[w] & bits.w[w]) == bits.w[w];
			}
			inside |= covers;
			if (meets && !covers)
				for (unsigned w = 0; w < 2; w++)
					n += (unsigned)__builtin_popcountll(sg->bits.w[w] & ~bits.w[w]);
		}
		if (inside || n > 16)
			continue;
		for (unsigned g = 0; g < pl->nsegments; g++) {
			struct ip_segment *sg = &pl->segments[g];
			if ((sg->bits.w[0] & bits.w[0]) || (sg->bits.w[1] & bits.w[1])) {
				bits.w[0] |= sg->bits.w[0];
				bits.w[1] |= sg->bits.w[1];
				continue; /* merged into the piece's segment */
			}
			pl->segments[kept++] = *sg;
		}
		if (kept >= 128)
			continue;
		pl->segments[kept].bits = bits;
		pl->segments[kept].nbits = n;
		pl->nsegments = kept + 1;
	}
}

/* Index of pair (i, j), i < j, among the pairs of a survey of `width` bits. */
static size_t pair_at(unsigned width, unsigned i, unsigned j)
{
	return (size_t)i * (2 * width - i - 1) / 2 + (j - i - 1);
}

/* Runner errors among n outcomes (after the re-runs `confirm` allows). */
static uint64_t count_errors(const struct ip_outcome *o, uint64_t n)
{
	uint64_t e = 0;
	for (uint64_t i = 0; i < n; i++)
		e += o[i].status == IP_STATUS_RUNNER_ERROR;
	return e;
}

/* Auto's survey: every context's seed, single and pair flips, then the conditions' pairs
 * (dependents under the bit that enables them), run on one runner (not stored: the campaign
 * runs them again as its first variants, in order). */
int ip_auto_survey(struct ip_exec *x, const struct ip_probe *p, unsigned confirm,
                   struct ip_auto_context_plan *plans, struct ip_diag *d)
{
	uint64_t n = ip_auto_survey_count(p->width);
	uint64_t nc = IP_AUTO_MAX_CONDITIONS * (uint64_t)IP_AUTO_MAX_DEPENDENTS *
	              (IP_AUTO_MAX_DEPENDENTS - 1) / 2;
	struct ip_variant *v = malloc((n > nc ? n : nc) * sizeof *v);
	struct ip_outcome *o = malloc(n * sizeof *o), *oc = malloc(nc * sizeof *oc);
	uint8_t *data = malloc(n * p->output_len), *cdata = malloc(nc * p->output_len);
	ip_word adjacent = ip_word_zero();
	const char *why = NULL;
	int rc = 0;
	/* value bits i and i + 1 are neighbours when they sit side by side in one word */
	for (unsigned t = 0; t < p->ntargets; t++) {
		const struct ip_probe_target *a = &p->targets[t];
		const struct ip_probe_target *b = t + 1 < p->ntargets ? &p->targets[t + 1] : NULL;
		unsigned last = a->value_lo + a->width - 1;
		for (unsigned i = a->value_lo; i < last; i++)
			adjacent.w[i / 64] |= UINT64_C(1) << (i % 64);
		if (b && b->bundle == a->bundle && b->slot == a->slot && b->lo == a->lo + a->width)
			adjacent.w[last / 64] |= UINT64_C(1) << (last % 64);
	}
	if (!v || !o || !data || !oc || !cdata) {
		rc = ip_diag_plain(d, "out of memory for the survey");
		goto out;
	}
	for (unsigned c = 0; c < p->ncontexts; c++) {
		struct ip_strategy_params sp = {0};
		struct ip_strategy *st;
		ip_word seeds[IP_PROBE_MAX_CONTEXTS];
		uint64_t k = 0;
		seeds[0] = p->contexts[c].seed_value;
		sp.kind = IP_STRATEGY_PAIRS;
		sp.width = p->width;
		sp.ncontexts = 1;
		sp.seed_values = seeds;
		if (ip_strategy_new(&sp, &st, d)) {
			rc = -1;
			goto out;
		}
		/* seed and single flips, then pairs: the order ip_auto_segment expects */
		v[k].context = c;
		v[k++].value = seeds[0];
		for (unsigned b = 0; b < p->width; b++) {
			v[k].context = c;
			v[k].value = seeds[0];
			v[k].value.w[b / 64] ^= UINT64_C(1) << (b % 64);
			k++;
		}
		{
			struct ip_variant pv;
			ip_strategy_next(st, &pv); /* the seed, already listed */
			while (ip_strategy_next(st, &pv)) {
				pv.context = c;
				v[k++] = pv;
			}
		}
		ip_strategy_free(st);
		if (run_all(x, v, k, data, o, confirm, 1 + p->width, &why) != 0)
			goto lost;
		/* A flaky runner's stray errors are noise the plan tolerates; a runner that fails on
		 * the seed, or on half the survey, is broken: nothing is planned from it. */
		if (o[0].status == IP_STATUS_RUNNER_ERROR || 2 * count_errors(o, k) >= k) {
			rc = ip_diag_plain(d, "auto's survey of context %s: the runner failed (runner "
			                      "error) on %llu of its %llu variants%s, and the plan of the "
			                      "campaign needs the survey's outcomes: nothing was stored; run "
			                      "it again once the runner works",
			                   p->contexts[c].label, (unsigned long long)count_errors(o, k),
			                   (unsigned long long)k,
			                   o[0].status == IP_STATUS_RUNNER_ERROR ? ", the seed among them" : "");
			goto out;
		}
		/* a fault counts once it repeats after a job known to succeed; a walk flip or an
		 * interaction once it repeats (campaign/settle.c): neither a GPU's dirty state nor a
		 * flipped bit plans sweeps */
		if (ip_settle_survey(x, v, data, o, p->width, confirm, &why) != 0)
			goto lost;
		ip_auto_segment(p->width, &adjacent, o, &plans[c]);
		ip_settle_walk_faults(&plans[c], o, p->width);
		sweep_pieces(p, &plans[c]);
		for (unsigned q = 0; q < plans[c].nconditions; q++) {
			struct ip_auto_condition *cd = &plans[c].conditions[q];
			uint64_t m = ip_auto_condition_count(cd);
			const struct ip_outcome *alone[IP_AUTO_MAX_DEPENDENTS];
			struct ip_variant seed = {c, seeds[0]};
			for (uint64_t i = 0; i < m; i++) {
				v[i].context = c;
				v[i].value = ip_auto_condition_variant(cd, seeds[0], i);
			}
			for (unsigned t = 0; t < cd->ndependents; t++) {
				unsigned i = cd->dependents[t], b = cd->bit;
				alone[t] = &o[1 + p->width + (i < b ? pair_at(p->width, i, b)
				                                     : pair_at(p->width, b, i))];
			}
			if (run_all(x, v, m, cdata, oc, confirm, 0, &why) != 0 ||
			    ip_settle_condition(x, cd, o[0].status == IP_STATUS_OK ? &seed : NULL, v, cdata,
			                        oc, alone, confirm, &why) != 0)
				goto lost;
			ip_auto_segment_condition(p->width, &adjacent, o, oc, cd);
		}
	}
	goto out;
lost:
	rc = ip_diag_plain(d, "%s; nothing of this probe is stored: run it again once the device is "
	                      "back", why);
out:
	free(v);
	free(o);
	free(data);
	free(oc);
	free(cdata);
	return rc;
}

/* Runs i0..i1 of the slot (its variants, then its re-runs) that are stored, as ip_run records
 * after the s->nrun before, counted by status, added to the batch being prepared. A variant's
 * runner-error run waits for its re-runs (`errors`: 0 leaves them out, 1 takes only them and
 * those of them no re-run answered); a re-run is stored unless it failed. */
static int add_runs(const struct driver *dr, struct slot *s, size_t i0, size_t i1, int errors)
{
	struct ip_run *runs = s->runs + s->nrun;
	size_t m = 0;
	for (size_t i = i0; i < i1; i++) {
		int x = i >= s->n;
		size_t j = x ? i - s->n : i;
		uint8_t *val = (x ? s->xvalues : s->values) + j * dr->value_len;
		const struct ip_variant *v = x ? &s->xv[j] : &s->variants[i];
		const struct ip_outcome *o = x ? &s->xo[j] : &s->outcomes[i];
		if (x ? s->xkind[j] == XRUN_FAILED
		      : (o->status == IP_STATUS_RUNNER_ERROR) != errors || (errors && s->answered[i]))
			continue;
		value_bytes(&v->value, val, dr->value_len);
		runs[m].context = v->context;
		runs[m].value = val;
		runs[m].value_len = dr->value_len;
		runs[m].outcome = *o;
		s->by_status[o->status < IP_STATUS_COUNT ? o->status : IP_STATUS_RUNNER_ERROR]++;
		s->nconfirm += x && s->xkind[j] == XRUN_CONFIRM;
		m++;
	}
	s->nrun += m;
	return ip_store_batch_add(s->ready, runs, m, &s->diag);
}

/* Room for the outputs of the batch's single flips (kept aside by keep_flips). */
static void room_for_flips(struct ip_exec *x, struct slot *s)
{
	size_t olen = x->probe->output_len, n = 0;
	for (size_t i = 0; i < s->n; i++)
		n += flips_from_seed(x->probe, &s->variants[i]) == 1;
	if (n * olen > s->kept_cap) {
		free(s->kept);
		s->kept_cap = n * olen;
		s->kept = malloc(s->kept_cap);
		if (!s->kept)
			abort();
	}
}

/* Copies the outputs of the single flips among variants i0..i1 (ok ones) aside, their
 * outcomes pointing at the copies: the piece's buffer is the next piece's. */
static void keep_flips(struct ip_exec *x, struct slot *s, size_t i0, size_t i1)
{
	size_t olen = x->probe->output_len;
	for (size_t i = i0; i < i1 && olen; i++) {
		if (s->outcomes[i].status != IP_STATUS_OK || flips_from_seed(x->probe, &s->variants[i]) != 1)
			continue;
		memcpy(s->kept + s->kept_n * olen, s->outcomes[i].data, olen);
		s->outcomes[i].data = s->kept + s->kept_n++ * olen;
	}
}

/* Runs the slot's batch and makes it ready to store (in a worker): a piece at a time, each
 * piece's outcomes hashed while its outputs are still in the cache (a runner that overlaps
 * batches has the next piece meanwhile, each piece's outputs in its own half); then the re-runs
 * (confirm()). s->nrun runs, counted by status, in s->ready, or the error in s->diag. A device
 * that went away (IP_RUNNER_DEVICE_LOST) leaves s->lost set: the recorder stops there and
 * stores nothing of the batch, so --resume runs it again. */
static void run_batch(const struct driver *dr, struct exec_with_driver *e, struct slot *s)
{
	struct ip_exec *x = &e->x;
	size_t olen = x->probe->output_len ? x->probe->output_len : 1;
	/* a runner that overlaps batches has the next piece while the worker stores this one */
	unsigned ahead = ip_runner_overlaps(x->runner) ? IP_RUNNER_MAX_SUBMITTED : 1;
	size_t sent = 0, done = 0;
	const char *why;
	int rc = 0;
	ip_diag_init(&s->diag, NULL);
	memset(s->by_status, 0, sizeof s->by_status);
	ip_store_batch_clear(s->ready);
	s->lost[0] = '\0';
	s->nx = s->nrun = s->nconfirm = 0;
	s->kept_n = 0;
	s->cold = -1;
	if (dr->confirm)
		room_for_flips(x, s);
	while (done < s->n) {
		size_t m;
		while (sent < s->n && !s->lost[0] && x->nsub < ahead) {
			uint8_t *out = e->out + (sent / dr->piece % ahead) * dr->piece * olen;
			m = s->n - sent < dr->piece ? s->n - sent : dr->piece;
			ip_exec_submit(x, s->variants + sent, m, out, s->outcomes + sent);
			sent += m;
		}
		if (x->nsub == 0)
			break; /* the device went away: nothing more was submitted */
		m = s->n - done < dr->piece ? s->n - done : dr->piece;
		if (ip_exec_collect(x, &why) == IP_RUNNER_DEVICE_LOST && !s->lost[0])
			snprintf(s->lost, sizeof s->lost, "%s", why);
		if (!rc && !s->lost[0])
			rc = add_runs(dr, s, done, done + m, 0);
		if (dr->confirm)
			keep_flips(x, s, done, done + m);
		done += m;
	}
	if (s->lost[0])
		return; /* the recorder stops here and stores nothing of the batch */
	confirm(x, s, dr->confirm, dr->plans);
	if (s->lost[0])
		return;
	if (ip_grow((void **)&s->runs, &s->runs_cap, s->n + s->nx, sizeof *s->runs))
		abort();
	if (s->nx) {
		s->xvalues = realloc(s->xvalues, s->nx * dr->value_len + 1);
		if (!s->xvalues)
			abort();
	}
	if (!rc)
		rc = add_runs(dr, s, 0, s->n, 1);
	if (!rc)
		rc = add_runs(dr, s, s->n, s->n + s->nx, 0);
	if (!rc)
		rc = ip_store_batch_finish(s->ready, &s->diag);
	s->prepared = rc;
}

static void report(const struct ip_campaign_opts *o, const struct ip_campaign_result *r,
                   double t0, int last)
{
	struct ip_campaign_progress pr;
	if (!o->progress)
		return;
	pr.cursor = r->cursor_end;
	pr.start = r->cursor_start;
	pr.total = r->total;
	pr.runs = r->runs;
	pr.seconds = now() - t0;
	pr.done = last;
	o->progress(o->progress_arg, &pr);
}

/* Opens one runner per worker; returns how many opened (all, or -1 with d set). */
static int open_runners(const struct ip_campaign_opts *o, const struct ip_probe *p,
                        struct ip_runner **r, unsigned n, struct ip_diag *d)
{
	struct ip_runner_config cfg = {0};
	cfg.isa = p->isa->name;
	cfg.gpu = o->gpu ? o->gpu : p->gpu;
	cfg.device = o->device;
	for (unsigned i = 0; i < n; i++) {
		int rc = o->backend ? ip_runner_open_backend(o->backend, &cfg, &r[i], d)
		                    : ip_runner_open(o->runner ? o->runner : "sim", &cfg, &r[i], d);
		if (rc)
			return -1;
	}
	return 0;
}

/* The driver's settings from o (before any runner is open) and its lock. */
static void driver_init(struct driver *dr, const struct ip_probe *p,
                        const struct ip_campaign_opts *o, unsigned jobs)
{
	memset(dr, 0, sizeof *dr);
	dr->probe = p;
	/* re-runs: as asked; by default auto's (the strategy that plans on what it saw) */
	dr->confirm = o->confirm == IP_CAMPAIGN_CONFIRM_NONE ? 0
	            : o->confirm ? o->confirm
	            : o->strategy == IP_STRATEGY_AUTO ? IP_CAMPAIGN_DEFAULT_CONFIRM : 0;
	dr->batch = o->batch ? o->batch : IP_CAMPAIGN_DEFAULT_BATCH;
	dr->piece = dr->batch; /* until the runner is known: piece_size */
	dr->value_len = (p->width + 7) / 8;
	dr->nworkers = jobs;
	pthread_mutex_init(&dr->lock, NULL);
	pthread_cond_init(&dr->work, NULL);
	pthread_cond_init(&dr->done, NULL);
}

/* In-process runners: pieces of at most 256 KiB of outputs (a core's cache keeps them until
 * they are hashed). A runner that overlaps batches (remote): large ones in halves, the next
 * submitted before the one before is collected. Others run whole batches: a GPU pays for each
 * submission. */
static size_t piece_size(const struct driver *dr, struct ip_runner *r)
{
	const struct ip_probe *p = dr->probe;
	if (strcmp(ip_runner_name(r), "sim") == 0) {
		size_t piece = (256u << 10) / (p->output_len ? p->output_len : 1);
		return piece < 16 ? 16 : piece < dr->batch ? piece : dr->batch;
	}
	if (ip_runner_overlaps(r) && dr->batch >= OVERLAP_MIN_BATCH)
		return (dr->batch + 1) / 2; /* two in flight: one runs while one is packed or stored */
	return dr->batch;
}

/* One runner and exec per worker (*ex, jobs of them, each with room for its pieces' outputs),
 * the job checked against the runner's frames before the campaign starts. 0, or -1 with d
 * set (what was opened is freed by close_workers). */
static int open_workers(struct driver *dr, const struct ip_campaign_opts *o,
                        struct ip_runner **runners, struct exec_with_driver **ex, unsigned jobs,
                        struct ip_diag *d)
{
	const struct ip_probe *p = dr->probe;
	if (open_runners(o, p, runners, jobs, d))
		return -1;
	*ex = calloc(jobs, sizeof **ex);
	if (!*ex)
		return ip_diag_plain(d, "out of memory");
	for (unsigned i = 0; i < jobs; i++) {
		(*ex)[i].dr = dr;
		if (ip_exec_init(&(*ex)[i].x, p, runners[i], dr->batch, d))
			return -1;
	}
	if (ip_exec_check(&(*ex)[0].x, d)) /* before the campaign starts: a job no frame holds */
		return -1;
	dr->piece = piece_size(dr, runners[0]);
	for (unsigned i = 0; i < jobs; i++)
		if (!((*ex)[i].out = malloc(IP_RUNNER_MAX_SUBMITTED * dr->piece *
		                            (p->output_len ? p->output_len : 1))))
			return ip_diag_plain(d, "out of memory");
	return 0;
}

static void close_workers(struct ip_runner **runners, struct exec_with_driver *ex, unsigned jobs)
{
	if (ex) {
		for (unsigned i = 0; i < jobs; i++) {
			ip_exec_free(&ex[i].x);
			free(ex[i].out);
		}
		free(ex);
	}
	for (unsigned i = 0; i < jobs; i++)
		ip_runner_close(runners[i]);
}

/* The strategy of o over p, moved past the `cursor` variants stored (*plans: auto's surveys,
 * run first with x, freed by the caller). 0, or -1 with d set. */
static int start_strategy(struct driver *dr, struct ip_exec *x, const struct ip_campaign_opts *o,
                          uint64_t cursor, struct ip_auto_context_plan **plans,
                          struct ip_strategy **st, struct ip_diag *d)
{
	const struct ip_probe *p = dr->probe;
	struct ip_strategy_params sp = {0};
	ip_strategy_params_of(&sp, p, o->strategy, dr->seeds);
	sp.seed = o->seed;
	sp.budget = o->budget;
	sp.force = o->force;
	if (o->strategy == IP_STRATEGY_AUTO) {
		*plans = calloc(p->ncontexts, sizeof **plans);
		if (!*plans)
			return ip_diag_plain(d, "out of memory");
		if (ip_auto_survey(x, p, dr->confirm, *plans, d))
			return -1;
		sp.plans = *plans;
		dr->plans = *plans;
	}
	if (ip_strategy_new(&sp, st, d))
		return -1;
	for (uint64_t k = 0; k < cursor; k++) { /* resume: skip what is stored */
		struct ip_variant v;
		if (!ip_strategy_next(*st, &v))
			break;
	}
	return 0;
}

/* The batch order of a run: the next batch handed out and the next one to store. */
struct batch_order {
	uint64_t cursor;        /* the strategy position after the batches handed out */
	uint64_t next_seq, record_seq;
	int exhausted;          /* the strategy has no more variants */
};

/* Hands out batches to the workers while there are free slots (dr->lock held; released while
 * a slot is filled). */
static void hand_out(struct driver *dr, struct ip_strategy *st, const struct ip_campaign_opts *o,
                     uint32_t shard_count, struct batch_order *b)
{
	for (;;) {
		struct slot *f = NULL;
		for (unsigned i = 0; i < dr->nslots && !f; i++)
			if (dr->slots[i].state == SLOT_FREE)
				f = &dr->slots[i];
		if (!f)
			break;
		pthread_mutex_unlock(&dr->lock);
		fill(dr, f, st, &b->cursor, o->shard_index, shard_count, &b->exhausted);
		pthread_mutex_lock(&dr->lock);
		f->seq = b->next_seq++;
		f->state = SLOT_READY;
		pthread_cond_broadcast(&dr->work);
		if (b->exhausted)
			break;
	}
}

/* Waits for batch `seq` to be done (dr->lock held). */
static struct slot *wait_done(struct driver *dr, uint64_t seq)
{
	for (;;) {
		for (unsigned i = 0; i < dr->nslots; i++)
			if (dr->slots[i].seq == seq && dr->slots[i].state == SLOT_DONE)
				return &dr->slots[i];
		pthread_cond_wait(&dr->done, &dr->lock);
	}
}

/* Stores a done batch and counts it in r. 0, or -1 with d set (the device went away, the
 * batch could not be prepared or stored). */
static int store_batch(struct ip_store *s, struct slot *next, struct ip_campaign_result *r,
                       struct ip_diag *d)
{
	if (next->lost[0])
		return ip_diag_plain(d, "%s; the %llu variants before it are stored: pass --resume "
		                        "once the device is back",
		                     next->lost, (unsigned long long)(r->runs - r->reruns - r->rerun));
	if (next->prepared)
		return ip_diag_plain(d, "%s", next->diag.msg);
	if (ip_store_record_prepared(s, r->campaign_id, next->ready, next->cursor_after, d))
		return -1;
	for (int k = 0; k < IP_STATUS_COUNT; k++)
		r->by_status[k] += next->by_status[k];
	r->runs += next->nrun;
	r->reruns += next->nconfirm;
	r->batches++;
	r->cursor_end = next->cursor_after;
	return 0;
}

/* This thread's loop: batches handed out to the workers, stored strictly in order, until the
 * strategy is exhausted (b->exhausted) or o->stop. 0, or -1 with d set. */
static int record_batches(struct driver *dr, struct ip_store *s, struct ip_strategy *st,
                          const struct ip_campaign_opts *o, uint32_t shard_count,
                          struct batch_order *b, struct ip_campaign_result *r, double t0,
                          struct ip_diag *d)
{
	for (;;) {
		struct slot *next;
		int stopping = o->stop && *o->stop;
		pthread_mutex_lock(&dr->lock);
		if (!b->exhausted && !stopping)
			hand_out(dr, st, o, shard_count, b);
		if (b->record_seq == b->next_seq) {
			pthread_mutex_unlock(&dr->lock);
			return 0; /* nothing in flight */
		}
		next = wait_done(dr, b->record_seq);
		pthread_mutex_unlock(&dr->lock);
		if (store_batch(s, next, r, d))
			return -1;
		b->record_seq++;
		pthread_mutex_lock(&dr->lock);
		next->state = SLOT_FREE;
		pthread_mutex_unlock(&dr->lock);
		report(o, r, t0, 0);
	}
}

/* Stops the workers: batches not started are dropped (redone on resume), the running ones
 * end. */
static void stop_workers(struct driver *dr, pthread_t *threads, unsigned nthreads)
{
	pthread_mutex_lock(&dr->lock);
	dr->quit = 1;
	for (unsigned i = 0; i < dr->nslots; i++)
		if (dr->slots[i].state == SLOT_READY)
			dr->slots[i].state = SLOT_FREE; /* not started: dropped, redone on resume */
	pthread_cond_broadcast(&dr->work);
	pthread_mutex_unlock(&dr->lock);
	for (unsigned i = 0; i < nthreads; i++)
		pthread_join(threads[i], NULL);
}

/* Runs the strategy from b->cursor with `jobs` worker threads, recording as it goes; marks
 * the campaign finished when the strategy is exhausted, else interrupted. 0, or -1 with d
 * set. */
static int run_workers(struct driver *dr, struct exec_with_driver *ex, unsigned jobs,
                       struct ip_store *s, struct ip_strategy *st,
                       const struct ip_campaign_opts *o, uint32_t shard_count,
                       struct batch_order *b, struct ip_campaign_result *r, struct ip_diag *d)
{
	pthread_t threads[IP_CAMPAIGN_MAX_JOBS];
	unsigned nthreads;
	double t0 = now(), cpu0 = 0;
	int rc = -1;
	dr->nslots = jobs + 2; /* one per worker, one being stored, one ready */
	if (alloc_slots(dr, d))
		return -1;
	for (nthreads = 0; nthreads < jobs; nthreads++)
		if (pthread_create(&threads[nthreads], NULL, worker, &ex[nthreads]) != 0) {
			ip_diag_plain(d, "cannot start worker thread %u", nthreads);
			goto stop;
		}
	t0 = now();
	cpu0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	if (record_batches(dr, s, st, o, shard_count, b, r, t0, d))
		goto stop;
	r->recorder_cpu = clock_s(CLOCK_THREAD_CPUTIME_ID) - cpu0;
	if (b->exhausted) {
		if (ip_campaign_finish(s, r->campaign_id, &r->finished, d))
			goto stop;
	} else {
		r->interrupted = 1;
	}
	rc = 0;
stop:
	stop_workers(dr, threads, nthreads);
	r->worker_cpu = dr->worker_cpu;
	report(o, r, t0, 1);
	return rc;
}

/* What the campaign holds as runner errors now (the summary says so): those stored before,
 * less those run again, plus those stored now; when there were any, counted again in the
 * database (db/rerun.c), whatever else its variant holds (a variant drawn twice). */
static void count_runner_errors(struct ip_store *s, uint64_t errors_before,
                                struct ip_campaign_result *r)
{
	r->runner_errors = errors_before - r->rerun + r->by_status[IP_STATUS_RUNNER_ERROR];
	if (r->runner_errors && r->campaign_id > 0) {
		struct ip_diag dd;
		uint64_t left;
		if (ip_store_runner_error_count(s, r->campaign_id, &left, &dd) == 0)
			r->runner_errors = left;
	}
}

int ip_campaign_run(struct ip_store *s, const struct ip_probe *p, const struct ip_campaign_opts *o,
                    struct ip_campaign_result *r, struct ip_diag *d)
{
	struct driver dr;
	struct ip_runner *runners[IP_CAMPAIGN_MAX_JOBS] = {0};
	struct exec_with_driver *ex = NULL;
	unsigned jobs = o->jobs ? o->jobs : 1;
	uint32_t shard_count = o->shard_count ? o->shard_count : 1;
	struct ip_auto_context_plan *plans = NULL;
	struct ip_strategy *st = NULL;
	struct ip_campaign_start c = {0};
	struct batch_order b = {0};
	uint64_t errors_before = 0;
	int rc = -1;
	double t_start = now();

	memset(r, 0, sizeof *r);
	if (jobs > IP_CAMPAIGN_MAX_JOBS)
		return ip_diag_plain(d, "at most %d jobs", IP_CAMPAIGN_MAX_JOBS);
	if (o->shard_index >= shard_count)
		return ip_diag_plain(d, "shard %u/%u does not exist (shards are 0 to %u)",
		                     (unsigned)o->shard_index, (unsigned)shard_count,
		                     (unsigned)shard_count - 1);
	driver_init(&dr, p, o, jobs);
	if (open_workers(&dr, o, runners, &ex, jobs, d))
		goto out;
	snprintf(r->model_buf, sizeof r->model_buf, "%s", ip_runner_model(runners[0]));
	r->model = r->model_buf;
	c.strategy = ip_strategy_name(o->strategy);
	c.runner_name = ip_runner_name(runners[0]);
	c.model = r->model;
	c.value_len = dr.value_len;
	c.lock_note = r->lock_note;
	c.lock_note_len = sizeof r->lock_note;
	rc = ip_campaign_begin(s, p, o, &c, d);
	r->campaign_id = c.id;
	if (c.locked)
		r->cursor_start = r->cursor_end = b.cursor = c.cursor;
	if (rc)
		goto out;
	rc = -1;
	r->resumed = c.cursor > 0 && !c.finished;
	/* the runner errors stored so far (a new campaign has none: no need to look) */
	if (c.cursor > 0 && ip_store_runner_error_count(s, r->campaign_id, &errors_before, d))
		goto out;
	/* --resume: first the runs stored as runner errors, again */
	if (o->resume && errors_before &&
	    ip_campaign_rerun(s, r->campaign_id, p, &ex[0].x, o, c.cursor, errors_before, r, d))
		goto out;
	if (c.finished || r->interrupted) {
		r->finished = r->was_finished = c.finished;
		rc = 0;
		goto out;
	}
	if (start_strategy(&dr, &ex[0].x, o, c.cursor, &plans, &st, d))
		goto out;
	r->total = ip_strategy_total(st);
	rc = run_workers(&dr, ex, jobs, s, st, o, shard_count, &b, r, d);
out:
	count_runner_errors(s, errors_before, r);
	ip_campaign_end(s);
	r->seconds = now() - t_start;
	free_slots(&dr);
	ip_strategy_free(st);
	free(plans);
	close_workers(runners, ex, jobs);
	pthread_mutex_destroy(&dr.lock);
	pthread_cond_destroy(&dr.work);
	pthread_cond_destroy(&dr.done);
	return rc;
}

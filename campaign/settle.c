/* settle.c: what auto's survey is re-run for before it plans, as a GPU needs: a fault counts
 * only when it repeats after a job known to succeed (a fault leaves a GPU's state dirty, and
 * the next job may fault for it), a walk flip and an interacting pair are run again and the
 * majority kept (an output bit flipped once is outvoted). */
#include <stdlib.h>
#include <string.h>

#include "settle.h"

int ip_settle_same(const struct ip_outcome *a, const struct ip_outcome *b)
{
	return a->status == b->status && a->fault == b->fault && a->len == b->len &&
	       (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* How many of o[0..n) are the same as o[i]. */
static unsigned agreeing(const struct ip_outcome *o, size_t n, size_t i)
{
	unsigned agree = 0;
	for (size_t j = 0; j < n; j++)
		agree += (unsigned)ip_settle_same(&o[i], &o[j]);
	return agree;
}

size_t ip_settle_pick(const struct ip_outcome *o, size_t n)
{
	size_t best = 0;
	unsigned best_n = 0;
	int best_ok = 0;
	/* ties: the later (the re-runs ran clean; the first maybe after a fault) */
	for (size_t i = 0; i < n; i++) {
		unsigned agree = agreeing(o, n, i);
		int ok = o[i].status == IP_STATUS_OK;
		if ((ok && !best_ok) || (ok == best_ok && agree >= best_n)) {
			best = i;
			best_n = agree;
			best_ok = ok;
		}
	}
	return best;
}

/* Whether the pick of o[0..n) is clear: an ok one, or a strict majority of them. */
static int decided(const struct ip_outcome *o, size_t n)
{
	size_t k = ip_settle_pick(o, n);
	unsigned agree = agreeing(o, n, k);
	if (o[k].status == IP_STATUS_OK) {
		for (size_t i = 0; i < n; i++)
			if (o[i].status == IP_STATUS_OK && !ip_settle_same(&o[i], &o[k]) &&
			    agreeing(o, n, i) == agree)
				return 0; /* two ok outcomes as often: no majority yet */
		return 1;
	}
	return 2 * agree > n;
}

static int is_fault(enum ip_status s)
{
	return s == IP_STATUS_FAULT;
}

int ip_settle_explained(const struct ip_auto_context_plan *pl, const ip_word *seed,
                        const ip_word *value, const struct ip_outcome *o)
{
	if (!pl || !is_fault(o->status))
		return 0;
	for (unsigned w = 0; w < 2; w++)
		for (uint64_t d = seed->w[w] ^ value->w[w]; d; d &= d - 1) {
			unsigned b = 64 * w + (unsigned)__builtin_ctzll(d);
			if (b < 128 && pl->walk_status[b] == o->status && pl->walk_fault[b] == o->fault)
				return 1;
		}
	return 0;
}

void ip_settle_walk_faults(struct ip_auto_context_plan *pl, const struct ip_outcome *o,
                           unsigned width)
{
	for (unsigned b = 0; b < width && b < 128; b++) {
		const struct ip_outcome *w = &o[1 + b];
		pl->walk_status[b] = is_fault(w->status) ? (uint8_t)w->status : 0;
		pl->walk_fault[b] = is_fault(w->status) ? w->fault : 0;
	}
}

/* Re-runs on one runner: a job known to succeed (the seed) before a re-run whenever the
 * device's last job did not succeed, so that no state a fault left dirty decides it. */
struct settle {
	struct ip_exec *x;
	const struct ip_variant *good; /* NULL: the seed itself does not run ok */
	int clean;                     /* the last job ran ok */
	int mark_hangs;                /* a timeout is a hang (the seed's and walk's re-runs) */
	size_t olen;
	uint8_t *scratch;              /* (2 + MAX_TRIES) * olen: a warm-up, then the tries */
	struct ip_outcome tries[8];
	const char *why;
};

#define MAX_TRIES 8
#define WARMUPS 16

/* Runs v once, clean: first the known job alone (again while it fails: a dirty state may
 * outlast a job or two) when the device's last job did not run ok; v's outcome in
 * s->tries[k] (data in the scratch). 0; 1 when the device never ran the known job ok (v is
 * not run: nothing clean to tell); or IP_RUNNER_DEVICE_LOST. */
static int run_clean(struct settle *s, const struct ip_variant *v, size_t k)
{
	uint8_t *at = s->scratch + (2 + k) * s->olen;
	for (unsigned t = 0; t < WARMUPS && !s->clean && s->good; t++) {
		struct ip_outcome o;
		if (ip_exec_run(s->x, s->good, 1, s->scratch, &o, &s->why) == IP_RUNNER_DEVICE_LOST)
			return IP_RUNNER_DEVICE_LOST;
		s->clean = o.status == IP_STATUS_OK;
	}
	if (!s->clean && s->good)
		return 1;
	if (ip_exec_run(s->x, v, 1, at, &s->tries[k], &s->why) == IP_RUNNER_DEVICE_LOST)
		return IP_RUNNER_DEVICE_LOST;
	s->clean = s->tries[k].status == IP_STATUS_OK;
	/* a timeout here is a hang's, as the survey's hangs are marked (campaign/campaign.c), when it
	 * is a walk's (mark_hangs) */
	if (s->tries[k].status == IP_STATUS_TIMEOUT && s->mark_hangs) {
		s->tries[k].status = IP_STATUS_FAULT;
		s->tries[k].fault = IP_AUTO_HANG;
	}
	return 0;
}

/* Keeps tries[0..n) choice in place of outcome o (its data at `data`). */
static void adopt(struct settle *s, size_t n, struct ip_outcome *o, uint8_t *data)
{
	size_t k = ip_settle_pick(s->tries, n);
	*o = s->tries[k];
	if (o->len)
		memcpy(data, s->tries[k].data, s->olen);
	o->data = data;
}

/* Verifies outcome o of v: one more run, clean (two when o is a fault: it may have come of a
 * dirty state, and counts only once two clean runs repeat it); when they differ, up to `more`
 * runs besides, then the pick of them all. */
static int verify(struct settle *s, const struct ip_variant *v, struct ip_outcome *o,
                  uint8_t *data, unsigned more)
{
	size_t n = 1;
	int rc;
	s->tries[0] = *o;
	if ((rc = run_clean(s, v, n)) != 0)
		return rc == 1 ? 0 : rc;
	if (ip_settle_same(&s->tries[0], &s->tries[n++])) {
		if (s->tries[0].status == IP_STATUS_OK)
			return 0;
		if ((rc = run_clean(s, v, n)) != 0)
			return rc == 1 ? 0 : rc;
		if (ip_settle_same(&s->tries[1], &s->tries[n++]))
			return 0;
	}
	/* `more` runs besides, then more while no majority stands out */
	for (unsigned t = 0; (t < more || !decided(s->tries, n)) && n < MAX_TRIES; t++) {
		if ((rc = run_clean(s, v, n)) == 1)
			break;
		if (rc)
			return rc;
		n++;
	}
	adopt(s, n, o, data);
	return 0;
}

/* A fault of v that nothing explains: run again clean until two clean runs agree or one runs
 * ok (the first run may have come of a dirty state: it does not count), at most `more` + 1
 * times; the pick of them all. */
static int refault(struct settle *s, const struct ip_variant *v, struct ip_outcome *o,
                   uint8_t *data, unsigned more)
{
	size_t n = 1;
	s->tries[0] = *o;
	for (unsigned t = 0; t <= more && n < MAX_TRIES; t++) {
		int rc = run_clean(s, v, n);
		if (rc == 1)
			break;
		if (rc)
			return rc;
		n++;
		if (s->tries[n - 1].status == IP_STATUS_OK ||
		    (n > 2 && ip_settle_same(&s->tries[n - 2], &s->tries[n - 1])))
			break;
	}
	/* (without clean runs, the first stands) */
	adopt(s, n, o, data);
	return 0;
}

static int settle_init(struct settle *s, struct ip_exec *x, const struct ip_variant *good)
{
	memset(s, 0, sizeof *s);
	s->x = x;
	s->good = good;
	s->olen = x->probe->output_len;
	s->scratch = malloc((2 + MAX_TRIES) * (s->olen ? s->olen : 1));
	return s->scratch ? 0 : -1;
}

/* Whether outcome o is a fault that one of a, b (the flips alone) shows alike. */
static int faults_alike(const struct ip_outcome *o, const struct ip_outcome *a,
                        const struct ip_outcome *b)
{
	return (a->status == o->status && a->fault == o->fault) ||
	       (b->status == o->status && b->fault == o->fault);
}

int ip_settle_survey(struct ip_exec *x, const struct ip_variant *v, uint8_t *data,
                     struct ip_outcome *o, unsigned width, unsigned confirm, const char **why)
{
	struct settle s;
	size_t olen = x->probe->output_len, k = 1 + width;
	int rc = 0;
	if (!confirm)
		return 0;
	if (settle_init(&s, x, NULL))
		abort();
	s.mark_hangs = 1;
	/* the seed: every verdict is measured against it; run until it runs ok once (a fault
	 * before may have left the state dirty), `confirm` more times at least */
	s.tries[0] = o[0];
	{
		size_t n = 1;
		int ok = o[0].status == IP_STATUS_OK;
		for (unsigned t = 0; (t < confirm || !ok) && n < MAX_TRIES && !rc; t++) {
			rc = run_clean(&s, &v[0], n); /* (no known job yet: never 1) */
			ok |= s.tries[n++].status == IP_STATUS_OK;
		}
		if (!rc)
			adopt(&s, n, &o[0], data);
	}
	s.good = o[0].status == IP_STATUS_OK ? &v[0] : NULL;
	for (unsigned b = 0; b < width && !rc; b++)
		if (!ip_status_is_noise(o[1 + b].status))
			rc = verify(&s, &v[1 + b], &o[1 + b], data + (1 + b) * olen, confirm);
	s.mark_hangs = 0;
	for (unsigned i = 0; i < width && !rc; i++)
		for (unsigned j = i + 1; j < width && !rc; j++, k++) {
			const struct ip_outcome *a = &o[1 + i], *b = &o[1 + j];
			if (ip_status_is_noise(o[k].status))
				continue;
			if (is_fault(o[k].status) && !faults_alike(&o[k], a, b))
				rc = refault(&s, &v[k], &o[k], data + k * olen, confirm);
			else if (o[k].status == IP_STATUS_OK && ip_auto_interacts(&o[0], a, b, &o[k]))
				rc = verify(&s, &v[k], &o[k], data + k * olen, confirm);
		}
	*why = s.why;
	free(s.scratch);
	return rc;
}

int ip_settle_condition(struct ip_exec *x, const struct ip_auto_condition *c,
                        const struct ip_variant *good, const struct ip_variant *v, uint8_t *data,
                        struct ip_outcome *o, const struct ip_outcome *const *alone,
                        unsigned confirm, const char **why)
{
	struct settle s;
	size_t olen = x->probe->output_len, k = 0;
	int rc = 0;
	if (!confirm)
		return 0;
	if (settle_init(&s, x, good))
		abort();
	for (unsigned i = 0; i < c->ndependents && !rc; i++)
		for (unsigned j = i + 1; j < c->ndependents && !rc; j++, k++)
			if (is_fault(o[k].status) && !faults_alike(&o[k], alone[i], alone[j]))
				rc = refault(&s, &v[k], &o[k], data + k * olen, confirm);
	*why = s.why;
	free(s.scratch);
	return rc;
}

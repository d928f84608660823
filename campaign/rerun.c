/* rerun.c: `campaign --resume` runs again the runs a campaign stored as runner errors (a dead
 * or hung agent, a frame it could not send): each such run is run once more, in batches, and
 * its new outcome replaces it in the same transaction (db/rerun.c). */
#include <stdlib.h>
#include <string.h>

#include "rerun.h"

struct rerun {
	struct ip_exec *x;
	const struct ip_probe *p;
	size_t value_len, n;
	struct ip_variant *variants;
	struct ip_outcome *outcomes;
	struct ip_run *runs;
	int64_t *replaces;
	uint8_t *data, *values;
};

/* Runs and stores the batch gathered so far. */
static int flush(struct ip_store *s, int64_t id, struct rerun *b, struct ip_campaign_result *r,
                 struct ip_diag *d)
{
	const char *lost;
	if (!b->n)
		return 0;
	if (ip_exec_run(b->x, b->variants, b->n, b->data, b->outcomes, &lost) ==
	    IP_RUNNER_DEVICE_LOST)
		return ip_diag_plain(d, "%s; running the stored runner errors again: %llu of them are "
		                        "run again and stored: pass --resume once the device is back",
		                     lost, (unsigned long long)r->rerun);
	for (size_t i = 0; i < b->n; i++) {
		uint8_t *val = b->values + i * b->value_len;
		ip_word_to_bytes(&b->variants[i].value, val, (unsigned)b->value_len);
		b->runs[i] = (struct ip_run){b->variants[i].context, val, b->value_len, b->outcomes[i]};
	}
	if (ip_store_rerecord(s, id, b->runs, b->replaces, b->n, d))
		return -1;
	for (size_t i = 0; i < b->n; i++)
		r->by_status[b->outcomes[i].status]++;
	r->rerun += b->n;
	r->runs += b->n;
	b->n = 0;
	return 0;
}

int ip_campaign_rerun(struct ip_store *s, int64_t id, const struct ip_probe *p,
                      struct ip_exec *x, const struct ip_campaign_opts *o, uint64_t cursor,
                      uint64_t total, struct ip_campaign_result *r, struct ip_diag *d)
{
	struct rerun b = {x, p, (p->width + 7) / 8, 0, NULL, NULL, NULL, NULL, NULL, NULL};
	struct ip_error_row *rows = NULL, last;
	uint64_t done = 0;
	size_t n = 0;
	int rc = -1, have_last = 0;
	if (!total)
		return 0;
	/* No campaign stores more runs than variants it went through: more is damage. */
	if (total > cursor)
		return ip_diag_plain(d, "campaign %lld has %llu runner-error runs but went through "
		                        "%llu variants (the database is damaged, or was changed by "
		                        "hand)",
		                     (long long)id, (unsigned long long)total,
		                     (unsigned long long)cursor);
	/* What is read is checked first, as inference would (db/validate.c). */
	if (ip_store_check_campaigns(ip_store_sqlite(s), &id, 1, d))
		return -1;
	rows = malloc(x->cap * sizeof *rows);
	b.variants = malloc(x->cap * sizeof *b.variants);
	b.outcomes = malloc(x->cap * sizeof *b.outcomes);
	b.runs = malloc(x->cap * sizeof *b.runs);
	b.replaces = malloc(x->cap * sizeof *b.replaces);
	b.data = malloc(x->cap * (p->output_len ? p->output_len : 1));
	b.values = malloc(x->cap * b.value_len);
	if (!rows || !b.variants || !b.outcomes || !b.runs || !b.replaces || !b.data || !b.values) {
		ip_diag_plain(d, "out of memory");
		goto out;
	}
	/* Each stored runner-error run once: rows that come back as runner errors again land at or
	 * before `last`, or are beyond the count this started with. */
	while (done < total && !(o->stop && *o->stop)) {
		if (ip_store_runner_errors(s, id, have_last ? &last : NULL, rows, x->cap, &n, d))
			goto out;
		if (!n)
			break;
		for (size_t i = 0; i < n && done < total; i++) {
			const struct ip_error_row *e = &rows[i];
			if (e->context >= p->ncontexts || e->value_len != b.value_len) {
				ip_diag_plain(d, "table run, row (campaign %lld, context %u, a value of %zu "
				                 "bytes): not a variant of probe %s (%u contexts, %zu-byte "
				                 "values)",
				              (long long)id, e->context, e->value_len, p->name, p->ncontexts,
				              b.value_len);
				goto out;
			}
			for (uint64_t k = 0; k < e->count && done < total; k++, done++) {
				struct ip_variant *v = &b.variants[b.n];
				v->context = e->context;
				v->value = ip_word_from_bytes(e->value, (unsigned)e->value_len);
				b.replaces[b.n++] = e->outcome_id;
				if (b.n == x->cap && flush(s, id, &b, r, d))
					goto out;
				if (o->stop && *o->stop)
					break;
			}
			if (o->stop && *o->stop)
				break;
		}
		last = rows[n - 1];
		have_last = 1;
	}
	if (flush(s, id, &b, r, d))
		goto out;
	if (done < total && o->stop && *o->stop)
		r->interrupted = 1;
	rc = 0;
out:
	free(rows);
	free(b.variants);
	free(b.outcomes);
	free(b.runs);
	free(b.replaces);
	free(b.data);
	free(b.values);
	return rc;
}

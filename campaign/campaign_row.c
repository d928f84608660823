/* campaign_row.c: the lifecycle every campaign engine shares: the campaign row found or
 * started with its layout, its writer's lock, the refusal to continue it unasked, its end. */
#include <stdio.h>

#include "campaign_row.h"

static void fill_layout(const struct ip_probe *p, size_t value_len, char fmt_names[][96],
                        struct ip_layout_context *lc, struct ip_layout_target *lt,
                        struct ip_layout_buffer *lb, uint8_t (*seed_bytes)[16],
                        struct ip_campaign_layout *l)
{
	size_t off = 0;
	for (unsigned c = 0; c < p->ncontexts; c++) {
		ip_word_to_bytes(&p->contexts[c].seed_value, seed_bytes[c], (unsigned)value_len);
		lc[c].label = p->contexts[c].label;
		lc[c].seed_value = seed_bytes[c];
		lc[c].seed_len = value_len;
	}
	for (unsigned i = 0; i < p->ntargets; i++) {
		const struct ip_probe_target *t = &p->targets[i];
		snprintf(fmt_names[i], 96, "%s.%s", p->isa->name, t->fmt->name);
		lt[i].value_lo = t->value_lo;
		lt[i].width = t->width;
		lt[i].format = fmt_names[i];
		lt[i].field = t->field ? t->field->name : NULL;
		lt[i].bundle = t->bundle;
		lt[i].slot = t->slot;
		lt[i].lo = t->lo;
	}
	for (unsigned i = 0; i < p->nbuffers; i++) {
		const struct ip_probe_buffer *b = &p->buffers[i];
		lb[i].output = b->output;
		lb[i].role = ip_buf_role_name(b->role);
		lb[i].offset = b->output ? (uint32_t)off : 0;
		lb[i].data = b->output ? NULL : b->data;
		lb[i].len = b->len;
		lb[i].record = p->record[b->role];
		lb[i].names = b->output ? NULL : p->names[b->role];
		if (b->output)
			off += b->len;
	}
	l->contexts = lc;
	l->ncontexts = p->ncontexts;
	l->targets = lt;
	l->ntargets = p->ntargets;
	l->buffers = lb;
	l->nbuffers = p->nbuffers;
}

static int64_t campaign_open(struct ip_store *s, const struct ip_probe *p,
                             const struct ip_campaign_opts *o, const char *strategy,
                             const char *runner_name, const char *model, size_t value_len,
                             uint64_t *cursor, int *finished, struct ip_diag *d)
{
	struct ip_campaign_key key = {0};
	struct ip_layout_context lc[IP_PROBE_MAX_CONTEXTS];
	struct ip_layout_target lt[IP_PROBE_MAX_TARGETS];
	struct ip_layout_buffer lb[IP_PROBE_MAX_BUFFERS];
	uint8_t seed_bytes[IP_PROBE_MAX_CONTEXTS][16];
	char fmt_names[IP_PROBE_MAX_TARGETS][96];
	struct ip_campaign_layout l;
	int64_t id;
	key.probe_id = ip_store_probe(s, p->name, p->isa->name, p->text, 1, d);
	if (key.probe_id < 0)
		return -1;
	key.device_id = ip_store_device(s, runner_name, model, o->host, d);
	if (key.device_id < 0)
		return -1;
	key.strategy = strategy;
	key.seed = o->seed;
	key.budget = o->budget;
	key.shard_index = o->shard_index;
	key.shard_count = o->shard_count ? o->shard_count : 1;
	id = ip_store_campaign(s, &key, cursor, finished, d);
	if (id < 0)
		return -1;
	fill_layout(p, value_len, fmt_names, lc, lt, lb, seed_bytes, &l);
	if (ip_store_campaign_layout(s, id, &l, d))
		return -1;
	return id;
}

int ip_campaign_begin(struct ip_store *s, const struct ip_probe *p,
                      const struct ip_campaign_opts *o, struct ip_campaign_start *c,
                      struct ip_diag *d)
{
	c->locked = c->finished = 0;
	c->cursor = 0;
	c->id = campaign_open(s, p, o, c->strategy, c->runner_name, c->model, c->value_len,
	                      &c->cursor, &c->finished, d);
	if (c->id < 0)
		return -1;
	/* One writer per campaign (db/lock.c): where it stands is read again under the lock. */
	if (ip_store_campaign_lock(s, c->id, &c->cursor, &c->finished, c->lock_note,
	                           c->lock_note_len, d))
		return -1;
	c->locked = 1;
	if (c->cursor > 0 && !c->finished && !o->resume) {
		char where[64];
		snprintf(where, sizeof where, c->counts_runs ? "after %llu runs" : "at variant %llu",
		         (unsigned long long)c->cursor);
		return ip_diag_plain(d, "campaign %lld of probe %s was interrupted %s: pass --resume "
		                        "to continue it",
		                     (long long)c->id, p->name, where);
	}
	return 0;
}

int ip_campaign_finish(struct ip_store *s, int64_t id, int *finished, struct ip_diag *d)
{
	if (ip_store_campaign_finish(s, id, d))
		return -1;
	*finished = 1;
	return 0;
}

void ip_campaign_end(struct ip_store *s)
{
	ip_store_campaign_unlock(s);
}

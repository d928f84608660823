/* infer_load.c: reads what inference needs about one probe from the database: the campaigns
 * to use, their layout (contexts, target bits, planted inputs, observed outputs), runs, outcomes. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "common/fp16.h"
#include "common/grow.h"
#include "common/outcome_status.h"

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		abort();
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

/* Big-endian blob -> value; -1 if longer than 8 bytes. */
static int be_value(const void *blob, int len, uint64_t *v)
{
	const uint8_t *p = blob;
	if (len < 0 || len > 8)
		return -1;
	*v = 0;
	for (int i = 0; i < len; i++)
		*v = *v << 8 | p[i];
	return 0;
}

static const char *intern_role(struct inf_data *data, const char *role)
{
	for (size_t i = 0; i < data->nroles; i++)
		if (strcmp(data->roles[i], role) == 0)
			return data->roles[i];
	if (ip_grow((void **)&data->roles, &data->roles_cap, data->nroles + 1, sizeof *data->roles))
		abort();
	return data->roles[data->nroles++] = xstrdup(role);
}

/* The campaigns whose runs are used (ip_store_campaign_group), the newest of them with a layout
 * in *layout. */
static int load_campaigns(struct ip_store *db, struct inf_data *data, int64_t *layout,
                          struct ip_diag *d)
{
	struct ip_campaign_group g;
	if (ip_store_campaign_group(db, data->probe_id, data->runner, data->model, &g, d)) {
		ip_campaign_group_free(&g);
		return -1;
	}
	data->campaigns = g.campaigns;
	data->ncampaigns = g.n;
	data->newest = g.newest;
	*layout = g.layout;
	g.campaigns = NULL;
	if (g.newest) {
		free(data->runner);
		free(data->model);
		data->runner = g.runner;
		data->model = g.model;
		g.runner = g.model = NULL;
		if (g.have_hash)
			memcpy(data->probe_hash, g.probe_hash, sizeof data->probe_hash);
	}
	ip_campaign_group_free(&g);
	return 0;
}

static void load_targets(struct inf_data *data, const struct ip_stored_layout *l)
{
	for (size_t i = 0; i < l->ntargets; i++) {
		const struct ip_stored_target *r = &l->targets[i];
		struct inf_target *t;
		if (ip_grow((void **)&data->t, &data->t_cap, data->nt + 1, sizeof *data->t))
			abort();
		t = &data->t[data->nt++];
		t->value_lo = (unsigned)r->value_lo;
		t->width = (unsigned)r->width;
		t->format = xstrdup(r->format);
		t->field = xstrdup(r->field);
		t->lo = (unsigned)r->lo;
		t->bundle = (unsigned)r->bundle;
		t->slot = (unsigned)r->slot;
		if (t->value_lo + t->width > data->width)
			data->width = t->value_lo + t->width;
	}
}

static int load_contexts(struct inf_data *data, const struct ip_stored_layout *l, int64_t layout,
                         struct ip_diag *d)
{
	for (size_t i = 0; i < l->ncontexts; i++) {
		const struct ip_stored_context *r = &l->contexts[i];
		struct inf_context *c;
		int len = (int)r->seed_len;
		if (ip_grow((void **)&data->ctx, &data->ctx_cap, data->nctx + 1, sizeof *data->ctx))
			abort();
		c = &data->ctx[data->nctx++];
		memset(c, 0, sizeof *c);
		c->idx = (unsigned)r->idx;
		c->label = xstrdup(r->label);
		c->base = -1;
		if (be_value(r->seed_value, len, &c->seed))
			return ip_diag_plain(d, "context %u of campaign %lld: a seed value of %d bytes; "
			                        "inference handles regions of up to 64 bits",
			                     c->idx, (long long)layout, len);
		if (!data->nt && (unsigned)len * 8 > data->width)
			data->width = (unsigned)len * 8;
	}
	return 0;
}

/* The records' names of an input buffer ("r0 r1 ..."), kept when the text has any. */
static void add_names(struct inf_data *data, const char *role, unsigned rec, const char *text)
{
	struct inf_names *nm;
	if (!text || !*text)
		return;
	if (ip_grow((void **)&data->names, &data->names_cap, data->nnames + 1,
	            sizeof *data->names))
		abort();
	nm = &data->names[data->nnames++];
	memset(nm, 0, sizeof *nm);
	nm->role = role;
	nm->rec = rec;
	while (*text) {
		size_t n = strcspn(text, " ");
		if (n) {
			if (ip_grow((void **)&nm->name, &nm->cap, nm->n + 1, sizeof *nm->name))
				abort();
			nm->name[nm->n] = xcalloc(n + 1, 1);
			memcpy(nm->name[nm->n++], text, n);
		}
		text += n + (text[n] == ' ');
	}
}

static void load_buffers(struct inf_data *data, const struct ip_stored_layout *l)
{
	for (size_t bi = 0; bi < l->nbuffers; bi++) {
		const struct ip_stored_buffer *r = &l->buffers[bi];
		const char *role = intern_role(data, r->role);
		uint32_t offset = r->offset;
		int64_t len = r->len;
		unsigned nwords = len > 0 ? (unsigned)((len + 3) / 4) : 0;
		int64_t record = r->record;
		unsigned rec = record >= 8 && record % 4 == 0 ? (unsigned)(record / 4) : 0;
		if (!r->output) {
			const uint8_t *p = r->data;
			int have = (int)r->data_len;
			if (ip_grow((void **)&data->in, &data->in_cap, data->nin + nwords + 1,
			            sizeof *data->in))
				abort();
			for (unsigned i = 0; i < nwords; i++) {
				uint32_t v = 0;
				for (int k = 0; k < 4; k++)
					if ((int)(4 * i) + k < have)
						v |= (uint32_t)p[4 * i + (unsigned)k] << (8 * k);
				float f;
				memcpy(&f, &v, sizeof f);
				data->in[data->nin++] =
					(struct inf_input){role, i, v, rec, ip_double_to_f16((double)f), 0, 0};
			}
			add_names(data, role, rec, r->names);
		} else {
			if (len > 0 && offset + (size_t)len > data->out_bytes)
				data->out_bytes = offset + (size_t)len;
			if (ip_grow((void **)&data->out, &data->out_cap, data->nout + nwords + 1,
			            sizeof *data->out))
				abort();
			for (unsigned i = 0; i < nwords; i++)
				data->out[data->nout++] = (struct inf_output){role, i, offset + 4 * i, -1};
		}
	}
}

static int cmp_pair(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a >> 24, y = *(const uint64_t *)b >> 24;
	return x < y ? -1 : x > y;
}

/* Marks the input words whose binary16 pair (this word and the next of the buffer) no other
 * pair has: only those can name the input a half-precision output came from. */
static void mark_h16(struct inf_data *data)
{
	uint64_t *keys = calloc(data->nin + 1, sizeof *keys);
	size_t n = 0;
	if (!keys)
		abort();
	for (size_t j = 0; j + 1 < data->nin; j++)
		if (data->in[j + 1].role == data->in[j].role)
			keys[n++] = ((uint64_t)data->in[j].h16 << 40 | (uint64_t)data->in[j + 1].h16 << 24) |
			            j;
	qsort(keys, n, sizeof *keys, cmp_pair);
	for (size_t i = 0; i < n; i++) {
		int dup = (i > 0 && keys[i - 1] >> 24 == keys[i] >> 24) ||
		          (i + 1 < n && keys[i + 1] >> 24 == keys[i] >> 24);
		data->in[keys[i] & 0xFFFFFF].h16_unique = !dup;
	}
	free(keys);
}

/* The outcomes of these ids (ascending, distinct), into data->oc in that order: each row's
 * status, fault and the observed output words. */
static int load_outcomes(struct ip_store *db, struct inf_data *data, const int64_t *ids,
                         size_t n, struct ip_diag *d)
{
	struct ip_outcome_reader *rd;
	int rc = 0;
	if (ip_outcome_reader_open(db, &rd, d))
		return -1;
	data->oc = xcalloc(n + 1, sizeof *data->oc);
	for (size_t i = 0; i < n && !rc; i++) {
		struct ip_outcome out;
		struct inf_outcome *o;
		const uint8_t *p;
		int len;
		rc = ip_outcome_reader_get(rd, ids[i], &out, d);
		if (rc == 0) {
			ip_outcome_reader_close(rd);
			return ip_diag_plain(d, "probe %s: a run names outcome %lld, which is missing",
			                     data->name, (long long)ids[i]);
		}
		if (rc < 0)
			break;
		rc = 0;
		p = out.data;
		len = (int)out.len;
		o = &data->oc[data->noc++];
		memset(o, 0, sizeof *o); /* src is filled later: an error before must free NULL */
		o->id = ids[i];
		o->status = (int)out.status;
		o->fault = out.fault;
		o->words = xcalloc(data->nout, sizeof *o->words);
		o->unobserved = o->status == IP_STATUS_OK && (size_t)len < data->out_bytes;
		for (size_t k = 0; k < data->nout; k++) {
			uint32_t off = data->out[k].offset, v = 0;
			if ((int64_t)off >= len)
				continue;
			for (unsigned b = 0; b < 4 && (int64_t)off + b < len; b++)
				v |= (uint32_t)p[off + b] << (8 * b);
			o->words[k] = v;
			if (k < INF_MAX_WORDS)
				o->have |= UINT64_C(1) << k;
		}
	}
	ip_outcome_reader_close(rd);
	return rc < 0 ? -1 : 0;
}

/* Keeps only the output words some two outcomes differ in (ok outcomes with their data): the
 * others say nothing, and the per-word masks then cover the words that matter (up to 64). */
static void compact_outputs(struct inf_data *data)
{
	size_t kept = 0;
	for (size_t k = 0; k < data->nout; k++) {
		int varies = 0;
		uint32_t first = 0;
		int seen = 0;
		for (size_t i = 0; i < data->noc && !varies; i++) {
			const struct inf_outcome *o = &data->oc[i];
			if (o->status != IP_STATUS_OK || o->unobserved)
				continue;
			if (!seen) {
				first = o->words[k];
				seen = 1;
			} else
				varies = o->words[k] != first;
		}
		if (!varies)
			continue;
		data->out[kept] = data->out[k];
		for (size_t i = 0; i < data->noc; i++)
			data->oc[i].words[kept] = data->oc[i].words[k];
		kept++;
	}
	data->nout = kept;
	for (size_t i = 0; i < data->noc; i++) {
		struct inf_outcome *o = &data->oc[i];
		o->have = 0;
		if (o->status == IP_STATUS_OK && !o->unobserved)
			o->have = kept >= INF_MAX_WORDS ? ~UINT64_C(0) : (UINT64_C(1) << kept) - 1;
	}
}

struct input_key {
	uint32_t value;
	int32_t index;
};

static int cmp_key(const void *a, const void *b)
{
	const struct input_key *x = a, *y = b;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* For every outcome word, the first planted input word holding the same value (or -1). */
static void trace_inputs(struct inf_data *data)
{
	struct input_key *keys = calloc(data->nin + 1, sizeof *keys);
	if (!keys)
		abort();
	uint64_t *pairs = calloc(data->nin + 1, sizeof *pairs);
	size_t npairs = 0;
	if (!pairs)
		abort();
	for (size_t i = 0; i < data->nin; i++) {
		keys[i] = (struct input_key){data->in[i].value, (int32_t)i};
		if (data->in[i].h16_unique)
			pairs[npairs++] = (uint64_t)data->in[i].h16 << 40 |
			                  (uint64_t)data->in[i + 1].h16 << 24 | i;
	}
	if (data->nin)
		qsort(keys, data->nin, sizeof *keys, cmp_key);
	for (size_t i = 1; i < data->nin; i++)
		if (keys[i].value == keys[i - 1].value)
			data->in[keys[i].index].dup = data->in[keys[i - 1].index].dup = 1;
	if (npairs)
		qsort(pairs, npairs, sizeof *pairs, cmp_pair);
	for (size_t i = 0; i < data->noc; i++) {
		struct inf_outcome *o = &data->oc[i];
		o->src = calloc(data->nout + 1, sizeof *o->src);
		if (!o->src)
			abort();
		for (size_t k = 0; k < data->nout; k++) {
			size_t lo = 0, hi = data->nin;
			while (lo < hi) {
				size_t mid = (lo + hi) / 2;
				if (keys[mid].value < o->words[k])
					lo = mid + 1;
				else
					hi = mid;
			}
			o->src[k] = lo < data->nin && keys[lo].value == o->words[k] ? keys[lo].index : -1;
			if (o->src[k] < 0 && o->words[k] && npairs) {
				/* two planted words as binary16 halves (a converting load) */
				uint64_t want = (uint64_t)(o->words[k] & 0xFFFF) << 40 |
				                (uint64_t)(o->words[k] >> 16) << 24;
				lo = 0;
				hi = npairs;
				while (lo < hi) {
					size_t mid = (lo + hi) / 2;
					if (pairs[mid] >> 24 < want >> 24)
						lo = mid + 1;
					else
						hi = mid;
				}
				if (lo < npairs && pairs[lo] >> 24 == want >> 24)
					o->src[k] = (int32_t)(pairs[lo] & 0xFFFFFF);
			}
		}
	}
	free(keys);
	free(pairs);
}

static int32_t outcome_index(const struct inf_data *data, int64_t id)
{
	size_t lo = 0, hi = data->noc;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (data->oc[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < data->noc && data->oc[lo].id == id ? (int32_t)lo : -1;
}

struct raw_run {
	uint64_t value;
	uint32_t oc;
	uint64_t count;
};

/* Folds one variant's runs (r[0..n), one per outcome, by outcome index) into c's next
 * variant with its majority outcome, taken over the informative runs: noise runs (and ok runs
 * whose outputs were not observed) neither decide nor count against it; faults of a variant
 * that also ran ok are noise. A variant that never ran ok and timed out twice or more, more
 * often than it said anything else, hangs (its outcome the timeout); one with noise runs only
 * otherwise is left out. *cap: c->v's room, grown here. */
static void fold_variant(const struct inf_data *data, struct inf_context *c, size_t *cap,
                         uint64_t value, const struct raw_run *r, size_t n)
{
	struct inf_variant *v;
	uint64_t best = 0, timeouts = 0;
	int32_t timeout_oc = -1;
	int ran_ok = 0;
	if (ip_grow((void **)&c->v, cap, c->nv + 1, sizeof *c->v))
		abort();
	v = &c->v[c->nv];
	memset(v, 0, sizeof *v);
	v->value = value;
	/* a variant that ran ok once can run ok: its faults are what a GPU's state left dirty
	 * by a fault before, or a fault of its own, not the variant's (docs/inference.md) */
	for (size_t j = 0; j < n && !ran_ok; j++)
		ran_ok = data->oc[r[j].oc].status == IP_STATUS_OK && !data->oc[r[j].oc].unobserved;
	for (size_t j = 0; j < n; j++) {
		int st = data->oc[r[j].oc].status;
		if (ip_status_is_noise(st) || data->oc[r[j].oc].unobserved ||
		    (ran_ok && st == IP_STATUS_FAULT)) {
			v->noise += r[j].count;
			if (st == IP_STATUS_TIMEOUT) {
				timeouts += r[j].count;
				timeout_oc = (int32_t)r[j].oc;
			}
			continue;
		}
		v->runs += r[j].count;
		v->noutcomes++;
		if (r[j].count > best) { /* ties: the lowest outcome id (first) */
			best = r[j].count;
			v->oc = r[j].oc;
		}
	}
	/* timeouts, two or more, and more than what else it said (never ok: a fault the state
	 * left dirty, say): it hangs, its outcome the timeout; the rest is noise */
	if (!ran_ok && timeouts >= 2 && timeouts > v->runs) {
		v->noise += v->runs - timeouts;
		v->runs = timeouts;
		v->oc = (uint32_t)timeout_oc;
		v->noutcomes = 1;
		best = timeouts;
	}
	c->noise += v->noise;
	if (!v->runs)
		return; /* said nothing: as if never run */
	v->against = v->runs - best;
	c->runs += v->runs;
	c->nv++;
}

/* Outcome ids met while reading the runs, each given the next number (open addressing). */
struct id_set {
	int64_t *keys;   /* 0: free */
	uint32_t *nums;
	size_t cap, n;
	int64_t *list;   /* number -> id */
};

static uint32_t id_number(struct id_set *s, int64_t id)
{
	size_t i;
	if (2 * (s->n + 1) > s->cap) {
		struct id_set g = {NULL, NULL, s->cap ? 2 * s->cap : 1024, s->n, NULL};
		g.keys = xcalloc(g.cap, sizeof *g.keys);
		g.nums = xcalloc(g.cap, sizeof *g.nums);
		g.list = realloc(s->list, g.cap / 2 * sizeof *g.list);
		if (!g.list)
			abort();
		for (size_t k = 0; k < s->cap; k++)
			if (s->keys[k]) {
				size_t j = (uint64_t)s->keys[k] * UINT64_C(0x9E3779B97F4A7C15) >> 20 &
				           (g.cap - 1);
				while (g.keys[j])
					j = (j + 1) & (g.cap - 1);
				g.keys[j] = s->keys[k];
				g.nums[j] = s->nums[k];
			}
		free(s->keys);
		free(s->nums);
		*s = g;
	}
	i = (uint64_t)id * UINT64_C(0x9E3779B97F4A7C15) >> 20 & (s->cap - 1);
	while (s->keys[i] && s->keys[i] != id)
		i = (i + 1) & (s->cap - 1);
	if (!s->keys[i]) {
		s->keys[i] = id;
		s->nums[i] = (uint32_t)s->n;
		s->list[s->n++] = id;
	}
	return s->nums[i];
}

static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* How many variants runs of a context number hold (summed over the campaigns: at least the
 * context's distinct variants). */
struct ctx_count {
	uint32_t context;
	size_t n;
};

/* What a pass over the runs needs beyond the data: the outcome numbers (pass 0 gives them),
 * number -> index in data->oc (pass 1), the variants per context (pass 0 counts them, pass 1
 * sizes the context's array by it), and the caller's analysis of each context. */
struct pass {
	struct id_set ids;
	const int64_t *ix;
	struct ctx_count *count;
	size_t ncount, count_cap, last;
	size_t done;         /* contexts handed to each so far */
	inf_each_fn each;
	void *arg;
};

static size_t *count_of(struct pass *p, uint32_t context)
{
	if (p->last < p->ncount && p->count[p->last].context == context)
		return &p->count[p->last].n;
	for (p->last = 0; p->last < p->ncount; p->last++)
		if (p->count[p->last].context == context)
			return &p->count[p->last].n;
	if (ip_grow((void **)&p->count, &p->count_cap, p->ncount + 1, sizeof *p->count))
		abort();
	p->count[p->ncount] = (struct ctx_count){context, 0};
	return &p->count[p->last = p->ncount++].n;
}

/* Pass 0 on one variant: its outcomes numbered, its context's count. */
static void count_variant(void *arg, const struct ip_scan_variant *v)
{
	struct pass *p = arg;
	for (size_t k = 0; k < v->noutcomes; k++)
		id_number(&p->ids, v->outcomes[k].outcome_id);
	(*count_of(p, v->context))++;
}

/* Hands contexts [p->done, upto) to the caller, each once (those without a run too). */
static int hand_over(struct inf_data *data, struct pass *p, size_t upto, struct ip_diag *d)
{
	for (; p->done < upto; p->done++) {
		struct inf_context *c = &data->ctx[p->done];
		c->folded = c->nv;
		if (c->nv) { /* the count was of every campaign's variants: give back the rest */
			struct inf_variant *v = realloc(c->v, c->nv * sizeof *v);
			if (v)
				c->v = v;
		}
		if (p->each && p->each(data, c, p->arg, d))
			return -1;
	}
	return 0;
}

/* One pass over the runs of the campaigns used, variant by variant (ip_scan: the blocks
 * merged in (context, value) order, each variant's outcomes summed over every campaign and
 * sorted by id). Pass 0 numbers the outcomes met and counts each context's variants; pass 1
 * folds each variant into its context and hands every context over as soon as its last
 * variant is in. Memory: the outcomes and one context's folded variants, never the runs. */
static int read_runs(struct ip_store *db, struct inf_data *data, int pass, struct pass *p,
                     struct ip_diag *d)
{
	struct raw_run r[64], *rr = r;
	size_t rcap = 64, ci = data->nctx, vcap = 0;
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	int64_t ctx = -1;
	int rc, failed = 0;
	if (ip_scan_open(db, data->campaigns, data->ncampaigns, &sc, d))
		return -1;
	while (!failed && (rc = ip_scan_next(sc, &v, d)) > 0) {
		if ((int64_t)v.context != ctx) {
			ctx = v.context;
			for (ci = 0; ci < data->nctx && data->ctx[ci].idx != ctx; ci++)
				;
			if (ci == data->nctx) {
				failed = ip_diag_plain(d, "probe %s: runs of context %lld, which its layout "
				                          "lacks", data->name, (long long)ctx);
				break;
			}
			if (pass == 1) {
				if (ci < p->done) {
					failed = ip_diag_plain(d, "probe %s: the runs of context %lld come back "
					                          "out of order", data->name, (long long)ctx);
					break;
				}
				if ((failed = hand_over(data, p, ci, d)))
					break;
				vcap = *count_of(p, (uint32_t)ctx);
				if (vcap && !(data->ctx[ci].v = malloc(vcap * sizeof *data->ctx[ci].v)))
					abort();
			}
		}
		if (v.value_len > 8) {
			failed = ip_diag_plain(d, "probe %s: a run value of %zu bytes; inference handles "
			                          "regions of up to 64 bits", data->name, v.value_len);
			break;
		}
		if (pass == 0) {
			count_variant(p, &v);
			continue;
		}
		if (v.noutcomes > rcap) {
			rcap = v.noutcomes;
			rr = rr == r ? malloc(rcap * sizeof *rr) : realloc(rr, rcap * sizeof *rr);
			if (!rr)
				abort();
		}
		for (size_t k = 0; k < v.noutcomes; k++)
			rr[k] = (struct raw_run){v.number,
			                         (uint32_t)p->ix[id_number(&p->ids, v.outcomes[k].outcome_id)],
			                         v.outcomes[k].count};
		fold_variant(data, &data->ctx[ci], &vcap, v.number, rr, v.noutcomes);
	}
	if (!failed && rc < 0)
		failed = -1;
	ip_scan_close(sc);
	if (rr != r)
		free(rr);
	if (!failed && pass == 1)
		failed = hand_over(data, p, data->nctx, d);
	return failed ? -1 : 0;
}

/* The outcomes the runs name (in id order: data->oc is searched by id), then what depends
 * on them alone (the output words that vary, the inputs they hold); then each context's
 * variants folded and handed over. Pass 0 was the check's scan, unless the file is older than
 * version 5 (legacy: read here). */
static int load_runs(struct ip_store *db, struct inf_data *data, struct pass *p, int legacy,
                     struct ip_diag *d)
{
	int64_t *ix = NULL;
	int failed = legacy ? read_runs(db, data, 0, p, d) : 0;
	if (!failed) {
		ix = xcalloc(p->ids.n + 1, sizeof *ix);
		if (p->ids.n)
			memcpy(ix, p->ids.list, p->ids.n * sizeof *ix);
		qsort(ix, p->ids.n, sizeof *ix, cmp_id);
		failed = load_outcomes(db, data, ix, p->ids.n, d);
	}
	if (!failed) {
		mark_h16(data);
		compact_outputs(data);
		for (size_t k = 0; k < data->nout; k++)
			for (size_t j = 0; j < data->nin && data->out[k].init < 0; j++)
				if (data->in[j].role == data->out[k].role &&
				    data->in[j].index == data->out[k].index)
					data->out[k].init = (int32_t)j;
		trace_inputs(data);
		for (size_t n = 0; n < p->ids.n; n++)
			ix[n] = outcome_index(data, p->ids.list[n]); /* number -> index */
		p->ix = ix;
		failed = read_runs(db, data, 1, p, d);
	}
	free(ix);
	return failed ? -1 : 0;
}

static void pass_free(struct pass *p)
{
	free(p->count);
	free(p->ids.keys);
	free(p->ids.nums);
	free(p->ids.list);
}

int inf_load(struct ip_store *db, int64_t probe_id, struct inf_data *data, inf_each_fn each, void *arg,
             struct ip_diag *d)
{
	return inf_load_device(db, probe_id, NULL, NULL, data, each, arg, d);
}

int inf_load_device(struct ip_store *db, int64_t probe_id, const char *runner, const char *model,
                    struct inf_data *data, inf_each_fn each, void *arg, struct ip_diag *d)
{
	struct pass p = {{NULL, NULL, 0, 0, NULL}, NULL, NULL, 0, 0, 0, 0, each, arg};
	struct ip_stored_layout l;
	int64_t layout = 0;
	int rc;
	memset(data, 0, sizeof *data);
	data->probe_id = probe_id;
	if (runner && model) {
		data->runner = xstrdup(runner);
		data->model = xstrdup(model);
	}
	if ((rc = ip_store_probe_info(db, probe_id, &data->name, &data->isa, d)) <= 0)
		return rc == 0 ? ip_diag_plain(d, "no probe with id %lld", (long long)probe_id) : -1;
	if (load_campaigns(db, data, &layout, d))
		return -1;
	if (!layout)
		return 1;
	/* every value read below is checked first (db/validate.c: the rules db merge applies);
	 * the check's scan of the runs is pass 0 too (their outcomes numbered) */
	rc = ip_store_check_campaigns_each(db, data->campaigns, data->ncampaigns, count_variant,
	                                   &p, d);
	if (rc >= 0) {
		if (ip_store_layout_read(db, layout, &l, d))
			rc = -1;
		else {
			load_targets(data, &l);
			if (load_contexts(data, &l, layout, d))
				rc = -1;
			else
				load_buffers(data, &l);
		}
		ip_stored_layout_free(&l);
	}
	if (rc >= 0 && (data->width == 0 || data->width > INF_MAX_WIDTH))
		rc = ip_diag_plain(d, "probe %s: a target region of %u bits; inference handles 1 "
		                      "to %d", data->name, data->width, INF_MAX_WIDTH);
	else if (rc >= 0)
		rc = load_runs(db, data, &p, rc, d);
	pass_free(&p);
	return rc < 0 ? -1 : 0;
}

void inf_free(struct inf_data *data)
{
	free(data->name);
	free(data->isa);
	free(data->runner);
	free(data->model);
	free(data->campaigns);
	for (size_t i = 0; i < data->nt; i++) {
		free(data->t[i].format);
		free(data->t[i].field);
	}
	free(data->t);
	free(data->in);
	free(data->out);
	for (size_t i = 0; i < data->nnames; i++) {
		for (size_t k = 0; k < data->names[i].n; k++)
			free(data->names[i].name[k]);
		free(data->names[i].name);
	}
	free(data->names);
	for (size_t i = 0; i < data->nroles; i++)
		free(data->roles[i]);
	free(data->roles);
	for (size_t i = 0; i < data->noc; i++) {
		free(data->oc[i].words);
		free(data->oc[i].src);
	}
	free(data->oc);
	for (size_t i = 0; i < data->nctx; i++) {
		free(data->ctx[i].label);
		free(data->ctx[i].v);
		free(data->ctx[i].near);
		free(data->ctx[i].near_at);
		free(data->ctx[i].flips);
	}
	free(data->ctx);
	memset(data, 0, sizeof *data);
}

const struct inf_variant *inf_find(const struct inf_context *c, uint64_t value)
{
	size_t lo = 0, hi = c->nv;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->v[mid].value < value)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nv && c->v[lo].value == value ? &c->v[lo] : NULL;
}

int inf_other_devices(struct ip_store *db, const struct inf_data *data, char ***runners,
                      char ***models, size_t *n, struct ip_diag *d)
{
	*runners = *models = NULL;
	*n = 0;
	if (!data->runner || !data->model)
		return 0;
	return ip_store_other_devices(db, data->probe_id, data->probe_hash, data->runner, data->model,
	                              runners, models, n, d);
}

/* infer_driver.c: the inference driver: for each probe, stream its runs context by context (effects,
 * then fields), and write the findings; plus the per-bit summary reports draw heat maps from. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"

/* What infer_one does with each context as the load hands it over. */
struct one {
	sqlite3 *db;
	struct inf_findings *f;
	int models;           /* -1: not known yet; 1: other GPU models ran the probe */
};

/* Effects, fields, then only the variants a comparison with other models reads. */
static int each_context(struct inf_data *data, struct inf_context *c, void *arg,
                        struct ip_diag *d)
{
	struct one *o = arg;
	if (o->models < 0) {
		char **runners, **models;
		size_t n;
		if (inf_other_devices(o->db, data, &runners, &models, &n, d))
			return -1;
		o->models = n > 0;
		for (size_t i = 0; i < n; i++) {
			free(runners[i]);
			free(models[i]);
		}
		free(runners);
		free(models);
	}
	inf_drop_outliers(data, c);
	inf_effects(data, c);
	inf_near_index(data, c);
	inf_segment(data, c, o->f);
	inf_keep_variants(c, c->seed, o->models ? o->f : NULL);
	return 0;
}

static int infer_one(sqlite3 *db, int64_t probe_id, struct ip_infer_stats *st, struct ip_diag *d)
{
	struct inf_data data;
	struct inf_findings f = {0};
	struct one o = {db, &f, -1};
	int rc = inf_load(db, probe_id, &data, each_context, &o, d);
	if (rc) {
		inf_findings_free(&f);
		inf_free(&data);
		st->skipped += rc > 0;
		return rc < 0 ? -1 : 0;
	}
	for (size_t i = 0; i < data.nctx; i++)
		st->runs += data.ctx[i].runs + data.ctx[i].noise;
	inf_name_enums(&data, &f);
	rc = inf_compare_models(db, &data, &f, f.n, d);
	if (!rc)
		rc = inf_write(db, &data, &f, d);
	st->probes++;
	st->contexts += (unsigned)data.nctx;
	st->findings += (unsigned)f.n;
	inf_findings_free(&f);
	inf_free(&data);
	return rc;
}

int ip_infer(struct ip_store *s, const char *probe, struct ip_infer_stats *stats,
             struct ip_diag *d)
{
	sqlite3 *db = ip_store_sqlite(s);
	sqlite3_stmt *st;
	struct ip_infer_stats local;
	int64_t *ids = NULL;
	size_t n = 0;
	int rc;
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	if (sqlite3_prepare_v2(db, probe ? "SELECT id FROM probe WHERE name = ?1"
	                                 : "SELECT id FROM probe ORDER BY id",
	                       -1, &st, NULL) != SQLITE_OK)
		return inf_sql_error(db, d, "reading the probes");
	if (probe)
		sqlite3_bind_text(st, 1, probe, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		ids = realloc(ids, (n + 1) * sizeof *ids);
		if (!ids)
			abort();
		ids[n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(ids);
		return inf_sql_error(db, d, "reading the probes");
	}
	if (probe && !n)
		return ip_diag_plain(d, "no probe named '%s' in the database", probe);
	rc = 0;
	for (size_t i = 0; i < n && !rc; i++)
		rc = infer_one(db, ids[i], stats, d);
	free(ids);
	return rc;
}

static char *dup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

/* The per-bit summary needs each context's effects only: its variants go at once. */
static int effects_only(struct inf_data *data, struct inf_context *c, void *arg,
                        struct ip_diag *d)
{
	(void)arg;
	(void)d;
	inf_drop_outliers(data, c);
	inf_effects(data, c);
	inf_keep_variants(c, c->seed, NULL);
	return 0;
}

int ip_infer_summary(struct ip_store *s, int64_t probe_id, struct ip_infer_probe **out,
                     struct ip_diag *d)
{
	struct inf_data data;
	struct ip_infer_probe *p;
	int rc = inf_load(ip_store_sqlite(s), probe_id, &data, effects_only, NULL, d);
	*out = NULL;
	if (rc) {
		inf_free(&data);
		return rc;
	}
	p = calloc(1, sizeof *p);
	if (!p)
		abort();
	p->probe_id = probe_id;
	p->name = dup(data.name);
	p->isa = dup(data.isa);
	p->ncampaigns = data.ncampaigns;
	p->first_campaign = data.ncampaigns ? data.campaigns[0] : 0;
	p->last_campaign = data.newest;
	p->ncontexts = data.nctx;
	p->contexts = calloc(data.nctx + 1, sizeof *p->contexts);
	if (!p->contexts)
		abort();
	for (size_t i = 0; i < data.nctx; i++) {
		struct ip_infer_context *c = &p->contexts[i];
		c->idx = data.ctx[i].idx;
		c->label = dup(data.ctx[i].label);
		c->width = data.width;
		c->runs = data.ctx[i].runs + data.ctx[i].noise;
		c->variants = data.ctx[i].folded;
		c->bits = calloc(data.width, sizeof *c->bits);
		c->bit_format = calloc(data.width, sizeof *c->bit_format);
		c->bit_pos = calloc(data.width, sizeof *c->bit_pos);
		if (!c->bits || !c->bit_format || !c->bit_pos)
			abort();
		memcpy(c->bits, data.ctx[i].bits, data.width * sizeof *c->bits);
		for (unsigned b = 0; b < data.width; b++) {
			const char *fmt = "";
			c->bit_pos[b] = b;
			for (size_t t = 0; t < data.nt; t++)
				if (b >= data.t[t].value_lo && b < data.t[t].value_lo + data.t[t].width) {
					fmt = data.t[t].format;
					c->bit_pos[b] = data.t[t].lo + (b - data.t[t].value_lo);
				}
			c->bit_format[b] = dup(fmt);
		}
	}
	inf_free(&data);
	*out = p;
	return 0;
}

void ip_infer_probe_free(struct ip_infer_probe *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->ncontexts; i++) {
		struct ip_infer_context *c = &p->contexts[i];
		for (unsigned b = 0; b < c->width; b++)
			free(c->bit_format[b]);
		free(c->bit_format);
		free(c->bit_pos);
		free(c->bits);
		free(c->label);
	}
	free(p->contexts);
	free(p->name);
	free(p->isa);
	free(p);
}

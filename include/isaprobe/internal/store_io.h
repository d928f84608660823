/* store_io.h: what inference, reports, rerun, bench and the CLI read and write in the database,
 * as typed functions (db/inference_io.c, db/findings.c): no SQL outside db/. Not installed. */
#ifndef ISAPROBE_INTERNAL_STORE_IO_H
#define ISAPROBE_INTERNAL_STORE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"

/* Every function returns 0 (or the count or flag it names), or -1 with d set to
 * "<what>: <SQLite's message>"; strings and arrays handed out are malloc'd (the caller frees). */

/* ---- probes and campaigns (db/inference_io.c) ---- */

/* Probe id's name and ISA: 1, 0 when there is no such probe, or -1. */
int ip_store_probe_info(struct ip_store *s, int64_t id, char **name, char **isa,
                        struct ip_diag *d);
/* The probes' ids: the one named name (NULL: every probe, in id order). */
int ip_store_probe_ids(struct ip_store *s, const char *name, int64_t **ids, size_t *n,
                       struct ip_diag *d);
/* The probes of ISA isa and name name (each NULL: any), ordered by ISA then name. */
struct ip_probe_row {
	int64_t id;
	char *name, *isa;
};
int ip_store_probe_list(struct ip_store *s, const char *isa, const char *name,
                        struct ip_probe_row **rows, size_t *n, struct ip_diag *d);
void ip_probe_rows_free(struct ip_probe_row *rows, size_t n);

/* The campaigns whose runs inference uses for a probe: those with the newest campaign's probe
 * text, runner and GPU model (runner and model when both are given), on any host, any
 * strategy, seed or budget. */
struct ip_campaign_group {
	int64_t *campaigns;  /* in id order */
	size_t n;
	int64_t newest;      /* the newest by start time (0: the probe has no campaign) */
	int64_t layout;      /* the newest with a layout (0: none) */
	char *runner, *model; /* the group's device (NULL when newest is 0) */
	uint8_t probe_hash[16];
	int have_hash;       /* probe_hash read (a hash of 16 bytes) */
};
int ip_store_campaign_group(struct ip_store *s, int64_t probe_id, const char *runner,
                            const char *model, struct ip_campaign_group *g, struct ip_diag *d);
void ip_campaign_group_free(struct ip_campaign_group *g);
/* The other (runner, model) pairs with campaigns of the probe with this probe text, in order. */
int ip_store_other_devices(struct ip_store *s, int64_t probe_id, const uint8_t hash[16],
                           const char *runner, const char *model, char ***runners,
                           char ***models, size_t *n, struct ip_diag *d);

/* A campaign's layout as stored (ip_store_campaign_layout wrote it): targets by value_lo,
 * contexts by index, buffers by direction, offset, role. Strings never NULL; a file from before
 * buffer.record or buffer.names reads 0 and "". */
struct ip_stored_context {
	int64_t idx;
	char *label;
	uint8_t *seed_value; /* big-endian, as stored */
	size_t seed_len;
};
struct ip_stored_target {
	int64_t value_lo, width, lo, bundle, slot;
	char *format, *field;
};
struct ip_stored_buffer {
	int output;           /* direction "out" */
	char *role;
	uint32_t offset;
	int64_t len, record;
	uint8_t *data;        /* inputs: the planted bytes (data_len of them) */
	size_t data_len;
	char *names;
};
struct ip_stored_layout {
	struct ip_stored_context *contexts;
	size_t ncontexts;
	struct ip_stored_target *targets;
	size_t ntargets;
	struct ip_stored_buffer *buffers;
	size_t nbuffers;
};
int ip_store_layout_read(struct ip_store *s, int64_t campaign, struct ip_stored_layout *l,
                         struct ip_diag *d);
void ip_stored_layout_free(struct ip_stored_layout *l);

/* Outcomes by id, one statement kept prepared: get returns 1 with *o (its data valid until the
 * next call), 0 when there is no such outcome, or -1. */
struct ip_outcome_reader;
int ip_outcome_reader_open(struct ip_store *s, struct ip_outcome_reader **r, struct ip_diag *d);
int ip_outcome_reader_get(struct ip_outcome_reader *r, int64_t id, struct ip_outcome *o,
                          struct ip_diag *d);
void ip_outcome_reader_close(struct ip_outcome_reader *r);

/* ---- findings (db/findings.c) ---- */

/* One finding as inference writes it (the probe and campaign are the call's). */
struct ip_finding_new {
	uint32_t context, lo, hi, bundle, slot;
	const char *format, *kind, *details, *cond;
	double confidence;
	uint64_t support, against, variants;
};
/* Replaces probe_id's findings with f[0..n) in one transaction: a finding seen before (same
 * place, kind and condition) keeps its id and first_seen, its evidence and last_seen (campaign)
 * are updated; findings not in f are deleted. */
int ip_store_findings_replace(struct ip_store *s, int64_t probe_id, int64_t campaign,
                              const struct ip_finding_new *f, size_t n, struct ip_diag *d);

/* A finding as reports read it: its columns and the members of its details they use, each text
 * "" when absent (valid during the callback only). */
struct ip_finding_row {
	int64_t id, probe_id;
	unsigned context, lo, hi, bundle, slot;
	const char *format, *kind, *details, *cond;
	double confidence;
	int64_t support, against, variants, first_seen, last_seen;
	/* details: $.input, $.index, ... (texts), $.signed, $.written, ... (numbers) */
	const char *input, *index, *output, *direction, *must_be, *values, *bits, *scale, *when,
		*via, *of, *selects, *record, *reads_zero, *other_readings, *summary, *meanings,
		*unmodeled, *runner, *seed_value, *not_run, *names, *alike, *per_unit;
	int is_signed, written, unmodeled_more, negated;
	int has_values_seen;
	int64_t values_seen;
	/* an indirect component select: the bits of the register select it reads ("35-37") */
	const char *register_bits;
	/* the examples per value (records separated by char(30), fields by char(31)) */
	const char *examples;
	/* IP_FINDINGS_ALL and IP_FINDINGS_OF_ISA: the probe's name and ISA */
	const char *probe, *isa;
	/* IP_FINDINGS_OF_ISA: the context's label (or number), the device's runner and model, the
	 * runs ($.runs, else support + against) */
	const char *label, *device_runner, *device_model;
	int64_t runs;
};
enum ip_findings_select {
	IP_FINDINGS_OF_PROBE, /* probe_id's first seen since `since`, in the reports' order */
	IP_FINDINGS_ALL,      /* every finding, by ISA, probe name, then in the reports' order */
	IP_FINDINGS_BY_ID,    /* every finding in id order */
	IP_FINDINGS_OF_ISA,   /* of ISA isa (and probe name probe, unless NULL), model_differs left
	                       * out, by probe name and place */
};
struct ip_findings_query {
	enum ip_findings_select select;
	int64_t probe_id, since;
	const char *isa, *probe;
	const char *what;    /* what an error says was being done (NULL: reading the findings) */
};
/* Calls each for every finding q selects (stops at a non-zero return, which it returns). */
typedef int (*ip_finding_fn)(void *arg, const struct ip_finding_row *r, struct ip_diag *d);
int ip_store_findings_read(struct ip_store *s, const struct ip_findings_query *q,
                           ip_finding_fn each, void *arg, struct ip_diag *d);
/* Whether the probe named name has a finding at f's place (context, format, lo, hi, bundle,
 * slot) of f's kind and condition (any_kind: of any kind and condition): 1 with what is asked
 * for of it (each may be NULL), 0 when not, -1 on error. */
int ip_store_finding_match(struct ip_store *s, const char *name, const struct ip_finding_row *f,
                           int any_kind, double *confidence, char **kind, char **details);
/* Writes each finding's sentence and public verdict into its details ($.sentence,
 * $.public_verdict) in one transaction: every finding read first (by id), sentence() giving
 * both texts (malloc'd), then those that changed written. */
typedef void (*ip_sentence_fn)(void *arg, const struct ip_finding_row *r, char **sentence,
                               char **verdict);
int ip_store_findings_sentences(struct ip_store *s, ip_sentence_fn sentence, void *arg,
                                struct ip_diag *d);
/* The members of the JSON object at path (e.g. "$.values") that differ between the details
 * old and now (a side without $.values has its $.unmodeled values as "unmodeled"), in key
 * order: each gets the key and both texts (NULL: absent on that side). */
typedef void (*ip_json_diff_fn)(void *arg, const char *key, const char *old, const char *now);
void ip_store_json_diff(struct ip_store *s, const char *old, const char *now, const char *path,
                        ip_json_diff_fn each, void *arg);
/* Members of findings' details by path, one statement kept prepared: get copies the member of
 * details at path (e.g. '$.ops."3"': what value 3 of an opcode table does) into buf as text and
 * returns buf ("" when there is no such member). */
struct ip_details_reader;
int ip_details_reader_open(struct ip_store *s, struct ip_details_reader **r, struct ip_diag *d);
const char *ip_details_reader_get(struct ip_details_reader *r, const char *details,
                                  const char *path, char *buf, size_t n);
void ip_details_reader_close(struct ip_details_reader *r);

/* ---- what reports say around the findings (db/findings.c) ---- */

/* Whether a campaign of the probe named name exists: 1, 0, or -1. */
int ip_store_probe_ran(struct ip_store *s, const char *name, struct ip_diag *d);
/* The devices of the campaigns of the probe named name, or of the probes ids[0..n)
 * ("sim:t760, drm:t760@b", "" when none). */
char *ip_store_probe_devices(struct ip_store *s, const char *name);
char *ip_store_probes_devices(struct ip_store *s, const int64_t *ids, size_t n);
/* What the database holds: 1 some finding, 2 runs but no finding, 0 neither; -1. */
int ip_store_contents(struct ip_store *s, struct ip_diag *d);
/* Every probe name (isas 0) or ISA (1), ", "-separated and sorted ("" when none); NULL with d
 * set on error. */
char *ip_store_probe_names(struct ip_store *s, int isas, struct ip_diag *d);
/* The seed value of context ctx of campaign camp (big-endian; NULL when none), and the targets
 * of the campaign on instruction (format, bundle, slot). */
int ip_store_context_seed(struct ip_store *s, int64_t camp, unsigned ctx, uint8_t **value,
                          size_t *len);
int ip_store_slot_targets(struct ip_store *s, int64_t camp, const char *format, unsigned bundle,
                          unsigned slot, struct ip_stored_target **t, size_t *n);
/* The probe text campaign camp ran (NULL when none). */
char *ip_store_campaign_text(struct ip_store *s, int64_t camp);

/* ---- how much a database holds (db/totals.c) ---- */

/* The counts asked for (what: IP_TOTAL_* or'ed), each -1 when not asked for or not read: rows
 * of the view run, variants, distinct outcomes, and runs (the sum of the rows' counts). */
enum { IP_TOTAL_ROWS = 1, IP_TOTAL_VARIANTS = 2, IP_TOTAL_OUTCOMES = 4, IP_TOTAL_RUNS = 8 };
struct ip_store_totals {
	int64_t rows, variants, outcomes, runs;
};
void ip_store_totals(struct ip_store *s, unsigned what, struct ip_store_totals *t);

#endif

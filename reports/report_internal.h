/* report_internal.h: the report model (probes, contexts, findings with what the notes say),
 * built once from the database, and the renderers that print it. */
#ifndef ISAPROBE_REPORT_INTERNAL_H
#define ISAPROBE_REPORT_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/store_io.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/word.h"
#include "common/strbuf.h"

/* A finding against what the notes and later public work say (docs/public-overlay.md), in
 * the order a diff lists them: differs (bits or values contradict a public field), new (values
 * no source names, or bits no source reads), refines (inside a public field, more detail),
 * agrees (the same bits and kind, or values public work names), open (nothing was determined
 * to compare: unmodeled, not probed), known (the seed notes themselves describe it). */
enum rp_verdict { RP_DIFFERS, RP_NEW, RP_REFINES, RP_AGREES, RP_OPEN, RP_KNOWN, RP_NVERDICTS };

const char *rp_verdict_name(enum rp_verdict v);

/* What a verdict is given of a finding. */
struct rp_public_in {
	const char *format;    /* "isa.name" ("midgard.load_store") */
	unsigned lo, hi;       /* its bits */
	const char *kind;      /* what it was found to be */
	const char *names;     /* the details' value names ({"0":"r26",...}) or "" */
	const char *values;    /* the details' values ({"0":"add",...}) or "" */
	const char *unmodeled; /* the values the runner could not say ("[3,5]") or "" */
	int partial;           /* some of its values the runner could not say */
	const ip_word *seed, *seed_known; /* the seed's bits of the word and which are known (the
	                                   * campaign's targets), or NULL: values of a part of a
	                                   * field are placed in the field with them */
	const ip_word *word, *ctx; /* the seed's whole instruction word and its context word (the
	                            * campaign's probe), or NULL: then every part of the overlay
	                            * may apply, and every alternative of the notes' fields */
};
/* The verdict of a finding; *text (malloc'd) says it ("differs from index_reg 35-37: value 0:
 * r27 where public work says r26", "new: value 3 named by no source; 0-2, 4-7 known: notes
 * acc_op 83-85"). */
enum rp_verdict rp_public_verdict(const struct rp_public_in *in, char **text);
/* The same without values or seed: bits lo-hi of format found to be of kind `kind` with value
 * names `names`, `partial` when some of its values the runner could not say. */
enum rp_verdict rp_public_compare(const char *format, unsigned lo, unsigned hi, const char *kind,
                                  const char *names, int partial, char **text);
/* The seed programs of the campaigns' probes, parsed once per campaign. */
struct rp_public_cache {
	long long campaign;       /* the campaign parsed (0: none) */
	struct ip_probe *probe;   /* its probe, or NULL when its text did not parse */
};
void rp_public_cache_free(struct rp_public_cache *c);
/* The verdict of finding r of database s, its seed word read from s (the probe of its last
 * campaign, else the campaign's targets). c may be NULL (no cache). */
enum rp_verdict rp_public_row(struct ip_store *s, const struct ip_finding_row *r,
                              struct rp_public_cache *c, char **text);
/* What a verdict is given of such a finding (c not NULL): *in points into w (the seed word,
 * which of its bits are known, the context word) and into the row. */
void rp_public_input(struct ip_store *s, const struct ip_finding_row *r, struct rp_public_cache *c,
                     struct rp_public_in *in, ip_word w[3]);
struct ip_public_part;
struct ip_field;
/* Whether overlay part pt applies to the finding's instruction (every part does when its word is
 * not known). */
int rp_part_applies(const struct ip_public_part *pt, const struct rp_public_in *in);
/* The public field of exactly the finding's bits, else the first that holds them, in a part
 * that applies (*part set); NULL when none. */
const struct ip_field *rp_public_field(const struct rp_public_in *in,
                                       const struct ip_public_part **part);

struct rp_finding {
	unsigned context;
	unsigned bundle, slot; /* the instruction */
	char *format, *kind, *details;
	char *cond;            /* the condition it holds under ("bit 30 = 1"), or "" */
	unsigned lo, hi;
	double confidence;
	long long support, against, variants, first_seen, last_seen;
	char *what;   /* one-line description from the details */
	char *notes;  /* what the field table's notes say of these bits */
	enum rp_verdict verdict; /* against the ISA's public-knowledge overlay */
	char *public_text;       /* "agrees with index_reg 35-37", ... */
	const char *change; /* diff: "new", "changed", "gone"; NULL otherwise */
	double old_confidence;
	char *old_kind;
	char *change_text;  /* diff: the values gained, lost or renamed ("values 5: unmodeled ->
	                     * min"), or NULL */
	char *examples;     /* the stored example per value ("1: ok, registers[0] = 0x450c3d0c") */
	size_t order;       /* position as read (ties of the sort keep it) */
};

struct rp_probe {
	long long id;
	char *name, *isa;
	struct ip_infer_probe *sum; /* per-bit effects and runs; NULL without a layout */
	struct rp_finding *f;
	size_t nf, f_cap;
};

/* A diff: probes whose campaigns ran on other devices (runner:model@host) in the older
 * database than in this one, one per change. */
struct rp_device_change {
	char *before, *after; /* "sim:t760", "drm:t760@board0" (", "-separated when several) */
	char **probes;        /* their names */
	size_t nprobes, probes_cap;
};

struct rp_model {
	const struct ip_report_options *o;
	struct rp_probe *p;
	size_t np, p_cap;
	size_t nfindings;
	size_t verdicts[RP_NVERDICTS]; /* findings per verdict against public knowledge */
	/* What the report is about, for its title: "acc_op on sim:mali400", "50 probes of a3xx,
	 * bifrost, ... on sim:a320, sim:g52, ..." */
	char *subject;
	/* A diff: findings new, changed and gone; those new or changed per verdict; devices
	 * changed; the names of the probes with findings in the older database that this one
	 * never ran (left out of the comparison, not "gone"). */
	size_t changes[3];
	size_t changed_verdicts[RP_NVERDICTS];
	struct rp_device_change *devices;
	size_t ndevices, devices_cap;
	char **not_run;
	size_t nnot_run, not_run_cap;
	/* Why there is nothing to show, when the database itself says (NULL otherwise): no
	 * campaign ran, or runs that were never inferred. */
	const char *hint;
};

int rp_load(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
            struct ip_diag *d);
void rp_free(struct rp_model *m);
/* The context summary of probe p with index idx, or NULL. */
const struct ip_infer_context *rp_context(const struct rp_probe *p, unsigned idx);
/* Display name of a finding kind: "register select", "must be zero / reserved", ... */
const char *rp_kind_title(const char *kind);
/* Whether findings of this kind rest on no evidence (unmodeled, not probed): no confidence. */
int rp_without_evidence(const char *kind);
/* What finding r says after its kind (malloc'd; report_words.c). */
char *rp_describe(const char *kind, const struct ip_finding_row *r);
/* The examples per value of a finding as people read them ("1: ok, registers[5] = 545808
 * (seed 541712); 3: unmodeled"; malloc'd): each output word as a float where it reads as one
 * of a sensible size, else as an integer. rows: a finding's examples (ip_finding_row). */
char *rp_examples(const char *rows);
/* A 32-bit output word as a person reads it (into buf): a small integer ("-1", "12"), a float
 * of a sensible size ("0.5", "545808"), NaN or an infinity, else an unsigned integer. */
void rp_word_text(uint32_t w, char *buf, size_t cap);
/* A JSON object of value names as compact ranges ("0-7: r0-r7, 9: zero"), appended to b. */
/* The next "key":"value" pair of a flat JSON object of strings at *p; 0 at the end. The value
 * is returned raw (escapes kept, vlen bytes); a backslash never ends it. */
int rp_next_pair(const char **p, unsigned long long *key, const char **v, int *vlen);
void rp_value_table(struct strbuf *b, const char *json, const char *between);
/* Distinct contexts that findings of p mention, ascending; returns the count (<= 256). */
size_t rp_contexts(const struct rp_probe *p, unsigned *out);
/* A probe's findings are sorted by context, instruction, format and bits: those of one context
 * are p->f[start, rp_context_end(p, start)). */
size_t rp_context_end(const struct rp_probe *p, size_t start);

/* A section a diff (an older database, or findings since a campaign) leads with: the findings
 * of one verdict, with their probe and context (report_lead.c). */
struct rp_lead {
	enum rp_verdict verdict;
	const char *title; /* "Differs from public knowledge" */
	const char *id;    /* an HTML anchor */
};
/* The sections, in order, into *leads; their count (0: the report is not a diff). */
size_t rp_leads(const struct rp_model *m, const struct rp_lead **leads);
/* Whether finding f is listed in section l (a finding gone since the older night is not). */
int rp_in_lead(const struct rp_finding *f, const struct rp_lead *l);
/* Appends name to the list *names of *n (malloc'd copies). */
void rp_names_add(char ***names, size_t *n, size_t *cap, const char *name);

/* The index of a change ("new", "changed", "gone") in rp_model.changes. */
enum { RP_CHANGE_NEW, RP_CHANGE_CHANGED, RP_CHANGE_GONE };
int rp_change_index(const char *change);

/* One line of a report for the findings of a probe that say the same thing in several contexts
 * (the same change, instruction, bits, condition, kind, words, verdict and notes): indices into
 * p->f, in context order. */
struct rp_line {
	size_t *f;
	size_t n;
};
/* The lines of p's findings that keep() keeps (NULL: all), in the order of their first finding;
 * their count. rp_lines_free frees them. */
size_t rp_lines(const struct rp_probe *p, int (*keep)(const struct rp_finding *f),
                struct rp_line **out);
void rp_lines_free(struct rp_line *l, size_t n);
/* How many contexts probe p has (its layout's, else those its findings name). */
size_t rp_probe_contexts(const struct rp_probe *p);
/* The contexts of line l: "every context" when they are all of p's (and there are several),
 * else their labels, ", "-separated, each passed through quote (into b). */
void rp_line_contexts(struct strbuf *b, const struct rp_probe *p, const struct rp_line *l,
                      void (*quote)(struct strbuf *b, const char *s));

/* How a renderer writes the sentences of report_lead.c: text from the database through quote;
 * a paragraph opened by printf(para, its class) and closed by end; emphasis; an arrow. */
struct rp_prose {
	void (*quote)(FILE *out, const char *s);
	const char *para, *end, *bold, *unbold, *arrow;
};
/* A diff's counts, first: findings new, changed and gone, how many of the new and changed
 * differ from public knowledge or are new to it; the devices that changed; the probes left
 * out because this database never ran them; what a change is. */
void rp_diff_lead(const struct rp_model *m, FILE *out, const struct rp_prose *p);

/* The label of p's context idx, or its number (written to buf). */
const char *rp_context_label(const struct rp_probe *p, unsigned idx, char *buf, size_t cap);

/* report_html.c: s escaped for HTML text and attributes; an anchor id "a-b" or "a-b-n" (n ~0u:
 * none), every character but letters, digits and '-' written as '_'. */
void rp_html_esc(FILE *out, const char *s);
void rp_html_anchor(FILE *out, const char *a, const char *b, unsigned n);
/* report_svg.c: the colour of a finding kind's boxes; the kinds with a colour (i = 0, 1, ...,
 * NULL after the last); the rows every diagram of a format shares (bit numbers, the notes',
 * the public), once per page; the diagram of g's instruction and format in p's findings
 * [b, e) with context c's walk (c may be NULL). */
const char *rp_kind_fill(const char *kind);
const char *rp_fill_kind(size_t i);
void rp_svg_defs(const struct rp_model *m, FILE *out);
void rp_svg_word(FILE *out, const struct rp_probe *p, size_t b, size_t e,
                 const struct rp_finding *g, const struct ip_infer_context *c);

void rp_markdown(const struct rp_model *m, FILE *out);
void rp_html(const struct rp_model *m, FILE *out);
void rp_json(const struct rp_model *m, FILE *out);

#endif

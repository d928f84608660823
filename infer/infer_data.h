/* infer_data.h: the data inference works on (a probe's runs, outcomes and layout, loaded
 * once from the database) and the steps that share it: effects, segmentation, typing, writing. */
#ifndef ISAPROBE_INFER_DATA_H
#define ISAPROBE_INFER_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/internal/infer.h"
#include "common/strbuf.h"
#include "isaprobe/internal/store_io.h"

/* Longest target region inference handles (values are kept in a uint64_t). */
#define INF_MAX_WIDTH 64
/* Output words beyond this many are compared as a whole, not word by word. */
#define INF_MAX_WORDS 64

/* A planted input word (32 bits, little-endian in its buffer). */
struct inf_input {
	const char *role; /* points into inf_data.roles */
	unsigned index;   /* word index in that buffer */
	uint32_t value;
	unsigned rec;     /* words per record of that buffer (buffer.record / 4); 0: not known */
	uint16_t h16;     /* the word as a float, rounded to binary16 */
	uint8_t h16_unique; /* h16 of this word and the next of its buffer: no other pair's */
	uint8_t dup;      /* another planted word holds the same 32 bits */
};

/* An observed output word: where it lies in an outcome's data. */
struct inf_output {
	const char *role;
	unsigned index;
	uint32_t offset;  /* byte offset in outcome.data */
	int32_t init;     /* the planted input word of the same role and index (what the output
	                   * holds until the program writes it), or -1 */
};

/* A distinct outcome, with its output words decoded. */
struct inf_outcome {
	int64_t id;
	int status;       /* enum ip_status */
	uint32_t fault;
	uint32_t *words;  /* nout words (0 where the data is short) */
	uint64_t have;    /* bit k: word k was present in the data */
	int unobserved;   /* ok, but its data ends before the outputs do: what the outputs held was
	                   * not observed (a GPU harness's run that missed its epilogue): no
	                   * evidence, as a runner error */
	int32_t *src;     /* per word: the planted input word it equals (first), or -1 */
};

/* A variant (one value of the target bits) with its majority outcome. Runs that say nothing
 * about the variant (runner_error; a timeout among other outcomes, or a lone one) are noise:
 * the majority is taken over the others. A variant whose every run timed out, twice or more,
 * hangs (its outcome is the timeout); one whose runs were all noise otherwise is left out. */
struct inf_variant {
	uint64_t value;
	uint32_t oc;         /* index into inf_data.oc of the majority outcome */
	uint32_t noutcomes;  /* distinct informative outcomes seen (> 1: a contradiction) */
	uint64_t runs;       /* informative runs */
	uint64_t against;    /* informative runs with another outcome than the majority */
	uint64_t noise;      /* runs that said nothing (timeouts, runner errors) */
};

struct inf_context {
	unsigned idx;
	char *label;
	uint64_t seed;
	struct inf_variant *v; /* sorted by value: all of them while the context is analysed, then
	                        * none, or those a comparison with other models needs */
	size_t nv;
	size_t folded;         /* variants folded from the runs (nv may be fewer once analysed) */
	uint32_t *near;        /* positions in v by where their value differs from the seed, and */
	size_t *near_at;       /* where each such bucket starts (infer_near.c); NULL: no index */
	uint64_t *flips;       /* per variant in v: bit b set when the value with bit b flipped
	                        * was run too (infer_near.c); NULL: not known */
	uint64_t runs;         /* informative runs */
	uint64_t noise;        /* runs that said nothing */
	int32_t base;          /* outcome index of the baseline (the seed's majority outcome) */
	int base_seen;         /* the seed value itself was run */
	uint64_t ok_off;       /* bit b: some variant with bit b off the seed's runs ok (inf_effects) */
	/* per-bit effects of the walk (filled by inf_effects) */
	struct ip_bit_summary bits[INF_MAX_WIDTH];
	uint64_t outmask[INF_MAX_WIDTH]; /* output words the flip changed */
};

struct inf_target {
	unsigned value_lo, width, lo;
	unsigned bundle, slot;  /* the instruction: bundle and slot of the seed program */
	char *format, *field;
};

/* What a probe calls the records of an input buffer (`record ROLE BYTES names ...`). */
struct inf_names {
	const char *role;       /* points into inf_data.roles */
	unsigned rec;           /* words per record (0: one word each) */
	char **name;            /* record i's name */
	size_t n, cap;
};

struct inf_data {
	int64_t probe_id;
	char *name, *isa;
	char *runner, *model; /* the device (runner and GPU model) whose campaigns are used */
	uint8_t probe_hash[16]; /* the probe text they ran */
	int64_t *campaigns;  /* ids used, ascending */
	unsigned ncampaigns;
	int64_t newest;      /* the newest campaign (first_seen / last_seen of new findings) */
	unsigned width;      /* target region bits */
	struct inf_target *t;
	size_t nt, t_cap;
	struct inf_input *in;
	size_t nin, in_cap;
	struct inf_output *out;
	size_t nout, out_cap;
	size_t out_bytes;    /* an ok outcome's data length: the observed outputs together */
	struct inf_names *names; /* named records, per input role that has them */
	size_t nnames, names_cap;
	char **roles;        /* role names owned here */
	size_t nroles, roles_cap;
	struct inf_outcome *oc;
	size_t noc;
	struct inf_context *ctx;
	size_t nctx, ctx_cap;
};

/* The values of an opcode field in one context, kept for naming them across contexts
 * (infer_names.c). */
struct inf_enum {
	const struct inf_context *c;
	size_t n;
	uint64_t *fv;         /* field values seen, ascending */
	uint32_t *oc;         /* their majority outcomes */
	uint64_t K;           /* output words the values change */
	int32_t base;         /* the background's outcome */
};

/* A finding before it is written. */
struct inf_finding {
	unsigned context;
	unsigned a, w;        /* value bits [a, a + w) */
	const char *kind;
	char *cond;           /* the condition it holds under ("bit 30 = 1"), malloc'd, or NULL */
	char *details;        /* JSON object text, malloc'd */
	double confidence;
	uint64_t support, against, variants;
	struct inf_enum *en;  /* an opcode field: its values, named once all contexts are in */
};

struct inf_findings {
	struct inf_finding *f;
	size_t n, cap;
};

/* Called once per context, in context order, as soon as its variants are folded (c->v in
 * value order): the caller analyses the context, then drops its variants
 * (inf_keep_variants), so that memory holds one context's variants at a time, never the
 * probe's. 0, or -1 with d set to stop the load. */
typedef int (*inf_each_fn)(struct inf_data *data, struct inf_context *c, void *arg,
                           struct ip_diag *d);
/* infer_load.c: loads everything inference needs about one probe (the layout, the outcomes
 * its runs name), then streams its runs context by context through each. Returns 0, 1 when the
 * probe has no campaign with a layout, or -1 with d set. */
int inf_load(struct ip_store *db, int64_t probe_id, struct inf_data *out, inf_each_fn each,
             void *arg, struct ip_diag *d);
/* The same with the campaigns of another runner and model (with the newest probe text). */
int inf_load_device(struct ip_store *db, int64_t probe_id, const char *runner, const char *model,
                    struct inf_data *out, inf_each_fn each, void *arg, struct ip_diag *d);
/* The other (runner, model) pairs with campaigns of data's probe text; arrays malloc'd. */
int inf_other_devices(struct ip_store *db, const struct inf_data *data, char ***runners,
                      char ***models, size_t *n, struct ip_diag *d);
void inf_free(struct inf_data *data);
/* The variant with this value in a context, or NULL. */
const struct inf_variant *inf_find(const struct inf_context *c, uint64_t value);

/* infer_near.c: an index of a context's variants by the lowest and highest bit where their
 * value differs from the seed, so that the analysis of a few bits reads the variants near the
 * seed in those bits, not every variant of the context; and which single-bit flips of each
 * variant were run. Made before a context's fields are looked for. */
void inf_near_index(const struct inf_data *data, struct inf_context *c);
/* Positions in c->v (ascending: value order) of every variant whose value may differ from the
 * seed only within bits (bits beyond the region always count): a superset the caller filters.
 * Returns how many; *pos malloc'd, or NULL for all of c->v (no index, or most of them). */
size_t inf_near(const struct inf_data *data, const struct inf_context *c, uint64_t bits,
                uint32_t **pos);
/* Keeps only c's variants that differ from seed only within the bits of a finding of f on
 * context c->idx (what inf_compare_models reads), none when f is NULL; drops the index. */
void inf_keep_variants(struct inf_context *c, uint64_t seed, const struct inf_findings *f);

/* infer_outliers.c: drops a context's variants whose one ok run gave an outcome nothing else
 * gave, with a word one bit off a neighbour's that the bit between them changes nowhere else
 * (a flipped bit): noise, before the context is analysed. */
void inf_drop_outliers(const struct inf_data *data, struct inf_context *c);

/* infer_effects.c: the baseline and the per-bit effects of one context. */
void inf_effects(const struct inf_data *data, struct inf_context *c);
/* Output words where outcome a differs from outcome b (bit k = word k). */
uint64_t inf_diff_words(const struct inf_data *data, uint32_t a, uint32_t b);
/* Whether an outcome status is a fault of the variant (fault, invalid, timeout). */
int inf_is_fault(int status);

/* infer_segment.c: splits a context's region into fields and types each one. */
int inf_segment(const struct inf_data *data, const struct inf_context *c,
                struct inf_findings *out);

/* infer_types.c: the hypotheses tested on one candidate field. */
struct inf_item {
	uint64_t fv;                  /* the field's value */
	const struct inf_variant *v;
};
struct inf_seg {
	const struct inf_data *data;
	const struct inf_context *c;
	unsigned a, w;
	uint64_t fv0;                 /* the seed's field value */
	struct inf_item *it;          /* local variants: other bits at the seed; sorted by fv */
	size_t n;
	int32_t base;                 /* outcome index of the background (-1: never run) */
	uint64_t bg;                  /* the background: the seed, or the seed with a mode bit
	                               * flipped (a field that shows only under it) */
	uint64_t K;                   /* output words changed by some ok local variant */
	uint64_t runs, against;       /* runs of the local variants; minority-outcome runs */
	uint64_t noise;               /* runs that said nothing (timeouts, runner errors) */
};
struct inf_verdict {
	const char *kind;             /* NULL: no hypothesis fits */
	struct inf_enum *en;          /* final enum verdicts: the values to name (malloc'd) */
	double cost;                  /* description cost, for segmentation */
	double confidence;
	uint64_t support;             /* runs consistent with it */
	struct strbuf details;        /* JSON members (without braces); only when final */
};
/* Tries every hypothesis on s; the cheapest that fits wins. final: fill in details (naming
 * enum values by the operation library), else only kind and cost (for segmentation). */
void inf_type(const struct inf_seg *s, struct inf_verdict *v, int final);
const struct inf_item *inf_item_find(const struct inf_seg *s, uint64_t fv);
/* "role[index]" of output word k. */
void inf_out_name(const struct inf_data *data, size_t k, char *buf, size_t len);

static inline const struct inf_outcome *inf_item_oc(const struct inf_seg *s,
                                                    const struct inf_item *it)
{
	return &s->data->oc[it->v->oc];
}

/* The outcome of the segment's background (normally the seed's). */
static inline const struct inf_outcome *inf_seg_base(const struct inf_seg *s)
{
	return &s->data->oc[s->base];
}

/* y = num/den * (x - x0) for every point with den > 0, the fraction reduced and num != 0:
 * returns 1 and the scale, else 0 (infer/infer_index.c). */
int inf_linear_q(const int64_t *x, const int64_t *y, size_t n, int64_t x0, int64_t *num,
                 int64_t *den);

/* fv as a w-bit two's complement number. */
static inline int64_t inf_sx(uint64_t fv, unsigned w)
{
	return w < 64 && (fv >> (w - 1) & 1) ? (int64_t)fv - (int64_t)(UINT64_C(1) << w)
	                                     : (int64_t)fv;
}

static inline int inf_first_word(uint64_t K)
{
	return K ? __builtin_ctzll(K) : -1;
}

/* infer_index.c: register / component select, offset, shift of an index, indirect select
 * (through an index register), a store's destination. 1 and v filled in when one fits. */
int inf_try_index(const struct inf_seg *s, struct inf_verdict *v, int final);

/* infer_ops.c: the operation library (enum values, modifiers). */
/* Operations 0 .. inf_op_count() - 1: name ("add", "mov a"), operands read (1 to 3), result
 * of operands a, b, c (32-bit words), and whether a result matches what was observed (NaN
 * any NaN; the approximating ones within 2^-20). */
unsigned inf_op_count(void);
const char *inf_op_name(unsigned op);
unsigned inf_op_arity(unsigned op);
uint32_t inf_op_apply(unsigned op, uint32_t a, uint32_t b, uint32_t c);
int inf_op_matches(unsigned op, uint32_t want, uint32_t got);
/* Whether op of a, b, c may give want: inf_op_matches of its result, or for min and max of
 * equal inputs (+0, -0) or a NaN input either operand. */
int inf_op_accepts(unsigned op, uint32_t a, uint32_t b, uint32_t c, uint32_t want);
/* Whether op (min, max) of a and b may give either operand (equal or NaN inputs). */
int inf_op_either(unsigned op, uint32_t a, uint32_t b);
/* select: b ? a : c; rselect: b ? c : a (the mirrored order) */
unsigned inf_op_select(void);
unsigned inf_op_rselect(void);
/* Whether op (select, rselect, fma) reads its third operand c when its b is word b */
int inf_op_reads_c(unsigned op, uint32_t b);
/* and, or, xor: on patterned inputs they match by chance; they never choose operands */
int inf_op_weak(unsigned op);
/* add, sub, mul, nmul, div: one operand and the result give the other */
int inf_op_invertible(unsigned op);
/* ,"meanings":{name: what it does} for the names of n the library explains in words (the
 * float modes); nothing when none. */
void inf_meanings(struct strbuf *d, const char *const *names, size_t n);
/* Name of the unary modifier op mapping every changed word of `from` to `to`, or of the
 * rounding mode (rtp, rtn, rtz) that moves them all one unit in the last place, or NULL. */
const char *inf_modifier_match(const struct inf_data *data, uint32_t from, uint32_t to,
                               uint64_t words);
/* The direction word b lies in from word a, one unit in the last place away, both normal
 * binary32 numbers of one sign: 1 up (toward +infinity), -1 down, 0 neither. */
int inf_ulp_step(uint32_t a, uint32_t b);
/* The rounding modes (bit 0 rtp, 1 rtn, 2 rtz) that fit every word `to` changes from `from`
 * (among `words`): each one unit in the last place up, down or toward zero (binary32, normal
 * numbers of one sign); 0 when a changed word fits none, or none changed. *n: words changed. */
unsigned inf_rounding_modes(const struct inf_data *data, uint32_t from, uint32_t to,
                            uint64_t words, unsigned *n);
/* The name of the one rounding mode in `modes` (inf_rounding_modes), or NULL. */
const char *inf_rounding_name(unsigned modes);
/* fma: a * b + c rounded once */
unsigned inf_op_fma(void);
/* Lane selects (INF_LANES of them, 0: none): which binary16 halves of operands a and b an
 * operation reads, widened to binary32, in place of the words: inf_lane_name ("a.h0 b.h1";
 * "" for 0), its part for operand a (0) or b (1) ("a.h0"; NULL: the word), the operations
 * that may read halves (float arithmetic of two or three operands), and the word operand
 * `word` gives under select sel (0 the word, 1 bits 0-15, 2 bits 16-31), negated after
 * widening when neg. inf_op_meaning says what each part means. */
#define INF_LANES 9
const char *inf_lane_name(unsigned lane);
const char *inf_lane_part(unsigned lane, unsigned operand);
int inf_op_lanes(unsigned op);
/* Whether op gives the same of b and a as of a and b (add, mul, fma's product, ...) */
int inf_op_commutes(unsigned op);
uint32_t inf_lane_word(uint32_t word, int neg, unsigned sel);
/* What a modifier name means in words (the float modes: ftz, suppress_inf, ..., the rounding
 * modes, the parts of lane selects: a.h0, ...), or NULL. */
const char *inf_op_meaning(const char *name);

/* infer_names.c: names the values of the enum findings in f once per field across contexts
 * (same bits and condition): fills in their "values", "ops", "evidence", "operands" and
 * sets their kind (enum, or distinct when nothing is named). */
void inf_name_enums(const struct inf_data *data, struct inf_findings *f);

/* infer_models.c: the probe's other GPU models (same probe text, other runner or model)
 * compared with data's: a "model_differs" finding for each of f's first n fields whose values
 * give other outcomes on another model. Appends to f; 0, or -1 with d set. */
int inf_compare_models(struct ip_store *db, const struct inf_data *data, struct inf_findings *f,
                       size_t n, struct ip_diag *d);

/* Where value bits [a, a + w) lie: the instruction (bundle, slot), the word format and its bit
 * number of bit a; the value's own bit numbers (format "") outside every target piece. */
struct inf_place {
	const char *format;
	unsigned lo, bundle, slot;
};
void inf_place(const struct inf_data *data, unsigned a, unsigned w, struct inf_place *at);

/* infer_write.c: replaces a probe's findings in one transaction. */
int inf_write(struct ip_store *db, const struct inf_data *data, const struct inf_findings *f,
              struct ip_diag *d);

void inf_findings_free(struct inf_findings *f);

#endif

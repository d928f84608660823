/* synth_trial.c: one trial of inference on a synthetic device: its probe campaigned with `auto`
 * on the synthetic backend (flaky on ask), inferred, and the findings scored against what the
 * device was drawn with: boundaries, kinds, operation names, operand sources, register names,
 * reserved verdicts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/grow.h"
#include "common/strbuf.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/internal/store_io.h"
#include "isaprobe/store.h"
#include "runners/synth/synth.h"
#include "synth_trial.h"

double synth_ratio(uint64_t found, uint64_t all)
{
	return all ? (double)found / (double)all : 1.0;
}

const struct synth_scenario synth_scenarios[] = {
	{"noiseless", 0, 0, 0, 0, 0, -1},
	{"flaky1", 0, 10, 0, 0, 0, 0},
	{"flaky5", 0, 50, 0, 0, 0, 0},
	{"regorder", IP_SYNTH_SHAPE_REGORDER, 0, 0, 0, 0, -1},
	{"modesel", IP_SYNTH_SHAPE_MODESEL, 0, 0, 0, 0, -1},
	{"oporder", IP_SYNTH_SHAPE_OPORDER, 0, 0, 0, 0, -1},
	{"ldst", IP_SYNTH_SHAPE_LDST, 0, 0, 0, 0, -1},
	{"hang", IP_SYNTH_SHAPE_HANG, 0, 0, 0, 0, -1},
	{"rounding", IP_SYNTH_SHAPE_ROUNDING, 0, 0, 0, 0, -1},
	{"lanes", IP_SYNTH_SHAPE_LANES, 0, 0, 0, 0, -1},
	{"faults_dirty50", 0, 0, 10, 500, 0, 0},
	{"faults_dirty100", 0, 0, 10, 1000, 0, 0},
	{"flipped_bits", 0, 0, 0, 0, 20, 0},
	{"all_shapes", IP_SYNTH_SHAPES, 0, 0, 0, 0, -1},
	{"all_noisy", IP_SYNTH_SHAPES, 10, 10, 500, 20, 13},
};
const unsigned synth_nscenarios = sizeof synth_scenarios / sizeof synth_scenarios[0];

void synth_scenario_opts(unsigned k, struct synth_trial_opts *o)
{
	const struct synth_scenario *s = &synth_scenarios[k];
	o->shapes = s->shapes;
	o->flaky_permille = s->flaky;
	o->fault_permille = s->fault;
	o->dirty_permille = s->dirty;
	o->flip_per10k = s->flip;
}

/* A field as the truth has it in one context: value bits [lo, hi], a kind, the device field
 * (-1 for merged ignored bits). */
struct tfield {
	unsigned lo, hi;
	const char *kind;
	int fi;
	unsigned reg_add;   /* a register select's records are map[v] + this (a bank bit set) */
};

struct truth {
	struct tfield f[2 * IP_SYNTH_MAX_FIELDS];
	unsigned n;
};

/* A finding as inference stored it (its bits within its instruction), in id order. */
struct stored {
	unsigned context, bundle, slot, lo, hi;
	char *kind, *cond, *details;
};

/* What the trial knows: the device, its planted buffers, where each piece starts, the
 * findings. */
struct trial {
	struct ip_synth_device dev;
	uint32_t regs[1024], unis[1024];
	size_t nregs, nunis;
	unsigned piece_at[IP_SYNTH_MAX_PIECES];
	struct stored *found;
	size_t nfound, found_cap;
	struct ip_details_reader *details;
	const struct synth_trial_opts *o;
};

static int outcome(const struct trial *t, unsigned ctx, uint64_t v, uint32_t *out)
{
	uint32_t fault;
	int st = ip_synth_run(&t->dev, ctx, v, t->regs, t->nregs, t->unis, t->nunis, out, &fault);
	return st == IP_STATUS_OK ? 0 : (int)(0x100 + fault);
}

/* Whether every value of field f, the other bits at bg, gives bg's outcome. */
static int observably_ignored(const struct trial *t, unsigned ctx, uint64_t bg,
                              const struct ip_synth_field *f)
{
	uint32_t a[256], b[256];
	uint64_t mask = ((UINT64_C(1) << f->w) - 1) << f->lo;
	int sa = outcome(t, ctx, bg, a);
	for (uint64_t v = 0; v < (UINT64_C(1) << f->w); v++) {
		uint64_t x = (bg & ~mask) | v << f->lo;
		if (outcome(t, ctx, x, b) != sa || (sa == 0 && memcmp(a, b, t->dev.nout * 4)))
			return 0;
	}
	return 1;
}

static unsigned piece_of(const struct trial *t, unsigned bit)
{
	unsigned p = 0;
	while (p + 1 < t->dev.npieces && bit >= t->piece_at[p + 1])
		p++;
	return p;
}

/* The fields of [lo, hi] in context ctx on background bg, adjacent ignored ones merged within
 * a piece. only >= 0: the dependents of that mode field keep their kind, the rest is ignored. */
static void truth_of(const struct trial *t, unsigned ctx, uint64_t bg, unsigned lo, unsigned hi,
                     int only, struct truth *tr)
{
	tr->n = 0;
	for (unsigned i = 0; i < t->dev.nf; i++) {
		const struct ip_synth_field *f = &t->dev.f[i];
		const char *kind = ip_synth_kind_name(f);
		struct tfield *last = tr->n ? &tr->f[tr->n - 1] : NULL;
		if (f->lo < lo || f->lo + f->w - 1 > hi)
			continue;
		int bank = f->mode >= 0 && t->dev.f[f->mode].bank;
		if (only >= 0 && f->mode != only)
			kind = "ignored";
		else if (f->mode >= 0 && !bank && !(bg >> t->dev.f[f->mode].lo & 1))
			kind = "ignored"; /* its mode bit is clear here */
		else if (observably_ignored(t, ctx, bg, f))
			kind = "ignored";
		if (last && !strcmp(kind, "ignored") && !strcmp(last->kind, "ignored") &&
		    piece_of(t, last->lo) == piece_of(t, f->lo)) {
			last->hi = f->lo + f->w - 1;
			last->fi = -1;
			continue;
		}
		tr->f[tr->n++] = (struct tfield){f->lo, f->lo + f->w - 1, kind, (int)i,
		                                 bank && (bg >> t->dev.f[f->mode].lo & 1) ? 8 : 0};
	}
}

/* An inferred finding, in value bits. */
struct ifind {
	unsigned lo, hi;
	char kind[32], cond[48];
	const char *details;
	unsigned bundle, bit; /* as stored: its instruction, its first bit in it */
	size_t at;            /* its place in trial.found (id order) */
};

struct ifinds {
	struct ifind *f;
	size_t n;
};

static char *copy_text(const char *s)
{
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

static int keep_finding(void *arg, const struct ip_finding_row *r, struct ip_diag *d)
{
	struct trial *t = arg;
	(void)d;
	if (ip_grow((void **)&t->found, &t->found_cap, t->nfound + 1, sizeof *t->found))
		abort();
	t->found[t->nfound++] = (struct stored){r->context, r->bundle, r->slot, r->lo, r->hi,
	                                        copy_text(r->kind), copy_text(r->cond),
	                                        copy_text(r->details)};
	return 0;
}

/* Every finding of the trial's database, in id order, into t->found. */
static int read_findings(struct trial *t, struct ip_store *s, struct ip_diag *d)
{
	struct ip_findings_query q = {.select = IP_FINDINGS_BY_ID};
	return ip_store_findings_read(s, &q, keep_finding, t, d);
}

static int by_bundle_lo(const void *pa, const void *pb)
{
	const struct ifind *a = pa, *b = pb;
	if (a->bundle != b->bundle)
		return a->bundle < b->bundle ? -1 : 1;
	if (a->bit != b->bit)
		return a->bit < b->bit ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/* The findings of context ctx but model_differs, by bundle then bit. */
static void load_findings(struct trial *t, unsigned ctx, struct ifinds *out)
{
	out->f = calloc(t->nfound ? t->nfound : 1, sizeof *out->f);
	out->n = 0;
	if (!out->f)
		abort();
	for (size_t i = 0; i < t->nfound; i++) {
		const struct stored *g = &t->found[i];
		unsigned b = g->bundle;
		struct ifind *f = &out->f[out->n];
		if (g->context != ctx || !strcmp(g->kind, "model_differs"))
			continue;
		f->lo = (b < t->dev.npieces ? t->piece_at[b] : 0) + g->lo;
		f->hi = (b < t->dev.npieces ? t->piece_at[b] : 0) + g->hi;
		snprintf(f->kind, sizeof f->kind, "%s", g->kind);
		snprintf(f->cond, sizeof f->cond, "%s", g->cond);
		f->details = g->details;
		f->bundle = b;
		f->bit = g->lo;
		f->at = i;
		out->n++;
	}
	qsort(out->f, out->n, sizeof *out->f, by_bundle_lo);
}

static void free_findings(struct ifinds *fs)
{
	free(fs->f);
}

/* details' member at path ('$.ops."3"'), copied into buf ("" when absent). */
static const char *member(struct trial *t, const char *details, const char *path, char *buf,
                          size_t n)
{
	return ip_details_reader_get(t->details, details, path, buf, n);
}

static int kind_same(const char *truth, const char *inferred)
{
	/* an opcode whose behaviours the library names none of is still an opcode table */
	if (!strcmp(truth, "enum"))
		return !strcmp(inferred, "enum") || !strcmp(inferred, "distinct");
	return !strcmp(truth, inferred);
}

/* Cuts (a cut at b: between bits b - 1 and b) strictly inside [lo, hi], not at a piece start. */
static uint64_t cuts_truth(const struct trial *t, const struct truth *tr, unsigned lo,
                           unsigned hi)
{
	uint64_t c = 0;
	for (unsigned i = 0; i < tr->n; i++)
		if (tr->f[i].lo > lo && tr->f[i].lo <= hi)
			c |= UINT64_C(1) << tr->f[i].lo;
	for (unsigned p = 1; p < t->dev.npieces; p++)
		c &= ~(UINT64_C(1) << t->piece_at[p]);
	return c;
}

static uint64_t cuts_inferred(const struct trial *t, const struct ifinds *fs, int conditional,
                              unsigned lo, unsigned hi)
{
	uint64_t c = 0;
	for (size_t i = 0; i < fs->n; i++) {
		const struct ifind *f = &fs->f[i];
		if ((f->cond[0] != 0) != conditional || f->lo < lo || f->hi > hi)
			continue;
		if (f->lo > lo)
			c |= UINT64_C(1) << f->lo;
		if (f->hi < hi)
			c |= UINT64_C(1) << (f->hi + 1);
	}
	for (unsigned p = 1; p < t->dev.npieces; p++)
		c &= ~(UINT64_C(1) << t->piece_at[p]);
	return c;
}

static void miss(const struct trial *t, unsigned ctx, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void miss(const struct trial *t, unsigned ctx, const char *fmt, ...)
{
	va_list ap;
	if (!t->o->verbose)
		return;
	fprintf(stderr, "synth %llu (flaky %u/1000) c%u: ", (unsigned long long)t->dev.seed,
	        t->o->flaky_permille, ctx);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Whether a finding's operands ("OUT: a = registers[N], b = ...") name the device's b of
 * context ctx as a. */
static int lane_operands_swapped(const char *ops, const struct ip_synth_field *f, unsigned ctx)
{
	const char *a = strstr(ops, "a = ");
	unsigned n;
	if (!a)
		return 0;
	a += 4 + (a[4] == '-');
	return sscanf(a, "registers[%u]", &n) == 1 && n == f->lane_at[ctx][1];
}

/* Value v of LANES field f as inference names it, its a and b swapped when `swapped`. */
static void lane_expected(const struct ip_synth_field *f, unsigned v, int swapped, char *buf,
                          size_t n)
{
	struct ip_synth_field g = *f;
	if (swapped) {
		for (unsigned u = 0; u < (1u << f->w); u++)
			g.map[u] = (uint8_t)(f->map[u] % 3 * 3 + f->map[u] / 3);
	}
	buf[0] = 'r'; /* rsub b - a is sub a - b */
	ip_synth_lane_name(&g, v, buf + (swapped && (f->base & 3) == 1), n - 1);
}

/* Scores the fields tr against the inferred findings of one condition ("" or cond). */
static void score_fields(struct trial *t, unsigned ctx, const struct truth *tr,
                         const struct ifinds *fs, const char *cond, struct synth_score *sc)
{
	char path[64], got[128];
	for (unsigned i = 0; i < tr->n; i++) {
		const struct tfield *tf = &tr->f[i];
		const struct ifind *hit = NULL;
		for (size_t j = 0; j < fs->n && !hit; j++)
			if (fs->f[j].lo == tf->lo && fs->f[j].hi == tf->hi && !strcmp(fs->f[j].cond, cond))
				hit = &fs->f[j];
		sc->fields++;
		if (hit && kind_same(tf->kind, hit->kind))
			sc->kinds_right++;
		else
			miss(t, ctx, "%u-%u %s%s%s: inferred %s", tf->lo, tf->hi, tf->kind,
			     cond[0] ? " when " : "", cond, hit ? hit->kind : "no field with these bits");
		if (!hit || tf->fi < 0)
			continue;
		const struct ip_synth_field *f = &t->dev.f[tf->fi];
		if (f->kind == IP_SYNTH_ENUM && kind_same("enum", hit->kind))
			for (unsigned v = 0; v < (1u << f->w); v++) {
				const char *want = ip_synth_op_name(f->op[v]);
				if (!strcmp(want, "fault") || f->hang == v + 1)
					continue;
				snprintf(path, sizeof path, "$.ops.\"%u\"", v);
				member(t, hit->details, path, got, sizeof got);
				sc->ops++;
				if (!strcmp(got, want))
					sc->ops_right++;
				else
					miss(t, ctx, "%u-%u value %u: %s, inferred '%s'", tf->lo, tf->hi, v, want,
					     got);
			}
		if (f->kind == IP_SYNTH_ROUNDING && kind_same("modifier", hit->kind))
			for (unsigned v = 1; v < 4; v++) {
				/* each mode named as the direction its words move (value 0 the background) */
				const char *want = ip_synth_rounding_name(f->op[v]);
				snprintf(path, sizeof path, "$.values.\"%u\"", v);
				member(t, hit->details, path, got, sizeof got);
				sc->ops++;
				if (!strcmp(got, want))
					sc->ops_right++;
				else
					miss(t, ctx, "%u-%u rounding value %u: %s, inferred '%s'", tf->lo, tf->hi,
					     v, want, got);
			}
		if (f->kind == IP_SYNTH_LANES && kind_same("enum", hit->kind))
			for (unsigned v = 0; v < (1u << f->w); v++) {
				/* the operation, and the halves each value reads ("fma a.h0 b.h1"), named
				 * with the operands the finding says: where its a is the device's b, the
				 * halves of a are b's, and sub is rsub */
				char want[48], ops[256];
				int swapped = lane_operands_swapped(member(t, hit->details, "$.operands", ops,
				                                           sizeof ops), f, ctx), right = 0;
				unsigned alike = ip_synth_lanes_alike(&t->dev, f, v, t->regs, t->nregs);
				snprintf(path, sizeof path, "$.ops.\"%u\"", v);
				member(t, hit->details, path, got, sizeof got);
				/* any select whose words are v's is as right (the runs cannot tell them) */
				for (unsigned sel = 0; sel < 9 && !right; sel++) {
					struct ip_synth_field g = *f;
					g.map[v] = (uint8_t)sel;
					lane_expected(&g, v, swapped, want, sizeof want);
					right = (alike >> sel & 1) && !strcmp(got, want);
				}
				lane_expected(f, v, swapped, want, sizeof want);
				sc->ops++;
				if (right)
					sc->ops_right++;
				else
					miss(t, ctx, "%u-%u lane value %u: %s, inferred '%s'", tf->lo, tf->hi, v,
					     want, got);
			}
		if (f->kind == IP_SYNTH_SOURCE && kind_same("enum", hit->kind))
			for (unsigned v = 0; v < 4; v++) {
				char want[48];
				const char *at = "$.values.\"%u\"";
				switch (f->src[v]) {
				case IP_SYNTH_SRC_REGISTER:
					snprintf(want, sizeof want, "mov registers[%u]", f->src_at[v]);
					break;
				case IP_SYNTH_SRC_UNIFORM:
					snprintf(want, sizeof want, "mov uniforms[%u]", f->src_at[v]);
					break;
				case IP_SYNTH_SRC_IMM: /* planted nowhere: no operation may claim it */
					snprintf(want, sizeof want, "unidentified");
					at = "$.ops.\"%u\"";
					break;
				default:
					continue;
				}
				snprintf(path, sizeof path, at, v);
				member(t, hit->details, path, got, sizeof got);
				sc->sources++;
				if (!strcmp(got, want))
					sc->sources_right++;
				else
					miss(t, ctx, "%u-%u source value %u: %s, inferred '%s'", tf->lo, tf->hi, v,
					     want, got);
			}
		if (f->kind == IP_SYNTH_TABLE && kind_same("enum", hit->kind))
			for (unsigned v = 0; v < 2; v++) {
				/* a move, never an operation it matches by chance (1.0 a true comparison) */
				static const char *const moves[] = {"mov", "mov a", "mov b", "unidentified",
				                                    "keeps"};
				int ok = 0;
				snprintf(path, sizeof path, "$.ops.\"%u\"", v);
				member(t, hit->details, path, got, sizeof got);
				for (unsigned k = 0; k < sizeof moves / sizeof moves[0]; k++)
					ok |= !strcmp(got, moves[k]);
				sc->loads++;
				if (!ok) {
					sc->alu_wrong++;
					miss(t, ctx, "%u-%u table value %u: a move, inferred '%s'", tf->lo, tf->hi,
					     v, got);
				}
			}
		if (f->kind == IP_SYNTH_REGISTER && !strcmp(hit->kind, "register"))
			for (unsigned v = 0; v < (1u << f->w); v++) {
				char want[16];
				if (f->map[v] == IP_SYNTH_FAULT_REG)
					continue; /* faults: no register to name */
				if (f->map[v] == IP_SYNTH_ZERO)
					snprintf(want, sizeof want, "zero");
				else
					snprintf(want, sizeof want, "r%u", f->map[v] + tf->reg_add);
				snprintf(path, sizeof path, "$.names.\"%u\"", v);
				member(t, hit->details, path, got, sizeof got);
				sc->regs++;
				if (!strcmp(got, want))
					sc->regs_right++;
				else
					miss(t, ctx, "%u-%u value %u: %s, inferred '%s'", tf->lo, tf->hi, v, want,
					     got);
			}
	}
}

static void score_cuts(struct trial *t, unsigned ctx, uint64_t want, uint64_t got,
                       const char *what, struct synth_score *sc)
{
	sc->cuts_true += (uint64_t)__builtin_popcountll(want);
	sc->cuts_found += (uint64_t)__builtin_popcountll(want & got);
	sc->cuts_inferred += (uint64_t)__builtin_popcountll(got);
	sc->cuts_right += (uint64_t)__builtin_popcountll(want & got);
	if (want != got)
		miss(t, ctx, "%s cuts: true %#llx, inferred %#llx", what, (unsigned long long)want,
		     (unsigned long long)got);
}

static void score_context(struct trial *t, unsigned ctx, struct synth_score *sc)
{
	const struct ip_synth_device *d = &t->dev;
	uint64_t seed = d->ctx_seed[ctx];
	struct truth tr;
	struct ifinds fs;
	load_findings(t, ctx, &fs);
	truth_of(t, ctx, seed, 0, d->width - 1, -1, &tr);
	score_cuts(t, ctx, cuts_truth(t, &tr, 0, d->width - 1),
	           cuts_inferred(t, &fs, 0, 0, d->width - 1), "field", sc);
	score_fields(t, ctx, &tr, &fs, "", sc);
	/* reserved verdicts on bits that are not reserved (a lone flaky run, or a mistake) */
	for (size_t j = 0; j < fs.n; j++) {
		int ok = 0;
		if (strcmp(fs.f[j].kind, "reserved"))
			continue;
		for (unsigned i = 0; i < tr.n && !ok; i++)
			ok = !strcmp(tr.f[i].kind, "reserved") && tr.f[i].lo <= fs.f[j].lo &&
			     fs.f[j].hi <= tr.f[i].hi;
		if (!ok) {
			sc->reserved_wrong++;
			miss(t, ctx, "%u-%u inferred reserved", fs.f[j].lo, fs.f[j].hi);
		}
	}
	/* fields a mode bit clear here disables: typed under the mode bit set */
	for (unsigned m = 0; m < d->nf; m++) {
		const struct ip_synth_field *mf = &d->f[m];
		struct truth region, cond;
		char want[48];
		unsigned lo = ~0u, hi = 0;
		if (mf->kind != IP_SYNTH_MODE || mf->bank || (seed >> mf->lo & 1))
			continue;
		for (unsigned i = 0; i < d->nf; i++)
			if (d->f[i].mode == (int)m) {
				lo = d->f[i].lo < lo ? d->f[i].lo : lo;
				hi = d->f[i].lo + d->f[i].w - 1 > hi ? d->f[i].lo + d->f[i].w - 1 : hi;
			}
		/* the region: the ignored run of the truth at the seed that holds the dependents */
		for (unsigned i = 0; i < tr.n; i++)
			if (tr.f[i].lo <= lo && hi <= tr.f[i].hi && !strcmp(tr.f[i].kind, "ignored")) {
				lo = tr.f[i].lo;
				hi = tr.f[i].hi;
			}
		snprintf(want, sizeof want, "bit %u = 1", mf->lo - t->piece_at[piece_of(t, mf->lo)]);
		truth_of(t, ctx, seed | UINT64_C(1) << mf->lo, lo, hi, (int)m, &region);
		cond = region;
		score_cuts(t, ctx, cuts_truth(t, &cond, lo, hi), cuts_inferred(t, &fs, 1, lo, hi),
		           "conditional", sc);
		score_fields(t, ctx, &cond, &fs, want, sc);
	}
	free_findings(&fs);
}

/* The planted buffers of the probe, as words. */
static void planted(struct trial *t, const struct ip_probe *p)
{
	for (unsigned i = 0; i < p->nbuffers; i++) {
		const struct ip_probe_buffer *b = &p->buffers[i];
		uint32_t *w = b->role == IP_BUF_REGISTERS ? t->regs : b->role == IP_BUF_UNIFORMS
		            ? t->unis : NULL;
		size_t n = b->len / 4 < 1024 ? b->len / 4 : 1024;
		if (b->output || !w)
			continue;
		for (size_t k = 0; k < n; k++)
			w[k] = (uint32_t)b->data[4 * k] | (uint32_t)b->data[4 * k + 1] << 8 |
			       (uint32_t)b->data[4 * k + 2] << 16 | (uint32_t)b->data[4 * k + 3] << 24;
		*(b->role == IP_BUF_REGISTERS ? &t->nregs : &t->nunis) = n;
	}
}

static int by_place(const void *pa, const void *pb)
{
	const struct stored *a = *(const struct stored *const *)pa;
	const struct stored *b = *(const struct stored *const *)pb;
	int c;
	if (a->context != b->context)
		return a->context < b->context ? -1 : 1;
	if (a->bundle != b->bundle)
		return a->bundle < b->bundle ? -1 : 1;
	if (a->slot != b->slot)
		return a->slot < b->slot ? -1 : 1;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if ((c = strcmp(a->cond, b->cond)) || (c = strcmp(a->kind, b->kind)))
		return c;
	if (a->hi != b->hi)
		return a->hi < b->hi ? -1 : 1;
	return a < b ? -1 : a > b; /* (id order) */
}

/* The findings' fields, one line each: "context bundle.slot lo-hi kind[ when cond]", by
 * context, instruction, bit, condition and kind. */
static char *field_list(const struct trial *t)
{
	const struct stored **order = calloc(t->nfound ? t->nfound : 1, sizeof *order);
	struct strbuf text;
	sb_init(&text);
	if (!order)
		abort();
	for (size_t i = 0; i < t->nfound; i++)
		order[i] = &t->found[i];
	qsort(order, t->nfound, sizeof *order, by_place);
	for (size_t i = 0; i < t->nfound; i++) {
		const struct stored *g = order[i];
		sb_printf(&text, "%u %u.%u %u-%u %s%s%s\n", g->context, g->bundle, g->slot, g->lo,
		          g->hi, g->kind, g->cond[0] ? " when " : "", g->cond);
	}
	free(order);
	return sb_take(&text);
}

int synth_trial(uint64_t device_seed, const struct synth_trial_opts *o, struct synth_score *sc,
                char *why, size_t whylen)
{
	struct trial *t = calloc(1, sizeof *t);
	struct ip_probe p;
	struct ip_diag d;
	struct ip_store *s = NULL;
	struct ip_campaign_opts co;
	struct ip_campaign_result res;
	struct ip_infer_stats st;
	char path[512], device[192], name[64];
	char *text;
	int rc = -1;
	if (!t)
		abort();
	t->o = o;
	ip_synth_generate(device_seed, o->pieces ? o->pieces : 1, o->shapes, &t->dev);
	for (unsigned k = 1; k < t->dev.npieces; k++)
		t->piece_at[k] = t->piece_at[k - 1] + t->dev.piece_w[k - 1];
	text = ip_synth_probe_text(&t->dev);
	snprintf(name, sizeof name, "synth_%llu.probe", (unsigned long long)device_seed);
	memset(&p, 0, sizeof p);
	if (ip_probe_parse(text, name, &p, &d)) {
		snprintf(why, whylen, "the synthetic probe: %s:%u:%u: %s", name, d.line, d.col, d.msg);
		goto out;
	}
	planted(t, &p);
	snprintf(path, sizeof path, "%s/isaprobe-synth-%d-%llu.db", o->dir ? o->dir : "/tmp",
	         (int)getpid(), (unsigned long long)device_seed);
	ip_store_remove(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d))
		goto fail;
	memset(&co, 0, sizeof co);
	co.backend = &ip_synth_backend;
	{
		char shapes[96];
		snprintf(device, sizeof device, "%llu:%u:%u:%llu:shapes=%s,fault=%u,dirty=%u,flip=%u",
		         (unsigned long long)device_seed, t->dev.npieces, o->flaky_permille,
		         (unsigned long long)(o->campaign_seed + 1),
		         ip_synth_shapes_name(o->shapes, shapes, sizeof shapes), o->fault_permille,
		         o->dirty_permille, o->flip_per10k);
	}
	co.device = device;
	co.strategy = IP_STRATEGY_AUTO;
	co.seed = o->campaign_seed;
	co.confirm = o->confirm;
	if (ip_campaign_run(s, &p, &co, &res, &d))
		goto fail;
	sc->runs += res.runs;
	if (o->random_runs) {
		co.strategy = IP_STRATEGY_RANDOM;
		co.budget = o->random_runs;
		if (ip_campaign_run(s, &p, &co, &res, &d))
			goto fail;
		sc->runs += res.runs;
	}
	if (ip_infer(s, NULL, &st, &d))
		goto fail;
	sc->findings += st.findings;
	if (read_findings(t, s, &d) || ip_details_reader_open(s, &t->details, &d))
		goto fail;
	for (unsigned c = 0; c < t->dev.ncontexts; c++)
		score_context(t, c, sc);
	if (o->fields)
		*o->fields = field_list(t);
	sc->trials++;
	rc = 0;
	goto out;
fail:
	snprintf(why, whylen, "synthetic device %llu: %s", (unsigned long long)device_seed, d.msg);
out:
	ip_details_reader_close(t->details);
	for (size_t i = 0; i < t->nfound; i++) {
		free(t->found[i].kind);
		free(t->found[i].cond);
		free(t->found[i].details);
	}
	free(t->found);
	ip_store_close(s);
	if ((s || rc == 0) && !o->keep)
		ip_store_remove(path);
	ip_probe_free(&p);
	free(text);
	free(t);
	return rc;
}

/* infer_types.c: typing one candidate field by testing hypotheses against the values seen
 * with the rest of the region at the seed: ignored, reserved, the index hypotheses
 * (infer_index.c), immediate, shift, modifier, write mask, enum (named by the op library). */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "isaprobe/word.h"

#define INFEASIBLE 1e9
#define COINCIDE_COST 0.5

const struct inf_item *inf_item_find(const struct inf_seg *s, uint64_t fv)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->it[mid].fv < fv)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n && s->it[lo].fv == fv ? &s->it[lo] : NULL;
}

static int is_ok(const struct inf_seg *s, const struct inf_item *it)
{
	return inf_item_oc(s, it)->status == IP_STATUS_OK;
}

void inf_out_name(const struct inf_data *data, size_t k, char *buf, size_t len)
{
	snprintf(buf, len, "%s[%u]", data->out[k].role, data->out[k].index);
}

/* Facts about the local variants every hypothesis uses. */
struct facts {
	size_t nonseed, ok, excluded; /* non-seed items; of all items: ok, not ok */
	size_t values;                /* distinct field values seen (items) */
	uint64_t varied;              /* bits varied in some item */
	uint64_t matter_ok;           /* bits whose flip changes an ok outcome into another ok one */
	uint64_t matter_unmodeled;    /* bits whose flip turns an ok outcome into one the runner
	                               * could not say */
	int all_base, all_fault, all_unmodeled;
	int veto;                     /* some split inside has evidence of no interaction */
	uint64_t support;             /* runs of the local variants' majority outcomes */
};

/* Whether word k of xy is an input word taking its buffer (role) from x's change and its
 * index from y's (or the other way round): one bit picks the table, the other the entry. */
static int composes(const struct inf_data *data, uint32_t b, uint32_t x, uint32_t y, uint32_t xy,
                    size_t k)
{
	int32_t sb = data->oc[b].src[k], sx = data->oc[x].src[k], sy = data->oc[y].src[k];
	int32_t sxy = data->oc[xy].src[k];
	if (sb < 0 || sx < 0 || sy < 0 || sxy < 0)
		return 0;
	const struct inf_input *B = &data->in[sb], *X = &data->in[sx], *Y = &data->in[sy];
	const struct inf_input *XY = &data->in[sxy];
	for (int swap = 0; swap < 2; swap++) {
		const struct inf_input *r = swap ? Y : X, *i = swap ? X : Y;
		if (r->role != B->role && r->index == B->index && i->role == B->role &&
		    i->index != B->index && XY->role == r->role && XY->index == i->index)
			return 1;
	}
	return 0;
}

static int interacts(const struct inf_seg *s, const struct inf_item *x, const struct inf_item *y,
                     const struct inf_item *xy)
{
	const struct inf_data *data = s->data;
	uint32_t b = (uint32_t)s->base;
	uint64_t dx = inf_diff_words(data, x->v->oc, b), dy = inf_diff_words(data, y->v->oc, b);
	if (x->v->oc == b || y->v->oc == b)
		return xy->v->oc != (x->v->oc == b ? y->v->oc : x->v->oc);
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		if ((dx & dy) >> k & 1) {
			if (!composes(data, b, x->v->oc, y->v->oc, xy->v->oc, k))
				return 1;
			continue;
		}
		uint32_t want = (dx >> k & 1) ? inf_item_oc(s, x)->words[k]
		              : (dy >> k & 1) ? inf_item_oc(s, y)->words[k] : inf_seg_base(s)->words[k];
		if (inf_item_oc(s, xy)->words[k] != want)
			return 1;
	}
	return 0;
}

/* Whether the ok values split at t into two fields that change words of their own: the words
 * the low bits change (from the background's value, the high bits as there) and those the high
 * bits change are disjoint, and every ok value holds in each group the words its own part gives
 * with the other part as the background's. Sees fields whose single flips all fault (a select
 * whose neighbours of the seed's value are special registers), where pairs say nothing. */
static int disjoint_split(const struct inf_seg *s, unsigned t)
{
	const struct inf_data *data = s->data;
	uint64_t lowm = (UINT64_C(1) << t) - 1, wa = 0, wb = 0;
	uint32_t b = (uint32_t)s->base;
	unsigned na = 0, nb = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		uint64_t d;
		if (!is_ok(s, it) || it->fv == s->fv0)
			continue;
		d = it->v->oc == b ? 0 : inf_diff_words(data, it->v->oc, b);
		if (!((it->fv ^ s->fv0) & ~lowm)) {
			wa |= d;
			na++;
		} else if (!((it->fv ^ s->fv0) & lowm)) {
			wb |= d;
			nb++;
		}
	}
	if (!na || !nb || !wa || !wb || (wa & wb))
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i], *pa, *pb;
		const struct inf_outcome *o = inf_item_oc(s, it);
		if (!is_ok(s, it))
			continue;
		if (it->v->oc != b && (inf_diff_words(data, it->v->oc, b) & ~(wa | wb)))
			return 0;
		pa = inf_item_find(s, (it->fv & lowm) | (s->fv0 & ~lowm));
		pb = inf_item_find(s, (s->fv0 & lowm) | (it->fv & ~lowm));
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
			const struct inf_item *from = (wa >> k & 1) ? pa : (wb >> k & 1) ? pb : NULL;
			if (from && is_ok(s, from) && inf_item_oc(s, from)->words[k] != o->words[k])
				return 0;
		}
	}
	return 1;
}

/* Whether some split point inside the segment has pair evidence and none of it interacts, or
 * splits it into two fields of their own words (disjoint_split). */
static int separable_split(const struct inf_seg *s)
{
	if (inf_seg_base(s)->status != IP_STATUS_OK)
		return 0;
	if (s->n <= 4096)
		for (unsigned t = 1; t < s->w; t++)
			if (disjoint_split(s, t))
				return 1;
	for (unsigned t = 1; t < s->w; t++) {
		unsigned evidence = 0, inter = 0;
		for (unsigned i = 0; i < t; i++)
			for (unsigned j = t; j < s->w; j++) {
				const struct inf_item *x = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i));
				const struct inf_item *y = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << j));
				const struct inf_item *xy =
					inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i) ^ (UINT64_C(1) << j));
				if (!x || !y || !xy || !is_ok(s, x) || !is_ok(s, y) || !is_ok(s, xy))
					continue;
				evidence++;
				inter += (unsigned)interacts(s, x, y, xy);
			}
		if (evidence && !inter)
			return 1;
	}
	return 0;
}

/* A bit no single flip shows mattering between two ok outcomes (its other values faulting or
 * unmodeled, as the upper bits of a select whose middle values the runner cannot say) still
 * matters when two ok values differing in it (and in other bits) differ, and no single flip of
 * it between two ok values shows it ignored. */
static void relaxed_matter(const struct inf_seg *s, struct facts *f)
{
	uint64_t full = ip_mask64(s->w);
	uint64_t okbits = 0, ignored = 0, need, multi = 0;
	if (s->n > 1024)
		return;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		if (!is_ok(s, it))
			continue;
		okbits |= it->fv ^ s->fv0;
		for (unsigned b = 0; b < s->w; b++) {
			const struct inf_item *y = inf_item_find(s, it->fv ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc == it->v->oc)
				ignored |= UINT64_C(1) << b;
		}
	}
	need = full & okbits & ~f->matter_ok & ~ignored;
	for (size_t i = 0; i < s->n && (need & ~multi); i++) {
		const struct inf_item *x = &s->it[i];
		if (!is_ok(s, x))
			continue;
		for (size_t j = i + 1; j < s->n; j++) {
			const struct inf_item *y = &s->it[j];
			if (is_ok(s, y) && y->v->oc != x->v->oc)
				multi |= x->fv ^ y->fv;
		}
	}
	f->matter_ok |= need & multi;
}

/* A bit every value with which (off the background's) faults matters too when those faults
 * are the field's own: the same status and code as a value of the field with the bit as the
 * background has it, off the background only in bits that run ok for some value, for most of
 * them (an offset's top bit, whose values all lie past the table its lower values leave), and
 * two values run ok. A reserved field's faults are its bits' alone: no such value. A bit that
 * runs ok off the seed in some stored variant is not one (another select's bit, whose value
 * next to the seed's is a special register faulting alike). */
static void faults_alike(const struct inf_seg *s, struct facts *f)
{
	uint64_t full = ip_mask64(s->w), always = 0;
	if (s->w < 2 || f->ok < 2 || s->n > 4096)
		return;
	for (unsigned b = 0; b < s->w; b++) {
		int all = 1, any = 0;
		for (size_t i = 0; i < s->n && all; i++)
			if ((s->it[i].fv ^ s->fv0) >> b & 1) {
				any = 1;
				all = inf_is_fault(inf_item_oc(s, &s->it[i])->status);
			}
		if (any && all)
			always |= UINT64_C(1) << b;
	}
	for (unsigned b = 0; b < s->w; b++) {
		/* (a bit some other value of which runs ok somewhere is another field's) */
		if (!(always >> b & 1) || ((f->matter_ok | ~full) >> b & 1) ||
		    (s->a + b < 64 && (s->c->ok_off >> (s->a + b) & 1)))
			continue;
		unsigned n = 0, alike_n = 0;
		for (size_t i = 0; i < s->n; i++) {
			const struct inf_item *it = &s->it[i];
			const struct inf_outcome *o = inf_item_oc(s, it);
			int alike = 0;
			if (!((it->fv ^ s->fv0) >> b & 1))
				continue;
			/* the same fault where the bit is the background's, off it only in bits that
			 * run ok for some value */
			for (size_t j = 0; j < s->n && !alike; j++) {
				const struct inf_outcome *q = inf_item_oc(s, &s->it[j]);
				alike = !((s->it[j].fv ^ s->fv0) & always) && q->status == o->status &&
				        q->fault == o->fault;
			}
			n++;
			alike_n += (unsigned)alike;
		}
		/* (most of them: one a GPU's stray fault answered otherwise does not undo it) */
		if (n && 2 * alike_n > n)
			f->matter_ok |= UINT64_C(1) << b;
	}
}

static void gather(const struct inf_seg *s, struct facts *f)
{
	uint64_t fl;
	memset(f, 0, sizeof *f);
	f->all_base = f->all_fault = f->all_unmodeled = 1;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		int st = inf_item_oc(s, it)->status;
		f->support += it->v->runs - it->v->against;
		f->values++;
		if (st == IP_STATUS_OK)
			f->ok++;
		else
			f->excluded++;
		if (it->fv == s->fv0)
			continue;
		f->nonseed++;
		f->varied |= it->fv ^ s->fv0;
		f->all_base &= it->v->oc == (uint32_t)s->base;
		f->all_fault &= inf_is_fault(st);
		f->all_unmodeled &= st == IP_STATUS_UNMODELED;
		if (st != IP_STATUS_OK)
			continue;
		/* the bits whose flip was run (inf_near_index): the others find no item */
		fl = s->c->flips ? s->c->flips[it->v - s->c->v] >> s->a : ~UINT64_C(0);
		for (unsigned b = 0; b < s->w; b++) {
			if (!(fl >> b & 1))
				continue;
			const struct inf_item *y = inf_item_find(s, it->fv ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc != it->v->oc)
				f->matter_ok |= UINT64_C(1) << b;
			if (y && inf_item_oc(s, y)->status == IP_STATUS_UNMODELED)
				f->matter_unmodeled |= UINT64_C(1) << b;
		}
	}
	/* the seed item pairs with the flips too */
	const struct inf_item *seed = inf_item_find(s, s->fv0);
	if (seed && is_ok(s, seed))
		for (unsigned b = 0; b < s->w; b++) {
			const struct inf_item *y = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc != seed->v->oc)
				f->matter_ok |= UINT64_C(1) << b;
			if (y && inf_item_oc(s, y)->status == IP_STATUS_UNMODELED)
				f->matter_unmodeled |= UINT64_C(1) << b;
		}
	relaxed_matter(s, f);
	faults_alike(s, f);
	f->veto = s->w > 1 && separable_split(s);
}

static double confidence(const struct inf_seg *s, const struct facts *f, int typed)
{
	double consistency = f->support + s->against
	                     ? (double)f->support / (double)(f->support + s->against) : 0;
	double needed = s->w == 1 ? 2 : s->w >= 6 ? (double)s->w + 2
	              : (double)((UINT64_C(1) << s->w) < s->w + 2 ? (UINT64_C(1) << s->w)
	                                                           : s->w + 2);
	double have = (double)(typed ? f->ok : f->values);
	double cover = have >= needed ? 1.0 : have / needed;
	double c = consistency * (0.5 + 0.5 * cover);
	if (!s->c->base_seen)
		c *= 0.7;
	return c;
}

static void examples(const struct inf_seg *s, struct strbuf *d)
{
	unsigned shown = 0;
	sb_puts(d, ",\"examples\":[");
	for (size_t i = 0; i < s->n && shown < 3; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = inf_item_oc(s, it);
		if (it->fv == s->fv0)
			continue;
		sb_printf(d, "%s{\"value\":%llu,\"variant\":\"0x%llx\",\"runs\":%llu,\"status\":\"%s\"",
		          shown ? "," : "", (unsigned long long)it->fv,
		          (unsigned long long)it->v->value, (unsigned long long)it->v->runs,
		          ip_status_name((enum ip_status)o->status));
		if (o->status == IP_STATUS_OK) {
			uint64_t dw = inf_diff_words(s->data, it->v->oc, (uint32_t)s->base);
			unsigned nw = 0;
			sb_puts(d, ",\"changed\":{");
			for (size_t k = 0; k < s->data->nout && k < INF_MAX_WORDS && nw < 4; k++)
				if (dw >> k & 1) {
					char name[64];
					inf_out_name(s->data, k, name, sizeof name);
					sb_printf(d, "%s\"%s\":\"0x%08x\"", nw++ ? "," : "", name, o->words[k]);
				}
			sb_puts(d, "}");
			if (s->base >= 0 && inf_seg_base(s)->status == IP_STATUS_OK) { /* the same words,
			                                                                  * as the seed left them */
				sb_puts(d, ",\"seed\":{");
				nw = 0;
				for (size_t k = 0; k < s->data->nout && k < INF_MAX_WORDS && nw < 4; k++)
					if (dw >> k & 1) {
						char name[64];
						inf_out_name(s->data, k, name, sizeof name);
						sb_printf(d, "%s\"%s\":\"0x%08x\"", nw++ ? "," : "", name,
						          inf_seg_base(s)->words[k]);
					}
				sb_puts(d, "}");
			}
		} else if (o->fault)
			sb_printf(d, ",\"fault\":%u", o->fault);
		sb_puts(d, "}");
		shown++;
	}
	sb_puts(d, "]");
}

/* y = scale * (x - x0) for every point, with an integer scale (non-zero): 1 and the scale. */
static int linear(const int64_t *x, const int64_t *y, size_t n, int64_t x0, int64_t *scale)
{
	int64_t den;
	return inf_linear_q(x, y, n, x0, scale, &den) && den == 1;
}

/* Whether every changed word of every ok value is a planted input word (or 0, zero_ok: a
 * zero register): the field picks inputs (a select, however the index moves), it does not
 * compute the words. */
static int all_planted_or(const struct inf_seg *s, int zero_ok)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_outcome *o = inf_item_oc(s, &s->it[i]);
		if (o->status != IP_STATUS_OK)
			continue;
		for (size_t k = 0; k < s->data->nout && k < INF_MAX_WORDS; k++)
			if ((s->K >> k & 1) && o->src[k] < 0 && (zero_ok == 0 || o->words[k]))
				return 0;
	}
	return 1;
}

static int all_planted(const struct inf_seg *s)
{
	return all_planted_or(s, 0);
}

/* Immediate: each changed output word moves linearly (as an integer) with the field value
 * (not when the words are planted inputs: `distinct` words are in arithmetic order, and a
 * select reads them). */
static int try_imm(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_outcome *B = inf_seg_base(s);
	int64_t *x, *y;
	int ok = 1, signd = -1;
	int64_t scale0 = 0;
	if (all_planted(s))
		return 0;
	x = calloc(s->n + 1, sizeof *x);
	y = calloc(s->n + 1, sizeof *y);
	if (!x || !y)
		abort();
	for (int sg = 0; sg < 2 && signd < 0; sg++) {
		ok = 1;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
			size_t m = 0;
			int64_t sc;
			if (!(s->K >> k & 1))
				continue;
			for (size_t i = 0; i < s->n; i++) {
				const struct inf_outcome *o = inf_item_oc(s, &s->it[i]);
				if (o->status != IP_STATUS_OK)
					continue;
				x[m] = sg ? inf_sx(s->it[i].fv, s->w) : (int64_t)s->it[i].fv;
				y[m++] = (int32_t)(o->words[k] - B->words[k]);
			}
			ok = m >= 3 && linear(x, y, m, sg ? inf_sx(s->fv0, s->w) : (int64_t)s->fv0, &sc);
			if (ok && !scale0)
				scale0 = sc;
		}
		if (ok)
			signd = sg;
	}
	free(x);
	free(y);
	if (signd < 0)
		return 0;
	v->kind = signd ? "imm_signed" : "imm_unsigned";
	v->cost = 1.5;
	if (final) {
		char name[64];
		inf_out_name(data, (size_t)inf_first_word(s->K), name, sizeof name);
		sb_printf(&v->details, "\"output\":\"%s\",\"scale\":%lld,\"signed\":%s", name,
		          (long long)scale0, signd ? "true" : "false");
	}
	return 1;
}

/* Shift: every changed output word is the smallest value's word shifted by the difference. */
static int try_shift(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_item *ref = NULL;
	size_t m = 0;
	static const char *const dir[3] = {"left", "right", "right_arith"};
	for (size_t i = 0; i < s->n; i++)
		if (is_ok(s, &s->it[i])) {
			if (!ref)
				ref = &s->it[i];
			m++;
		}
	if (!ref || m < 3)
		return 0;
	for (int d = 0; d < 3; d++) {
		int ok = 1;
		for (size_t i = 0; i < s->n && ok; i++) {
			const struct inf_item *it = &s->it[i];
			uint64_t sh = it->fv - ref->fv;
			if (!is_ok(s, it))
				continue;
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
				uint32_t r = inf_item_oc(s, ref)->words[k], want;
				if (!(s->K >> k & 1))
					continue;
				if (r == 0 || (d == 2 && r == 0xffffffffu))
					ok = 0;
				if (sh >= 32)
					want = d == 2 && (r >> 31) ? 0xffffffffu : 0;
				else
					want = d == 0 ? r << sh : d == 1 ? r >> sh
					              : (uint32_t)((int32_t)r >> sh);
				ok = ok && inf_item_oc(s, it)->words[k] == want;
			}
		}
		if (ok) {
			v->kind = "shift";
			v->cost = 1.5;
			if (final) {
				char name[64];
				inf_out_name(data, (size_t)inf_first_word(s->K), name, sizeof name);
				sb_printf(&v->details, "\"output\":\"%s\",\"direction\":\"%s\","
				          "\"zero_at\":%llu", name, dir[d], (unsigned long long)ref->fv);
			}
			return 1;
		}
	}
	return 0;
}

/* Modifier: every other value applies one unary op (neg, abs, ...) to the baseline's outputs
 * (a value the runner could not say is listed as unmodeled; at least one must be named). */
static int try_modifier(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const char *ops[4] = {NULL, NULL, NULL, NULL};
	size_t named = 0;
	if (s->w > 2)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		if (it->fv == s->fv0)
			continue;
		if (inf_item_oc(s, it)->status == IP_STATUS_UNMODELED) {
			ops[it->fv] = "unmodeled"; /* a mode the runner cannot say: listed as such */
			continue;
		}
		if (!is_ok(s, it))
			return 0;
		ops[it->fv] = inf_modifier_match(s->data, (uint32_t)s->base, it->v->oc, s->K);
		if (!ops[it->fv])
			return 0;
		named++;
	}
	if (!named)
		return 0;
	v->kind = "modifier";
	v->cost = 1.5 + 0.5 * (s->w - 1);
	if (final) {
		sb_printf(&v->details, "\"values\":{\"%llu\":\"none\"", (unsigned long long)s->fv0);
		for (unsigned fv = 0; fv < 4; fv++)
			if (ops[fv])
				sb_printf(&v->details, ",\"%u\":\"%s\"", fv, ops[fv]);
		sb_puts(&v->details, "}");
		inf_meanings(&v->details, ops, 4);
	}
	return 1;
}

/* Write mask: each bit alone changes its own output words, bits compose without interacting,
 * and a changed word is not a modifier of the baseline's. */
static int try_mask(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_item *flip[INF_MAX_WIDTH];
	uint64_t M[INF_MAX_WIDTH], all = 0;
	uint32_t b = (uint32_t)s->base, fill = 0;
	int have_fill = 0;
	if (s->w < 2 || inf_seg_base(s)->status != IP_STATUS_OK)
		return 0;
	for (unsigned i = 0; i < s->w; i++) {
		flip[i] = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i));
		if (!flip[i] || !is_ok(s, flip[i]) || flip[i]->v->oc == b)
			return 0;
		M[i] = inf_diff_words(data, flip[i]->v->oc, b);
		if (M[i] & all)
			return 0;
		if (inf_modifier_match(data, b, flip[i]->v->oc, M[i]))
			return 0;
		/* a word not written holds one fill value, whichever bit disables it */
		const struct inf_outcome *off = (s->fv0 >> i & 1) ? inf_item_oc(s, flip[i]) : inf_seg_base(s);
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
			if (M[i] >> k & 1) {
				if (!have_fill) {
					fill = off->words[k];
					have_fill = 1;
				} else if (off->words[k] != fill)
					return 0;
			}
		all |= M[i];
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = inf_item_oc(s, it);
		if (o->status != IP_STATUS_OK)
			return 0;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
			uint32_t want = inf_seg_base(s)->words[k];
			for (unsigned j = 0; j < s->w; j++)
				if ((M[j] >> k & 1) && ((it->fv ^ s->fv0) >> j & 1))
					want = inf_item_oc(s, flip[j])->words[k];
			if (o->words[k] != want)
				return 0;
		}
	}
	/* a word a bit leaves unwritten holds the fill whatever the other bits: every stored
	 * variant with the bit clear bears on it (a select's zero register is no mask); one
	 * variant run once among many may disagree (a bit a board flipped) */
	size_t checked = 0, odd = 0;
	for (size_t i = 0; i < s->c->nv && odd <= 1; i++) {
		const struct inf_variant *u = &s->c->v[i];
		const struct inf_outcome *o = &data->oc[u->oc];
		int bad = 0;
		if (o->status != IP_STATUS_OK)
			continue;
		for (unsigned j = 0; j < s->w && !bad; j++) {
			if (u->value >> (s->a + j) & 1)
				continue;
			checked++;
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
				if ((M[j] >> k & 1) && o->words[k] != fill)
					bad = 1;
		}
		if (bad && (u->runs > 1 || odd++))
			return 0;
	}
	if (odd && checked < 16)
		return 0;
	v->kind = "mask";
	v->cost = 1.5;
	if (final) {
		sb_puts(&v->details, "\"bits\":{");
		for (unsigned i = 0; i < s->w; i++) {
			unsigned nw = 0;
			sb_printf(&v->details, "%s\"%u\":\"", i ? "," : "", i);
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
				if (M[i] >> k & 1) {
					char name[64];
					inf_out_name(data, k, name, sizeof name);
					sb_printf(&v->details, "%s%s", nw++ ? " " : "", name);
				}
			sb_puts(&v->details, "\"");
		}
		sb_puts(&v->details, "}");
	}
	return 1;
}

/* Enum: a table of behaviours; the values are kept (v->en) and named once every context's
 * fields are in (infer_names.c). */
static void try_enum(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	uint32_t *beh = calloc(s->n + 1, sizeof *beh);
	size_t nb = 0;
	int faults = 0;
	if (!beh)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		size_t j;
		if (!is_ok(s, it)) {
			faults = 1;
			continue;
		}
		for (j = 0; j < nb && beh[j] != it->v->oc; j++)
			;
		if (j == nb)
			beh[nb++] = it->v->oc;
	}
	free(beh);
	v->kind = "enum";
	v->cost = 1.2 + 0.6 * (double)(nb + (size_t)faults);
	/* a table of moves (every behaviour reads planted words, or 0s) whose values one bit
	 * apart behave the same: that bit does nothing beside some values of the others (the
	 * top bit of a select a mode bit enables, or two fields): COINCIDE_COST a pair. (An
	 * opcode's values that agree on some inputs do not count: they compute.) */
	if (s->w > 1 && all_planted_or(s, 1))
		for (size_t i = 0; i < s->n; i++)
			for (unsigned b = 0; b < s->w; b++) {
				const struct inf_item *y;
				if (s->it[i].fv >> b & 1)
					continue;
				y = inf_item_find(s, s->it[i].fv | UINT64_C(1) << b);
				if (y && y->v->oc == s->it[i].v->oc && is_ok(s, y))
					v->cost += COINCIDE_COST;
			}
	if (final) {
		struct inf_enum *en = calloc(1, sizeof *en);
		if (!en || !(en->fv = calloc(s->n + 1, sizeof *en->fv)) ||
		    !(en->oc = calloc(s->n + 1, sizeof *en->oc)))
			abort();
		en->c = s->c;
		en->K = s->K;
		en->base = s->base;
		for (size_t i = 0; i < s->n; i++) {
			en->fv[en->n] = s->it[i].fv;
			en->oc[en->n++] = s->it[i].v->oc;
		}
		v->en = en;
	}
}

/* ,"unmodeled":[values the runner could not say],"runner":"sim" (what the report words its
 * advice by), and for a field of which nothing but the seed ran (whole: 1), "seed_value" and
 * the values never run ("not_run", fields of up to 8 bits). The seed's one behaviour is not
 * named: the operation library needs several behaviours to tell an operation from chance. */
static void unmodeled_values(const struct inf_seg *s, struct strbuf *d, int whole)
{
	unsigned n = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		if (inf_item_oc(s, it)->status != IP_STATUS_UNMODELED)
			continue;
		if (n < 256)
			sb_printf(d, "%s%llu", n ? "," : ",\"unmodeled\":[", (unsigned long long)it->fv);
		n++;
	}
	if (!n)
		return;
	sb_printf(d, "]%s,\"runner\":", n > 256 ? ",\"unmodeled_more\":true" : "");
	sb_json_str(d, s->data->runner ? s->data->runner : "");
	if (!whole)
		return;
	if (inf_seg_base(s)->status != IP_STATUS_UNMODELED) /* the seed's value ran */
		sb_printf(d, ",\"seed_value\":%llu", (unsigned long long)s->fv0);
	if (s->w <= 8) {
		unsigned shown = 0;
		for (uint64_t fv = 0; fv < (UINT64_C(1) << s->w); fv++)
			if (!inf_item_find(s, fv))
				sb_printf(d, "%s%llu", shown++ ? "," : ",\"not_run\":[",
				          (unsigned long long)fv);
		if (shown)
			sb_puts(d, "]");
	}
}

/* Distinct ok outcomes among the local variants (counted up to 3). */
static unsigned ok_behaviours(const struct inf_seg *s)
{
	uint32_t seen[3];
	unsigned n = 0;
	for (size_t i = 0; i < s->n && n < 3; i++) {
		unsigned k;
		if (!is_ok(s, &s->it[i]))
			continue;
		for (k = 0; k < n && seen[k] != s->it[i].v->oc; k++)
			;
		if (k == n)
			seen[n++] = s->it[i].v->oc;
	}
	return n;
}

/* Whether the segment is exactly one piece of the target (one `target` line of the probe: the
 * bits its author varies as one field, from the campaign's layout). */
static int whole_piece(const struct inf_seg *s)
{
	for (size_t i = 0; i < s->data->nt; i++)
		if (s->data->t[i].value_lo == s->a && s->data->t[i].width == s->w)
			return 1;
	return 0;
}

/* Whether some variant with the segment's bits off the background's value ran ok, whatever
 * the other bits: then the bits are not reserved (a value that faults only beside others is
 * an opcode's, or a conditional field's). Every stored variant bears on it, not only the
 * local ones. */
static int ok_elsewhere(const struct inf_seg *s)
{
	uint64_t smask = ip_mask64(s->w) << s->a;
	for (size_t i = 0; i < s->c->nv; i++) {
		const struct inf_variant *v = &s->c->v[i];
		if (((v->value ^ s->bg) & smask) && s->data->oc[v->oc].status == IP_STATUS_OK)
			return 1;
	}
	return 0;
}

/* Whether every bit of the segment flipped alone faults alike (the same status and code):
 * the bits of one reserved field; bits that fault otherwise (a hang beside an offset's value
 * past its table) are fields of their own. */
static int flips_alike(const struct inf_seg *s)
{
	const struct inf_outcome *first = NULL;
	for (unsigned b = 0; b < s->w; b++) {
		const struct inf_item *y = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << b));
		const struct inf_outcome *o = y ? inf_item_oc(s, y) : NULL;
		if (!o)
			continue;
		if (first && (o->status != first->status || o->fault != first->fault))
			return 0;
		first = o;
	}
	return 1;
}

void inf_type(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	struct facts f;
	uint64_t full = ip_mask64(s->w);
	int typed = 1;
	v->kind = NULL;
	v->en = NULL;
	v->cost = INFEASIBLE;
	v->confidence = 0;
	v->support = 0;
	if (final)
		sb_init(&v->details);
	if (s->base < 0) { /* a context without runs */
		v->kind = "unknown";
		v->cost = 1;
		return;
	}
	gather(s, &f);
	if (!f.nonseed) {
		v->kind = "unknown";
		v->cost = 1;
		typed = 0;
	} else if (f.varied != full) {
		/* a bit never varied here: nothing can be said of this segment as a whole */
	} else if (f.all_base && inf_seg_base(s)->status != IP_STATUS_UNMODELED) {
		/* (every value as the seed, when the runner could not say the seed either, is no
		 * evidence that the bits do nothing: unmodeled, below) */
		v->kind = "ignored";
		v->cost = 1;
		typed = 0;
	} else if (f.all_fault && inf_seg_base(s)->status == IP_STATUS_OK && !ok_elsewhere(s) &&
	           flips_alike(s)) {
		v->kind = "reserved";
		v->cost = 1;
		typed = 0;
		if (final)
			sb_printf(&v->details, "\"must_be\":%llu", (unsigned long long)s->fv0);
	} else if (f.all_unmodeled) {
		v->kind = "unmodeled";
		v->cost = 1;
		typed = 0;
	} else if (f.matter_ok == full && s->K && inf_seg_base(s)->status == IP_STATUS_OK) {
		double penalty = f.excluded ? 0.5 : 0;
		if (!f.veto && s->w > 1 && (inf_try_index(s, v, final) || try_imm(s, v, final) ||
		                            try_shift(s, v, final)))
			v->cost += penalty;
		else if (try_mask(s, v, final) || (!f.veto && try_modifier(s, v, final)))
			v->cost += penalty;
		else if (!f.veto)
			try_enum(s, v, final);
	} else if (s->w > 1 && f.matter_ok && (f.matter_ok | f.matter_unmodeled) == full && s->K &&
	           !f.veto && inf_seg_base(s)->status == IP_STATUS_OK && whole_piece(s)) {
		/* a target piece (the probe's field) some of whose values the runner could not say:
		 * the bits that only lead from a known value to an unmodeled one belong to it too */
		try_enum(s, v, final);
	} else if (s->w == 1 && f.matter_ok == full) {
		try_enum(s, v, final); /* a single bit with some other effect */
	} else if (s->w > 1 && inf_seg_base(s)->status != IP_STATUS_OK && whole_piece(s) &&
	           ok_behaviours(s) >= 2) {
		/* a target piece whose seed value the runner could not say (or faults), some other
		 * values of which run: an opcode with those values named */
		try_enum(s, v, final);
	}
	if (!v->kind && s->w == 1) {
		/* a single bit always gets a verdict: mixed fault / unmodeled / change */
		v->kind = "distinct";
		v->cost = 5;
		if (final)
			sb_puts(&v->details, "\"mixed\":true");
	}
	if (v->kind) {
		v->confidence = confidence(s, &f, typed);
		if (!strcmp(v->kind, "unknown"))
			v->confidence = 0;
		if (final) {
			if (v->details.len)
				sb_puts(&v->details, ",");
			sb_printf(&v->details, "\"values_seen\":%zu,\"faulting\":%zu,"
			          "\"contradicting_runs\":%llu",
			          f.values, f.excluded, (unsigned long long)s->against);
			unmodeled_values(s, &v->details, !strcmp(v->kind, "unmodeled"));
			examples(s, &v->details);
		}
	}
	v->support = f.support;
}

/* bifrost_clause.c: clause packing both ways: the quadword formats, the pos table, the notes'
 * packing algorithm (with its dummy constant), and logical words <-> packed clause bytes. */
#include <stdlib.h>
#include <string.h>

#include "bifrost.h"

/* ---- quadword formats (seed notes 003, "Quadword formats") ---------------------------
 * A piece moves `width` bits between quadword bit `qlo` and bit `lo` of a logical word: the
 * header, instruction `index` (78 bits: register field, FMA, ADD), constant `index` (60 bits;
 * for the constant format relative to the quadword's first constant), or an unused region. */
enum piece_src { P_HEADER, P_INSTR, P_CONST, P_UNUSED };

struct piece {
	uint8_t qlo, width, src, index, lo;
};

struct qformat {
	const char *name;
	uint8_t tag_mask;
	struct piece pieces[5];
	unsigned npieces;
};

#define I(q, w, i, lo) {q, w, P_INSTR, i, lo}
#define C(q, w, i, lo) {q, w, P_CONST, i, lo}
#define U(q, w) {q, w, P_UNUSED, 0, 0}
static const struct qformat qformats[] = {
	{"1", 0xF8, {I(0, 3, 0, 75), I(8, 75, 0, 0), {83, 45, P_HEADER, 0, 0}}, 3},
	{"2.1", 0xFF, {I(8, 75, 1, 0), U(83, 42), I(125, 3, 1, 75)}, 3},
	{"2.2", 0xF8, {I(0, 3, 1, 75), I(8, 75, 1, 0), I(83, 45, 2, 0)}, 3},
	{"3.1", 0xFF, {C(8, 60, 0, 0), U(68, 15), I(83, 30, 2, 45), U(113, 12), I(125, 3, 2, 75)}, 5},
	{"3.2", 0xC0, {I(0, 3, 2, 75), I(3, 3, 3, 75), I(8, 75, 3, 0), I(83, 30, 2, 45), C(113, 15, 0, 0)}, 5},
	{"3.3", 0xFF, {I(8, 75, 3, 0), I(83, 30, 2, 45), U(113, 9), I(122, 3, 3, 75), I(125, 3, 2, 75)}, 5},
	{"4.1", 0xF8, {I(0, 3, 4, 75), I(8, 75, 4, 0), C(83, 45, 0, 15)}, 3},
	{"4.2", 0xF8, {I(0, 3, 4, 75), I(8, 75, 4, 0), I(83, 45, 5, 0)}, 3},
	{"5.1", 0xFF, {C(8, 60, 0, 0), U(68, 15), I(83, 30, 5, 45), U(113, 12), I(125, 3, 5, 75)}, 5},
	{"5.2", 0xFF, {I(8, 75, 6, 0), I(83, 30, 5, 45), U(113, 9), I(122, 3, 6, 75), I(125, 3, 5, 75)}, 5},
	{"5.3", 0xC0, {I(0, 3, 5, 75), I(3, 3, 6, 75), I(8, 75, 6, 0), I(83, 30, 5, 45), C(113, 15, 0, 0)}, 5},
	{"6", 0xF8, {I(0, 3, 7, 75), I(8, 75, 7, 0), C(83, 45, 0, 15)}, 3},
	{"const", 0xFF, {C(8, 60, 0, 0), C(68, 60, 1, 0)}, 2},
};
#undef I
#undef C
#undef U

enum { Q1, Q21, Q22, Q31, Q32, Q33, Q41, Q42, Q51, Q52, Q53, Q6, QCONST };

/* Tags (low byte, tag bits only). "more": constants follow; otherwise the clause ends. */
#define TAG_1_INSTRS 0x28  /* 00101xxx */
#define TAG_1_FINAL 0x48   /* 01001xxx */
#define TAG_1_CONSTS 0x08  /* 00001xxx */
#define TAG_21_END 0x43
#define TAG_21_CONSTS 0x03
#define TAG_22 0x20        /* 00100xxx */
#define TAG_31_END 0x44
#define TAG_31_CONSTS 0x04
#define TAG_32 0x80        /* 10xxxxxx */
#define TAG_33_END 0x45
#define TAG_33_CONSTS 0x05
#define TAG_33_INSTRS 0x01
#define TAG_41_FINAL 0x50  /* 01010xxx */
#define TAG_41_CONSTS 0x10 /* 00010xxx */
#define TAG_42 0x60        /* 01100xxx */
#define TAG_51_FINAL 0x46
#define TAG_51_CONSTS 0x06
#define TAG_52_FINAL 0x47
#define TAG_52_CONSTS 0x07
#define TAG_53 0xC0        /* 11xxxxxx */
#define TAG_6_FINAL 0x58   /* 01011xxx */
#define TAG_6_CONSTS 0x18  /* 00011xxx */
#define TAG_CONST_MORE 0x30 /* 0011pppp */
#define TAG_CONST_END 0x70  /* 0111pppp */

/* pos: (instructions, constants before this quadword's two) -> value (seed notes table). */
static const struct {
	uint8_t n, before;
} pos_table[15] = {
	{1, 0}, {2, 0}, {4, 0}, {3, 1}, {5, 1}, {4, 2}, {7, 0}, {6, 1},
	{5, 3}, {8, 1}, {7, 2}, {6, 3}, {8, 3}, {7, 4}, {6, 5},
};

int bifrost_pos(unsigned n, unsigned before)
{
	for (unsigned p = 0; p < IP_COUNT(pos_table); p++)
		if (pos_table[p].n == n && pos_table[p].before == before)
			return (int)p;
	return -1;
}

/* Whether the instruction quadwords of an n-instruction clause hold a constant (the notes'
 * formats 3.1, 3.2+4.1, 5.1, 5.3+6): then one is always there, a dummy if need be. */
static unsigned embedded_consts(unsigned n)
{
	return n == 3 || n == 5 || n == 6 || n == 8;
}

int bifrost_const_count_valid(unsigned n, unsigned k)
{
	unsigned e;
	if (n < 1 || n > BIFROST_MAX_INSTRS)
		return 0;
	e = embedded_consts(n);
	if (k < e || (k - e) % 2)
		return 0;
	for (unsigned before = e; before < k; before += 2)
		if (bifrost_pos(n, before) < 0)
			return 0;
	return 1;
}

int bifrost_const_count_round(unsigned n, unsigned k)
{
	for (unsigned c = k; c <= BIFROST_MAX_CONSTS; c++)
		if (bifrost_const_count_valid(n, c))
			return (int)c;
	return -1;
}

static void add_q(struct bifrost_qword_plan *plan, int *nq, unsigned fmt, uint8_t tag,
                  unsigned base)
{
	plan[*nq].format = qformats[fmt].name;
	plan[*nq].tag = tag;
	plan[*nq].tag_mask = qformats[fmt].tag_mask;
	plan[*nq].const_base = (uint8_t)base;
	(*nq)++;
}

static int qformat_index(const char *name)
{
	for (unsigned i = 0; i < IP_COUNT(qformats); i++)
		if (qformats[i].name == name)
			return (int)i;
	return -1;
}

int bifrost_plan(unsigned n, unsigned k, struct bifrost_qword_plan *plan)
{
	int nq = 0, more;
	unsigned e;
	if (!bifrost_const_count_valid(n, k))
		return -1;
	e = embedded_consts(n);
	more = k > e;
	/* The notes' algorithm, quadword by quadword. */
	if (n == 1) {
		add_q(plan, &nq, Q1, more ? TAG_1_CONSTS : TAG_1_FINAL, 0);
	} else {
		add_q(plan, &nq, Q1, TAG_1_INSTRS, 0);
		if (n == 2)
			add_q(plan, &nq, Q21, more ? TAG_21_CONSTS : TAG_21_END, 0);
		else
			add_q(plan, &nq, Q22, TAG_22, 0);
	}
	if (n == 3)
		add_q(plan, &nq, Q31, more ? TAG_31_CONSTS : TAG_31_END, 0);
	else if (n == 5)
		add_q(plan, &nq, Q32, TAG_32, 0);
	else if (n == 4)
		add_q(plan, &nq, Q33, more ? TAG_33_CONSTS : TAG_33_END, 0);
	else if (n > 5)
		add_q(plan, &nq, Q33, TAG_33_INSTRS, 0);
	if (n == 5)
		add_q(plan, &nq, Q41, more ? TAG_41_CONSTS : TAG_41_FINAL, 0);
	else if (n > 5)
		add_q(plan, &nq, Q42, TAG_42, 0);
	if (n == 6)
		add_q(plan, &nq, Q51, more ? TAG_51_CONSTS : TAG_51_FINAL, 0);
	else if (n == 7)
		add_q(plan, &nq, Q52, more ? TAG_52_CONSTS : TAG_52_FINAL, 0);
	else if (n == 8)
		add_q(plan, &nq, Q53, TAG_53, 0);
	if (n == 8)
		add_q(plan, &nq, Q6, more ? TAG_6_CONSTS : TAG_6_FINAL, 0);
	for (unsigned before = e; before < k; before += 2) {
		unsigned last = before + 2 >= k;
		uint8_t tag = (uint8_t)((last ? TAG_CONST_END : TAG_CONST_MORE) | bifrost_pos(n, before));
		add_q(plan, &nq, QCONST, tag, before);
	}
	return nq;
}

/* ---- logical layout ------------------------------------------------------------------ */
static const struct ip_format *unused_format(unsigned width)
{
	switch (width) {
	case 42: return &bifrost_unused42;
	case 15: return &bifrost_unused15;
	case 12: return &bifrost_unused12;
	default: return &bifrost_unused9;
	}
}

struct ip_slot *bifrost_slot(struct ip_bundle *b, enum bifrost_role role, unsigned index)
{
	for (unsigned i = 0; i < b->nslots; i++)
		if (b->slots[i].unit == BIFROST_UNIT(role, index))
			return &b->slots[i];
	return NULL;
}

unsigned bifrost_clause_consts(const struct ip_bundle *b)
{
	unsigned k = 0;
	for (unsigned i = 0; i < b->nslots; i++)
		k += BIFROST_UNIT_ROLE(b->slots[i].unit) == BIFROST_ROLE_CONST;
	return k;
}

static unsigned header_type(const struct ip_bundle *b)
{
	const struct ip_field *f = ip_format_field(&bifrost_header, "type");
	return (unsigned)ip_field_get(f, &b->slots[0].value);
}

void bifrost_clause_retype(struct ip_bundle *b)
{
	const struct ip_format *reg =
		header_type(b) == BIFROST_HEADER_TYPE_64BIT ? &bifrost_reg64 : &bifrost_reg32;
	for (unsigned i = 0; i < b->nslots; i++) {
		struct ip_slot *s = &b->slots[i];
		switch (BIFROST_UNIT_ROLE(s->unit)) {
		case BIFROST_ROLE_REG: s->fmt = reg; break;
		case BIFROST_ROLE_FMA: s->fmt = bifrost_op_format(0, (uint32_t)s->value.w[0]); break;
		case BIFROST_ROLE_ADD: s->fmt = bifrost_op_format(1, (uint32_t)s->value.w[0]); break;
		default: break;
		}
	}
}

int bifrost_clause_layout(struct ip_bundle *b, unsigned n, unsigned k, unsigned type)
{
	struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
	int nq = bifrost_plan(n, k, plan);
	unsigned pos = 0, nunused = 0;
	if (nq < 0)
		return -1;
	b->nslots = 0;
	b->kind = (uint8_t)n;
	b->bytes = (uint32_t)nq * 16;
	ip_bundle_add_slot(b, &bifrost_header, 0, 45, -1, BIFROST_UNIT(BIFROST_ROLE_HEADER, 0));
	ip_field_set(ip_format_field(&bifrost_header, "type"), &b->slots[0].value, type);
	pos = 45;
	for (unsigned i = 0; i < n; i++) {
		ip_bundle_add_slot(b, &bifrost_reg32, (uint16_t)pos, 35, -1,
		                   BIFROST_UNIT(BIFROST_ROLE_REG, i));
		ip_bundle_add_slot(b, &bifrost_fma_fma, (uint16_t)(pos + 35), 23, -1,
		                   BIFROST_UNIT(BIFROST_ROLE_FMA, i));
		ip_bundle_add_slot(b, &bifrost_add_fmod, (uint16_t)(pos + 58), 20, -1,
		                   BIFROST_UNIT(BIFROST_ROLE_ADD, i));
		pos += BIFROST_INSTR_BITS;
	}
	for (unsigned j = 0; j < k; j++, pos += 60)
		ip_bundle_add_slot(b, &bifrost_const, (uint16_t)pos, 60, -1,
		                   BIFROST_UNIT(BIFROST_ROLE_CONST, j));
	for (int q = 0; q < nq; q++) {
		const struct qformat *f = &qformats[qformat_index(plan[q].format)];
		for (unsigned p = 0; p < f->npieces; p++) {
			if (f->pieces[p].src != P_UNUSED)
				continue;
			ip_bundle_add_slot(b, unused_format(f->pieces[p].width), (uint16_t)pos,
			                   f->pieces[p].width, -1,
			                   BIFROST_UNIT(BIFROST_ROLE_UNUSED, nunused));
			nunused++;
			pos += f->pieces[p].width;
		}
	}
	bifrost_clause_retype(b);
	return 0;
}

/* ---- bits between words ------------------------------------------------------------------ */
/* Copies width bits (any width) between a byte buffer at bit qlo and a word at bit lo. */
static void bytes_to_word(const uint8_t *bytes, unsigned qlo, ip_word *w, unsigned lo,
                          unsigned width)
{
	while (width) {
		unsigned chunk = width > 64 ? 64 : width;
		ip_bits_set(w, lo, chunk, ip_bytes_get_bits(bytes, qlo, chunk).w[0]);
		qlo += chunk, lo += chunk, width -= chunk;
	}
}

static void word_to_bytes(const ip_word *w, unsigned lo, uint8_t *bytes, unsigned qlo,
                          unsigned width)
{
	while (width) {
		unsigned chunk = width > 64 ? 64 : width;
		ip_word v = {{ip_bits_get(w, lo, chunk), 0}};
		ip_bytes_put_bits(bytes, qlo, chunk, &v);
		qlo += chunk, lo += chunk, width -= chunk;
	}
}

/* The 78-bit instruction words of a clause, from its slots and back. */
static const char *const instr_parts[3] = {"reg", "fma", "add"};
static const enum bifrost_role instr_roles[3] = {BIFROST_ROLE_REG, BIFROST_ROLE_FMA,
                                                 BIFROST_ROLE_ADD};

static ip_word instr_word(struct ip_bundle *b, unsigned i)
{
	ip_word w = ip_word_zero();
	for (unsigned p = 0; p < 3; p++)
		ip_field_set(ip_format_field(&bifrost_instr, instr_parts[p]), &w,
		             bifrost_slot(b, instr_roles[p], i)->value.w[0]);
	return w;
}

static void set_instr_word(struct ip_bundle *b, unsigned i, const ip_word *w)
{
	for (unsigned p = 0; p < 3; p++)
		bifrost_slot(b, instr_roles[p], i)->value =
			(ip_word){{ip_field_get(ip_format_field(&bifrost_instr, instr_parts[p]), w), 0}};
}

/* Moves every piece of every quadword between the clause bytes (in or out) and the logical
 * words: one walk over the format tables serves both directions. */
static void move_pieces(struct ip_bundle *b, const struct bifrost_qword_plan *plan, int nq,
                        const uint8_t *in, uint8_t *out)
{
	ip_word instr[BIFROST_MAX_INSTRS];
	unsigned unused = 0;
	for (unsigned i = 0; i < b->kind; i++)
		instr[i] = out ? instr_word(b, i) : ip_word_zero();
	for (int q = 0; q < nq; q++) {
		const struct qformat *f = &qformats[qformat_index(plan[q].format)];
		for (unsigned p = 0; p < f->npieces; p++) {
			const struct piece *pc = &f->pieces[p];
			ip_word *w;
			switch (pc->src) {
			case P_HEADER: w = &b->slots[0].value; break;
			case P_INSTR: w = &instr[pc->index]; break;
			case P_CONST:
				w = &bifrost_slot(b, BIFROST_ROLE_CONST, plan[q].const_base + pc->index)->value;
				break;
			default: w = &bifrost_slot(b, BIFROST_ROLE_UNUSED, unused++)->value; break;
			}
			if (out)
				word_to_bytes(w, pc->lo, out + 16 * q, pc->qlo, pc->width);
			else
				bytes_to_word(in + 16 * q, pc->qlo, w, pc->lo, pc->width);
		}
		if (out)
			out[16 * q] = (uint8_t)((out[16 * q] & ~plan[q].tag_mask) | plan[q].tag);
	}
	if (!out)
		for (unsigned i = 0; i < b->kind; i++)
			set_instr_word(b, i, &instr[i]);
}

/* ---- unpack ---------------------------------------------------------------------------- */
/* Quadwords of plan that the bytes match (up to avail quadwords). */
static int matching_prefix(const struct bifrost_qword_plan *plan, int nq, const uint8_t *bytes,
                           size_t avail)
{
	int q;
	for (q = 0; q < nq && (size_t)q < avail; q++)
		if ((bytes[16 * q] & plan[q].tag_mask) != plan[q].tag)
			break;
	return q;
}

static int unpack_clause(const uint8_t *bytes, size_t len, size_t pos, struct ip_bundle *b,
                         struct ip_diag *d)
{
	struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS], best_plan[BIFROST_MAX_QUADWORDS];
	size_t avail = (len - pos) / 16;
	int best = -1, best_nq = 0;
	if (avail == 0)
		return ip_diag_offset(d, (long)pos, "truncated: %zu bytes left, a quadword needs 16",
		                      len - pos);
	for (unsigned n = 1; n <= BIFROST_MAX_INSTRS; n++)
		for (unsigned k = 0; k <= BIFROST_MAX_CONSTS; k++) {
			int nq = bifrost_plan(n, k, plan), m;
			if (nq < 0)
				continue;
			m = matching_prefix(plan, nq, bytes + pos, avail);
			if (m == nq) {
				bifrost_clause_layout(b, n, k, 0); /* retyped below, from the header */
				b->byte_offset = (uint32_t)pos;
				move_pieces(b, plan, nq, bytes + pos, NULL);
				bifrost_clause_retype(b);
				return 0;
			}
			if (m > best) {
				best = m;
				best_nq = nq;
				memcpy(best_plan, plan, sizeof plan);
			}
		}
	if ((size_t)best >= avail)
		return ip_diag_offset(d, (long)(pos + 16 * avail),
		                      "truncated: the clause at byte %zu needs %d quadwords by its "
		                      "tags, the binary ends after %zu",
		                      pos, best_nq, avail);
	return ip_diag_offset(d, (long)(pos + 16 * (size_t)best),
	                      "quadword %d of the clause at byte %zu: tag 0x%02x fits no clause "
	                      "layout (the closest layout expects format %s, tag bits 0x%02x/0x%02x)",
	                      best, pos, bytes[pos + 16 * (size_t)best], best_plan[best].format,
	                      best_plan[best].tag, best_plan[best].tag_mask);
}

size_t bifrost_clauses_len(const uint8_t *bytes, size_t len)
{
	struct ip_bundle b;
	struct ip_diag d;
	size_t pos = 0;
	ip_diag_init(&d, NULL);
	while (pos < len && unpack_clause(bytes, len, pos, &b, &d) == 0)
		pos += b.bytes;
	return pos;
}

int bifrost_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	size_t pos = 0;
	ip_program_init(out, &bifrost_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty binary: no clauses");
	while (pos < len) {
		struct ip_bundle *b = ip_program_add(out);
		if (!b) {
			ip_program_free(out);
			return ip_diag_plain(d, "out of memory");
		}
		if (unpack_clause(bytes, len, pos, b, d) != 0) {
			ip_program_free(out);
			return -1;
		}
		pos += b->bytes;
	}
	return 0;
}

/* ---- pack ------------------------------------------------------------------------------ */
/* Checks that a bundle is laid out the way bifrost_clause_layout lays clauses out. */
static int check_layout(const struct ip_bundle *b, size_t i, struct ip_diag *d)
{
	struct ip_bundle ref;
	unsigned k = bifrost_clause_consts(b);
	if (b->kind < 1 || b->kind > BIFROST_MAX_INSTRS)
		return ip_diag_plain(d, "clause %zu: %u instructions (1 to 8 allowed)", i, b->kind);
	if (bifrost_clause_layout(&ref, b->kind, k, 0) != 0)
		return ip_diag_plain(d, "clause %zu: %u constants do not fit a %u-instruction clause",
		                     i, k, b->kind);
	if (ref.nslots != b->nslots)
		return ip_diag_plain(d, "clause %zu: %u slots, the layout has %u", i, b->nslots,
		                     ref.nslots);
	for (unsigned s = 0; s < b->nslots; s++)
		if (ref.slots[s].unit != b->slots[s].unit)
			return ip_diag_plain(d, "clause %zu: slot %u is out of place", i, s);
	return 0;
}

int bifrost_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	size_t size = 0, pos = 0;
	uint8_t *buf;
	for (size_t i = 0; i < p->nbundles; i++) {
		if (check_layout(&p->bundles[i], i, d) != 0)
			return -1;
		if (p->bundles[i].byte_offset != size)
			return ip_diag_plain(d, "clause %zu is not where the previous one ends", i);
		size += p->bundles[i].bytes;
	}
	buf = calloc(size ? size : 1, 1);
	if (!buf)
		return ip_diag_plain(d, "out of memory");
	for (size_t i = 0; i < p->nbundles; i++) {
		struct ip_bundle b = p->bundles[i];
		struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
		int nq = bifrost_plan(b.kind, bifrost_clause_consts(&b), plan);
		move_pieces(&b, plan, nq, NULL, buf + pos);
		pos += (size_t)nq * 16;
	}
	*out = buf;
	*len = size;
	return 0;
}

/* ---- PC-relative constant modifiers (Mesa: disassemble.c decode_M, bi_pack.c) ------------ */
static uint64_t const_value(const struct ip_bundle *b, unsigned slot)
{
	for (unsigned i = 0; i < b->nslots; i++)
		if (b->slots[i].unit == BIFROST_UNIT(BIFROST_ROLE_CONST, slot))
			return b->slots[i].value.w[0];
	return 0;
}

/* Bits 60-63 (top) and 28-31 of a 64-bit constant: stored bits 56-59 and 24-27. */
static unsigned top4(const struct ip_bundle *b, unsigned slot)
{
	return (unsigned)(const_value(b, slot) >> (bifrost_const.bits - 4)) & 0xF;
}

static unsigned mid4(const struct ip_bundle *b, unsigned slot)
{
	return (unsigned)(const_value(b, slot) >> 24) & 0xF;
}

/* M1 = 0 or 8-15: plain; 1-6 (3 reserved): M1 table; 7: M2 table (M2 > 3 reserved). */
static void decode_m(unsigned m1, unsigned m2, uint8_t mod[2])
{
	enum { N = BIFROST_CONST_PLAIN, L = BIFROST_CONST_PC_LO, H = BIFROST_CONST_PC_HI,
	       LH = BIFROST_CONST_PC_LO_HI, R = BIFROST_CONST_RESERVED };
	static const uint8_t m1_table[7][2] = {{N, N}, {L, N}, {L, L}, {R, R}, {H, N}, {H, H}, {L, N}};
	static const uint8_t m2_table[4][2] = {{LH, N}, {LH, H}, {LH, LH}, {LH, H}};
	if (m1 == 0 || m1 >= 8) {
		mod[0] = mod[1] = N;
	} else if (m1 == 7) {
		mod[0] = m2 < 4 ? m2_table[m2][0] : R;
		mod[1] = m2 < 4 ? m2_table[m2][1] : R;
	} else {
		mod[0] = m1_table[m1][0];
		mod[1] = m1_table[m1][1];
	}
}

void bifrost_const_mods(const struct ip_bundle *b, uint8_t mods[BIFROST_MAX_CONSTS])
{
	unsigned k = bifrost_clause_consts(b), e = embedded_consts(b->kind);
	memset(mods, BIFROST_CONST_PLAIN, BIFROST_MAX_CONSTS);
	for (unsigned i = 0; i < b->nslots && e && k; i++)
		if (b->slots[i].fmt == &bifrost_unused15) { /* formats 3.1 and 5.1 */
			const ip_word *w = &b->slots[i].value;
			uint8_t mod[2];
			decode_m((unsigned)ip_field_get(ip_format_field(&bifrost_unused15, "m1"), w),
			         (unsigned)ip_field_get(ip_format_field(&bifrost_unused15, "m2"), w), mod);
			mods[0] = mod[0];
		}
	for (unsigned a = e; a + 1 < k; a += 2) {
		uint8_t mod[2];
		decode_m((top4(b, a) - top4(b, a + 1)) & 0xF, (mid4(b, a) - mid4(b, a + 1)) & 0xF, mod);
		mods[a] = mod[0];
		mods[a + 1] = mod[1];
	}
}

unsigned bifrost_const_modified_pairs(const struct ip_bundle *b)
{
	unsigned k = bifrost_clause_consts(b), e = embedded_consts(b->kind), mask = 0;
	for (unsigned j = 0; e + 2 * j + 1 < k; j++) {
		unsigned m1 = (top4(b, e + 2 * j) - top4(b, e + 2 * j + 1)) & 0xF;
		if (m1 > 0 && m1 < 8)
			mask |= 1u << j;
	}
	return mask;
}

/* uniform/const selector values that load constant slots 0..5 */
static const unsigned const_sel[6] = {4, 5, 6, 7, 2, 3};

void bifrost_fix_const_order(struct ip_bundle *b)
{
	unsigned mask = bifrost_const_modified_pairs(b), e = embedded_consts(b->kind);
	for (unsigned j = 0; mask >> j; j++) {
		unsigned a = e + 2 * j, c = a + 1;
		struct ip_slot *sa, *sc;
		ip_word t;
		if (!((mask >> j) & 1))
			continue;
		if (c >= 6) { /* slot 6 cannot be referenced: swap only if slot 5 is unused */
			int used = 0;
			for (unsigned i = 0; i < b->kind; i++) {
				const struct ip_slot *r = bifrost_slot(b, BIFROST_ROLE_REG, i);
				used |= ip_field_get(ip_format_field(r->fmt, "uc_sel"), &r->value) ==
				        const_sel[a];
			}
			if (used)
				continue;
		}
		sa = bifrost_slot(b, BIFROST_ROLE_CONST, a);
		sc = bifrost_slot(b, BIFROST_ROLE_CONST, c);
		t = sa->value;
		sa->value = sc->value;
		sc->value = t;
		for (unsigned i = 0; i < b->kind && c < 6; i++) {
			struct ip_slot *r = bifrost_slot(b, BIFROST_ROLE_REG, i);
			const struct ip_field *sel = ip_format_field(r->fmt, "uc_sel");
			ip_word *w = &r->value;
			uint64_t v = ip_field_get(sel, w);
			if (v == const_sel[a])
				ip_field_set(sel, w, const_sel[c]);
			else if (v == const_sel[c])
				ip_field_set(sel, w, const_sel[a]);
		}
	}
}

/* mg_decode.c: turns the packed Midgard binary into decoded words, straight from the bytes,
 * through the field descriptors of mg_fields.c. Statically known problems become word statuses. */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "mg_sim.h"

#define PAD 16 /* bytes of zeros after the code: every 64-bit field read stays in the buffer */

static void word_status(struct mg_word *w, unsigned status, unsigned fault, const char *why)
{
	if (w->status != IP_STATUS_OK)
		return; /* the first problem found is the one reported */
	w->status = (uint8_t)status;
	w->fault = (uint8_t)fault;
	w->why = why;
}

static int32_t sext(uint32_t v, unsigned bits)
{
	uint32_t m = UINT32_C(1) << (bits - 1);
	return (int32_t)((v ^ m) - m);
}

static uint16_t imm_bits(const struct mg_imm_piece *pc, unsigned n, const uint8_t *code,
                         unsigned unit_base, unsigned reg_base)
{
	uint32_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= mg_get(code, pc[i].in_reg ? reg_base : unit_base, pc[i].fd) << pc[i].const_lo;
	return (uint16_t)v;
}

static void decode_vector(const struct mg_fields *f, const uint8_t *c, unsigned b, unsigned rb,
                          struct mg_alu *a, struct mg_word *w)
{
	unsigned mode = mg_get(c, b, f->v_mode);
	a->vector = 1;
	a->op = (uint8_t)mg_get(c, b, f->v_op);
	if (mode != 1 && mode != 2)
		word_status(w, IP_STATUS_UNMODELED, 0,
		            "vector mode 0 or 3 (8-bit / 64-bit in later work) is not modeled");
	a->half = mode == 1;
	for (unsigned s = 0; s < 2; s++) {
		struct mg_src *src = &a->src[s];
		unsigned swz;
		src->abs = (uint8_t)mg_get(c, b, f->v_abs[s]);
		src->neg = (uint8_t)mg_get(c, b, f->v_neg[s]);
		if (s == 1 && src->imm) {
			src->immbits = imm_bits(f->v_imm, f->v_nimm, c, b, rb);
			continue;
		}
		src->expand = (uint8_t)mg_get(c, b, f->v_expand[s]);
		if (a->half && src->expand > MG_EXPAND_SWAP)
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "a half-mode input expand mode 4-7 (Mesa: widening 8-bit lanes) is "
			            "not modeled");
		if (!a->half && src->expand >= MG_EXPAND_REP_LOW && src->expand <= MG_EXPAND_SWAP)
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "a full-mode input replicate/swap (expand mode 1-3: Mesa uses them "
			            "in 8- and 16-bit modes only) is not modeled");
		if (!a->half && src->expand > MG_EXPAND_HIGH)
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "a full-mode input expand-and-swap (expand mode 6-7: Mesa uses them "
			            "in 16-bit mode only) is not modeled");
		swz = mg_get(c, b, f->v_swz[s]);
		for (unsigned k = 0; k < 4; k++)
			src->swz[k] = (uint8_t)((swz >> (2 * k)) & 3);
	}
	a->out_size = (uint8_t)mg_get(c, b, f->v_out_size);
	a->outmod = (uint8_t)mg_get(c, b, f->v_outmod);
	a->mask = (uint8_t)mg_get(c, b, f->v_mask);
	if (a->out_size == 3)
		word_status(w, IP_STATUS_UNMODELED, 0, "output size override 3 is not described");
}

static void decode_scalar(const struct mg_fields *f, const uint8_t *c, unsigned b, unsigned rb,
                          struct mg_alu *a, struct mg_word *w)
{
	struct mg_src *s1 = &a->src[0], *s2 = &a->src[1];
	a->op = (uint8_t)mg_get(c, b, f->s_op);
	s1->abs = (uint8_t)mg_get(c, b, f->s_abs[0]);
	s1->neg = (uint8_t)mg_get(c, b, f->s_neg[0]);
	s1->full = (uint8_t)mg_get(c, b, f->s_full[0]);
	if (s1->full) {
		s1->lane = (uint8_t)mg_get(c, b, f->s1_comp_full);
		if (mg_get(c, b, f->s1_unused11))
			word_status(w, IP_STATUS_UNMODELED, 0, "a scalar bit the notes call unused is set");
	} else {
		s1->lane = (uint8_t)(mg_get(c, b, f->s1_comp_half) + 4 * mg_get(c, b, f->s1_hsel));
	}
	if (s2->imm) {
		s2->immbits = imm_bits(f->s_imm, f->s_nimm, c, b, rb);
	} else {
		s2->abs = (uint8_t)mg_get(c, b, f->s_abs[1]);
		s2->neg = (uint8_t)mg_get(c, b, f->s_neg[1]);
		s2->full = (uint8_t)mg_get(c, b, f->s_full[1]);
		/* a 16-bit lane; a full input's component c is lane 2c (Mesa, docs/midgard-sources.md) */
		s2->lane = (uint8_t)mg_get(c, b, f->s2_lane);
		if (s2->full) {
			if (s2->lane & 1)
				word_status(w, IP_STATUS_UNMODELED, 0,
				            "scalar input 2: an odd lane with a full input (Mesa's "
				            "disassembler refuses it)");
			s2->lane >>= 1;
		}
		if (mg_get(c, b, f->s_unk20))
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "scalar bits 20-24 (unknown in the notes) are set");
	}
	if (mg_get(c, b, f->s_unk25))
		word_status(w, IP_STATUS_UNMODELED, 0, "scalar bit 25 (unknown in the notes) is set");
	a->outmod = (uint8_t)mg_get(c, b, f->s_outmod);
	a->out_full = (uint8_t)mg_get(c, b, f->s_out_full);
	if (a->out_full) {
		a->out_lane = (uint8_t)mg_get(c, b, f->s_out_comp_full);
		if (mg_get(c, b, f->s_out_unused29))
			word_status(w, IP_STATUS_UNMODELED, 0, "a scalar bit the notes call unused is set");
	} else {
		a->out_lane = (uint8_t)(mg_get(c, b, f->s_out_comp_half) + 4 * mg_get(c, b, f->s_out_hsel));
	}
}

static void decode_branch(const struct mg_fields *f, const uint8_t *c, unsigned b,
                          struct mg_word *w)
{
	unsigned op = mg_get(c, b, f->br_op);
	struct mg_branch *br = &w->br;
	if (op == 1) {
		br->kind = 1;
		br->dest_tag = (uint8_t)mg_get(c, b, f->br_jmp_tag);
		/* signed, as Mesa emits it (the notes: zero-extended; docs/midgard-sources.md) */
		br->offset = sext(mg_get(c, b, f->br_jmp_offset), f->br_jmp_offset.width);
		if (mg_get(c, b, f->br_jmp_unk7) != 1)
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "unconditional branch bits 7-8 other than 01 are not described");
	} else if (op == 2) {
		br->kind = 2;
		br->dest_tag = (uint8_t)mg_get(c, b, f->br_cond_tag);
		br->offset = sext(mg_get(c, b, f->br_cond_offset), f->br_cond_offset.width);
		br->cond = (uint8_t)mg_get(c, b, f->br_cond);
		if (br->cond == 0)
			word_status(w, IP_STATUS_UNMODELED, 0, "branch condition 0 is not modeled");
	} else {
		word_status(w, IP_STATUS_UNMODELED, 0,
		            "compact branch opcodes other than 1 and 2 (write-out, discard...) are not "
		            "modeled");
	}
}

static void decode_alu(const struct mg_sim *sim, const uint8_t *c, unsigned base,
                       struct mg_word *w)
{
	const struct mg_fields *f = &sim->f;
	uint32_t control = mg_get(c, base, (struct mg_fd){0, (uint8_t)f->ctl_bits});
	unsigned body = midgard_alu_body_bits(control), padded = (body + 127) / 128 * 128;
	unsigned pos, regpos[MIDGARD_ALU_UNITS];
	int enabled[MIDGARD_UNIT_COUNT];

	for (unsigned i = 0; i < f->ctl_nunk; i++)
		if (mg_get(c, base, f->ctl_unk[i]))
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "ALU control bits the notes call unknown are set");
	if (padded > w->bytes * 8) {
		word_status(w, IP_STATUS_UNMODELED, 0,
		            "the enabled units do not fit the ALU word size its type gives");
		return;
	}
	pos = f->ctl_bits;
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		enabled[u] = (int)mg_get(c, base, f->ctl_unit[u]);
		if (u < MIDGARD_ALU_UNITS && enabled[u]) {
			regpos[u] = pos;
			pos += f->reg_bits;
		}
	}
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		unsigned b = base + pos;
		if (!enabled[u])
			continue;
		pos += f->unit_bits[u];
		if (u < MIDGARD_ALU_UNITS) {
			struct mg_alu *a = &w->alu[w->nalu++];
			unsigned rb = base + regpos[u];
			memset(a, 0, sizeof *a);
			a->unit = (uint8_t)u;
			a->src[0].reg = (uint8_t)mg_get(c, rb, f->reg_src1);
			a->src[1].imm = (uint8_t)mg_get(c, rb, f->reg_imm);
			a->src[1].reg = (uint8_t)mg_get(c, rb, f->reg_src2);
			a->dst = (uint8_t)mg_get(c, rb, f->reg_dst);
			if (midgard_units[u].fmt == &midgard_vector_alu)
				decode_vector(f, c, b, rb, a, w);
			else
				decode_scalar(f, c, b, rb, a, w);
		} else if (u == MIDGARD_UNIT_CBRANCH) {
			decode_branch(f, c, b, w);
		} else {
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "the 48-bit output write/branch field is not described by the notes");
		}
	}
	if (w->bytes * 8 > padded) {
		unsigned cb = base + w->bytes * 8 - midgard_alu_constants.bits;
		w->has_consts = 1;
		for (unsigned k = 0; k < 4; k++)
			w->consts[k] = mg_get(c, cb, f->consts[k]);
	}
}

static void decode_ls(const struct mg_fields *f, const uint8_t *c, unsigned base,
                      struct mg_word *w)
{
	for (unsigned i = 0; i < 2; i++) {
		unsigned b = base + f->ls_slot_lo[i];
		struct mg_ls *l = &w->ls[i];
		unsigned swz = mg_get(c, b, f->ls_swz);
		l->op = (uint8_t)mg_get(c, b, f->ls_op);
		l->reg = (uint8_t)mg_get(c, b, f->ls_reg);
		l->mask = (uint8_t)mg_get(c, b, f->ls_mask);
		for (unsigned k = 0; k < 4; k++)
			l->swz[k] = (uint8_t)((swz >> (2 * k)) & 3);
		l->arg_comp = (uint8_t)mg_get(c, b, f->ls_arg_comp);
		l->arg_reg = (uint8_t)mg_get(c, b, f->ls_arg_reg);
		l->bitsize = (uint8_t)mg_get(c, b, f->ls_bitsize);
		l->index_format = (uint8_t)mg_get(c, b, f->ls_index_format);
		l->index_comp = (uint8_t)mg_get(c, b, f->ls_index_comp);
		l->index_reg = (uint8_t)mg_get(c, b, f->ls_index_reg);
		l->index_shift = (uint8_t)mg_get(c, b, f->ls_index_shift);
		l->offset_lo = (uint16_t)mg_get(c, b, f->ls_offset_lo);
		l->addr = (uint16_t)mg_get(c, b, f->ls_addr);
		l->soff = (uint32_t)l->addr << f->ls_offset_lo.width | l->offset_lo;
	}
}

/* Whether entry i still holds the previous job's word at pos with the same bytes (same model,
 * same bytes: same decoding). */
static int same_as_before(const struct mg_program *p, size_t i, size_t pos, const uint8_t *code,
                          size_t len)
{
	const struct mg_word *w;
	if (i >= p->prev_nwords) /* also before the first job, when p->words is still NULL */
		return 0;
	w = &p->words[i];
	return w->offset == pos && w->bytes == midgard_tag_words(w->tag) * 4 &&
	       w->bytes != 0 && pos + w->bytes <= len && pos + w->bytes <= p->prev_len &&
	       memcmp(p->prev + pos, code + pos, w->bytes) == 0;
}

int mg_decode(struct mg_sim *sim, const uint8_t *code, size_t len)
{
	struct mg_program *p = &sim->prog;
	const struct mg_fields *f = &sim->f;
	size_t pos = 0;
	uint8_t *c;

	/* the previous code becomes `prev` (the buffers swap), the new one `padded` */
	{
		uint8_t *t = p->prev;
		size_t tc = p->prev_cap;
		p->prev = p->padded;
		p->prev_cap = p->padded_cap;
		p->prev_len = p->len;
		p->padded = t;
		p->padded_cap = tc;
		p->prev_nwords = p->nwords;
	}
	if (ip_grow((void **)&p->padded, &p->padded_cap, len + PAD, 1) != 0) {
		p->prev_nwords = p->nwords = 0;
		return -1;
	}
	c = p->padded;
	memcpy(c, code, len);
	memset(c + len, 0, PAD);
	p->len = len;
	p->nquads = (len + 15) / 16;
	if (ip_grow((void **)&p->word_at, &p->quad_cap, p->nquads + 1, sizeof *p->word_at) != 0) {
		p->prev_nwords = p->nwords = 0;
		return -1;
	}
	for (size_t i = 0; i < p->nquads; i++)
		p->word_at[i] = -1;
	p->nwords = 0;
	while (pos < len) {
		struct mg_word *w;
		unsigned base = (unsigned)pos * 8, tag, words;
		if (pos % 16 == 0)
			p->word_at[pos / 16] = (int32_t)p->nwords;
		if (same_as_before(p, p->nwords, pos, c, len)) {
			pos += p->words[p->nwords++].bytes;
			continue;
		}
		if (ip_grow((void **)&p->words, &p->cap, p->nwords + 1, sizeof *p->words) != 0) {
			p->prev_nwords = p->nwords = 0;
			return -1;
		}
		/* only this entry is overwritten: later entries still hold the previous job's
		 * words, which same_as_before may reuse */
		tag = mg_get(c, base, f->ctl_type);
		words = midgard_tag_words(tag);
		w = &p->words[p->nwords];
		w->offset = (uint32_t)pos;
		w->tag = (uint8_t)tag;
		w->next = (uint8_t)mg_get(c, base, f->ctl_next);
		w->status = IP_STATUS_OK;
		w->fault = 0;
		w->why = NULL;
		w->nalu = 0;
		w->has_consts = 0;
		w->br.kind = 0;
		p->nwords++;
		if (words == 0) {
			w->bytes = (uint32_t)(len - pos);
			if (tag == 0)
				word_status(w, IP_STATUS_FAULT, MG_FAULT_INVALID_ENC,
				            "instruction word type 0 is invalid");
			else
				word_status(w, IP_STATUS_UNMODELED, 0,
				            "this instruction word type is not modeled");
			return 0; /* its size is unknown: nothing after it can be decoded */
		}
		if (tag >= MIDGARD_TAG_ALU4_WRITEOUT) {
			if (!sim->model->upper_alu)
				word_status(w, IP_STATUS_FAULT, MG_FAULT_INVALID_ENC,
				            "ALU word types 0xC-0xF are invalid on this GPU model");
			else
				word_status(w, IP_STATUS_UNMODELED, 0,
				            "ALU words with write-out (types 0xC-0xF) are not modeled");
		}
		w->bytes = words * 4;
		if (len - pos < w->bytes) {
			w->bytes = (uint32_t)(len - pos);
			word_status(w, IP_STATUS_UNMODELED, 0,
			            "the code ends inside this word (what follows it in memory is "
			            "unknown)");
			return 0;
		}
		if (tag == MIDGARD_TAG_LOAD_STORE) {
			w->next = (uint8_t)mg_get(c, base, f->ls_next);
			decode_ls(f, c, base, w);
		} else if (midgard_tag_is_texture(tag)) {
			w->next = (uint8_t)mg_get(c, base, f->tex_next);
			word_status(w, IP_STATUS_UNMODELED, 0, "texture words are not modeled");
		} else {
			decode_alu(sim, c, base, w);
		}
		pos += w->bytes;
	}
	return 0;
}

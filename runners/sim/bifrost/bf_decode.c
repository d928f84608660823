/* bf_decode.c: packed Bifrost code -> decoded clauses for the simulator, read through the encoder
 * (bifrost_unpack) and its field tables; field pointers are looked up once, at open. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bf_sim.h"

/* Field pointers of one FMA/ADD family. */
struct fam {
	const struct ip_format *fmt;
	const struct ip_field *src[4], *abs[3], *neg[3], *outmod, *mode, *mode_sel, *cmp, *unk9,
		*unk7, *cond, *size, *offset_src, *swz[3], *abs_pair;
};

/* Filled at open (the main thread), only read while jobs run (possibly in worker threads). */
static struct fam fams[40];
static unsigned nfams;
static pthread_mutex_t fams_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct fam *family(const struct ip_format *fmt)
{
	for (unsigned i = 0; i < nfams; i++)
		if (fams[i].fmt == fmt)
			return &fams[i];
	return NULL;
}

static void add_family(const struct ip_format *fmt)
{
	static const char *const srcs[4] = {"src0", "src1", "src2", "src3"};
	static const char *const abss[3] = {"src0_abs", "src1_abs", "src2_abs"};
	static const char *const negs[3] = {"src0_neg", "src1_neg", "src2_neg"};
	struct fam *f;
	if (family(fmt) || nfams == IP_COUNT(fams))
		return;
	f = &fams[nfams++];
	memset(f, 0, sizeof *f);
	f->fmt = fmt;
	for (unsigned i = 0; i < 4; i++)
		f->src[i] = ip_format_field(fmt, srcs[i]);
	for (unsigned i = 0; i < 3; i++) {
		f->abs[i] = ip_format_field(fmt, abss[i]);
		f->neg[i] = ip_format_field(fmt, negs[i]);
	}
	f->outmod = ip_format_field(fmt, "outmod");
	f->mode = ip_format_field(fmt, "mode");
	if (!f->mode)
		f->mode = ip_format_field(fmt, "unk13"); /* rounding / NaN mode (later public work) */
	f->mode_sel = ip_format_field(fmt, "mode_sel");
	f->cmp = ip_format_field(fmt, "cmp");
	f->unk9 = ip_format_field(fmt, "unk9");
	f->unk7 = ip_format_field(fmt, "unk7");
	f->cond = ip_format_field(fmt, "cond");
	f->size = ip_format_field(fmt, "size");
	f->offset_src = ip_format_field(fmt, "offset_src");
	f->swz[0] = ip_format_field(fmt, "swz0");
	f->swz[1] = ip_format_field(fmt, "swz1");
	f->swz[2] = ip_format_field(fmt, "swz2");
	f->abs_pair = ip_format_field(fmt, "abs");
}

int bf_fields_init(struct bf_fields *f, struct ip_diag *d)
{
	const struct ip_format *h = &bifrost_header;
	f->h_no_eos = ip_format_field(h, "no_eos");
	f->h_b2b = ip_format_field(h, "back_to_back");
	f->h_datareg = ip_format_field(h, "datareg");
	f->h_type = ip_format_field(h, "type");
	f->h_snan = ip_format_field(h, "suppress_nan");
	f->h_sinf = ip_format_field(h, "suppress_inf");
	f->h_ftz = ip_format_field(h, "ftz");
	f->h_fexc = ip_format_field(h, "float_exc");
	f->h_unk0 = ip_format_field(h, "unk0");
	f->h_unk13 = ip_format_field(h, "unk13");
	f->h_unk39 = ip_format_field(h, "unk39");
	f->h_unk44 = ip_format_field(h, "unk44");
	if (!f->h_no_eos || !f->h_b2b || !f->h_datareg || !f->h_type || !f->h_snan || !f->h_sinf ||
	    !f->h_ftz || !f->h_fexc || !f->h_unk0 || !f->h_unk13 || !f->h_unk39 || !f->h_unk44)
		return ip_diag_plain(d, "bifrost header table lacks a field the simulator reads");
	pthread_mutex_lock(&fams_lock);
	if (nfams == 0) {
		for (unsigned i = 0; i < bifrost_n_fma_ops; i++)
			add_family(bifrost_fma_ops[i].fmt);
		for (unsigned i = 0; i < bifrost_n_add_ops; i++)
			add_family(bifrost_add_ops[i].fmt);
		add_family(&bifrost_fma_one);
		add_family(&bifrost_add_one);
	}
	pthread_mutex_unlock(&fams_lock);
	return 0;
}

static uint8_t get(const struct ip_field *f, const ip_word *w)
{
	return f ? (uint8_t)ip_field_get(f, w) : 0;
}

static void decode_unit(const struct bf_sim *sim, int is_add, const struct ip_slot *s,
                        struct bf_unit *u)
{
	const struct bifrost_op *op = bifrost_decode_op(is_add, (uint32_t)s->value.w[0]);
	const struct fam *f = family(op ? op->fmt : (is_add ? &bifrost_add_one : &bifrost_fma_one));
	const ip_word *w = &s->value;
	if (op)
		*u = is_add ? sim->add_proto[op - bifrost_add_ops] : sim->fma_proto[op - bifrost_fma_ops];
	else
		bf_classify(NULL, is_add, u);
	if (!f)
		return;
	for (unsigned i = 0; i < 4; i++)
		if (f->src[i]) {
			u->src[i] = get(f->src[i], w);
			u->nsrc = (uint8_t)(i + 1);
		}
	if (u->need_src < 4 && u->src[u->need_src] != u->need_val)
		u->kind = BF_UNMODELED; /* u->why says which encoding ISA.xml has */
	for (unsigned i = 0; i < 3; i++) {
		u->abs[i] = get(f->abs[i], w);
		u->neg[i] = get(f->neg[i], w);
	}
	for (unsigned i = 0; i < 3; i++)
		u->swz[i] = f->swz[i] ? get(f->swz[i], w) : 2;
	if (f->abs_pair && get(f->abs_pair, w)) {
		/* v2f16 abs (public disassembler): src0 when the bit is set or src1 < src0 (as
		 * source fields), src1 when both hold */
		int order = u->src[1] < u->src[0];
		u->abs[0] = 1;
		u->abs[1] = (uint8_t)order;
	} else if (f->abs_pair && u->src[1] < u->src[0]) {
		u->abs[0] = 1;
	}
	if (f->fmt == &bifrost_fma_fma16) {
		u->neg_product = u->neg[0];
		u->neg_addend = u->neg[2];
		u->neg[0] = u->neg[2] = 0;
	}
	if (f->fmt == &bifrost_fma_fma) {
		/* bit 17 negates the product, bit 18 the addend (later public reading) */
		u->neg_product = u->neg[0];
		u->neg_addend = u->neg[1];
		u->neg[0] = u->neg[1] = 0;
	}
	u->outmod = get(f->outmod, w);
	u->mode = get(f->mode, w);
	u->mode_sel = get(f->mode_sel, w);
	u->cmp = get(f->cmp, w);
	/* bits 9-11 of the FMA float families select half-words (later public reading) */
	if (f->fmt == &bifrost_fma_fmod || f->fmt == &bifrost_fma_fma || f->fmt == &bifrost_fma_fcmp)
		u->expand = get(f->unk9, w);
	else if (f->fmt == &bifrost_add_fmod || f->fmt == &bifrost_add_fcmp)
		u->expand = get(f->unk9, w) ? (uint8_t)(0x10 | get(f->unk9, w)) : 0; /* ADD rules */
	else
		u->unk_mod = get(f->unk9, w) != 0;
	u->unk_mod |= get(f->unk7, w) != 0;
	u->br_cond = get(f->cond, w);
	u->br_size = get(f->size, w);
	u->br_offset_src = get(f->offset_src, w);
}

void bf_program_free(struct bf_program *p)
{
	free(p->clauses);
	p->clauses = NULL;
	p->n = 0;
}

int bf_decode(struct bf_sim *sim, const uint8_t *code, size_t len, const char **why,
              uint32_t *where)
{
	struct ip_program prog;
	struct ip_diag d;
	const struct bf_fields *f = &sim->f;
	ip_diag_init(&d, NULL);
	bf_program_free(&sim->prog);
	if (bifrost_unpack(code, len, &prog, &d) != 0) {
		*why = "the code does not unpack into clauses (tags fit no layout)";
		*where = d.offset < 0 ? 0 : (uint32_t)d.offset;
		return -1;
	}
	sim->prog.clauses = calloc(prog.nbundles ? prog.nbundles : 1, sizeof *sim->prog.clauses);
	if (!sim->prog.clauses) {
		ip_program_free(&prog);
		*why = "out of memory";
		*where = 0;
		return -1;
	}
	sim->prog.n = prog.nbundles;
	for (size_t i = 0; i < prog.nbundles; i++) {
		struct ip_bundle *b = &prog.bundles[i];
		struct bf_clause *cl = &sim->prog.clauses[i];
		const ip_word *h = &b->slots[0].value;
		cl->offset = b->byte_offset;
		cl->bytes = b->bytes;
		cl->n = b->kind;
		cl->nconsts = bifrost_clause_consts(b);
		cl->no_eos = get(f->h_no_eos, h);
		cl->back_to_back = get(f->h_b2b, h);
		cl->datareg = get(f->h_datareg, h);
		cl->type = get(f->h_type, h);
		cl->suppress_nan = get(f->h_snan, h);
		cl->suppress_inf = get(f->h_sinf, h);
		cl->ftz = (uint8_t)get(f->h_ftz, h);
		if (cl->ftz == BF_FTZ_ABRUPT) {
			cl->unmodeled_header = 1;
			cl->header_why = "header flush-to-zero mode 3 (abrupt underflow: named by later "
			                 "public work, its rules not described)";
		} else if (get(f->h_fexc, h)) {
			cl->unmodeled_header = 1;
			cl->header_why = "header float-exception mode 1-3 (named by later public work, "
			                 "its effect not described)";
		} else if (get(f->h_unk0, h) || get(f->h_unk13, h) || get(f->h_unk39, h) ||
		           get(f->h_unk44, h)) {
			cl->unmodeled_header = 1;
			cl->header_why = "unknown header bits set";
		} else if (cl->type == BIFROST_HEADER_TYPE_64BIT) {
			cl->unmodeled_header = 1;
			cl->header_why = "64-bit clause (not modelled)";
		}
		/* the notes' ordering restriction is Mesa's PC-relative modifier (bf_exec.c) */
		bifrost_const_mods(b, cl->const_mod);
		for (unsigned j = 0; j < cl->nconsts; j++)
			cl->consts[j] = bifrost_slot(b, BIFROST_ROLE_CONST, j)->value.w[0];
		for (unsigned k = 0; k < cl->n; k++) {
			struct bf_instr *in = &cl->ins[k];
			const struct ip_slot *reg = bifrost_slot(b, BIFROST_ROLE_REG, k);
			in->regs = bifrost_reg_decode(reg->fmt, &reg->value, k == 0);
			in->uc = (uint8_t)bifrost_reg_uc(reg->fmt, &reg->value);
			decode_unit(sim, 0, bifrost_slot(b, BIFROST_ROLE_FMA, k), &in->fma);
			decode_unit(sim, 1, bifrost_slot(b, BIFROST_ROLE_ADD, k), &in->add);
		}
	}
	ip_program_free(&prog);
	return 0;
}

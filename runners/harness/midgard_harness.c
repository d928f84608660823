/* midgard_harness.c: the Midgard register harness (docs/harness.md): a prologue loads the
 * register image from slots the harness adds to each vertex's attribute block, the variant runs
 * with its ends made to fall into an epilogue that stores r0-r23 back there and a done mark; all
 * written with the Midgard assembler and field tables (encoders/midgard). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/byteorder.h"
#include "isaprobe/internal/harness.h"
#include "midgard/midgard.h"

#define FILE_BYTES 512 /* a register file: r0-r31, 16 bytes each (docs/midgard-simulator.md) */
#define HSLOTS 32      /* harness slots per vertex, after the probe's: slot k is rk's image */
#define MARK_SLOT 24   /* r24's slot (never planted): the epilogue's done mark */
#define MARK 0x4d47    /* what the epilogue stores in each component of the mark slot */
#define OBSERVED 24    /* r0-r23 */
#define MAX_BASE 32767 /* the base slot is an inline constant: signed 16 bits */
#define LDST_R27 1     /* load/store register selects (Mesa): 0 r26, 1 r27, 7 zero */
#define LDST_ZERO 7
#define MAX_TABLE ((size_t)1 << 30)

extern const struct ip_harness midgard_harness;

/* Room for the harness's own code (16 words of prologue, 50 of epilogue, one exit jump: 256,
 * 1200 and 16 bytes) and for the exit jumps of one variant. */
#define MAX_PRO 512
#define MAX_EPI 2048
#define MAX_JUMP 64
#define MAX_JUMPS 256

/* Per work (freed with free(): it owns no other memory): the prologue, epilogue and exit jump
 * assembled for the last base slot and uniform register count, and where the last wrap put
 * things (for unwrap). */
struct mg_state {
	int ready;
	size_t base;               /* the probe's slots per vertex (the harness's first slot) */
	unsigned work_regs;        /* registers the prologue loads: r0 .. r(work_regs - 1) */
	int from_uniforms;         /* the image is the uniform buffer (else the table's slots) */
	uint8_t pro[MAX_PRO], epi[MAX_EPI], jump[MAX_JUMP];
	size_t pro_len, epi_len, jump_len, pro_last;
	unsigned pro_words, epi_words;
	unsigned jump_branch_bit;  /* bit of the exit jump's compact branch in its word */
	/* the last wrap */
	int epilogue, table;
	uint32_t n;
	size_t jumps[MAX_JUMPS];    /* byte offsets (in the rewritten variant) of the exit jumps */
	size_t jumps_at[MAX_JUMPS]; /* ... and of the exit word each follows (in the variant) */
	size_t njumps;
};

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

/* Uniform registers the job preloads (r(24-k)..r23): the simulator's rule for -1. */
static unsigned uniform_regs(const struct ip_job *job)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	if (job->uniform_regs >= 0)
		return job->uniform_regs > 24 ? 24 : (unsigned)job->uniform_regs;
	return u ? (u->len / 16 < 16 ? (unsigned)(u->len / 16) : 16) : 0;
}

static const struct ip_out_buf *output_of(const struct ip_result *res, enum ip_buf_role role)
{
	for (unsigned i = 0; res && i < res->noutputs; i++)
		if (res->outputs[i].role == role)
			return &res->outputs[i];
	return NULL;
}

static int observes_registers(const struct ip_result *res)
{
	const struct ip_out_buf *o = output_of(res, IP_BUF_REGISTERS);
	return o && o->cap;
}

/* The probe's slots per vertex in the attribute table (its block as the simulator cuts it:
 * bytes / invocations, rounded down to 16), or a reason when its input and output disagree. */
static const char *probe_slots(const struct ip_job *job, const struct ip_result *res,
                               size_t *slots)
{
	const struct ip_buf *in = ip_job_input(job, IP_BUF_ATTRIBUTES);
	const struct ip_out_buf *out = output_of(res, IP_BUF_ATTRIBUTES);
	uint32_t n = invocations(job);
	size_t bin = in ? in->len / n / 16 : 0, bout = out ? out->cap / n / 16 : 0;
	*slots = in ? bin : bout;
	if (in && out && out->cap && bin != bout)
		return "attributes input and output of different sizes: the GPU has one attribute "
		       "table per job, which the harness extends";
	return NULL;
}

/* Where the prologue loads the register image from: the uniform buffer when the probe has none
 * and preloads no uniform register from it, and one image serves every invocation (a variant
 * then cannot reach the image: its loads of uniforms were outside a buffer it did not have);
 * else the harness's slots of each vertex's attribute block. */
static int image_in_uniforms(const struct ip_job *job)
{
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	return !ip_job_input(job, IP_BUF_UNIFORMS) && job->uniform_regs <= 0 &&
	       (invocations(job) == 1 || !regs || regs->len < 2 * FILE_BYTES);
}

/* The register image of invocation v: the simulator's rule (512 bytes per invocation when the
 * input holds them, else the first 512 for every one; short images end in zeros). */
static void image_of(const struct ip_buf *regs, uint32_t v, uint8_t img[FILE_BYTES])
{
	size_t off, len;
	memset(img, 0, FILE_BYTES);
	if (!regs)
		return;
	off = regs->len >= (size_t)(v + 1) * FILE_BYTES ? (size_t)v * FILE_BYTES : 0;
	len = regs->len - off < FILE_BYTES ? regs->len - off : FILE_BYTES;
	memcpy(img, regs->data + off, len);
}

/* ---- words of the variant, through the field tables ---------------------------------- */

static const struct ip_field *field(const struct ip_format *f, const char *name)
{
	const struct ip_field *x = ip_format_field(f, name);
	if (!x)
		abort(); /* the tables name it: a renamed field is a build error caught by the tests */
	return x;
}

/* The format holding a word's type and next-type fields. */
static const struct ip_format *head_format(unsigned tag)
{
	if (tag == MIDGARD_TAG_LOAD_STORE)
		return &midgard_ls_tag;
	if (midgard_tag_is_texture(tag))
		return &midgard_texture;
	return &midgard_alu_control;
}

static unsigned word_next(const uint8_t *w)
{
	const struct ip_field *f = field(head_format(w[0] & 0xF), "next");
	return (unsigned)ip_bytes_get_bits(w, f->lo, f->width).w[0];
}

static void set_word_next(uint8_t *w, unsigned next)
{
	const struct ip_field *f = field(head_format(w[0] & 0xF), "next");
	ip_word v = {{next, 0}};
	ip_bytes_put_bits(w, f->lo, f->width, &v);
}

/* The bit of an ALU word's compact branch, or -1 when it has none (or a layout the type cannot
 * hold: the simulator runs no such word either). */
static int branch_bit(const uint8_t *w)
{
	struct ip_bundle b;
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	memset(&b, 0, sizeof b);
	if (!midgard_tag_is_alu(w[0] & 0xF) ||
	    midgard_alu_layout(&b, ip_bytes_get_bits(w, 0, 32), &d) != 0)
		return -1;
	for (unsigned k = 0; k < b.nslots; k++)
		if (b.slots[k].unit == MIDGARD_ROLE_UNIT + MIDGARD_UNIT_CBRANCH)
			return b.slots[k].bit_offset;
	return -1;
}

/* A compact branch's opcode, and its offset and target-type fields for that opcode. */
struct branch {
	ip_word v;
	uint64_t op;
	const struct ip_field *offset, *dest;
};

static void read_branch(const uint8_t *w, int bit, struct branch *br)
{
	br->v = ip_bytes_get_bits(w, (unsigned)bit, midgard_branch_compact.bits);
	br->op = ip_field_get(field(&midgard_branch_compact, "op"), &br->v);
	br->offset = ip_format_active_field(&midgard_branch_compact, "offset", &br->v, NULL);
	br->dest = ip_format_active_field(&midgard_branch_compact, "dest_tag", &br->v, NULL);
}

static int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = UINT64_C(1) << (bits - 1);
	return (int64_t)((v ^ m) - m);
}

static int fits(int64_t v, unsigned bits)
{
	return v >= -(INT64_C(1) << (bits - 1)) && v < (INT64_C(1) << (bits - 1));
}

/* Whether the code reads the condition r31.w: a csel on an ALU unit, or a conditional branch
 * on true or false (docs/midgard-simulator.md). */
static int reads_condition(const uint8_t *code, size_t len)
{
	uint64_t csel, br, cond_true, cond_false;
	const struct ip_field *cond = field(&midgard_branch_compact, "cond");
	if (ip_enum_value(field(&midgard_vector_alu, "op")->enums, "csel", &csel) ||
	    ip_enum_value(field(&midgard_branch_compact, "op")->enums, "br", &br) ||
	    ip_enum_value(cond->enums, "true", &cond_true) ||
	    ip_enum_value(cond->enums, "false", &cond_false))
		abort(); /* the tables name them */
	for (size_t at = 0; at < len;) {
		unsigned tag = code[at] & 0xF, words = midgard_tag_words(tag);
		struct ip_bundle b;
		struct ip_diag d;
		if (!words || len - at < words * 4u)
			break;
		memset(&b, 0, sizeof b);
		ip_diag_init(&d, NULL);
		if (midgard_tag_is_alu(tag) &&
		    midgard_alu_layout(&b, ip_bytes_get_bits(code + at, 0, 32), &d) == 0) {
			for (unsigned k = 0; k < b.nslots; k++) {
				const struct ip_slot *s = &b.slots[k];
				ip_word v = ip_bytes_get_bits(code + at, s->bit_offset, s->width);
				if (s->unit < MIDGARD_ROLE_UNIT + MIDGARD_ALU_UNITS &&
				    ip_field_get(field(s->fmt, "op"), &v) == csel)
					return 1;
				if (s->unit == MIDGARD_ROLE_UNIT + MIDGARD_UNIT_CBRANCH &&
				    ip_field_get(field(s->fmt, "op"), &v) == br) {
					const struct ip_field *c =
						ip_format_active_field(s->fmt, "cond", &v, NULL);
					uint64_t cv = c ? ip_field_get(c, &v) : 0;
					if (cv == cond_true || cv == cond_false)
						return 1;
				}
			}
		}
		at += words * 4u;
	}
	return 0;
}

/* ---- the harness's own code, assembled ----------------------------------------------- */

/* Bits 25-50 of the harness's loads and stores: the index is r27.x, no argument register (the
 * zero register), the primary table, no shift (Mesa's fields, encoders/midgard_ls_public.c). */
static uint64_t ls_via_r27(void)
{
	ip_word w = ip_word_zero();
	ip_field_set(field(&midgard_ls_public, "arg_reg"), &w, LDST_ZERO);
	ip_field_set(field(&midgard_ls_public, "index_reg"), &w, LDST_R27);
	return w.w[0];
}

/* A uniform load of byte `byte` of uniform buffer 0 (an immediate buffer index, the zero
 * register as index): its unk25 and address fields (Mesa's 18-bit offset, offset_lo then addr). */
static void ls_uniform(unsigned byte, uint64_t *u25, unsigned *addr)
{
	ip_word off = ip_word_zero(), w = ip_word_zero();
	const struct ip_field *lo = field(&midgard_ls_public, "offset_lo");
	ip_field_set(field(&midgard_ls_ubo_offset, "ubo_imm"), &off, 1);
	ip_field_set(field(&midgard_ls_ubo_offset, "byte_offset"), &off, byte);
	ip_field_set(field(&midgard_ls_public, "index_reg"), &w, LDST_ZERO);
	ip_field_set(lo, &w, off.w[0] & ip_mask64(lo->width));
	*u25 = w.w[0];
	*addr = (unsigned)(off.w[0] >> lo->width);
}

/* A load of rk's image into register reg: from the uniforms, or slot base + k via r27.x. */
static void load_line(FILE *t, unsigned reg, unsigned k, int from_uniforms, uint64_t u25)
{
	unsigned addr = k;
	if (from_uniforms)
		ls_uniform(16 * k, &u25, &addr);
	fprintf(t, "	%s r%u.xyzw, [%u].xyzw unk25=0x%llx\n",
	        from_uniforms ? "ld_uniform_32" : "ld_attr_32", reg, addr, (unsigned long long)u25);
}

/* Assembles text into out (cap bytes); its length and words. */
static int assemble(const char *text, uint8_t *out, size_t cap, size_t *len, unsigned *words,
                    struct ip_diag *d)
{
	struct ip_program p;
	uint8_t *bin = NULL;
	int rc;
	if (midgard_assemble(text, &p, d) != 0)
		return -1;
	rc = midgard_pack(&p, &bin, len, d);
	if (words)
		*words = (unsigned)p.nbundles;
	ip_program_free(&p);
	if (!rc && *len > cap)
		rc = ip_diag_plain(d, "the harness's code outgrew its room (a bug)");
	if (!rc)
		memcpy(out, bin, *len);
	free(bin);
	return rc;
}

/* Prologue: from the table, r27.x = the base slot first; r31 (the condition) through r0, since
 * only an ALU word writes it; r0 .. r(work-1); r26 and r27 last (r27 is the index until then). */
static void prologue_text(FILE *t, size_t base, unsigned work, int from_uniforms, uint64_t u25)
{
	if (!from_uniforms)
		fprintf(t, "alu {\n\tvmul.imov r27.xyzw, r24.xxxx, #0x%zx outmod=int\n}\n", base);
	fputs("ls {\n", t);
	load_line(t, 0, 31, from_uniforms, u25);
	fputs("\tnoop\n}\nalu {\n\tvmul.imov r31.xyzw, r24.xxxx, r0.xyzw outmod=int\n}\n", t);
	for (unsigned k = 0; k < work; k += 2) {
		fputs("ls {\n", t);
		load_line(t, k, k, from_uniforms, u25);
		if (k + 1 < work)
			load_line(t, k + 1, k + 1, from_uniforms, u25);
		else
			fputs("\tnoop\n", t);
		fputs("}\n", t);
	}
	fputs("ls {\n", t);
	load_line(t, 26, 26, from_uniforms, u25);
	load_line(t, 27, 27, from_uniforms, u25);
	fputs("}\n", t);
}

/* Epilogue: each of r0-r23 moved to r26 and to r0, then stored with register field 0 (which the
 * simulator reads as r0 and Mesa as r26: both hold it), to slot base + k through r27.x = base;
 * then the done mark. */
static void epilogue_text(FILE *t, size_t base, uint64_t u25)
{
	for (unsigned k = 0; k <= OBSERVED; k++) {
		fputs("alu {\n", t);
		if (k == OBSERVED)
			fprintf(t, "\tvmul.imov r26.xyzw, r24.xxxx, #0x%x outmod=int\n"
			           "\tvadd.imov r0.xyzw, r24.xxxx, #0x%x outmod=int\n", MARK, MARK);
		else if (k == 0)
			fprintf(t, "\tvmul.imov r26.xyzw, r24.xxxx, r0.xyzw outmod=int\n"
			           "\tvadd.imov r27.xyzw, r24.xxxx, #0x%zx outmod=int\n", base);
		else
			fprintf(t, "\tvmul.imov r26.xyzw, r24.xxxx, r%u.xyzw outmod=int\n"
			           "\tvadd.imov r0.xyzw, r24.xxxx, r%u.xyzw outmod=int\n", k, k);
		fprintf(t, "}\nls {\n\tst_vary_32 r0.xyzw, [%u].xyzw unk25=0x%llx\n\tnoop\n}\n",
		        k == OBSERVED ? MARK_SLOT : k, (unsigned long long)u25);
	}
}

/* The code assembled so far, shared by every work of the process (a runner keeps a work per job
 * of a batch: each would assemble the same text otherwise): copies, kept until the process ends. */
#define SHARED_CODES 16
static struct mg_state shared[SHARED_CODES];
static unsigned nshared;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

/* Copies the code part of src into dst. */
static void copy_code(struct mg_state *dst, const struct mg_state *src)
{
	memcpy(dst->pro, src->pro, src->pro_len);
	memcpy(dst->epi, src->epi, src->epi_len);
	memcpy(dst->jump, src->jump, src->jump_len);
	dst->pro_len = src->pro_len, dst->epi_len = src->epi_len, dst->jump_len = src->jump_len;
	dst->pro_last = src->pro_last;
	dst->pro_words = src->pro_words, dst->epi_words = src->epi_words;
	dst->jump_branch_bit = src->jump_branch_bit;
	dst->base = src->base, dst->work_regs = src->work_regs;
	dst->from_uniforms = src->from_uniforms;
	dst->ready = 1;
}

static int assemble_code(struct mg_state *st, size_t base, unsigned work, int from_uniforms,
                         struct ip_diag *d);

/* The prologue, epilogue and exit jump for this base, register count and source in st. */
static int build_code(struct mg_state *st, size_t base, unsigned work, int from_uniforms,
                      struct ip_diag *d)
{
	int rc = 1;
	if (st->ready && st->base == base && st->work_regs == work &&
	    st->from_uniforms == from_uniforms)
		return 0;
	pthread_mutex_lock(&shared_lock);
	for (unsigned i = 0; i < nshared && rc == 1; i++)
		if (shared[i].base == base && shared[i].work_regs == work &&
		    shared[i].from_uniforms == from_uniforms) {
			copy_code(st, &shared[i]);
			rc = 0;
		}
	pthread_mutex_unlock(&shared_lock);
	if (rc != 1)
		return rc;
	if (assemble_code(st, base, work, from_uniforms, d))
		return -1;
	pthread_mutex_lock(&shared_lock);
	if (nshared < SHARED_CODES)
		copy_code(&shared[nshared++], st);
	pthread_mutex_unlock(&shared_lock);
	return 0;
}

/* Assembles the prologue, epilogue and exit jump for this base, register count and source. */
static int assemble_code(struct mg_state *st, size_t base, unsigned work, int from_uniforms,
                         struct ip_diag *d)
{
	uint64_t u25 = ls_via_r27();
	char *text = NULL;
	size_t tlen = 0;
	FILE *t;
	int rc = -1;
	st->ready = 0;
	for (int part = 0; part < 3; part++) {
		if (!(t = open_memstream(&text, &tlen)))
			return ip_diag_plain(d, "out of memory");
		if (part == 0)
			prologue_text(t, base, work, from_uniforms, u25);
		else if (part == 1)
			epilogue_text(t, base, u25);
		else
			fputs("alu {\n\tcbr.jmp alu4, 0\n}\n", t);
		if (fclose(t) != 0) {
			free(text);
			return ip_diag_plain(d, "out of memory");
		}
		rc = part == 0   ? assemble(text, st->pro, MAX_PRO, &st->pro_len, &st->pro_words, d)
		     : part == 1 ? assemble(text, st->epi, MAX_EPI, &st->epi_len, &st->epi_words, d)
		                 : assemble(text, st->jump, MAX_JUMP, &st->jump_len, NULL, d);
		free(text);
		text = NULL;
		if (rc)
			return -1;
	}
	st->pro_last = 0;
	for (size_t at = 0; at < st->pro_len; at += midgard_tag_words(st->pro[at] & 0xF) * 4u)
		st->pro_last = at;
	rc = branch_bit(st->jump);
	if (rc < 0)
		return ip_diag_plain(d, "the harness's exit jump has no compact branch");
	st->jump_branch_bit = (unsigned)rc;
	st->base = base;
	st->work_regs = work;
	st->from_uniforms = from_uniforms;
	st->ready = 1;
	return 0;
}

/* ---- the interface ------------------------------------------------------------------- */

static void mg_records(const struct ip_job *job, struct ip_harness_regs *plantable,
                       struct ip_harness_regs *observable)
{
	unsigned work = 24 - uniform_regs(job);
	memset(plantable, 0, sizeof *plantable);
	memset(observable, 0, sizeof *observable);
	for (unsigned r = 0; r < work; r++)
		plantable->bits[0] |= UINT64_C(1) << r;
	plantable->bits[0] |= UINT64_C(1) << 26 | UINT64_C(1) << 27 | UINT64_C(1) << 31;
	for (unsigned r = 0; r < OBSERVED; r++)
		observable->bits[0] |= UINT64_C(1) << r;
}

static const char *mg_check(const struct ip_job *job, const struct ip_result *res)
{
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	uint32_t n = invocations(job);
	size_t slots;
	const char *why = probe_slots(job, res, &slots);
	if (!job->code_len)
		return "no code";
	if (why)
		return why;
	if (slots + HSLOTS > MAX_BASE)
		return "the attribute table has more slots per vertex than the harness's index "
		       "(a 16-bit inline constant) reaches: its slots follow the probe's";
	if ((slots + HSLOTS) * 16 > MAX_TABLE / n)
		return "the attribute table with the harness's 32 slots per vertex would pass 1 GiB";
	if (regs) {
		/* r31 is planted by an ALU move: a GPU keeps a condition (0 or ~0 per component, what
		 * comparisons write), and a csel or conditional branch reads it */
		uint32_t images = regs->len >= (size_t)n * FILE_BYTES ? n : 1;
		for (uint32_t v = 0; v < images; v++) {
			uint8_t img[FILE_BYTES];
			image_of(regs, v, img);
			for (unsigned c = 0; c < 4; c++) {
				uint32_t x = ip_le32(img + 16 * 31 + 4 * c);
				if (x != 0 && x != 0xFFFFFFFFu && reads_condition(job->code, job->code_len))
					return "r31 is planted with a value other than 0 or ~0 and the program "
					       "reads it (csel, conditional branch): the harness plants the "
					       "condition register with an ALU move, and a condition holds only "
					       "what comparisons write";
			}
		}
	}
	return NULL;
}

static struct mg_state *state_of(struct ip_harness_work *w)
{
	if (!w->isa_state)
		w->isa_state = calloc(1, sizeof(struct mg_state));
	return w->isa_state;
}

/* Where original offset t of the variant lands once the exit jumps are in (ins: the insertion
 * points, ascending; each adds jlen bytes before whatever starts there). */
static int64_t moved(int64_t t, const size_t *ins, size_t nins, size_t jlen)
{
	size_t k = 0;
	while (k < nins && (int64_t)ins[k] <= t)
		k++;
	return t + (int64_t)(k * jlen);
}

/* Copies the variant into out (vlen bytes, the exit jumps in): every word whose next type is
 * `end` continues into the epilogue (the last word directly; any other through an exit jump
 * inserted after it), every taken branch to `end` goes to the epilogue, and compact branches keep
 * their targets. Returns 0, or -1 with d set (a branch that cannot reach once moved). */
static int rewrite_variant(struct mg_state *st, const uint8_t *code, size_t len, uint8_t *out,
                           size_t vlen, unsigned epi_tag, const size_t *ins, size_t nins,
                           struct ip_diag *d)
{
	size_t at = 0, o = 0, k = 0, jlen = st->jump_len;
	st->njumps = 0;
	while (at < len) {
		unsigned tag = code[at] & 0xF, words = midgard_tag_words(tag);
		size_t bytes = words * 4u;
		int bit;
		if (!words || len - at < bytes)
			return ip_diag_plain(d, "an undecodable word at byte %zu (a bug)", at);
		memcpy(out + o, code + at, bytes);
		if ((bit = branch_bit(code + at)) >= 0) {
			struct branch br;
			read_branch(code + at, bit, &br);
			if ((br.op == 1 || br.op == 2) && br.offset && br.dest) {
				int64_t off = sext(ip_field_get(br.offset, &br.v), br.offset->width);
				int64_t from = (int64_t)(o + bytes), to;
				if (ip_field_get(br.dest, &br.v) == MIDGARD_TAG_END) {
					to = (int64_t)vlen; /* a branch that ends: to the epilogue */
					ip_field_set(br.dest, &br.v, epi_tag);
				} else {
					to = moved((int64_t)(at + bytes) + 16 * off, ins, nins, jlen);
				}
				if ((to - from) % 16 || !fits((to - from) / 16, br.offset->width))
					return ip_diag_plain(d, "a branch of the variant at byte %zu cannot "
					                        "reach its target past the harness's code", at);
				ip_field_set(br.offset, &br.v, (uint64_t)((to - from) / 16));
				ip_bytes_put_bits(out + o, (unsigned)bit, midgard_branch_compact.bits, &br.v);
			}
		}
		o += bytes;
		at += bytes;
		if (word_next(code + at - bytes) != MIDGARD_TAG_END)
			continue;
		if (k < nins && ins[k] == at) { /* an exit before the end: a jump to the epilogue */
			struct branch br;
			int64_t off = ((int64_t)vlen - (int64_t)(o + jlen)) / 16;
			uint8_t *j = out + o;
			set_word_next(out + o - bytes, st->jump[0] & 0xF);
			memcpy(j, st->jump, jlen);
			read_branch(j, (int)st->jump_branch_bit, &br);
			if (!fits(off, br.offset->width))
				return ip_diag_plain(d, "the variant is too long for a jump from its word "
				                        "at byte %zu to the harness's epilogue", at - bytes);
			ip_field_set(br.offset, &br.v, (uint64_t)off);
			ip_field_set(br.dest, &br.v, epi_tag);
			ip_bytes_put_bits(j, st->jump_branch_bit, midgard_branch_compact.bits, &br.v);
			set_word_next(j, at < len ? code[at] & 0xF : epi_tag);
			if (st->njumps == MAX_JUMPS)
				return ip_diag_plain(d, "more than %d words of the variant end it before "
				                        "its last word", MAX_JUMPS);
			st->jumps[st->njumps] = o;
			st->jumps_at[st->njumps++] = at - bytes;
			o += jlen;
			k++;
		} else if (at == len) {
			set_word_next(out + o - bytes, epi_tag); /* the last word: into the epilogue */
		}
	}
	return o == vlen ? 0 : ip_diag_plain(d, "the variant's rewritten length is off (a bug)");
}

/* The insertion points: the end of every word whose next type is `end` and that is not the
 * code's last word (with the epilogue, the last falls into it directly). -1 when a word has a type
 * whose size is unknown or is cut short: the simulator decodes nothing after it (so not the
 * epilogue either) and a GPU's behaviour there is unknown: such a variant is left as it is, and
 * whatever ends it ends the run (its registers are not observed). */
static long exits_before_end(const uint8_t *code, size_t len, size_t *ins)
{
	long n = 0;
	for (size_t at = 0; at < len;) {
		unsigned words = midgard_tag_words(code[at] & 0xF);
		if (!words || len - at < words * 4u)
			return -1;
		at += words * 4u;
		if (at < len && word_next(code + at - words * 4u) == MIDGARD_TAG_END) {
			if (ins)
				ins[n] = at;
			n++;
		}
	}
	return n;
}

static int mg_wrap(struct ip_harness_work *w, const struct ip_job *job,
                   const struct ip_result *res, struct ip_diag *d)
{
	struct mg_state *st = state_of(w);
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	const struct ip_buf *ain = ip_job_input(job, IP_BUF_ATTRIBUTES);
	uint32_t n = invocations(job);
	int epi = observes_registers(res), from_u = image_in_uniforms(job), table = epi || !from_u;
	size_t slots, per, nins = 0, vlen, *ins = NULL;
	long exits = 0;
	unsigned work = 24 - uniform_regs(job), epi_tag;
	const char *why;
	uint8_t *code, *mem;
	if (!st)
		return ip_diag_plain(d, "out of memory");
	if ((why = mg_check(job, res)) != NULL)
		return ip_diag_plain(d, "%s", why);
	probe_slots(job, res, &slots);
	if (build_code(st, slots, work, from_u, d))
		return -1;
	ip_harness_work_reset(w, &midgard_harness);
	epi_tag = st->epi[0] & 0xF;
	if (epi && (exits = exits_before_end(job->code, job->code_len, NULL)) > 0) {
		nins = (size_t)exits;
		if (!(ins = malloc(nins * sizeof *ins)))
			return ip_diag_plain(d, "out of memory");
		exits_before_end(job->code, job->code_len, ins);
	}
	vlen = job->code_len + nins * st->jump_len;
	code = ip_harness_code(w, st->pro_len + vlen + (epi ? st->epi_len : 0));
	if (!code) {
		free(ins);
		return ip_diag_plain(d, "out of memory");
	}
	memcpy(code, st->pro, st->pro_len);
	set_word_next(code + st->pro_last, job->code[0] & 0xF);
	w->variant_at = st->pro_len;
	w->variant_len = vlen;
	st->njumps = 0;
	if (epi && exits >= 0) {
		int rc = rewrite_variant(st, job->code, job->code_len, code + st->pro_len, vlen, epi_tag,
		                         ins, nins, d);
		free(ins);
		if (rc)
			return -1;
	} else {
		memcpy(code + st->pro_len, job->code, job->code_len);
	}
	if (epi)
		memcpy(code + st->pro_len + vlen, st->epi, st->epi_len);
	st->epilogue = epi;
	st->table = table;
	st->n = n;

	/* inputs: the probe's as they are, but the registers (the image: the uniform buffer, or the
	 * harness's slots after each vertex's block of the attribute table, the mark slot zero) */
	for (unsigned i = 0; i < job->ninputs; i++) {
		enum ip_buf_role r = job->inputs[i].role;
		if (r != IP_BUF_REGISTERS && (r != IP_BUF_ATTRIBUTES || !table) &&
		    w->job.ninputs < IP_BUF_ROLE_COUNT)
			w->inputs[w->job.ninputs++] = job->inputs[i];
	}
	if (from_u) {
		if (!(mem = ip_harness_input(w, IP_BUF_UNIFORMS, FILE_BYTES)))
			return ip_diag_plain(d, "out of memory");
		image_of(regs, 0, mem);
	}
	per = (slots + HSLOTS) * 16;
	if (table) {
		if (!(mem = ip_harness_input(w, IP_BUF_ATTRIBUTES, per * n)))
			return ip_diag_plain(d, "out of memory");
		for (uint32_t v = 0; v < n; v++) {
			uint8_t *blk = mem + (size_t)v * per;
			if (ain && slots)
				memcpy(blk, ain->data + (size_t)v * slots * 16, slots * 16);
			if (!from_u)
				image_of(regs, v, blk + slots * 16);
			memset(blk + (slots + MARK_SLOT) * 16, 0, 16);
		}
	}
	/* outputs: the probe's (written in place), but the registers; the attribute table the
	 * harness extends is its own (unwrap gives the probe its part) */
	for (unsigned i = 0; res && i < res->noutputs; i++) {
		const struct ip_out_buf *o = &res->outputs[i];
		if (o->role != IP_BUF_REGISTERS && (o->role != IP_BUF_ATTRIBUTES || !table) &&
		    w->res.noutputs < IP_BUF_ROLE_COUNT)
			w->outputs[w->res.noutputs++] = (struct ip_out_buf){o->role, o->data, o->cap, 0};
	}
	if (table && (epi || output_of(res, IP_BUF_ATTRIBUTES)) &&
	    !ip_harness_output(w, IP_BUF_ATTRIBUTES, per * n))
		return ip_diag_plain(d, "out of memory");
	w->job.limits = job->limits;
	if (job->limits.budget)
		w->job.limits.budget = job->limits.budget + st->pro_words + (epi ? st->epi_words : 0) +
		                       (nins ? 1 : 0);
	w->job.uniform_regs = from_u ? 0 : job->uniform_regs;
	return 0;
}

/* The variant's offset of a wrapped code offset: the prologue is 0, the epilogue the end, an
 * exit jump the word it follows. */
static uint32_t variant_where(const struct ip_harness_work *w, const struct mg_state *st,
                              const struct ip_job *job, uint32_t where)
{
	size_t x, before = 0;
	if (where < w->variant_at)
		return 0;
	x = where - w->variant_at;
	if (x >= w->variant_len)
		return (uint32_t)job->code_len;
	for (size_t k = 0; k < st->njumps; k++) {
		if (st->jumps[k] == x)
			return (uint32_t)st->jumps_at[k];
		if (st->jumps[k] < x)
			before++;
	}
	return (uint32_t)(x - before * st->jump_len);
}

static void mg_unwrap(const struct ip_harness_work *w, const struct ip_job *job,
                      struct ip_result *res)
{
	const struct mg_state *st = w->isa_state;
	const struct ip_out_buf *table = output_of(&w->res, IP_BUF_ATTRIBUTES);
	const struct ip_buf *ain = ip_job_input(job, IP_BUF_ATTRIBUTES);
	uint32_t n = invocations(job), reached = 0, started;
	size_t slots, per;
	int ok = w->res.status == IP_STATUS_OK;
	uint64_t harness_steps;
	probe_slots(job, res, &slots);
	per = (slots + HSLOTS) * 16;
	res->status = w->res.status;
	res->fault = w->res.fault;
	res->invocation = w->res.invocation;
	res->why = w->res.why;
	res->where = variant_where(w, st, job, w->res.where);
	if (table && st->epilogue && st->table)
		for (uint32_t v = 0; v < n && table->len >= (size_t)(v + 1) * per; v++) {
			const uint8_t *mark = table->data + (size_t)v * per + (slots + MARK_SLOT) * 16;
			if (ip_le32(mark) == MARK && ip_le32(mark + 4) == MARK &&
			    ip_le32(mark + 8) == MARK && ip_le32(mark + 12) == MARK)
				reached++;
		}
	started = ok ? n : w->res.invocation + 1;
	harness_steps = (uint64_t)started * st->pro_words + (uint64_t)reached * st->epi_words;
	res->steps = w->res.steps > harness_steps ? w->res.steps - harness_steps : 0;
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		o->len = 0;
		if (!o->data || !o->cap)
			continue;
		if (o->role == IP_BUF_REGISTERS) {
			/* only when every invocation reached the epilogue: else not observed (len 0) */
			size_t want = (size_t)n * FILE_BYTES < o->cap ? (size_t)n * FILE_BYTES : o->cap;
			if (!ok || reached < n || !table)
				continue;
			memset(o->data, 0, want);
			for (size_t at = 0; at < want; at += 16) {
				uint32_t v = (uint32_t)(at / FILE_BYTES);
				unsigned r = (unsigned)(at % FILE_BYTES / 16);
				size_t bytes = want - at < 16 ? want - at : 16;
				if (r < OBSERVED)
					memcpy(o->data + at, table->data + (size_t)v * per + (slots + r) * 16,
					       bytes);
			}
			o->len = want;
		} else if (o->role == IP_BUF_ATTRIBUTES && st->table) {
			/* the probe's table: its input (zero past it), each vertex's block from the run */
			if (!table || !table->len)
				continue;
			memset(o->data, 0, o->cap);
			if (ain)
				memcpy(o->data, ain->data, ain->len < o->cap ? ain->len : o->cap);
			for (uint32_t v = 0; v < n && (size_t)(v + 1) * slots * 16 <= o->cap; v++)
				memcpy(o->data + (size_t)v * slots * 16, table->data + (size_t)v * per,
				       slots * 16);
			o->len = o->cap;
		} else {
			const struct ip_out_buf *x = output_of(&w->res, o->role);
			o->len = x ? x->len : 0;
		}
	}
}

static void mg_describe(const struct ip_harness_work *w, const struct ip_job *job, FILE *out)
{
	const struct mg_state *st = w->isa_state;
	uint32_t n = invocations(job);
	size_t slots;
	if (!st)
		return;
	slots = st->base; /* the probe's slots per vertex, as the wrap found them */
	if (st->from_uniforms)
		fprintf(out, "uniforms: 512 bytes, the register image (16 bytes per register: r0-r%u, "
		             "r26, r27 and r31 loaded; the probe has no uniform buffer)\n",
		        st->work_regs - 1);
	if (!st->table)
		return;
	fprintf(out, "attributes: %u vertex block%s of %zu slots (16 bytes each): ", n,
	        n == 1 ? "" : "s", slots + HSLOTS);
	if (slots)
		fprintf(out, "slots 0-%zu the probe's, ", slots - 1);
	fprintf(out, "slots %zu-%zu the harness's: slot %zu + k is ", slots, slots + HSLOTS - 1, slots);
	if (st->from_uniforms)
		fputs("rk", out);
	else
		fprintf(out, "rk's image (r0-r%u, r26, r27 and r31 loaded)", st->work_regs - 1);
	if (st->epilogue)
		fprintf(out, "%sr0-r%u stored back, slot %zu the done mark 0x%x", st->from_uniforms ?
		        ": " : "; ", OBSERVED - 1, slots + MARK_SLOT, MARK);
	fputc('\n', out);
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.harness`). */
const struct ip_harness midgard_harness = {
	.reserved = "none of r0-r23: the prologue uses r27 as its load index before loading r26 "
	            "and r27 last; the epilogue uses r0, r26 and r27 after the variant. r24, r25 "
	            "(pipeline), r28-r30 (texture results) are neither planted nor observed, r26, "
	            "r27 and r31 are planted but not observed",
	.records = mg_records,
	.check = mg_check,
	.wrap = mg_wrap,
	.unwrap = mg_unwrap,
	.describe = mg_describe,
};

/* r5xx_ctm.c: CTM (DPP) jobs on an R5xx under the radeon driver. R5xx boards have no CTM
 * command processor under Linux, so the job's command buffer is walked on the host by the CTM
 * command processor model; each start_program becomes a draw in one radeon command stream: the
 * program as the fragment shader (US) of a rectangle covering the domain, the inputs as
 * textures, the outputs as colour buffers, the constants in the US's constant registers, all in
 * the job's memory (one BO for the whole submission). docs/drm-runner.md. */
#include <stdlib.h>
#include <string.h>

#include "isaprobe/ctm_sim.h"
#include "ctm/ctm.h"
#include "drm_job.h"
#include "drm_radeon.h"
#include "r5xx_regs.h"

/* The most start_program commands of one job the runner turns into draws. */
#define R5XX_MAX_DRAWS 64
/* IB dwords of one draw, instructions aside (an upper bound; emit_draw's writes). */
#define R5XX_DRAW_DW 1600
/* The most dwords of one CS ioctl's IB: a batch's stream is cut at job boundaries into CS of
 * at most this (the kernel takes IBs from a pool of a few hundred KiB). */
#define R5XX_CS_DW 65536

/* The machine state one start_program ran with. */
struct r5xx_draw {
	uint32_t i0, j0, i1, j1;
	struct ctm_surface in[CTM_INPUTS], out[CTM_OUTPUTS];
	struct ctm_surface constf, consti, constb;
	uint32_t out_mask;
	enum ctm_fc_mode fc_mode;
	uint32_t cmd_off;         /* the start_program's offset in the command buffer */
};

/* A job worked out on the host: its program, its draws and how its command buffer ended. */
struct r5xx_plan {
	uint32_t *code;
	unsigned ninstr;
	unsigned ndraws;
	struct r5xx_draw draw[R5XX_MAX_DRAWS];
	int stopped;              /* the command buffer stopped (stop says how) */
	struct ctm_stop stop;
	const char *unsupported;  /* the job cannot be set up on the 3D pipeline (why) */
	size_t mem_len;           /* the job's memory as the simulator sees it */
	size_t extent;            /* bytes of memory the textures and colour buffers span */
};

/* What the builder keeps per job for collect (in the descriptor arena: host memory only). */
struct r5xx_note {
	uint32_t draws;
	uint32_t ib_end;          /* where its draws end in the batch's IB (dwords) */
	int stopped;
	struct ctm_stop stop;
};

/* ---- the host's command processor ---- */

static void plan_fail(struct r5xx_plan *p, struct ctm_stop *stop, const char *why)
{
	p->unsupported = why;
	stop->status = IP_STATUS_RUNNER_ERROR;
	stop->why = why;
}

/* Rows of a texture declared for an input: its height, within what the US can address. */
static uint32_t tex_rows(const struct ctm_surface *s)
{
	return s->height == 0 ? 1 : s->height > R5XX_TEX_MAX ? R5XX_TEX_MAX : s->height;
}

static int surface_ok(const struct ctm_surface *s)
{
	return s->set && s->format < R5XX_CTM_FORMATS;
}

static void grow_extent(struct r5xx_plan *p, const struct ctm_surface *s, uint32_t rows)
{
	size_t end = (size_t)s->base + (size_t)(s->pitch ? s->pitch : 1) * rows *
	                                   (size_t)ctm_element_size(s->format);
	if (end > p->extent)
		p->extent = end;
}

static int on_start(struct ctm_machine *m, void *ctx, struct ctm_stop *stop)
{
	struct r5xx_plan *p = ctx;
	struct r5xx_draw *d;
	int rc = ctm_check_start(m, stop);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	/* Conditional output and execution (docs/radeon-sources.md): a test that never reads the
	 * conditional buffer maps exactly (always: a plain draw; never at the PE: no processor
	 * runs, so no draw; never at the processors: the program runs, its writes are dropped,
	 * so a draw without colour buffers). A test against the buffer's float32 values has no
	 * exact R5xx counterpart, nor has writing v into the buffer. */
	if (m->cond_enabled && m->cond_test != 0 && m->cond_test != 7) {
		plan_fail(p, stop, "a conditional test against the conditional buffer (less ... "
		                   "notequal): the R5xx has no exact float32 compare of a fragment's value "
		                   "with a buffer's (docs/radeon-sources.md)");
		return -1;
	}
	if (m->cond_enabled && m->cond_loc == 0 && m->cond_test == 7 && m->cond_write) {
		plan_fail(p, stop, "conditional output writing the program's value into the "
		                   "conditional buffer: no R5xx counterpart the radeon runner sets up "
		                   "(docs/radeon-sources.md)");
		return -1;
	}
	if (m->cond_enabled && m->cond_loc == 1 && m->cond_test == 0)
		return 0; /* conditional execution that never passes: no processor runs */
	if (m->ninstr > R5XX_US_INSTRS) {
		plan_fail(p, stop, "the program has more instructions than the R5xx US's 512 slots");
		return -1;
	}
	if (p->ndraws == R5XX_MAX_DRAWS) {
		plan_fail(p, stop, "more start_program commands in one job than the radeon runner "
		                   "draws (64)");
		return -1;
	}
	d = &p->draw[p->ndraws++];
	d->i0 = m->i0;
	d->j0 = m->j0;
	d->i1 = m->i1;
	d->j1 = m->j1;
	memcpy(d->in, m->input, sizeof d->in);
	if (m->cond_enabled && m->cond_loc == 0 && m->cond_test == 0)
		memset(d->out, 0, sizeof d->out); /* conditional output that never passes */
	else
		memcpy(d->out, m->output, sizeof d->out);
	d->constf = m->constf;
	d->consti = m->consti;
	d->constb = m->constb;
	d->out_mask = m->out_mask;
	d->fc_mode = m->fc_mode;
	d->cmd_off = m->start_off;
	for (unsigned k = 0; k < CTM_INPUTS; k++)
		if (surface_ok(&d->in[k])) {
			if (d->in[k].pitch > R5XX_TEX_MAX) {
				plan_fail(p, stop, "an input wider than an R5xx texture (4096 elements)");
				return -1;
			}
			grow_extent(p, &d->in[k], tex_rows(&d->in[k]));
		}
	for (unsigned k = 0; k < CTM_OUTPUTS; k++)
		if (surface_ok(&d->out[k]))
			grow_extent(p, &d->out[k], d->j1 + 1);
	return 0;
}

/* Works out a job: 0, or -1 when it cannot run here (p->unsupported says why). */
static int plan_job(const struct ip_job *job, const struct ip_result *res, struct r5xx_plan *p)
{
	const struct ip_buf *gin = ip_job_input(job, IP_BUF_GLOBAL);
	const struct ip_buf *cin = ip_job_input(job, IP_BUF_COMMANDS);
	size_t ncmds = 0, cap = ip_drm_result_cap(res, IP_BUF_GLOBAL);
	uint8_t *cmds = NULL;
	struct ctm_machine m;
	enum ip_status st;
	const char *why;
	memset(p, 0, sizeof *p);
	if (ctm_job_program(job->code, job->code_len, &p->code, &p->ninstr, &cmds, &ncmds, &st,
	                    &why) != 0) {
		/* the simulator says the same of it: a result of the job, not of the runner */
		p->stopped = 1;
		p->stop.status = st;
		p->stop.why = why;
		return st == IP_STATUS_RUNNER_ERROR ? (p->unsupported = why, -1) : 0;
	}
	if (!cmds && !cin) {
		p->stopped = 1;
		p->stop.status = IP_STATUS_INVALID;
		p->stop.why = "a CTM job needs a command buffer (in the executable, or the commands "
		              "input)";
		return 0;
	}
	p->mem_len = gin ? gin->len : 0;
	if (cap > p->mem_len)
		p->mem_len = cap;
	ctm_machine_reset(&m);
	m.code = p->code;
	m.ninstr = p->ninstr;
	m.mem_len = p->mem_len;
	m.on_start = on_start;
	m.start_ctx = p;
	if (ctm_run_commands(&m, cmds ? cmds : cin->data, cmds ? ncmds : cin->len, &p->stop) != 0)
		p->stopped = 1;
	free(cmds);
	return p->unsupported ? -1 : 0;
}

static void plan_free(struct r5xx_plan *p)
{
	free(p->code);
	p->code = NULL;
}

/* ---- the command stream ---- */

struct ib {
	uint32_t *w;
	size_t n, cap;
};

static void put(struct ib *ib, uint32_t v)
{
	if (ib->n < ib->cap)
		ib->w[ib->n] = v;
	ib->n++;
}

static void reg(struct ib *ib, uint32_t r, uint32_t v)
{
	put(ib, R5XX_PKT0(r, 1));
	put(ib, v);
}

/* A register the kernel's checker wants a relocation after (an address, a colour buffer's
 * pitch): the submission's BO, relocation 0. */
static void reg_reloc(struct ib *ib, uint32_t r, uint32_t offset)
{
	reg(ib, r, offset);
	put(ib, R5XX_PKT3(R5XX_OP_NOP, 1));
	put(ib, 0); /* relocation 0, in dwords of the relocation chunk */
}

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* Words of memory [a, a + n) of the job if it holds them all, else NULL. */
static const uint8_t *mem_at(const struct ip_drm_region *g, size_t mem_len, long long a, size_t n)
{
	if (a < 0 || (size_t)a + n > mem_len || !g->map)
		return NULL;
	return g->map + a;
}

/* How many elements of a constant area (from index 0, size bytes each) lie in memory. */
static unsigned consts_held(const struct ctm_surface *s, size_t mem_len, unsigned max, size_t size)
{
	unsigned n = 0;
	while (n < max && (size_t)s->base + (n + 1) * size <= mem_len)
		n++;
	return n;
}

static int linear(const struct ctm_surface *s)
{
	return s->tiling == 0 || s->tiling == 2;
}

static void emit_draw(struct ib *ib, const struct r5xx_plan *p, const struct r5xx_draw *d,
                      const struct ip_drm_slot *sl, uint32_t region)
{
	const struct ip_drm_region *g = &sl->role[IP_BUF_GLOBAL];
	unsigned nf = 0, ni = 0, nb = 0, nout = 1, tex = 0, outs = 0;
	uint32_t v[R5XX_RECT_VERTICES][2] = {
		{d->i0, d->j0}, {d->i1 + 1, d->j0}, {d->i1 + 1, d->j1 + 1}, {d->i0, d->j1 + 1}};
	int fset = d->constf.set && d->constf.format == 4 && linear(&d->constf);
	int iset = d->consti.set && d->consti.format == 1 && linear(&d->consti);
	int bset = d->constb.set && ctm_element_size(d->constb.format) == 4 && linear(&d->constb);
	uint32_t mask = 0, bools = 0;

	if (fset)
		nf = consts_held(&d->constf, p->mem_len, R5XX_US_CONSTS, 16);
	if (iset)
		ni = consts_held(&d->consti, p->mem_len, R5XX_US_INT_CONSTS, 4);
	if (bset)
		nb = consts_held(&d->constb, p->mem_len, 32, 4);
	if (sl->rec) {
		/* the model record, how many constants memory held (0xffffffff: no area), and where
		 * the start_program is (a stop at the first instruction is said to be there) */
		put(ib, R5XX_PKT3(R5XX_OP_NOP, 7));
		put(ib, R5XX_MODEL_NOP_MAGIC);
		put(ib, 0);
		put(ib, (uint32_t)sl->rec_va);
		put(ib, fset ? nf : 0xffffffffu);
		put(ib, iset ? ni : 0xffffffffu);
		put(ib, bset ? nb : 0xffffffffu);
		put(ib, d->cmd_off);
	}
	reg(ib, R5XX_ZB_CNTL, 0);
	/* VAP: vertices in window coordinates past the vertex shader: position and one
	 * four-component texture coordinate */
	reg(ib, R5XX_VAP_CNTL_STATUS, R5XX_VAP_PVS_BYPASS);
	reg(ib, R5XX_VAP_VTE_CNTL, R5XX_VAP_VTE_WINDOW);
	reg(ib, R5XX_VAP_VTX_SIZE, R5XX_VTX_DWORDS);
	reg(ib, R5XX_VAP_PROG_STREAM_CNTL_0, 3u | 0u << 8 | 3u << 16 | 6u << 24 | 1u << 29);
	reg(ib, R5XX_VAP_OUT_VTX_FMT_0, 1);
	reg(ib, R5XX_VAP_OUT_VTX_FMT_1, 4);
	/* RS: texture coordinate 0 (s, t, r, q) into temporary 0 */
	reg(ib, R5XX_RS_COUNT, 4u | 1u << 18);
	reg(ib, R5XX_RS_IP_0, 0u | 1u << 6 | 2u << 12 | 3u << 18);
	reg(ib, R5XX_RS_INST_COUNT, 0);
	reg(ib, R5XX_RS_INST_0, 0u | 1u << 4 | 0u << 5);
	/* US: the program, its flow-control mode and constants */
	reg(ib, R5XX_US_CONFIG, 0);
	reg(ib, R5XX_US_PIXSIZE, CTM_TEMPS - 1);
	reg(ib, R5XX_US_FC_CTRL, d->fc_mode == CTM_FC_FULL ? R5XX_US_FC_FULL : 0);
	reg(ib, R5XX_US_CODE_RANGE, (p->ninstr - 1) << 16);
	reg(ib, R5XX_US_CODE_OFFSET, 0);
	reg(ib, R5XX_US_CODE_ADDR, (p->ninstr - 1) << 16);
	reg(ib, R5XX_GA_US_VECTOR_INDEX, 0);
	put(ib, R5XX_PKT0_ONE(R5XX_GA_US_VECTOR_DATA, p->ninstr * CTM_INSTR_WORDS));
	for (unsigned k = 0; k < p->ninstr * CTM_INSTR_WORDS; k++)
		put(ib, p->code[k]);
	/* every constant register is written, so that no job sees another's */
	reg(ib, R5XX_GA_US_VECTOR_INDEX, R5XX_US_VECTOR_CONST);
	put(ib, R5XX_PKT0_ONE(R5XX_GA_US_VECTOR_DATA, R5XX_US_CONSTS * 4));
	for (unsigned c = 0; c < R5XX_US_CONSTS; c++) {
		const uint8_t *m = c < nf ? mem_at(g, p->mem_len, (long long)d->constf.base + c * 16, 16)
		                          : NULL;
		for (unsigned k = 0; k < 4; k++)
			put(ib, m ? ip_le32(m + 4 * k) : 0);
	}
	put(ib, R5XX_PKT0(R5XX_US_FC_INT_CONST(0), R5XX_US_INT_CONSTS));
	for (unsigned c = 0; c < R5XX_US_INT_CONSTS; c++) {
		const uint8_t *m = c < ni ? mem_at(g, p->mem_len, (long long)d->consti.base + c * 4, 4)
		                          : NULL;
		put(ib, m ? (uint32_t)m[0] | (uint32_t)m[1] << 8 | (uint32_t)m[2] << 16 : 0);
	}
	for (unsigned c = 0; c < nb; c++) {
		const uint8_t *m = mem_at(g, p->mem_len, (long long)d->constb.base + c * 4, 4);
		if (m && ip_le32(m) != 0)
			bools |= 1u << c;
	}
	reg(ib, R5XX_US_FC_BOOL_CONST, bools);
	/* textures: the inputs */
	for (unsigned k = 0; k < CTM_INPUTS; k++)
		if (surface_ok(&d->in[k]))
			tex |= 1u << k;
	reg(ib, R5XX_TX_ENABLE, tex);
	for (unsigned k = 0; k < CTM_INPUTS; k++) {
		const struct ctm_surface *s = &d->in[k];
		uint32_t w = s->pitch ? s->pitch : 1, h = tex_rows(s);
		if (!(tex >> k & 1))
			continue;
		reg(ib, R5XX_TX_FILTER0(k), R5XX_TX_CLAMP_EDGE | R5XX_TX_FILTER_NEAREST);
		reg(ib, R5XX_TX_FILTER1(k), 0);
		reg(ib, R5XX_TX_FORMAT0(k), ((w - 1) & 0x7ff) | ((h - 1) & 0x7ff) << 11 | R5XX_TX_PITCH_EN);
		reg(ib, R5XX_TX_FORMAT1(k), r5xx_ctm_formats[s->format].tex);
		reg(ib, R5XX_TX_FORMAT2(k), ((w - 1) & 0x3fff) | ((w - 1) >> 11 & 1) << 15 |
		                                ((h - 1) >> 11 & 1) << 16);
		reg_reloc(ib, R5XX_TX_OFFSET(k), (region + s->base) | (s->tiling & 1) << 2 |
		                                     (s->tiling >> 1 & 1) << 3);
	}
	/* colour buffers: the outputs, as many as the highest one set */
	for (unsigned k = 0; k < CTM_OUTPUTS; k++)
		if (surface_ok(&d->out[k])) {
			nout = k + 1;
			outs++;
		}
	reg(ib, R5XX_RB3D_CCTL, (nout - 1) << 5);
	for (unsigned c = 0; c < 4 && outs; c++) /* CTM x, y, z, w to the RB's r (bit 2), g, b, a */
		if (d->out_mask >> c & 1)
			mask |= 1u << (c == 0 ? 2 : c == 2 ? 0 : c);
	/* no output: no channel written, so the kernel checks no colour buffer */
	reg(ib, R5XX_RB3D_COLOR_CHANNEL_MASK, mask);
	for (unsigned k = 0; k < nout; k++) {
		const struct ctm_surface *s = &d->out[k];
		int on = surface_ok(s);
		reg_reloc(ib, R5XX_RB3D_COLOROFFSET(k), region + (on ? s->base : 0));
		/* an unused one: pitch 0 in a format the kernel takes (it refuses format 0); relocated
		 * as Mesa's r300 does (the kernel's checker wants it unless the stream keeps its
		 * tiling flags, which the runner's does too) */
		reg_reloc(ib, R5XX_RB3D_COLORPITCH(k),
		          on ? (s->pitch & 0x3ffe) | s->tiling << 16 | r5xx_ctm_formats[s->format].cb << 21
		             : r5xx_ctm_formats[2].cb << 21);
		reg(ib, R5XX_US_OUT_FMT(k), on ? r5xx_ctm_formats[s->format].out : R5XX_OUT_UNUSED);
	}
	reg(ib, R5XX_SC_SCISSOR0, d->i0 | d->j0 << 13);
	reg(ib, R5XX_SC_SCISSOR1, d->i1 | d->j1 << 13);
	put(ib, R5XX_PKT3(R5XX_OP_3D_DRAW_IMMD_2, 1 + R5XX_RECT_VERTICES * R5XX_VTX_DWORDS));
	put(ib, R5XX_VF_PRIM_QUADS | R5XX_VF_WALK_IMMD | R5XX_VF_NUM(R5XX_RECT_VERTICES));
	for (unsigned k = 0; k < R5XX_RECT_VERTICES; k++) {
		float x = (float)v[k][0], y = (float)v[k][1];
		put(ib, fbits(x));
		put(ib, fbits(y));
		put(ib, fbits(0.0f));
		put(ib, fbits(1.0f));
		put(ib, fbits(x - 0.5f));
		put(ib, fbits(y - 0.5f));
		put(ib, fbits(0.0f));
		put(ib, fbits(1.0f));
	}
	reg(ib, R5XX_RB3D_DSTCACHE_CTLSTAT, R5XX_DSTCACHE_FLUSH_FREE);
	reg(ib, R5XX_WAIT_UNTIL, R5XX_WAIT_3D_IDLECLEAN);
}

/* ---- the job kind ---- */

static size_t code_bytes(const struct r5xx_plan *p)
{
	return ((size_t)p->ndraws * (R5XX_DRAW_DW + p->ninstr * CTM_INSTR_WORDS) + 4) * 4;
}

static const char *r5xx_check(const struct ip_drm_dev *dev, const struct ip_job *job,
                              const struct ip_result *res, struct ip_drm_sizes *sz)
{
	struct r5xx_plan *p = malloc(sizeof *p);
	size_t min[IP_BUF_ROLE_COUNT] = {0};
	const char *why = NULL;
	if (!p)
		return "out of memory";
	if (plan_job(job, res, p) != 0) {
		why = p->unsupported;
	} else {
		for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++)
			if (r != IP_BUF_GLOBAL && r != IP_BUF_COMMANDS && ip_job_input(job, (enum ip_buf_role)r))
				why = "a CTM job on radeon has memory (global) and commands only";
		min[IP_BUF_GLOBAL] = p->extent;
		sz->code = code_bytes(p);
		if (sz->code > R5XX_CS_DW * 4)
			why = "the job's draws need a longer command stream than one CS carries "
			      "(65536 dwords: fewer start_programs or a shorter program)";
		sz->desc = sizeof(struct r5xx_note) + 64;
		sz->data = ip_drm_roles_bytes(dev, job, res, min) + 64;
	}
	plan_free(p);
	free(p);
	return why;
}

static int r5xx_build(struct ip_drm_batch *b)
{
	struct r5xx_plan *p = malloc(sizeof *p);
	struct ib ib;
	size_t at;
	int rc = 0;
	uint64_t va0;
	uint8_t *map0;
	if (!p)
		return -1;
	/* no job memory at offset 0: a model record takes address 0 for "none" */
	if (ip_drm_arena_alloc(&b->data, 64, 64, &va0, &map0)) {
		free(p);
		return -1;
	}
	/* the whole code arena is the IB: each job's draws follow the last */
	at = (b->code.used + 3) & ~(size_t)3;
	ib.w = (uint32_t *)(void *)(b->code.bo.map + at);
	ib.n = 0;
	ib.cap = at < b->code.bo.size ? (b->code.bo.size - at) / 4 : 0;
	for (size_t i = 0; i < b->n && rc == 0; i++) {
		struct ip_drm_slot *sl = b->slots[i];
		struct r5xx_note *note;
		size_t min[IP_BUF_ROLE_COUNT] = {0};
		plan_job(sl->job, sl->res, p); /* check said it can run */
		min[IP_BUF_GLOBAL] = p->extent;
		if (ip_drm_arena_alloc(&b->desc, sizeof *note, 8, &sl->desc_va, &sl->desc) ||
		    ip_drm_place_roles(b, sl, min, 1u << IP_BUF_GLOBAL)) {
			rc = -1;
		} else {
			note = (struct r5xx_note *)(void *)sl->desc;
			note->draws = p->ndraws;
			note->stopped = p->stopped;
			note->stop = p->stop;
			for (unsigned k = 0; k < p->ndraws; k++)
				emit_draw(&ib, p, &p->draw[k], sl, (uint32_t)sl->role[IP_BUF_GLOBAL].va);
			note->ib_end = (uint32_t)ib.n;
		}
		plan_free(p);
	}
	free(p);
	put(&ib, R5XX_PKT2); /* never an empty IB */
	if (rc || ib.n > ib.cap)
		return -1;
	b->code.used = at + ib.n * 4;
	b->list_va = at; /* offsets in the code BO (host memory: the kernel copies the IB) */
	b->list_end = at + ib.n * 4;
	return 0;
}

static int r5xx_kick(struct ip_drm_batch *b, size_t from)
{
	struct drm_radeon_cs_reloc reloc = {
		.handle = b->data.bo.handle,
		.read_domains = RADEON_GEM_DOMAIN_GTT,
		.write_domain = RADEON_GEM_DOMAIN_GTT,
	};
	const uint32_t *ib = (const uint32_t *)(const void *)(b->code.bo.map + b->list_va);
	uint32_t total = (uint32_t)((b->list_end - b->list_va) / 4), at = 0;
	size_t i = 0;
	(void)from; /* not resumable: always the whole stream */
	/* whole jobs per CS; the GPU runs them in order, and the last one's fence is the BO's */
	while (at < total) {
		struct ip_drm_radeon_submit sub = {.relocs = &reloc, .nrelocs = 1};
		uint32_t end = at;
		int err;
		for (; i < b->n; i++) {
			uint32_t e = ((const struct r5xx_note *)(const void *)b->slots[i]->desc)->ib_end;
			if (e - at > R5XX_CS_DW && end > at)
				break;
			end = e;
		}
		if (i == b->n)
			end = total; /* the closing filler */
		sub.ib = ib + at;
		sub.ib_dw = end - at;
		if ((err = b->dev->drv->submit(b->dev, &sub)) != 0)
			return err;
		at = end;
	}
	return 0;
}

static void set_stop(struct ip_result *res, const struct ctm_stop *st)
{
	ip_result_clear(res);
	res->status = st->status;
	res->why = st->why;
	res->where = st->where;
	res->invocation = st->invocation;
}

static void r5xx_collect(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence)
{
	for (size_t i = from; i < b->n; i++) {
		struct ip_drm_slot *sl = b->slots[i];
		const struct r5xx_note *note = (const struct r5xx_note *)(const void *)sl->desc;
		if (note->draws == 0) {
			/* nothing ran on the GPU: the memory is the input, the end the commands' */
			int model = b->dev->model_ext;
			b->dev->model_ext = 0;
			ip_drm_slot_finish(b->dev, sl);
			b->dev->model_ext = model;
			if (note->stopped)
				set_stop(sl->res, &note->stop);
			continue;
		}
		if (fence != IP_DRM_FENCE_OK) {
			if (b->n > 1)
				continue; /* which job did it? halved until one alone tells */
			ip_result_clear(sl->res);
			sl->res->status = fence == IP_DRM_FENCE_CANCELLED ? IP_STATUS_TIMEOUT
			                                                  : IP_STATUS_RUNNER_ERROR;
			sl->res->why = fence == IP_DRM_FENCE_CANCELLED
			                   ? "the GPU locked up running the job: the kernel reset it"
			                   : "waiting for the command stream ended with an error";
			sl->state = IP_DRM_SLOT_FINAL;
			continue;
		}
		ip_drm_slot_finish(b->dev, sl);
		/* the commands after the last draw stopped: the draws ran well, the job did not */
		if (note->stopped && sl->res->status == IP_STATUS_OK)
			set_stop(sl->res, &note->stop);
	}
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.drm_kind`). */
const struct ip_drm_jobkind ip_drm_ctm_radeon_kind = {
	.driver = &ip_drm_radeon,
	.check = r5xx_check,
	.build = r5xx_build,
	.kick = r5xx_kick,
	.collect = r5xx_collect,
	.resumable = 0,
};

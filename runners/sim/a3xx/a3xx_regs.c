/* a3xx_regs.c: the a3xx register files of one invocation (full and half, not aliased; a0.x,
 * p0) with their writes in flight, the const file, and a0.x-relative access. */
#include <string.h>

#include "a3xx_sim_int.h"
#include "common/byteorder.h"

static const char why_big[] =
	"a register from r48 on: Mesa's ir3 treats r48-r55 as shared registers of later GPUs and "
	"r63 as a scratch destination; what a3xx does there is not public";
static const char why_a0yzw[] = "a0.y, a0.z, a0.w: only a0.x is described";
static const char why_rel_off[] =
	"a0.x-relative access while relative addressing is off (no write to a0.x since the last "
	"(ul))";
static const char why_rel_range[] = "a0.x-relative access outside r0-r47 / the const buffer";
static const char why_hconst[] =
	"a half-precision read of the const file (hcN): what it gives is not public";
static const char why_const_range[] = "a const register beyond the const buffer the job gives";
static const char why_raw[] = "a source mode no public source describes";
static const char why_pending[] = "too many register writes in flight";

static void apply(struct a3xx_thread *th, const struct a3xx_pending *p)
{
	switch (p->file) {
	case FILE_FULL: th->full[p->idx] = p->val; break;
	case FILE_HALF: th->half[p->idx] = (uint16_t)p->val; break;
	case FILE_A0: th->a0 = (int32_t)p->val; break;
	default: th->p0[p->idx & 3] = p->val; break;
	}
}

/* Lands the writes that `take` selects, in the order they were made. */
static void land(struct a3xx_thread *th, int (*take)(const struct a3xx_pending *, uint64_t),
                 uint64_t arg)
{
	unsigned keep = 0;
	for (unsigned i = 0; i < th->npend; i++) {
		if (take(&th->pend[i], arg))
			apply(th, &th->pend[i]);
		else
			th->pend[keep++] = th->pend[i];
	}
	th->npend = keep;
}

static int due_by(const struct a3xx_pending *p, uint64_t t)
{
	return p->sync == SYNC_NONE && p->due <= t;
}

static int waits_for(const struct a3xx_pending *p, uint64_t sync)
{
	return p->sync == sync;
}

static int any(const struct a3xx_pending *p, uint64_t unused)
{
	(void)p;
	(void)unused;
	return 1;
}

void a3xx_land_due(struct a3xx_thread *th, uint64_t t)
{
	land(th, due_by, t);
}

void a3xx_land_sync(struct a3xx_thread *th, enum a3xx_sync sync)
{
	land(th, waits_for, sync);
}

void a3xx_land_all(struct a3xx_thread *th)
{
	land(th, any, 0);
}

/* The value of (file, idx) as seen at slot `when`: the file, then the latest write that has
 * landed by then. */
static uint32_t seen(const struct a3xx_thread *th, unsigned file, unsigned idx, uint64_t when)
{
	uint32_t v;
	switch (file) {
	case FILE_FULL: v = th->full[idx]; break;
	case FILE_HALF: v = th->half[idx]; break;
	case FILE_A0: v = (uint32_t)th->a0; break;
	default: v = th->p0[idx & 3]; break;
	}
	for (unsigned i = 0; i < th->npend; i++) {
		const struct a3xx_pending *p = &th->pend[i];
		if (p->file == file && p->idx == idx && due_by(p, when))
			v = p->val;
	}
	return v;
}

int a3xx_read_reg(struct a3xx_run *r, unsigned idx, int half, uint64_t when, uint32_t *out)
{
	unsigned num = idx >> 2;
	if (num == A3XX_REG_A0) {
		if (idx & 3)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_a0yzw);
		*out = seen(&r->th, FILE_A0, 0, when);
	} else if (num == A3XX_REG_P0) {
		*out = seen(&r->th, FILE_P0, idx & 3, when);
	} else if (idx >= A3XX_FULL_REGS) {
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_big);
	} else {
		*out = seen(&r->th, half ? FILE_HALF : FILE_FULL, idx, when);
		return 0;
	}
	if (half)
		*out &= 0xffff;
	return 0;
}

int a3xx_write_reg(struct a3xx_run *r, unsigned idx, int half, uint32_t val, uint64_t due,
                   enum a3xx_sync sync)
{
	struct a3xx_thread *th = &r->th;
	struct a3xx_pending p = {due, FILE_FULL, (uint8_t)sync, (uint16_t)idx, val};
	unsigned num = idx >> 2;
	if (num == A3XX_REG_A0) {
		if (idx & 3)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_a0yzw);
		p.file = FILE_A0;
		p.idx = 0;
		p.val = half ? (uint32_t)(int32_t)(int16_t)val : val;
		if (sync == SYNC_NONE)
			p.due = th->t + A3XX_A0_LATENCY;
		th->rel_on = 1;
	} else if (num == A3XX_REG_P0) {
		p.file = FILE_P0;
		p.idx = (uint16_t)(idx & 3);
		if (half)
			p.val &= 0xffff;
	} else if (idx >= A3XX_FULL_REGS) {
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_big);
	} else if (half) {
		p.file = FILE_HALF;
		p.val &= 0xffff;
	}
	if (th->npend == A3XX_MAX_PENDING)
		return a3xx_stop(r, IP_STATUS_RUNNER_ERROR, why_pending);
	th->pend[th->npend++] = p;
	return 0;
}

static int read_const(struct a3xx_run *r, int64_t idx, int half, uint32_t *out)
{
	if (half)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_hconst);
	if (idx < 0 || (uint64_t)(idx + 1) * 4 > r->io->consts_len)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_const_range);
	*out = ip_le32(r->io->consts + 4 * idx);
	return 0;
}

/* a0.x for an access at slot `when` (with relative addressing on). */
static int a0_at(struct a3xx_run *r, uint64_t when, int64_t *a0)
{
	if (!r->th.rel_on)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_rel_off);
	*a0 = (int32_t)seen(&r->th, FILE_A0, 0, when);
	return 0;
}

int a3xx_read(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
              uint64_t when, uint32_t *out)
{
	int64_t step = o->r ? rep : 0, a0 = 0;
	switch (o->kind) {
	case A3XX_OPND_REG:
		return a3xx_read_reg(r, (unsigned)(o->val + step), half, when, out);
	case A3XX_OPND_CONST:
		return read_const(r, o->val + step, half, out);
	case A3XX_OPND_IMM:
		*out = (uint32_t)(o->val + step);
		if (half)
			*out &= 0xffff;
		return 0;
	case A3XX_OPND_REL_REG:
		if (a0_at(r, when, &a0))
			return -1;
		if (a0 + o->val + step < 0 || a0 + o->val + step >= A3XX_FULL_REGS)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_rel_range);
		return a3xx_read_reg(r, (unsigned)(a0 + o->val + step), half, when, out);
	case A3XX_OPND_REL_CONST:
		if (a0_at(r, when, &a0))
			return -1;
		return read_const(r, a0 + o->val + step, half, out);
	default:
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_raw);
	}
}

int a3xx_write(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
               uint32_t val, uint64_t due, enum a3xx_sync sync)
{
	int64_t a0 = 0;
	if (o->kind == A3XX_OPND_REL_REG) {
		if (a0_at(r, r->th.t, &a0))
			return -1;
		if (a0 + o->val + rep < 0 || a0 + o->val + rep >= A3XX_FULL_REGS)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_rel_range);
		return a3xx_write_reg(r, (unsigned)(a0 + o->val + rep), half, val, due, sync);
	}
	return a3xx_write_reg(r, (unsigned)(o->val + rep), half, val, due, sync);
}

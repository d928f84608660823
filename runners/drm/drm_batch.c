/* drm_batch.c: what every job builder shares: arenas in BOs, code and buffers placed for each
 * job (inputs copied in, read-only inputs shared between the jobs of a submission), the model
 * record of a model device, and the outputs copied back once the hardware says a job is done. */
#include <string.h>

#include "drm_job.h"
#include "isaprobe/isa.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the drm runner writes GPU descriptors in host order: little-endian hosts only"
#endif

const struct ip_drm_jobkind *ip_drm_jobkind_find(const char *isa, const struct ip_drm_driver *drv)
{
	const struct ip_isa *i = ip_isa_find(isa);
	return i && i->drm_kind && i->drm_kind->driver == drv ? i->drm_kind : NULL;
}

int ip_drm_arena_alloc(struct ip_drm_arena *a, size_t size, size_t align, uint64_t *va,
                       uint8_t **map)
{
	size_t at = (a->used + align - 1) & ~(align - 1);
	/* keep the GPU address aligned too: BOs start on a page */
	if (at > a->bo.size || size > a->bo.size - at)
		return -1;
	a->used = at + size;
	*va = a->bo.va + at;
	*map = a->bo.map + at;
	memset(*map, 0, size);
	return 0;
}

int ip_drm_place_code(struct ip_drm_batch *b, struct ip_drm_slot *s, size_t align, size_t pad)
{
	uint8_t *map;
	if (ip_drm_arena_alloc(&b->code, s->job->code_len + pad, align, &s->code_va, &map))
		return -1;
	memcpy(map, s->job->code, s->job->code_len);
	return 0;
}

enum ip_model_role ip_drm_model_role(enum ip_buf_role role)
{
	switch (role) {
	case IP_BUF_UNIFORMS: return IP_MODEL_UNIFORMS;
	case IP_BUF_ATTRIBUTES: return IP_MODEL_ATTRIBUTES;
	case IP_BUF_VARYINGS_IN: return IP_MODEL_VARYINGS_IN;
	case IP_BUF_VARYINGS_OUT: return IP_MODEL_VARYINGS_OUT;
	case IP_BUF_GLOBAL: return IP_MODEL_GLOBAL;
	case IP_BUF_REGISTERS: return IP_MODEL_REGISTERS;
	case IP_BUF_TEXTURES: return IP_MODEL_TEXTURES;
	default: return IP_MODEL_ROLES;
	}
}

size_t ip_drm_result_cap(const struct ip_result *res, enum ip_buf_role role)
{
	for (unsigned i = 0; res && i < res->noutputs; i++)
		if (res->outputs[i].role == role)
			return res->outputs[i].cap;
	return 0;
}

static size_t round64(size_t v)
{
	return (v + 63) & ~(size_t)63;
}

size_t ip_drm_roles_bytes(const struct ip_drm_dev *dev, const struct ip_job *job,
                          const struct ip_result *res, const size_t *min)
{
	size_t total = dev->model_ext ? IP_MODEL_RECORD_BYTES + 64 : 0;
	for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		const struct ip_buf *in = ip_job_input(job, (enum ip_buf_role)r);
		size_t need = in ? in->len : 0, cap = ip_drm_result_cap(res, (enum ip_buf_role)r);
		if (cap > need)
			need = cap;
		if (min && min[r] > need)
			need = min[r];
		total += round64(need) + 64;
	}
	return total;
}

/* A region of the previous job of the batch to share: same input, neither has an output. */
static const struct ip_drm_region *shared_region(const struct ip_drm_batch *b,
                                                 const struct ip_drm_slot *s, enum ip_buf_role r,
                                                 const struct ip_buf *in, size_t size)
{
	const struct ip_drm_slot *prev;
	const struct ip_buf *pin;
	if (b->n < 2 || b->slots[b->n - 1] != s)
		return NULL;
	prev = b->slots[b->n - 2];
	pin = ip_job_input(prev->job, r);
	if (!pin || pin->data != in->data || pin->len != in->len || prev->role[r].out_cap ||
	    prev->role[r].size != size)
		return NULL;
	return &prev->role[r];
}

static void write_record(struct ip_drm_slot *s)
{
	struct ip_model_record rec;
	memset(&rec, 0, sizeof rec);
	rec.magic = IP_MODEL_MAGIC;
	rec.version = IP_MODEL_VERSION;
	rec.code_len = (uint32_t)s->job->code_len;
	rec.uniform_regs = (uint32_t)s->job->uniform_regs;
	rec.budget = s->job->limits.budget;
	for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		enum ip_model_role m = ip_drm_model_role((enum ip_buf_role)r);
		if (m == IP_MODEL_ROLES || !s->role[r].size)
			continue;
		rec.role[m].va = s->role[r].va;
		rec.role[m].in_len = (uint32_t)s->role[r].in_len;
		rec.role[m].out_cap = (uint32_t)s->role[r].out_cap;
	}
	memcpy(s->rec, &rec, sizeof rec);
}

int ip_drm_place_roles(struct ip_drm_batch *b, struct ip_drm_slot *s, const size_t *min,
                       unsigned private_roles)
{
	for (unsigned k = 0; k < s->naddrs; k++)
		private_roles |= 1u << s->addrs[k].in;
	for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		enum ip_buf_role role = (enum ip_buf_role)r;
		const struct ip_buf *in = ip_job_input(s->job, role);
		struct ip_drm_region *g = &s->role[r];
		const struct ip_drm_region *shared;
		size_t size;
		memset(g, 0, sizeof *g);
		g->in_len = in ? in->len : 0;
		g->out_cap = ip_drm_result_cap(s->res, role);
		size = g->in_len > g->out_cap ? g->in_len : g->out_cap;
		if (min && min[r] > size)
			size = min[r];
		if (!size)
			continue;
		size = round64(size);
		g->size = size;
		if (in && !g->out_cap && !(private_roles >> r & 1) &&
		    (shared = shared_region(b, s, role, in, size)) != NULL) {
			g->va = shared->va;
			g->map = shared->map;
			continue;
		}
		if (ip_drm_arena_alloc(&b->data, size, 64, &g->va, &g->map))
			return -1;
		if (in && in->len)
			memcpy(g->map, in->data, in->len);
	}
	for (unsigned k = 0; k < s->naddrs; k++) {
		const struct ip_harness_addr *a = &s->addrs[k];
		const struct ip_drm_region *of = &s->role[a->of], *in = &s->role[a->in];
		uint64_t va = of->va + a->add;
		if (!of->size || !in->map || a->at > in->in_len || in->in_len - a->at < a->bytes)
			return -1; /* the harness addressed a buffer the job does not have: a bug */
		for (unsigned i = 0; i < a->bytes; i++)
			in->map[a->at + i] = (uint8_t)(va >> (8 * i));
	}
	if (b->dev->model_ext) {
		if (ip_drm_arena_alloc(&b->data, IP_MODEL_RECORD_BYTES, 64, &s->rec_va, &s->rec))
			return -1;
		write_record(s);
	}
	return 0;
}

static void copy_outputs(struct ip_drm_slot *s, const struct ip_model_record *rec)
{
	for (unsigned i = 0; i < s->res->noutputs; i++) {
		struct ip_out_buf *o = &s->res->outputs[i];
		const struct ip_drm_region *g = &s->role[o->role];
		size_t n = o->cap < g->out_cap ? o->cap : g->out_cap;
		if (!o->data || !g->map)
			continue;
		memcpy(o->data, g->map, n);
		if (rec) {
			enum ip_model_role m = ip_drm_model_role(o->role);
			o->len = m < IP_MODEL_ROLES && rec->out_len[m] < n ? rec->out_len[m] : n;
		} else {
			o->len = n;
		}
	}
}

void ip_drm_slot_finish(struct ip_drm_dev *dev, struct ip_drm_slot *s)
{
	struct ip_result *res = s->res;
	ip_result_clear(res);
	if (dev->model_ext) {
		struct ip_model_record rec;
		memcpy(&rec, s->rec, sizeof rec);
		if (rec.magic != IP_MODEL_MAGIC || !rec.done || rec.status >= IP_STATUS_COUNT) {
			res->status = IP_STATUS_RUNNER_ERROR;
			res->why = "the GPU model finished the job without writing its model record";
		} else {
			res->status = (enum ip_status)rec.status;
			res->fault = rec.fault;
			res->invocation = rec.invocation;
			res->where = rec.where;
			res->steps = rec.steps;
			if (rec.status != IP_STATUS_OK) {
				memcpy(s->why, rec.why, sizeof s->why);
				s->why[sizeof s->why - 1] = '\0';
				res->why = s->why;
			}
			copy_outputs(s, &rec);
		}
	} else {
		res->status = IP_STATUS_OK;
		copy_outputs(s, NULL);
	}
	s->state = IP_DRM_SLOT_FINAL;
}

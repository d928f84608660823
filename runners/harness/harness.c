/* harness.c: what every ISA's register harness shares: the look-up through the ISA's
 * descriptor, whether a job needs one, and the storage a wrapped job lives in
 * (include/isaprobe/internal/harness.h). */
#include <stdlib.h>
#include <string.h>

#include "isaprobe/internal/harness.h"
#include "isaprobe/isa.h"

const struct ip_harness *ip_harness_find(const char *isa)
{
	const struct ip_isa *i = isa ? ip_isa_find(isa) : NULL;
	return i ? i->harness : NULL;
}

int ip_harness_needed(const struct ip_job *job, const struct ip_result *res)
{
	if (ip_job_input(job, IP_BUF_REGISTERS))
		return 1;
	for (unsigned i = 0; res && i < res->noutputs; i++)
		if (res->outputs[i].role == IP_BUF_REGISTERS && res->outputs[i].cap)
			return 1;
	return 0;
}

/* Makes *buf hold at least len bytes (contents not kept); 0 or -1 when out of memory. */
static int reserve(uint8_t **buf, size_t *cap, size_t len)
{
	uint8_t *p;
	size_t want = *cap ? *cap : 64;
	if (len <= *cap && *buf)
		return 0;
	while (want < len)
		want *= 2;
	p = realloc(*buf, want);
	if (!p)
		return -1;
	*buf = p;
	*cap = want;
	return 0;
}

void ip_harness_work_reset(struct ip_harness_work *w, const struct ip_harness *h)
{
	w->harness = h;
	w->job = (struct ip_job){.inputs = w->inputs};
	w->res = (struct ip_result){.outputs = w->outputs};
	w->variant_at = w->variant_len = 0;
	w->naddrs = 0;
}

uint8_t *ip_harness_code(struct ip_harness_work *w, size_t len)
{
	if (reserve(&w->code, &w->code_cap, len ? len : 1))
		return NULL;
	memset(w->code, 0, len);
	w->job.code = w->code;
	w->job.code_len = len;
	return w->code;
}

uint8_t *ip_harness_input(struct ip_harness_work *w, enum ip_buf_role role, size_t len)
{
	if (w->job.ninputs >= IP_BUF_ROLE_COUNT ||
	    reserve(&w->in_mem[role], &w->in_cap[role], len ? len : 1))
		return NULL;
	memset(w->in_mem[role], 0, len);
	w->inputs[w->job.ninputs++] = (struct ip_buf){role, w->in_mem[role], len};
	return w->in_mem[role];
}

uint8_t *ip_harness_output(struct ip_harness_work *w, enum ip_buf_role role, size_t cap)
{
	if (w->res.noutputs >= IP_BUF_ROLE_COUNT ||
	    reserve(&w->out_mem[role], &w->out_cap[role], cap ? cap : 1))
		return NULL;
	w->outputs[w->res.noutputs++] = (struct ip_out_buf){role, w->out_mem[role], cap, 0};
	return w->out_mem[role];
}

int ip_harness_address(struct ip_harness_work *w, enum ip_buf_role in, size_t at, unsigned bytes,
                       enum ip_buf_role of, uint64_t add, uint64_t value)
{
	const struct ip_buf *buf = NULL;
	for (unsigned i = 0; i < w->job.ninputs; i++)
		if (w->inputs[i].role == in)
			buf = &w->inputs[i];
	if (w->naddrs >= IP_HARNESS_MAX_ADDRS || !buf || (bytes != 4 && bytes != 8) ||
	    at > buf->len || buf->len - at < bytes)
		return -1;
	w->addrs[w->naddrs++] = (struct ip_harness_addr){in, of, at, bytes, add};
	for (unsigned k = 0; k < bytes; k++)
		w->in_mem[in][at + k] = (uint8_t)(value >> (8 * k));
	return 0;
}

void ip_harness_work_free(struct ip_harness_work *w)
{
	free(w->code);
	for (int r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		free(w->in_mem[r]);
		free(w->out_mem[r]);
	}
	free(w->isa_state);
	memset(w, 0, sizeof *w);
}

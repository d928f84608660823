/* codec.c: the payloads of the agent protocol's messages (HELLO, WELCOME, BATCH, RESULTS,
 * ERROR, BYE), versions 1 and 2, to and from the runner interface's jobs and results
 * (docs/protocol.md). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "proto.h"

void ip_encode_hello(struct ip_wbuf *w, const struct ip_hello *h)
{
	size_t f = ip_frame_begin(w, IP_MSG_HELLO);
	ip_wbuf_str(w, h->isa);
	ip_wbuf_str(w, h->gpu);
	ip_wbuf_str(w, h->who);
	if (w->version >= 2)
		ip_wbuf_u32(w, h->checks);
	if (w->version >= 3)
		ip_wbuf_u32(w, h->depth);
	ip_frame_end(w, f);
}

void ip_encode_welcome(struct ip_wbuf *w, const struct ip_welcome *h)
{
	size_t f = ip_frame_begin(w, IP_MSG_WELCOME);
	ip_wbuf_str(w, h->isa);
	ip_wbuf_str(w, h->gpu);
	ip_wbuf_str(w, h->backend);
	ip_wbuf_str(w, h->who);
	if (w->version >= 2)
		ip_wbuf_u32(w, h->check);
	if (w->version >= 3)
		ip_wbuf_u32(w, h->depth);
	ip_frame_end(w, f);
}

void ip_encode_error(struct ip_wbuf *w, uint32_t code, uint64_t offset, const char *message)
{
	size_t f = ip_frame_begin(w, IP_MSG_ERROR);
	ip_wbuf_u32(w, code);
	ip_wbuf_u64(w, offset);
	ip_wbuf_str(w, message);
	ip_frame_end(w, f);
}

void ip_encode_bye(struct ip_wbuf *w)
{
	ip_frame_end(w, ip_frame_begin(w, IP_MSG_BYE));
}

/* Version 3: how many BATCH frames may be unanswered at once, 1 to IP_PROTO_MAX_DEPTH. */
static int read_depth(struct ip_rbuf *r, uint32_t *depth, const char *what)
{
	size_t at = r->pos;
	if (ip_rbuf_u32(r, depth, what))
		return -1;
	if (*depth < 1 || *depth > IP_PROTO_MAX_DEPTH)
		return ip_diag_offset(r->d, r->base + (long)at, "%s is %u, not 1 to %u", what, *depth,
		                      IP_PROTO_MAX_DEPTH);
	return 0;
}

int ip_decode_hello(struct ip_rbuf *r, unsigned version, struct ip_hello *h)
{
	size_t at;
	h->checks = 1u << IP_CHECK_CRC32;
	h->depth = 1;
	if (ip_rbuf_name(r, h->isa, sizeof h->isa, "HELLO isa") ||
	    ip_rbuf_name(r, h->gpu, sizeof h->gpu, "HELLO gpu") ||
	    ip_rbuf_name(r, h->who, sizeof h->who, "HELLO caller"))
		return -1;
	at = r->pos;
	if (version >= 2) {
		if (ip_rbuf_u32(r, &h->checks, "HELLO checks"))
			return -1;
		if (!(h->checks >> IP_CHECK_CRC32 & 1)) /* later bits: checks of later versions */
			return ip_diag_offset(r->d, r->base + (long)at,
			                      "HELLO checks is 0x%x: bit 0 (CRC-32) must be offered",
			                      h->checks);
	}
	if (version >= 3 && read_depth(r, &h->depth, "HELLO depth"))
		return -1;
	return ip_rbuf_end(r);
}

int ip_decode_welcome(struct ip_rbuf *r, unsigned version, struct ip_welcome *h)
{
	size_t at;
	h->check = IP_CHECK_CRC32;
	h->depth = 1;
	if (ip_rbuf_name(r, h->isa, sizeof h->isa, "WELCOME isa") ||
	    ip_rbuf_name(r, h->gpu, sizeof h->gpu, "WELCOME gpu") ||
	    ip_rbuf_name(r, h->backend, sizeof h->backend, "WELCOME backend") ||
	    ip_rbuf_name(r, h->who, sizeof h->who, "WELCOME agent"))
		return -1;
	at = r->pos;
	if (version >= 2) {
		if (ip_rbuf_u32(r, &h->check, "WELCOME check"))
			return -1;
		if (h->check >= 32 || !(IP_CHECKS_KNOWN >> h->check & 1))
			return ip_diag_offset(r->d, r->base + (long)at,
			                      "WELCOME check is %u, not one of 0 (CRC-32) and 1 (header)",
			                      h->check);
	}
	if (version >= 3 && read_depth(r, &h->depth, "WELCOME depth"))
		return -1;
	return ip_rbuf_end(r);
}

int ip_decode_error(struct ip_rbuf *r, struct ip_error_msg *e)
{
	const char *s;
	size_t n;
	if (ip_rbuf_u32(r, &e->code, "ERROR code") || ip_rbuf_u64(r, &e->offset, "ERROR offset") ||
	    ip_rbuf_str(r, &s, &n, "ERROR message"))
		return -1;
	if (n >= sizeof e->message)
		n = sizeof e->message - 1;
	memcpy(e->message, s, n);
	e->message[n] = 0;
	for (size_t i = 0; i < n; i++) /* a message for a terminal: no control bytes */
		if ((unsigned char)e->message[i] < 0x20)
			e->message[i] = '?';
	return ip_rbuf_end(r);
}

/* A str or blob on the wire: its u32 length and its bytes. */
static size_t item(size_t len)
{
	return 4 + len;
}

/* Role names on the wire: each name and its length, found once. */
struct role_names {
	const char *name[IP_BUF_ROLE_COUNT];
	uint32_t len[IP_BUF_ROLE_COUNT];
};
static struct role_names role_table;
static pthread_once_t role_once = PTHREAD_ONCE_INIT;

static void role_table_init(void)
{
	for (unsigned i = 0; i < IP_BUF_ROLE_COUNT; i++) {
		role_table.name[i] = ip_buf_role_name((enum ip_buf_role)i);
		role_table.len[i] = (uint32_t)strlen(role_table.name[i]);
	}
}

static const struct role_names *roles(void)
{
	pthread_once(&role_once, role_table_init);
	return &role_table;
}

/* A role as a str item, and its size on the wire. */
static void write_role(struct ip_wbuf *w, const struct role_names *t, enum ip_buf_role role)
{
	if ((unsigned)role < IP_BUF_ROLE_COUNT)
		ip_wbuf_blob(w, t->name[role], t->len[role]);
	else
		ip_wbuf_str(w, ip_buf_role_name(role));
}

static size_t role_item(const struct role_names *t, enum ip_buf_role role)
{
	return 4 + ((unsigned)role < IP_BUF_ROLE_COUNT ? t->len[role]
	                                                : strlen(ip_buf_role_name(role)));
}

size_t ip_job_wire_size(const struct ip_job *j, const struct ip_result *res)
{
	const struct role_names *t = roles();
	size_t n = item(j->code_len) + 4 + 8 + 4 + 4 + 4; /* code .. ninputs, noutputs */
	for (unsigned k = 0; k < j->ninputs; k++)
		n += role_item(t, j->inputs[k].role) + item(j->inputs[k].len);
	for (unsigned k = 0; k < res->noutputs; k++)
		n += role_item(t, res->outputs[k].role) + 4;
	return n;
}

size_t ip_result_wire_size(const struct ip_result *res, size_t why_len)
{
	const struct role_names *t = roles();
	size_t n = 4 * 4 + 8 + item(why_len < IP_PROTO_MAX_STR ? why_len : IP_PROTO_MAX_STR) + 4;
	for (unsigned k = 0; k < res->noutputs; k++)
		n += role_item(t, res->outputs[k].role) + item(res->outputs[k].cap);
	return n;
}

size_t ip_job_wire_size2(const struct ip_job *j, const struct ip_result *res)
{
	const struct role_names *t = roles();
	size_t n = item(j->code_len) + 4 + 8 + 4 + 4 + 4; /* code .. ninputs, noutputs */
	for (unsigned k = 0; k < j->ninputs; k++)
		n += role_item(t, j->inputs[k].role) + 4;
	for (unsigned k = 0; k < res->noutputs; k++)
		n += role_item(t, res->outputs[k].role) + 4;
	return n;
}

size_t ip_result_wire_size2(const struct ip_result *res, size_t why_len)
{
	return ip_result_wire_size(res, why_len) + 4 * (size_t)res->noutputs;
}

/* A job's fields before its inputs, and its outputs (the same in versions 1 and 2). */
static void job_head(struct ip_wbuf *w, const struct ip_job *j)
{
	ip_wbuf_blob(w, j->code, j->code_len);
	ip_wbuf_u32(w, j->limits.invocations);
	ip_wbuf_u64(w, j->limits.budget);
	ip_wbuf_u32(w, (uint32_t)j->uniform_regs);
	ip_wbuf_u32(w, j->ninputs);
}

static void job_outputs(struct ip_wbuf *w, const struct role_names *t,
                        const struct ip_result *res)
{
	ip_wbuf_u32(w, res->noutputs);
	for (unsigned k = 0; k < res->noutputs; k++) {
		write_role(w, t, res->outputs[k].role);
		ip_wbuf_u32(w, (uint32_t)res->outputs[k].cap);
	}
}

void ip_encode_batch2(struct ip_wbuf *w, uint32_t id, const struct ip_pool *pool,
                      const struct ip_job *jobs, const struct ip_result *results, size_t n)
{
	const struct role_names *t = roles();
	const struct ip_buf *last = NULL;
	unsigned nlast = 0;
	uint32_t index[IP_PROTO_MAX_BUFS];
	size_t f = ip_frame_begin(w, IP_MSG_BATCH);
	ip_wbuf_u32(w, id);
	ip_wbuf_u32(w, (uint32_t)n);
	ip_wbuf_u32(w, (uint32_t)pool->n);
	for (size_t k = 0; k < pool->n; k++)
		ip_wbuf_blob(w, pool->items[k]->data, pool->items[k]->len);
	for (size_t i = 0; i < n; i++) {
		const struct ip_job *j = &jobs[i];
		job_head(w, j);
		/* Jobs made alike share their inputs array: its indices are looked up once. */
		if (j->inputs != last || j->ninputs != nlast)
			for (unsigned k = 0; k < j->ninputs && k < IP_PROTO_MAX_BUFS; k++)
				index[k] = ip_pool_find(pool, &j->inputs[k]);
		last = j->inputs;
		nlast = j->ninputs;
		for (unsigned k = 0; k < j->ninputs; k++) {
			write_role(w, t, j->inputs[k].role);
			ip_wbuf_u32(w, k < IP_PROTO_MAX_BUFS ? index[k] : UINT32_MAX);
		}
		job_outputs(w, t, &results[i]);
	}
	ip_frame_end(w, f);
}

void ip_encode_batch(struct ip_wbuf *w, uint32_t id, const struct ip_job *jobs,
                     const struct ip_result *results, size_t n)
{
	const struct role_names *t = roles();
	size_t f = ip_frame_begin(w, IP_MSG_BATCH);
	ip_wbuf_u32(w, id);
	ip_wbuf_u32(w, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		const struct ip_job *j = &jobs[i];
		job_head(w, j);
		for (unsigned k = 0; k < j->ninputs; k++) {
			write_role(w, t, j->inputs[k].role);
			ip_wbuf_blob(w, j->inputs[k].data, j->inputs[k].len);
		}
		job_outputs(w, t, &results[i]);
	}
	ip_frame_end(w, f);
}

/* A role's name, compared with the known names where it lies in the payload (no copy). */
static int read_role(struct ip_rbuf *r, enum ip_buf_role *role, const char *what)
{
	size_t at = r->pos, n;
	const char *s;
	char name[64];
	if (ip_rbuf_str(r, &s, &n, what))
		return -1;
	const struct role_names *t = roles();
	for (unsigned i = 0; i < IP_BUF_ROLE_COUNT; i++) {
		if (t->len[i] == n && memcmp(t->name[i], s, n) == 0) {
			*role = (enum ip_buf_role)i;
			return 0;
		}
	}
	r->pos = at; /* again, for the message that names it */
	if (ip_rbuf_name(r, name, sizeof name, what))
		return -1;
	return ip_diag_offset(r->d, r->base + (long)at, "unknown buffer role '%s' in %s", name,
	                      what);
}

static int read_count(struct ip_rbuf *r, uint32_t *n, uint32_t max, const char *what)
{
	size_t at = r->pos;
	if (ip_rbuf_u32(r, n, what))
		return -1;
	if (*n > max)
		return ip_diag_offset(r->d, r->base + (long)at, "%s is %u, at most %u", what, *n, max);
	return 0;
}

void ip_batch_free(struct ip_batch *b)
{
	free(b->jobs);
	free(b->results);
	free(b->inputs);
	free(b->outputs);
	if (!b->outmem_borrowed)
		free(b->outmem);
	free(b->shared);
	memset(b, 0, sizeof *b);
}

/* What the arrays of a batch being decoded hold at most (decode_batch). */
struct batch_caps {
	size_t jobs, bufs, shared;
};

/* One pass over the payload: checks every item and fills the arrays, which decode_batch sized
 * by what the payload's length allows (never by a count not yet checked); outputs get their
 * capacities here and their memory after. */
static int batch_pass(struct ip_rbuf *r, unsigned version, struct ip_batch *b,
                      const struct batch_caps *caps, size_t *nin, size_t *nout,
                      size_t *outbytes)
{
	uint32_t count, nshared = 0;
	size_t in_i = 0, out_i = 0, bytes = 0, answer = IP_PROTO_BATCH_HEAD;
	size_t per_output = version >= 2 ? 4 : 0; /* version 2 RESULTS: an output's `from` */
	size_t empty_result = ip_result_wire_size(&(struct ip_result){0}, 0);
	const struct role_names *t = roles();
	r->pos = 0;
	if (ip_rbuf_u32(r, &b->id, "BATCH id") ||
	    read_count(r, &count, IP_PROTO_MAX_JOBS, "BATCH job count"))
		return -1;
	b->n = count;
	if (version >= 2 &&
	    read_count(r, &nshared, IP_PROTO_MAX_SHARED, "BATCH shared input count"))
		return -1;
	b->nshared = nshared;
	for (uint32_t k = 0; k < nshared; k++) {
		struct ip_buf sh = {0};
		if (ip_rbuf_blob(r, &sh.data, &sh.len, IP_PROTO_MAX_PAYLOAD, "BATCH shared input"))
			return -1;
		if (k >= caps->shared) /* cannot be: each took 4 bytes or more */
			return ip_diag_offset(r->d, r->base, "too many shared inputs");
		b->shared[k] = sh;
	}
	for (size_t i = 0; i < count; i++) {
		struct ip_job job = {0};
		uint32_t ninputs, noutputs, regs;
		size_t limits_at;
		if (ip_rbuf_blob(r, &job.code, &job.code_len, IP_PROTO_MAX_PAYLOAD, "job code"))
			return -1;
		limits_at = r->pos;
		if (ip_rbuf_u32(r, &job.limits.invocations, "job invocations") ||
		    ip_rbuf_u64(r, &job.limits.budget, "job budget"))
			return -1;
		/* A job no probe could ask for would keep the device busy for hours: refused. */
		if (job.limits.invocations > IP_JOB_MAX_INVOCATIONS)
			return ip_diag_offset(r->d, r->base + (long)limits_at,
			                      "job %zu: %u invocations, more than the %u a job may ask for",
			                      i, job.limits.invocations, IP_JOB_MAX_INVOCATIONS);
		if (job.limits.budget > IP_JOB_MAX_BUDGET)
			return ip_diag_offset(r->d, r->base + (long)limits_at + 4,
			                      "job %zu: a budget of %llu steps, more than the %u a job "
			                      "may ask for",
			                      i, (unsigned long long)job.limits.budget, IP_JOB_MAX_BUDGET);
		if (ip_rbuf_u32(r, &regs, "job uniform_regs") ||
		    read_count(r, &ninputs, IP_PROTO_MAX_BUFS, "job input count"))
			return -1;
		job.uniform_regs = (int32_t)regs;
		job.ninputs = ninputs;
		if (i >= caps->jobs) /* cannot be: each job so far took 24 bytes or more */
			return ip_diag_offset(r->d, r->base, "too many jobs for the payload");
		job.inputs = &b->inputs[in_i];
		b->jobs[i] = job;
		for (uint32_t k = 0; k < ninputs; k++, in_i++) {
			struct ip_buf in = {0};
			if (read_role(r, &in.role, "job input role"))
				return -1;
			if (version >= 2) {
				uint32_t index;
				size_t at = r->pos;
				if (ip_rbuf_u32(r, &index, "job input index"))
					return -1;
				if (index >= nshared)
					return ip_diag_offset(r->d, r->base + (long)at,
					                      "job %zu: input index %u, but the BATCH "
					                      "has %u shared inputs",
					                      i, index, nshared);
				in.data = b->shared[index].data;
				in.len = b->shared[index].len;
			} else if (ip_rbuf_blob(r, &in.data, &in.len, IP_PROTO_MAX_PAYLOAD,
			                        "job input data")) {
				return -1;
			}
			if (in_i >= caps->bufs) /* cannot be: each input took 14 bytes or more */
				return ip_diag_offset(r->d, r->base, "too many inputs for the payload");
			b->inputs[in_i] = in;
		}
		if (read_count(r, &noutputs, IP_PROTO_MAX_BUFS, "job output count"))
			return -1;
		b->results[i].outputs = &b->outputs[out_i];
		b->results[i].noutputs = noutputs;
		answer += empty_result;
		for (uint32_t k = 0; k < noutputs; k++, out_i++) {
			struct ip_out_buf out = {0};
			uint32_t cap;
			size_t at = r->pos;
			if (read_role(r, &out.role, "job output role") ||
			    ip_rbuf_u32(r, &cap, "job output capacity"))
				return -1;
			for (uint32_t m = 0; m < k; m++)
				if (b->outputs[out_i - k + m].role == out.role)
					return ip_diag_offset(r->d, r->base + (long)at,
					                      "job %zu asks for output '%s' twice", i,
					                      ip_buf_role_name(out.role));
			if (cap > IP_PROTO_MAX_OUT_TOTAL - bytes)
				return ip_diag_offset(r->d, r->base + (long)at,
				                      "the batch's outputs need more than %zu bytes "
				                      "(job %zu)",
				                      IP_PROTO_MAX_OUT_TOTAL, i);
			if (out_i >= caps->bufs) /* cannot be: each output took 14 bytes or more */
				return ip_diag_offset(r->d, r->base, "too many outputs for the payload");
			out.cap = cap; /* data: once the batch's output memory is there */
			b->outputs[out_i] = out;
			bytes += cap;
			answer += role_item(t, out.role) + item(cap) + per_output;
		}
		/* The RESULTS must fit one frame, even with no why text: the caller splits. */
		if (answer > IP_PROTO_MAX_PAYLOAD)
			return ip_diag_offset(r->d, r->base + 4,
			                      "the answer to jobs 0 to %zu would be %zu bytes or more, "
			                      "more than one frame holds (%u): send fewer jobs per BATCH",
			                      i, answer, IP_PROTO_MAX_PAYLOAD);
	}
	*nin = in_i;
	*nout = out_i;
	*outbytes = bytes;
	return ip_rbuf_end(r);
}

static int decode_batch(struct ip_rbuf *r, unsigned version, struct ip_batch *b,
                        struct ip_outmem *m)
{
	size_t nin = 0, nout = 0, bytes = 0, at = 0;
	/* Bounds from the payload's length: a job takes 24 bytes or more before it is stored (code,
	 * invocations, budget, uniform_regs, ninputs), an input or output 14 (a role's name, 6
	 * letters or more, and an index, blob or capacity), a shared input 4. */
	struct batch_caps caps = {r->len / 24 + 1, r->len / 14 + 1, r->len / 4 + 1};
	memset(b, 0, sizeof *b);
	if (caps.jobs > IP_PROTO_MAX_JOBS)
		caps.jobs = IP_PROTO_MAX_JOBS;
	if (caps.shared > IP_PROTO_MAX_SHARED)
		caps.shared = IP_PROTO_MAX_SHARED;
	b->jobs = calloc(caps.jobs, sizeof *b->jobs);
	b->results = calloc(caps.jobs, sizeof *b->results);
	b->inputs = malloc(caps.bufs * sizeof *b->inputs);
	b->outputs = malloc(caps.bufs * sizeof *b->outputs);
	b->shared = malloc(caps.shared * sizeof *b->shared);
	if (!b->jobs || !b->results || !b->inputs || !b->outputs || !b->shared) {
		ip_batch_free(b);
		return ip_diag_offset(r->d, r->base, "out of memory for a batch of %zu bytes", r->len);
	}
	if (batch_pass(r, version, b, &caps, &nin, &nout, &bytes)) {
		ip_batch_free(b);
		return -1;
	}
	if (m && m->cap < bytes) { /* grown zeroed: no byte of it is ever uninitialised */
		uint8_t *grown = realloc(m->mem, bytes);
		if (!grown) {
			ip_batch_free(b);
			return ip_diag_offset(r->d, r->base, "out of memory for a batch (%zu output "
			                                     "bytes)",
			                      bytes);
		}
		memset(grown + m->cap, 0, bytes - m->cap);
		m->mem = grown;
		m->cap = bytes;
	}
	if (m && bytes) {
		b->outmem = m->mem;
		b->outmem_borrowed = 1;
	} else if (!(b->outmem = calloc(bytes ? bytes : 1, 1))) {
		ip_batch_free(b);
		return ip_diag_offset(r->d, r->base, "out of memory for a batch (%zu output bytes)",
		                      bytes);
	}
	for (size_t k = 0; k < nout; k++) { /* one after another, as the jobs ask for them */
		b->outputs[k].data = b->outmem + at;
		at += b->outputs[k].cap;
	}
	return 0;
}

int ip_decode_batch(struct ip_rbuf *r, struct ip_batch *b)
{
	return decode_batch(r, 1, b, NULL);
}

int ip_decode_batch2(struct ip_rbuf *r, struct ip_batch *b)
{
	return decode_batch(r, 2, b, NULL);
}

int ip_decode_batch_in(struct ip_rbuf *r, unsigned version, struct ip_batch *b,
                       struct ip_outmem *m)
{
	return decode_batch(r, version >= 2 ? 2 : 1, b, m);
}

/* Version 2's equal outputs: a table of the outputs sent so far in one RESULTS, by a hash of
 * their role and bytes, so that an output equal to an earlier one is sent as its index. */
struct seen_out {
	uint64_t hash;
	uint32_t result; /* UINT32_MAX: empty */
	const struct ip_out_buf *out;
};

/* Four independent lanes of 8 bytes (32 bytes a step, no lane waiting on another's multiply),
 * folded at the end. Only a hint: equal hashes are compared byte for byte. */
static uint64_t out_hash(const struct ip_out_buf *o, size_t len)
{
	uint64_t h[4] = {(uint64_t)len * 0x9E3779B97F4A7C15u ^ (uint64_t)o->role, 1, 2, 3};
	size_t i = 0;
	for (; i + 32 <= len; i += 32)
		for (int k = 0; k < 4; k++) {
			uint64_t v;
			memcpy(&v, o->data + i + 8 * k, 8);
			h[k] = (h[k] ^ v) * 0xBF58476D1CE4E5B9u;
			h[k] ^= h[k] >> 31;
		}
	for (; i < len; i++)
		h[0] = (h[0] ^ o->data[i]) * 0x94D049BB133111EBu;
	h[0] ^= (h[1] * 0x9E3779B97F4A7C15u) ^ (h[2] * 0xBF58476D1CE4E5B9u) ^
	        (h[3] * 0x94D049BB133111EBu);
	return h[0] ^ h[0] >> 29;
}

/* The earlier result whose output of o's role equals o's first len bytes, else UINT32_MAX after
 * entering this one as result i. */
static uint32_t seen_find(struct seen_out *t, size_t nslots, const struct ip_out_buf *o,
                          size_t len, uint32_t i)
{
	uint64_t h = out_hash(o, len);
	for (size_t k = (size_t)h & (nslots - 1);; k = (k + 1) & (nslots - 1)) {
		struct seen_out *e = &t[k];
		if (e->result == UINT32_MAX) {
			*e = (struct seen_out){h, i, o};
			return UINT32_MAX;
		}
		if (e->hash == h && e->out->role == o->role &&
		    (e->out->len < e->out->cap ? e->out->len : e->out->cap) == len &&
		    (len == 0 || memcmp(e->out->data, o->data, len) == 0))
			return e->result;
	}
}

/* Whether the result before has an output of o's role (looked for first where o is, k) with
 * exactly o's len bytes: runs of equal outcomes cost a comparison, not a hash. */
static int same_as_before(const struct ip_result *prev, const struct ip_out_buf *o, unsigned k,
                          size_t len)
{
	const struct ip_out_buf *p = k < prev->noutputs && prev->outputs[k].role == o->role
	                                     ? &prev->outputs[k]
	                                     : NULL;
	for (unsigned m = 0; !p && m < prev->noutputs; m++)
		if (prev->outputs[m].role == o->role)
			p = &prev->outputs[m];
	return p && (p->len < p->cap ? p->len : p->cap) == len &&
	       (len == 0 || memcmp(p->data, o->data, len) == 0);
}

static void encode_results(struct ip_wbuf *w, unsigned version, uint32_t id,
                           const struct ip_result *results, size_t n)
{
	const struct role_names *t = roles();
	size_t f, total = IP_PROTO_BATCH_HEAD, least = IP_PROTO_BATCH_HEAD, why_cap = IP_PROTO_MAX_STR;
	size_t (*wire_size)(const struct ip_result *, size_t) =
		version >= 2 ? ip_result_wire_size2 : ip_result_wire_size;
	struct seen_out *seen = NULL;
	size_t nslots = 0, nouts = 0;
	for (size_t i = 0; i < n; i++) {
		const struct ip_result *res = &results[i];
		total += wire_size(res, res->status == IP_STATUS_OK || !res->why ? 0 : strlen(res->why));
		least += wire_size(res, 0);
		nouts += res->noutputs;
	}
	if (total > IP_PROTO_MAX_PAYLOAD && least <= IP_PROTO_MAX_PAYLOAD)
		why_cap = (IP_PROTO_MAX_PAYLOAD - least) / (n ? n : 1); /* texts for humans: cut */
	if (version >= 2 && nouts) {
		for (nslots = 16; nslots < 2 * nouts; nslots *= 2)
			;
		seen = malloc(nslots * sizeof *seen); /* none: every output is sent whole */
		for (size_t k = 0; seen && k < nslots; k++)
			seen[k].result = UINT32_MAX;
	}
	f = ip_frame_begin(w, IP_MSG_RESULTS);
	ip_wbuf_u32(w, id);
	ip_wbuf_u32(w, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		const struct ip_result *res = &results[i];
		ip_wbuf_u32(w, (uint32_t)res->status);
		ip_wbuf_u32(w, res->fault);
		ip_wbuf_u32(w, res->invocation);
		ip_wbuf_u32(w, res->where);
		ip_wbuf_u64(w, res->steps);
		if (res->status == IP_STATUS_OK || !res->why) {
			ip_wbuf_str(w, NULL);
		} else {
			size_t len = strlen(res->why);
			if (len > why_cap) /* cut at a character boundary of the UTF-8 */
				for (len = why_cap; len && ((uint8_t)res->why[len] & 0xC0) == 0x80; len--)
					;
			ip_wbuf_blob(w, res->why, len);
		}
		ip_wbuf_u32(w, res->noutputs);
		for (unsigned k = 0; k < res->noutputs; k++) {
			const struct ip_out_buf *o = &res->outputs[k];
			size_t len = o->len < o->cap ? o->len : o->cap;
			write_role(w, t, o->role);
			if (version >= 2) {
				uint32_t from = i > 0 && same_as_before(&results[i - 1], o, k, len)
				                        ? (uint32_t)(i - 1)
				                : seen ? seen_find(seen, nslots, o, len, (uint32_t)i)
				                       : IP_PROTO_NOT_SHARED;
				ip_wbuf_u32(w, from);
				if (from != IP_PROTO_NOT_SHARED)
					continue;
			}
			ip_wbuf_blob(w, o->data, len);
		}
	}
	free(seen);
	ip_frame_end(w, f);
}

void ip_encode_results(struct ip_wbuf *w, uint32_t id, const struct ip_result *results, size_t n)
{
	encode_results(w, 1, id, results, n);
}

void ip_encode_results2(struct ip_wbuf *w, uint32_t id, const struct ip_result *results,
                        size_t n)
{
	encode_results(w, 2, id, results, n);
}

static int decode_results(struct ip_rbuf *r, unsigned version, uint32_t id,
                          struct ip_result *results, size_t n,
                          const char *(*intern)(void *ctx, const char *s, size_t len), void *ctx)
{
	uint32_t got_id, count;
	if (ip_rbuf_u32(r, &got_id, "RESULTS id"))
		return -1;
	if (got_id != id)
		return ip_diag_offset(r->d, r->base, "RESULTS for batch %u, expected batch %u", got_id,
		                      id);
	if (ip_rbuf_u32(r, &count, "RESULTS count"))
		return -1;
	if (count != n)
		return ip_diag_offset(r->d, r->base + 4, "RESULTS has %u results for a batch of %zu",
		                      count, n);
	for (size_t i = 0; i < n; i++) {
		struct ip_result *res = &results[i];
		uint32_t status, nout, seen = 0;
		const char *why;
		size_t why_len, at;
		for (unsigned k = 0; k < res->noutputs; k++)
			res->outputs[k].len = 0;
		at = r->pos;
		if (ip_rbuf_u32(r, &status, "result status"))
			return -1;
		if (status >= IP_STATUS_COUNT)
			return ip_diag_offset(r->d, r->base + (long)at,
			                      "result %zu has status %u, not one of 0..%d", i, status,
			                      IP_STATUS_COUNT - 1);
		res->status = (enum ip_status)status;
		if (ip_rbuf_u32(r, &res->fault, "result fault") ||
		    ip_rbuf_u32(r, &res->invocation, "result invocation") ||
		    ip_rbuf_u32(r, &res->where, "result where") ||
		    ip_rbuf_u64(r, &res->steps, "result steps") ||
		    ip_rbuf_str(r, &why, &why_len, "result why"))
			return -1;
		res->why = why_len ? intern(ctx, why, why_len) : NULL;
		if (ip_rbuf_u32(r, &nout, "result output count"))
			return -1;
		for (uint32_t k = 0; k < nout; k++) {
			enum ip_buf_role role;
			struct ip_out_buf *o = NULL;
			const uint8_t *data;
			size_t len;
			at = r->pos;
			if (read_role(r, &role, "result output role"))
				return -1;
			for (unsigned m = 0; m < res->noutputs; m++)
				if (res->outputs[m].role == role)
					o = &res->outputs[m];
			if (!o || (seen >> role & 1))
				return ip_diag_offset(r->d, r->base + (long)at,
				                      "result %zu returns output '%s' %s", i,
				                      ip_buf_role_name(role),
				                      o ? "twice" : "which the job did not ask for");
			seen |= 1u << role;
			if (version >= 2) {
				uint32_t from;
				at = r->pos;
				if (ip_rbuf_u32(r, &from, "result output from"))
					return -1;
				if (from != IP_PROTO_NOT_SHARED) {
					const struct ip_out_buf *src = NULL;
					if (from < i)
						for (unsigned m = 0; m < results[from].noutputs; m++)
							if (results[from].outputs[m].role == role)
								src = &results[from].outputs[m];
					if (!src || src->len > o->cap)
						return ip_diag_offset(
							r->d, r->base + (long)at,
							"result %zu takes output '%s' from result %u, which "
							"%s",
							i, ip_buf_role_name(role), from,
							from >= i  ? "does not come before it"
							: !src     ? "has no such output"
							           : "is longer than this output's capacity");
					if (src->len && src->data != o->data)
						memmove(o->data, src->data, src->len);
					o->len = src->len;
					continue;
				}
			}
			if (ip_rbuf_blob(r, &data, &len, o->cap, "result output data"))
				return -1;
			if (len)
				memcpy(o->data, data, len);
			o->len = len;
		}
	}
	return ip_rbuf_end(r);
}

int ip_decode_results(struct ip_rbuf *r, uint32_t id, struct ip_result *results, size_t n,
                      const char *(*intern)(void *ctx, const char *s, size_t len), void *ctx)
{
	return decode_results(r, 1, id, results, n, intern, ctx);
}

int ip_decode_results2(struct ip_rbuf *r, uint32_t id, struct ip_result *results, size_t n,
                       const char *(*intern)(void *ctx, const char *s, size_t len), void *ctx)
{
	return decode_results(r, 2, id, results, n, intern, ctx);
}

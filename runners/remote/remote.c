/* remote.c: the "remote" runner backend: runs batches on an agent process (cfg->device, a
 * shell command) over docs/protocol.md, version 3 or, with an older agent, 2 or 1; a failed
 * batch is retried on a fresh agent. Two batches may be submitted at once (submit_batch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "isaprobe/version.h"
#include "proto.h"

#define DEFAULT_TIMEOUT_MS 120000
#define DEFAULT_RETRIES 2
#define DEFAULT_DEPTH 2 /* version 3: BATCH frames in flight */
#define MAX_INTERNED 4096
#define INTERN_SLOTS 8192 /* at most half full */

/* A batch of the caller's (a run_batch call, or one submitted) on its way. */
struct call {
	const struct ip_job *jobs;
	struct ip_result *results;
	size_t n;
	size_t next;   /* jobs[next..n) are in no piece yet */
	size_t failed; /* results that are runner errors */
	size_t most;   /* jobs per piece (piece_jobs()) */
	int lost;      /* IP_RUNNER_DEVICE_LOST: nothing of it may be stored */
};

/* A piece of a call that travels as one BATCH frame. */
struct piece {
	struct call *c;
	size_t at, n;    /* c->jobs[at..at + n) */
	uint32_t id;     /* its BATCH's id on the current agent */
	uint64_t end;    /* where its BATCH ends in the stream to the agent (r->out_base + ...) */
	int tries;       /* attempts at it that failed */
	int device_gone; /* one of them was answered ERROR 6 */
};

struct remote {
	char *command;
	char isa[128], gpu[128]; /* what was asked for */
	struct ip_welcome welcome; /* what the current (or last) agent serves */
	struct ip_child child;
	int alive;
	int timeout_ms, retries;
	uint32_t next_id;
	int device_gone;           /* an attempt at this batch was answered ERROR 6 (device gone) */
	unsigned offer;            /* the version HELLO is sent in */
	unsigned version;          /* the conversation's (the HELLO's, once WELCOME came back) */
	unsigned agent_version;    /* of the last ERROR frame of another version, else 0 */
	int opening;               /* in remote_open: an older agent lowers the offer */
	int full_crc;              /* ISAPROBE_REMOTE_CHECK=crc32: never the header-only check */
	struct ip_pool pool;       /* version 2: the shared inputs of the BATCH being sent */
	const struct ip_buf *pool_inputs; /* the inputs array of the last job the pool took */
	unsigned pool_ninputs;
	struct ip_wbuf out, in;   /* out: the BATCH frames queued for the agent; in: one answer */
	size_t sent;              /* bytes of out written to the agent */
	uint64_t out_base;        /* bytes of the stream before out.data[0] (sent and dropped) */
	unsigned depth;           /* BATCH frames the agent allows unanswered (1 before version 3) */
	unsigned depth_want;      /* what HELLO offers: ISAPROBE_REMOTE_DEPTH, default 2 */
	size_t batch_jobs;        /* ISAPROBE_REMOTE_BATCH_JOBS, or 0: piece_jobs() chooses */
	/* calls submitted and not collected: calls[(first + i) % IP_RUNNER_MAX_SUBMITTED], oldest
	 * first; their pieces w[0..count) in order, w[0..nflight) sent, the rest to send again */
	struct call calls[IP_RUNNER_MAX_SUBMITTED];
	unsigned first, ncalls;
	struct piece w[IP_PROTO_MAX_DEPTH];
	size_t count, nflight;
	long deadline;            /* for the answer to w[0] */
	/* why texts of results: each distinct text kept once, for the runner's lifetime */
	char **texts;
	size_t ntexts, texts_cap;
	uint32_t *text_slots; /* INTERN_SLOTS: 1 + the index in texts of the text there, 0 empty */
	const char *last_text;
};

/* FNV-1a: where a why text's slot in the intern table starts. */
static size_t text_slot(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h & (INTERN_SLOTS - 1);
}

/* Whether the kept text t is s[0..len) (s may hold zero bytes: t is never read past its end). */
static int same_text(const char *t, const char *s, size_t len)
{
	return strnlen(t, len + 1) == len && memcmp(t, s, len) == 0;
}

/* The runner's copy of a why text: each distinct text kept once (found through a hash table),
 * control bytes made spaces. */
static const char *intern(void *ctx, const char *s, size_t len)
{
	struct remote *r = ctx;
	char *copy;
	size_t slot;
	if (r->last_text && same_text(r->last_text, s, len))
		return r->last_text; /* the same as the result before: the common case */
	if (!r->text_slots && !(r->text_slots = calloc(INTERN_SLOTS, sizeof *r->text_slots)))
		return "(out of memory for the agent's why text)";
	for (slot = text_slot(s, len); r->text_slots[slot];
	     slot = (slot + 1) & (INTERN_SLOTS - 1)) {
		const char *t = r->texts[r->text_slots[slot] - 1];
		if (same_text(t, s, len))
			return r->last_text = t;
	}
	if (r->ntexts >= MAX_INTERNED)
		return "(the agent gave too many different why texts to keep)";
	copy = malloc(len + 1);
	if (!copy || ip_grow((void **)&r->texts, &r->texts_cap, r->ntexts + 1, sizeof *r->texts)) {
		free(copy);
		return "(out of memory for the agent's why text)";
	}
	memcpy(copy, s, len);
	copy[len] = 0;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)copy[i] < 0x20)
			copy[i] = ' ';
	r->texts[r->ntexts++] = copy;
	r->text_slots[slot] = (uint32_t)r->ntexts; /* index + 1; 0: empty */
	return r->last_text = copy;
}

static int env_number(const char *name, double dflt, double lo, double hi, double *out,
                      struct ip_diag *d)
{
	const char *s = getenv(name);
	char *end;
	double v;
	*out = dflt;
	if (!s || !*s)
		return 0;
	v = strtod(s, &end);
	if (*end || !(v >= lo && v <= hi))
		return ip_diag_plain(d, "%s='%s': expected a number from %g to %g", name, s, lo, hi);
	*out = v;
	return 0;
}

/* Reads the answer frame in r->in as a message of type `want`: a frame of another version,
 * an ERROR frame or another type is an error for humans. Sets *payload. */
static int expect_frame(struct remote *r, unsigned want, struct ip_rbuf *payload,
                        struct ip_diag *d)
{
	struct ip_frame f;
	long at = r->child.received - (long)r->in.len;
	ip_frame_parse(r->in.data, at, &f, d); /* already checked by ip_child_exchange */
	*payload = (struct ip_rbuf){r->in.data + IP_PROTO_HEADER, f.length, 0, at + IP_PROTO_HEADER,
	                            d};
	if (f.type == IP_MSG_ERROR) {
		struct ip_error_msg e;
		if (ip_decode_error(payload, &e) != 0)
			return -1;
		if (f.version == r->version && e.code == IP_PERR_LOST)
			r->device_gone = 1;
		if (f.version != r->version) {
			r->agent_version = f.version;
			return ip_diag_plain(d, "the agent speaks protocol version %u; this isaprobe "
			                        "speaks versions %u to %u, and version %u here (the agent "
			                        "says: %s)",
			                     f.version, IP_PROTO_VERSION_OLDEST, IP_PROTO_VERSION,
			                     r->version, e.message);
		}
		if (e.offset == IP_PROTO_NO_OFFSET)
			return ip_diag_plain(d, "the agent reports error %u: %s", e.code, e.message);
		return ip_diag_plain(d, "the agent reports error %u at byte offset %llu of its input: "
		                        "%s",
		                     e.code, (unsigned long long)e.offset, e.message);
	}
	if (f.version != r->version)
		return ip_diag_plain(d, "the agent speaks protocol version %u; this isaprobe speaks "
		                        "versions %u to %u, and version %u here",
		                     f.version, IP_PROTO_VERSION_OLDEST, IP_PROTO_VERSION, r->version);
	if (f.type != want)
		return ip_diag_offset(d, at + 6, "the agent sent a %s frame (type %u) where %s was "
		                                 "expected",
		                      ip_msg_name(f.type), f.type, ip_msg_name(want));
	return 0;
}

static void stop_agent(struct remote *r)
{
	if (r->alive)
		ip_child_kill(&r->child);
	r->alive = 0;
}

/* Starts an agent and shakes hands. On failure nothing is left running. */
static int start_agent(struct remote *r, struct ip_diag *d)
{
	struct ip_hello hello = {0};
	struct ip_rbuf payload;
	int ok;
	snprintf(hello.isa, sizeof hello.isa, "%s", r->isa);
	snprintf(hello.gpu, sizeof hello.gpu, "%s", r->gpu);
	snprintf(hello.who, sizeof hello.who, "isaprobe %s", ISAPROBE_VERSION);
	hello.checks = 1u << IP_CHECK_CRC32 | (r->full_crc ? 0 : 1u << IP_CHECK_HEADER);
	hello.depth = r->depth_want;
	if (ip_child_spawn(&r->child, r->command, d) != 0)
		return -1;
	r->alive = 1;
	r->out.len = 0;
	r->version = r->offer;
	r->agent_version = 0;
	r->out.version = r->in.version = (uint16_t)r->version;
	r->out.check = r->in.check = IP_CHECK_CRC32; /* until WELCOME */
	ip_encode_hello(&r->out, &hello);
	if (r->out.failed) {
		stop_agent(r);
		return ip_diag_plain(d, "out of memory");
	}
	ok = ip_child_exchange(&r->child, r->out.data, r->out.len, &r->in, r->timeout_ms, d) == 0;
	if (ok && ip_le16(r->in.data + 6) == IP_MSG_WELCOME) {
		/* An agent answers in the newest version it speaks, at most the HELLO's. */
		unsigned v = ip_le16(r->in.data + 4);
		if (v >= IP_PROTO_VERSION_OLDEST && v < r->version)
			r->version = v;
	}
	if (!ok || expect_frame(r, IP_MSG_WELCOME, &payload, d) != 0 ||
	    ip_decode_welcome(&payload, r->version, &r->welcome) != 0) {
		stop_agent(r);
		/* An older agent refused the HELLO's version: once, on opening, speak its own. */
		if (r->opening && r->agent_version >= IP_PROTO_VERSION_OLDEST &&
		    r->agent_version < r->offer) {
			r->offer = r->agent_version;
			r->opening = 0;
			return start_agent(r, d);
		}
		return -1;
	}
	if (r->version >= 2 && (r->welcome.check >= 32 || !(hello.checks >> r->welcome.check & 1))) {
		stop_agent(r);
		return ip_diag_plain(d, "the agent chose check %u, which the HELLO did not offer",
		                     r->welcome.check);
	}
	if (r->version >= 3 && r->welcome.depth > hello.depth) {
		stop_agent(r);
		return ip_diag_plain(d, "the agent allows %u BATCH frames in flight, more than the "
		                        "HELLO's %u",
		                     r->welcome.depth, hello.depth);
	}
	r->depth = r->version >= 3 ? r->welcome.depth : 1;
	r->out.len = r->sent = 0; /* a fresh stream: nothing of it queued yet */
	r->out_base = 0;
	r->out.version = r->in.version = (uint16_t)r->version;
	r->out.check = r->in.check = (uint8_t)r->welcome.check;
	if (r->isa[0] && strcmp(r->welcome.isa, r->isa) != 0) {
		stop_agent(r);
		return ip_diag_plain(d, "the agent serves ISA '%s', not '%s'", r->welcome.isa, r->isa);
	}
	if (r->gpu[0] && strcmp(r->welcome.gpu, r->gpu) != 0) {
		stop_agent(r);
		return ip_diag_plain(d, "the agent serves GPU model '%s', not '%s'", r->welcome.gpu,
		                     r->gpu);
	}
	return 0;
}

static void free_remote(struct remote *r)
{
	for (size_t i = 0; i < r->ntexts; i++)
		free(r->texts[i]);
	free(r->texts);
	free(r->text_slots);
	ip_wbuf_free(&r->out);
	ip_wbuf_free(&r->in);
	ip_pool_free(&r->pool);
	free(r->command);
	free(r);
}

static int remote_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct remote *r;
	double timeout_s, retries, protocol, depth, batch_jobs;
	const char *check = getenv("ISAPROBE_REMOTE_CHECK");
	if (!cfg || !cfg->device || !*cfg->device)
		return ip_diag_plain(d, "the remote runner needs a command: --runner "
		                        "remote:'COMMAND' (e.g. remote:'isaprobe agent --runner sim')");
	if (env_number("ISAPROBE_REMOTE_TIMEOUT", DEFAULT_TIMEOUT_MS / 1000.0, 0.01, 86400,
	               &timeout_s, d) ||
	    env_number("ISAPROBE_REMOTE_RETRIES", DEFAULT_RETRIES, 0, 100, &retries, d) ||
	    env_number("ISAPROBE_REMOTE_PROTOCOL", IP_PROTO_VERSION, IP_PROTO_VERSION_OLDEST,
	               IP_PROTO_VERSION, &protocol, d) ||
	    env_number("ISAPROBE_REMOTE_DEPTH", DEFAULT_DEPTH, 1, IP_PROTO_MAX_DEPTH, &depth, d) ||
	    env_number("ISAPROBE_REMOTE_BATCH_JOBS", 0, 1, IP_PROTO_MAX_JOBS, &batch_jobs, d))
		return -1;
	if (depth != (unsigned)depth)
		return ip_diag_plain(d, "ISAPROBE_REMOTE_DEPTH='%s': expected a whole number",
		                     getenv("ISAPROBE_REMOTE_DEPTH"));
	if (batch_jobs != (size_t)batch_jobs)
		return ip_diag_plain(d, "ISAPROBE_REMOTE_BATCH_JOBS='%s': expected a whole number",
		                     getenv("ISAPROBE_REMOTE_BATCH_JOBS"));
	if (protocol != (unsigned)protocol)
		return ip_diag_plain(d, "ISAPROBE_REMOTE_PROTOCOL='%s': expected a whole number",
		                     getenv("ISAPROBE_REMOTE_PROTOCOL"));
	if (check && *check && strcmp(check, "crc32") != 0 && strcmp(check, "header") != 0)
		return ip_diag_plain(d, "ISAPROBE_REMOTE_CHECK='%s': expected crc32 or header", check);
	r = calloc(1, sizeof *r);
	if (!r || !(r->command = strdup(cfg->device))) {
		free(r);
		return ip_diag_plain(d, "out of memory");
	}
	snprintf(r->isa, sizeof r->isa, "%s", cfg->isa ? cfg->isa : "");
	snprintf(r->gpu, sizeof r->gpu, "%s", cfg->gpu ? cfg->gpu : "");
	r->timeout_ms = (int)(timeout_s * 1000 + 0.5);
	r->retries = (int)retries;
	r->offer = (unsigned)protocol;
	r->depth_want = (unsigned)depth;
	r->batch_jobs = (size_t)batch_jobs;
	r->full_crc = check && strcmp(check, "crc32") == 0;
	r->opening = 1;
	if (start_agent(r, d) != 0) {
		char why[sizeof d->msg];
		snprintf(why, sizeof why, "%s", d->msg);
		ip_diag_plain(d, "remote agent '%s': %s", r->command, why);
		free_remote(r);
		return -1;
	}
	r->opening = 0;
	r->offer = r->version; /* a fresh agent speaks what this one spoke */
	*state = r;
	return 0;
}

/* Every result of results[0..n) a runner error saying why (told on standard error too). */
static void fail_jobs(struct remote *r, struct ip_result *results, size_t n, const char *why)
{
	const char *text = intern(r, why, strlen(why));
	for (size_t i = 0; i < n; i++) {
		struct ip_result *res = &results[i];
		res->status = IP_STATUS_RUNNER_ERROR;
		res->fault = res->invocation = res->where = 0;
		res->steps = 0;
		res->why = text;
		for (unsigned k = 0; k < res->noutputs; k++)
			res->outputs[k].len = 0;
	}
	fprintf(stderr, "isaprobe: remote runner: %s\n", why);
}

/* What one job takes of the protocol's limits: its bytes in a BATCH (in version 2 with every
 * distinct input of its own as a shared blob, as when it is alone), the most its result can take
 * in RESULTS, and its outputs' capacity. */
struct job_size {
	size_t request, answer, outputs;
};

/* Version 2: the wire bytes of j's inputs not yet in the pool, each distinct one once. */
static size_t new_shared_bytes(const struct ip_pool *pool, const struct ip_job *j)
{
	size_t n = 0;
	for (unsigned k = 0; k < j->ninputs; k++) {
		const struct ip_buf *b = &j->inputs[k];
		unsigned m = 0;
		while (m < k && !(j->inputs[m].data == b->data && j->inputs[m].len == b->len))
			m++;
		if (m == k && ip_pool_find(pool, b) == UINT32_MAX)
			n += 4 + b->len;
	}
	return n;
}

static struct job_size job_size(const struct remote *r, const struct ip_job *j,
                                const struct ip_result *res)
{
	static const struct ip_pool none;
	struct job_size z = {0, 0, 0};
	if (r->version >= 2) {
		z.request = ip_job_wire_size2(j, res) + new_shared_bytes(&none, j);
		z.answer = ip_result_wire_size2(res, IP_PROTO_MAX_STR);
	} else {
		z.request = ip_job_wire_size(j, res);
		z.answer = ip_result_wire_size(res, IP_PROTO_MAX_STR);
	}
	for (unsigned k = 0; k < res->noutputs; k++)
		z.outputs += res->outputs[k].cap;
	return z;
}

/* Why a job alone is over one of the limits (docs/protocol.md, "Sizes"), or NULL. */
static const char *over_limit(const struct remote *r, const struct job_size *z, char *buf,
                              size_t len)
{
	size_t head = r->version >= 2 ? IP_PROTO_BATCH2_HEAD : IP_PROTO_BATCH_HEAD;
	if (z->request + head > IP_PROTO_MAX_PAYLOAD)
		snprintf(buf, len, "a job of %zu bytes (its code and input buffers) does not fit one "
		                   "frame of the agent protocol (%u bytes of payload)",
		         z->request, IP_PROTO_MAX_PAYLOAD);
	else if (z->answer + IP_PROTO_BATCH_HEAD > IP_PROTO_MAX_PAYLOAD)
		snprintf(buf, len, "the result of a job can take %zu bytes (its output buffers), more "
		                   "than one frame of the agent protocol holds (%u bytes of payload)",
		         z->answer, IP_PROTO_MAX_PAYLOAD);
	else if (z->outputs > IP_PROTO_MAX_OUT_TOTAL)
		snprintf(buf, len, "a job's output buffers take %zu bytes, more than the agent "
		                   "protocol's %zu per batch",
		         z->outputs, IP_PROTO_MAX_OUT_TOTAL);
	else
		return NULL;
	return buf;
}

static int remote_check_job(void *state, const struct ip_job *job, const struct ip_result *res,
                            struct ip_diag *d)
{
	const struct remote *r = state;
	char why[256];
	struct job_size z = job_size(r, job, res);
	if (over_limit(r, &z, why, sizeof why))
		return ip_diag_plain(d, "%s: make the probe's buffers smaller", why);
	return 0;
}

/* Adds jobs[at + k] to the chunk whose sizes are *sum if it fits (in version 2 with those of
 * its inputs the chunk does not share yet, which join r->pool): 1, or 0 when it does not. */
static int chunk_add(struct remote *r, const struct ip_job *j, const struct ip_result *res,
                     struct job_size *sum)
{
	struct job_size z = job_size(r, j, res);
	/* Jobs made alike share one inputs array: already in the pool with the job before. */
	int same_inputs = r->pool_inputs == j->inputs && r->pool_ninputs == j->ninputs;
	if (r->version >= 2) {
		z.request = ip_job_wire_size2(j, res) +
		            (same_inputs ? 0 : new_shared_bytes(&r->pool, j));
		if (!same_inputs && r->pool.n + j->ninputs > IP_PROTO_MAX_SHARED)
			return 0;
	}
	if (z.request > IP_PROTO_MAX_PAYLOAD - sum->request ||
	    z.answer > IP_PROTO_MAX_PAYLOAD - sum->answer ||
	    z.outputs > IP_PROTO_MAX_OUT_TOTAL - sum->outputs)
		return 0;
	for (unsigned k = 0; r->version >= 2 && !same_inputs && k < j->ninputs; k++) {
		int added;
		if (ip_pool_add(&r->pool, &j->inputs[k], &added) == UINT32_MAX)
			return 0; /* out of memory: the pool is marked failed */
	}
	r->pool_inputs = j->inputs;
	r->pool_ninputs = j->ninputs;
	sum->request += z.request;
	sum->answer += z.answer;
	sum->outputs += z.outputs;
	return 1;
}

/* The jobs from jobs[at] on (at most `most`, which the caller keeps within the call's jobs)
 * that go in one BATCH: each within the protocol's job count, its frame's payload limit (in
 * version 2 and later counting each shared input once, r->pool then holding them), with an
 * answer that fits one frame whatever the agent says (every output full, every why text as long
 * as allowed) and outputs within the total the agent allocates. 0 when jobs[at] alone is over a
 * limit. */
static size_t take(struct remote *r, const struct ip_job *jobs, struct ip_result *results,
                   size_t at, size_t most)
{
	size_t head = r->version >= 2 ? IP_PROTO_BATCH2_HEAD : IP_PROTO_BATCH_HEAD;
	struct job_size sum = {head, IP_PROTO_BATCH_HEAD, 0};
	size_t k = 0;
	ip_pool_reset(&r->pool);
	r->pool_inputs = NULL;
	while (k < most && k < IP_PROTO_MAX_JOBS &&
	       chunk_add(r, &jobs[at + k], &results[at + k], &sum))
		k++;
	return k;
}

/* Appends p's BATCH (a fresh id) to the bytes queued for the agent; r->pool holds its shared
 * inputs (take() just ran on it). Sent bytes are dropped from the queue first. */
static int queue_piece(struct remote *r, struct piece *p, struct ip_diag *d)
{
	const struct ip_job *jobs = p->c->jobs;
	const struct ip_result *results = p->c->results;
	if (r->sent) {
		memmove(r->out.data, r->out.data + r->sent, r->out.len - r->sent);
		r->out_base += r->sent;
		r->out.len -= r->sent;
		r->sent = 0;
	}
	p->id = r->next_id++;
	if (r->version >= 2)
		ip_encode_batch2(&r->out, p->id, &r->pool, jobs + p->at, results + p->at, p->n);
	else
		ip_encode_batch(&r->out, p->id, jobs + p->at, results + p->at, p->n);
	if (r->out.failed) {
		r->out.failed = 0;
		return ip_diag_plain(d, "the batch does not fit one frame (or out of memory)");
	}
	p->end = r->out_base + r->out.len;
	return 0;
}

/* Waits for the answer to p, the oldest BATCH in flight, sending what is queued meanwhile, and
 * takes its results: 0, or -1 with d set (results of p partly written: the caller discards). */
static int collect_piece(struct remote *r, const struct piece *p, long deadline,
                         struct ip_diag *d)
{
	struct ip_result *results = p->c->results;
	struct ip_rbuf payload;
	if (ip_child_pump(&r->child, r->out.data, r->out.len, &r->sent, &r->in, deadline,
	                  r->timeout_ms, d) != 0)
		return -1;
	/* An ERROR may come early (the agent stopped reading): what it says is the reason. */
	if (r->out_base + r->sent < p->end && ip_le16(r->in.data + 6) != IP_MSG_ERROR)
		return ip_diag_plain(d, "the agent answered before reading the whole request (%llu of "
		                        "%llu bytes)",
		                     (unsigned long long)(r->out_base + r->sent),
		                     (unsigned long long)p->end);
	if (expect_frame(r, IP_MSG_RESULTS, &payload, d) != 0)
		return -1;
	return r->version >= 2
	               ? ip_decode_results2(&payload, p->id, results + p->at, p->n, intern, r)
	               : ip_decode_results(&payload, p->id, results + p->at, p->n, intern, r);
}

/* Fills the window (up to r->depth BATCH frames unanswered, version 3): pieces to send again
 * first, then new ones of the oldest calls (take()). Starts an agent only for a piece of
 * `starter` (the call being collected). A job over a limit alone is not sent: its result is a
 * runner error. 0, or -1 with d set: the failure of w[0] (its agent did not start, or its BATCH
 * could not be encoded). */
static int fill(struct remote *r, const struct call *starter, struct ip_diag *d)
{
	while (r->nflight < (r->alive ? r->depth : 1)) {
		struct piece *p = &r->w[r->nflight];
		if (r->nflight == r->count) {
			struct call *c = NULL;
			size_t k;
			for (unsigned i = 0; i < r->ncalls && !c; i++) {
				c = &r->calls[(r->first + i) % IP_RUNNER_MAX_SUBMITTED];
				c = c->next < c->n ? c : NULL;
			}
			if (!c || r->count >= IP_PROTO_MAX_DEPTH)
				break;
			k = take(r, c->jobs, c->results, c->next,
			         c->n - c->next < c->most ? c->n - c->next : c->most);
			if (r->pool.failed) {
				fail_jobs(r, &c->results[c->next], c->n - c->next,
				          "out of memory for a batch's shared inputs");
				c->failed += c->n - c->next;
				c->next = c->n;
				continue;
			}
			if (k == 0) { /* jobs[next] alone is over a limit */
				char why[256];
				struct job_size z = job_size(r, &c->jobs[c->next], &c->results[c->next]);
				if (!over_limit(r, &z, why, sizeof why))
					snprintf(why, sizeof why, "a job with more inputs than a BATCH shares");
				fail_jobs(r, &c->results[c->next], 1, why);
				c->failed++;
				c->next++;
				continue;
			}
			*p = (struct piece){c, c->next, k, 0, 0, 0, 0};
			c->next += k;
			r->count++;
		} else if (r->alive) {
			take(r, p->c->jobs, p->c->results, p->at, p->n); /* its shared inputs again */
		}
		if (!r->alive) {
			if (p->c != starter)
				break; /* its own collect starts an agent */
			if (start_agent(r, d) != 0)
				return -1;
			take(r, p->c->jobs, p->c->results, p->at, p->n); /* nflight is 0: p is w[0] */
		}
		if (queue_piece(r, p, d) != 0)
			return -1;
		if (r->nflight++ == 0)
			r->deadline = ip_now_ms() + r->timeout_ms;
	}
	return 0;
}

/* The oldest piece in flight (or the one an agent was started for) failed, d says how: the
 * agent is stopped, and w[0] and every later piece wait to be sent again on a fresh one, each
 * at most ISAPROBE_REMOTE_RETRIES more times after its own failures; then its results are
 * runner errors, or, when one attempt was answered ERROR 6, its call and every later one are
 * lost whole (IP_RUNNER_DEVICE_LOST: a device gone stays gone). */
static void piece_failed(struct remote *r, const struct ip_diag *d)
{
	struct piece *p = &r->w[0];
	struct call *c = p->c;
	stop_agent(r);
	r->out.len = r->sent = 0;
	r->nflight = 0;
	p->device_gone |= r->device_gone;
	r->device_gone = 0;
	if (++p->tries <= r->retries)
		return;
	{
		char why[sizeof d->msg + 128];
		if (d->offset >= 0)
			snprintf(why, sizeof why, "remote agent failed %d time%s; last: at byte offset %ld "
			                          "of its output: %s",
			         p->tries, p->tries == 1 ? "" : "s", d->offset, d->msg);
		else
			snprintf(why, sizeof why, "remote agent failed %d time%s; last: %s", p->tries,
			         p->tries == 1 ? "" : "s", d->msg);
		fail_jobs(r, &c->results[p->at], p->n, why);
	}
	c->failed += p->n;
	if (!p->device_gone) {
		memmove(&r->w[0], &r->w[1], (r->count - 1) * sizeof r->w[0]);
		r->count--;
		return;
	}
	/* The device stays gone: nothing of this call or a later one may be stored (each one's
	 * collect says so); no piece of them is sent again. */
	for (unsigned i = 0, after = 0; i < r->ncalls; i++) {
		struct call *l = &r->calls[(r->first + i) % IP_RUNNER_MAX_SUBMITTED];
		after |= l == c;
		if (!after)
			continue;
		if (l->n)
			l->results[0].why = c->results[p->at].why;
		l->lost = 1;
		l->next = l->n;
	}
	r->count = 0;
}

/* Jobs per BATCH frame: ISAPROBE_REMOTE_BATCH_JOBS, else with BATCH frames in flight (version 3)
 * a quarter of the call's jobs (at least 256), so that the agent runs one while the caller reads
 * the one before and writes the one after; else as many as the frame limits allow. */
static size_t piece_jobs(const struct remote *r, size_t n)
{
	size_t quarter = (n + 3) / 4;
	if (r->batch_jobs)
		return r->batch_jobs;
	if (r->depth < 2)
		return IP_PROTO_MAX_JOBS;
	return quarter < 256 ? 256 : quarter;
}

/* Queues the call's first pieces behind the ones in flight (an agent already running) and
 * writes what the pipe takes of them: the agent starts on them while the caller goes on. */
static void remote_submit(void *state, const struct ip_job *jobs, size_t n,
                          struct ip_result *results)
{
	struct remote *r = state;
	struct call *c = &r->calls[(r->first + r->ncalls++) % IP_RUNNER_MAX_SUBMITTED];
	struct ip_diag d;
	*c = (struct call){jobs, results, n, 0, 0, piece_jobs(r, n), 0};
	ip_diag_init(&d, NULL);
	if (r->alive && fill(r, NULL, &d) != 0)
		piece_failed(r, &d);
	if (r->alive)
		ip_child_flush(&r->child, r->out.data, r->out.len, &r->sent);
}

/* Sends and collects pieces until every one of the oldest call's has its answer (pieces of the
 * next call going out as the window opens), each piece's results taken only from a whole,
 * checked RESULTS frame and once: nothing is lost or counted twice. Returns -1 only when no job
 * of the call ran, or IP_RUNNER_DEVICE_LOST when every attempt at a piece failed and one was
 * answered ERROR 6. */
static int remote_collect(void *state)
{
	struct remote *r = state;
	struct call *c = &r->calls[r->first];
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	if (r->nflight) /* the caller's time since submitting is not the agent's */
		r->deadline = ip_now_ms() + r->timeout_ms;
	for (;;) {
		int rc = fill(r, c, &d);
		if (rc == 0 && c->next == c->n && (r->count == 0 || r->w[0].c != c))
			break; /* all of c's pieces answered */
		if (rc == 0 && (rc = collect_piece(r, &r->w[0], r->deadline, &d)) == 0) {
			memmove(&r->w[0], &r->w[1], (r->count - 1) * sizeof r->w[0]);
			r->count--;
			r->nflight--;
			r->deadline = ip_now_ms() + r->timeout_ms; /* the next one's turn */
			continue;
		}
		piece_failed(r, &d);
		ip_diag_init(&d, NULL);
	}
	if (r->alive) /* the next call's pieces, queued as the window opened */
		ip_child_flush(&r->child, r->out.data, r->out.len, &r->sent);
	r->first = (r->first + 1) % IP_RUNNER_MAX_SUBMITTED;
	r->ncalls--;
	if (c->lost)
		return IP_RUNNER_DEVICE_LOST;
	return c->n && c->failed == c->n ? -1 : 0;
}

/* A call submitted and collected at once (no other call is outstanding). */
static int remote_run_batch(void *state, const struct ip_job *jobs, size_t n,
                            struct ip_result *results)
{
	remote_submit(state, jobs, n, results);
	return remote_collect(state);
}

static void remote_close(void *state)
{
	struct remote *r = state;
	if (!r)
		return;
	if (r->alive) {
		r->out.len = 0;
		ip_encode_bye(&r->out);
		ip_child_close(&r->child, r->out.failed ? NULL : r->out.data, r->out.len, 1000);
	}
	free_remote(r);
}

static const char *remote_model(void *state)
{
	struct remote *r = state;
	return r->welcome.gpu;
}

const struct ip_runner_backend ip_remote_backend = {
	.name = "remote",
	.summary = "another process speaking docs/protocol.md on stdin/stdout: remote:'COMMAND'",
	.open = remote_open,
	.run_batch = remote_run_batch,
	.close = remote_close,
	.model = remote_model,
	.check_job = remote_check_job,
	.submit_batch = remote_submit,
	.collect_batch = remote_collect,
};

/* agent.c: the agent's server loop: reads frames from a file descriptor, runs batches on a
 * runner backend, answers frames in the version the HELLO chose; bad input gets an ERROR frame
 * naming its byte offset. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isaprobe/version.h"
#include "proto.h"

#define AGENT_MAX_DEPTH 8u /* BATCH frames a caller may have unanswered */

struct agent {
	const struct ip_agent_config *cfg;
	int in_fd, out_fd;
	long offset; /* bytes of input consumed */
	struct ip_wbuf in, out;
	const struct ip_runner_backend *backend;
	void *state; /* the backend's, once HELLO opened it */
	struct ip_welcome welcome;
	unsigned max_version; /* the newest this agent speaks */
	unsigned version;     /* the conversation's: the HELLO's (before it, max_version) */
	enum ip_check check;  /* of the frames after WELCOME, both ways */
	struct ip_outmem outmem; /* the batches' outputs, kept from one to the next */
};

/* Reads exactly n bytes: 1 done, 0 end of input before the first byte, -1 error or end of
 * input inside (d set). */
static int read_exact(struct agent *a, uint8_t *p, size_t n, const char *what, struct ip_diag *d)
{
	size_t got = 0;
	while (got < n) {
		ssize_t k = read(a->in_fd, p + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return ip_diag_offset(d, a->offset, "reading %s: %s", what, strerror(errno));
		if (k == 0) {
			if (got == 0 && strcmp(what, "a frame header") == 0)
				return 0;
			return ip_diag_offset(d, a->offset, "input ends inside %s (%zu of %zu bytes)",
			                      what, got, n);
		}
		got += (size_t)k;
		a->offset += k;
	}
	return 1;
}

static int write_all(struct agent *a, const uint8_t *p, size_t n, struct ip_diag *d)
{
	while (n) {
		ssize_t k = write(a->out_fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return ip_diag_plain(d, "writing the answer: %s", strerror(errno));
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* Sends an ERROR frame for the problem in d (best effort) and returns -1. */
static int fail(struct agent *a, uint32_t code, struct ip_diag *d)
{
	struct ip_diag ignored;
	a->out.len = 0;
	a->out.failed = 0;
	ip_encode_error(&a->out, code, d->offset >= 0 ? (uint64_t)d->offset : IP_PROTO_NO_OFFSET,
	                d->msg);
	if (!a->out.failed)
		write_all(a, a->out.data, a->out.len, &ignored);
	return -1;
}

static int send_frame(struct agent *a, struct ip_diag *d)
{
	if (a->out.failed) {
		a->out.failed = 0;
		ip_diag_plain(d, "the answer does not fit one frame (or out of memory)");
		return fail(a, IP_PERR_DEVICE, d);
	}
	return write_all(a, a->out.data, a->out.len, d);
}

static int on_hello(struct agent *a, struct ip_rbuf *r, struct ip_diag *d)
{
	struct ip_hello h;
	struct ip_runner_config rc = {0};
	const char *isa, *gpu, *model;
	if (ip_decode_hello(r, a->version, &h) != 0)
		return fail(a, IP_PERR_MESSAGE, d);
	if (a->state) {
		ip_diag_offset(d, r->base - IP_PROTO_HEADER, "a second HELLO");
		return fail(a, IP_PERR_UNEXPECTED, d);
	}
	isa = a->cfg->isa ? a->cfg->isa : h.isa;
	gpu = a->cfg->gpu ? a->cfg->gpu : h.gpu;
	if (h.isa[0] && strcmp(isa, h.isa) != 0) {
		ip_diag_plain(d, "this agent serves ISA '%s', the caller asked for '%s'", isa, h.isa);
		return fail(a, IP_PERR_DEVICE, d);
	}
	if (!*isa) {
		ip_diag_plain(d, "no ISA: neither the agent's -i nor the HELLO names one");
		return fail(a, IP_PERR_DEVICE, d);
	}
	rc.isa = isa;
	rc.gpu = *gpu ? gpu : NULL;
	rc.device = a->cfg->device;
	if (a->backend->open(&rc, &a->state, d) != 0) {
		a->state = NULL;
		return fail(a, IP_PERR_DEVICE, d);
	}
	model = a->backend->model ? a->backend->model(a->state) : gpu;
	if (h.gpu[0] && strcmp(model, h.gpu) != 0) {
		ip_diag_plain(d, "this agent serves GPU model '%s', the caller asked for '%s'", model,
		              h.gpu);
		return fail(a, IP_PERR_DEVICE, d);
	}
	snprintf(a->welcome.isa, sizeof a->welcome.isa, "%s", isa);
	snprintf(a->welcome.gpu, sizeof a->welcome.gpu, "%s", model);
	snprintf(a->welcome.backend, sizeof a->welcome.backend, "%s", a->backend->name);
	snprintf(a->welcome.who, sizeof a->welcome.who, "isaprobe agent %s", ISAPROBE_VERSION);
	a->welcome.check = a->version >= 2 && !a->cfg->full_crc && (h.checks >> IP_CHECK_HEADER & 1)
	                           ? IP_CHECK_HEADER
	                           : IP_CHECK_CRC32;
	/* Version 3: the caller may send that many BATCH frames ahead; they wait in the pipe (or
	 * ssh's buffers) and are answered in order, one at a time. */
	a->welcome.depth = h.depth < AGENT_MAX_DEPTH ? h.depth : AGENT_MAX_DEPTH;
	a->out.len = 0;
	ip_encode_welcome(&a->out, &a->welcome); /* with the full CRC-32, as every frame before */
	if (send_frame(a, d) != 0)
		return -1;
	a->check = (enum ip_check)a->welcome.check;
	a->out.check = (uint8_t)a->check;
	return 0;
}

static int on_batch(struct agent *a, struct ip_rbuf *r, struct ip_diag *d)
{
	struct ip_batch b;
	int rc;
	if (!a->state) {
		ip_diag_offset(d, r->base - IP_PROTO_HEADER, "a BATCH before HELLO");
		return fail(a, IP_PERR_UNEXPECTED, d);
	}
	if (ip_decode_batch_in(r, a->version, &b, &a->outmem) != 0)
		return fail(a, IP_PERR_MESSAGE, d);
	rc = a->backend->run_batch(a->state, b.jobs, b.n, b.results);
	if (rc == IP_RUNNER_DEVICE_LOST) {
		/* The device is gone: no result says anything; the caller hears why and stops */
		ip_diag_plain(d, "%s", b.results[0].why ? b.results[0].why : "the device is gone");
		ip_batch_free(&b);
		return fail(a, IP_PERR_LOST, d);
	}
	if (rc != 0) {
		/* The backend broke: every result says so (as ip_runner_run_batch does). */
		for (size_t i = 0; i < b.n; i++) {
			b.results[i].status = IP_STATUS_RUNNER_ERROR;
			if (!b.results[i].why)
				b.results[i].why = "the agent's runner failed";
		}
	}
	a->out.len = 0;
	if (a->version >= 2)
		ip_encode_results2(&a->out, b.id, b.results, b.n);
	else
		ip_encode_results(&a->out, b.id, b.results, b.n);
	ip_batch_free(&b);
	return send_frame(a, d);
}

int ip_agent_serve(const struct ip_agent_config *cfg, int in_fd, int out_fd, struct ip_diag *d)
{
	struct agent a = {.cfg = cfg, .in_fd = in_fd, .out_fd = out_fd, .backend = cfg->backend};
	int rc = 0;
	a.max_version = cfg->max_version && cfg->max_version < IP_PROTO_VERSION ? cfg->max_version
	                                                                         : IP_PROTO_VERSION;
	a.version = a.max_version;
	a.out.version = (uint16_t)a.version;
	for (;;) {
		uint8_t h[IP_PROTO_HEADER];
		struct ip_frame f;
		struct ip_rbuf r;
		long at = a.offset;
		int got = read_exact(&a, h, sizeof h, "a frame header", d);
		if (got == 0)
			break;
		if (got < 0) {
			rc = fail(&a, IP_PERR_FRAME, d);
			break;
		}
		if (ip_frame_parse(h, at, &f, d) != 0) {
			rc = fail(&a, IP_PERR_FRAME, d);
			break;
		}
		if (a.state ? f.version != a.version
		            : f.version < IP_PROTO_VERSION_OLDEST || f.version > a.max_version) {
			if (a.state)
				ip_diag_offset(d, at + 4, "a frame of protocol version %u in a conversation "
				                          "of version %u",
				               f.version, a.version);
			else if (a.max_version > IP_PROTO_VERSION_OLDEST)
				ip_diag_offset(d, at + 4, "the caller speaks protocol version %u; this "
				                          "agent speaks versions %u to %u",
				               f.version, IP_PROTO_VERSION_OLDEST, a.max_version);
			else
				ip_diag_offset(d, at + 4, "the caller speaks protocol version %u; this "
				                          "agent speaks version %u",
				               f.version, a.max_version);
			rc = fail(&a, IP_PERR_VERSION, d);
			break;
		}
		if (!a.state) { /* answers in the request's version; the HELLO chooses the rest */
			a.out.version = f.version;
			if (f.type == IP_MSG_HELLO)
				a.version = f.version;
		}
		if (a.in.cap < IP_PROTO_HEADER + (size_t)f.length) {
			uint8_t *grown = realloc(a.in.data, IP_PROTO_HEADER + (size_t)f.length);
			if (!grown) {
				ip_diag_offset(d, at, "out of memory for a %u-byte frame", f.length);
				rc = fail(&a, IP_PERR_DEVICE, d);
				break;
			}
			a.in.data = grown;
			a.in.cap = IP_PROTO_HEADER + (size_t)f.length;
		}
		memcpy(a.in.data, h, sizeof h);
		if (f.length && read_exact(&a, a.in.data + IP_PROTO_HEADER, f.length,
		                           "a frame's payload", d) != 1) {
			rc = fail(&a, IP_PERR_FRAME, d);
			break;
		}
		if (ip_frame_verify(a.in.data, a.in.data + IP_PROTO_HEADER, at, a.check, d) != 0) {
			rc = fail(&a, IP_PERR_FRAME, d);
			break;
		}
		r = (struct ip_rbuf){a.in.data + IP_PROTO_HEADER, f.length, 0, at + IP_PROTO_HEADER, d};
		if (f.type == IP_MSG_HELLO)
			rc = on_hello(&a, &r, d);
		else if (f.type == IP_MSG_BATCH)
			rc = on_batch(&a, &r, d);
		else if (f.type == IP_MSG_BYE)
			break;
		else {
			ip_diag_offset(d, at + 6, "a %s frame (type %u) is not a request",
			               ip_msg_name(f.type), f.type);
			rc = fail(&a, IP_PERR_UNEXPECTED, d);
		}
		if (rc != 0)
			break;
	}
	if (a.state)
		a.backend->close(a.state);
	ip_wbuf_free(&a.in);
	ip_wbuf_free(&a.out);
	free(a.outmem.mem);
	return rc;
}

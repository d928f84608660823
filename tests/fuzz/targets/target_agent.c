/* target_agent.c: fuzz targets of the agent protocol (docs/protocol.md), both sides: the byte
 * stream `isaprobe agent` reads from a caller, and the frames the remote runner reads back. */
#define _GNU_SOURCE /* memfd_create */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runners/remote/proto.h"
#include "tests/support/echo_device.h"
#include "tests/support/sample_probes.h"
#include "isaprobe/isa.h"
#include "targets.h"

/* Input layout of both targets: one mode byte, then the stream. Mode bit 0 set: every frame's
 * length is clipped to what follows and its checksum recomputed, so that the fuzzer reaches
 * the message decoders instead of stopping at the checksum; with bit 2 also set, frames of
 * version 2 after the first get version 2's header-only check (what a HELLO offering it and
 * the WELCOME choosing it agree), others the full CRC-32. Bit 1 (agent): the agent serves
 * the echo device (tests/support/echo_device.h), which runs any code and fills every output to its
 * capacity, instead of the simulators: answers as large as the jobs ask for. */
static uint8_t *prepare(const uint8_t *data, size_t len, size_t *n)
{
	uint8_t *s;
	*n = len ? len - 1 : 0;
	s = malloc(*n + 1);
	if (!s)
		abort();
	if (*n)
		memcpy(s, data + 1, *n);
	if (len && (data[0] & 1)) {
		size_t at = 0;
		for (size_t k = 0; at + IP_PROTO_HEADER <= *n; k++) {
			uint8_t *h = s + at;
			size_t room = *n - at - IP_PROTO_HEADER;
			uint32_t length = ip_get_u32(h + 8);
			if (length > room) {
				length = (uint32_t)room;
				ip_put_u32(h + 8, length);
			}
			if (k > 0 && data[0] & 4 && ip_get_u16(h + 4) >= 2)
				ip_put_u32(h + 12, ip_crc32(0, h, 12));
			else
				ip_put_u32(h + 12,
				           ip_crc32(ip_crc32(0, h, 12), h + IP_PROTO_HEADER, length));
			at += IP_PROTO_HEADER + length;
		}
	}
	return s;
}

void fuzz_run_agent(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	static int in = -1, out = -1;
	struct ip_agent_config cfg = {0};
	struct ip_diag d;
	size_t n;
	uint8_t *s = prepare(data, len, &n);
	(void)t;
	if (in < 0) {
		in = memfd_create("isaprobe-fuzz-agent", 0);
		out = open("/dev/null", O_WRONLY);
		if (in < 0 || out < 0)
			abort();
	}
	if (ftruncate(in, 0) != 0 || pwrite(in, s, n, 0) != (ssize_t)n ||
	    lseek(in, 0, SEEK_SET) != 0)
		abort();
	cfg.backend = len && data[0] & 2 ? &echo_backend : ip_runner_backend_find("sim");
	ip_diag_init(&d, "<fuzz>");
	(void)ip_agent_serve(&cfg, in, out, &d);
	free(s);
}

/* A few why texts, kept until the next input. */
static char *texts[64];
static size_t ntexts;
static const char *intern(void *ctx, const char *s, size_t len)
{
	(void)ctx;
	if (ntexts == sizeof texts / sizeof texts[0])
		return "(too many)";
	texts[ntexts] = strndup(s, len);
	return texts[ntexts] ? texts[ntexts++] : "(out of memory)";
}

/* The caller's jobs: three, each observing registers (64 bytes) and varyings (32). */
#define JOBS 3
struct caller_jobs {
	struct ip_result results[JOBS];
	struct ip_out_buf outs[JOBS][2];
	uint8_t mem[JOBS][2][64];
};

static void caller_jobs_init(struct caller_jobs *cj)
{
	memset(cj, 0, sizeof *cj);
	for (int i = 0; i < JOBS; i++) {
		cj->outs[i][0] = (struct ip_out_buf){IP_BUF_REGISTERS, cj->mem[i][0], 64, 0};
		cj->outs[i][1] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, cj->mem[i][1], 32, 0};
		cj->results[i].outputs = cj->outs[i];
		cj->results[i].noutputs = 2;
	}
}

void fuzz_run_caller(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	size_t n, at = 0;
	uint8_t *s = prepare(data, len, &n);
	struct caller_jobs cj;
	caller_jobs_init(&cj);
	/* As the remote runner reads them: the answer to HELLO, then one to each BATCH. */
	for (uint32_t k = 0; k < 8 && at + IP_PROTO_HEADER <= n; k++) {
		struct ip_frame f;
		struct ip_rbuf r;
		struct ip_diag d;
		ip_diag_init(&d, "<fuzz>");
		enum ip_check check = k > 0 && len && data[0] & 4 ? IP_CHECK_HEADER : IP_CHECK_CRC32;
		if (ip_frame_parse(s + at, (long)at, &f, &d) != 0 ||
		    f.length > n - at - IP_PROTO_HEADER ||
		    ip_frame_verify(s + at, s + at + IP_PROTO_HEADER, (long)at, check, &d) != 0)
			break;
		r = (struct ip_rbuf){s + at + IP_PROTO_HEADER, f.length, 0,
		                     (long)at + IP_PROTO_HEADER, &d};
		if (f.type == IP_MSG_ERROR) {
			struct ip_error_msg e;
			(void)ip_decode_error(&r, &e);
		} else if (k == 0) {
			struct ip_welcome w;
			(void)ip_decode_welcome(&r, f.version, &w);
		} else if ((f.version >= 2
		                ? ip_decode_results2(&r, k - 1, cj.results, JOBS, intern, NULL)
		                : ip_decode_results(&r, k - 1, cj.results, JOBS, intern, NULL)) == 0) {
			for (int i = 0; i < JOBS; i++)
				for (int o = 0; o < 2; o++)
					if (cj.outs[i][o].len > cj.outs[i][o].cap)
						fuzz_fail(t, "job %d output %d: %zu bytes decoded into %zu", i, o,
						          cj.outs[i][o].len, cj.outs[i][o].cap);
		}
		at += IP_PROTO_HEADER + f.length;
	}
	for (size_t i = 0; i < ntexts; i++)
		free(texts[i]);
	ntexts = 0;
	free(s);
}

/* A small Midgard job of each kind a campaign sends: code, uniforms, attributes. */
static int seed_stream(struct fuzz_seed_ctx *c, const char *isa_name, const char *program,
                       int results, uint8_t mode, unsigned version)
{
	const struct ip_isa *isa = ip_isa_find(isa_name);
	struct ip_program prog;
	struct ip_diag d;
	uint8_t *code = NULL, inputs[2][64];
	size_t code_len = 0;
	struct ip_wbuf w = {0};
	struct caller_jobs cj;
	struct ip_job jobs[JOBS];
	struct ip_buf in[2];
	int rc = 0;
	if (!isa)
		return 0;
	ip_program_init(&prog, isa);
	ip_diag_init(&d, "seed");
	if (isa->assemble(program, &prog, &d) != 0 || isa->pack(&prog, &code, &code_len, &d) != 0) {
		fprintf(stderr, "isaprobe-fuzz: seed program for %s: %s\n", isa_name, d.msg);
		ip_program_free(&prog);
		return -1;
	}
	for (int i = 0; i < 64; i++) {
		inputs[0][i] = (uint8_t)(i * 7 + 1);
		inputs[1][i] = (uint8_t)(i * 13 + 5);
	}
	in[0] = (struct ip_buf){IP_BUF_UNIFORMS, inputs[0], 64};
	in[1] = (struct ip_buf){IP_BUF_ATTRIBUTES, inputs[1], 64};
	caller_jobs_init(&cj);
	memset(jobs, 0, sizeof jobs);
	for (int i = 0; i < JOBS; i++) {
		jobs[i].code = code;
		jobs[i].code_len = code_len;
		jobs[i].inputs = in;
		jobs[i].ninputs = 2;
		jobs[i].limits.invocations = (uint32_t)i + 1;
		jobs[i].uniform_regs = -1;
	}
	ip_wbuf_bytes(&w, &mode, 1);
	w.version = (uint16_t)version;
	if (!results && version >= 2) { /* version 2 and 3: the jobs share their inputs */
		struct ip_hello h = {.checks = 3, .depth = 2}; /* depth: version 3 only */
		struct ip_pool pool = {0};
		int added;
		snprintf(h.isa, sizeof h.isa, "%s", isa_name);
		snprintf(h.who, sizeof h.who, "isaprobe-fuzz");
		ip_encode_hello(&w, &h);
		w.check = IP_CHECK_HEADER;
		for (int k = 0; k < 2; k++)
			ip_pool_add(&pool, &in[k], &added);
		ip_encode_batch2(&w, 0, &pool, jobs, cj.results, JOBS);
		ip_encode_batch2(&w, 1, &pool, jobs, cj.results, 1);
		ip_encode_bye(&w);
		ip_pool_free(&pool);
	} else if (!results) { /* what a caller sends an agent */
		struct ip_hello h = {0};
		snprintf(h.isa, sizeof h.isa, "%s", isa_name);
		snprintf(h.who, sizeof h.who, "isaprobe-fuzz");
		ip_encode_hello(&w, &h);
		ip_encode_batch(&w, 0, jobs, cj.results, JOBS);
		ip_encode_batch(&w, 1, jobs, cj.results, 1);
		ip_encode_bye(&w);
	} else { /* what an agent answers */
		struct ip_welcome wl = {0};
		snprintf(wl.isa, sizeof wl.isa, "%s", isa_name);
		snprintf(wl.gpu, sizeof wl.gpu, "t760");
		snprintf(wl.backend, sizeof wl.backend, "sim");
		snprintf(wl.who, sizeof wl.who, "isaprobe-fuzz");
		wl.check = version >= 2 ? IP_CHECK_HEADER : IP_CHECK_CRC32;
		wl.depth = 2; /* version 3 only */
		ip_encode_welcome(&w, &wl);
		w.check = (uint8_t)wl.check;
		for (int i = 0; i < JOBS; i++) {
			cj.results[i].status = (enum ip_status)(i % 2 ? IP_STATUS_FAULT : IP_STATUS_OK);
			cj.results[i].fault = i % 2 ? 0x40 : 0;
			cj.results[i].why = i % 2 ? "instruction fault" : NULL;
			cj.outs[i][0].len = 64;
			cj.outs[i][1].len = 16;
			/* jobs 0 and 2 alike: version 2 sends job 2's outputs as references */
			memset(cj.mem[i][0], 0x11 * (i % 2 + 1), 64);
		}
		if (version >= 2)
			ip_encode_results2(&w, 0, cj.results, JOBS);
		else
			ip_encode_results(&w, 0, cj.results, JOBS);
		ip_encode_error(&w, IP_PERR_DEVICE, 12, "the board went away");
	}
	if (w.failed)
		rc = -1;
	else
		rc = fuzz_seed_write(c, isa_name, w.data, w.len);
	ip_wbuf_free(&w);
	free(code);
	ip_program_free(&prog);
	return rc;
}

/* HELLO, two BATCHes and BYE, served by the simulators and by the echo device (version 3: the
 * two BATCHes sent at once, as a caller with two in flight does). */
int fuzz_seed_agent(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	(void)t;
	if (seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1, 1) != 0 ||
	    seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1 | 2, 1) != 0 ||
	    seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1 | 4, 2) != 0 ||
	    seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1 | 4, 3) != 0 ||
	    seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1 | 2 | 4, 3) != 0)
		return -1;
	return seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 0, 1 | 2 | 4, 2);
}

/* WELCOME, RESULTS and ERROR. */
int fuzz_seed_caller(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	(void)t;
	if (seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 1, 1, 1) != 0 ||
	    seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 1, 1 | 4, 3) != 0)
		return -1;
	return seed_stream(c, "midgard", SAMPLE_MIDGARD_LD_ATTR_PROGRAM, 1, 1 | 4, 2);
}

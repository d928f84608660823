/* fuzz_agent_protocol.c: libFuzzer target for both sides of the agent protocol: the agent's
 * server loop fed any byte stream (its frame reader, HELLO and BATCH decoders, the answer
 * bound), and the caller's decoders (frame header and checksum, WELCOME, ERROR, RESULTS against
 * a fixed batch). Built by tests/fuzz/build_faults.sh, not by CMake. Input byte 0 picks the side. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../runners/remote/proto.h"

static int opened;

static int echo_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	(void)cfg, (void)d;
	*state = &opened;
	return 0;
}

static int echo_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	(void)state;
	for (size_t i = 0; i < n; i++) {
		ip_result_clear(&res[i]);
		res[i].status = jobs[i].code_len & 1 ? IP_STATUS_FAULT : IP_STATUS_OK;
		res[i].why = res[i].status ? "odd code length" : NULL;
		for (unsigned o = 0; o < res[i].noutputs; o++) {
			struct ip_out_buf *b = &res[i].outputs[o];
			for (size_t k = 0; k < b->cap && jobs[i].code_len; k++)
				b->data[k] = jobs[i].code[k % jobs[i].code_len];
			b->len = b->cap;
		}
	}
	return 0;
}

static void echo_close(void *state)
{
	(void)state;
}

static const char *echo_model(void *state)
{
	(void)state;
	return "echo-1";
}

static const struct ip_runner_backend echo = {
	"echo", "fuzz device", echo_open, echo_run, echo_close, echo_model, NULL,
};

static const char *intern(void *ctx, const char *s, size_t len)
{
	(void)ctx, (void)s, (void)len;
	return "why";
}

/* The agent: the whole input is its standard input. */
static void agent_side(const uint8_t *data, size_t size)
{
	struct ip_agent_config cfg = {.backend = &echo};
	struct ip_diag d;
	int in = memfd_create("in", 0), out = memfd_create("out", 0);
	if (in < 0 || out < 0 || write(in, data, size) != (ssize_t)size)
		abort();
	lseek(in, 0, SEEK_SET);
	ip_diag_init(&d, "<stdin>");
	ip_agent_serve(&cfg, in, out, &d);
	close(in);
	close(out);
}

/* The caller: the input is one answer frame, decoded as isaprobe's remote runner would. */
static void caller_side(const uint8_t *data, size_t size)
{
	static const uint8_t code[3][4] = {{1, 2, 3, 4}, {5}, {6, 7}};
	uint8_t mem[3][2][16];
	struct ip_out_buf outs[3][2];
	struct ip_result res[3];
	struct ip_welcome w;
	struct ip_error_msg e;
	struct ip_frame f;
	struct ip_diag d;
	struct ip_rbuf r;
	(void)code;
	ip_diag_init(&d, NULL);
	if (size < IP_PROTO_HEADER || ip_frame_parse(data, 0, &f, &d) ||
	    f.length > size - IP_PROTO_HEADER)
		return;
	ip_frame_check(data, data + IP_PROTO_HEADER, 0, &d); /* the decoders run either way */
	for (unsigned i = 0; i < 3; i++) {
		outs[i][0] = (struct ip_out_buf){IP_BUF_REGISTERS, mem[i][0], 16, 0};
		outs[i][1] = (struct ip_out_buf){IP_BUF_GLOBAL, mem[i][1], 9, 0};
		res[i] = (struct ip_result){.outputs = outs[i], .noutputs = i + 0u < 2 ? 2 : 1};
	}
	r = (struct ip_rbuf){data + IP_PROTO_HEADER, f.length, 0, IP_PROTO_HEADER, &d};
	switch (f.type) {
	case IP_MSG_WELCOME: ip_decode_welcome(&r, &w); break;
	case IP_MSG_ERROR: ip_decode_error(&r, &e); break;
	default:
		if (ip_decode_results(&r, 7, res, 3, intern, NULL) == 0)
			for (unsigned i = 0; i < 3; i++)
				for (unsigned k = 0; k < res[i].noutputs; k++)
					if (outs[i][k].len > outs[i][k].cap)
						abort(); /* more than the capacity was written */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		agent_side(data + 1, size - 1);
	else
		caller_side(data + 1, size - 1);
	return 0;
}

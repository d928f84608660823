/* ctm_fuzz.c: libFuzzer harness for what the CTM code parses: executables and raw words
 * (unpack, disassemble, reassemble: must give the same bytes), command buffers, assembly
 * text of both ISAs, and the simulator running a fuzzed command buffer. Build: build.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctm/ctm.h"
#include "isaprobe/runner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void roundtrip(const struct ip_isa *isa, const uint8_t *b, size_t n)
{
	struct ip_program p, q;
	struct ip_diag d;
	uint8_t *packed = NULL, *again = NULL;
	size_t plen = 0, alen = 0, tlen;
	char *text = NULL;
	FILE *m;
	ip_diag_init(&d, "fuzz");
	if (isa->unpack(b, n, &p, &d) != 0) {
		if (d.offset < 0 || (size_t)d.offset > n)
			abort(); /* an error must name a byte offset inside the input */
		return;
	}
	if (isa->pack(&p, &packed, &plen, &d) != 0)
		abort();
	m = open_memstream(&text, &tlen);
	if (isa->disassemble(&p, m) != 0)
		abort();
	fclose(m);
	if (isa->assemble(text, &q, &d) != 0 || isa->pack(&q, &again, &alen, &d) != 0)
		abort();
	if (alen != plen || memcmp(again, packed, plen) != 0)
		abort();
	/* raw words and command buffers come back as they were */
	if (!ctm_is_elf(b, n) && (plen != n || memcmp(packed, b, n) != 0))
		abort();
	ip_program_free(&q);
	ip_program_free(&p);
	free(text);
	free(packed);
	free(again);
}

static void assemble(const struct ip_isa *isa, const uint8_t *b, size_t n)
{
	char *text = malloc(n + 1);
	struct ip_program p;
	struct ip_diag d;
	memcpy(text, b, n);
	text[n] = 0;
	ip_diag_init(&d, "fuzz");
	if (isa->assemble(text, &p, &d) == 0) {
		uint8_t *bin = NULL;
		size_t len;
		if (isa->pack(&p, &bin, &len, &d) == 0)
			roundtrip(isa, bin, len);
		free(bin);
		ip_program_free(&p);
	}
	free(text);
}

static void simulate(const uint8_t *b, size_t n)
{
	static const uint32_t prog[6] = {0x00078005, 0x08020000, 0x08020080, 0x00440220, 0x00c18003, 5};
	static struct ip_runner *r;
	static uint8_t mem[0x2000], out[0x2000];
	struct ip_diag d;
	struct ip_runner_config cfg = {"ctm", NULL, NULL};
	struct ip_buf in[2] = {{IP_BUF_GLOBAL, mem, sizeof mem}, {IP_BUF_COMMANDS, b, n}};
	struct ip_out_buf ob = {IP_BUF_GLOBAL, out, sizeof out, 0};
	struct ip_result res;
	struct ip_job job;
	if (!r && ip_runner_open("sim", &cfg, &r, &d) != 0)
		abort();
	memset(&job, 0, sizeof job);
	job.code = (const uint8_t *)prog;
	job.code_len = sizeof prog;
	job.inputs = in;
	job.ninputs = 2;
	job.limits.budget = 1000;
	memset(&res, 0, sizeof res);
	res.outputs = &ob;
	res.noutputs = 1;
	ip_runner_run(r, &job, &res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ip_isa *ctm = ip_isa_find("ctm"), *cb = ip_isa_find("ctm_cb");
	if (size < 1)
		return 0;
	switch (data[0] % 5) {
	case 0: roundtrip(ctm, data + 1, size - 1); break;
	case 1: roundtrip(cb, data + 1, size - 1); break;
	case 2: assemble(ctm, data + 1, size - 1); break;
	case 3: assemble(cb, data + 1, size - 1); break;
	default: simulate(data + 1, size - 1); break;
	}
	return 0;
}

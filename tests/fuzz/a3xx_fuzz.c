/* a3xx_fuzz.c: libFuzzer target for the a3xx assembler, unpacker, disassembler and simulator.
 * Input byte 0 picks the path: even: the rest is assembly text (assemble; what assembles must
 * survive pack -> unpack -> disasm -> asm bit for bit); odd: the rest is a binary (unpack,
 * disasm -> asm must give it back, and it runs on the simulator with small buffers).
 * Build: tests/fuzz/build.sh a3xx; run: build/fuzz/a3xx_fuzz build/fuzz/a3xx_corpus
 * -max_total_time=300. Crashes become cases of the tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a3xx/a3xx.h"
#include "isaprobe/a3xx_sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void *sim;

/* disasm (plain or expanded) -> asm -> pack must give bin back. */
static void through_text(const struct ip_program *p, const uint8_t *bin, size_t len, int expand)
{
	char *text = NULL;
	size_t tlen = 0;
	FILE *mem = open_memstream(&text, &tlen);
	struct ip_program again;
	struct ip_diag d;
	uint8_t *bin2 = NULL;
	size_t len2 = 0;
	if (!mem)
		return;
	(expand ? a3xx_isa.disassemble_expanded : a3xx_isa.disassemble)(p, mem);
	fclose(mem);
	ip_diag_init(&d, "fuzz");
	if (a3xx_isa.assemble(text, &again, &d) != 0) {
		fprintf(stderr, "disassembly does not assemble at %u:%u: %s\n%s", d.line, d.col, d.msg,
		        text);
		abort();
	}
	if (a3xx_isa.pack(&again, &bin2, &len2, &d) != 0 || len2 != len || memcmp(bin2, bin, len)) {
		fprintf(stderr, "disasm -> asm changed the binary\n%s", text);
		abort();
	}
	free(bin2);
	ip_program_free(&again);
	free(text);
}

static void run(const uint8_t *bin, size_t len)
{
	static uint8_t consts[64], vary[64], tex[64], global[64], regs[2 * A3XX_REGS_BYTES];
	struct a3xx_sim_io io;
	struct ip_result res;
	struct ip_diag d;
	if (!sim && ip_a3xx_sim_open(NULL, &sim, &d) != 0)
		abort();
	for (unsigned i = 0; i < sizeof consts; i++)
		consts[i] = vary[i] = tex[i] = global[i] = (uint8_t)(i * 37 + 11);
	memset(&io, 0, sizeof io);
	io.code = bin;
	io.code_len = len;
	io.consts = consts;
	io.consts_len = sizeof consts;
	io.varyings = vary;
	io.varyings_len = sizeof vary;
	io.textures = tex;
	io.textures_len = sizeof tex;
	io.global = global;
	io.global_len = sizeof global;
	io.global_base = A3XX_SIM_GLOBAL_BASE;
	io.regs_in = regs;
	io.regs_in_len = sizeof regs;
	io.regs_out = regs;
	io.regs_out_cap = sizeof regs;
	io.invocations = 2;
	io.budget = 2000;
	memset(&res, 0, sizeof res);
	ip_a3xx_sim_exec(sim, &io, &res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	size_t len = 0;
	if (size < 1)
		return 0;
	ip_diag_init(&d, "fuzz");
	if (data[0] & 1) {
		if (a3xx_isa.unpack(data + 1, size - 1, &p, &d) != 0)
			return 0;
		through_text(&p, data + 1, size - 1, 0);
		through_text(&p, data + 1, size - 1, 1);
		ip_program_free(&p);
		run(data + 1, size - 1);
		return 0;
	} else {
		char *text = malloc(size);
		memcpy(text, data + 1, size - 1);
		text[size - 1] = '\0';
		if (a3xx_isa.assemble(text, &p, &d) == 0) {
			if (a3xx_isa.pack(&p, &bin, &len, &d) == 0) {
				struct ip_program q;
				if (a3xx_isa.unpack(bin, len, &q, &d) != 0)
					abort();
				through_text(&q, bin, len, 0);
				through_text(&q, bin, len, 1);
				ip_program_free(&q);
				run(bin, len);
				free(bin);
			}
			ip_program_free(&p);
		}
		free(text);
	}
	return 0;
}

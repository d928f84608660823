/* text_round_trip.c: the ISA suites' timed text round trip of a program: disassembled into
 * memory, then that text assembled back (bench.h). */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "isaprobe/isa.h"
#include "isaprobe/program.h"

int bench_text_round_trip(const struct ip_isa *isa, const struct ip_program *p,
                          struct bench_time *t_dis, struct bench_time *t_asm)
{
	struct bench_time t0 = bench_now();
	struct ip_program back;
	struct ip_diag d;
	char *text = NULL;
	size_t len;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return -1;
	isa->disassemble(p, m);
	fclose(m);
	bench_lap(t_dis, t0);
	t0 = bench_now();
	if (isa->assemble(text, &back, &d) == 0)
		ip_program_free(&back);
	bench_lap(t_asm, t0);
	free(text);
	return 0;
}

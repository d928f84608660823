/* a3xx_util.c: what a3xx_util.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "a3xx_util.h"

const char a3xx_notes_listing[] =
	"0000[57305b00x_00002000x] (sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x\n"
	"0001[47304b04x_00002004x] (rpt3)bary.f hr1.x, (r)4, r0.x\n"
	"0002[40080b04x_00044000x] (rpt3)add.f hr1.x, (neg)(r)hr0.x, (r)hr1.x\n"
	"0003[4730c808x_00002008x] bary.f (ei)hr2.x, (r)8, r0.x\n"
	"0004[00000200x_00000000x] (rpt2)nop\n"
	"0005[63020300x_20008008x] (rpt3)mad.f16 hr0.x, hr2.x, (r)hr1.x, (r)hr0.x\n"
	"0006[03000000x_00000000x] end\n";

int a3xx_test_asm(const char *src, uint64_t *words, unsigned max, struct ip_diag *d)
{
	struct ip_program p;
	uint8_t *bin = NULL;
	size_t len = 0;
	unsigned n;
	ip_diag_init(d, "test");
	if (a3xx_isa.assemble(src, &p, d) != 0)
		return -1;
	if (a3xx_isa.pack(&p, &bin, &len, d) != 0) {
		ip_program_free(&p);
		return -1;
	}
	n = (unsigned)(len / 8);
	for (unsigned i = 0; i < n && i < max; i++)
		words[i] = ip_word_from_bytes(bin + 8 * i, 8).w[0];
	free(bin);
	ip_program_free(&p);
	return (int)n;
}

char *a3xx_test_disasm(const uint64_t *words, unsigned n, int expand)
{
	uint8_t *bin = malloc(8 * (size_t)n + 1);
	struct ip_program p;
	struct ip_diag d;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	for (unsigned i = 0; i < n; i++) {
		ip_word w = {{words[i], 0}};
		ip_word_to_bytes(&w, bin + 8 * i, 8);
	}
	ip_diag_init(&d, "test");
	if (a3xx_isa.unpack(bin, 8 * (size_t)n, &p, &d) != 0) {
		free(bin);
		return NULL;
	}
	mem = open_memstream(&text, &len);
	if (mem) {
		if (expand)
			a3xx_isa.disassemble_expanded(&p, mem);
		else
			a3xx_isa.disassemble(&p, mem);
		fclose(mem);
	}
	ip_program_free(&p);
	free(bin);
	return text;
}

char *a3xx_seed_listing(unsigned nth)
{
	const char *dir = getenv("ISAPROBE_SEEDS");
	char path[4096], line[512];
	FILE *f;
	size_t cap = 4096, len = 0;
	char *out;
	unsigned block = 0;
	int inside = 0;
	if (!dir)
		return NULL;
	snprintf(path, sizeof path, "%s/004_3339d99c21457542.txt", dir);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	out = calloc(cap, 1);
	while (out && fgets(line, sizeof line, f)) {
		if (strncmp(line, "```", 3) == 0) {
			inside = !inside;
			if (inside)
				block++;
			continue;
		}
		if (inside && block == nth && strlen(line) > 5 && line[4] == '[' &&
		    len + strlen(line) + 1 < cap) {
			strcpy(out + len, line);
			len += strlen(line);
		}
	}
	fclose(f);
	return out;
}

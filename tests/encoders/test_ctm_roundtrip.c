/* test_ctm_roundtrip.c: every CTM field table covers its word exactly once; random instruction
 * words, command buffers and executables (commands of up to 39 parameters among them) come back
 * bit for bit through unpack -> pack and through disassemble -> assemble -> pack, and so does
 * every opcode's longest command with every bit set. `test_ctm_roundtrip --write DIR NB NE`
 * writes NB random command buffers (one file) and NE executables for cli_ctm_roundtrip. */
#include "ctm/ctm.h"
#include "roundtrip_util.h"

static uint32_t r32(uint64_t *s)
{
	return (uint32_t)test_rand(s);
}

static void check_tables(void)
{
	for (const struct ip_isa *const *i = ip_isa_all(); *i; i++) {
		if (strncmp((*i)->name, "ctm", 3) != 0)
			continue;
		for (unsigned f = 0; f < (*i)->nformats; f++) {
			char err[256];
			CHECK(ip_format_check((*i)->formats[f], err, sizeof err) == 0, "%s", err);
		}
	}
	for (unsigned k = 0; k < CTM_P_KIND_COUNT; k++) {
		char err[256];
		CHECK(ip_format_check(ctm_param_formats[k], err, sizeof err) == 0, "%s", err);
	}
	/* the two headers the extract shows */
	CHECK(ctm_cmd_header_word(CTM_OP_SET_CONSTI_FMT, 2) == 0xC0010F00u, "set_consti_fmt header");
	CHECK(ctm_cmd_header_word(CTM_OP_SET_COND_TEST, 1) == 0xC0001B00u, "set_cond_test header");
	for (unsigned c = 0; c < CTM_CMD_COUNT; c++)
		CHECK(ctm_command_by_name(ctm_commands[c].name) == &ctm_commands[c] &&
		      ctm_command_by_opcode(ctm_commands[c].opcode) == &ctm_commands[c],
		      "command %s looked up", ctm_commands[c].name);
}

#define MAX_PARAMS (IP_BUNDLE_MAX_SLOTS - 1)

/* A random parameter count: small mostly, up to the most a command holds (39) often enough. */
static unsigned random_count(uint64_t *s)
{
	return test_rand(s) % 4 ? 1 + (unsigned)(test_rand(s) % 6)
	                        : 1 + (unsigned)(test_rand(s) % MAX_PARAMS);
}

/* Random header: a known command (right count or not) or any opcode, odd low bits and type;
 * w holds 1 + MAX_PARAMS words. */
static unsigned random_command(uint64_t *s, uint32_t *w)
{
	unsigned n, opcode;
	uint32_t h;
	if (test_rand(s) % 4) {
		const struct ctm_command *c = &ctm_commands[test_rand(s) % CTM_CMD_COUNT];
		opcode = c->opcode;
		n = test_rand(s) % 8 ? c->nparams : random_count(s);
	} else {
		opcode = (unsigned)(test_rand(s) & 0xFF);
		n = random_count(s);
	}
	h = ctm_cmd_header_word((uint8_t)opcode, n);
	if (test_rand(s) % 8 == 0)
		h ^= r32(s) & 0xC00000FFu; /* type and low bits */
	w[0] = h;
	for (unsigned k = 0; k < n; k++)
		w[k + 1] = test_rand(s) % 3 ? r32(s) & (uint32_t)test_rand(s) : 0;
	return n + 1;
}

static size_t put_words(uint8_t *out, const uint32_t *w, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		for (unsigned b = 0; b < 4; b++)
			out[4 * k + b] = (uint8_t)(w[k] >> (8 * b));
	return 4 * n;
}

/* A random command buffer of 1 to 5 commands into buf (room for 5 of the longest); its length. */
static size_t random_buffer(uint64_t *s, uint8_t *buf)
{
	size_t len = 0;
	for (unsigned c = 0; c < 1 + test_rand(s) % 5; c++) {
		uint32_t w[1 + MAX_PARAMS];
		unsigned nw = random_command(s, w);
		len += put_words(buf + len, w, nw);
	}
	return len;
}

/* A random executable: instructions, commands and notes through the ELF writer (NULL when it
 * does not pack, which is a failure). */
static uint8_t *random_executable(uint64_t *s, const struct ip_isa *ctm, size_t *elf_len)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *elf = NULL;
	uint32_t w[CTM_INSTR_WORDS], desc[8];
	unsigned n = 1 + (test_rand(s) % 4 == 0); /* longer programs: the raw rounds */
	ip_program_init(&p, ctm);
	for (unsigned k = 0; k < n; k++) {
		for (unsigned x = 0; x < CTM_INSTR_WORDS; x++)
			w[x] = r32(s) & r32(s);
		ctm_add_instr(&p, w);
	}
	for (unsigned c = 0; c < test_rand(s) % 4; c++) {
		uint32_t cw[1 + MAX_PARAMS];
		unsigned nw = random_command(s, cw);
		ctm_add_command(&p, cw[0], cw + 1, nw - 1);
	}
	desc[0] = 1;
	for (unsigned k = 1; k < 8; k++)
		desc[k] = test_rand(s) % 2 ? r32(s) : 0;
	ctm_add_note(&p, CTM_NOTE_PROGINFO, desc, 1 + (unsigned)(test_rand(s) % 8));
	for (unsigned t = 0; t < test_rand(s) % 4; t++) {
		for (unsigned k = 0; k < 8; k++)
			desc[k] = r32(s) % 16;
		ctm_add_note(&p, 2 + (unsigned)(test_rand(s) % 9), desc, (unsigned)(test_rand(s) % 8));
	}
	ip_diag_init(&d, "random");
	*elf_len = 0;
	CHECK(ctm->pack(&p, &elf, elf_len, &d) == 0 && ctm_is_elf(elf, *elf_len), "elf pack: %s",
	      d.msg);
	ip_program_free(&p);
	return elf;
}

/* The longest lines a disassembly holds: every opcode with 39 parameters of every bit set, under
 * each header type and low byte, and with every other parameter 0 (extra ones left out). */
static void check_longest_commands(const struct ip_isa *cb)
{
	static uint8_t buf[256 * 4 * (1 + MAX_PARAMS)];
	static const uint32_t fills[3] = {0xFFFFFFFFu, 0, 0x80000001u};
	for (unsigned t = 0; t < 4; t++)
		for (unsigned f = 0; f < 3; f++) {
			size_t len = 0;
			for (unsigned op = 0; op < 256; op++) {
				uint32_t w[1 + MAX_PARAMS];
				w[0] = ctm_cmd_header_word((uint8_t)op, MAX_PARAMS);
				w[0] = (w[0] & 0x3FFFFF00u) | t << 30 | (t ? 0xFFu : 0);
				for (unsigned k = 0; k < MAX_PARAMS; k++)
					w[k + 1] = f == 1 && k % 2 ? 0xFFFFFFFFu : fills[f];
				len += put_words(buf + len, w, 1 + MAX_PARAMS);
			}
			roundtrip_binary(cb, buf, len, t * 3 + f, NULL);
		}
}

static int write_file(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(data, 1, len, f) == len;
	if (f && fclose(f) != 0)
		ok = 0;
	if (!ok)
		fprintf(stderr, "test_ctm_roundtrip: cannot write %s\n", path);
	return ok;
}

/* --write DIR NB NE: DIR/buffers.bin (NB random command buffers, one after the other: a command
 * buffer is its commands, each read alone) and DIR/exe-K.bin (K < NE: random executables). */
static int write_samples(const char *dir, unsigned long n, unsigned long ne, uint64_t s)
{
	const struct ip_isa *ctm = ip_isa_find("ctm");
	size_t cap = n * 5 * 4 * (1 + MAX_PARAMS), len = 0;
	uint8_t *all = malloc(cap);
	char path[4096];
	int ok = all != NULL;
	for (unsigned long i = 0; ok && i < n; i++)
		len += random_buffer(&s, all + len);
	snprintf(path, sizeof path, "%s/buffers.bin", dir);
	ok = ok && write_file(path, all, len);
	free(all);
	for (unsigned long i = 0; ok && i < ne; i++) {
		size_t elf_len;
		uint8_t *elf = random_executable(&s, ctm, &elf_len);
		snprintf(path, sizeof path, "%s/exe-%lu.bin", dir, i);
		ok = elf && write_file(path, elf, elf_len);
		free(elf);
	}
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	uint64_t seed = test_seed(0xC7A5EED), s = seed;
	const struct ip_isa *ctm = ip_isa_find("ctm"), *cb = ip_isa_find("ctm_cb");
	unsigned long rounds = test_scaled(20000);
	if (argc == 5 && strcmp(argv[1], "--write") == 0)
		return write_samples(argv[2], strtoul(argv[3], NULL, 10), strtoul(argv[4], NULL, 10),
		                     seed);
	check_tables();
	check_longest_commands(cb);
	for (unsigned long r = 0; r < rounds; r++) {
		static uint8_t buf[5 * 4 * (1 + MAX_PARAMS) > 6 * 4 * CTM_INSTR_WORDS
		                       ? 5 * 4 * (1 + MAX_PARAMS) : 6 * 4 * CTM_INSTR_WORDS];
		size_t len = 0;
		unsigned n = 1 + (unsigned)(test_rand(&s) % 6);
		uint64_t round_seed = s;
		/* raw instructions (every seventh round): each word random, biased to sparse */
		for (unsigned k = 0; r % 7 == 0 && k < n * CTM_INSTR_WORDS; k++) {
			uint32_t w = r32(&s);
			if (test_rand(&s) % 2)
				w &= r32(&s);
			len += put_words(buf + len, &w, 1);
		}
		if (len)
			roundtrip_binary(ctm, buf, len, round_seed, NULL);
		/* command buffers */
		len = random_buffer(&s, buf);
		roundtrip_binary(cb, buf, len, round_seed, NULL);
		/* executables */
		{
			size_t elf_len;
			uint8_t *elf = random_executable(&s, ctm, &elf_len);
			if (elf)
				roundtrip_binary(ctm, elf, elf_len, round_seed, NULL);
			free(elf);
		}
	}
	return check_report("test_ctm_roundtrip");
}

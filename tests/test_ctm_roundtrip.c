/* test_ctm_roundtrip.c: every CTM field table covers its word exactly once; random instruction
 * words, command buffers and executables come back bit for bit through unpack -> pack and
 * through disassemble -> assemble -> pack. */
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

/* Random header: a known command (right count or not) or any opcode, odd low bits and type. */
static unsigned random_command(uint64_t *s, uint32_t *w)
{
	unsigned n, opcode;
	uint32_t h;
	if (test_rand(s) % 4) {
		const struct ctm_command *c = &ctm_commands[test_rand(s) % CTM_CMD_COUNT];
		opcode = c->opcode;
		n = test_rand(s) % 8 ? c->nparams : 1 + (unsigned)(test_rand(s) % 6);
	} else {
		opcode = (unsigned)(test_rand(s) & 0xFF);
		n = 1 + (unsigned)(test_rand(s) % 6);
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

int main(void)
{
	uint64_t seed = test_seed(0xC7A5EED), s = seed;
	const struct ip_isa *ctm = ip_isa_find("ctm"), *cb = ip_isa_find("ctm_cb");
	unsigned long rounds = test_scaled(3000);
	check_tables();
	for (unsigned long r = 0; r < rounds; r++) {
		static uint8_t buf[8192];
		size_t len = 0;
		unsigned n = 1 + (unsigned)(test_rand(&s) % 6);
		uint64_t round_seed = s;
		/* raw instructions: each word random, biased to sparse */
		for (unsigned k = 0; k < n * CTM_INSTR_WORDS; k++) {
			uint32_t w = r32(&s);
			if (test_rand(&s) % 2)
				w &= r32(&s);
			len += put_words(buf + len, &w, 1);
		}
		roundtrip_binary(ctm, buf, len, round_seed, NULL);
		/* command buffers */
		len = 0;
		for (unsigned c = 0; c < 1 + test_rand(&s) % 5; c++) {
			uint32_t w[8];
			unsigned nw = random_command(&s, w);
			len += put_words(buf + len, w, nw);
		}
		roundtrip_binary(cb, buf, len, round_seed, NULL);
		/* executables: instructions, commands and notes through the ELF writer */
		if (r % 4 == 0) {
			struct ip_program p;
			struct ip_diag d;
			uint8_t *elf = NULL;
			size_t elf_len = 0;
			uint32_t w[CTM_INSTR_WORDS], desc[8];
			ip_program_init(&p, ctm);
			for (unsigned k = 0; k < n; k++) {
				for (unsigned x = 0; x < CTM_INSTR_WORDS; x++)
					w[x] = r32(&s) & r32(&s);
				ctm_add_instr(&p, w);
			}
			for (unsigned c = 0; c < test_rand(&s) % 4; c++) {
				uint32_t cw[8];
				unsigned nw = random_command(&s, cw);
				ctm_add_command(&p, cw[0], cw + 1, nw - 1);
			}
			desc[0] = 1;
			for (unsigned k = 1; k < 8; k++)
				desc[k] = test_rand(&s) % 2 ? r32(&s) : 0;
			ctm_add_note(&p, CTM_NOTE_PROGINFO, desc, 1 + (unsigned)(test_rand(&s) % 8));
			for (unsigned t = 0; t < test_rand(&s) % 4; t++) {
				for (unsigned k = 0; k < 8; k++)
					desc[k] = r32(&s) % 16;
				ctm_add_note(&p, 2 + (unsigned)(test_rand(&s) % 9), desc,
				             (unsigned)(test_rand(&s) % 8));
			}
			ip_diag_init(&d, "random");
			CHECK(ctm->pack(&p, &elf, &elf_len, &d) == 0 && ctm_is_elf(elf, elf_len), "elf pack: %s",
			      d.msg);
			if (elf)
				roundtrip_binary(ctm, elf, elf_len, round_seed, NULL);
			free(elf);
			ip_program_free(&p);
		}
	}
	return check_report("test_ctm_roundtrip");
}

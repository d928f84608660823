/* test_ctm_elf.c: malformed CTM executables (every truncation, wrong identification, wrong
 * notes, offsets past the end) get an error naming the byte offset, never a crash. */
#include <string.h>

#include "check.h"
#include "ctm/ctm.h"

static uint8_t *make_elf(size_t *len)
{
	const struct ip_isa *isa = ip_isa_find("ctm");
	struct ip_program p;
	struct ip_diag d;
	uint8_t *elf = NULL;
	uint32_t w[CTM_INSTR_WORDS] = {0x00078005, 0x08020080, 0x08020080, 0x00920490, 0x00c18003, 5};
	uint32_t pi[2] = {1, 0}, cmd[4] = {0, 0, 3, 3};
	ip_program_init(&p, isa);
	ctm_add_instr(&p, w);
	ctm_add_command(&p, ctm_cmd_header_word(CTM_OP_SET_DOMAIN, 4), cmd, 4);
	ctm_add_note(&p, CTM_NOTE_PROGINFO, pi, 2);
	ctm_add_note(&p, CTM_NOTE_INPUTS, pi + 1, 1);
	ip_diag_init(&d, "t");
	CHECK(isa->pack(&p, &elf, len, &d) == 0, "pack: %s", d.msg);
	ip_program_free(&p);
	return elf;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (unsigned i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Unpacking must fail with an error at byte `offset` (-2: any offset) whose text has `what`. */
static void expect_error(const uint8_t *b, size_t len, long offset, const char *what,
                         const char *label)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, label);
	if (ctm_unpack(b, len, &p, &d) == 0) {
		CHECK(0, "%s: accepted", label);
		ip_program_free(&p);
		return;
	}
	CHECK(d.offset >= 0 && (offset == -2 || d.offset == offset), "%s: offset %ld, want %ld (%s)",
	      label, d.offset, offset, d.msg);
	CHECK(!what || strstr(d.msg, what), "%s: message '%s' lacks '%s'", label, d.msg, what);
}

int main(void)
{
	size_t len;
	uint8_t *elf = make_elf(&len), *b = malloc(len);
	uint32_t shoff = get32(elf + 32), note_off;
	struct ip_program p;
	struct ip_diag d;

	ip_diag_init(&d, "ok");
	CHECK(ctm_unpack(elf, len, &p, &d) == 0, "the good file: %s", d.msg);
	ip_program_free(&p);
	/* every truncation */
	for (size_t n = 4; n < len; n++) {
		char label[48];
		snprintf(label, sizeof label, "truncated to %zu", n);
		expect_error(elf, n, -2, NULL, label);
	}
	/* identification */
	memcpy(b, elf, len);
	b[7] = 3;
	expect_error(b, len, 7, "EI_OSABI", "osabi");
	memcpy(b, elf, len);
	b[18] = 3;
	expect_error(b, len, 18, "e_machine", "machine");
	memcpy(b, elf, len);
	b[4] = 2;
	expect_error(b, len, 4, "ELFCLASS32", "class");
	memcpy(b, elf, len);
	put32(b + 36, 0);
	expect_error(b, len, 36, "e_flags", "flags");
	/* section headers past the end */
	memcpy(b, elf, len);
	put32(b + 32, (uint32_t)len);
	expect_error(b, len, 32, "section headers", "shoff");
	/* .text (section 1) data past the end */
	memcpy(b, elf, len);
	put32(b + shoff + 40 + 20, 0x10000);
	expect_error(b, len, shoff + 40 + 16, "runs past", "text size");
	/* .text not a whole number of instructions */
	memcpy(b, elf, len);
	put32(b + shoff + 40 + 20, 20);
	expect_error(b, len, get32(elf + shoff + 40 + 16), "24-byte", "text size 20");
	/* notes: section 2 */
	note_off = get32(elf + shoff + 80 + 16);
	memcpy(b, elf, len);
	b[note_off + 12] = 'X';
	expect_error(b, len, note_off + 12, "ATI DPP", "note name");
	memcpy(b, elf, len);
	put32(b + note_off, 4);
	expect_error(b, len, note_off, "namesz", "namesz");
	memcpy(b, elf, len);
	put32(b + note_off + 4, 0x1000);
	expect_error(b, len, note_off + 4, NULL, "descsz");
	memcpy(b, elf, len);
	put32(b + note_off + 4, 6);
	expect_error(b, len, note_off + 4, "multiple of 4", "descsz 6");
	/* no program information note: its type changed */
	memcpy(b, elf, len);
	put32(b + note_off + 8, 9);
	expect_error(b, len, note_off, "program information", "no proginfo");
	/* command section: a header announcing more parameters than it holds */
	{
		uint32_t coff = get32(elf + shoff + 120 + 16);
		memcpy(b, elf, len);
		put32(b + coff, ctm_cmd_header_word(CTM_OP_SET_DOMAIN, 30));
		expect_error(b, len, coff, "parameters", "command count");
	}
	/* an executable without commands (the writer once passed NULL to memcpy: found by
	 * fuzzing the CTM executables, now the disasm-ctm target of tests/fuzz/targets/) */
	{
		const struct ip_isa *isa = ip_isa_find("ctm");
		uint32_t w[CTM_INSTR_WORDS] = {1, 0, 0, 0, 0, 0}, pi[1] = {1};
		uint8_t *e2 = NULL;
		size_t l2 = 0;
		ip_program_init(&p, isa);
		ctm_add_instr(&p, w);
		ctm_add_note(&p, CTM_NOTE_PROGINFO, pi, 1);
		CHECK(isa->pack(&p, &e2, &l2, &d) == 0, "pack without commands: %s", d.msg);
		ip_program_free(&p);
		CHECK(e2 && ctm_unpack(e2, l2, &p, &d) == 0 && p.nbundles == 2, "read back: %s", d.msg);
		if (e2)
			ip_program_free(&p);
		free(e2);
	}
	free(b);
	free(elf);
	return check_report("test_ctm_elf");
}

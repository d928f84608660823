/* target_text.c: fuzz targets of what users write and what binaries hold: probe files, each
 * ISA's assembler (with the disassembly round trips) and each ISA's unpacker and disassembler. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/afl/afl_internal.h"
#include "isaprobe/isa.h"
#include "isaprobe/probe.h"
#include "targets.h"

/* The input as a NUL-terminated string (text parsers stop at a NUL: so does this copy). */
static char *as_text(const uint8_t *data, size_t len)
{
	char *s = malloc(len + 1);
	if (!s)
		abort();
	memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

void fuzz_run_probe(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	char *text = as_text(data, len);
	struct ip_probe p;
	struct ip_diag d;
	(void)t;
	/* a folder that does not exist: `program file` cannot reach the fuzzer's disk */
	ip_diag_init(&d, "/nonexistent-isaprobe-fuzz/fuzz.probe");
	if (ip_probe_parse(text, "/nonexistent-isaprobe-fuzz/fuzz.probe", &p, &d) == 0) {
		struct ip_afl_layout l;
		ip_diag_init(&d, NULL);
		(void)ip_afl_image_layout(&p, &l, &d); /* the afl engine's view of it */
	}
	ip_probe_free(&p);
	free(text);
}

static int seed_probe_text(struct fuzz_seed_ctx *c, const char *path, const char *text,
                           const void *arg)
{
	const char *base = strrchr(path, '/');
	(void)arg;
	return fuzz_seed_write(c, base ? base + 1 : path, text, strlen(text));
}

int fuzz_seed_probe(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	(void)t;
	return fuzz_seed_probes(c, seed_probe_text, NULL);
}

/* The disassembly of prog (expanded: with --expand's line per repetition), NUL-terminated
 * (malloc'd). */
static char *disassemble(const struct fuzz_target *t, const struct ip_program *prog, int expanded)
{
	const struct ip_isa *isa = t->arg;
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	if (!f)
		abort();
	if ((expanded ? isa->disassemble_expanded : isa->disassemble)(prog, f) != 0) {
		fclose(f);
		fuzz_fail(t, "a program that assembled (or unpacked) does not disassemble");
	}
	fclose(f);
	return buf;
}

static int same_words(const struct ip_program *a, const struct ip_program *b)
{
	if (a->nbundles != b->nbundles)
		return 0;
	for (size_t i = 0; i < a->nbundles; i++) {
		if (a->bundles[i].nslots != b->bundles[i].nslots)
			return 0;
		for (unsigned s = 0; s < a->bundles[i].nslots; s++)
			if (!ip_word_eq(&a->bundles[i].slots[s].value, &b->bundles[i].slots[s].value) ||
			    a->bundles[i].slots[s].fmt != b->bundles[i].slots[s].fmt)
				return 0;
	}
	return 1;
}

/* Disassembles prog (plainly, or with --expand's line per repetition), assembles the text
 * again and checks that the words are the same and pack to the same bytes. */
static void round_trip_as(const struct fuzz_target *t, const struct ip_program *prog,
                          int expanded)
{
	const struct ip_isa *isa = t->arg;
	char *text = disassemble(t, prog, expanded);
	const char *how = expanded ? "expanded disassembly" : "disassembly";
	struct ip_program again;
	struct ip_diag d;
	uint8_t *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	int pa, pb;
	ip_program_init(&again, isa);
	ip_diag_init(&d, "disassembly");
	if (isa->assemble(text, &again, &d) != 0)
		fuzz_fail(t, "the %s does not assemble: %u:%u: %s\n%s", how, d.line, d.col, d.msg,
		          text);
	if (!same_words(prog, &again))
		fuzz_fail(t, "the %s assembles to other words:\n%s", how, text);
	ip_diag_init(&d, NULL);
	pa = isa->pack(prog, &a, &na, &d);
	ip_diag_init(&d, NULL);
	pb = isa->pack(&again, &b, &nb, &d);
	if (pa != pb || (pa == 0 && (na != nb || memcmp(a, b, na) != 0)))
		fuzz_fail(t, "the %s packs to other bytes:\n%s", how, text);
	free(a);
	free(b);
	free(text);
	ip_program_free(&again);
}

static void round_trip(const struct fuzz_target *t, const struct ip_program *prog)
{
	const struct ip_isa *isa = t->arg;
	round_trip_as(t, prog, 0);
	if (isa->disassemble_expanded)
		round_trip_as(t, prog, 1);
}

/* An ELF executable: a container that an ISA may read in any layout and write in its own (ctm
 * does), so its bytes need not come back; its words must. */
static int is_elf(const uint8_t *data, size_t len)
{
	return len >= 4 && memcmp(data, "\x7f" "ELF", 4) == 0;
}

/* A binary through the unpacker: refused with an error naming a byte offset inside it, or
 * unpacked to words that pack back to it (an executable: to bytes that unpack to the same words
 * and pack to themselves) and survive the disassembly round trips. must_unpack: the bytes are
 * what pack wrote, so refusing them is a failure too. */
static void check_binary(const struct fuzz_target *t, const uint8_t *data, size_t len,
                         int must_unpack)
{
	const struct ip_isa *isa = t->arg;
	struct ip_program prog, again;
	struct ip_diag d;
	uint8_t *packed = NULL, *repacked = NULL;
	size_t n = 0, n2 = 0;
	ip_program_init(&prog, isa);
	ip_program_init(&again, isa);
	ip_diag_init(&d, "fuzz.bin");
	if (isa->unpack(data, len, &prog, &d) != 0) {
		if (must_unpack)
			fuzz_fail(t, "what pack wrote does not unpack: %s", d.msg);
		if (d.offset < 0 || (size_t)d.offset > len)
			fuzz_fail(t, "an unpack error names byte offset %ld of %zu bytes: %s", d.offset,
			          len, d.msg);
	} else {
		ip_diag_init(&d, NULL);
		if (isa->pack(&prog, &packed, &n, &d) != 0)
			fuzz_fail(t, "a binary that unpacks does not pack again: %s", d.msg);
		if (!is_elf(data, len) && (n != len || memcmp(packed, data, len) != 0))
			fuzz_fail(t, "unpack then pack changes the binary (%zu bytes in, %zu out)", len,
			          n);
		/* what pack writes unpacks to the same words and packs to itself */
		ip_diag_init(&d, "packed");
		if (isa->unpack(packed, n, &again, &d) != 0)
			fuzz_fail(t, "what pack wrote does not unpack: %s", d.msg);
		if (!same_words(&prog, &again))
			fuzz_fail(t, "what pack wrote unpacks to other words");
		ip_diag_init(&d, NULL);
		if (isa->pack(&again, &repacked, &n2, &d) != 0 || n2 != n ||
		    memcmp(repacked, packed, n) != 0)
			fuzz_fail(t, "packing is not stable: what pack wrote packs to other bytes");
		round_trip(t, &prog);
	}
	free(packed);
	free(repacked);
	ip_program_free(&again);
	ip_program_free(&prog);
}

void fuzz_run_asm(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	const struct ip_isa *isa = t->arg;
	char *text = as_text(data, len);
	struct ip_program prog;
	struct ip_diag d;
	ip_program_init(&prog, isa);
	ip_diag_init(&d, "fuzz.s");
	if (isa->assemble(text, &prog, &d) == 0) {
		uint8_t *bin = NULL;
		size_t n = 0;
		round_trip(t, &prog);
		/* what assembles and packs goes through the unpacker as any binary does */
		ip_diag_init(&d, NULL);
		if (isa->pack(&prog, &bin, &n, &d) == 0)
			check_binary(t, bin, n, 1);
		free(bin);
	} else if (d.line < 1) {
		fuzz_fail(t, "an assembly error names no line: %s", d.msg);
	}
	ip_program_free(&prog);
	free(text);
}

void fuzz_run_disasm(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	check_binary(t, data, len, 0);
}

/* The program of a probe: its heredoc, or the file it names (relative to the probe). */
static char *probe_program(const char *path, const char *text)
{
	const char *p = strstr(text, "\nprogram ");
	char tag[64];
	if (!p)
		return NULL;
	p += 9;
	if (strncmp(p, "<<", 2) == 0) {
		const char *start, *end;
		size_t n = strcspn(p + 2, " \t\n");
		char pat[80];
		if (n == 0 || n >= sizeof tag)
			return NULL;
		fuzz_format(tag, sizeof tag, "%.*s", (int)n, p + 2);
		start = strchr(p, '\n');
		if (!start)
			return NULL;
		start++;
		fuzz_format(pat, sizeof pat, "\n%s\n", tag);
		end = strstr(start - 1, pat);
		if (!end)
			return NULL;
		return strndup(start, (size_t)(end + 1 - start));
	}
	if (strncmp(p, "file ", 5) == 0) {
		char file[4096], dir[4096];
		size_t n = strcspn(p + 5, " \t\n");
		const char *slash = strrchr(path, '/');
		FILE *f;
		char *buf;
		long len;
		fuzz_format(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
		fuzz_format(file, sizeof file, "%s/%.*s", dir, (int)n, p + 5);
		f = fopen(file, "rb");
		if (!f)
			return NULL;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
		if (buf && fread(buf, 1, (size_t)len, f) == (size_t)len)
			buf[len] = '\0';
		else {
			free(buf);
			buf = NULL;
		}
		fclose(f);
		return buf;
	}
	return NULL;
}

/* Whether the probe's `isa` line names this ISA. */
static int probe_isa_is(const char *text, const struct ip_isa *isa)
{
	const char *p = text;
	size_t n = strlen(isa->name);
	while ((p = strstr(p, "isa ")) != NULL) {
		if ((p == text || p[-1] == '\n') && strncmp(p + 4, isa->name, n) == 0 &&
		    (p[4 + n] == '\n' || p[4 + n] == ' ' || p[4 + n] == '\t' || p[4 + n] == '#'))
			return 1;
		p += 4;
	}
	return 0;
}

static int seed_one_program(struct fuzz_seed_ctx *c, const char *path, const char *text,
                            const void *arg)
{
	const struct fuzz_target *t = arg;
	const struct ip_isa *isa = t->arg;
	const char *base = strrchr(path, '/');
	char *prog_text;
	int rc = 0;
	if (!probe_isa_is(text, isa) || !(prog_text = probe_program(path, text)))
		return 0;
	if (t->run == fuzz_run_asm) {
		rc = fuzz_seed_write(c, base ? base + 1 : path, prog_text, strlen(prog_text));
	} else {
		struct ip_program prog;
		struct ip_diag d;
		uint8_t *bin = NULL;
		size_t n = 0;
		ip_program_init(&prog, isa);
		ip_diag_init(&d, path);
		if (isa->assemble(prog_text, &prog, &d) == 0 && isa->pack(&prog, &bin, &n, &d) == 0)
			rc = fuzz_seed_write(c, base ? base + 1 : path, bin, n);
		free(bin);
		ip_program_free(&prog);
	}
	free(prog_text);
	return rc;
}

/* Programs of the ISAs no probe is written in: a CTM command buffer (the domain and output of
 * the ctm simulator target's; one with a constants format). */
static const struct {
	const char *isa, *name, *text;
} samples[] = {
	{"ctm_cb", "domain-4x2", fuzz_ctm_commands},
	{"ctm_cb", "constants",
	 "set_constf_fmt address=0x800 format.pitch=4 format.data=float32_4\n"
	 "set_out_fmt output=0 address=0x1000 format.pitch=1 format.data=float32_4 height=1\n"
	 "set_domain i0=0 j0=0 i1=3 j1=0\n"
	 "start_program\n"},
};

/* The samples of t's ISA as seeds: text for asm targets, packed for the others. */
static int seed_samples(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	const struct ip_isa *isa = t->arg;
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		struct ip_program prog;
		struct ip_diag d;
		uint8_t *bin = NULL;
		size_t n = 0;
		int rc;
		if (strcmp(samples[i].isa, isa->name) != 0)
			continue;
		if (t->run == fuzz_run_asm) {
			if (fuzz_seed_write(c, samples[i].name, samples[i].text, strlen(samples[i].text)))
				return -1;
			continue;
		}
		ip_program_init(&prog, isa);
		ip_diag_init(&d, samples[i].name);
		if (isa->assemble(samples[i].text, &prog, &d) != 0 ||
		    isa->pack(&prog, &bin, &n, &d) != 0) {
			fprintf(stderr, "isaprobe-fuzz: sample %s: %s\n", samples[i].name, d.msg);
			rc = -1;
		} else {
			rc = fuzz_seed_write(c, samples[i].name, bin, n);
		}
		free(bin);
		ip_program_free(&prog);
		if (rc)
			return -1;
	}
	return 0;
}

int fuzz_seed_asm(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	unsigned before = c->count;
	if (fuzz_seed_probes(c, seed_one_program, t) != 0 || seed_samples(t, c) != 0)
		return -1;
	if (c->count == before) /* an ISA without probes yet: a start anyway */
		return fuzz_seed_write(c, "empty", "\n", 1);
	return 0;
}

/* The probes' programs assembled and packed: for disasm-ISA and sim-ISA. */
int fuzz_seed_disasm(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	unsigned before = c->count;
	if (fuzz_seed_probes(c, seed_one_program, t) != 0 || seed_samples(t, c) != 0)
		return -1;
	if (c->count == before)
		return fuzz_seed_write(c, "zeros", "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16);
	return 0;
}

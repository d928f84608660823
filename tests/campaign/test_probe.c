/* test_probe.c: the probe format: a valid probe resolved against the Midgard tables (targets,
 * contexts, distinct inputs worked out by hand), and bad probes named at file:line:col. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/probe.h"

#define HEAD "isa midgard\nprogram <<END\nls {\n\tld_attr_32 r0.xyzw, [0].xyzw\n\tnoop\n}\nEND\n"
/* HEAD is lines 1-7; the next line is 8. */

static void where(const struct ip_diag *d, char *buf, size_t n)
{
	snprintf(buf, n, "%s:%u:%u: %s", d->file ? d->file : "?", d->line, d->col, d->msg);
}

/* Parses text; expects an error starting with `at` ("file:line:col") whose message has `has`. */
static void bad(const char *text, const char *at, const char *has)
{
	struct ip_probe p;
	struct ip_diag d;
	char got[700];
	int rc = ip_probe_parse(text, "t.probe", &p, &d);
	where(&d, got, sizeof got);
	CHECK(rc == -1, "accepted a bad probe (expected %s %s)", at, has);
	CHECK(strncmp(got, at, strlen(at)) == 0 && strstr(got, has), "expected '%s ... %s', got '%s'",
	      at, has, got);
	ip_probe_free(&p);
}

static uint32_t word_at(const uint8_t *b, unsigned i)
{
	return (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
	       (uint32_t)b[4 * i + 3] << 24;
}

static void test_valid(void)
{
	static const char text[] = HEAD
		"target 0.load_store unk25   # bits 25-50 of the first load/store instruction\n"
		"input uniforms distinct 32\n"
		"input attributes distinct 16\n"
		"input attributes words 0x12345678 -1\n"
		"input varyings_in floats 1.5\n"
		"observe registers 512\n"
		"observe varyings_out 64\n"
		"invocations 4\n"
		"steps 100\n"
		"uniform_regs 2\n"
		"record registers 16 names r0..r2 zero  r4..r5\n"
		"record uniforms 16 names u\n"
		"context attr op=ld_attr_32\n"
		"context vary op=ld_vary_32 unk25=0x1a3\n"
		"context st 0.2/op=st_vary_32\n";
	struct ip_probe p;
	struct ip_diag d;
	char got[700];
	int rc = ip_probe_parse(text, "dir/ls_test.probe", &p, &d);
	where(&d, got, sizeof got);
	CHECK(rc == 0, "valid probe refused: %s", got);
	if (rc) {
		ip_probe_free(&p);
		return;
	}
	CHECK(strcmp(p.name, "ls_test") == 0, "name %s", p.name);
	CHECK(p.ntargets == 1 && p.width == 26, "targets %u width %u", p.ntargets, p.width);
	/* A load/store word: slot 0 the tag, slot 1 the first instruction, slot 2 the second. */
	CHECK(p.targets[0].bundle == 0 && p.targets[0].slot == 1 && p.targets[0].lo == 25 &&
	      p.targets[0].width == 26 && p.targets[0].value_lo == 0 &&
	      strcmp(p.targets[0].field->name, "unk25") == 0,
	      "target %u.%u bits %u+%u", p.targets[0].bundle, p.targets[0].slot, p.targets[0].lo,
	      p.targets[0].width);
	CHECK(p.ncontexts == 3 && strcmp(p.contexts[1].label, "vary") == 0, "contexts %u",
	      p.ncontexts);
	CHECK(p.contexts[0].seed_value.w[0] == 0 && p.contexts[1].seed_value.w[0] == 0x1a3 &&
	      p.contexts[2].seed_value.w[0] == 0,
	      "seed values %llx %llx", (unsigned long long)p.contexts[0].seed_value.w[0],
	      (unsigned long long)p.contexts[1].seed_value.w[0]);
	/* Context vary: opcode 0x98 in bits 0-7 of slot 1; context st: slot 2's opcode 0xD4. */
	CHECK((p.contexts[1].prog.bundles[0].slots[1].value.w[0] & 0xff) == 0x98, "vary opcode");
	CHECK((p.contexts[2].prog.bundles[0].slots[2].value.w[0] & 0xff) == 0xD4, "st opcode");
	CHECK((p.contexts[0].prog.bundles[0].slots[1].value.w[0] & 0xff) == 0x94, "attr opcode");
	/* Buffers: distinct words are 0x44003C00 + role * 0x01000100 + index * 0x00010001 with
	 * role 0 uniforms, 1 attributes, 2 varyings_in. */
	CHECK(p.nbuffers == 5, "%u buffers", p.nbuffers);
	CHECK(p.buffers[0].len == 32 && word_at(p.buffers[0].data, 0) == 0x44003C00 &&
	      word_at(p.buffers[0].data, 7) == 0x44073C07, "uniforms %08x %08x",
	      word_at(p.buffers[0].data, 0), word_at(p.buffers[0].data, 7));
	CHECK(p.buffers[1].len == 24 && word_at(p.buffers[1].data, 1) == 0x45013D01 &&
	      word_at(p.buffers[1].data, 4) == 0x12345678 && word_at(p.buffers[1].data, 5) == 0xFFFFFFFF,
	      "attributes");
	CHECK(p.buffers[2].len == 4 && word_at(p.buffers[2].data, 0) == 0x3FC00000, "floats 1.5");
	CHECK(p.buffers[3].output && p.buffers[3].len == 512 && p.output_len == 576, "outputs");
	CHECK(p.limits.invocations == 4 && p.limits.budget == 100 && p.uniform_regs == 2, "limits");
	CHECK(p.record[IP_BUF_REGISTERS] == 16 && p.record[IP_BUF_UNIFORMS] == 16, "record sizes");
	CHECK(p.names[IP_BUF_REGISTERS] && !strcmp(p.names[IP_BUF_REGISTERS], "r0 r1 r2 zero r4 r5"),
	      "register names '%s'", p.names[IP_BUF_REGISTERS] ? p.names[IP_BUF_REGISTERS] : "");
	CHECK(p.names[IP_BUF_UNIFORMS] && !strcmp(p.names[IP_BUF_UNIFORMS], "u") &&
	      !p.names[IP_BUF_ATTRIBUTES], "uniform names");
	{
		/* Apply then extract: the value lands in bits 25-50 of the word and only there. */
		struct ip_program prog;
		ip_word v = ip_word_zero(), back;
		v.w[0] = 0x3ffffff;
		CHECK(ip_probe_copy_program(&prog, &p.contexts[0].prog) == 0, "copy");
		ip_probe_apply(&p, &prog, &v);
		CHECK(prog.bundles[0].slots[1].value.w[0] ==
		      (p.contexts[0].prog.bundles[0].slots[1].value.w[0] | UINT64_C(0x3ffffff) << 25),
		      "apply sets bits 25-50");
		back = ip_probe_extract(&p, &prog);
		CHECK(back.w[0] == 0x3ffffff && back.w[1] == 0, "extract");
		ip_program_free(&prog);
	}
	ip_probe_free(&p);
}

/* The distinct generator past word 255 (docs/probe-format.md), worked by hand. */
static void test_distinct_large(void)
{
	/* attributes (r = 1), word 256: m = 0, key = 4 * 0 + 1 = 1, high half 0x3C00 + 1 / 6 =
	 * 0x3C00, bits 13-15 = 1 % 6 = 1 -> 3 (skipping 1 and 2), low 11 bits 0x100 * 1 + 0 */
	CHECK(ip_probe_distinct_word(IP_BUF_ATTRIBUTES, 256) == 0x3C006100, "attributes[256] %08x",
	      ip_probe_distinct_word(IP_BUF_ATTRIBUTES, 256));
	/* varyings_in (r = 2), word 300: m = 44, key = 178, high 0x3C00 + 29 = 0x3C1D, 178 % 6 = 4
	 * -> 6 (0xC000), low 0x200 + 44 (0x2C) */
	CHECK(ip_probe_distinct_word(IP_BUF_VARYINGS_IN, 300) == 0x3C1DC22C, "varyings_in[300] %08x",
	      ip_probe_distinct_word(IP_BUF_VARYINGS_IN, 300));
	/* uniforms (r = 0), word 261: m = 5, key = 20, high 0x3C03, 20 % 6 = 2 -> 4 (0x8000), low 5 */
	CHECK(ip_probe_distinct_word(IP_BUF_UNIFORMS, 261) == 0x3C038005, "uniforms[261] %08x",
	      ip_probe_distinct_word(IP_BUF_UNIFORMS, 261));
	/* past m = 4415: word 4672 = 256 * 18 + 0x40 of attributes: low half 0x3C00 + 0x100 + 0x40,
	 * high half 0x800 + 18 above it */
	CHECK(ip_probe_distinct_word(IP_BUF_ATTRIBUTES, 4672) == 0x45523D40, "attributes[4672] %08x",
	      ip_probe_distinct_word(IP_BUF_ATTRIBUTES, 4672));
	/* words 0-255 as before */
	CHECK(ip_probe_distinct_word(IP_BUF_ATTRIBUTES, 255) == 0x45FF3DFF, "attributes[255]");
}

static void test_two_targets(void)
{
	static const char text[] = HEAD "target 0.1 bits 25-30\ntarget 0.2 bits 40-41\n"
	                                "observe registers 16\n";
	struct ip_probe p;
	struct ip_diag d;
	CHECK(ip_probe_parse(text, "t.probe", &p, &d) == 0, "two targets: %s", d.msg);
	if (p.ntargets == 2) {
		struct ip_program prog;
		ip_word v = ip_word_zero();
		v.w[0] = 0xFF; /* bits 0-5 to slot 1 bits 25-30, bits 6-7 to slot 2 bits 40-41 */
		CHECK(p.width == 8 && p.targets[1].value_lo == 6, "value_lo %u", p.targets[1].value_lo);
		CHECK(p.targets[0].field && strcmp(p.targets[0].field->name, "unk25") == 0,
		      "bits inside unk25 name it");
		ip_probe_copy_program(&prog, &p.contexts[0].prog);
		ip_probe_apply(&p, &prog, &v);
		CHECK((prog.bundles[0].slots[1].value.w[0] >> 25 & 0x3f) == 0x3f, "slot 1 bits");
		CHECK((prog.bundles[0].slots[2].value.w[0] >> 40 & 3) == 3, "slot 2 bits");
		CHECK(strcmp(p.contexts[0].label, "seed") == 0, "default context");
		ip_program_free(&prog);
	}
	ip_probe_free(&p);
}

static void test_errors(void)
{
	bad(HEAD "target 0.load_store unk26\nobserve registers 16\n", "t.probe:8:21:",
	    "unknown field 'unk26'");
	bad(HEAD "target 0.load_store op\nobserve registers 16\n", "t.probe:8:21:",
	    "documented (known)");
	bad(HEAD "target 3.1 unk25\n", "t.probe:8:8:", "the program has 1 words");
	bad(HEAD "target 0.scalar_alu unk25\n", "t.probe:8:8:", "no such scalar_alu slot");
	bad(HEAD "target 0.nosuch unk25\n", "t.probe:8:8:", "no word format 'nosuch'");
	bad(HEAD "target 0.1 bits 55-60\n", "t.probe:8:17:", "bits 0-59");
	bad(HEAD "target 0.1 bits 25-30\ntarget 0.1 bits 30-31\n", "t.probe:9:8:", "overlap");
	bad(HEAD "context a op=ld_vary_32\n", "t.probe:8:1:", "before any `target`");
	bad(HEAD "target 0.1 unk25\ncontext a op=ld_nope\n", "t.probe:9:11:", "'ld_nope'");
	bad(HEAD "target 0.1 unk25\ncontext a reg=99\n", "t.probe:9:11:", "does not fit");
	bad(HEAD "target 0.1 unk25\ncontext a a=1\ncontext a a=1\n", "t.probe:9:11:",
	    "unknown field 'a'");
	bad(HEAD "target 0.1 unk25\ncontext a\ncontext a\n", "t.probe:10:9:", "second context");
	bad(HEAD "target 0.1 unk25\ninput nowhere distinct 16\n", "t.probe:9:7:",
	    "unknown buffer role");
	bad(HEAD "target 0.1 unk25\ninput uniforms distinct 10\n", "t.probe:9:25:", "multiple of 4");
	bad(HEAD "target 0.1 unk25\ninput uniforms random 16\n", "t.probe:9:16:", "generator");
	bad(HEAD "target 0.1 unk25\nfrobnicate\n", "t.probe:9:1:", "unknown directive");
	bad(HEAD "target 0.1 unk25\nrecord registers 6\n", "t.probe:9:18:", "record ROLE BYTES");
	bad(HEAD "target 0.1 unk25\nrecord registers\n", "t.probe:9:1:", "record ROLE");
	bad(HEAD "target 0.1 unk25\nrecord nowhere 16\n", "t.probe:9:8:", "unknown buffer role");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 r0..r31\n", "t.probe:9:21:",
	    "expected `names NAME...`");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names\n", "t.probe:9:21:",
	    "expected `names NAME...`");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names r0 r$1\n", "t.probe:9:30:",
	    "not a record name");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names r5..r2\n", "t.probe:9:27:",
	    "not a record name");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names r0..q5\n", "t.probe:9:27:",
	    "not a record name");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names r0..r9999\n", "t.probe:9:27:",
	    "not a record name");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names r0..r4000 s0..s200\n", "t.probe:9:37:",
	    "more than 4096 record names");
	bad(HEAD "target 0.1 unk25\nrecord registers 16 names "
	         "a2345678901234567890123456789012345678901234567890123456789012345\n",
	    "t.probe:9:27:", "more than 64 characters");
	bad(HEAD "target 0.1 unk25\n", "t.probe:8:1:", "no `observe`");
	bad("isa midgard\nprogram <<END\nls {\n", "t.probe:2:9:", "no closing line");
	bad("isa mips\n", "t.probe:1:5:", "unknown ISA 'mips'");
	bad("program <<END\nEND\n", "t.probe:1:1:", "before `isa`");
	/* An assembly error inside the probe is reported at its line in the probe file. */
	bad("isa midgard\nprogram <<END\nls {\n\tld_attr_32 r40.xyzw, [0].xyzw\n}\nEND\n",
	    "t.probe:4:", "r40");
	/* Conditional fields: unk20 of a scalar ALU exists only when input 2 is a register. */
	bad("isa midgard\nprogram <<END\nalu {\n\tsadd.fadd r1.x, r0.x, #0.5\n}\nEND\n"
	    "target 0.scalar_alu unk20\n",
	    "t.probe:7:21:", "not present");
	/* A context whose opcode removes the target field (unk7 exists only for op 1). */
	bad("isa midgard\nprogram <<END\nalu {\n\tcbr.jmp ls, 5\n}\nEND\n"
	    "target 0.branch_compact unk7\ncontext cond op=2\nobserve registers 16\n",
	    "t.probe:8:9:", "not present");
}

static void test_program_file(void)
{
	char dir[] = "/tmp/isaprobe-probe-XXXXXX", path[256], seed[256];
	struct ip_probe p;
	struct ip_diag d;
	char got[700];
	FILE *f;
	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof path, "%s/x.probe", dir);
	snprintf(seed, sizeof seed, "%s/seed.s", dir);
	f = fopen(seed, "w");
	fputs("; seed\nls {\n\tld_attr_32 r0.xyzw, [0].xyzw\n}\n", f);
	fclose(f);
	f = fopen(path, "w");
	fputs("isa midgard\nprogram file seed.s\ntarget 0.1 unk25\nobserve registers 16\n", f);
	fclose(f);
	CHECK(ip_probe_load(path, &p, &d) == 0, "program file: %s", d.msg);
	CHECK(p.text && strstr(p.text, "ld_attr_32"), "the program file's text is in the probe text");
	ip_probe_free(&p);
	f = fopen(seed, "w");
	fputs("; seed\nls {\n\tld_attr_32 r0.xyzq, [0].xyzw\n}\n", f);
	fclose(f);
	CHECK(ip_probe_load(path, &p, &d) != 0, "a bad program file is refused");
	where(&d, got, sizeof got);
	CHECK(strncmp(got, seed, strlen(seed)) == 0 && strncmp(got + strlen(seed), ":3:", 3) == 0,
	      "error names the program file's line: %s", got);
	ip_probe_free(&p);
	remove(seed);
	CHECK(ip_probe_load(path, &p, &d) != 0 && d.line == 2, "a missing program file: line %u",
	      d.line);
	ip_probe_free(&p);
	remove(path);
	rmdir(dir);
}

int main(void)
{
	test_valid();
	test_distinct_large();
	test_two_targets();
	test_errors();
	test_program_file();
	return check_report("test_probe");
}

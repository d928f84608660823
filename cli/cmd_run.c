/* cmd_run.c: `isaprobe run`: runs one program on a runner (the reference simulator by default)
 * and prints the status and the output buffers as hex, floats and integers (or JSON). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/byteorder.h"
#include "common/float_bits.h"
#include "isaprobe/internal/drm.h"
#include "isaprobe/runner.h"

#define MAX_INPUTS 16
#define MAX_OUTPUTS 8

/* The registers role of the ISA being run (its descriptor's, docs/<isa>-simulator.md); an ISA
 * without one gets room for 32 rows that nothing writes. */
static const struct ip_isa_regs no_regs = {.bytes = 32 * 16};
static const struct ip_isa_regs *regs = &no_regs;
static size_t reg_bytes = 32 * 16; /* regs->bytes */

/* The label of 16-byte row r of a register file. */
static void row_label(unsigned r, char *label, size_t n)
{
	if (regs->row_label)
		regs->row_label(r, label, n);
	else
		snprintf(label, n, "r%u", r);
}

static void usage(FILE *out)
{
	fputs("usage: isaprobe run -i ISA [options] PROGRAM\n"
	      "\n"
	      "Runs PROGRAM (assembly text if its name ends in .s, else the packed binary) as a\n"
	      "vertex-shader-like job and prints the status and the output buffers.\n"
	      "\n"
	      "  -i, --isa ISA          instruction set with a simulator (midgard, utgard_gp,\n"
	      "                         bifrost, a3xx)\n"
	      "  -g, --gpu MODEL        GPU model (midgard: t760 (default), t604, t628, t860)\n"
	      "  -r, --runner NAME      runner backend (default: sim)\n"
	      "      --input ROLE=DATA  an input buffer, repeatable. ROLE: uniforms, attributes,\n"
	      "                         varyings_in, varyings_out, global, registers, commands,\n"
	      "                         textures. DATA: a file name, hex:BYTES (pairs of hex\n"
	      "                         digits, spaces allowed),\n"
	      "                         floats:F,F,... or ints:I,I,... (32-bit little-endian)\n"
	      "      --observe ROLE[=BYTES]  an output buffer to print (default: registers, and\n"
	      "                         varyings_out of the varyings_out input's size or 64 bytes\n"
	      "                         per invocation)\n"
	      "  -n, --invocations N    vertices to run (default 1)\n"
	      "      --budget N         instruction words each invocation may run (default: the\n"
	      "                         runner's)\n"
	      "      --uniform-regs N   uniform registers preloaded from the uniform buffer\n"
	      "                         (default: one per 16-byte record, at most 16)\n"
	      "      --json             machine-readable output\n"
	      "  -h, --help             this help\n"
	      "\n"
	      "Exit status: 0 when the run ends ok, 1 when it does not (fault, timeout, unmodeled,\n"
	      "runner error), the runner fails (a device that does not open, an agent that dies)\n"
	      "or the input is bad (a binary that does not unpack: its byte offset), 2 on bad\n"
	      "usage (an unknown runner among it). Buffer layouts:\n"
	      "docs/midgard-simulator.md (and the other docs/*-simulator.md).\n",
	      out);
}

/* A fault's name: a Mali exception code (above 0x3f, as the kernel's panfrost_exception_is_fault
 * says) by the kernel's own table; NULL for a code that table lacks and for 0, the code of a
 * fault that has none (lima, msm, radeon and their simulators). */
static const char *fault_name(uint32_t code)
{
	return code > 0x3f ? ip_mali_exception_name(code) : NULL;
}

struct owned_input {
	struct ip_buf buf;
	uint8_t *mem;
};

/* hex:BYTES */
static int parse_hex(const char *arg, const char *text, uint8_t **out, size_t *len)
{
	size_t n = 0, cap = strlen(text) / 2 + 1;
	uint8_t *b = malloc(cap);
	int nib = -1;
	if (!b)
		return fprintf(stderr, "isaprobe run: out of memory\n"), -1;
	for (const char *p = text; *p; p++) {
		int v;
		if (*p == ' ' || *p == '_' || *p == ',' || *p == '\n' || *p == '\t')
			continue;
		if (*p >= '0' && *p <= '9')
			v = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			v = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			v = *p - 'A' + 10;
		else {
			fprintf(stderr, "isaprobe run: --input %s: '%c' at character %zu is not a hex "
			        "digit\n", arg, *p, (size_t)(p - text) + 1);
			free(b);
			return -1;
		}
		if (nib < 0) {
			nib = v;
		} else {
			b[n++] = (uint8_t)(nib << 4 | v);
			nib = -1;
		}
	}
	if (nib >= 0) {
		fprintf(stderr, "isaprobe run: --input %s: odd number of hex digits\n", arg);
		free(b);
		return -1;
	}
	*out = b;
	*len = n;
	return 0;
}

/* floats:F,F,... or ints:I,I,... as 32-bit little-endian values */
static int parse_list(const char *arg, const char *text, int floats, uint8_t **out, size_t *len)
{
	size_t cap = 1, n = 0, item = 0;
	uint8_t *b;
	for (const char *p = text; *p; p++)
		cap += *p == ',';
	b = malloc(cap * 4);
	if (!b)
		return fprintf(stderr, "isaprobe run: out of memory\n"), -1;
	for (const char *p = text; *p || item == 0;) {
		char *end;
		uint32_t u;
		item++;
		errno = 0;
		if (floats) {
			u = ip_f32_bits(strtof(p, &end));
		} else {
			long long v = strtoll(p, &end, 0);
			if (v < INT32_MIN || v > (long long)UINT32_MAX)
				errno = ERANGE;
			u = (uint32_t)v;
		}
		while (*end == ' ')
			end++;
		if (end == p || errno || (*end && *end != ',')) {
			fprintf(stderr, "isaprobe run: --input %s: item %zu is not %s\n", arg, item,
			        floats ? "a number" : "a 32-bit integer");
			free(b);
			return -1;
		}
		for (unsigned k = 0; k < 4; k++)
			b[4 * n + k] = (uint8_t)(u >> (8 * k));
		n++;
		if (!*end)
			break;
		p = end + 1;
	}
	*out = b;
	*len = 4 * n;
	return 0;
}

/* ROLE=DATA; returns 0, 1 (bad data: exit 1) or 2 (bad usage). */
static int parse_input(const char *arg, struct owned_input *in)
{
	const char *eq = strchr(arg, '=');
	char role[32];
	if (!eq || (size_t)(eq - arg) >= sizeof role) {
		fprintf(stderr, "isaprobe run: --input takes ROLE=DATA, not '%s'\n", arg);
		return 2;
	}
	memcpy(role, arg, (size_t)(eq - arg));
	role[eq - arg] = 0;
	if (ip_buf_role_parse(role, &in->buf.role) != 0) {
		fprintf(stderr, "isaprobe run: unknown buffer role '%s' (roles:", role);
		for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++)
			fprintf(stderr, " %s", ip_buf_role_name((enum ip_buf_role)r));
		fputs(")\n", stderr);
		return 2;
	}
	eq++;
	if (strncmp(eq, "hex:", 4) == 0) {
		if (parse_hex(arg, eq + 4, &in->mem, &in->buf.len) != 0)
			return 1;
	} else if (strncmp(eq, "floats:", 7) == 0) {
		if (parse_list(arg, eq + 7, 1, &in->mem, &in->buf.len) != 0)
			return 1;
	} else if (strncmp(eq, "ints:", 5) == 0) {
		if (parse_list(arg, eq + 5, 0, &in->mem, &in->buf.len) != 0)
			return 1;
	} else if (cli_read_file(eq, &in->mem, &in->buf.len) != 0) {
		return 1;
	}
	in->buf.data = in->mem;
	return 0;
}

static int parse_count(const char *opt, const char *s, long long lo, long long hi, long long *v)
{
	char *end;
	errno = 0;
	*v = strtoll(s, &end, 0);
	if (!*s || *end || errno || *v < lo || *v > hi) {
		fprintf(stderr, "isaprobe run: %s takes a number from %lld to %lld, not '%s'\n", opt,
		        lo, hi, s);
		return -1;
	}
	return 0;
}

/* The output buffer of one `--observe ROLE[=BYTES]` (out->data allocated, zeroed): BYTES, else
 * for the registers the register file of every invocation, else the size of the input of
 * that role, else 64 bytes an invocation. 0, 1 (out of memory) or 2 (bad usage). */
static int observe_buffer(const char *spec, const struct ip_buf *bufs, unsigned ninputs,
                          long long invocations, struct ip_out_buf *out)
{
	const char *eq = strchr(spec, '=');
	char role[32];
	size_t rl = eq ? (size_t)(eq - spec) : strlen(spec), cap;
	const struct ip_buf *in = NULL;
	long long v;
	if (rl >= sizeof role) {
		fprintf(stderr, "isaprobe run: unknown buffer role '%s'\n", spec);
		return 2;
	}
	memcpy(role, spec, rl);
	role[rl] = 0;
	if (ip_buf_role_parse(role, &out->role) != 0) {
		fprintf(stderr, "isaprobe run: unknown buffer role '%s'\n", role);
		return 2;
	}
	for (unsigned k = 0; k < ninputs; k++)
		if (bufs[k].role == out->role)
			in = &bufs[k];
	if (eq) {
		if (parse_count("--observe", eq + 1, 0, 1 << 26, &v) != 0)
			return 2;
		cap = (size_t)v;
	} else if (out->role == IP_BUF_REGISTERS) {
		cap = (size_t)invocations * reg_bytes;
	} else if (in) {
		cap = in->len;
	} else {
		cap = (size_t)invocations * 64;
	}
	out->cap = cap;
	out->data = calloc(cap ? cap : 1, 1);
	if (!out->data) {
		fprintf(stderr, "isaprobe run: out of memory\n");
		return 1;
	}
	return 0;
}

/* The program's bytes: assembled from .s text, else the file as it is. */
static int load_program(const struct ip_isa *isa, const char *path, uint8_t **bin, size_t *len)
{
	size_t n = strlen(path);
	uint8_t *data;
	size_t dlen;
	struct ip_diag d;
	struct ip_program prog;
	if (cli_read_file(path, &data, &dlen) != 0)
		return -1;
	ip_diag_init(&d, cli_display_name(path));
	if (n < 2 || strcmp(path + n - 2, ".s") != 0) {
		if (dlen == 0) {
			ip_diag_offset(&d, 0, "empty binary: no instruction words");
			ip_diag_print(&d, stderr);
			free(data);
			return -1;
		}
		*bin = data;
		*len = dlen;
		return 0;
	}
	if (strlen((char *)data) != dlen) {
		ip_diag_offset(&d, (long)strlen((char *)data), "NUL byte in assembly text");
		ip_diag_print(&d, stderr);
		free(data);
		return -1;
	}
	if (isa->assemble((const char *)data, &prog, &d) != 0) {
		ip_diag_print(&d, stderr);
		free(data);
		return -1;
	}
	free(data);
	if (isa->pack(&prog, bin, len, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_program_free(&prog);
		return -1;
	}
	ip_program_free(&prog);
	return 0;
}

/* A program the runner could not read at all (status invalid), which the ISA's unpacker does not
 * read either: where it goes wrong, by byte offset (a truncated executable, a partial word),
 * as `disasm` says it. An assembled program always unpacks. */
static void say_where_unreadable(const struct ip_isa *isa, const char *path, const uint8_t *bin,
                                 size_t len)
{
	struct ip_program prog;
	struct ip_diag d;
	ip_diag_init(&d, cli_display_name(path));
	if (isa->unpack(bin, len, &prog, &d) == 0) {
		ip_program_free(&prog);
		return;
	}
	ip_diag_print(&d, stderr);
}

/* One 16-byte row as text: hex words | floats | signed ints. */
static void print_row(const char *label, const uint8_t *p, size_t n)
{
	printf("  %-6s", label);
	for (size_t k = 0; k < 16; k += 4)
		printf(k + 4 <= n ? " %08x" : "         ", k + 4 <= n ? ip_le32(p + k) : 0);
	printf("  |");
	for (size_t k = 0; k + 4 <= n; k += 4)
		printf(" %g", (double)ip_f32_from_bits(ip_le32(p + k)));
	printf("  |");
	for (size_t k = 0; k + 4 <= n; k += 4)
		printf(" %d", (int32_t)ip_le32(p + k));
	putchar('\n');
}

static int all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void print_text(const struct ip_result *res, const struct ip_out_buf *outs, unsigned nout,
                       const char *model)
{
	printf("status: %s", ip_status_name(res->status));
	if (res->status == IP_STATUS_FAULT && res->fault) {
		const char *name = fault_name(res->fault);
		printf(" 0x%02x", res->fault);
		if (name)
			printf(" (%s)", name);
	}
	printf("\n");
	if (res->why)
		printf("why: %s\n", res->why);
	printf("gpu: %s\n", model);
	if (res->status != IP_STATUS_OK)
		printf("invocation: %u\nwhere: byte %u\n", res->invocation, res->where);
	printf("steps: %llu\n", (unsigned long long)res->steps);
	for (unsigned i = 0; i < nout; i++) {
		const struct ip_out_buf *o = &outs[i];
		printf("%s (%zu bytes):\n", ip_buf_role_name(o->role), o->len);
		if (o->role == IP_BUF_REGISTERS) {
			for (size_t inv = 0; inv * reg_bytes < o->len; inv++) {
				printf(" invocation %zu (registers not all zero):\n", inv);
				for (unsigned r = 0; r < (reg_bytes + 15) / 16; r++) {
					const uint8_t *p = o->data + inv * reg_bytes + 16 * r;
					size_t row = reg_bytes - 16 * r < 16 ? reg_bytes - 16 * r : 16;
					char label[16];
					if ((inv * reg_bytes + 16 * r + row) > o->len || all_zero(p, row))
						continue;
					row_label(r, label, sizeof label);
					print_row(label, p, row);
				}
			}
			continue;
		}
		for (size_t off = 0; off < o->len; off += 16) {
			char label[32];
			snprintf(label, sizeof label, "%04lx", (unsigned long)(off & 0xFFFFFFFFu));
			print_row(label, o->data + off, o->len - off < 16 ? o->len - off : 16);
		}
	}
}

static void json_words(const uint8_t *p, size_t n)
{
	printf("\"hex\": \"");
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
	printf("\", \"floats\": [");
	for (size_t k = 0; k + 4 <= n; k += 4) {
		float f = ip_f32_from_bits(ip_le32(p + k));
		if (isfinite(f))
			printf("%s%.9g", k ? ", " : "", (double)f);
		else
			printf("%snull", k ? ", " : "");
	}
	printf("], \"ints\": [");
	for (size_t k = 0; k + 4 <= n; k += 4)
		printf("%s%d", k ? ", " : "", (int32_t)ip_le32(p + k));
	printf("]");
}

static void json_string(const char *s)
{
	if (!s) {
		printf("null");
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void print_json(const struct ip_result *res, const struct ip_out_buf *outs, unsigned nout,
                       const char *model)
{
	printf("{\"status\": \"%s\", \"fault\": %u, \"fault_name\": ", ip_status_name(res->status),
	       res->fault);
	json_string(res->status == IP_STATUS_FAULT ? fault_name(res->fault) : NULL);
	printf(", \"why\": ");
	json_string(res->why);
	printf(", \"gpu\": ");
	json_string(model);
	printf(", \"invocation\": %u, \"where\": %u, \"steps\": %llu, \"outputs\": {", res->invocation,
	       res->where, (unsigned long long)res->steps);
	for (unsigned i = 0; i < nout; i++) {
		const struct ip_out_buf *o = &outs[i];
		printf("%s\"%s\": ", i ? ", " : "", ip_buf_role_name(o->role));
		if (o->role == IP_BUF_REGISTERS) {
			printf("[");
			for (size_t inv = 0; (inv + 1) * reg_bytes <= o->len; inv++) {
				printf("%s[", inv ? ", " : "");
				for (unsigned r = 0; r < reg_bytes / 16; r++) {
					printf("%s{", r ? ", " : "");
					json_words(o->data + inv * reg_bytes + 16 * r, 16);
					printf("}");
				}
				printf("]");
			}
			printf("]");
		} else {
			printf("{");
			json_words(o->data, o->len);
			printf("}");
		}
	}
	printf("}}\n");
}

int cmd_run(int argc, char **argv)
{
	enum { OPT_INPUT = 256, OPT_OBSERVE, OPT_BUDGET, OPT_UREGS, OPT_JSON };
	static const struct option opts[] = {{"isa", required_argument, 0, 'i'},
	                                     {"gpu", required_argument, 0, 'g'},
	                                     {"runner", required_argument, 0, 'r'},
	                                     {"input", required_argument, 0, OPT_INPUT},
	                                     {"observe", required_argument, 0, OPT_OBSERVE},
	                                     {"invocations", required_argument, 0, 'n'},
	                                     {"budget", required_argument, 0, OPT_BUDGET},
	                                     {"uniform-regs", required_argument, 0, OPT_UREGS},
	                                     {"json", no_argument, 0, OPT_JSON},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const char *isa_name = NULL, *gpu = NULL, *runner = "sim";
	const char *observe[MAX_OUTPUTS];
	struct owned_input inputs[MAX_INPUTS];
	struct ip_buf bufs[MAX_INPUTS];
	struct ip_out_buf outs[MAX_OUTPUTS];
	unsigned ninputs = 0, nobserve = 0, nout = 0;
	long long invocations = 1, budget = 0, uregs = -1;
	int json = 0, c, rc = 2, bad;
	const struct ip_isa *isa;
	struct ip_runner *r = NULL;
	struct ip_runner_config cfg;
	struct ip_diag d;
	struct ip_job job;
	struct ip_result res;
	uint8_t *bin = NULL;
	size_t len;

	memset(outs, 0, sizeof outs);
	optind = 1;
	while ((c = getopt_long(argc, argv, "i:g:r:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': isa_name = optarg; break;
		case 'g': gpu = optarg; break;
		case 'r': runner = optarg; break;
		case 'n':
			if (parse_count("--invocations", optarg, 1, 65536, &invocations) != 0)
				goto out;
			break;
		case OPT_BUDGET:
			if (parse_count("--budget", optarg, 1, (long long)1 << 40, &budget) != 0)
				goto out;
			break;
		case OPT_UREGS:
			if (parse_count("--uniform-regs", optarg, -1, 24, &uregs) != 0)
				goto out;
			break;
		case OPT_JSON: json = 1; break;
		case OPT_INPUT:
			if (ninputs == MAX_INPUTS) {
				fprintf(stderr, "isaprobe run: at most %d inputs\n", MAX_INPUTS);
				goto out;
			}
			bad = parse_input(optarg, &inputs[ninputs]);
			if (bad) {
				rc = bad;
				goto out;
			}
			bufs[ninputs] = inputs[ninputs].buf;
			ninputs++;
			break;
		case OPT_OBSERVE:
			if (nobserve == MAX_OUTPUTS) {
				fprintf(stderr, "isaprobe run: at most %d observed buffers\n", MAX_OUTPUTS);
				goto out;
			}
			observe[nobserve++] = optarg;
			break;
		case 'h': usage(stdout); rc = 0; goto out;
		default: usage(stderr); goto out;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		goto out;
	}
	if (!(isa = cli_isa(isa_name)) || !cli_runner_known("run", runner))
		goto out;
	regs = isa->regs ? isa->regs : &no_regs;
	reg_bytes = regs->bytes;
	rc = 1;
	if (load_program(isa, argv[optind], &bin, &len) != 0)
		goto out;

	/* outputs: the ones asked for, else registers and varyings_out */
	if (nobserve == 0) {
		static const char *const dflt[] = {"registers", "varyings_out"};
		observe[0] = dflt[0];
		observe[1] = dflt[1];
		nobserve = 2;
	}
	for (unsigned i = 0; i < nobserve; i++) {
		bad = observe_buffer(observe[i], bufs, ninputs, invocations, &outs[nout]);
		if (bad) {
			rc = bad;
			goto out;
		}
		nout++;
	}

	cfg.isa = isa->name;
	cfg.gpu = gpu;
	cfg.device = NULL;
	ip_diag_init(&d, NULL);
	if (ip_runner_open(runner, &cfg, &r, &d) != 0) { /* the runner failed: as campaign, 1 */
		fprintf(stderr, "isaprobe run: %s\n", d.msg);
		goto out;
	}
	ip_job_init(&job, &res, bin, len, bufs, ninputs, outs, nout);
	job.limits.invocations = (uint32_t)invocations;
	job.limits.budget = (uint64_t)budget;
	job.uniform_regs = (int)uregs;
	ip_runner_run(r, &job, &res);
	if (res.status == IP_STATUS_INVALID)
		say_where_unreadable(isa, argv[optind], bin, len);
	if (json)
		print_json(&res, outs, nout, ip_runner_model(r));
	else
		print_text(&res, outs, nout, ip_runner_model(r));
	rc = res.status == IP_STATUS_OK ? 0 : 1;
out:
	ip_runner_close(r);
	free(bin);
	for (unsigned i = 0; i < ninputs; i++)
		free(inputs[i].mem);
	for (unsigned i = 0; i < nout; i++)
		free(outs[i].data);
	return rc;
}

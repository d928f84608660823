/* cmd_campaign_dry_run.c: `isaprobe campaign --dry-run`: per probe and context, the assembled
 * seed and its disassembly, the target bits, the variants each strategy would run and how many
 * of a sample the runner models, and on a GPU the program and buffers the register harness makes
 * of the seed; as text or JSON. Nothing is written to any database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/internal/campaign_preview.h"

/* The value of the target bits, in hex. */
static void value_hex(char *buf, size_t n, const ip_word *v)
{
	if (v->w[1])
		snprintf(buf, n, "0x%llx%016llx", (unsigned long long)v->w[1],
		         (unsigned long long)v->w[0]);
	else
		snprintf(buf, n, "0x%llx", (unsigned long long)v->w[0]);
}

/* What a count says in words: "4096", "2^80", and " (needs --force ...)" when refused. */
static void count_text(char *buf, size_t n, const struct ip_preview_count *c)
{
	int k = c->too_many ? snprintf(buf, n, "2^%u", c->bits)
	                    : snprintf(buf, n, "%llu", (unsigned long long)c->count);
	if (c->refused && k >= 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, " (needs --force: over 2^%d per context)",
		         IP_EXHAUSTIVE_MAX_BITS);
}

/* The packed seed program of context c and its disassembly (malloc'd text), or -1. */
static int seed_of(const struct ip_probe *p, unsigned c, uint8_t **bin, size_t *len, char **dis)
{
	struct ip_diag d;
	size_t dlen;
	FILE *m;
	ip_diag_init(&d, p->path);
	*dis = NULL;
	if (p->isa->pack(&p->contexts[c].prog, bin, len, &d)) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	m = open_memstream(dis, &dlen);
	if (!m || p->isa->disassemble(&p->contexts[c].prog, m) || fclose(m)) {
		fprintf(stderr, "isaprobe campaign: %s: cannot disassemble context %u\n", p->path, c);
		free(*bin);
		free(*dis);
		return -1;
	}
	return 0;
}

/* The disassembly of bytes[0..len) (malloc'd text), or NULL when they do not unpack. */
static char *disassemble_bytes(const struct ip_isa *isa, const uint8_t *bytes, size_t len)
{
	struct ip_program prog;
	struct ip_diag d;
	char *text = NULL;
	size_t n;
	FILE *m;
	ip_diag_init(&d, NULL);
	if (!len || isa->unpack(bytes, len, &prog, &d) != 0)
		return NULL;
	m = open_memstream(&text, &n);
	if (!m || isa->disassemble(&prog, m) || fclose(m)) {
		free(text);
		text = NULL;
	}
	ip_program_free(&prog);
	return text;
}

static void print_indented(const char *text, const char *indent)
{
	while (*text) {
		size_t n = strcspn(text, "\n");
		printf("%s%.*s\n", indent, (int)n, text);
		text += n + (text[n] == '\n');
	}
}

/* The three parts of a wrapped program: prologue, the variant, epilogue. */
static void part_bounds(const struct ip_preview_wrapped *g, size_t at[4])
{
	at[0] = 0;
	at[1] = g->variant_at;
	at[2] = g->variant_at + g->variant_len;
	at[3] = g->len;
}

static const char *const part_names[3] = {"prologue", "variant", "epilogue"};

static void print_gpu_text(const struct ip_probe *p, const struct ip_preview *pv,
                           const struct ip_preview_wrapped *g)
{
	size_t at[4];
	if (!g->wrapped) {
		printf("  on this GPU the seed runs as it is (it plants and observes no register)\n");
		return;
	}
	if (g->refused) {
		printf("  on this GPU the %s register harness refuses it: %s\n", pv->harness, g->refused);
		return;
	}
	part_bounds(g, at);
	printf("  the program the GPU runs (the %s register harness, docs/harness.md), %zu bytes:\n",
	       pv->harness, g->len);
	for (int k = 0; k < 3; k++) {
		char *dis;
		if (at[k + 1] == at[k]) {
			printf("    no %s\n", part_names[k]);
			continue;
		}
		dis = disassemble_bytes(p->isa, g->code + at[k], at[k + 1] - at[k]);
		printf("    %s%s, bytes %zu-%zu:\n", k == 1 ? "the seed " : "", part_names[k], at[k],
		       at[k + 1] - 1);
		if (dis)
			print_indented(dis, "      ");
		else
			cli_hex_words(stdout, g->code + at[k], at[k + 1] - at[k], "      ");
		free(dis);
	}
	printf("  its buffers:\n");
	for (unsigned i = 0; i < g->nbuf; i++) {
		printf("    %-12s", ip_buf_role_name(g->buf[i].role));
		if (g->buf[i].in)
			printf(" in %zu bytes%s", g->buf[i].in, g->buf[i].out ? "," : "");
		if (g->buf[i].out)
			printf(" out %zu bytes", g->buf[i].out);
		putchar('\n');
	}
	if (g->layout)
		print_indented(g->layout, "    ");
}

static void print_gpu_json(const struct ip_probe *p, const struct ip_preview *pv,
                           const struct ip_preview_wrapped *g)
{
	size_t at[4];
	printf(",\"gpu\":{\"harness\":");
	cli_json_string(stdout, pv->harness);
	printf(",\"wrapped\":%s", g->wrapped ? "true" : "false");
	if (g->refused) {
		printf(",\"refused\":");
		cli_json_string(stdout, g->refused);
	}
	if (g->wrapped && !g->refused) {
		part_bounds(g, at);
		printf(",\"bytes\":%zu", g->len);
		for (int k = 0; k < 3; k++) {
			char *dis = disassemble_bytes(p->isa, g->code + at[k], at[k + 1] - at[k]);
			printf(",\"%s\":{\"at\":%zu,\"bytes\":%zu,\"code\":\"", part_names[k], at[k],
			       at[k + 1] - at[k]);
			for (size_t i = at[k]; i < at[k + 1]; i++)
				printf("%02x", g->code[i]);
			printf("\",\"disassembly\":");
			cli_json_string(stdout, dis ? dis : "");
			putchar('}');
			free(dis);
		}
		printf(",\"buffers\":[");
		for (unsigned i = 0; i < g->nbuf; i++)
			printf("%s{\"role\":\"%s\",\"in\":%zu,\"out\":%zu}", i ? "," : "",
			       ip_buf_role_name(g->buf[i].role), g->buf[i].in, g->buf[i].out);
		printf("],\"layout\":");
		cli_json_string(stdout, g->layout ? g->layout : "");
	}
	putchar('}');
}

static void print_targets(const struct ip_probe *p, int json)
{
	for (unsigned t = 0; t < p->ntargets; t++) {
		const struct ip_probe_target *x = &p->targets[t];
		if (json) {
			char fmt[128];
			snprintf(fmt, sizeof fmt, "%s.%s", p->isa->name, x->fmt->name);
			printf("%s{\"value_lo\":%u,\"width\":%u,\"format\":", t ? "," : "", x->value_lo,
			       x->width);
			cli_json_string(stdout, fmt);
			printf(",\"lo\":%u,\"field\":", x->lo);
			cli_json_string(stdout, x->field ? x->field->name : "");
			printf(",\"bundle\":%u,\"slot\":%u}", x->bundle, x->slot);
			continue;
		}
		printf("  value bits %u", x->value_lo);
		if (x->width > 1)
			printf("-%u", x->value_lo + x->width - 1);
		printf(": %s.%s bit%s %u", p->isa->name, x->fmt->name, x->width > 1 ? "s" : "", x->lo);
		if (x->width > 1)
			printf("-%u", x->lo + x->width - 1);
		if (x->field)
			printf(" (%s)", x->field->name);
		printf(" of bundle %u slot %u\n", x->bundle, x->slot);
	}
}

static void print_counts_json(const struct ip_preview_count *c)
{
	fputc('{', stdout);
	for (int k = 0; k < IP_STRATEGY_COUNT; k++) {
		printf("%s\"%s\":{\"variants\":", k ? "," : "", ip_strategy_name((enum ip_strategy_kind)k));
		if (c[k].too_many)
			printf("null,\"log2\":%u", c[k].bits);
		else
			printf("%llu", (unsigned long long)c[k].count);
		printf(",\"refused\":%s}", c[k].refused ? "true" : "false");
	}
	fputc('}', stdout);
}

static void print_counts_text(const struct ip_preview_count *c, enum ip_strategy_kind chosen,
                              unsigned segments, int per_context)
{
	for (int k = 0; k < IP_STRATEGY_COUNT; k++) {
		char buf[128];
		count_text(buf, sizeof buf, &c[k]);
		printf("%s%s %s", k ? ", " : "", ip_strategy_name((enum ip_strategy_kind)k), buf);
		if (k == IP_STRATEGY_AUTO && per_context)
			printf(" (its survey, then %u segment%s swept)", segments, segments == 1 ? "" : "s");
		if (k == (int)chosen)
			fputs(" [chosen]", stdout);
	}
	fputc('\n', stdout);
}

static uint64_t modeled(const struct ip_preview_context *c)
{
	return c->sampled - c->by_status[IP_STATUS_UNMODELED] - c->by_status[IP_STATUS_RUNNER_ERROR];
}

static void print_context_json(const struct ip_probe *p, const struct ip_preview *pv, unsigned c,
                               const struct ip_preview_context *pc, const uint8_t *bin,
                               size_t len, const char *dis)
{
	char v[48];
	printf("%s{\"index\":%u,\"label\":", c ? "," : "", c);
	cli_json_string(stdout, p->contexts[c].label);
	fputs(",\"seed\":\"", stdout);
	for (size_t i = 0; i < len; i++)
		printf("%02x", bin[i]);
	fputs("\",\"disassembly\":", stdout);
	cli_json_string(stdout, dis);
	value_hex(v, sizeof v, &p->contexts[c].seed_value);
	printf(",\"target_value\":\"%s\",\"strategies\":", v);
	print_counts_json(pc->variants);
	printf(",\"auto_segments\":%u,\"sample\":{\"run\":%llu,\"modeled\":%llu", pc->auto_segments,
	       (unsigned long long)pc->sampled, (unsigned long long)modeled(pc));
	for (int s = 0; s < IP_STATUS_COUNT; s++)
		printf(",\"%s\":%llu", ip_status_name((enum ip_status)s),
		       (unsigned long long)pc->by_status[s]);
	fputs(",\"reasons\":[", stdout);
	for (unsigned i = 0; i < pc->nreasons; i++) {
		printf("%s{\"status\":\"%s\",\"count\":%llu,\"why\":", i ? "," : "",
		       ip_status_name(pc->reasons[i].status), (unsigned long long)pc->reasons[i].count);
		cli_json_string(stdout, pc->reasons[i].why);
		fputc('}', stdout);
	}
	fputs("]}", stdout);
	if (pv->harness[0])
		print_gpu_json(p, pv, &pc->gpu);
	fputc('}', stdout);
}

static void print_context_text(const struct ip_probe *p, const struct ip_preview *pv, unsigned c,
                               const struct ip_preview_context *pc, const uint8_t *bin,
                               size_t len, const char *dis, enum ip_strategy_kind chosen)
{
	char v[48];
	const char *line = dis;
	printf("\ncontext %u: %s\n  seed program (%zu bytes, 32-bit words):\n", c,
	       p->contexts[c].label, len);
	cli_hex_words(stdout, bin, len, "    ");
	fputs("  disassembly:\n", stdout);
	while (*line) {
		size_t n = strcspn(line, "\n");
		printf("    %.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
	value_hex(v, sizeof v, &p->contexts[c].seed_value);
	printf("  target bits in the seed: %s\n  variants: ", v);
	print_counts_text(pc->variants, chosen, pc->auto_segments, 1);
	printf("  sample of %llu run on the runner: %llu modeled (", (unsigned long long)pc->sampled,
	       (unsigned long long)modeled(pc));
	for (int s = 0, first = 1; s < IP_STATUS_COUNT; s++)
		if (pc->by_status[s] && s != IP_STATUS_UNMODELED && s != IP_STATUS_RUNNER_ERROR) {
			printf("%s%llu %s", first ? "" : ", ", (unsigned long long)pc->by_status[s],
			       ip_status_name((enum ip_status)s));
			first = 0;
		}
	printf("), %llu unmodeled", (unsigned long long)pc->by_status[IP_STATUS_UNMODELED]);
	if (pc->by_status[IP_STATUS_RUNNER_ERROR])
		printf(", %llu runner_error", (unsigned long long)pc->by_status[IP_STATUS_RUNNER_ERROR]);
	fputc('\n', stdout);
	for (unsigned i = 0; i < pc->nreasons; i++)
		printf("    %llu %s: %s\n", (unsigned long long)pc->reasons[i].count,
		       ip_status_name(pc->reasons[i].status),
		       pc->reasons[i].why[0] ? pc->reasons[i].why : "(the runner gave no reason)");
	if (pv->harness[0])
		print_gpu_text(p, pv, &pc->gpu);
}

static int preview_one(const struct ip_probe *p, const struct ip_campaign_opts *o,
                       unsigned sample, int json, struct ip_preview *pv)
{
	struct ip_diag d;
	ip_diag_init(&d, p->path);
	if (ip_campaign_preview(p, o, sample, pv, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	if (json) {
		printf("{\"probe\":");
		cli_json_string(stdout, p->name);
		printf(",\"path\":");
		cli_json_string(stdout, p->path);
		printf(",\"isa\":\"%s\",\"runner\":", p->isa->name);
		cli_json_string(stdout, pv->runner);
		printf(",\"model\":");
		cli_json_string(stdout, pv->model);
		printf(",\"strategy\":\"%s\",\"width\":%u,\"targets\":[", ip_strategy_name(o->strategy),
		       p->width);
		print_targets(p, 1);
		printf("],\"strategies\":");
		print_counts_json(pv->total);
		printf(",\"sample\":%u,\"contexts\":[", sample);
	} else {
		printf("%s (%s): %s, runner %s, GPU model %s, %u target bit%s, %u context%s\n",
		       p->name, p->path, p->isa->name, pv->runner, pv->model, p->width,
		       p->width == 1 ? "" : "s", p->ncontexts, p->ncontexts == 1 ? "" : "s");
		print_targets(p, 0);
		fputs("variants in all: ", stdout);
		print_counts_text(pv->total, o->strategy, 0, 0);
		printf("sample per context: %u variants (the seed, each target bit flipped alone, then "
		       "random values)\n", sample);
	}
	for (unsigned c = 0; c < p->ncontexts; c++) {
		uint8_t *bin;
		size_t len;
		char *dis;
		if (seed_of(p, c, &bin, &len, &dis)) {
			if (json)
				fputs("]}\n", stdout);
			return 1;
		}
		if (json)
			print_context_json(p, pv, c, &pv->ctx[c], bin, len, dis);
		else
			print_context_text(p, pv, c, &pv->ctx[c], bin, len, dis, o->strategy);
		free(bin);
		free(dis);
	}
	fputs(json ? "]}\n" : "\n", stdout);
	fflush(stdout);
	return 0;
}

int cli_campaign_dry_run(const struct ip_probe *probes, int n, const struct ip_campaign_opts *o,
                         unsigned sample, int json)
{
	struct ip_preview *pv = calloc(1, sizeof *pv);
	int rc = 0;
	if (!pv) {
		fputs("isaprobe campaign: out of memory\n", stderr);
		return 1;
	}
	for (int i = 0; i < n && !rc; i++) {
		rc = preview_one(&probes[i], o, sample, json, pv);
		ip_campaign_preview_free(pv);
	}
	free(pv);
	return rc;
}

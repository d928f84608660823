/* probe_buffers.c: a probe's `input`, `observe` and `record` lines: the planted input buffers
 * (with the `distinct` generator that makes every 32-bit word and 16-bit half recognisable),
 * outputs, and how buffers are cut into (named) records. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/float_bits.h"
#include "probe_internal.h"

/* `record ROLE BYTES names ...`: at most this many names, each at most PROBE_NAME_MAX long. */
#define MAX_RECORD_NAMES 4096
#define PROBE_NAME_MAX 64

/* The generator's fixed number per role (independent of enum ip_buf_role's order, which may
 * change): part of the probe format, see docs/probe-format.md. */
static int distinct_index(enum ip_buf_role r)
{
	static const char *const order[] = {"uniforms", "attributes", "varyings_in",
	                                    "varyings_out", "global", "registers", "textures"};
	for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
		if (strcmp(order[i], ip_buf_role_name(r)) == 0)
			return i;
	return 7;
}

/* Words 0-255: low half 0x3C00 + 0x100 r + i, high half 0x800 above it. Word 256 + m keeps
 * r and the low 8 bits of i in its low 11 bits and spends the rest on keeping it distinct also
 * as a binary16 value (which sees the high half and bits 13-15): key 4m + (r & 3) as the high
 * half 0x3C00 + key / 6 (floats 2^-7 to 65504) and bits 13-15 = key % 6, skipping 1 and 2
 * (words 0-255 of roles 0-3 have 1 there, and round up to 2 as binary16). Past m = 4415
 * (17,664 keys), the high half is 0x800 + q above the low half (i = 256 q + j): distinct as
 * 32-bit words only. */
uint32_t ip_probe_distinct_word(enum ip_buf_role role, uint32_t index)
{
	uint32_t r = (uint32_t)distinct_index(role), low = 0x100 * r + (index & 0xFF);
	uint32_t lo = UINT32_C(0x3C00) + low, m = index - 256, key, t;
	if (index < 256)
		return lo | (lo + UINT32_C(0x800)) << 16;
	if (m >= 4416)
		return lo | (lo + UINT32_C(0x800) + (index >> 8)) << 16;
	key = 4 * m + (r & 3);
	t = key % 6;
	return (UINT32_C(0x3C00) + key / 6) << 16 | (t ? t + 2 : 0) << 13 | low;
}

static struct ip_probe_buffer *find(struct ip_probe *p, enum ip_buf_role role, int output)
{
	for (unsigned i = 0; i < p->nbuffers; i++)
		if (p->buffers[i].role == role && p->buffers[i].output == output)
			return &p->buffers[i];
	return NULL;
}

static int grow(struct ip_probe_buffer *b, size_t more)
{
	uint8_t *n = realloc(b->data, b->len + more ? b->len + more : 1);
	if (!n)
		return -1;
	memset(n + b->len, 0, more);
	b->data = n;
	return 0;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

#define MAX_BUFFER_BYTES (1u << 20)

static int input_line(struct ip_probe *p, struct probe_line *l, enum ip_buf_role role,
                      struct ip_diag *d)
{
	const char *gen = l->tok[2];
	struct ip_probe_buffer *b = find(p, role, 0);
	uint64_t n;
	if (!b) {
		if (p->nbuffers == IP_PROBE_MAX_BUFFERS)
			return ip_diag_at(d, l->line, l->col[0], "more than %d buffers",
			                  IP_PROBE_MAX_BUFFERS);
		b = &p->buffers[p->nbuffers++];
		memset(b, 0, sizeof *b);
		b->role = role;
	}
	if (strcmp(gen, "distinct") == 0 || strcmp(gen, "zero") == 0) {
		if (l->ntok != 4)
			return ip_diag_at(d, l->line, l->col[2], "`%s` takes a size in bytes", gen);
		if (probe_number(l->tok[3], &n) || n == 0 || n % 4 || b->len + n > MAX_BUFFER_BYTES)
			return ip_diag_at(d, l->line, l->col[3], "'%s' is not a size: a multiple of 4 "
			                                         "bytes, at most %u in all",
			                  l->tok[3], MAX_BUFFER_BYTES);
		if (grow(b, n))
			return ip_diag_at(d, l->line, 1, "out of memory");
		if (gen[0] == 'd')
			for (size_t i = 0; i < n; i += 4)
				put32(b->data + b->len + i,
				      ip_probe_distinct_word(role, (uint32_t)((b->len + i) / 4)));
		b->len += n;
		return 0;
	}
	if (strcmp(gen, "words") == 0 || strcmp(gen, "floats") == 0) {
		if (l->ntok < 4)
			return ip_diag_at(d, l->line, l->col[2], "`%s` takes one or more values", gen);
		if (b->len + 4 * (l->ntok - 3) > MAX_BUFFER_BYTES)
			return ip_diag_at(d, l->line, l->col[2], "buffer larger than %u bytes",
			                  MAX_BUFFER_BYTES);
		if (grow(b, 4 * (l->ntok - 3)))
			return ip_diag_at(d, l->line, 1, "out of memory");
		for (unsigned i = 3; i < l->ntok; i++) {
			const char *t = l->tok[i];
			uint32_t w;
			if (gen[0] == 'w') {
				int neg = t[0] == '-';
				if (probe_number(t + neg, &n) || n > (neg ? UINT64_C(0x80000000) : UINT32_MAX))
					return ip_diag_at(d, l->line, l->col[i], "'%s' is not a 32-bit word", t);
				w = neg ? (uint32_t)(0u - (uint32_t)n) : (uint32_t)n;
			} else {
				char *end;
				float f = strtof(t, &end);
				if (end == t || *end)
					return ip_diag_at(d, l->line, l->col[i], "'%s' is not a number", t);
				w = ip_f32_bits(f);
			}
			put32(b->data + b->len, w);
			b->len += 4;
		}
		return 0;
	}
	return ip_diag_at(d, l->line, l->col[2], "unknown input generator '%s' (expected distinct, "
	                                         "zero, words or floats)",
	                  gen);
}

/* Splits a range NAME like "r0..r31" into its prefix and bounds (both ends share the prefix,
 * the numbers decimal, lo <= hi); 0, or -1 when tok is no range. */
static int name_range(const char *tok, size_t *prefix, unsigned long *lo, unsigned long *hi)
{
	const char *dots = strstr(tok, ".."), *a, *b;
	char *end;
	size_t n;
	if (!dots)
		return -1;
	for (a = dots; a > tok && isdigit((unsigned char)a[-1]); a--)
		;
	n = (size_t)(a - tok);
	b = dots + 2;
	if (a == dots || strncmp(b, tok, n) || !isdigit((unsigned char)b[n]))
		return -1;
	*lo = strtoul(a, NULL, 10);
	*hi = strtoul(b + n, &end, 10);
	if (*end || *lo > *hi || *hi - *lo >= MAX_RECORD_NAMES)
		return -1;
	*prefix = n;
	return 0;
}

/* `record ROLE BYTES names NAME...`: what the records of the buffer are called, record 0 first;
 * a NAME `r0..r31` stands for r0, r1, ..., r31. Kept blank-separated in p->names[role]. */
static int record_names(struct ip_probe *p, struct probe_line *l, enum ip_buf_role role,
                        struct ip_diag *d)
{
	char *text = NULL;
	size_t len = 0, count = 0;
	if (strcmp(l->tok[3], "names") || l->ntok < 5)
		return ip_diag_at(d, l->line, l->col[3], "expected `names NAME...` after `record %s %s` "
		                                         "(e.g. `names r0..r31`)", l->tok[1], l->tok[2]);
	for (unsigned i = 4; i < l->ntok; i++) {
		const char *t = l->tok[i];
		unsigned long lo = 0, hi = 0, k;
		size_t prefix = 0;
		int range = name_range(t, &prefix, &lo, &hi) == 0;
		if (!range && (strstr(t, "..") || !probe_is_word(t))) {
			free(text);
			return ip_diag_at(d, l->line, l->col[i], "'%s' is not a record name (letters, "
			                                         "digits, '_', '-', '.') or a range like "
			                                         "r0..r31", t);
		}
		for (k = lo; k <= hi; k++) {
			char one[PROBE_NAME_MAX + 24];
			int m = range ? snprintf(one, sizeof one, "%.*s%lu", (int)prefix, t, k)
			              : snprintf(one, sizeof one, "%s", t);
			char *grown;
			if (m < 0 || m > PROBE_NAME_MAX || ++count > MAX_RECORD_NAMES) {
				free(text);
				return ip_diag_at(d, l->line, l->col[i], "%s", m > PROBE_NAME_MAX || m < 0
				                  ? "a record name of more than 64 characters"
				                  : "more than 4096 record names");
			}
			grown = realloc(text, len + (size_t)m + 2);
			if (!grown) {
				free(text);
				return ip_diag_at(d, l->line, l->col[i], "out of memory");
			}
			text = grown;
			len += (size_t)sprintf(text + len, "%s%s", len ? " " : "", one);
		}
	}
	free(p->names[role]);
	p->names[role] = text;
	return 0;
}

int probe_buffer_line(struct ip_probe *p, struct probe_line *l, struct ip_diag *d)
{
	enum ip_buf_role role;
	uint64_t n;
	if (l->ntok < 3)
		return ip_diag_at(d, l->line, l->col[0], "expected `%s ROLE ...`", l->tok[0]);
	if (ip_buf_role_parse(l->tok[1], &role) != 0) {
		char known[160] = "";
		for (unsigned i = 0; i < IP_BUF_ROLE_COUNT; i++) {
			if (known[0])
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, ip_buf_role_name((enum ip_buf_role)i), sizeof known - strlen(known) - 1);
		}
		return ip_diag_at(d, l->line, l->col[1], "unknown buffer role '%s' (known: %s)",
		                  l->tok[1], known);
	}
	if (l->tok[0][0] == 'i')
		return input_line(p, l, role, d);
	if (l->tok[0][0] == 'r') {
		if (l->ntok < 3 || probe_number(l->tok[2], &n) || n == 0 || n % 4 || n > 4096)
			return ip_diag_at(d, l->line, l->col[l->ntok >= 3 ? 2 : 0],
			                  "expected `record ROLE BYTES [names NAME...]` (BYTES a multiple "
			                  "of 4, at most 4096)");
		if (l->ntok > 3 && record_names(p, l, role, d))
			return -1;
		p->record[role] = (uint32_t)n;
		return 0;
	}
	if (l->ntok != 3)
		return ip_diag_at(d, l->line, l->col[0], "expected `observe ROLE BYTES`");
	if (find(p, role, 1))
		return ip_diag_at(d, l->line, l->col[1], "'%s' is observed already", l->tok[1]);
	if (probe_number(l->tok[2], &n) || n == 0 || n > MAX_BUFFER_BYTES)
		return ip_diag_at(d, l->line, l->col[2], "'%s' is not a size in bytes (1 to %u)",
		                  l->tok[2], MAX_BUFFER_BYTES);
	if (p->nbuffers == IP_PROBE_MAX_BUFFERS)
		return ip_diag_at(d, l->line, l->col[0], "more than %d buffers", IP_PROBE_MAX_BUFFERS);
	p->buffers[p->nbuffers].role = role;
	p->buffers[p->nbuffers].output = 1;
	p->buffers[p->nbuffers].data = NULL;
	p->buffers[p->nbuffers].len = (size_t)n;
	p->nbuffers++;
	p->output_len += (size_t)n;
	return 0;
}

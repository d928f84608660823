/* probe_internal.h: what the probe parser's files share: a tokenised line and the parse state.
 * Not a public interface (include/isaprobe/probe.h is). */
#ifndef ISAPROBE_PROBE_INTERNAL_H
#define ISAPROBE_PROBE_INTERNAL_H

#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/probe.h"

#define PROBE_MAX_TOKENS 256

struct probe_line {
	char *tok[PROBE_MAX_TOKENS];
	unsigned col[PROBE_MAX_TOKENS];
	unsigned ntok;
	unsigned line;
};

struct probe_state {
	struct ip_program seed; /* the program as assembled */
	int have_program;
	int named;
	char *program_text;     /* an external program file's text, appended to the probe text */
};

/* A number: decimal, 0x hex or 0 octal; 0 or -1. */
int probe_number(const char *s, uint64_t *v);
/* Whether s is a plain word (letters, digits, '_', '-', '.'). */
int probe_is_word(const char *s);

int probe_target_line(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                      struct ip_diag *d);
int probe_context_line(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                       struct ip_diag *d);
int probe_buffer_line(struct ip_probe *p, struct probe_line *l, struct ip_diag *d);

#endif

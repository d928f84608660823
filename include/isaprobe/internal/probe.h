/* probe.h: a probe file (docs/probe-format.md) parsed and resolved against the ISA's field
 * tables: the seed program under each context, where the target bits go, the job's buffers. */
#ifndef ISAPROBE_PROBE_H
#define ISAPROBE_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/isa.h"
#include "isaprobe/program.h"
#include "isaprobe/runner.h"

#define IP_PROBE_MAX_TARGETS 16
#define IP_PROBE_MAX_BUFFERS 8
#define IP_PROBE_MAX_CONTEXTS 64
/* Target bits of a probe, all target lines together (a variant's value is one ip_word). */
#define IP_PROBE_MAX_BITS 128

/* One target line: value bits [value_lo, value_lo + width) go to bits [lo, lo + width) of the
 * word in slot `slot` of bundle `bundle`. */
struct ip_probe_target {
	unsigned bundle, slot;
	const struct ip_format *fmt;
	const struct ip_field *field; /* the named field, or the field holding bit lo, or NULL */
	unsigned lo, width, value_lo;
	unsigned line;                /* in the probe file */
};

struct ip_probe_buffer {
	enum ip_buf_role role;
	int output;    /* 0: input planted (data, len); 1: observed output of capacity len */
	uint8_t *data; /* inputs only */
	size_t len;
};

struct ip_probe_context {
	char *label;
	struct ip_program prog; /* the seed program with this context's overrides */
	ip_word seed_value;     /* what the target bits hold in prog */
};

struct ip_probe {
	char *path;                 /* as given */
	char *program_path;         /* `program file`: that file (relative to the probe's folder) */
	char *name;                 /* `name`, or the file name without folder and .probe */
	char *text;                 /* the probe text, with an external program file appended */
	const struct ip_isa *isa;
	char *gpu;                  /* NULL: the runner's default */
	struct ip_probe_target targets[IP_PROBE_MAX_TARGETS];
	unsigned ntargets;
	unsigned width;             /* target bits in all */
	struct ip_probe_buffer buffers[IP_PROBE_MAX_BUFFERS];
	unsigned nbuffers;
	size_t output_len;          /* observed outputs together: an ok outcome's data length */
	struct ip_probe_context contexts[IP_PROBE_MAX_CONTEXTS];
	unsigned ncontexts;         /* at least 1 (the seed itself, labelled "seed") */
	struct ip_limits limits;
	int uniform_regs;
	uint32_t record[IP_BUF_ROLE_COUNT]; /* `record`: bytes per record of each role; 0 unknown */
	char *names[IP_BUF_ROLE_COUNT];     /* `record ... names`: the records' names, blank-
	                                     * separated (record 0 first), or NULL */
};

/* Parses probe text; path names the file in errors and anchors relative `program file`
 * paths. Returns 0, or -1 with d naming path:line:col (or the program file's line). *p is
 * cleared first and must be freed with ip_probe_free either way, after printing d (d->file
 * may point into *p). */
int ip_probe_parse(const char *text, const char *path, struct ip_probe *p, struct ip_diag *d);
/* Reads and parses a probe file. */
int ip_probe_load(const char *path, struct ip_probe *p, struct ip_diag *d);
void ip_probe_free(struct ip_probe *p);

/* Writes value's target bits into prog (a copy of a context's program). */
void ip_probe_apply(const struct ip_probe *p, struct ip_program *prog, const ip_word *value);
/* The value the target bits hold in prog. */
ip_word ip_probe_extract(const struct ip_probe *p, const struct ip_program *prog);

/* Word `index` of the `distinct` input generator for a buffer of this role. */
uint32_t ip_probe_distinct_word(enum ip_buf_role role, uint32_t index);

/* Deep copy of a program (dst is initialised here); 0 or -1 when out of memory. */
int ip_probe_copy_program(struct ip_program *dst, const struct ip_program *src);

#endif

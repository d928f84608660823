/* export_internal.h: what the exporters share: the findings to export with their evidence tags,
 * public verdicts and public names, XML escaping, and the unified diff of insertions. */
#ifndef ISAPROBE_EXPORT_INTERNAL_H
#define ISAPROBE_EXPORT_INTERNAL_H

#include <stdio.h>

#include "isaprobe/internal/export.h"
#include "report_internal.h"

struct ex_finding {
	char *probe, *isa, *context, *format; /* format without the ISA ("cat6") */
	unsigned bundle, slot, lo, hi;
	char *kind;
	char *what;       /* the sentence: "enum / opcode: 0: add, ..." */
	char *values;     /* the value names ({"0":"add",...}), or "" */
	char *must_be;    /* a reserved field's required value, or "" */
	char *evidence;   /* "simulator a320, 18 runs; inferred (confidence 1.00)" */
	enum rp_verdict verdict;
	char *public_text; /* "refines x40 40-48 (ldg)" */
	char *name;       /* the field's name in the maintainer's words: the public field's of
	                   * exactly these bits, else the notes' field's, else BITS_lo_hi */
	char *instr;      /* the public name of its instruction ("ldg", "*FADD.f32"), or NULL */
	int determined;   /* 0: the runner could not say (unmodeled, not probed) */
};

struct ex_model {
	struct ex_finding *f;
	size_t n;
};

/* The findings of ISA isa (one probe's, or every probe's when probe is NULL). 0 or -1 (d). */
int ex_load(struct ip_store *s, const char *isa, const char *probe, struct ex_model *m,
            struct ip_diag *d);
void ex_free(struct ex_model *m);

/* Text with &, <, >, " escaped (and "--" broken up when in_comment): malloc'd. */
char *ex_xml(const char *s, int in_comment);

/* A maintainer's file as lines. */
struct ex_file {
	char **line; /* without their newline */
	size_t n, cap;
	int final_newline;
};
int ex_file_read(const char *path, struct ex_file *f, struct ip_diag *d);
void ex_file_free(struct ex_file *f);

/* A block of lines to add after line `after` of the file (0: before the first). */
struct ex_insert {
	size_t after;
	char *text; /* lines, each ending with a newline */
};
/* Writes the unified diff (3 lines of context) that adds the blocks to the file, labelled with
 * its name; the blocks in any order (those after one line keep their order). 0, or -1 (d). */
int ex_diff(FILE *out, const char *label, const struct ex_file *f, struct ex_insert *ins,
            size_t nins, struct ip_diag *d);

/* The per-format writers: the export, or (against not NULL) the insertions into that file. */
int ex_isaspec(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins);
int ex_bifrost(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins);
int ex_markdown(const struct ex_model *m, const struct ip_export_options *o,
                const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins);

/* Adds a block to the list. */
void ex_insert_add(struct ex_insert **ins, size_t *n, size_t after, char *text);

/* The XML exporters' shared parts (export_xml.c). A finding as an element of the maintainer's
 * form (tagged: with the attributes below), or NULL when it has none. */
typedef char *(*ex_element_fn)(const struct ex_finding *f, int tagged);
/* kind="..." evidence="..." public="..." */
void ex_xml_tags(struct strbuf *b, const struct ex_finding *f);
/* Same probe, context and instruction. */
int ex_same_instruction(const struct ex_finding *a, const struct ex_finding *b);
/* The XML declaration, the comment saying what the export is, <isaprobe-export ...>. */
void ex_xml_open(FILE *out, const struct ip_export_options *o, const char *what,
                 const char *format, const char *isa);
/* The export's element of one instruction: <tag name="INSTR" probe=... context=... format=...
 * instruction="bundle B slot S">, from its first finding. */
void ex_xml_instr_open(FILE *out, const char *indent, const char *tag, const struct ex_finding *f);
/* A finding with no element, as a comment: bits, sentence, evidence, verdict. */
void ex_xml_comment(FILE *out, const char *indent, const struct ex_finding *f);
/* Into a copy of the maintainer's file: under each line opening <tag name="INSTR" (the
 * finding's public instruction), a comment with the finding and its proposed element. The
 * number of comments placed. */
int ex_xml_against(const struct ex_model *m, const struct ex_file *against, const char *tag,
                   const char *indent, ex_element_fn element, struct ex_insert **ins,
                   size_t *nins);

#endif

/* afl_internal.h: the pieces of the AFL++ engine (docs/afl.md) that the campaign driver, the
 * harness, the benchmark and the tests share: test-case images, outcome classes, the run log. */
#ifndef ISAPROBE_FUZZ_AFL_INTERNAL_H
#define ISAPROBE_FUZZ_AFL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/store.h"
#include "isaprobe/internal/strategy.h"

/* ---- Test-case images (afl_image.c) ----
 * An AFL++ test case is the assembled seed program of one context as its logical words: a
 * 4-byte header ('i', 'p', IP_AFL_IMAGE_VERSION, context index), then every slot of every
 * bundle in program order as 16 little-endian bytes (its 128-bit ip_word). Value bit k of a
 * variant lies at one fixed image bit; every other bit is the seed's. */
#define IP_AFL_IMAGE_HEADER 4
#define IP_AFL_IMAGE_VERSION 1
#define IP_AFL_SLOT_BYTES 16

/* Where a probe's target bits lie in its images: one field per target line, its value bits
 * [value_lo, value_lo + width) at image bits [bit, bit + width). The same for every context
 * (ip_afl_image_layout refuses a probe whose contexts differ in their slots). */
struct ip_afl_field {
	uint32_t bit, width, value_lo;
};
struct ip_afl_layout {
	size_t size; /* image bytes */
	unsigned nfields;
	struct ip_afl_field fields[IP_PROBE_MAX_TARGETS];
};

/* 0 and *l, or -1 with d set (contexts that differ in their word layout, too many contexts). */
int ip_afl_image_layout(const struct ip_probe *p, struct ip_afl_layout *l, struct ip_diag *d);
/* Writes the image of context ctx with `value` in the target bits into out (l->size bytes). */
void ip_afl_image_write(const struct ip_probe *p, const struct ip_afl_layout *l, unsigned ctx,
                        const ip_word *value, uint8_t *out);
/* Why an image is not a variant of the probe (ip_afl_image_read). */
enum ip_afl_image_verdict {
	IP_AFL_IMAGE_OK,
	IP_AFL_IMAGE_SIZE,    /* not l->size bytes */
	IP_AFL_IMAGE_HEADER_BAD, /* magic or version */
	IP_AFL_IMAGE_CONTEXT, /* no such context */
	IP_AFL_IMAGE_FOREIGN, /* a bit outside the targets differs from the context's seed */
};
/* The variant an image holds: checks header, size and that every non-target bit is the
 * context's seed bit (seeds: the images of every context with its seed value, in order). */
enum ip_afl_image_verdict ip_afl_image_read(const struct ip_afl_layout *l, unsigned ncontexts,
                                            const uint8_t *seeds, const uint8_t *img,
                                            size_t len, struct ip_variant *v);
/* The fields as the mutator reads them from ISAPROBE_AFL_FIELDS: "BIT:WIDTH,BIT:WIDTH,...". */
int ip_afl_fields_string(const struct ip_afl_layout *l, char *out, size_t cap);

/* ---- Outcome classes (afl_class.c) ----
 * An outcome's class relative to its context's baseline (the seed's outcome): status and fault
 * code, and for each 32-bit output word that differs from the baseline, how: equal to a planted
 * input word (which one), a known function of one (which function, which word), or new.
 * Each part is a feature (a coverage edge for AFL++); the class is their combination. */
enum ip_afl_word_kind {
	IP_AFL_WORD_PLANTED,  /* equals planted input word `src` */
	IP_AFL_WORD_FUNCTION, /* equals function `func` of planted word `src` */
	IP_AFL_WORD_NEW,      /* anything else (src 0: zero, 1: other) */
};
enum ip_afl_function {
	IP_AFL_F_IDENTITY, IP_AFL_F_NEG, IP_AFL_F_ABS, IP_AFL_F_NOT, IP_AFL_F_LO16, IP_AFL_F_HI16,
	IP_AFL_F_SEXT_LO16, IP_AFL_F_SEXT_HI16, IP_AFL_F_F16LO_F32, IP_AFL_F_F16HI_F32,
	IP_AFL_F_F32_F16, IP_AFL_F_I2F, IP_AFL_F_U2F, IP_AFL_F_F2I, IP_AFL_F_SWAP16,
	IP_AFL_F_COUNT
};
const char *ip_afl_function_name(enum ip_afl_function f);

struct ip_afl_classifier;
/* From the probe's planted inputs and observed outputs. 0, or -1 with d set. */
int ip_afl_classifier_new(const struct ip_probe *p, struct ip_afl_classifier **out,
                          struct ip_diag *d);
void ip_afl_classifier_free(struct ip_afl_classifier *c);
/* The class of o against base (both of the same context; base may be NULL: no baseline, every
 * non-zero word of an ok outcome has changed). Calls emit(arg, feature) once per feature when
 * emit is not NULL, the last one the class itself. Returns the class (a 64-bit hash). */
uint64_t ip_afl_classify(const struct ip_afl_classifier *c, const struct ip_outcome *base,
                         const struct ip_outcome *o, void (*emit)(void *arg, uint32_t feature),
                         void *arg);
/* What output word `word` is under the classifier, for tests and docs: its kind, function and
 * source word (index into the probe's planted inputs, all input buffers in order, 4 bytes
 * each). */
void ip_afl_explain_word(const struct ip_afl_classifier *c, uint32_t word,
                         enum ip_afl_word_kind *kind, enum ip_afl_function *func, uint32_t *src);

/* A set of 64-bit classes (counting distinct ones). */
struct ip_afl_class_set {
	uint64_t *slots; /* 0 marks empty; class 0 is kept apart */
	size_t cap, n;
	int has_zero;
};
/* 1 when c was new, 0 when seen, -1 out of memory. */
int ip_afl_class_set_add(struct ip_afl_class_set *s, uint64_t c);
/* Distinct classes added. */
uint64_t ip_afl_class_set_count(const struct ip_afl_class_set *s);
void ip_afl_class_set_free(struct ip_afl_class_set *s);

/* ---- The run log (afl_runlog.c) ----
 * The harness writes one record per run to a FIFO the campaign reads: magic "IPR1", body
 * length (u32), body, body length again, magic "1RPI". The body: context (u8), status (u8),
 * value length (u8), reserved (u8), fault (u32), value bytes (little-endian), outcome data.
 * A record cut short (its writer killed) is skipped: the reader finds the next magic. */
#define IP_AFL_LOG_MAX_DATA ((size_t)8 << 20)

struct ip_afl_logrec {
	uint32_t context;
	uint8_t value[16];
	unsigned value_len;
	enum ip_status status;
	uint32_t fault;
	const uint8_t *data;
	size_t len;
};
/* Bytes a record needs. */
size_t ip_afl_log_size(const struct ip_afl_logrec *r);
/* Encodes r into out (ip_afl_log_size(r) bytes). */
void ip_afl_log_encode(const struct ip_afl_logrec *r, uint8_t *out);

struct ip_afl_log_reader {
	uint8_t *buf;
	size_t len, pos, cap;
	uint64_t skipped;   /* bytes skipped to find a record again */
	uint64_t records;
};
/* Appends bytes read from the log. 0, or -1 out of memory. */
int ip_afl_log_feed(struct ip_afl_log_reader *r, const uint8_t *bytes, size_t n);
/* 1 and the next whole record (rec->data points into the reader until the next feed), or 0
 * when more bytes are needed. */
int ip_afl_log_next(struct ip_afl_log_reader *r, struct ip_afl_logrec *rec);
void ip_afl_log_reader_free(struct ip_afl_log_reader *r);

/* ---- The harness (afl_harness.c; its main, built with afl-cc, is afl_harness_main.c) ----
 * Runs one test case: the variant its image holds, on the probe's runner, with the outcome's
 * features given to AFL++ as coverage and the run written to the log. */
struct ip_afl_harness_config {
	const char *probe;   /* probe file */
	const char *runner;  /* NAME[:ARG], default sim */
	const char *gpu;     /* NULL: the probe's, else the runner's */
	const char *log;     /* the run log (a FIFO the campaign reads), or NULL: none */
	const char *counter; /* the budget counter file (IP_AFL_COUNTER_BYTES), or NULL: none */
};
/* The budget counter: runs claimed so far (u64), then the most runs allowed (u64, 0: none),
 * native byte order, shared by every harness process through mmap. */
#define IP_AFL_COUNTER_BYTES 16

enum ip_afl_harness_result {
	IP_AFL_RAN,          /* ran, recorded, features emitted */
	IP_AFL_REJECTED,     /* not a variant of the probe: nothing ran */
	IP_AFL_BUDGET_SPENT, /* the campaign's budget is used up: nothing ran */
	IP_AFL_LOG_FAILED,   /* ran, but the log could not be written (the campaign is gone) */
	IP_AFL_DEVICE_LOST,  /* the runner's device is gone (IP_RUNNER_DEVICE_LOST): nothing logged */
};
struct ip_afl_harness;
/* Parses the probe, lays out its images, builds the classifier, opens log and counter. */
int ip_afl_harness_open(const struct ip_afl_harness_config *cfg, struct ip_afl_harness **out,
                        struct ip_diag *d);
/* Opens the runner and runs each context's seed for its baseline (not logged). Called in the
 * process that runs test cases (after AFL++'s fork server has forked). */
int ip_afl_harness_start(struct ip_afl_harness *h, struct ip_diag *d);
enum ip_afl_harness_result ip_afl_harness_run(struct ip_afl_harness *h, const uint8_t *buf,
                                              size_t len, void (*emit)(void *arg,
                                                                       uint32_t feature),
                                              void *arg);
/* Why the device is gone, after IP_AFL_DEVICE_LOST ("" before). */
const char *ip_afl_harness_lost(const struct ip_afl_harness *h);
void ip_afl_harness_close(struct ip_afl_harness *h);

#endif

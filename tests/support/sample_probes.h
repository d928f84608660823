/* sample_probes.h: small probes (and programs) on the simulators that several tests and the
 * fuzz targets build their fixtures from, written once. String literals, to be pasted into
 * longer probe texts. */
#ifndef ISAPROBE_TEST_SAMPLE_PROBES_H
#define ISAPROBE_TEST_SAMPLE_PROBES_H

/* Midgard: one load/store word loading attribute 0 into r0 (and an empty second slot). */
#define SAMPLE_MIDGARD_LD_ATTR_PROGRAM "ls {\n\tld_attr_32 r0.xyzw, [0].xyzw\n\tnoop\n}\n"

/* The head of a Midgard probe running it: targets, inputs and contexts follow. */
#define SAMPLE_MIDGARD_LD_ATTR_HEAD                                                             \
	"isa midgard\n"                                                                         \
	"program <<END\n" SAMPLE_MIDGARD_LD_ATTR_PROGRAM "END\n"

/* Utgard GP: the flags field of one 128-bit word that adds two attribute components and stores
 * the sum as a varying; a whole probe. */
#define SAMPLE_UTGARD_GP_FLAGS_PROBE                                                            \
	"isa utgard_gp\n"                                                                       \
	"program <<END\n"                                                                       \
	"instr {\n"                                                                             \
	"\tload 0\n"                                                                            \
	"\treg0 attr 0\n"                                                                       \
	"\tacc0.add ld_x, ld_y\n"                                                               \
	"\tstore0.varying 0, acc0, acc0\n"                                                      \
	"}\n"                                                                                   \
	"END\n"                                                                                 \
	"target 0.instr flags\n"                                                                \
	"input attributes floats 11.5 -2.0 0.125 100.0\n"                                       \
	"observe varyings_out 32\n"

#endif

/* isa.h: what an ISA plugs into isaprobe (one descriptor, struct ip_isa), and the registry that
 * lists the ISAs (encoders/isa_registry.c, one line each).
 *
 * Adding an ISA: the checklist (tests/encoders/test_isa_checklist.c checks it for every
 * registered ISA)
 *  1. encoders/<isa>/: field tables (one struct ip_format per word format), pack/unpack,
 *     assembler, disassembler; <isa>_isa.c exports the descriptor below, with designated
 *     initialisers (a field added later is then NULL where nobody set it, and the checklist says
 *     which of those NULLs must be a stated "none").
 *  2. One line in encoders/isa_registry.c. Nothing else names the ISA: the Mesa names, the public
 *     overlay, the register-file layout, the simulator, the drm job kind and the harness are
 *     found through the descriptor.
 *  3. A reference simulator (runners/sim/<isa>/, an ip_sim_isa) or `.no_sim` saying why none
 *     (the ISA another's simulator runs: ctm_cb).
 *  4. A drm job kind (runners/drm/, an ip_drm_jobkind) or `.no_drm` saying why none.
 *  5. A register harness (runners/harness/<isa>_harness.c) when the ISA has a registers role
 *     (`.regs`), or `.no_harness` saying why none.
 *  6. Golden rows (`.golden`: tests/golden/<isa>.txt, or the test that holds them), or
 *     `.no_golden` saying why none.
 *  7. The docs pages docs/<docs>-asm.md, docs/<docs>-sources.md, docs/<docs>-simulator.md (the
 *     simulator's buffer layouts; an ISA run by another's simulator shares its page),
 *     docs/<docs>-probes.md (what the shipped probes found) and, with Mesa names,
 *     docs/<docs>-mesa-names.md. Optional: a public overlay (`.public_overlay`:
 *     docs/public-overlay.md).
 *  8. The seed notes in docs/notes/ (`.seed`). Not checked: probes shipped in probes/<isa>/
 *     (ctm_cb's live in probes/ctm/), a fuzz seed in tests/fuzz/targets/. */
#ifndef ISAPROBE_ISA_H
#define ISAPROBE_ISA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isaprobe/diag.h"
#include "isaprobe/program.h"

/* The parts of the plug that live elsewhere, each in its own header: the Mesa names
 * (isaprobe/internal/mesa.h), the public overlay (isaprobe/internal/public.h), the harness
 * (isaprobe/internal/harness.h), the simulator (runners/sim/sim.h) and the drm job kind
 * (runners/drm/drm_job.h). The descriptor only points at them: the encoders include none of
 * the runners' headers. */
struct ip_mesa;
struct ip_public_overlay;
struct ip_harness;
struct ip_sim_isa;
struct ip_drm_jobkind;

/* The registers role of one invocation, as the simulator fills it (docs/<isa>-simulator.md) and
 * `isaprobe run` prints it: its size, and how its 16-byte rows are labelled. */
struct ip_isa_regs {
	size_t bytes;
	/* The label of row r ("r3", "hr0-1"); NULL: "r<r>". */
	void (*row_label)(unsigned r, char *label, size_t n);
};

struct ip_isa {
	const char *name;
	const char *title;
	const char *seed; /* seed notes the tables come from */
	const struct ip_format *const *formats;
	unsigned nformats;
	/* Binary -> logical words. Errors name the byte offset. */
	int (*unpack)(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
	/* Logical words -> binary. *out is malloc'd. Fills in the ISA's derived bits (none may be
	 * silently changed: derived values that a word overrides are kept). */
	int (*pack)(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
	/* Assembly text -> logical words. Errors name file:line:col. */
	int (*assemble)(const char *src, struct ip_program *out, struct ip_diag *d);
	/* Logical words -> assembly text that assembles back to the same bits. */
	int (*disassemble)(const struct ip_program *p, FILE *out);
	/* The same with every repetition of a repeated instruction on a line of its own
	 * (`isaprobe disasm --expand`); NULL where the ISA repeats nothing. */
	int (*disassemble_expanded)(const struct ip_program *p, FILE *out);

	/* Prefix of its docs pages (docs/<docs>-asm.md ...): "utgard-gp" for utgard_gp. */
	const char *docs;
	/* Where its golden rows are (a path from the source tree's top), or why it has none. */
	const char *golden;
	const char *no_golden;
	/* Mesa's names of its fields and values (encoders/<isa>/<isa>_mesa_names.c); NULL: Mesa
	 * has no disassembler for it. */
	const struct ip_mesa *mesa;
	/* What later public work says (encoders/<isa>/<isa>_public.c; the reports only); NULL:
	 * none. */
	const struct ip_public_overlay *public_overlay;
	/* Its registers role; NULL: it has none (nothing plants or observes registers). */
	const struct ip_isa_regs *regs;
	/* The form its maintainers keep the ISA in, that `isaprobe export` writes without -i
	 * (an export format name: "isaspec", "bifrost-isa-xml", "markdown"); NULL: none. */
	const char *export_format;
	/* The runners' parts (defined in runners/, declared here only as pointers) or, for each,
	 * why it has none. Exactly one of each pair is set (the checklist test says so). */
	const struct ip_sim_isa *sim;
	const char *no_sim;
	const struct ip_drm_jobkind *drm_kind;
	const char *no_drm;
	const struct ip_harness *harness;
	const char *no_harness;
};

const struct ip_isa *ip_isa_find(const char *name);
/* NULL-terminated list of every ISA. */
const struct ip_isa *const *ip_isa_all(void);
const struct ip_format *ip_isa_format(const struct ip_isa *isa, const char *name);

#endif

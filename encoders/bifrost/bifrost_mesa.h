/* bifrost_mesa.h: the tables the Bifrost Mesa-style printer (bifrost_mesa.c) reads beside the
 * opcode templates of bifrost_ops.c: ISA.xml's modifier option lists and Mesa's flow-control
 * names (bifrost_mesa_names.c). */
#ifndef ISAPROBE_BIFROST_MESA_H
#define ISAPROBE_BIFROST_MESA_H

#include <stddef.h>
#include <stdio.h>

#include "bifrost.h"
#include "isaprobe/program.h"

/* One ISA.xml modifier: the options by field value ("" or NULL past the end: reserved) and the
 * default, which Mesa leaves unprinted (NULL: every option is printed). */
struct bifrost_mesa_mod {
	const char *name;
	const char *def;
	const char *opts[8];
};
extern const struct bifrost_mesa_mod bifrost_mesa_mods[];
extern const unsigned bifrost_n_mesa_mods;
/* The modifier list called name[0 .. len - 1], or NULL. */
const struct bifrost_mesa_mod *bifrost_mesa_mod_find(const char *name, size_t len);

/* Mesa's flow-control names (bi_flow_control_name) by the 3-bit value of header bits 11-13. */
extern const char *const bifrost_mesa_flow[8];

int bifrost_mesa_print(const struct ip_program *p, FILE *out);

#endif

/* midgard_mesa.h: the flags of the Midgard Mesa-name rows (midgard_mesa_names.c), which the
 * Mesa-style printer (midgard_mesa.c) reads. */
#ifndef ISAPROBE_MIDGARD_MESA_H
#define ISAPROBE_MIDGARD_MESA_H

#include "midgard.h"

/* ALU opcodes (Mesa midgard_ops.c / midgard_ops.h) */
#define MG_MESA_INT 0x1u               /* midgard_is_integer_op */
#define MG_MESA_CONVERT 0x2u           /* OP_TYPE_CONVERT: the output type is the other one */
#define MG_MESA_CHANNELS(n) ((n) << 4) /* OP_CHANNEL_COUNT: a fixed number of components */
#define MG_MESA_CHANNELS_OF(f) (((f) >> 4) & 7u)
/* load/store opcodes (load_store_opcode_props) */
#define MG_MESA_LDST_ATTRIB 0x100u /* LDST_ATTRIB */
#define MG_MESA_LDST_STORE 0x200u  /* LDST_STORE */
#define MG_MESA_LDST_UBO 0x400u    /* OP_IS_UBO_READ */
#define MG_MESA_LDST_SECONDARY 0x800u /* the default attribute table is the secondary one */

int midgard_mesa_print(const struct ip_program *p, FILE *out);

#endif

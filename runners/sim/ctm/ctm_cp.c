/* ctm_cp.c: the CTM command processor (the PE reading a command buffer): each command's effect
 * on the machine; start_program runs the processor array. */
#include <string.h>

#include "ctm/ctm.h"
#include "isaprobe/ctm_sim.h"

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int stop_at(struct ctm_stop *stop, size_t off, enum ip_status st, const char *why)
{
	stop->status = st;
	stop->why = why;
	stop->where = (uint32_t)off;
	return -1;
}

/* A base address parameter: bits 10:0 are reserved (the guide: ignored, read as zero). */
static int base_param(uint32_t v, uint32_t *base)
{
	if (v & 0x7FF)
		return -1;
	*base = v;
	return 0;
}

/* A format parameter; reserved bits set are not described. */
static int format_param(uint32_t v, struct ctm_surface *s)
{
	if (v & 0xF8FCE003u)
		return -1;
	s->pitch = v & 0x1FFC;
	s->tiling = (v >> 16) & 3;
	s->format = (v >> 24) & 7;
	return 0;
}

static const char reserved_set[] = "a reserved bit of a command parameter is set: not described";

int ctm_run_commands(struct ctm_machine *m, const uint8_t *cmds, size_t len, struct ctm_stop *stop)
{
	size_t off = 0;
	memset(stop, 0, sizeof *stop);
	if (len % 4)
		return stop_at(stop, len - len % 4, IP_STATUS_INVALID,
		               "command buffer is not a whole number of 32-bit words");
	while (off < len) {
		uint32_t h = rd32(cmds + off), p[CTM_CMD_MAX_PARAMS];
		unsigned opcode = (h >> 8) & 0xFF, n = ((h >> 16) & 0x3FFF) + 1;
		const struct ctm_command *c = ctm_command_by_opcode(opcode);
		struct ctm_surface *s = NULL;
		if ((len - off) / 4 - 1 < n)
			return stop_at(stop, off, IP_STATUS_INVALID,
			               "a command's parameters run past the end of the buffer");
		if (!c)
			return stop_at(stop, off, IP_STATUS_UNMODELED, "a command opcode isaprobe does not "
			                                               "know");
		if ((h >> 30) != CTM_CMD_TYPE || (h & 0xFF) || n != c->nparams)
			return stop_at(stop, off, IP_STATUS_UNMODELED, "a command header other than the "
			               "guide's form (type 3, low byte 0, its parameter count)");
		for (unsigned k = 0; k < n; k++)
			p[k] = rd32(cmds + off + 4 * (k + 1));
		switch ((enum ctm_cmd_opcode)opcode) {
		case CTM_OP_SET_DOMAIN:
			for (unsigned k = 0; k < 4; k++)
				if (p[k] >> 12)
					return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->i0 = p[0];
			m->j0 = p[1];
			m->i1 = p[2];
			m->j1 = p[3];
			m->domain_set = 1;
			break;
		case CTM_OP_START_PROGRAM:
			if (p[0])
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->start_off = (uint32_t)off;
			if ((m->on_start ? m->on_start(m, m->start_ctx, stop)
			                 : ctm_start_program(m, stop)) != 0) {
				if (stop->status != IP_STATUS_OK && stop->where == 0)
					stop->where = (uint32_t)off;
				return -1;
			}
			break;
		case CTM_OP_WAIT_FOR_IDLE:
		case CTM_OP_START_PERF_COUNTERS:
		case CTM_OP_STOP_PERF_COUNTERS:
			/* processors run to completion in order here: waiting changes nothing */
			if (p[0])
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			break;
		case CTM_OP_INIT_PERF_COUNTERS:
			if (p[0] >> 1)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->perf_enabled = (int)(p[0] & 1);
			break;
		case CTM_OP_READ_PERF_COUNTERS:
			if (m->perf_enabled)
				return stop_at(stop, off, IP_STATUS_UNMODELED, "read_perf_counters: the "
				               "counters and their order are not in the guide's extract");
			break;
		case CTM_OP_SET_INST_FMT: s = &m->inst; break;
		case CTM_OP_SET_CONSTF_FMT: s = &m->constf; break;
		case CTM_OP_SET_CONSTI_FMT: s = &m->consti; break;
		case CTM_OP_SET_CONSTB_FMT: s = &m->constb; break;
		case CTM_OP_SET_INP_FMT:
		case CTM_OP_SET_OUT_FMT:
			if (p[0] >> 4 || (opcode == CTM_OP_SET_OUT_FMT && p[0] >= CTM_OUTPUTS))
				return stop_at(stop, off, IP_STATUS_UNMODELED, "an input or output index beyond "
				               "the described ones (inputs 0-15, outputs 0-3)");
			s = opcode == CTM_OP_SET_INP_FMT ? &m->input[p[0]] : &m->output[p[0]];
			if (base_param(p[1], &s->base) || format_param(p[2], s) || p[3] >> 13)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			s->height = p[3];
			s->set = 1;
			s = NULL;
			break;
		case CTM_OP_SET_COND_OUT_FMT:
			if (base_param(p[0], &m->cond.base) || format_param(p[1], &m->cond) || p[2] >> 13)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->cond.height = p[2];
			m->cond.set = 1;
			break;
		case CTM_OP_SET_OUT_MASK:
			if (p[0] >> 4)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->out_mask = p[0];
			break;
		case CTM_OP_SET_COND_OUT_MASK:
			if (p[0] >> 1)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->cond_write = (int)p[0];
			break;
		case CTM_OP_SET_COND_TEST:
			if (p[0] >> 3)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->cond_test = p[0];
			break;
		case CTM_OP_SET_COND_LOC:
			if (p[0] >> 1)
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			m->cond_loc = p[0];
			m->cond_enabled = 1;
			break;
		}
		if (s) {
			if (base_param(p[0], &s->base) || format_param(p[1], s))
				return stop_at(stop, off, IP_STATUS_UNMODELED, reserved_set);
			s->height = 1;
			s->set = 1;
		}
		off += 4 * (n + 1);
	}
	return 0;
}

/* ctm_machine.c: the CTM machine around the processors: power-on state, the MC's address
 * computation, and the PE dispatching the domain (with conditional execution). */
#include <string.h>

#include "isaprobe/ctm_sim.h"

void ctm_machine_reset(struct ctm_machine *m)
{
	memset(m, 0, sizeof *m);
	m->out_mask = 0xF;
	m->fc_mode = CTM_FC_FULL;
	m->cond_test = 7;
	m->budget = 100000;
}

int ctm_element_size(unsigned format)
{
	static const int size[8] = {2, 4, 4, 8, 16, 0, 0, 0};
	return format < 8 ? size[format] : 0;
}

long long ctm_element_address(const struct ctm_surface *s, uint32_t x, uint32_t y, const char **why)
{
	int size = ctm_element_size(s->format);
	if (!s->set) {
		*why = "a memory area the program uses was never set by a command";
		return -1;
	}
	if (size == 0) {
		*why = "data format 5-7 is reserved";
		return -1;
	}
	if (s->tiling == 1 || s->tiling == 3) {
		*why = "tiled address translation: its formula is not in the guide's extract";
		return -1;
	}
	return (long long)s->base + ((long long)y * s->pitch + x) * size;
}

static int stop_with(struct ctm_stop *stop, enum ip_status st, const char *why)
{
	stop->status = st;
	stop->why = why;
	return -1;
}

int ctm_cond_test(const struct ctm_machine *m, uint32_t i, uint32_t j, float v, int *pass,
                  struct ctm_stop *stop)
{
	const char *why = NULL;
	long long a;
	float b;
	if (m->cond_test == 0 || m->cond_test == 7) {
		*pass = m->cond_test == 7;
		return 0;
	}
	if ((a = ctm_element_address(&m->cond, i, j, &why)) < 0)
		return stop_with(stop, IP_STATUS_UNMODELED, why);
	if (m->cond.format != 2)
		return stop_with(stop, IP_STATUS_UNMODELED, "a conditional buffer not float32_1: its "
		                                            "comparison is not described");
	if (a + 4 > (long long)m->mem_len)
		return stop_with(stop, IP_STATUS_FAULT, "conditional buffer outside GPU memory");
	memcpy(&b, m->mem + a, 4);
	switch (m->cond_test) {
	case 1: *pass = v < b; break;
	case 2: *pass = v <= b; break;
	case 3: *pass = v == b; break;
	case 4: *pass = v >= b; break;
	case 5: *pass = v > b; break;
	default: *pass = v != b; break;
	}
	return 0;
}

int ctm_check_start(const struct ctm_machine *m, struct ctm_stop *stop)
{
	stop->where = 0;
	stop->invocation = 0;
	if (!m->domain_set)
		return stop_with(stop, IP_STATUS_UNMODELED, "start_program before any set_domain: the "
		                                            "power-on domain is not described");
	if (m->ninstr == 0)
		return stop_with(stop, IP_STATUS_INVALID, "no program");
	if (m->i1 < m->i0 || m->j1 < m->j0)
		return 1; /* an empty domain: nothing to run */
	if ((uint64_t)(m->i1 - m->i0 + 1) * (m->j1 - m->j0 + 1) > CTM_MAX_PROCESSORS)
		return stop_with(stop, IP_STATUS_TIMEOUT, "a domain larger than the simulator runs in "
		                                          "one job (CTM_MAX_PROCESSORS (i, j) pairs)");
	return 0;
}

int ctm_start_program(struct ctm_machine *m, struct ctm_stop *stop)
{
	int rc = ctm_check_start(m, stop);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	for (uint32_t j = m->j0; j <= m->j1; j++) {
		for (uint32_t i = m->i0; i <= m->i1; i++) {
			stop->invocation = (i - m->i0) + (j - m->j0) * (m->i1 - m->i0 + 1);
			if (m->cond_enabled && m->cond_loc == 1) {
				/* conditional execution: the CO tests the PE's value before dispatch */
				int pass;
				if (ctm_cond_test(m, i, j, m->pe_cond_value, &pass, stop) != 0)
					return -1;
				if (!pass)
					continue;
			}
			if (ctm_run_processor(m, i, j, stop) != 0)
				return -1;
		}
	}
	return 0;
}

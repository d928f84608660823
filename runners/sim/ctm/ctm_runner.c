/* ctm_runner.c: the "ctm" simulator as the sim runner sees it: a job's program (raw words or an
 * executable), its command buffer and GPU memory in, memory after the commands out. */
#include <stdlib.h>
#include <string.h>

#include "ctm/ctm.h"
#include "isaprobe/ctm_sim.h"
#include "runners/sim/sim.h"

static const char *const models[] = {"r580", NULL};

struct ctm_state {
	uint32_t *code;
	uint8_t *mem;
	size_t mem_cap;
};

static int ctm_open(const char *gpu, void **state, struct ip_diag *d)
{
	if (gpu && strcmp(gpu, models[0]) != 0)
		return ip_diag_plain(d, "the ctm simulator models r580 (the X1900 CTM ran on), not '%s'",
		                     gpu);
	if (!(*state = calloc(1, sizeof(struct ctm_state))))
		return ip_diag_plain(d, "out of memory");
	return 0;
}

static void ctm_close(void *state)
{
	struct ctm_state *s = state;
	if (!s)
		return;
	free(s->code);
	free(s->mem);
	free(s);
}

static const char *ctm_model(void *state)
{
	(void)state;
	return models[0];
}

static void fail(struct ip_result *res, enum ip_status st, const char *why)
{
	res->status = st;
	res->why = why;
}

int ctm_job_program(const uint8_t *code, size_t len, uint32_t **words, unsigned *ninstr,
                    uint8_t **cmds, size_t *ncmds, enum ip_status *status, const char **why)
{
	struct ip_program prog;
	struct ip_diag d;
	size_t n = 0;
	*words = NULL;
	*cmds = NULL;
	*ncmds = 0;
	*ninstr = 0;
	ip_diag_init(&d, NULL);
	if (ctm_unpack(code, len, &prog, &d) != 0) {
		*status = IP_STATUS_INVALID;
		*why = "the program is neither whole instructions nor a readable executable";
		return -1;
	}
	for (size_t i = 0; i < prog.nbundles; i++)
		n += prog.bundles[i].kind == CTM_BUNDLE_INSTR;
	if ((n && !(*words = malloc(n * CTM_INSTR_BYTES))) ||
	    ctm_bundle_bytes(&prog, CTM_BUNDLE_CMD, cmds, ncmds) != 0) {
		free(*words);
		*words = NULL;
		ip_program_free(&prog);
		*status = IP_STATUS_RUNNER_ERROR;
		*why = "out of memory";
		return -1;
	}
	for (size_t i = 0, k = 0; i < prog.nbundles; i++) {
		if (prog.bundles[i].kind != CTM_BUNDLE_INSTR)
			continue;
		for (unsigned w = 0; w < CTM_INSTR_WORDS; w++)
			(*words)[k * CTM_INSTR_WORDS + w] = ctm_slot_word(&prog.bundles[i], w);
		k++;
	}
	*ninstr = (unsigned)n;
	ip_program_free(&prog);
	return 0;
}

static void ctm_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	struct ctm_state *s = state;
	struct ctm_machine m;
	struct ctm_stop stop;
	const struct ip_buf *gin = ip_job_input(job, IP_BUF_GLOBAL);
	const struct ip_buf *cin = ip_job_input(job, IP_BUF_COMMANDS);
	struct ip_out_buf *gout;
	uint8_t *cmds = NULL;
	uint32_t *words = NULL;
	size_t ncmds = 0, mem_len;
	unsigned ninstr = 0;
	enum ip_status st;
	const char *why;

	ip_result_clear(res);
	gout = ip_result_output(res, IP_BUF_GLOBAL);
	if (ctm_job_program(job->code, job->code_len, &words, &ninstr, &cmds, &ncmds, &st, &why))
		return fail(res, st, why);
	free(s->code);
	s->code = words;
	if (!cmds && !cin)
		return fail(res, IP_STATUS_INVALID, "a CTM job needs a command buffer (in the "
		                                    "executable, or the commands input)");

	mem_len = gin ? gin->len : 0;
	if (gout && gout->cap > mem_len)
		mem_len = gout->cap;
	if (mem_len > s->mem_cap) {
		uint8_t *nm = realloc(s->mem, mem_len);
		if (!nm) {
			free(cmds);
			return fail(res, IP_STATUS_RUNNER_ERROR, "out of memory");
		}
		s->mem = nm;
		s->mem_cap = mem_len;
	}
	if (mem_len)
		memset(s->mem, 0, mem_len);
	if (gin && gin->len)
		memcpy(s->mem, gin->data, gin->len);

	ctm_machine_reset(&m);
	m.mem = s->mem;
	m.mem_len = mem_len;
	m.code = s->code;
	m.ninstr = ninstr;
	if (job->limits.budget)
		m.budget = job->limits.budget;
	if (ctm_run_commands(&m, cmds ? cmds : cin->data, cmds ? ncmds : cin->len, &stop) != 0) {
		res->status = stop.status;
		res->why = stop.why;
		res->invocation = stop.invocation;
		res->where = stop.where;
	}
	res->steps = m.steps;
	free(cmds);
	if (gout && res->status == IP_STATUS_OK) {
		size_t n = gout->cap < mem_len ? gout->cap : mem_len;
		memcpy(gout->data, s->mem, n);
		memset(gout->data + n, 0, gout->cap - n);
		gout->len = gout->cap;
	}
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.sim`). */
const struct ip_sim_isa ctm_sim = {
	.open = ctm_open,
	.run = ctm_run,
	.close = ctm_close,
	.model = ctm_model,
	.models = models,
};

/* afl_harness.c: what the AFL++ harness does with one test case: read the variant from the
 * image, claim a run of the budget, run it on the probe's runner, emit its class, log the run. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "exec.h"
#include "fuzz/afl/afl_internal.h"

struct baseline {
	struct ip_outcome o;
	uint8_t *data;
};

struct ip_afl_harness {
	struct ip_afl_harness_config cfg;
	struct ip_probe probe;
	struct ip_afl_layout layout;
	uint8_t *seeds;              /* every context's seed image */
	struct ip_afl_classifier *classes;
	int log_fd;
	uint64_t *counter;           /* [0] claimed, [1] limit; NULL without a budget */
	struct ip_runner *runner;
	struct ip_exec exec;
	int started;
	const char *lost;            /* why the device is gone, after IP_AFL_DEVICE_LOST */
	struct baseline base[IP_PROBE_MAX_CONTEXTS];
	uint8_t *data;               /* one outcome's output */
	uint8_t *rec;                /* one log record */
};

int ip_afl_harness_open(const struct ip_afl_harness_config *cfg, struct ip_afl_harness **out,
                        struct ip_diag *d)
{
	struct ip_afl_harness *h = calloc(1, sizeof *h);
	size_t olen;
	*out = NULL;
	if (!h)
		return ip_diag_plain(d, "out of memory");
	h->cfg = *cfg;
	h->log_fd = -1;
	*out = h;
	if (ip_probe_load(cfg->probe, &h->probe, d) != 0)
		return -1;
	if (ip_afl_image_layout(&h->probe, &h->layout, d) != 0 ||
	    ip_afl_classifier_new(&h->probe, &h->classes, d) != 0)
		return -1;
	olen = h->probe.output_len;
	h->seeds = malloc(h->probe.ncontexts * h->layout.size);
	h->data = malloc(olen ? olen : 1);
	h->rec = malloc(64 + olen);
	if (!h->seeds || !h->data || !h->rec)
		return ip_diag_plain(d, "out of memory");
	for (unsigned c = 0; c < h->probe.ncontexts; c++)
		ip_afl_image_write(&h->probe, &h->layout, c, &h->probe.contexts[c].seed_value,
		                   h->seeds + c * h->layout.size);
	if (cfg->log) {
		/* Non-blocking open: fails at once when nobody reads the log; then blocking writes,
		 * so that a slow reader slows the fuzzer down instead of losing runs. */
		h->log_fd = open(cfg->log, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
		if (h->log_fd < 0 || fcntl(h->log_fd, F_SETFL, 0) != 0)
			return ip_diag_plain(d, "cannot open the run log %s for writing: %s", cfg->log,
			                     strerror(errno));
	}
	if (cfg->counter) {
		int fd = open(cfg->counter, O_RDWR | O_CLOEXEC);
		void *m = fd < 0 ? MAP_FAILED
		                 : mmap(NULL, IP_AFL_COUNTER_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		                        fd, 0);
		int err = errno;
		if (fd >= 0)
			close(fd);
		if (m == MAP_FAILED)
			return ip_diag_plain(d, "cannot map the budget counter %s: %s", cfg->counter,
			                     strerror(err));
		h->counter = m;
	}
	return 0;
}

int ip_afl_harness_start(struct ip_afl_harness *h, struct ip_diag *d)
{
	struct ip_runner_config rc = {0};
	const struct ip_probe *p = &h->probe;
	rc.isa = p->isa->name;
	rc.gpu = h->cfg.gpu ? h->cfg.gpu : p->gpu;
	if (ip_runner_open(h->cfg.runner ? h->cfg.runner : "sim", &rc, &h->runner, d) != 0)
		return -1;
	if (ip_exec_init(&h->exec, p, h->runner, 1, d) != 0)
		return -1;
	h->started = 1;
	for (unsigned c = 0; c < p->ncontexts; c++) {
		struct ip_variant v = {c, p->contexts[c].seed_value};
		struct baseline *b = &h->base[c];
		b->data = malloc(p->output_len ? p->output_len : 1);
		if (!b->data)
			return ip_diag_plain(d, "out of memory");
		if (ip_exec_run(&h->exec, &v, 1, b->data, &b->o, &h->lost) == IP_RUNNER_DEVICE_LOST)
			return ip_diag_plain(d, "the device is gone: %s", h->lost);
		b->o.data = b->data;
	}
	return 0;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The features of one context's outcome: each emitted with the context folded in, so that a
 * class new in one context is new coverage whatever the other contexts showed, and AFL++
 * keeps (and favours) test cases of every context, not only of the first to find each class
 * (a queue per context, in effect). */
struct in_context {
	void (*emit)(void *arg, uint32_t feature);
	void *arg;
	uint32_t salt;
};

static void emit_in_context(void *arg, uint32_t feature)
{
	const struct in_context *c = arg;
	c->emit(c->arg, feature ^ c->salt);
}

enum ip_afl_harness_result ip_afl_harness_run(struct ip_afl_harness *h, const uint8_t *buf,
                                              size_t len, void (*emit)(void *arg,
                                                                       uint32_t feature),
                                              void *arg)
{
	struct ip_variant v;
	struct ip_outcome o;
	if (!h->started ||
	    ip_afl_image_read(&h->layout, h->probe.ncontexts, h->seeds, buf, len, &v) !=
	        IP_AFL_IMAGE_OK)
		return IP_AFL_REJECTED;
	if (h->counter && h->counter[1] &&
	    __atomic_fetch_add(&h->counter[0], 1, __ATOMIC_SEQ_CST) >= h->counter[1])
		return IP_AFL_BUDGET_SPENT;
	if (ip_exec_run(&h->exec, &v, 1, h->data, &o, &h->lost) == IP_RUNNER_DEVICE_LOST)
		return IP_AFL_DEVICE_LOST;
	{
		/* (context 0 keeps its features as they were) */
		struct in_context c = {emit, arg, v.context * UINT32_C(0x9E3779B1)};
		ip_afl_classify(h->classes, &h->base[v.context].o, &o, emit ? emit_in_context : NULL,
		                &c);
	}
	if (h->log_fd >= 0) {
		struct ip_afl_logrec r;
		r.context = v.context;
		r.value_len = (h->probe.width + 7) / 8;
		ip_word_to_bytes(&v.value, r.value, r.value_len);
		r.status = o.status;
		r.fault = o.fault;
		r.data = o.data;
		r.len = o.len;
		ip_afl_log_encode(&r, h->rec);
		if (write_all(h->log_fd, h->rec, ip_afl_log_size(&r)) != 0)
			return IP_AFL_LOG_FAILED;
	}
	return IP_AFL_RAN;
}

const char *ip_afl_harness_lost(const struct ip_afl_harness *h)
{
	return h->lost ? h->lost : "";
}

void ip_afl_harness_close(struct ip_afl_harness *h)
{
	if (!h)
		return;
	if (h->started)
		ip_exec_free(&h->exec);
	ip_runner_close(h->runner);
	for (unsigned c = 0; c < IP_PROBE_MAX_CONTEXTS; c++)
		free(h->base[c].data);
	if (h->counter)
		munmap(h->counter, IP_AFL_COUNTER_BYTES);
	if (h->log_fd >= 0)
		close(h->log_fd);
	ip_afl_classifier_free(h->classes);
	free(h->seeds);
	free(h->data);
	free(h->rec);
	ip_probe_free(&h->probe);
	free(h);
}

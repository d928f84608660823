/* test_remote_runner.c: the remote runner against agents that work, die, get killed, hang,
 * send garbage, truncated or corrupted frames, or speak another version (this program runs
 * itself as those agents); a failed batch is retried, then becomes runner errors. */
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runners/remote/proto.h"
#include "check.h"

/* ---- the fake device: a made-up deterministic model, so results can be checked ---- */

static const char *fake_mode = "ok";
static const char *fake_counter; /* file counting run_batch calls across agents */
static int fake_fail_first;       /* misbehave on the first N calls (all agents together) */

static int fake_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	(void)d;
	*state = (void *)(cfg->gpu && strcmp(cfg->gpu, "fake-2") == 0 ? "fake-2" : "fake-1");
	return 0;
}

/* Job j: code[0] == 0xff faults with code[1]; otherwise ok, and output byte k of role r is
 * code[k % len] ^ k ^ r. */
static void fake_run_one(const struct ip_job *j, struct ip_result *res)
{
	res->steps = j->code_len;
	res->invocation = 0;
	res->where = 0;
	if (j->code_len >= 2 && j->code[0] == 0xff) {
		res->status = IP_STATUS_FAULT;
		res->fault = j->code[1];
		res->where = 4;
		res->why = "fake fault";
	} else {
		res->status = IP_STATUS_OK;
		res->fault = 0;
		res->why = NULL;
	}
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		for (size_t k = 0; k < o->cap; k++)
			o->data[k] = (uint8_t)(j->code_len ? j->code[k % j->code_len] ^ k ^ o->role : 0);
		o->len = o->cap;
	}
}

static int bump_counter(void)
{
	FILE *f = fopen(fake_counter, "r+");
	int n = 0;
	if (!f)
		return 0;
	if (fscanf(f, "%d", &n) != 1)
		n = 0;
	rewind(f);
	fprintf(f, "%d\n", n + 1);
	fclose(f);
	return n;
}

static int read_counter(const char *path)
{
	FILE *f = fopen(path, "r");
	int n = -1;
	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

static void write_all_or_die(const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t k = write(1, p, n);
		if (k <= 0)
			_exit(9);
		p += k;
		n -= (size_t)k;
	}
}

static int fake_run_batch(void *state, const struct ip_job *jobs, size_t n,
                          struct ip_result *results)
{
	struct ip_wbuf w = {0};
	(void)state;
	int call;
	for (size_t i = 0; i < n; i++)
		fake_run_one(&jobs[i], &results[i]);
	call = bump_counter();
	if (strcmp(fake_mode, "dieat") == 0 || strcmp(fake_mode, "killat") == 0 ||
	    strcmp(fake_mode, "hangat") == 0) {
		/* only call number fake_fail_first (from 0, over every agent) misbehaves */
		if (call == fake_fail_first && fake_mode[0] == 'd')
			_exit(3);
		if (call == fake_fail_first && fake_mode[0] == 'k')
			raise(SIGKILL);
		if (call == fake_fail_first)
			sleep(60);
		return 0;
	}
	if (call >= fake_fail_first || strcmp(fake_mode, "ok") == 0 ||
	    strcmp(fake_mode, "swap") == 0 || strcmp(fake_mode, "v2only") == 0)
		return 0;
	if (strcmp(fake_mode, "die") == 0)
		_exit(3);
	if (strcmp(fake_mode, "kill") == 0)
		raise(SIGKILL);
	if (strcmp(fake_mode, "hang") == 0) {
		sleep(60);
		_exit(4);
	}
	if (strcmp(fake_mode, "garbage") == 0) {
		static const char junk[] = "Segmentation fault (core dumped)\n";
		write_all_or_die((const uint8_t *)junk, sizeof junk - 1);
		_exit(0);
	}
	/* The right answer, spoilt (its batch id does not matter: the frame is read as bad first). */
	ip_encode_results(&w, 0, results, n);
	if (strcmp(fake_mode, "truncate") == 0) {
		write_all_or_die(w.data, w.len / 2);
		_exit(0);
	}
	if (strcmp(fake_mode, "corrupt") == 0) {
		w.data[w.len - 1] ^= 0x01;
		write_all_or_die(w.data, w.len);
		sleep(60);
		_exit(0);
	}
	if (strcmp(fake_mode, "hugelength") == 0) {
		ip_put_le32(w.data + 8, 0x7fffffff);
		write_all_or_die(w.data, w.len);
		sleep(60);
		_exit(0);
	}
	_exit(5);
}

static void fake_close(void *state)
{
	(void)state;
}

static const char *fake_model(void *state)
{
	return state;
}

static const struct ip_runner_backend fake_backend = {
	.name = "fake",
	.summary = "test device",
	.open = fake_open,
	.run_batch = fake_run_batch,
	.close = fake_close,
	.model = fake_model,
};

/* Reads one frame into w (header and payload): 1, 0 at the end of input, -1 on error. */
static int read_frame(struct ip_wbuf *w)
{
	uint8_t h[IP_PROTO_HEADER];
	size_t got = 0, n;
	while (got < sizeof h) {
		ssize_t k = read(0, h + got, sizeof h - got);
		if (k <= 0)
			return got == 0 && k == 0 ? 0 : -1;
		got += (size_t)k;
	}
	n = ip_le32(h + 8);
	if (n > IP_PROTO_MAX_PAYLOAD)
		return -1;
	w->len = 0;
	ip_wbuf_bytes(w, h, sizeof h);
	ip_wbuf_bytes(w, NULL, 0);
	if (w->failed)
		return -1;
	while (w->len < sizeof h + n) {
		uint8_t buf[65536];
		size_t want = sizeof h + n - w->len;
		ssize_t k = read(0, buf, want < sizeof buf ? want : sizeof buf);
		if (k <= 0)
			return -1;
		ip_wbuf_bytes(w, buf, (size_t)k);
	}
	return w->failed ? -1 : 1;
}

/* Runs the version 3 BATCH frame in `in` on the fake device and appends its RESULTS to out. */
static int answer_batch(struct ip_wbuf *in, struct ip_wbuf *out)
{
	struct ip_diag d;
	struct ip_batch b;
	struct ip_rbuf r = {in->data + IP_PROTO_HEADER, in->len - IP_PROTO_HEADER, 0, 0, &d};
	ip_diag_init(&d, NULL);
	if (ip_le16(in->data + 6) != IP_MSG_BATCH || ip_decode_batch2(&r, &b) != 0)
		return -1;
	fake_run_batch(NULL, b.jobs, b.n, b.results);
	ip_encode_results2(out, b.id, b.results, b.n);
	ip_batch_free(&b);
	return 0;
}

/* Mode "swap": a version 3 agent written here that reads two BATCH frames when the caller has
 * sent two and, while the counter is below FAIL_FIRST, answers the second first. */
static int swap_agent(void)
{
	struct ip_wbuf a = {0}, b = {0}, out = {0};
	struct ip_hello hello;
	struct ip_welcome wl = {.isa = "midgard", .gpu = "fake-1", .backend = "fake"};
	struct ip_diag d;
	struct ip_rbuf r;
	int rc = 1;
	ip_diag_init(&d, NULL);
	if (read_frame(&a) != 1 || ip_le16(a.data + 4) != 3)
		goto out;
	r = (struct ip_rbuf){a.data + IP_PROTO_HEADER, a.len - IP_PROTO_HEADER, 0, 0, &d};
	if (ip_decode_hello(&r, 3, &hello) != 0)
		goto out;
	wl.check = IP_CHECK_CRC32;
	wl.depth = hello.depth;
	out.version = 3;
	ip_encode_welcome(&out, &wl);
	write_all_or_die(out.data, out.len);
	for (;;) {
		struct pollfd pf = {.fd = 0, .events = POLLIN};
		int second, swap;
		out.len = 0;
		if (read_frame(&a) != 1 || ip_le16(a.data + 6) == IP_MSG_BYE)
			break;
		/* a second BATCH if the caller sent one (it waits for an answer otherwise) */
		second = poll(&pf, 1, 200) == 1 && read_frame(&b) == 1 &&
		         ip_le16(b.data + 6) == IP_MSG_BATCH;
		swap = second && read_counter(fake_counter) < fake_fail_first;
		if ((swap && answer_batch(&b, &out) != 0) || answer_batch(&a, &out) != 0 ||
		    (second && !swap && answer_batch(&b, &out) != 0))
			goto out;
		write_all_or_die(out.data, out.len);
	}
	rc = 0;
out:
	ip_wbuf_free(&a);
	ip_wbuf_free(&b);
	ip_wbuf_free(&out);
	return rc;
}

/* `SELF agent MODE COUNTER FAIL_FIRST`: serves the fake device, misbehaving as told. */
static int agent_main(char **argv)
{
	struct ip_agent_config cfg = {.backend = &fake_backend};
	struct ip_diag d;
	fake_mode = argv[2];
	fake_counter = argv[3];
	fake_fail_first = atoi(argv[4]);
	signal(SIGPIPE, SIG_IGN);
	if (strcmp(fake_mode, "v4") == 0) {
		/* Answers the HELLO with a WELCOME of protocol version 4, newer than this build's. */
		struct ip_welcome wl = {.isa = "midgard", .gpu = "fake-1", .backend = "fake"};
		struct ip_wbuf w = {0};
		uint8_t h[16], buf[1024];
		if (read(0, h, 16) != 16 || ip_le32(h + 8) > sizeof buf ||
		    read(0, buf, ip_le32(h + 8)) < 0)
			return 1;
		ip_encode_welcome(&w, &wl);
		w.data[4] = 4;
		ip_put_le32(w.data + 12,
		            ip_crc32(ip_crc32(0, w.data, 12), w.data + 16, w.len - 16));
		write_all_or_die(w.data, w.len);
		ip_wbuf_free(&w);
		return 0;
	}
	if (strcmp(fake_mode, "early-error") == 0) {
		/* WELCOME, then an ERROR as soon as a BATCH header arrives, its payload unread. */
		struct ip_welcome wl = {.isa = "midgard", .gpu = "fake-1", .backend = "fake"};
		struct ip_wbuf w = {0};
		uint8_t h[16], buf[1024];
		if (read(0, h, 16) != 16 || ip_le32(h + 8) > sizeof buf ||
		    read(0, buf, ip_le32(h + 8)) < 0)
			return 1;
		ip_encode_welcome(&w, &wl);
		write_all_or_die(w.data, w.len);
		if (read(0, h, 16) != 16)
			return 1;
		w.len = 0;
		ip_encode_error(&w, IP_PERR_DEVICE, IP_PROTO_NO_OFFSET, "the device is on fire");
		write_all_or_die(w.data, w.len);
		ip_wbuf_free(&w);
		sleep(60);
		return 0;
	}
	if (strcmp(fake_mode, "swap") == 0)
		return swap_agent();
	if (strcmp(fake_mode, "v2only") == 0)
		cfg.max_version = 2; /* as an agent built before version 3 */
	ip_diag_init(&d, "<stdin>");
	if (ip_agent_serve(&cfg, 0, 1, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	return 0;
}

/* ---- the caller's side ---- */

static char self[PATH_MAX];
static char tmpdir[] = "/tmp/test_remote_runner.XXXXXX";

#define NJOBS 6
#define CAP 24

struct batch {
	uint8_t code[NJOBS][8];
	struct ip_job jobs[NJOBS];
	uint8_t mem[NJOBS][2][CAP];
	struct ip_out_buf outs[NJOBS][2];
	struct ip_result res[NJOBS];
};

static void make_batch(struct batch *b, unsigned seed)
{
	static const uint8_t uni[4] = {1, 2, 3, 4};
	static const struct ip_buf inputs[] = {{IP_BUF_UNIFORMS, uni, 4}};
	memset(b, 0, sizeof *b);
	for (unsigned i = 0; i < NJOBS; i++) {
		for (unsigned k = 0; k < 8; k++)
			b->code[i][k] = (uint8_t)(seed * 31 + i * 7 + k);
		if (i == 3) {
			b->code[i][0] = 0xff;
			b->code[i][1] = 0x42;
		}
		b->jobs[i] = (struct ip_job){b->code[i], 3 + i, inputs, 1, {1, 0}, -1};
		b->outs[i][0] = (struct ip_out_buf){IP_BUF_REGISTERS, b->mem[i][0], CAP, 0};
		b->outs[i][1] = (struct ip_out_buf){IP_BUF_GLOBAL, b->mem[i][1], CAP - 8, 0};
		b->res[i].outputs = b->outs[i];
		b->res[i].noutputs = 2;
	}
}

/* Results of jobs lo..hi-1 as the fake device gives them, worked out from its rule (not by
 * running it). */
static void check_jobs_ok(struct batch *b, const char *what, unsigned lo, unsigned hi)
{
	for (unsigned i = lo; i < hi; i++) {
		const struct ip_result *r = &b->res[i];
		size_t len = b->jobs[i].code_len;
		if (i == 3) {
			CHECK(r->status == IP_STATUS_FAULT && r->fault == 0x42 && r->where == 4 &&
			              r->why && strcmp(r->why, "fake fault") == 0,
			      "%s: job %u: status %d fault %x", what, i, r->status, r->fault);
		} else {
			CHECK(r->status == IP_STATUS_OK && r->why == NULL, "%s: job %u: status %d (%s)",
			      what, i, r->status, r->why ? r->why : "");
		}
		CHECK(r->steps == len, "%s: steps", what);
		for (unsigned o = 0; o < 2; o++) {
			const struct ip_out_buf *ob = &b->outs[i][o];
			int same = ob->len == ob->cap;
			for (size_t k = 0; same && k < ob->cap; k++)
				same = ob->data[k] == (uint8_t)(b->code[i][k % len] ^ k ^ ob->role);
			CHECK(same, "%s: job %u output %u (len %zu)", what, i, o, ob->len);
		}
	}
}

static void check_batch_ok(struct batch *b, const char *what)
{
	check_jobs_ok(b, what, 0, NJOBS);
}

static void check_jobs_failed(struct batch *b, const char *what, const char *phrase, unsigned lo,
                              unsigned hi)
{
	for (unsigned i = lo; i < hi; i++) {
		const struct ip_result *r = &b->res[i];
		CHECK(r->status == IP_STATUS_RUNNER_ERROR, "%s: job %u: status %d", what, i, r->status);
		CHECK(r->why && strstr(r->why, phrase), "%s: why '%s' lacks '%s'", what,
		      r->why ? r->why : "(null)", phrase);
		CHECK(b->outs[i][0].len == 0 && b->outs[i][1].len == 0, "%s: outputs cleared", what);
	}
}

static void check_batch_failed(struct batch *b, const char *what, const char *phrase)
{
	check_jobs_failed(b, what, phrase, 0, NJOBS);
}

static int open_fake(struct ip_runner **r, const char *mode, const char *counter, int fail_first,
                     struct ip_diag *d)
{
	char spec[PATH_MAX * 2 + 100];
	struct ip_runner_config cfg = {.isa = "midgard"};
	FILE *f = fopen(counter, "w");
	if (f) {
		fputs("0\n", f);
		fclose(f);
	}
	snprintf(spec, sizeof spec, "remote:'%s' agent %s '%s' %d", self, mode, counter, fail_first);
	ip_diag_init(d, NULL);
	return ip_runner_open(spec, &cfg, r, d);
}

static void test_working_agent(void)
{
	char counter[sizeof tmpdir + 16];
	struct ip_runner *r;
	struct ip_diag d;
	struct batch *b = malloc(sizeof *b);
	snprintf(counter, sizeof counter, "%s/ok", tmpdir);
	CHECK(open_fake(&r, "ok", counter, 0, &d) == 0, "%s", d.msg);
	if (!r) {
		free(b);
		return;
	}
	CHECK(strcmp(ip_runner_name(r), "remote") == 0 && strcmp(ip_runner_model(r), "fake-1") == 0,
	      "model %s", ip_runner_model(r));
	for (unsigned s = 0; s < 3; s++) {
		make_batch(b, s);
		CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == 0, "batch %u", s);
		check_batch_ok(b, "working agent");
	}
	/* An empty batch, and a batch of one. */
	CHECK(ip_runner_run_batch(r, b->jobs, 0, b->res) == 0, "empty batch");
	make_batch(b, 9);
	CHECK(ip_runner_run(r, &b->jobs[3], &b->res[3]) == 0 && b->res[3].fault == 0x42, "one job");
	ip_runner_close(r);
	/* 3 batches and the one job; the empty batch sends nothing. */
	CHECK(read_counter(counter) == 4, "calls %d", read_counter(counter));
	free(b);
}

/* The agent misbehaves on its first `fail_first` batches (over every agent started): with
 * 2 retries, fail_first 1 recovers within the batch; fail_first 3 turns the first batch into
 * runner errors and the next batch, on a fresh agent, works. */
static void test_failing_agent(const char *mode, const char *phrase)
{
	char counter[sizeof tmpdir + 32];
	struct ip_runner *r;
	struct ip_diag d;
	struct batch *b = malloc(sizeof *b);
	snprintf(counter, sizeof counter, "%s/%s", tmpdir, mode);

	CHECK(open_fake(&r, mode, counter, 1, &d) == 0, "%s: %s", mode, d.msg);
	if (r) {
		make_batch(b, 1);
		CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == 0, "%s: retried", mode);
		check_batch_ok(b, mode);
		CHECK(read_counter(counter) == 2, "%s: %d attempts", mode, read_counter(counter));
		ip_runner_close(r);
	}

	CHECK(open_fake(&r, mode, counter, 3, &d) == 0, "%s: %s", mode, d.msg);
	if (r) {
		make_batch(b, 2);
		CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == -1, "%s: gave up", mode);
		check_batch_failed(b, mode, phrase);
		CHECK(read_counter(counter) == 3, "%s: %d attempts", mode, read_counter(counter));
		make_batch(b, 3);
		CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == 0, "%s: goes on", mode);
		check_batch_ok(b, mode);
		CHECK(read_counter(counter) == 4, "%s: %d attempts", mode, read_counter(counter));
		ip_runner_close(r);
	}
	free(b);
}

/* Version 3: each batch of NJOBS in BATCH frames of 2 jobs, 3 of them in flight at once, with
 * agents that misbehave (runner errors for jobs 0 to failed - 1, frames run: -1 unchecked). */
static const struct {
	const char *mode;
	int fail_first;
	unsigned failed;
	const char *phrase;
	int frames;
} cases[] = {
	/* The agent dies (or is killed) on the second frame, the third in flight behind it: the
	 * first's results are kept, the second and third are sent again to a fresh agent, once:
	 * 1, 2 twice, 3. */
	{"dieat", 1, 0, NULL, 4},
	{"killat", 1, 0, NULL, 4},
	/* It hangs there instead: the second frame's timeout (counted from when it is the oldest
	 * in flight, ISAPROBE_REMOTE_TIMEOUT of 2 s here), then the same. */
	{"hangat", 1, 0, NULL, 4},
	/* Dying on the first frame every time, with two behind it: the first frame's jobs become
	 * runner errors after 3 attempts, the other two run once each on the next agent. */
	{"die", 3, 2, "failed 3 times; last: the agent closed its output", 5},
	/* Answering the second BATCH before the first: the answer is refused, never taken for the
	 * other frame's; on a fresh agent that answers in order, everything runs (2 + 3). */
	{"swap", 1, 0, NULL, 5},
	/* Always swapped: frames 1 and 2 fail 3 times each, frame 3 (alone at the end) runs. */
	{"swap", 1000, 4, "RESULTS for batch", -1},
	/* An agent of version 2 (refuses the version 3 HELLO): spoken to in version 2, one BATCH
	 * frame at a time. */
	{"v2only", 0, 0, NULL, 3},
};

static void test_pipelined(void)
{
	char counter[sizeof tmpdir + 32];
	struct ip_runner *r;
	struct ip_diag d;
	struct batch *b = malloc(sizeof *b);
	setenv("ISAPROBE_REMOTE_BATCH_JOBS", "2", 1);
	setenv("ISAPROBE_REMOTE_DEPTH", "3", 1);
	snprintf(counter, sizeof counter, "%s/pipe", tmpdir);

	/* Results come back in order, each frame's into its own jobs. */
	CHECK(open_fake(&r, "ok", counter, 0, &d) == 0, "%s", d.msg);
	if (r) {
		for (unsigned s = 0; s < 3; s++) {
			make_batch(b, s + 40);
			CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == 0, "pipelined %u", s);
			check_batch_ok(b, "pipelined");
		}
		CHECK(read_counter(counter) == 9, "pipelined: %d BATCH frames run, not 9",
		      read_counter(counter));
		ip_runner_close(r);
	}

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const char *mode = cases[c].mode;
		setenv("ISAPROBE_REMOTE_TIMEOUT", strcmp(mode, "hangat") == 0 ? "2" : "60", 1);
		CHECK(open_fake(&r, mode, counter, cases[c].fail_first, &d) == 0, "%s: %s", mode,
		      d.msg);
		if (!r)
			continue;
		make_batch(b, 50 + (unsigned)c);
		CHECK(ip_runner_run_batch(r, b->jobs, NJOBS, b->res) == 0, "%s %d: some jobs ran",
		      mode, cases[c].fail_first);
		check_jobs_failed(b, mode, cases[c].phrase ? cases[c].phrase : "", 0, cases[c].failed);
		check_jobs_ok(b, mode, cases[c].failed, NJOBS);
		CHECK(cases[c].frames < 0 || read_counter(counter) == cases[c].frames,
		      "%s %d: %d BATCH frames run, not %d", mode, cases[c].fail_first,
		      read_counter(counter), cases[c].frames);
		ip_runner_close(r);
	}
	setenv("ISAPROBE_REMOTE_TIMEOUT", "60", 1);

	setenv("ISAPROBE_REMOTE_DEPTH", "0", 1);
	CHECK(open_fake(&r, "ok", counter, 0, &d) == -1 &&
	              strstr(d.msg, "ISAPROBE_REMOTE_DEPTH='0': expected a number from 1 to 64"),
	      "%s", d.msg);
	unsetenv("ISAPROBE_REMOTE_DEPTH");
	unsetenv("ISAPROBE_REMOTE_BATCH_JOBS");
	free(b);
}

static void test_open_errors(void)
{
	char counter[sizeof tmpdir + 16];
	struct ip_runner *r;
	struct ip_diag d;
	struct ip_runner_config cfg = {.isa = "midgard", .gpu = "t999"};
	snprintf(counter, sizeof counter, "%s/v4", tmpdir);
	CHECK(open_fake(&r, "v4", counter, 0, &d) == -1 && !r, "version mismatch opens");
	CHECK(strstr(d.msg, "protocol version 4") && strstr(d.msg, "versions 1 to 3"), "%s", d.msg);

	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open("remote:exit 7", &cfg, &r, &d) == -1 &&
	              strstr(d.msg, "exited with status 7"),
	      "%s", d.msg);
	setenv("ISAPROBE_REMOTE_TIMEOUT", "soon", 1);
	CHECK(ip_runner_open("remote:true", &cfg, &r, &d) == -1 &&
	              strstr(d.msg, "ISAPROBE_REMOTE_TIMEOUT='soon': expected a number"),
	      "%s", d.msg);
	setenv("ISAPROBE_REMOTE_TIMEOUT", "60", 1);
	CHECK(ip_runner_open("remote", &cfg, &r, &d) == -1 && strstr(d.msg, "needs a command"),
	      "%s", d.msg);
	CHECK(ip_runner_open("remote:", &cfg, &r, &d) == -1 && strstr(d.msg, "needs a command"),
	      "%s", d.msg);
	/* An agent that answers ERROR before reading a large batch: its message is the why. */
	{
		static uint8_t big[300000];
		const struct ip_buf in = {IP_BUF_GLOBAL, big, sizeof big};
		struct ip_job job = {big, 16, &in, 1, {1, 0}, -1};
		struct ip_result res = {0};
		setenv("ISAPROBE_REMOTE_RETRIES", "0", 1);
		CHECK(open_fake(&r, "early-error", counter, 0, &d) == 0, "%s", d.msg);
		if (r) {
			CHECK(ip_runner_run(r, &job, &res) == -1 && res.status == IP_STATUS_RUNNER_ERROR &&
			              res.why && strstr(res.why, "error 5: the device is on fire"),
			      "early error: %s", res.why ? res.why : "");
			ip_runner_close(r);
		}
		setenv("ISAPROBE_REMOTE_RETRIES", "2", 1);
	}
	/* The agent serves fake-1 only unless asked for fake-2: a GPU it does not serve. */
	{
		char spec[PATH_MAX * 2];
		snprintf(spec, sizeof spec, "remote:'%s' agent ok /dev/null 0", self);
		CHECK(ip_runner_open(spec, &cfg, &r, &d) == -1 && strstr(d.msg, "t999"), "%s", d.msg);
		cfg.gpu = "fake-2";
		CHECK(ip_runner_open(spec, &cfg, &r, &d) == 0, "%s", d.msg);
		if (r)
			CHECK(strcmp(ip_runner_model(r), "fake-2") == 0, "model");
		ip_runner_close(r);
	}
}

/* Campaigns run one runner per worker thread: four remote runners at once, one of them on an
 * agent that dies on every batch, do not disturb each other. */
static void *worker(void *arg)
{
	intptr_t w = (intptr_t)arg;
	char counter[sizeof tmpdir + 32];
	struct ip_runner *r;
	struct ip_diag d;
	struct batch *b = malloc(sizeof *b);
	snprintf(counter, sizeof counter, "%s/thread%d", tmpdir, (int)w);
	if (open_fake(&r, w == 3 ? "die" : "ok", counter, 1000, &d) != 0) {
		free(b);
		return (void *)1;
	}
	for (unsigned s = 0; s < 4; s++) {
		make_batch(b, s + 10 * (unsigned)w);
		ip_runner_run_batch(r, b->jobs, NJOBS, b->res);
		if (w == 3)
			check_batch_failed(b, "thread 3", "exited with status 3");
		else
			check_batch_ok(b, "thread");
	}
	ip_runner_close(r);
	free(b);
	return NULL;
}

static void test_threads(void)
{
	pthread_t t[4];
	for (intptr_t w = 0; w < 4; w++)
		CHECK(pthread_create(&t[w], NULL, worker, (void *)w) == 0, "thread %d", (int)w);
	for (int w = 0; w < 4; w++) {
		void *ret;
		pthread_join(t[w], &ret);
		CHECK(ret == NULL, "thread %d could not open its runner", w);
	}
}

/* examples/remote_device.py, the protocol written again in Python from docs/protocol.md:
 * its made-up "toy" ISA worked by hand, and "unmodeled" for a real ISA. */
static void test_python_device(void)
{
	static const uint8_t prog[] = {1, 0, 5, 0,  1, 1, 7, 1, 2, 2, 0, 1,
	                               3, 2, 1, 0,  4, 3, 1, 0, 0, 0, 0, 0};
	static const uint8_t bad_op[] = {1, 0, 5, 0, 9, 0, 0, 0}, bad_store[] = {3, 0, 9, 0};
	static const uint8_t uni[8] = {0x11, 0x11, 0x11, 0x11, 0xef, 0xbe, 0xad, 0xde};
	static const uint8_t glob_in[8] = {0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa};
	const struct ip_buf inputs[] = {{IP_BUF_UNIFORMS, uni, 8}, {IP_BUF_GLOBAL, glob_in, 8}};
	struct ip_job jobs[3] = {
		{prog, sizeof prog, inputs, 2, {1, 0}, -1},
		{bad_op, sizeof bad_op, inputs, 2, {1, 0}, -1},
		{bad_store, sizeof bad_store, inputs, 2, {1, 0}, -1},
	};
	uint8_t regs[3][64], glob[3][12];
	struct ip_out_buf outs[3][2];
	struct ip_result res[3];
	struct ip_runner_config cfg = {.isa = "toy"};
	struct ip_runner *r;
	struct ip_diag d;
	char spec[PATH_MAX + 64], src[PATH_MAX];
	/* This file is SRCDIR/tests/runners/test_remote_runner.c. */
	snprintf(src, sizeof src, "%s", __FILE__);
	*strrchr(src, '/') = 0;
	snprintf(spec, sizeof spec, "remote:python3 '%s/../../examples/remote_device.py'", src);
	for (unsigned i = 0; i < 3; i++) {
		outs[i][0] = (struct ip_out_buf){IP_BUF_REGISTERS, regs[i], 64, 0};
		outs[i][1] = (struct ip_out_buf){IP_BUF_GLOBAL, glob[i], 12, 0};
		res[i] = (struct ip_result){.outputs = outs[i], .noutputs = 2};
	}
	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open(spec, &cfg, &r, &d) == 0, "%s", d.msg);
	if (!r)
		return;
	CHECK(strcmp(ip_runner_model(r), "toy-1") == 0, "model %s", ip_runner_model(r));
	CHECK(ip_runner_run_batch(r, jobs, 3, res) == 0, "python batch");
	CHECK(res[0].status == IP_STATUS_OK && res[0].steps == 6, "status %d steps %llu",
	      res[0].status, (unsigned long long)res[0].steps);
	/* r0 = 5, r1 = 7 | 1 << 8 = 263, r2 = r0 + r1 = 268, r3 = uniforms word 1. */
	CHECK(outs[0][0].len == 64 && ip_le32(regs[0]) == 5 && ip_le32(regs[0] + 4) == 263 &&
	              ip_le32(regs[0] + 8) == 268 && ip_le32(regs[0] + 12) == 0xdeadbeef &&
	              ip_le32(regs[0] + 60) == 0,
	      "registers");
	/* global: word 0 as planted, word 1 = r2, word 2 zero (beyond the 8 bytes planted). */
	CHECK(outs[0][1].len == 12 && ip_le32(glob[0]) == 0xaaaaaaaa &&
	              ip_le32(glob[0] + 4) == 268 && ip_le32(glob[0] + 8) == 0,
	      "global");
	CHECK(res[1].status == IP_STATUS_INVALID && res[1].where == 4 && res[1].steps == 2 &&
	              res[1].why && strstr(res[1].why, "09 00 00 00"),
	      "invalid: %d at %u", res[1].status, res[1].where);
	CHECK(res[2].status == IP_STATUS_FAULT && res[2].fault == 0x42 && res[2].where == 0,
	      "fault: %d %x", res[2].status, res[2].fault);
	ip_runner_close(r);

	cfg.isa = "midgard";
	CHECK(ip_runner_open(spec, &cfg, &r, &d) == 0, "%s", d.msg);
	if (!r)
		return;
	CHECK(ip_runner_run_batch(r, jobs, 3, res) == 0, "python batch");
	for (unsigned i = 0; i < 3; i++)
		CHECK(res[i].status == IP_STATUS_UNMODELED && res[i].why &&
		              strstr(res[i].why, "only the made-up 'toy' ISA") &&
		              outs[i][0].len == 0,
		      "unmodeled %u: %d", i, res[i].status);
	ip_runner_close(r);
	cfg.gpu = "t760";
	CHECK(ip_runner_open(spec, &cfg, &r, &d) == -1 && strstr(d.msg, "not a t760"), "%s", d.msg);
}

int main(int argc, char **argv)
{
	ssize_t n;
	char cmd[sizeof tmpdir + 16];
	if (argc == 5 && strcmp(argv[1], "agent") == 0)
		return agent_main(argv);
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0 || !mkdtemp(tmpdir)) {
		fprintf(stderr, "test_remote_runner: cannot find itself or make a directory\n");
		return 1;
	}
	self[n] = 0;
	/* A generous timeout: a machine under load must not fail a working agent (the python
	 * device, four agents at once); the hanging agent's test sets a short one. */
	setenv("ISAPROBE_REMOTE_TIMEOUT", "60", 1);
	setenv("ISAPROBE_REMOTE_RETRIES", "2", 1);
	test_working_agent();
	test_pipelined();
	test_open_errors();
	test_python_device();
	test_threads();
	test_failing_agent("die", "exited with status 3");
	test_failing_agent("kill", "killed by signal 9"); /* by sh: status 137 */
	setenv("ISAPROBE_REMOTE_TIMEOUT", "2", 1); /* each hang costs this: 4 hangs, 8 s */
	test_failing_agent("hang", "no answer within 2000 ms");
	setenv("ISAPROBE_REMOTE_TIMEOUT", "60", 1);
	test_failing_agent("garbage", "not a protocol frame");
	test_failing_agent("truncate", "truncated");
	test_failing_agent("corrupt", "checksum mismatch");
	test_failing_agent("hugelength", "over the limit");
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return check_report("test_remote_runner");
}

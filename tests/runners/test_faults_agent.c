/* test_faults_agent.c: the agent protocol's sizes and lies. Batches larger than a frame go as
 * several frames (by request bytes and by the most their answer can take); a job no frame holds
 * is refused alone, and a campaign of such jobs before it starts; an agent refuses a BATCH whose
 * answer cannot fit and cuts why texts so that its answer fits; agents that lie about sizes and
 * counts (this program, run as the agent) get a clear runner error, never a crash. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runners/remote/proto.h"
#include "check.h"
#include "echo_device.h"
#include "fake_device.h"
#include "isaprobe/internal/campaign.h"
#include "store_fixture.h"

static char self[PATH_MAX], *dir;

/* ---- the agent: an echo device (echo_device.h), honest or lying ------------------------------ */

static const char *counter_path;

/* Counts a batch the agent ran, in the file counter_path. */
static void bump(void)
{
	FILE *f = fopen(counter_path, "a");
	if (f) {
		fputc('x', f);
		fclose(f);
	}
}

static long count_calls(const char *path)
{
	FILE *f = fopen(path, "r");
	long n = 0;
	if (!f)
		return 0;
	while (fgetc(f) != EOF)
		n++;
	fclose(f);
	return n;
}

/* Faults every job with a why text of 4000 bytes. */
static int whys_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	static char why[4001];
	(void)state, (void)jobs;
	memset(why, 'w', 4000);
	for (size_t i = 0; i < n; i++) {
		ip_result_clear(&res[i]);
		res[i].status = IP_STATUS_FAULT;
		res[i].why = why;
	}
	return 0;
}

static const struct ip_runner_backend whys_backend = {
	.name = "whys",
	.summary = "test device",
	.open = echo_open,
	.run_batch = whys_run,
	.close = echo_close,
	.model = echo_model,
};

/* One whole frame from standard input into in (no checks: the caller is isaprobe). */
static int read_frame(struct ip_wbuf *in)
{
	uint8_t h[IP_PROTO_HEADER];
	size_t len;
	if (fread(h, 1, sizeof h, stdin) != sizeof h)
		return -1;
	len = ip_le32(h + 8);
	in->len = 0;
	ip_wbuf_bytes(in, h, sizeof h);
	while (!in->failed && in->len < sizeof h + len) {
		uint8_t buf[65536];
		size_t want = sizeof h + len - in->len, got;
		got = fread(buf, 1, want < sizeof buf ? want : sizeof buf, stdin);
		if (!got)
			return -1;
		ip_wbuf_bytes(in, buf, got);
	}
	return in->failed ? -1 : 0;
}

static void send_frame(const struct ip_wbuf *w)
{
	fwrite(w->data, 1, w->len, stdout);
	fflush(stdout);
}

/* Recomputes a frame's checksum after its payload was spoilt: lies that pass the CRC. */
static void reseal(struct ip_wbuf *w)
{
	ip_put_le32(w->data + 12, ip_crc32(ip_crc32(0, w->data, 12), w->data + 16, w->len - 16));
}

/* `SELF agent MODE COUNTER`: ok (honest), or a lie told in every RESULTS. */
static int agent_main(const char *mode)
{
	struct ip_agent_config cfg = {.backend = &echo_backend};
	struct ip_welcome wl = {.isa = "midgard", .gpu = "echo-1", .backend = "echo"};
	struct ip_wbuf in = {0}, out = {0};
	struct ip_diag d;
	signal(SIGPIPE, SIG_IGN);
	if (strcmp(mode, "ok") == 0) {
		ip_diag_init(&d, "<stdin>");
		return ip_agent_serve(&cfg, 0, 1, &d) ? 1 : 0;
	}
	if (read_frame(&in) == 0) {
		ip_encode_welcome(&out, &wl);
		send_frame(&out);
	}
	while (read_frame(&in) == 0 && ip_le16(in.data + 6) == IP_MSG_BATCH) {
		struct ip_rbuf r = {in.data + 16, in.len - 16, 0, 16, &d};
		struct ip_batch b;
		uint8_t *p;
		ip_diag_init(&d, NULL);
		if (ip_decode_batch(&r, &b))
			break;
		echo_run(NULL, b.jobs, b.n, b.results);
		out.len = 0;
		ip_encode_results(&out, b.id, b.results, b.n);
		ip_batch_free(&b);
		p = out.data + 16; /* id, count, then result 0: status, fault, invocation, where,
		                    * steps, why (empty), noutputs, role "registers", data length */
		if (strcmp(mode, "lie-count") == 0)
			ip_put_le32(p + 4, ip_le32(p + 4) - 1);
		else if (strcmp(mode, "lie-status") == 0)
			ip_put_le32(p + 8, 77);
		else if (strcmp(mode, "lie-why") == 0)
			ip_put_le32(p + 32, 0x7fffffff);
		else if (strcmp(mode, "lie-data") == 0)
			ip_put_le32(p + 53, ip_le32(p + 53) + 1); /* one byte over its capacity */
		else if (strcmp(mode, "lie-length") == 0) {
			ip_put_le32(out.data + 8, (uint32_t)(out.len - 16 + 1000)); /* 1000 more */
			reseal(&out);
			send_frame(&out);
			break;
		}
		reseal(&out);
		send_frame(&out);
	}
	ip_wbuf_free(&in);
	ip_wbuf_free(&out);
	return 0;
}

/* ---- the caller's side -------------------------------------------------------------------- */

/* n jobs of 8 bytes of code, each with `input` (len bytes) and one output of cap bytes. */
struct jobs {
	size_t n;
	uint8_t (*code)[8];
	struct ip_buf *in;
	struct ip_job *jobs;
	struct ip_out_buf *outs;
	struct ip_result *res;
	uint8_t *mem;
};

static void make_jobs(struct jobs *j, size_t n, const uint8_t *input, size_t len, size_t cap)
{
	j->n = n;
	j->code = calloc(n, sizeof *j->code);
	j->in = calloc(n, sizeof *j->in);
	j->jobs = calloc(n, sizeof *j->jobs);
	j->outs = calloc(n, sizeof *j->outs);
	j->res = calloc(n, sizeof *j->res);
	j->mem = calloc(n, cap ? cap : 1);
	for (size_t i = 0; i < n; i++) {
		for (unsigned k = 0; k < 8; k++)
			j->code[i][k] = (uint8_t)(i * 13 + k * 5 + 1);
		j->in[i] = (struct ip_buf){IP_BUF_UNIFORMS, input, len};
		j->jobs[i] = (struct ip_job){j->code[i], 8, &j->in[i], 1, {1, 0}, -1};
		j->outs[i] = (struct ip_out_buf){IP_BUF_REGISTERS, j->mem + i * cap, cap, 0};
		j->res[i].outputs = &j->outs[i];
		j->res[i].noutputs = 1;
	}
}

static void free_jobs(struct jobs *j)
{
	free(j->code);
	free(j->in);
	free(j->jobs);
	free(j->outs);
	free(j->res);
	free(j->mem);
}

/* Job i came back as the echo device answers it (worked out from its rule). */
static int echoed(const struct jobs *j, size_t i)
{
	const struct ip_out_buf *o = &j->outs[i];
	if (j->res[i].status != IP_STATUS_OK || o->len != o->cap)
		return 0;
	for (size_t k = 0; k < o->cap; k += 997) /* every 997th byte: enough, and fast */
		if (o->data[k] != (uint8_t)(j->code[i][k % 8] ^ k))
			return 0;
	return 1;
}

static struct ip_runner *open_agent(const char *mode, const char *counter)
{
	char spec[PATH_MAX * 2 + 64];
	struct ip_runner_config cfg = {.isa = "midgard"};
	struct ip_runner *r = NULL;
	struct ip_diag d;
	FILE *f = fopen(counter, "w");
	if (f)
		fclose(f);
	snprintf(spec, sizeof spec, "remote:'%s' agent %s '%s'", self, mode, counter);
	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open(spec, &cfg, &r, &d) == 0, "open %s: %s", mode, d.msg);
	return r;
}

static const char *counter(const char *name)
{
	static char buf[4][600];
	static unsigned n;
	char *b = buf[n++ % 4];
	snprintf(b, 600, "%s/%s", dir, name);
	return b;
}

static void test_lies(void)
{
	static const struct {
		const char *mode, *phrase;
	} lies[] = {
		{"lie-count", "RESULTS has 3 results for a batch of 4"},
		{"lie-status", "has status 77, not one of 0..5"},
		{"lie-why", "result why is 2147483647 bytes long, more than 4096"},
		{"lie-data", "result output data is 25 bytes long, more than 24"},
		{"lie-length", "truncated"},
	};
	static const uint8_t uni[4] = {1, 2, 3, 4};
	for (size_t m = 0; m < sizeof lies / sizeof lies[0]; m++) {
		const char *c = counter(lies[m].mode);
		struct ip_runner *r = open_agent(lies[m].mode, c);
		struct jobs j;
		if (!r)
			continue;
		make_jobs(&j, 4, uni, sizeof uni, 24);
		CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == -1, "%s: the batch failed",
		      lies[m].mode);
		for (size_t i = 0; i < j.n; i++)
			CHECK(j.res[i].status == IP_STATUS_RUNNER_ERROR && j.res[i].why &&
			              strstr(j.res[i].why, lies[m].phrase) && j.outs[i].len == 0,
			      "%s: job %zu: status %d, why: %s", lies[m].mode, i, j.res[i].status,
			      j.res[i].why ? j.res[i].why : "");
		ip_runner_close(r);
		free_jobs(&j);
	}
}

/* Batches over a frame: split by request bytes, and by what their answers can take (protocol
 * version 1, where every job carries its inputs). */
static void test_split(void)
{
	const size_t mb = 1 << 20;
	uint8_t *input = calloc(20 * mb, 1);
	const char *c = counter("split");
	struct ip_runner *r;
	struct jobs j;
	int all = 1;
	setenv("ISAPROBE_REMOTE_PROTOCOL", "1", 1);
	r = open_agent("ok", c);
	unsetenv("ISAPROBE_REMOTE_PROTOCOL");
	if (!r || !input) {
		free(input);
		return;
	}
	for (size_t i = 0; i < 20 * mb; i += 4096)
		input[i] = (uint8_t)i;
	/* 5 jobs of 20 MiB: three fit one frame's 64 MiB, the other two the next */
	make_jobs(&j, 5, input, 20 * mb, 64);
	CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == 0, "100 MiB of requests");
	for (size_t i = 0; i < j.n; i++)
		all &= echoed(&j, i);
	CHECK(all, "every job answered");
	CHECK(count_calls(c) == 2, "in 2 frames, not %ld", count_calls(c));
	free_jobs(&j);
	/* 40 small jobs whose answers take 2 MiB each: 31 answers fit a frame with room for every
	 * why text, so two frames */
	make_jobs(&j, 40, input, 16, 2 * mb);
	CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == 0, "80 MiB of answers");
	all = 1;
	for (size_t i = 0; i < j.n; i++)
		all &= echoed(&j, i);
	CHECK(all, "every answer complete");
	CHECK(count_calls(c) == 4, "in 2 more frames, not %ld", count_calls(c) - 2);
	free_jobs(&j);
	ip_runner_close(r);
	free(input);
}

/* Version 2: an input shared by jobs travels once per BATCH, so it counts once against the
 * frame's limit; distinct inputs still split. */
static void test_split_shared(void)
{
	const size_t mb = 1 << 20, len = 20 * mb;
	uint8_t *input = calloc(len + 8 * 4096, 1);
	const char *c = counter("split2");
	struct ip_runner *r = open_agent("ok", c);
	struct jobs j;
	int all = 1;
	if (!r || !input) {
		ip_runner_close(r);
		free(input);
		return;
	}
	/* 5 jobs of the same 20 MiB: one BATCH (version 1 takes two) */
	make_jobs(&j, 5, input, len, 64);
	CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == 0, "shared input");
	for (size_t i = 0; i < j.n; i++)
		all &= echoed(&j, i);
	CHECK(all, "every job answered");
	CHECK(count_calls(c) == 1, "in 1 frame, not %ld", count_calls(c));
	/* the same with 5 different 20 MiB buffers: three a frame, two frames */
	for (size_t i = 0; i < j.n; i++)
		j.in[i].data = input + i * 4096;
	CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == 0, "distinct inputs");
	all = 1;
	for (size_t i = 0; i < j.n; i++)
		all &= echoed(&j, i);
	CHECK(all, "every job answered");
	CHECK(count_calls(c) == 3, "in 2 more frames, not %ld", count_calls(c) - 1);
	free_jobs(&j);
	ip_runner_close(r);
	free(input);
}

/* A job no frame holds: refused alone (its neighbours run), and by ip_runner_check_job. */
static void test_too_big(void)
{
	const size_t mb = 1 << 20;
	uint8_t *input = calloc(70 * mb, 1);
	const char *c = counter("too-big");
	struct ip_runner *r = open_agent("ok", c);
	struct jobs j;
	struct ip_diag d;
	if (!r || !input) {
		free(input);
		return;
	}
	make_jobs(&j, 3, input, 16, 64);
	j.in[1].len = 70 * mb;
	ip_diag_init(&d, NULL);
	CHECK(ip_runner_check_job(r, &j.jobs[1], &j.res[1], &d) == -1 &&
	              strstr(d.msg, "does not fit one frame of the agent protocol") &&
	              strstr(d.msg, "make the probe's buffers smaller"),
	      "check_job: %s", d.msg);
	CHECK(ip_runner_check_job(r, &j.jobs[0], &j.res[0], &d) == 0, "a small job passes");
	CHECK(ip_runner_run_batch(r, j.jobs, j.n, j.res) == 0, "the others ran");
	CHECK(echoed(&j, 0) && echoed(&j, 2), "the small jobs");
	CHECK(j.res[1].status == IP_STATUS_RUNNER_ERROR && j.res[1].why &&
	              strstr(j.res[1].why, "does not fit one frame"),
	      "the big one: %s", j.res[1].why ? j.res[1].why : "");
	CHECK(count_calls(c) == 2, "a frame on either side of it, not %ld", count_calls(c));
	free_jobs(&j);
	/* an answer no frame holds */
	make_jobs(&j, 1, input, 16, 70 * mb);
	CHECK(ip_runner_check_job(r, &j.jobs[0], &j.res[0], &d) == -1 &&
	              strstr(d.msg, "the result of a job can take"),
	      "check_job, output: %s", d.msg);
	free_jobs(&j);
	ip_runner_close(r);
	free(input);
}

/* A campaign whose jobs no frame holds is refused before it starts: nothing stored, nothing
 * sent. */
static void test_campaign_refused(void)
{
	const size_t mb = 1 << 20;
	const char *db = counter("refused.db"), *c = counter("refused");
	char spec[PATH_MAX * 2 + 64];
	struct ip_probe p;
	struct ip_store *s;
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	uint8_t *big = calloc(70 * mb, 1);
	struct ip_probe_buffer saved[IP_PROBE_MAX_BUFFERS];
	FILE *f = fopen(c, "w");
	if (f)
		fclose(f);
	if (!big || ip_probe_parse(fake_probe_text, "fake.probe", &p, &d)) {
		CHECK(0, "set-up");
		free(big);
		return;
	}
	for (unsigned i = 0; i < p.nbuffers; i++)
		if (!p.buffers[i].output) {
			saved[i] = p.buffers[i];
			p.buffers[i].data = big; /* a 70 MiB input */
			p.buffers[i].len = 70 * mb;
		}
	snprintf(spec, sizeof spec, "remote:'%s' agent ok '%s'", self, c);
	memset(&o, 0, sizeof o);
	o.runner = spec;
	o.strategy = IP_STRATEGY_WALK;
	ip_diag_init(&d, db);
	CHECK(ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d) == 0, "open: %s", d.msg);
	CHECK(ip_campaign_run(s, &p, &o, &r, &d) == -1 &&
	              strstr(d.msg, "cannot run the jobs of context attr") &&
	              strstr(d.msg, "does not fit one frame"),
	      "refused: %s", d.msg);
	CHECK(fixture_int(ip_store_sqlite(s), "SELECT count(*) FROM campaign") == 0,
	      "no campaign started");
	ip_store_close(s);
	CHECK(count_calls(c) == 0, "nothing ran");
	for (unsigned i = 0; i < p.nbuffers; i++)
		if (p.buffers[i].data == big)
			p.buffers[i] = saved[i];
	ip_probe_free(&p);
	free(big);
}

/* The sizes the runner cuts batches by are those of the encoded frames, to the byte. */
static void test_sizes(void)
{
	static const uint8_t uni[12] = {1};
	static char why[5000];
	struct ip_wbuf w = {0};
	struct jobs j;
	size_t want = IP_PROTO_BATCH_HEAD;
	make_jobs(&j, 5, uni, sizeof uni, 40);
	for (size_t i = 0; i < j.n; i++) {
		j.jobs[i].code_len = 1 + i; /* all different */
		j.in[i].len = 3 * i;
		j.outs[i].cap = 7 * i;
		want += ip_job_wire_size(&j.jobs[i], &j.res[i]);
	}
	ip_encode_batch(&w, 1, j.jobs, j.res, j.n);
	CHECK(w.len == IP_PROTO_HEADER + want, "BATCH: %zu bytes, the sizes say %zu", w.len - 16,
	      want);
	/* the largest answer: every why as long as allowed (longer ones are cut), every output full */
	memset(why, 'y', sizeof why - 1);
	want = IP_PROTO_BATCH_HEAD;
	for (size_t i = 0; i < j.n; i++) {
		j.res[i].status = IP_STATUS_FAULT;
		j.res[i].why = why;
		j.outs[i].len = j.outs[i].cap;
		want += ip_result_wire_size(&j.res[i], IP_PROTO_MAX_STR);
	}
	w.len = 0;
	ip_encode_results(&w, 1, j.res, j.n);
	CHECK(w.len == IP_PROTO_HEADER + want, "RESULTS: %zu bytes, the sizes say %zu",
	      w.len - 16, want);
	ip_wbuf_free(&w);
	free_jobs(&j);
}

/* ---- the agent's side, in this process ---------------------------------------------------- */

/* Serves `request` (frames) with backend b; returns the agent's answer frames and status. */
static int serve(const struct ip_runner_backend *b, const struct ip_wbuf *request,
                 struct ip_wbuf *answer, struct ip_diag *d)
{
	struct ip_agent_config cfg = {.backend = b, .isa = "midgard"};
	FILE *in = tmpfile(), *out = tmpfile();
	long n;
	int rc;
	if (!in || !out || fwrite(request->data, 1, request->len, in) != request->len)
		abort();
	fflush(in);
	rewind(in);
	ip_diag_init(d, "<stdin>");
	rc = ip_agent_serve(&cfg, fileno(in), fileno(out), d);
	n = lseek(fileno(out), 0, SEEK_END); /* the agent writes the descriptor itself */
	answer->data = realloc(answer->data, (size_t)n + 1);
	answer->cap = (size_t)n + 1;
	if (!answer->data || pread(fileno(out), answer->data, (size_t)n, 0) != n)
		abort();
	answer->len = (size_t)n;
	fclose(in);
	fclose(out);
	return rc;
}

/* An intern function for ip_decode_results that keeps the longest why's length. */
static const char *longest_why(void *ctx, const char *s, size_t len)
{
	size_t *longest = ctx;
	(void)s;
	if (len > *longest)
		*longest = len;
	return "(why)";
}

/* The second frame of the answer (the first is WELCOME): its type, payload reader. */
static unsigned second_frame(const struct ip_wbuf *a, struct ip_rbuf *r, struct ip_diag *d)
{
	size_t at = 16 + ip_le32(a->data + 8);
	if (a->len < at + 16)
		return 0;
	*r = (struct ip_rbuf){a->data + at + 16, ip_le32(a->data + at + 8), 0, 0, d};
	return ip_le16(a->data + at + 6);
}

static void test_agent_side(void)
{
	static const uint8_t uni[4] = {1, 2, 3, 4};
	struct ip_hello h = {.isa = "midgard"};
	struct ip_wbuf req = {0}, ans = {0};
	struct ip_rbuf r;
	struct ip_error_msg e;
	struct ip_diag d;
	struct jobs j;
	/* 40 answers of 2 MiB in one BATCH: no frame holds them; the agent says so, runs nothing */
	make_jobs(&j, 40, uni, sizeof uni, 2 << 20);
	ip_encode_hello(&req, &h);
	ip_encode_batch(&req, 7, j.jobs, j.res, j.n);
	CHECK(serve(&echo_backend, &req, &ans, &d) == -1, "refused");
	CHECK(second_frame(&ans, &r, &d) == IP_MSG_ERROR && ip_decode_error(&r, &e) == 0 &&
	              e.code == IP_PERR_MESSAGE && strstr(e.message, "send fewer jobs per BATCH"),
	      "ERROR 3 saying why: %s", e.message);
	free_jobs(&j);
	/* 20000 faults with 4000-byte whys: 81 MB with them, 720 KB without: the whys are cut */
	make_jobs(&j, 20000, uni, sizeof uni, 0);
	for (size_t i = 0; i < j.n; i++)
		j.res[i].noutputs = 0;
	req.len = 0;
	ip_encode_hello(&req, &h);
	ip_encode_batch(&req, 8, j.jobs, j.res, j.n);
	ip_encode_bye(&req);
	CHECK(serve(&whys_backend, &req, &ans, &d) == 0, "answered: %s", d.msg);
	{
		size_t longest = 0, faults = 0;
		CHECK(second_frame(&ans, &r, &d) == IP_MSG_RESULTS, "RESULTS");
		CHECK(r.len <= IP_PROTO_MAX_PAYLOAD, "within one frame: %zu bytes", r.len);
		CHECK(ip_decode_results(&r, 8, j.res, j.n, longest_why, &longest) == 0, "decodes: %s",
		      d.msg);
		for (size_t i = 0; i < j.n; i++)
			faults += j.res[i].status == IP_STATUS_FAULT;
		CHECK(faults == j.n, "every status kept");
		CHECK(longest > 1000 && longest < 4000, "the whys cut, not dropped: %zu bytes",
		      longest);
	}
	free_jobs(&j);
	ip_wbuf_free(&req);
	ip_wbuf_free(&ans);
}

int main(int argc, char **argv)
{
	ssize_t n;
	if (argc == 4 && strcmp(argv[1], "agent") == 0) {
		counter_path = argv[3];
		echo_on_batch = bump;
		return agent_main(argv[2]);
	}
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return 1;
	self[n] = 0;
	dir = fixture_tmpdir("test_faults_agent");
	setenv("ISAPROBE_REMOTE_TIMEOUT", "10", 1);
	setenv("ISAPROBE_REMOTE_RETRIES", "1", 1);
	test_sizes();
	test_lies();
	test_split();
	test_split_shared();
	test_too_big();
	test_campaign_refused();
	test_agent_side();
	fixture_rmdir(dir);
	return check_report("test_faults_agent");
}

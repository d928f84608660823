/* test_remote_codec.c: the agent protocol's checksum, frames and messages (docs/protocol.md)
 * against bytes worked out by hand, round trips, and every kind of bad payload. */
#include <string.h>

#include "runners/remote/proto.h"
#include "check.h"

static const char *keep(void *ctx, const char *s, size_t len)
{
	static char texts[4][128];
	int *n = ctx;
	char *t = texts[(*n)++ % 4];
	snprintf(t, sizeof texts[0], "%.*s", (int)len, s);
	return t;
}

static void test_crc(void)
{
	/* The CRC-32 check value (the CRC of "123456789") and two more from its definition. */
	CHECK(ip_crc32(0, "123456789", 9) == 0xCBF43926u, "%08x", ip_crc32(0, "123456789", 9));
	CHECK(ip_crc32(0, "", 0) == 0, "empty");
	/* Feeding in pieces equals feeding at once. */
	CHECK(ip_crc32(ip_crc32(0, "1234", 4), "56789", 5) == 0xCBF43926u, "pieces");
	/* Longer inputs (8 bytes per step, then the tail), values from Python's zlib.crc32 of
	 * bytes((i * 7) & 0xff for i in range(n)). */
	{
		uint8_t b[1000];
		for (unsigned i = 0; i < sizeof b; i++)
			b[i] = (uint8_t)(i * 7);
		CHECK(ip_crc32(0, b, 1000) == 0x114ad5ffu, "1000 bytes: %08x", ip_crc32(0, b, 1000));
		CHECK(ip_crc32(0, b, 13) == 0x1524e6cau, "13 bytes: %08x", ip_crc32(0, b, 13));
		CHECK(ip_crc32(ip_crc32(0, b, 3), b + 3, 997) == 0x114ad5ffu, "unaligned pieces");
	}
}

static void test_frames_by_hand(void)
{
	/* BYE: "IPRB", version 1, type 6, length 0; CRC-32 of those 12 bytes (Python:
	 * zlib.crc32) is 0xf9d7085d, stored little-endian. */
	static const uint8_t bye[16] = {'I', 'P', 'R', 'B', 1, 0, 6, 0, 0, 0, 0, 0,
	                                0x5d, 0x08, 0xd7, 0xf9};
	/* HELLO isa "midgard", gpu "t760", caller "": 23 payload bytes, CRC 0x6803bec6. */
	static const uint8_t hello[16 + 23] = {
		'I', 'P', 'R', 'B', 1, 0, 1, 0, 23, 0, 0, 0, 0xc6, 0xbe, 0x03, 0x68,
		7, 0, 0, 0, 'm', 'i', 'd', 'g', 'a', 'r', 'd', 4, 0, 0, 0, 't', '7', '6', '0',
		0, 0, 0, 0};
	struct ip_wbuf w = {0};
	struct ip_hello h = {.isa = "midgard", .gpu = "t760"}, back;
	struct ip_frame f;
	struct ip_diag d;
	struct ip_rbuf r;
	uint8_t bad[sizeof hello];

	ip_diag_init(&d, NULL);
	ip_encode_bye(&w);
	CHECK(w.len == 16 && memcmp(w.data, bye, 16) == 0, "BYE bytes");
	w.len = 0;
	ip_encode_hello(&w, &h);
	CHECK(w.len == sizeof hello && memcmp(w.data, hello, sizeof hello) == 0, "HELLO bytes");
	ip_wbuf_free(&w);

	CHECK(ip_frame_parse(hello, 100, &f, &d) == 0, "%s", d.msg);
	CHECK(f.version == 1 && f.type == IP_MSG_HELLO && f.length == 23, "header fields");
	CHECK(ip_frame_check(hello, hello + 16, 100, &d) == 0, "%s", d.msg);
	r = (struct ip_rbuf){hello + 16, 23, 0, 116, &d};
	CHECK(ip_decode_hello(&r, 1, &back) == 0, "%s", d.msg);
	CHECK(strcmp(back.isa, "midgard") == 0 && strcmp(back.gpu, "t760") == 0 && !back.who[0],
	      "decoded HELLO");

	/* One payload bit flipped: the checksum names the frame's crc field (offset 100+12). */
	memcpy(bad, hello, sizeof bad);
	bad[20] ^= 0x20;
	CHECK(ip_frame_check(bad, bad + 16, 100, &d) == -1 && d.offset == 112, "crc %ld", d.offset);
	CHECK(strstr(d.msg, "checksum") != NULL, "%s", d.msg);
	/* A flipped header bit (type) is caught by the checksum too. */
	memcpy(bad, hello, sizeof bad);
	bad[6] = 3;
	CHECK(ip_frame_check(bad, bad + 16, 0, &d) == -1, "header covered");
	/* Bad magic at offset 0; a length over 64 MiB names the length field. */
	memcpy(bad, hello, sizeof bad);
	bad[0] = 'X';
	CHECK(ip_frame_parse(bad, 0, &f, &d) == -1 && d.offset == 0, "magic");
	memcpy(bad, hello, sizeof bad);
	bad[11] = 0x04; /* 0x04000017 > 64 MiB */
	CHECK(ip_frame_parse(bad, 50, &f, &d) == -1 && d.offset == 58, "length %ld", d.offset);
	/* A HELLO one byte short: the last str's count is cut. */
	r = (struct ip_rbuf){hello + 16, 22, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 1, &back) == -1 && d.offset == 35, "short %ld", d.offset);
}

/* A batch of two jobs goes caller -> agent -> caller; every field survives, outputs land in
 * the caller's buffers by role. */
static void test_batch_round_trip(void)
{
	static const uint8_t code0[] = {1, 2, 3, 4, 5, 6, 7, 8}, code1[] = {9};
	static const uint8_t uni[] = {0xaa, 0xbb, 0xcc}, glob[] = {0x11, 0x22};
	const struct ip_buf in0[] = {{IP_BUF_UNIFORMS, uni, 3}, {IP_BUF_GLOBAL, glob, 2}};
	struct ip_job jobs[2] = {
		{code0, 8, in0, 2, {4, 1000}, -1},
		{code1, 1, NULL, 0, {0, 0}, 3},
	};
	uint8_t reg0[64], glob0[8], reg1[4];
	struct ip_out_buf out0[] = {{IP_BUF_REGISTERS, reg0, 64, 0}, {IP_BUF_GLOBAL, glob0, 8, 0}};
	struct ip_out_buf out1[] = {{IP_BUF_REGISTERS, reg1, 4, 0}};
	struct ip_result res[2] = {{.outputs = out0, .noutputs = 2}, {.outputs = out1, .noutputs = 1}};
	struct ip_wbuf w = {0}, w2 = {0};
	struct ip_batch b;
	struct ip_diag d;
	struct ip_rbuf r;
	int nkept = 0;

	ip_diag_init(&d, NULL);
	ip_encode_batch(&w, 77, jobs, res, 2);
	CHECK(!w.failed && ip_frame_check(w.data, w.data + 16, 0, &d) == 0, "batch frame");
	/* Payload: id 77, count 2, then job 0 starts with its code blob (count 8). */
	CHECK(ip_get_u32(w.data + 16) == 77 && ip_get_u32(w.data + 20) == 2 &&
	              ip_get_u32(w.data + 24) == 8 && w.data[28] == 1,
	      "batch layout");
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_batch(&r, &b) == 0, "%s", d.msg);
	CHECK(b.id == 77 && b.n == 2, "id %u n %zu", b.id, b.n);
	if (b.n == 2) {
		CHECK(b.jobs[0].code_len == 8 && memcmp(b.jobs[0].code, code0, 8) == 0, "code");
		CHECK(b.jobs[0].limits.invocations == 4 && b.jobs[0].limits.budget == 1000, "limits");
		CHECK(b.jobs[0].uniform_regs == -1 && b.jobs[1].uniform_regs == 3, "uniform_regs");
		CHECK(b.jobs[0].ninputs == 2 && b.jobs[0].inputs[1].role == IP_BUF_GLOBAL &&
		              b.jobs[0].inputs[1].len == 2 && b.jobs[0].inputs[1].data[1] == 0x22,
		      "inputs");
		CHECK(b.jobs[1].ninputs == 0 && b.jobs[1].code_len == 1, "job 1");
		CHECK(b.results[0].noutputs == 2 && b.results[0].outputs[0].cap == 64 &&
		              b.results[0].outputs[1].role == IP_BUF_GLOBAL &&
		              b.results[0].outputs[1].cap == 8 && b.results[1].outputs[0].cap == 4,
		      "outputs");
		/* The agent's device fills results. */
		b.results[0].status = IP_STATUS_OK;
		b.results[0].steps = 12;
		memset(b.results[0].outputs[0].data, 0x5a, 64);
		b.results[0].outputs[0].len = 64;
		b.results[0].outputs[1].data[0] = 0x77;
		b.results[0].outputs[1].len = 1;
		b.results[1].status = IP_STATUS_FAULT;
		b.results[1].fault = 0x40;
		b.results[1].where = 16;
		b.results[1].invocation = 2;
		b.results[1].why = "bad fetch";
		b.results[1].outputs[0].len = 0;
		ip_encode_results(&w2, 77, b.results, 2);
	}
	ip_batch_free(&b);
	r = (struct ip_rbuf){w2.data + 16, w2.len - 16, 0, 0, &d};
	out0[0].len = out0[1].len = 99;
	CHECK(ip_decode_results(&r, 77, res, 2, keep, &nkept) == 0, "%s", d.msg);
	CHECK(res[0].status == IP_STATUS_OK && res[0].steps == 12 && res[0].why == NULL, "res 0");
	CHECK(out0[0].len == 64 && reg0[0] == 0x5a && reg0[63] == 0x5a, "registers out");
	CHECK(out0[1].len == 1 && glob0[0] == 0x77, "global out");
	CHECK(res[1].status == IP_STATUS_FAULT && res[1].fault == 0x40 && res[1].where == 16 &&
	              res[1].invocation == 2 && res[1].why && strcmp(res[1].why, "bad fetch") == 0,
	      "res 1");
	/* Another id, or a count for another batch, is refused. */
	r.pos = 0;
	CHECK(ip_decode_results(&r, 78, res, 2, keep, &nkept) == -1 && strstr(d.msg, "batch 77"),
	      "%s", d.msg);
	r.pos = 0;
	CHECK(ip_decode_results(&r, 77, res, 1, keep, &nkept) == -1, "count");
	/* An output larger than the capacity asked for: registers of job 1 had cap 4. */
	out1[0].cap = 0;
	r.pos = 0;
	CHECK(ip_decode_results(&r, 77, res, 2, keep, &nkept) == 0, "empty output fits cap 0");
	out0[1].cap = 0;
	r.pos = 0;
	CHECK(ip_decode_results(&r, 77, res, 2, keep, &nkept) == -1 &&
	              strstr(d.msg, "more than 0"),
	      "%s", d.msg);
	ip_wbuf_free(&w);
	ip_wbuf_free(&w2);
}

static void test_bad_batches(void)
{
	struct ip_wbuf w = {0};
	struct ip_batch b;
	struct ip_diag d;
	struct ip_rbuf r;
	ip_diag_init(&d, NULL);

	/* Unknown role "colour": id, count, code blob (4+0), limits (4+8), regs (4), ninputs (4): 32. */
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_blob(&w, NULL, 0);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u64(&w, 0);
	ip_wbuf_u32(&w, 0);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_str(&w, "colour");
	ip_wbuf_blob(&w, "x", 1);
	ip_wbuf_u32(&w, 0);
	r = (struct ip_rbuf){w.data, w.len, 0, 1000, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == 1000 + 32 && strstr(d.msg, "colour"),
	      "%ld %s", d.offset, d.msg);

	/* A job asking for more invocations, or a larger budget, than a probe may: refused at the
	 * field (id, count, code blob: 12 bytes before the limits). */
	for (int which = 0; which < 2; which++) {
		w.len = 0;
		ip_wbuf_u32(&w, 1);
		ip_wbuf_u32(&w, 1);
		ip_wbuf_blob(&w, NULL, 0);
		ip_wbuf_u32(&w, which ? 1 : 0xfffffff0u);
		ip_wbuf_u64(&w, which ? (uint64_t)1 << 40 : 0);
		ip_wbuf_u32(&w, 0);
		ip_wbuf_u32(&w, 0);
		ip_wbuf_u32(&w, 0);
		r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
		CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == (which ? 16 : 12) &&
		          strstr(d.msg, which ? "budget of 1099511627776" : "4294967280 invocations"),
		      "%ld %s", d.offset, d.msg);
	}

	/* A job count over the limit names the count field. */
	w.len = 0;
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 70000);
	r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == 4, "%ld %s", d.offset, d.msg);

	/* A count that promises jobs the payload does not hold. */
	w.len = 0;
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 3);
	r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == 8, "%ld %s", d.offset, d.msg);

	/* Trailing bytes after an empty batch. */
	w.len = 0;
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 0);
	ip_wbuf_u32(&w, 0);
	r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == 8 && strstr(d.msg, "unexpected"), "%s",
	      d.msg);

	/* A code blob whose length runs past the payload. */
	w.len = 0;
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 1000);
	r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && d.offset == 12, "%ld %s", d.offset, d.msg);

	/* The same output role twice in one job. */
	w.len = 0;
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_blob(&w, NULL, 0);
	ip_wbuf_u32(&w, 1);
	ip_wbuf_u64(&w, 0);
	ip_wbuf_u32(&w, 0);
	ip_wbuf_u32(&w, 0);
	ip_wbuf_u32(&w, 2);
	ip_wbuf_str(&w, "global");
	ip_wbuf_u32(&w, 4);
	ip_wbuf_str(&w, "global");
	ip_wbuf_u32(&w, 4);
	r = (struct ip_rbuf){w.data, w.len, 0, 0, &d};
	CHECK(ip_decode_batch(&r, &b) == -1 && strstr(d.msg, "twice"), "%s", d.msg);
	ip_wbuf_free(&w);
}

/* Every byte of a good BATCH and of a good RESULTS payload changed (three ways each), and
 * every truncation: the decoders answer 0 or -1, never read or write out of bounds (the
 * sanitizer build checks), and what they accept respects the capacities asked for. */
static void test_mutations(void)
{
	static const uint8_t code[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
	static const uint8_t uni[20] = {7};
	const struct ip_buf in[] = {{IP_BUF_UNIFORMS, uni, 20}, {IP_BUF_REGISTERS, uni, 4}};
	struct ip_job jobs[2] = {{code, 12, in, 2, {2, 50}, -1}, {code, 5, in, 1, {1, 0}, 4}};
	uint8_t mem[2][2][16];
	struct ip_out_buf outs[2][2] = {
		{{IP_BUF_REGISTERS, mem[0][0], 16, 0}, {IP_BUF_GLOBAL, mem[0][1], 8, 0}},
		{{IP_BUF_VARYINGS_OUT, mem[1][0], 16, 0}, {IP_BUF_REGISTERS, mem[1][1], 3, 0}},
	};
	struct ip_result res[2] = {{.outputs = outs[0], .noutputs = 2},
	                           {.outputs = outs[1], .noutputs = 2}};
	struct ip_wbuf bw = {0}, rw = {0};
	struct ip_diag d;
	unsigned accepted = 0, refused = 0;
	int nkept = 0;
	ip_diag_init(&d, NULL);
	ip_encode_batch(&bw, 3, jobs, res, 2);
	for (unsigned i = 0; i < 2; i++)
		for (unsigned k = 0; k < 2; k++) {
			memset(mem[i][k], 0x30 + i + k, 16);
			outs[i][k].len = outs[i][k].cap;
		}
	res[1].status = IP_STATUS_TIMEOUT;
	res[1].why = "budget";
	ip_encode_results(&rw, 3, res, 2);
	for (int which = 0; which < 2; which++) {
		struct ip_wbuf *w = which ? &rw : &bw;
		size_t plen = w->len - 16;
		uint8_t *copy = malloc(plen);
		for (size_t pos = 0; pos <= plen; pos++) {
			for (unsigned m = 0; m < 4; m++) {
				static const uint8_t flips[3] = {0x01, 0x80, 0xff};
				struct ip_rbuf r;
				size_t n = plen;
				int rc;
				memcpy(copy, w->data + 16, plen);
				if (m == 3)
					n = pos; /* truncated here */
				else if (pos < plen)
					copy[pos] ^= flips[m];
				else
					continue;
				r = (struct ip_rbuf){copy, n, 0, 16, &d};
				if (which == 0) {
					struct ip_batch b;
					rc = ip_decode_batch(&r, &b);
					if (rc == 0) {
						for (size_t j = 0; j < b.n; j++)
							for (unsigned o = 0; o < b.results[j].noutputs; o++)
								memset(b.results[j].outputs[o].data, 1,
								       b.results[j].outputs[o].cap);
						ip_batch_free(&b);
					}
				} else {
					rc = ip_decode_results(&r, 3, res, 2, keep, &nkept);
					for (unsigned i = 0; rc == 0 && i < 2; i++)
						for (unsigned k = 0; k < 2; k++)
							CHECK(outs[i][k].len <= outs[i][k].cap, "len over cap");
				}
				CHECK(rc == 0 || rc == -1, "rc %d", rc);
				if (rc == 0)
					accepted++;
				else
					refused++;
				/* Refusals name an offset inside the payload (or its end). */
				CHECK(rc == 0 || (d.offset >= 16 && d.offset <= 16 + (long)n), "offset %ld",
				      d.offset);
			}
		}
		free(copy);
	}
	/* Flipped bytes inside data are accepted, flipped counts and the cut ones are not. */
	CHECK(accepted > 0 && refused > 0, "accepted %u refused %u", accepted, refused);
	ip_wbuf_free(&bw);
	ip_wbuf_free(&rw);
}

/* Version 2: the header-only check, HELLO/WELCOME's new fields, shared inputs, equal outputs. */
static void test_v2_frames(void)
{
	struct ip_wbuf w = {.version = 2, .check = IP_CHECK_HEADER};
	struct ip_hello h = {.isa = "midgard", .checks = 3}, back;
	struct ip_welcome wl = {.isa = "midgard", .check = 7}, wback;
	struct ip_diag d;
	struct ip_rbuf r;
	ip_diag_init(&d, NULL);
	/* ERROR code 3, offset 5, "x": 17 payload bytes; zlib.crc32 of the 12 header bytes
	 * "IPRB" 02 00 05 00 11 00 00 00 is 0x19694dea, of header and payload 0xc43daf28. */
	ip_encode_error(&w, 3, 5, "x");
	CHECK(w.len == 33 && w.data[4] == 2 && ip_get_u32(w.data + 12) == 0x19694deau,
	      "header-only crc %08x", ip_get_u32(w.data + 12));
	CHECK(ip_frame_verify(w.data, w.data + 16, 0, IP_CHECK_HEADER, &d) == 0, "%s", d.msg);
	CHECK(ip_frame_verify(w.data, w.data + 16, 0, IP_CHECK_CRC32, &d) == -1 && d.offset == 12,
	      "the full check refuses it");
	w.data[20] ^= 1; /* a payload byte: the header-only check does not see it */
	CHECK(ip_frame_verify(w.data, w.data + 16, 0, IP_CHECK_HEADER, &d) == 0, "payload byte");
	w.data[6] ^= 1; /* a header byte: it does */
	CHECK(ip_frame_verify(w.data, w.data + 16, 100, IP_CHECK_HEADER, &d) == -1 &&
	              d.offset == 112 && strstr(d.msg, "header bytes 0..11"),
	      "%ld %s", d.offset, d.msg);
	w.len = 0;
	w.check = IP_CHECK_CRC32;
	ip_encode_error(&w, 3, 5, "x");
	CHECK(ip_get_u32(w.data + 12) == 0xc43daf28u, "full crc %08x", ip_get_u32(w.data + 12));
	/* A version 1 frame always has the full CRC-32, whatever was negotiated. */
	w.len = 0;
	w.version = 1;
	w.check = IP_CHECK_HEADER;
	ip_encode_error(&w, 3, 5, "x");
	w.data[20] ^= 1;
	CHECK(ip_frame_verify(w.data, w.data + 16, 0, IP_CHECK_HEADER, &d) == -1, "version 1");

	/* HELLO of version 2: the three strings, then checks. */
	w.len = 0;
	w.version = 2;
	w.check = IP_CHECK_CRC32;
	ip_encode_hello(&w, &h);
	CHECK(w.len == 16 + 11 + 4 + 4 + 4 && ip_get_u32(w.data + w.len - 4) == 3, "HELLO 2 layout");
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 2, &back) == 0 && back.checks == 3, "%s", d.msg);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 1, &back) == -1 && d.offset == 35 && strstr(d.msg, "unexpected"),
	      "read as version 1: %ld %s", d.offset, d.msg);
	ip_put_u32(w.data + w.len - 4, 2); /* CRC-32 not offered */
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 2, &back) == -1 && d.offset == 35 && strstr(d.msg, "bit 0"),
	      "%ld %s", d.offset, d.msg);
	w.len = 0;
	ip_encode_welcome(&w, &wl);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_welcome(&r, 2, &wback) == -1 && d.offset == (long)w.len - 4 &&
	              strstr(d.msg, "check is 7"),
	      "%ld %s", d.offset, d.msg);
	ip_wbuf_free(&w);
}

static void test_v2_batch(void)
{
	static const uint8_t code0[] = {1, 2, 3, 4, 5, 6, 7, 8}, code1[] = {9};
	static const uint8_t uni[] = {0xaa, 0xbb, 0xcc}, glob[] = {0x11, 0x22};
	const struct ip_buf in0[] = {{IP_BUF_UNIFORMS, uni, 3}, {IP_BUF_GLOBAL, glob, 2}};
	const struct ip_buf in1[] = {{IP_BUF_UNIFORMS, uni, 3}}; /* the same bytes: shared */
	struct ip_job jobs[2] = {
		{code0, 8, in0, 2, {4, 1000}, -1},
		{code1, 1, in1, 1, {0, 0}, 3},
	};
	uint8_t reg0[16], reg1[16];
	struct ip_out_buf out0[] = {{IP_BUF_REGISTERS, reg0, 16, 0}};
	struct ip_out_buf out1[] = {{IP_BUF_REGISTERS, reg1, 16, 0}};
	struct ip_result res[2] = {{.outputs = out0, .noutputs = 1}, {.outputs = out1, .noutputs = 1}};
	struct ip_pool pool = {0};
	struct ip_wbuf w = {.version = 2};
	struct ip_batch b;
	struct ip_diag d;
	struct ip_rbuf r;
	int added, other;
	ip_diag_init(&d, NULL);
	CHECK(ip_pool_add(&pool, &in0[0], &added) == 0 && added, "first");
	CHECK(ip_pool_add(&pool, &in0[1], &added) == 1 && added, "second");
	CHECK(ip_pool_add(&pool, &in1[0], &other) == 0 && !other, "shared");
	CHECK(pool.n == 2 && pool.bytes == 4 + 3 + 4 + 2, "%zu items %zu bytes", pool.n, pool.bytes);
	ip_encode_batch2(&w, 9, &pool, jobs, res, 2);
	/* id 9, count 2, nshared 2, blob of 3, blob of 2, then job 0's code blob at 41. */
	CHECK(!w.failed && ip_get_u32(w.data + 16) == 9 && ip_get_u32(w.data + 24) == 2 &&
	              ip_get_u32(w.data + 28) == 3 && w.data[32] == 0xaa &&
	              ip_get_u32(w.data + 35) == 2 && ip_get_u32(w.data + 41) == 8,
	      "BATCH 2 layout");
	/* job 0's first input: role "uniforms" at 73, index 0 at 85; its second, after "global", at 99 */
	CHECK(ip_get_u32(w.data + 85) == 0 && ip_get_u32(w.data + 99) == 1, "indices");
	CHECK(ip_get_u32(w.data + 8) == w.len - 16 - 0 && w.len - 16 ==
	              12 + pool.bytes + ip_job_wire_size2(&jobs[0], &res[0]) +
	                      ip_job_wire_size2(&jobs[1], &res[1]),
	      "size %zu", w.len);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_batch2(&r, &b) == 0, "%s", d.msg);
	if (b.n == 2) {
		CHECK(b.nshared == 2 && b.jobs[0].ninputs == 2 && b.jobs[1].ninputs == 1, "counts");
		CHECK(b.jobs[0].inputs[0].len == 3 && memcmp(b.jobs[0].inputs[0].data, uni, 3) == 0 &&
		              b.jobs[1].inputs[0].data == b.jobs[0].inputs[0].data &&
		              b.jobs[0].inputs[1].role == IP_BUF_GLOBAL &&
		              memcmp(b.jobs[0].inputs[1].data, glob, 2) == 0,
		      "shared inputs decoded");
		CHECK(b.jobs[1].uniform_regs == 3 && b.results[1].outputs[0].cap == 16, "the rest");
		ip_batch_free(&b);
	}
	/* An index past the shared inputs: named, with its offset. */
	ip_put_u32(w.data + 85, 9);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_batch2(&r, &b) == -1 && d.offset == 85 &&
	              strstr(d.msg, "job 0: input index 9, but the BATCH has 2 shared inputs"),
	      "%ld %s", d.offset, d.msg);
	/* A version 1 reader of it: refused (not a crash). */
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_batch(&r, &b) == -1, "version 1 reader");
	/* Every cut of the payload is refused with an offset inside it. */
	ip_put_u32(w.data + 85, 0);
	for (size_t cut = 0; cut < w.len - 16; cut++) {
		r = (struct ip_rbuf){w.data + 16, cut, 0, 16, &d};
		CHECK(ip_decode_batch2(&r, &b) == -1 && d.offset >= 16 && d.offset <= 16 + (long)cut,
		      "cut %zu: %ld", cut, d.offset);
	}
	ip_pool_free(&pool);
	ip_wbuf_free(&w);
}

static void test_v2_results(void)
{
	uint8_t a0[16], a1[16], a2[16], b0[16], b1[16], b2[16];
	struct ip_out_buf out[3] = {{IP_BUF_REGISTERS, a0, 16, 16}, {IP_BUF_REGISTERS, a1, 16, 16},
	                            {IP_BUF_REGISTERS, a2, 16, 16}};
	struct ip_out_buf in[3] = {{IP_BUF_REGISTERS, b0, 16, 0}, {IP_BUF_REGISTERS, b1, 16, 0},
	                           {IP_BUF_REGISTERS, b2, 16, 0}};
	struct ip_result res[3], back[3];
	struct ip_wbuf w1 = {0}, w2 = {.version = 2};
	struct ip_diag d;
	struct ip_rbuf r;
	int nkept = 0;
	ip_diag_init(&d, NULL);
	for (int i = 0; i < 16; i++) {
		a0[i] = a2[i] = (uint8_t)(i * 3);
		a1[i] = (uint8_t)(i * 5 + 1);
	}
	for (int i = 0; i < 3; i++) {
		res[i] = (struct ip_result){.status = IP_STATUS_OK, .outputs = &out[i], .noutputs = 1};
		back[i] = (struct ip_result){.outputs = &in[i], .noutputs = 1};
	}
	ip_encode_results(&w1, 4, res, 3);
	ip_encode_results2(&w2, 4, res, 3);
	/* 4 more bytes per output (from), and result 2's 4 + 16 bytes of data not sent again */
	CHECK(w2.len == w1.len + 3 * 4 - (4 + 16), "v1 %zu v2 %zu", w1.len, w2.len);
	/* result 2's output: role "registers" then from 0, at 16 + 8 + 2 * (24+4+4+13+4+4+16)
	 * + 24 + 4 + 4 + 13 */
	CHECK(ip_get_u32(w2.data + 16 + 8 + 2 * 69 + 45) == 0, "from 0");
	r = (struct ip_rbuf){w2.data + 16, w2.len - 16, 0, 16, &d};
	CHECK(ip_decode_results2(&r, 4, back, 3, keep, &nkept) == 0, "%s", d.msg);
	CHECK(in[0].len == 16 && in[1].len == 16 && in[2].len == 16 && memcmp(b0, a0, 16) == 0 &&
	              memcmp(b1, a1, 16) == 0 && memcmp(b2, a0, 16) == 0,
	      "equal outputs decoded");
	/* result 0 may not refer to itself (from at 69): named, with its offset */
	ip_put_u32(w2.data + 69, 0);
	r = (struct ip_rbuf){w2.data + 16, w2.len - 16, 0, 16, &d};
	CHECK(ip_decode_results2(&r, 4, back, 3, keep, &nkept) == -1 && d.offset == 69 &&
	              strstr(d.msg, "does not come before it"),
	      "%ld %s", d.offset, d.msg);
	/* nor to an earlier output longer than its own capacity */
	ip_put_u32(w2.data + 69, UINT32_MAX);
	in[2].cap = 8;
	r = (struct ip_rbuf){w2.data + 16, w2.len - 16, 0, 16, &d};
	CHECK(ip_decode_results2(&r, 4, back, 3, keep, &nkept) == -1 &&
	              strstr(d.msg, "longer than this output's capacity"),
	      "%s", d.msg);
	ip_wbuf_free(&w1);
	ip_wbuf_free(&w2);
}

/* Version 3's HELLO and WELCOME: version 2's, then depth (BATCH frames in flight, 1 to 64). */
static void test_v3_frames(void)
{
	struct ip_wbuf w = {.version = 3, .check = IP_CHECK_CRC32};
	struct ip_hello h = {.isa = "midgard", .checks = 3, .depth = 5}, back;
	struct ip_welcome wl = {.isa = "midgard", .check = 1, .depth = 2}, wback;
	struct ip_diag d;
	struct ip_rbuf r;
	ip_diag_init(&d, NULL);
	ip_encode_hello(&w, &h);
	/* isa (4 + 7), gpu (4), caller (4), checks, depth */
	CHECK(w.len == 16 + 11 + 4 + 4 + 4 + 4 && w.data[4] == 3 &&
	              ip_get_u32(w.data + w.len - 8) == 3 && ip_get_u32(w.data + w.len - 4) == 5,
	      "HELLO 3 layout");
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 3, &back) == 0 && back.checks == 3 && back.depth == 5, "%s",
	      d.msg);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 2, &back) == -1 && d.offset == 39 && strstr(d.msg, "unexpected"),
	      "read as version 2: %ld %s", d.offset, d.msg);
	r = (struct ip_rbuf){w.data + 16, w.len - 16 - 4, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 3, &back) == -1 && d.offset == 39 && strstr(d.msg, "HELLO depth"),
	      "no depth: %ld %s", d.offset, d.msg);
	for (uint32_t bad = 0; bad < 2; bad++) {
		ip_put_u32(w.data + w.len - 4, bad ? IP_PROTO_MAX_DEPTH + 1 : 0);
		r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
		CHECK(ip_decode_hello(&r, 3, &back) == -1 && d.offset == 39 &&
		              strstr(d.msg, bad ? "HELLO depth is 65, not 1 to 64"
		                                : "HELLO depth is 0, not 1 to 64"),
		      "%ld %s", d.offset, d.msg);
	}
	/* A HELLO of version 2 reads as depth 1: one BATCH at a time. */
	w.len = 0;
	w.version = 2;
	ip_encode_hello(&w, &h);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_hello(&r, 2, &back) == 0 && back.depth == 1, "version 2 depth %u",
	      back.depth);
	w.len = 0;
	w.version = 3;
	ip_encode_welcome(&w, &wl);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_welcome(&r, 3, &wback) == 0 && wback.check == 1 && wback.depth == 2,
	      "%s", d.msg);
	ip_put_u32(w.data + w.len - 4, 0);
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_welcome(&r, 3, &wback) == -1 && d.offset == (long)w.len - 4 &&
	              strstr(d.msg, "WELCOME depth is 0"),
	      "%ld %s", d.offset, d.msg);
	ip_wbuf_free(&w);
}

/* An output equal to the result before's is sent as a reference to it (a run of equal
 * outcomes), even where that one is itself a reference. */
static void test_equal_runs(void)
{
	uint8_t a[4][16], b[4][16];
	struct ip_out_buf out[4], in[4];
	struct ip_result res[4], back[4];
	struct ip_wbuf w = {.version = 2};
	struct ip_diag d;
	struct ip_rbuf r;
	int nkept = 0;
	ip_diag_init(&d, NULL);
	for (int k = 0; k < 4; k++) {
		for (int i = 0; i < 16; i++)
			a[k][i] = (uint8_t)(k == 3 ? i * 9 : i * 7); /* 0, 1 and 2 equal; 3 */
		out[k] = (struct ip_out_buf){IP_BUF_GLOBAL, a[k], 16, 16};
		in[k] = (struct ip_out_buf){IP_BUF_GLOBAL, b[k], 16, 0};
		res[k] = (struct ip_result){.status = IP_STATUS_OK, .outputs = &out[k], .noutputs = 1};
		back[k] = (struct ip_result){.outputs = &in[k], .noutputs = 1};
	}
	ip_encode_results2(&w, 9, res, 4);
	/* result k's output: 24 + 4 (why) + 4 (noutputs) + 4 + 6 ("global") = 42 bytes in, from */
	{
		size_t at = 16 + 8, from[4];
		for (int k = 0; k < 4; k++) {
			from[k] = ip_get_u32(w.data + at + 42);
			at += 46 + (from[k] == UINT32_MAX ? 4 + 16 : 0);
		}
		/* 2 names 1, the result before (itself a reference to 0), found without a hash */
		CHECK(from[0] == UINT32_MAX && from[1] == 0 && from[2] == 1 && from[3] == UINT32_MAX,
		      "from %zu %zu %zu %zu", from[0], from[1], from[2], from[3]);
	}
	r = (struct ip_rbuf){w.data + 16, w.len - 16, 0, 16, &d};
	CHECK(ip_decode_results2(&r, 9, back, 4, keep, &nkept) == 0, "%s", d.msg);
	for (int k = 0; k < 4; k++)
		CHECK(in[k].len == 16 && memcmp(b[k], a[k], 16) == 0, "result %d decoded", k);
	ip_wbuf_free(&w);
}

int main(void)
{
	test_crc();
	test_frames_by_hand();
	test_batch_round_trip();
	test_bad_batches();
	test_mutations();
	test_v2_frames();
	test_v2_batch();
	test_v2_results();
	test_v3_frames();
	test_equal_runs();
	return check_report("test_remote_codec");
}

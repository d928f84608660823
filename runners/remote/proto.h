/* proto.h: the agent protocol's pieces inside runners/remote (docs/protocol.md): checksum,
 * byte buffers, frames, message codecs, and the agent child process. Internal to the folder. */
#ifndef ISAPROBE_RUNNERS_REMOTE_PROTO_H
#define ISAPROBE_RUNNERS_REMOTE_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "common/byteorder.h"
#include "isaprobe/diag.h"
#include "isaprobe/remote.h"
#include "isaprobe/runner.h"

#define IP_PROTO_HEADER 16
#define IP_PROTO_MAX_PAYLOAD (64u << 20)
#define IP_PROTO_MAX_JOBS 65536u
#define IP_PROTO_MAX_BUFS 64u
#define IP_PROTO_MAX_STR 4096u
#define IP_PROTO_MAX_OUT_TOTAL ((size_t)256 << 20)
#define IP_PROTO_NO_OFFSET UINT64_MAX
#define IP_PROTO_MAX_SHARED 65536u /* version 2: shared input buffers per BATCH */
#define IP_PROTO_NOT_SHARED UINT32_MAX /* version 2 RESULTS: an output's bytes follow */

/* What a frame's crc field covers (version 2 negotiates it in HELLO/WELCOME; a version 1 frame,
 * and every frame before WELCOME, always has the full CRC-32). */
enum ip_check {
	IP_CHECK_CRC32 = 0,  /* CRC-32 of header bytes 0..11 and the payload */
	IP_CHECK_HEADER = 1, /* CRC-32 of header bytes 0..11 only: the transport guards the rest */
};
#define IP_CHECKS_KNOWN 3u /* HELLO's checks: bit k offers enum ip_check k */

enum ip_msg_type {
	IP_MSG_HELLO = 1,
	IP_MSG_WELCOME = 2,
	IP_MSG_BATCH = 3,
	IP_MSG_RESULTS = 4,
	IP_MSG_ERROR = 5,
	IP_MSG_BYE = 6,
};
const char *ip_msg_name(unsigned type);

enum ip_proto_error {
	IP_PERR_FRAME = 1,
	IP_PERR_VERSION = 2,
	IP_PERR_MESSAGE = 3,
	IP_PERR_UNEXPECTED = 4,
	IP_PERR_DEVICE = 5,
	IP_PERR_LOST = 6, /* the device went away and stays gone: the caller stops, resumes later */
};

/* crc32.c: CRC-32 (reflected 0xEDB88320). Start with crc = 0; feed pieces in order. */
uint32_t ip_crc32(uint32_t crc, const void *data, size_t len);

/* wire.c: a growing output buffer; on allocation failure `failed` is set and writes stop.
 * version and check: frames begun in it carry that version (0 means 1) and checksum; a buffer
 * frames are read into (ip_child_exchange) verifies version 2 frames with that check. */
struct ip_wbuf {
	uint8_t *data;
	size_t len, cap;
	int failed;
	uint16_t version;
	uint8_t check;
};
void ip_wbuf_free(struct ip_wbuf *w);
void ip_wbuf_bytes(struct ip_wbuf *w, const void *p, size_t n);
void ip_wbuf_u16(struct ip_wbuf *w, uint16_t v);
void ip_wbuf_u64(struct ip_wbuf *w, uint64_t v);
void ip_wbuf_str(struct ip_wbuf *w, const char *s); /* NULL writes the empty string */
void ip_wbuf_blob(struct ip_wbuf *w, const void *p, size_t n);
static inline void ip_wbuf_u32(struct ip_wbuf *w, uint32_t v)
{
	uint8_t b[4];
	ip_put_le32(b, v);
	if (!w->failed && w->cap - w->len >= 4) { /* the common case, without a call */
		memcpy(w->data + w->len, b, 4);
		w->len += 4;
	} else {
		ip_wbuf_bytes(w, b, 4);
	}
}

/* A reader over one payload; `base` is the stream offset of data[0], for error messages.
 * Every getter returns 0, or -1 with d set to the offset of the item (what names it). */
struct ip_rbuf {
	const uint8_t *data;
	size_t len, pos;
	long base;
	struct ip_diag *d;
};
int ip_rbuf_u32_slow(struct ip_rbuf *r, uint32_t *v, const char *what);
static inline int ip_rbuf_u32(struct ip_rbuf *r, uint32_t *v, const char *what)
{
	if (r->len - r->pos < 4)
		return ip_rbuf_u32_slow(r, v, what); /* the error, with its offset */
	*v = ip_le32(r->data + r->pos);
	r->pos += 4;
	return 0;
}
int ip_rbuf_u64(struct ip_rbuf *r, uint64_t *v, const char *what);
/* A str: *s points into the payload (not NUL-terminated), *n its length. */
int ip_rbuf_str(struct ip_rbuf *r, const char **s, size_t *n, const char *what);
/* A str copied NUL-terminated into out (of size cap; longer is an error). */
int ip_rbuf_name(struct ip_rbuf *r, char *out, size_t cap, const char *what);
int ip_rbuf_blob(struct ip_rbuf *r, const uint8_t **p, size_t *n, size_t max, const char *what);
/* Error unless every byte was read. */
int ip_rbuf_end(struct ip_rbuf *r);

/* frame.c */
struct ip_frame {
	uint16_t version, type;
	uint32_t length, crc;
};
/* Starts a frame of this type (this build's version) at the end of w; ip_frame_end fills in
 * its length and checksum once the payload is written. */
size_t ip_frame_begin(struct ip_wbuf *w, uint16_t type);
void ip_frame_end(struct ip_wbuf *w, size_t start);
/* Checks magic and length limit of a 16-byte header found at stream offset `offset`.
 * The version is only reported, not checked: the caller decides. */
int ip_frame_parse(const uint8_t *h, long offset, struct ip_frame *f, struct ip_diag *d);
/* Checks the checksum of a header and its payload: ip_frame_check the full CRC-32,
 * ip_frame_verify the given check for a frame of version 2 or later (version 1: full). */
int ip_frame_check(const uint8_t *h, const uint8_t *payload, long offset, struct ip_diag *d);
int ip_frame_verify(const uint8_t *h, const uint8_t *payload, long offset, enum ip_check check,
                    struct ip_diag *d);

/* codec.c: message payloads. Encoders write a whole frame. */
/* checks and check: version 2 and later (a frame of version 1 has neither); depth: version 3
 * (1 in older versions, where it is not sent). */
#define IP_PROTO_MAX_DEPTH 64u
struct ip_hello {
	char isa[128], gpu[128], who[256];
	uint32_t checks; /* bit k: the caller accepts enum ip_check k (bit 0 always) */
	uint32_t depth;  /* BATCH frames the caller would have unanswered at once, at most */
};
struct ip_welcome {
	char isa[128], gpu[128], backend[128], who[256];
	uint32_t check; /* the enum ip_check the agent chose of those offered */
	uint32_t depth; /* what the agent allows: 1 to the HELLO's depth */
};
struct ip_error_msg {
	uint32_t code;
	uint64_t offset;
	char message[1024];
};
/* HELLO and WELCOME are written, and read, in the version of their frame (w->version;
 * version: the frame's header field). */
void ip_encode_hello(struct ip_wbuf *w, const struct ip_hello *h);
void ip_encode_welcome(struct ip_wbuf *w, const struct ip_welcome *h);
void ip_encode_error(struct ip_wbuf *w, uint32_t code, uint64_t offset, const char *message);
void ip_encode_bye(struct ip_wbuf *w);
int ip_decode_hello(struct ip_rbuf *r, unsigned version, struct ip_hello *h);
int ip_decode_welcome(struct ip_rbuf *r, unsigned version, struct ip_welcome *h);
int ip_decode_error(struct ip_rbuf *r, struct ip_error_msg *e);

/* Sizes (docs/protocol.md, "Sizes"): the bytes job j (with the outputs results[j] asks for)
 * adds to a BATCH payload, and the bytes its result adds to RESULTS when its why text is
 * why_len bytes long and every output comes back full. A BATCH or RESULTS payload is
 * IP_PROTO_BATCH_HEAD bytes plus those of its jobs or results. */
#define IP_PROTO_BATCH_HEAD 8
size_t ip_job_wire_size(const struct ip_job *j, const struct ip_result *res);
size_t ip_result_wire_size(const struct ip_result *res, size_t why_len);

/* A batch: jobs[i] with the outputs of results[i] (their roles and capacities). */
void ip_encode_batch(struct ip_wbuf *w, uint32_t id, const struct ip_job *jobs,
                     const struct ip_result *results, size_t n);
/* The agent's side: a decoded batch whose jobs point into the payload and whose results own
 * zeroed output buffers of the requested capacities. */
struct ip_batch {
	uint32_t id;
	size_t n;
	struct ip_job *jobs;
	struct ip_result *results;
	struct ip_buf *inputs;
	struct ip_out_buf *outputs;
	uint8_t *outmem;
	int outmem_borrowed;   /* outmem is an ip_outmem's, not freed with the batch */
	struct ip_buf *shared; /* version 2: the shared blobs (role unused) */
	size_t nshared;
};
int ip_decode_batch(struct ip_rbuf *r, struct ip_batch *b);
/* The agent's output memory, kept from batch to batch: a runner writes each output from its
 * start and says how long (runner.h; ip_exec relies on it too), so it is not cleared for every
 * batch, only zeroed where it grows. Free mem when done. */
struct ip_outmem {
	uint8_t *mem;
	size_t cap;
};
/* ip_decode_batch (version 1) or ip_decode_batch2 (2 and later) with the outputs in m. */
int ip_decode_batch_in(struct ip_rbuf *r, unsigned version, struct ip_batch *b,
                       struct ip_outmem *m);
void ip_batch_free(struct ip_batch *b);

/* pool.c: version 2's shared inputs: the distinct input buffers (by address and length) of
 * the jobs of one BATCH, each sent once and referred to by its index. */
struct ip_pool_slot {
	const uint8_t *data;
	size_t len;
	uint32_t index; /* UINT32_MAX: empty slot */
};
struct ip_pool {
	struct ip_pool_slot *slots;
	size_t nslots;
	const struct ip_buf **items; /* by index: the first buffer seen with those bytes */
	size_t n, cap;
	size_t bytes; /* wire bytes of the shared blobs: 4 + len each */
	int failed;   /* out of memory: the pool is unusable until ip_pool_reset */
};
void ip_pool_reset(struct ip_pool *p);
void ip_pool_free(struct ip_pool *p);
/* The index of b's bytes in the pool, adding them if new (*added set to 1); UINT32_MAX when out
 * of memory. ip_pool_find only looks. */
uint32_t ip_pool_add(struct ip_pool *p, const struct ip_buf *b, int *added);
uint32_t ip_pool_find(const struct ip_pool *p, const struct ip_buf *b);

/* Version 2 (docs/protocol.md): a BATCH whose jobs' inputs are the pool's (every input of
 * jobs[0..n) must be in it), and its size: the bytes job j adds to a version 2 BATCH besides the
 * shared blobs (ip_job_wire_size2), and the most its result can add to a version 2 RESULTS. */
#define IP_PROTO_BATCH2_HEAD 12
size_t ip_job_wire_size2(const struct ip_job *j, const struct ip_result *res);
size_t ip_result_wire_size2(const struct ip_result *res, size_t why_len);
void ip_encode_batch2(struct ip_wbuf *w, uint32_t id, const struct ip_pool *pool,
                      const struct ip_job *jobs, const struct ip_result *results, size_t n);
int ip_decode_batch2(struct ip_rbuf *r, struct ip_batch *b);
/* A version 2 RESULTS: an output equal to the same role's output of an earlier result is sent
 * as that result's index. */
void ip_encode_results2(struct ip_wbuf *w, uint32_t id, const struct ip_result *results,
                        size_t n);
int ip_decode_results2(struct ip_rbuf *r, uint32_t id, struct ip_result *results, size_t n,
                       const char *(*intern)(void *ctx, const char *s, size_t len), void *ctx);
/* Why texts are cut where the whole answer would not fit one frame otherwise (an agent's
 * ip_decode_batch made sure that it fits with no why text at all). */
void ip_encode_results(struct ip_wbuf *w, uint32_t id, const struct ip_result *results, size_t n);
/* The caller's side: fills results[0..n) (outputs into the caller's buffers, by role). why
 * texts go through intern(), which returns a string that lives as long as the runner.
 * On error the results are left partly written: the caller discards them. */
int ip_decode_results(struct ip_rbuf *r, uint32_t id, struct ip_result *results, size_t n,
                      const char *(*intern)(void *ctx, const char *s, size_t len), void *ctx);

/* child.c: an agent process started by /bin/sh -c in its own process group. */
struct ip_child {
	pid_t pid;
	int to, from;   /* our ends: its stdin, its stdout */
	long received;  /* bytes read from its stdout so far */
};
int ip_child_spawn(struct ip_child *c, const char *command, struct ip_diag *d);
/* Writes out[0..n) and reads one whole frame into in (header + payload), both within
 * timeout_ms, checking magic, length and checksum. 0, or -1 with d set (why, for humans). */
int ip_child_exchange(struct ip_child *c, const uint8_t *out, size_t n, struct ip_wbuf *in,
                      int timeout_ms, struct ip_diag *d);
/* The pipelined form: writes what the pipe takes of out[*sent..n) (advancing *sent) while it
 * reads one whole frame into in, until the deadline (ip_now_ms() time; timeout_ms only names
 * it in the message). Unlike ip_child_exchange it does not mind a frame arriving before out is
 * all sent: the caller knows which request the frame answers. */
int ip_child_pump(struct ip_child *c, const uint8_t *out, size_t n, size_t *sent,
                  struct ip_wbuf *in, long deadline, int timeout_ms, struct ip_diag *d);
/* Writes what the pipe takes now of out[*sent..n) (advancing *sent), never waiting. A pipe the
 * agent closed is left for the next ip_child_pump to report. */
void ip_child_flush(struct ip_child *c, const uint8_t *out, size_t n, size_t *sent);
/* CLOCK_MONOTONIC in milliseconds. */
long ip_now_ms(void);
/* Polite close: writes `bye` (may be NULL), closes its input, waits up to grace_ms for it
 * to exit, then kills the group. Safe on a child already gone. */
void ip_child_close(struct ip_child *c, const uint8_t *bye, size_t n, int grace_ms);
/* Kills the process group now and reaps it. */
void ip_child_kill(struct ip_child *c);

#endif

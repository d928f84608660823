/* remote.h: the remote runner (another process speaking docs/protocol.md on stdin/stdout) and
 * the agent that serves any runner backend over that protocol. */
#ifndef ISAPROBE_REMOTE_H
#define ISAPROBE_REMOTE_H

#include "isaprobe/diag.h"
#include "isaprobe/runner.h"

/* The newest protocol version this build speaks (frame header field `version`); it speaks
 * every version from IP_PROTO_VERSION_OLDEST up, as caller and as agent. */
#define IP_PROTO_VERSION 3
#define IP_PROTO_VERSION_OLDEST 1

/* Backend "remote": cfg->device is the command, run by /bin/sh -c. Per-batch timeout and
 * retries come from ISAPROBE_REMOTE_TIMEOUT (seconds, default 120) and ISAPROBE_REMOTE_RETRIES
 * (default 2); ISAPROBE_REMOTE_PROTOCOL=N speaks version N at most, ISAPROBE_REMOTE_CHECK=crc32
 * keeps the full CRC-32 from version 2, ISAPROBE_REMOTE_DEPTH (version 3: BATCH frames in
 * flight, default 2) and ISAPROBE_REMOTE_BATCH_JOBS (jobs per BATCH frame, at most). Results' why texts stay valid until the runner is closed. */
extern const struct ip_runner_backend ip_remote_backend; /* its submit/collect pair: up to two
                                                         * batches in flight on the agent
                                                         * (version 3 pipelining) */

/* What an agent serves: a backend, with what its command line fixed (NULL: the HELLO
 * chooses for isa and gpu; device is passed to the backend as is). */
struct ip_agent_config {
	const struct ip_runner_backend *backend;
	const char *isa;
	const char *gpu;
	const char *device;
	unsigned max_version; /* newest version spoken; 0: IP_PROTO_VERSION (1: as an old agent) */
	int full_crc;         /* version 2: never agree to the header-only check */
};

/* Serves requests from in_fd, answering on out_fd, until BYE or end of input (returns 0).
 * On input that is not the protocol it answers an ERROR frame and returns -1 with d set to
 * the byte offset in the input (d->file is left as the caller set it). */
int ip_agent_serve(const struct ip_agent_config *cfg, int in_fd, int out_fd, struct ip_diag *d);

#endif

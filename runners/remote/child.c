/* child.c: the agent process of a remote runner: started by /bin/sh -c in its own process
 * group with pipes on stdin/stdout, talked to without blocking (poll, deadline), killed. */
#define _GNU_SOURCE /* pipe2: close-on-exec from the start, so threads forking meanwhile */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proto.h"

int ip_child_spawn(struct ip_child *c, const char *command, struct ip_diag *d)
{
	int in[2], out[2];
	pid_t pid;
	memset(c, 0, sizeof *c);
	c->pid = -1;
	c->to = c->from = -1;
	if (pipe2(in, O_CLOEXEC) != 0)
		return ip_diag_plain(d, "cannot make a pipe for the agent: %s", strerror(errno));
	if (pipe2(out, O_CLOEXEC) != 0) {
		int e = errno;
		close(in[0]);
		close(in[1]);
		return ip_diag_plain(d, "cannot make a pipe for the agent: %s", strerror(e));
	}
	pid = fork();
	if (pid < 0) {
		int e = errno;
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return ip_diag_plain(d, "cannot start the agent: %s", strerror(e));
	}
	if (pid == 0) {
		/* The child: only async-signal-safe calls until exec. */
		sigset_t none;
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
			_exit(127);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* also here, so that a kill right away reaches the group */
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
	/* Larger pipes (1 MiB, the unprivileged limit; best effort): a batch's megabytes cross
	 * in fewer wake-ups of both processes. */
	(void)fcntl(in[1], F_SETPIPE_SZ, 1 << 20);
	(void)fcntl(out[0], F_SETPIPE_SZ, 1 << 20);
	c->pid = pid;
	c->to = in[1];
	c->from = out[0];
	return 0;
}

/* write() that turns a closed pipe into EPIPE without the process-killing SIGPIPE: the signal
 * is blocked in this thread for the call and a pending one is consumed. */
static ssize_t write_quiet(int fd, const void *p, size_t n)
{
	sigset_t pipe_only, old;
	ssize_t r;
	int e;
	sigemptyset(&pipe_only);
	sigaddset(&pipe_only, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
	r = write(fd, p, n);
	e = errno;
	if (r < 0 && e == EPIPE) {
		sigset_t pending;
		struct timespec zero = {0, 0};
		sigpending(&pending);
		if (sigismember(&pending, SIGPIPE))
			sigtimedwait(&pipe_only, NULL, &zero);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return r;
}

long ip_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* How the agent ended, if it did within 100 ms: "; it exited with status 3". The process is
 * left unreaped (WNOWAIT) so that its process group stays reserved until ip_child_kill. */
static void describe_end(struct ip_child *c, char *buf, size_t cap, int wait_ms)
{
	buf[0] = 0;
	for (int waited = 0; c->pid > 0; waited += 5) {
		siginfo_t info;
		memset(&info, 0, sizeof info);
		if (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
			return;
		if (info.si_pid == c->pid) {
			if (info.si_code == CLD_EXITED && info.si_status > 128 &&
			    info.si_status < 128 + 65)
				snprintf(buf, cap, "; it exited with status %d (as a shell does when "
				                   "what it ran was killed by signal %d)",
				         info.si_status, info.si_status - 128);
			else if (info.si_code == CLD_EXITED && info.si_status == 127)
				snprintf(buf, cap, "; it exited with status 127 (the shell's \"command "
				                   "not found\")");
			else if (info.si_code == CLD_EXITED)
				snprintf(buf, cap, "; it exited with status %d", info.si_status);
			else
				snprintf(buf, cap, "; it was killed by signal %d", info.si_status);
			return;
		}
		if (waited >= wait_ms)
			return;
		usleep(5000);
	}
}

int ip_child_pump(struct ip_child *c, const uint8_t *out, size_t n, size_t *sent_io,
                  struct ip_wbuf *in, long deadline, int timeout_ms, struct ip_diag *d)
{
	long frame_at = c->received;
	size_t sent = *sent_io, want = IP_PROTO_HEADER;
	int have_header = 0;
	char end[128];
	in->len = 0;
	for (;;) {
		struct pollfd p[2];
		int np = 0, rw = -1, rr;
		long left = deadline - ip_now_ms();
		if (left <= 0)
			return ip_diag_plain(d, "no answer within %d ms (%zu of %zu request bytes sent, "
			                        "%zu answer bytes received)",
			                     timeout_ms, sent, n, in->len);
		if (sent < n) {
			p[np] = (struct pollfd){.fd = c->to, .events = POLLOUT};
			rw = np++;
		}
		p[np] = (struct pollfd){.fd = c->from, .events = POLLIN};
		rr = np++;
		if (poll(p, (nfds_t)np, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			return ip_diag_plain(d, "poll: %s", strerror(errno));
		}
		if (rw >= 0 && p[rw].revents) {
			ssize_t k = write_quiet(c->to, out + sent, n - sent);
			if (k < 0 && errno != EAGAIN && errno != EINTR) {
				int e = errno;
				describe_end(c, end, sizeof end, 100);
				return ip_diag_plain(d, "the agent stopped reading its input (%s) after %zu "
				                        "of %zu request bytes%s",
				                     strerror(e), sent, n, end);
			}
			if (k > 0) {
				sent += (size_t)k;
				*sent_io = sent;
			}
		}
		if (p[rr].revents) {
			ssize_t k;
			if (in->cap < want) {
				uint8_t *grown = realloc(in->data, want);
				if (!grown)
					return ip_diag_plain(d, "out of memory for a %zu-byte answer", want);
				in->data = grown;
				in->cap = want;
			}
			k = read(c->from, in->data + in->len, want - in->len);
			if (k < 0 && errno != EAGAIN && errno != EINTR)
				return ip_diag_plain(d, "reading the agent's output: %s", strerror(errno));
			if (k == 0) {
				describe_end(c, end, sizeof end, 100);
				if (in->len == 0)
					return ip_diag_plain(d, "the agent closed its output without "
					                        "answering%s",
					                     end);
				return ip_diag_offset(d, c->received,
				                      "the agent's answer is truncated: %zu of %zu "
				                      "bytes%s",
				                      in->len, want, end);
			}
			if (k > 0) {
				in->len += (size_t)k;
				c->received += k;
			}
			if (in->len == want && !have_header) {
				struct ip_frame f;
				if (ip_frame_parse(in->data, frame_at, &f, d))
					return -1;
				have_header = 1;
				want = IP_PROTO_HEADER + (size_t)f.length;
			}
			if (have_header && in->len == want) {
				/* A version mismatch is the reader's to report, with both numbers;
				 * a version 1 frame always has the full CRC-32. */
				if (ip_frame_verify(in->data, in->data + IP_PROTO_HEADER, frame_at,
				                    (enum ip_check)in->check, d))
					return -1;
				*sent_io = sent;
				return 0;
			}
		}
	}
}

void ip_child_flush(struct ip_child *c, const uint8_t *out, size_t n, size_t *sent)
{
	while (*sent < n && c->to >= 0) {
		ssize_t k = write_quiet(c->to, out + *sent, n - *sent);
		if (k <= 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return; /* the pipe is full (EAGAIN), or the agent is gone: pump will say */
		*sent += (size_t)k;
	}
}

int ip_child_exchange(struct ip_child *c, const uint8_t *out, size_t n, struct ip_wbuf *in,
                      int timeout_ms, struct ip_diag *d)
{
	size_t sent = 0;
	if (ip_child_pump(c, out, n, &sent, in, ip_now_ms() + timeout_ms, timeout_ms, d) != 0)
		return -1;
	/* An ERROR may come early (the agent stopped reading): the caller reports what it says. */
	if (sent < n && ip_le16(in->data + 6) != IP_MSG_ERROR)
		return ip_diag_plain(d, "the agent answered before reading the whole request (%zu of "
		                        "%zu bytes)",
		                     sent, n);
	return 0;
}

void ip_child_kill(struct ip_child *c)
{
	if (c->pid > 0) {
		/* The leader is not reaped yet, so the group id is still ours to signal. */
		kill(-c->pid, SIGKILL);
		kill(c->pid, SIGKILL);
		while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
			;
		c->pid = -1;
	}
	if (c->to >= 0)
		close(c->to);
	if (c->from >= 0)
		close(c->from);
	c->to = c->from = -1;
}

void ip_child_close(struct ip_child *c, const uint8_t *bye, size_t n, int grace_ms)
{
	char end[128];
	if (c->pid > 0 && c->to >= 0 && bye)
		(void)write_quiet(c->to, bye, n); /* a small frame: fits the pipe, or the agent is gone */
	if (c->to >= 0)
		close(c->to);
	c->to = -1;
	describe_end(c, end, sizeof end, grace_ms); /* waits for it to exit, up to grace_ms */
	ip_child_kill(c); /* then whatever is left of its group */
}

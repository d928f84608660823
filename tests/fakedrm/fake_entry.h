/* fake_entry.h: what the interposed libc functions (fake_entry.c) ask the fake device's core
 * (fake_core.c). Each returns "not mine" for files the fake does not own. */
#ifndef ISAPROBE_FAKE_ENTRY_H
#define ISAPROBE_FAKE_ENTRY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A path the fake answers (a fake render node, /dev/kmsg). */
int fake_is_path(const char *path);
/* Opens it: an fd, or -1 with errno. */
int fake_open(const char *path);
/* *handled = 0: not a fake fd. Else 0 or -1 with errno. */
int fake_ioctl(int fd, unsigned long req, void *arg, int *handled);
void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, int64_t off, int *handled);
/* Forgets a fake fd (before the real close). */
void fake_close(int fd);

#endif

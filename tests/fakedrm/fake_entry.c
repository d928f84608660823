/* fake_entry.c: the libc functions the fake DRM device interposes when preloaded (open and its
 * variants, ioctl, mmap, close): calls on a fake render node, a fake sync file or /dev/kmsg go
 * to fake_core.c; everything else goes on to libc. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include "fake_entry.h"

#define EXPORT __attribute__((visibility("default")))

/* The next definition of a libc function (the real one, or a sanitizer's wrapper of it). */
static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

typedef int (*openat_fn)(int, const char *, int, ...);
typedef int (*ioctl_fn)(int, unsigned long, ...);
typedef void *(*mmap_fn)(void *, size_t, int, int, int, off_t);
typedef void *(*mmap64_fn)(void *, size_t, int, int, int, off64_t);
typedef int (*close_fn)(int);

static int real_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	static openat_fn f;
	if (!f)
		f = (openat_fn)next("openat");
	return f(dirfd, path, flags, mode);
}

static int open_common(int dirfd, const char *path, int flags, mode_t mode)
{
	if (path && path[0] == '/' && fake_is_path(path))
		return fake_open(path);
	return real_openat(dirfd, path, flags, mode);
}

static mode_t mode_arg(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

/* The body of every variadic open: the mode is read only when the flags say one was passed
 * (O_CREAT, O_TMPFILE); `path` and `flags` are the caller's named parameters. */
#define OPEN_WITH_MODE_ARG(dirfd)                                                               \
	do {                                                                                    \
		va_list ap;                                                                     \
		mode_t mode;                                                                    \
		va_start(ap, flags);                                                            \
		mode = mode_arg(flags, ap);                                                     \
		va_end(ap);                                                                     \
		return open_common((dirfd), path, flags, mode);                                 \
	} while (0)

/* Prototypes for -Wmissing-prototypes: libc declares some of these only with other macros. */
EXPORT int open(const char *path, int flags, ...);
EXPORT int open64(const char *path, int flags, ...);
EXPORT int openat(int dirfd, const char *path, int flags, ...);
EXPORT int openat64(int dirfd, const char *path, int flags, ...);
EXPORT int __open_2(const char *path, int flags);
EXPORT int __open64_2(const char *path, int flags);
EXPORT int __openat_2(int dirfd, const char *path, int flags);
EXPORT int __openat64_2(int dirfd, const char *path, int flags);
EXPORT int ioctl(int fd, unsigned long req, ...);
EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off);
EXPORT int close(int fd);

int open(const char *path, int flags, ...)
{
	OPEN_WITH_MODE_ARG(AT_FDCWD);
}

int open64(const char *path, int flags, ...)
{
	OPEN_WITH_MODE_ARG(AT_FDCWD);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	OPEN_WITH_MODE_ARG(dirfd);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	OPEN_WITH_MODE_ARG(dirfd);
}

int __open_2(const char *path, int flags)
{
	return open_common(AT_FDCWD, path, flags, 0);
}

int __open64_2(const char *path, int flags)
{
	return open_common(AT_FDCWD, path, flags, 0);
}

int __openat_2(int dirfd, const char *path, int flags)
{
	return open_common(dirfd, path, flags, 0);
}

int __openat64_2(int dirfd, const char *path, int flags)
{
	return open_common(dirfd, path, flags, 0);
}

int ioctl(int fd, unsigned long req, ...)
{
	static ioctl_fn f;
	va_list ap;
	void *arg;
	int handled, rc;
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	rc = fake_ioctl(fd, req, arg, &handled);
	if (handled)
		return rc;
	if (!f)
		f = (ioctl_fn)next("ioctl");
	return f(fd, req, arg);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static mmap_fn f;
	int handled;
	void *p = fake_mmap(addr, len, prot, flags, fd, (int64_t)off, &handled);
	if (handled)
		return p;
	if (!f)
		f = (mmap_fn)next("mmap");
	return f(addr, len, prot, flags, fd, off);
}

/* What 32-bit programs built with 64-bit file offsets call (the drm runner is one). */
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	static mmap64_fn f;
	int handled;
	void *p = fake_mmap(addr, len, prot, flags, fd, (int64_t)off, &handled);
	if (handled)
		return p;
	if (!f)
		f = (mmap64_fn)next("mmap64");
	return f(addr, len, prot, flags, fd, off);
}

int close(int fd)
{
	static close_fn f;
	fake_close(fd);
	if (!f)
		f = (close_fn)next("close");
	return f(fd);
}

/* fault_vfs.c: what fault_vfs.h declares: the faulty VFS wrapped around SQLite's default one,
 * compiled once into the tests' support library (tests/support/CMakeLists.txt). */
#include "fault_vfs.h"

#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static struct {
	sqlite3_vfs vfs, *real;
	sqlite3_io_methods methods;
	enum fault_mode mode;
	unsigned long long at, events;
	int failing;
} fault;

struct fault_file {
	sqlite3_file base;   /* methods = &fault.methods */
	sqlite3_file *real;  /* the real file, allocated after this struct */
};

/* One write, sync or truncation: 0 to go on, or the error to return. */
static int fault_event(void)
{
	if (fault.failing)
		return SQLITE_FULL;
	if (++fault.events != fault.at || fault.mode == FAULT_COUNT)
		return SQLITE_OK;
	if (fault.mode == FAULT_KILL)
		raise(SIGKILL);
	fault.failing = 1;
	return SQLITE_FULL;
}

#define REAL(f) (((struct fault_file *)(f))->real)

static int fault_close(sqlite3_file *f)
{
	int rc = REAL(f)->pMethods ? REAL(f)->pMethods->xClose(REAL(f)) : SQLITE_OK;
	return rc;
}
static int fault_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	return REAL(f)->pMethods->xRead(REAL(f), p, n, off);
}
static int fault_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	int rc = fault_event();
	return rc ? rc : REAL(f)->pMethods->xWrite(REAL(f), p, n, off);
}
static int fault_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	int rc = fault_event();
	return rc ? rc : REAL(f)->pMethods->xTruncate(REAL(f), size);
}
static int fault_sync(sqlite3_file *f, int flags)
{
	int rc = fault_event();
	return rc ? rc : REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int fault_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return REAL(f)->pMethods->xFileSize(REAL(f), size);
}
static int fault_lock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xLock(REAL(f), l);
}
static int fault_unlock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xUnlock(REAL(f), l);
}
static int fault_check_lock(sqlite3_file *f, int *out)
{
	return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int fault_control(sqlite3_file *f, int op, void *arg)
{
	return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int fault_sector(sqlite3_file *f)
{
	return REAL(f)->pMethods->xSectorSize(REAL(f));
}
static int fault_device(sqlite3_file *f)
{
	return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}
static int fault_shm_map(sqlite3_file *f, int pg, int pgsz, int extend, void volatile **pp)
{
	return REAL(f)->pMethods->xShmMap(REAL(f), pg, pgsz, extend, pp);
}
static int fault_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
	return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags);
}
static void fault_shm_barrier(sqlite3_file *f)
{
	REAL(f)->pMethods->xShmBarrier(REAL(f));
}
static int fault_shm_unmap(sqlite3_file *f, int del)
{
	return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	struct fault_file *ff = (struct fault_file *)f;
	int rc;
	(void)vfs;
	ff->real = (sqlite3_file *)(ff + 1);
	memset(ff->real, 0, (size_t)fault.real->szOsFile);
	rc = fault.real->xOpen(fault.real, name, ff->real, flags, out);
	f->pMethods = rc == SQLITE_OK && ff->real->pMethods ? &fault.methods : NULL;
	return rc;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync)
{
	(void)vfs;
	return fault.real->xDelete(fault.real, name, sync);
}
static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	(void)vfs;
	return fault.real->xAccess(fault.real, name, flags, out);
}
static int fault_full_path(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	(void)vfs;
	return fault.real->xFullPathname(fault.real, name, n, out);
}
static int fault_random(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return fault.real->xRandomness(fault.real, n, out);
}
static int fault_sleep(sqlite3_vfs *vfs, int us)
{
	(void)vfs;
	return fault.real->xSleep(fault.real, us);
}
static int fault_time(sqlite3_vfs *vfs, double *t)
{
	(void)vfs;
	return fault.real->xCurrentTime(fault.real, t);
}
static int fault_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return fault.real->xGetLastError(fault.real, n, out);
}
static int fault_time64(sqlite3_vfs *vfs, sqlite3_int64 *t)
{
	(void)vfs;
	return fault.real->xCurrentTimeInt64(fault.real, t);
}

void fault_vfs_install(enum fault_mode mode, unsigned long long at)
{
	fault.real = sqlite3_vfs_find(NULL);
	fault.mode = mode;
	fault.at = at;
	fault.events = 0;
	fault.failing = 0;
	fault.methods = (sqlite3_io_methods){
		2,           fault_close,        fault_read,       fault_write,
		fault_truncate, fault_sync,      fault_size,       fault_lock,
		fault_unlock, fault_check_lock,  fault_control,    fault_sector,
		fault_device, fault_shm_map,     fault_shm_lock,   fault_shm_barrier,
		fault_shm_unmap, NULL,           NULL,
	};
	fault.vfs = (sqlite3_vfs){
		2, (int)sizeof(struct fault_file) + fault.real->szOsFile, fault.real->mxPathname, NULL,
		"fault", NULL, fault_open, fault_delete, fault_access, fault_full_path, NULL, NULL,
		NULL, NULL, fault_random, fault_sleep, fault_time, fault_error, fault_time64,
		NULL, NULL, NULL,
	};
	sqlite3_vfs_register(&fault.vfs, 1);
}

unsigned long long fault_vfs_events(void)
{
	return fault.events;
}

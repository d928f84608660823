/* fault_vfs.h: fault injection under SQLite for the fault tests: a VFS wrapped around the
 * default one that counts the writes, syncs and truncations of every file, and at the Nth one
 * kills the process (SIGKILL: a kill -9 at exactly that point, mid-transaction, mid-commit or
 * mid-checkpoint) or fails it and every later one with "disk full".
 *
 * A campaign, a merge or an inference does its I/O in the same order every time (one thread
 * writes), so the Nth event is the same point on every run: a seed picks N reproducibly. Call
 * fault_vfs_install() in the process to be hurt (a child) before it opens any database. */
#ifndef ISAPROBE_TEST_FAULT_VFS_H
#define ISAPROBE_TEST_FAULT_VFS_H

enum fault_mode { FAULT_COUNT, FAULT_KILL, FAULT_FULL };

/* Makes the faulty VFS the default: mode, and the event (1-based) it strikes at. */
void fault_vfs_install(enum fault_mode mode, unsigned long long at);

/* The writes, syncs and truncations counted since fault_vfs_install. */
unsigned long long fault_vfs_events(void);

#endif

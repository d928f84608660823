/* version.h: the isaprobe release number, printed by `isaprobe --version`.
 * Bumped by hand on releases. */
#ifndef ISAPROBE_VERSION_H
#define ISAPROBE_VERSION_H

#define ISAPROBE_VERSION "0.1.0"

#endif

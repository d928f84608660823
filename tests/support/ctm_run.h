/* ctm_run.h: what the CTM simulator tests share: assemble a program (with its command buffer)
 * and run it on the sim runner over a GPU memory image, reading the memory back. */
#ifndef ISAPROBE_TEST_CTM_RUN_H
#define ISAPROBE_TEST_CTM_RUN_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"
#include "isaprobe/runner.h"

#define CTM_TEST_MEM 0x3000

void ctm_put_f(uint8_t *mem, uint32_t addr, float f);

float ctm_get_f(const uint8_t *mem, uint32_t addr);

/* Assembles src (ISA ctm), runs it with memory `mem` (CTM_TEST_MEM bytes, updated in place);
 * returns the status, *why the reason. */
enum ip_status ctm_run_text(const char *src, uint8_t *mem, const char **why);

#endif

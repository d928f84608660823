/* mali_exceptions.c: the names of Mali exception codes (job status and MMU fault status bits
 * 7:0) as the panfrost kernel driver names them, for the runner, `isaprobe run` and the fake. */
#include <stddef.h>

#include "isaprobe/internal/drm.h"

/* Codes and names: the kernel's enum drm_panfrost_exception_type (include/uapi/drm/
 * panfrost_drm.h in later kernels, panfrost_device.h before) and panfrost_exception_infos[] in
 * drivers/gpu/drm/panfrost/panfrost_device.c (docs/drm-sources.md). */
static const struct {
	uint32_t code;
	const char *name;
} exceptions[] = {
	{0x00, "OK"}, {0x01, "DONE"}, {0x02, "INTERRUPTED"}, {0x03, "STOPPED"},
	{0x04, "TERMINATED"}, {0x05, "KABOOM"}, {0x06, "EUREKA"}, {0x08, "ACTIVE"},
	{0x40, "JOB_CONFIG_FAULT"}, {0x41, "JOB_POWER_FAULT"}, {0x42, "JOB_READ_FAULT"},
	{0x43, "JOB_WRITE_FAULT"}, {0x44, "JOB_AFFINITY_FAULT"}, {0x48, "JOB_BUS_FAULT"},
	{0x50, "INSTR_INVALID_PC"}, {0x51, "INSTR_INVALID_ENC"}, {0x52, "INSTR_TYPE_MISMATCH"},
	{0x53, "INSTR_OPERAND_FAULT"}, {0x54, "INSTR_TLS_FAULT"}, {0x55, "INSTR_BARRIER_FAULT"},
	{0x56, "INSTR_ALIGN_FAULT"}, {0x58, "DATA_INVALID_FAULT"}, {0x59, "TILE_RANGE_FAULT"},
	{0x5a, "ADDR_RANGE_FAULT"}, {0x5b, "IMPRECISE_FAULT"}, {0x60, "OOM"}, {0x61, "OOM_AFBC"},
	{0x7f, "UNKNOWN"}, {0x80, "DELAYED_BUS_FAULT"}, {0x88, "GPU_SHAREABILITY_FAULT"},
	{0x89, "SYS_SHAREABILITY_FAULT"}, {0x8a, "GPU_CACHEABILITY_FAULT"},
	{0xc0, "TRANSLATION_FAULT_0"}, {0xc1, "TRANSLATION_FAULT_1"}, {0xc2, "TRANSLATION_FAULT_2"},
	{0xc3, "TRANSLATION_FAULT_3"}, {0xc4, "TRANSLATION_FAULT_4"},
	{0xc7, "TRANSLATION_FAULT_IDENTITY"}, {0xc8, "PERM_FAULT_0"}, {0xc9, "PERM_FAULT_1"},
	{0xca, "PERM_FAULT_2"}, {0xcb, "PERM_FAULT_3"}, {0xd0, "TRANSTAB_BUS_FAULT_0"},
	{0xd1, "TRANSTAB_BUS_FAULT_1"}, {0xd2, "TRANSTAB_BUS_FAULT_2"},
	{0xd3, "TRANSTAB_BUS_FAULT_3"}, {0xd8, "ACCESS_FLAG_0"}, {0xd9, "ACCESS_FLAG_1"},
	{0xda, "ACCESS_FLAG_2"}, {0xdb, "ACCESS_FLAG_3"}, {0xe0, "ADDR_SIZE_FAULT_IN0"},
	{0xe1, "ADDR_SIZE_FAULT_IN1"}, {0xe2, "ADDR_SIZE_FAULT_IN2"}, {0xe3, "ADDR_SIZE_FAULT_IN3"},
	{0xe4, "ADDR_SIZE_FAULT_OUT0"}, {0xe5, "ADDR_SIZE_FAULT_OUT1"},
	{0xe6, "ADDR_SIZE_FAULT_OUT2"}, {0xe7, "ADDR_SIZE_FAULT_OUT3"}, {0xe8, "MEM_ATTR_FAULT_0"},
	{0xe9, "MEM_ATTR_FAULT_1"}, {0xea, "MEM_ATTR_FAULT_2"}, {0xeb, "MEM_ATTR_FAULT_3"},
	{0xec, "MEM_ATTR_NONCACHE_0"}, {0xed, "MEM_ATTR_NONCACHE_1"}, {0xee, "MEM_ATTR_NONCACHE_2"},
	{0xef, "MEM_ATTR_NONCACHE_3"},
};

const char *ip_mali_exception_name(uint32_t code)
{
	for (size_t i = 0; i < sizeof exceptions / sizeof exceptions[0]; i++)
		if (exceptions[i].code == code)
			return exceptions[i].name;
	return NULL;
}

/* The constants the tool's shim passes to libvips without its headers (CVipsShim/vips_abi.h),
   checked against those headers: this file compiles only while they agree. */
#include <vips/vips.h>

#include "../CVipsShim/vips_abi.h"

_Static_assert(MR_VIPS_KERNEL_CUBIC == VIPS_KERNEL_CUBIC, "VIPS_KERNEL_CUBIC");
_Static_assert(MR_VIPS_ACCESS_SEQUENTIAL == VIPS_ACCESS_SEQUENTIAL, "VIPS_ACCESS_SEQUENTIAL");
_Static_assert(MR_VIPS_FAIL_ON_TRUNCATED == VIPS_FAIL_ON_TRUNCATED, "VIPS_FAIL_ON_TRUNCATED");
_Static_assert(MR_VIPS_SIZE_DOWN == VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN");
_Static_assert(MR_VIPS_INTERPRETATION_CMYK == VIPS_INTERPRETATION_CMYK, "VIPS_INTERPRETATION_CMYK");
_Static_assert(MR_VIPS_INTERPRETATION_sRGB == VIPS_INTERPRETATION_sRGB, "VIPS_INTERPRETATION_sRGB");
_Static_assert(MR_VIPS_MAX_COORD == VIPS_MAX_COORD, "VIPS_MAX_COORD");
_Static_assert(MR_G_LOG_LEVEL_WARNING == G_LOG_LEVEL_WARNING, "G_LOG_LEVEL_WARNING");
_Static_assert(MR_G_LOG_LEVEL_MESSAGE == G_LOG_LEVEL_MESSAGE, "G_LOG_LEVEL_MESSAGE");
_Static_assert(MR_G_LOG_LEVEL_INFO == G_LOG_LEVEL_INFO, "G_LOG_LEVEL_INFO");
_Static_assert(VIPS_MAJOR_VERSION == 8, "the shim opens libvips.so.42, libvips 8's ABI");

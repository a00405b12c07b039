#ifndef MEETUP_REPORT_VIPS_ABI_H
#define MEETUP_REPORT_VIPS_ABI_H

/* What the shim needs of libvips's ABI 42 (the soname it opens; Debian 12 ships 8.14) without
   its headers: the shim opens the library on first use instead of linking it (shim.c). Each
   constant is checked against libvips's own headers at compile time where the benchmark's shim
   includes them (CVipsBenchShim/abi_check.c), so a drift fails the build, not a night. */
#define MR_VIPS_SONAME "libvips.so.42"

#define MR_VIPS_KERNEL_CUBIC 2
#define MR_VIPS_ACCESS_SEQUENTIAL 1
#define MR_VIPS_FAIL_ON_TRUNCATED 1
#define MR_VIPS_SIZE_DOWN 2
#define MR_VIPS_INTERPRETATION_CMYK 15
#define MR_VIPS_INTERPRETATION_sRGB 22
#define MR_VIPS_MAX_COORD 10000000

#define MR_G_LOG_LEVEL_WARNING (1 << 4)
#define MR_G_LOG_LEVEL_MESSAGE (1 << 5)
#define MR_G_LOG_LEVEL_INFO (1 << 6)

#endif

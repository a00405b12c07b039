#ifndef MEETUP_REPORT_CVIPS_SHIM_H
#define MEETUP_REPORT_CVIPS_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Opens and starts libvips once per process (it is not linked: shim.c). Returns 0 on success,
/// else non-zero with the reason in `error`.
int mr_vips_start(const char *program_name, char *error, size_t error_capacity);

/// Reads only the header of an image file. Returns 0 and fills width/height
/// when the file is an image libvips can open, else non-zero with a message in `error`.
int mr_vips_probe(const char *input_path, int *width, int *height,
                  char *error, size_t error_capacity);

/// Makes a JPEG thumbnail `width` pixels wide (never upscaled, aspect kept),
/// refusing images with more than `max_pixels` pixels before decoding them.
/// Returns 0 and the thumbnail's size on success, else non-zero with a message.
int mr_vips_thumbnail(const char *input_path, const char *output_path,
                      int width, int quality, uint64_t max_pixels,
                      int *out_width, int *out_height,
                      char *error, size_t error_capacity);

/// The thumbnail and its double-density twin from one decode: the image is read once at up to
/// twice `width` (never upscaled) and kept in memory, saved to `double_path` when it is wider
/// than `width` (else `*double_width` is 0 and nothing is written there), then reduced to
/// `width` for `output_path`. A cold night decoded each photo twice without it (make bench).
int mr_vips_thumbnail_pair(const char *input_path, const char *output_path, const char *double_path,
                           int width, int quality, uint64_t max_pixels,
                           int *out_width, int *out_height, int *double_width, int *double_height,
                           char *error, size_t error_capacity);

/// Allocates and frees orc code memory `rounds` times eight, as reduce operations do, under the
/// shim's lock as every other allocation and free in the process. The instrument of the allocator race
/// test (shim.c): thumbnails beside it must never corrupt the allocator.
void mr_vips_churn_code_memory(int rounds);

#endif

#ifndef MEETUP_REPORT_CVIPS_BENCH_SHIM_H
#define MEETUP_REPORT_CVIPS_BENCH_SHIM_H

/// Writes a photo-like JPEG (smooth colour waves plus grain, so it compresses like
/// a photograph) for benchmarks. `seed` varies the picture. Returns 0 on success.
int mr_vips_make_sample_jpeg(const char *output_path, int width, int height, int seed, double noise, int quality);

#endif

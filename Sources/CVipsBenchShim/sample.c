#include "CVipsBenchShim.h"

#include <vips/vips.h>

int mr_vips_make_sample_jpeg(const char *output_path, int width, int height, int seed, double noise, int quality) {
    VipsImage *bands[3] = {NULL, NULL, NULL};
    VipsImage *joined = NULL, *grain = NULL, *noisy = NULL, *pixels = NULL;
    int result = -1;
    for (int band = 0; band < 3; band++) {
        VipsImage *wave = NULL;
        double hfreq = 0.4 + ((seed * 7 + band * 3) % 11) * 0.35;
        double vfreq = 0.3 + ((seed * 5 + band * 2) % 9) * 0.3;
        if (vips_sines(&wave, width, height, "hfreq", hfreq, "vfreq", vfreq, NULL) != 0) goto done;
        double scale = 70.0 + (seed + band * 13) % 40, offset = 90.0 + (seed * 3 + band * 29) % 80;
        int failed = vips_linear1(wave, &bands[band], scale, offset, NULL);
        g_object_unref(wave);
        if (failed != 0) goto done;
    }
    if (vips_bandjoin(bands, &joined, 3, NULL) != 0) goto done;
    if (vips_gaussnoise(&grain, width, height, "sigma", noise, "mean", 0.0, "seed", seed, NULL) != 0) goto done;
    if (vips_add(joined, grain, &noisy, NULL) != 0) goto done;
    if (vips_cast(noisy, &pixels, VIPS_FORMAT_UCHAR, NULL) != 0) goto done;
    VipsImage *srgb = NULL;
    if (vips_copy(pixels, &srgb, "interpretation", VIPS_INTERPRETATION_sRGB, NULL) != 0) goto done;
    result = vips_jpegsave(srgb, output_path, "Q", quality, NULL);
    g_object_unref(srgb);
done:
    for (int band = 0; band < 3; band++) if (bands[band]) g_object_unref(bands[band]);
    if (joined) g_object_unref(joined);
    if (grain) g_object_unref(grain);
    if (noisy) g_object_unref(noisy);
    if (pixels) g_object_unref(pixels);
    if (result != 0) vips_error_clear();
    return result;
}

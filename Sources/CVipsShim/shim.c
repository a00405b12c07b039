#include "CVipsShim.h"

#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include <orc/orc.h>
#include <orc/orccode.h>

/* liborc 0.4.33 (Debian 12) allocates code memory under its own lock but frees it without: a
   thumbnail building a reduce operation (allocating its vector program) while another disposes
   one (freeing) corrupts orc's chunk list, and the night aborts with a double free (2 of 36 cold
   W2 nights in make bench; VipsThumbnailerConcurrencyTests makes it happen in a tenth of a second). Later orc
   takes its lock in both, where this one is redundant.
   So every call that may compile or free an orc program takes this lock: the builds of the
   operations that compile one (vips_resize, vips_thumbnail) and each unref that may dispose them.
   Pixels are computed outside it: building an operation is lazy, and saving runs the pipeline. */
static GMutex code_memory;

static void release(void *object) {
    if (object == NULL) return;
    g_mutex_lock(&code_memory);
    g_object_unref(object);
    g_mutex_unlock(&code_memory);
}

static int reduce(VipsImage *in, VipsImage **out, double scale) {
    g_mutex_lock(&code_memory);
    int result = vips_resize(in, out, scale, "kernel", VIPS_KERNEL_CUBIC, NULL);
    g_mutex_unlock(&code_memory);
    return result;
}

static void copy_error(char *error, size_t capacity, const char *fallback) {
    if (error == NULL || capacity == 0) return;
    const char *message = vips_error_buffer();
    if (message == NULL || message[0] == '\0') message = fallback;
    snprintf(error, capacity, "%s", message);
    /* Trim the trailing newline vips leaves on its messages. */
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) {
        error[--length] = '\0';
    }
    vips_error_clear();
}

/* vips prints per-tile warnings for damaged files on stderr; the caller reports
   each failed photo once, in its own words, so these are dropped. */
static void drop_vips_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int mr_vips_start(const char *program_name) {
    if (VIPS_INIT(program_name ? program_name : "meetup-report") != 0) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, drop_vips_warning, NULL);
    /* Parallelism comes from thumbnailing several photos at once; one vips
       worker per image avoids oversubscribing the cores. */
    vips_concurrency_set(1);
    /* The operation cache would keep decoded photos alive between images. */
    vips_cache_set_max(0);
    return 0;
}

int mr_vips_probe(const char *input_path, int *width, int *height,
                  char *error, size_t error_capacity) {
    VipsImage *image = vips_image_new_from_file(input_path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        copy_error(error, error_capacity, "not an image libvips can read");
        return -1;
    }
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    release(image);
    return 0;
}

/* JPEG fast path, about twice as fast as vips_thumbnail for photos (measured by
   make bench): decode at 1/2, 1/4 or 1/8 scale in libjpeg (DCT scaling), then one
   bicubic reduce to the exact width, instead of vips_thumbnail's lanczos3.
   Sets *out to NULL (and returns 0) when the file is not a JPEG. */
static int load_jpeg_thumbnail(const char *path, int width, int minimum, int source_width, VipsImage **out) {
    *out = NULL;
    const char *loader = vips_foreign_find_load(path);
    if (loader == NULL || strcmp(loader, "VipsForeignLoadJpegFile") != 0) return 0;
    /* The largest DCT scale that still gives `minimum` pixels; then reduced to `width` at most. */
    int shrink = 1;
    while (shrink < 8 && source_width / (shrink * 2) >= minimum) shrink *= 2;
    VipsImage *loaded = vips_image_new_from_file(path, "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL,
                                                 "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (loaded == NULL) return -1;
    VipsImage *rotated = NULL;
    if (vips_autorot(loaded, &rotated, NULL) != 0) { release(loaded); return -1; }
    release(loaded);
    VipsImage *srgb = rotated;
    if (vips_image_get_interpretation(rotated) == VIPS_INTERPRETATION_CMYK) {
        if (vips_colourspace(rotated, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) { release(rotated); return -1; }
        release(rotated);
    }
    int current = vips_image_get_width(srgb);
    if (current <= width) { *out = srgb; return 0; }
    int result = reduce(srgb, out, (double)width / current);
    release(srgb);
    return result;
}

/* Decoded and flattened at `width` (never upscaled): the shared first half of both entry points. */
static VipsImage *decoded(const char *input_path, int width, int minimum, uint64_t max_pixels, char *error,
                          size_t error_capacity, int *status) {
    int source_width = 0, source_height = 0;
    *status = -1;
    if (mr_vips_probe(input_path, &source_width, &source_height, error, error_capacity) != 0) return NULL;
    if (max_pixels > 0 && (uint64_t)source_width * (uint64_t)source_height > max_pixels) {
        snprintf(error, error_capacity, "image is %dx%d, over the limit of %llu pixels",
                 source_width, source_height, (unsigned long long)max_pixels);
        *status = -2;
        return NULL;
    }
    VipsImage *thumbnail = NULL;
    if (load_jpeg_thumbnail(input_path, width, minimum, source_width, &thumbnail) != 0) {
        copy_error(error, error_capacity, "could not decode the image");
        return NULL;
    }
    /* Not a JPEG: vips_thumbnail handles every other format (shrink-on-load where the format has
       it). height is a large bound so only the width constrains; SIZE_DOWN never upscales. */
    if (thumbnail == NULL) {
        g_mutex_lock(&code_memory);
        int failed = vips_thumbnail(input_path, &thumbnail, width, "height", VIPS_MAX_COORD, "size",
                                    VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
        g_mutex_unlock(&code_memory);
        if (failed != 0) {
            copy_error(error, error_capacity, "could not decode the image");
            return NULL;
        }
    }
    VipsImage *opaque = thumbnail;
    if (vips_image_hasalpha(thumbnail)) {
        double white[3] = {255.0, 255.0, 255.0};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int failed = vips_flatten(thumbnail, &opaque, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        release(thumbnail);
        if (failed != 0) {
            copy_error(error, error_capacity, "could not flatten transparency");
            return NULL;
        }
    }
    *status = 0;
    return opaque;
}

static int save_jpeg(VipsImage *image, const char *path, int quality, int *width, int *height, char *error,
                     size_t error_capacity) {
    if (vips_jpegsave(image, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL) != 0) {
        copy_error(error, error_capacity, "could not encode the thumbnail");
        return -1;
    }
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    return 0;
}

int mr_vips_thumbnail_pair(const char *input_path, const char *output_path, const char *double_path,
                           int width, int quality, uint64_t max_pixels,
                           int *out_width, int *out_height, int *double_width, int *double_height,
                           char *error, size_t error_capacity) {
    int status = 0;
    *double_width = *double_height = 0;
    /* The twin is up to twice as wide, and at least one and a half times, whichever a JPEG's DCT
       scaling reaches without a larger decode: a 1200-wide photo gives a 600-wide twin of a 320
       thumbnail from the same half-scale decode the thumbnail alone needs (a full decode for 640
       more than doubled a cold night's thumbnail time, make bench). */
    VipsImage *twice = decoded(input_path, width * 2, width + width / 2, max_pixels, error, error_capacity, &status);
    if (twice == NULL) return status;
    /* Read once, used twice: the decode is sequential. */
    VipsImage *memory = vips_image_copy_memory(twice);
    release(twice);
    if (memory == NULL) {
        copy_error(error, error_capacity, "could not decode the image");
        return -1;
    }
    int current = vips_image_get_width(memory);
    if (current > width && save_jpeg(memory, double_path, quality, double_width, double_height, error,
                                     error_capacity) != 0) {
        release(memory);
        return -1;
    }
    VipsImage *single = memory;
    if (current > width) {
        if (reduce(memory, &single, (double)width / current) != 0) {
            release(memory);
            copy_error(error, error_capacity, "could not reduce the image");
            return -1;
        }
        release(memory);
    }
    int result = save_jpeg(single, output_path, quality, out_width, out_height, error, error_capacity);
    release(single);
    return result;
}

int mr_vips_thumbnail(const char *input_path, const char *output_path,
                      int width, int quality, uint64_t max_pixels,
                      int *out_width, int *out_height,
                      char *error, size_t error_capacity) {
    int status = 0;
    VipsImage *opaque = decoded(input_path, width, width, max_pixels, error, error_capacity, &status);
    if (opaque == NULL) return status;
    int result = save_jpeg(opaque, output_path, quality, out_width, out_height, error, error_capacity);
    release(opaque);
    return result;
}

/* orc's code allocator used the way a reduce operation's build and dispose use it, `rounds` times
   eight programs, under the shim's lock as every other use in the process:
   VipsThumbnailerConcurrencyTests runs it beside thumbnails, so that a use outside the lock (the race above) shows within a second
   instead of once in some twenty cold nights. */
void mr_vips_churn_code_memory(int rounds) {
    OrcCode *codes[8];
    for (int round = 0; round < rounds; round++) {
        g_mutex_lock(&code_memory);
        for (int index = 0; index < 8; index++) {
            codes[index] = orc_code_new();
            orc_code_allocate_codemem(codes[index], 64 + 32 * index);
        }
        g_mutex_unlock(&code_memory);
        g_mutex_lock(&code_memory);
        for (int index = 0; index < 8; index++) orc_code_free(codes[index]);
        g_mutex_unlock(&code_memory);
    }
}

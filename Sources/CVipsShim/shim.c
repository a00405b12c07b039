#include "CVipsShim.h"
#include "vips_abi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* libvips is opened on first use, not linked. It and the hundred libraries it links (ImageMagick,
   poppler, OpenEXR, ...) cost every process 31 ms to load (perf stat, 20 runs: an empty C program
   1.1 ms, the same linked with -lvips 32.0 ms), and most nights make no thumbnail: a next night's
   photos are all in the cache. The shim calls libvips, and the GLib and liborc it brings, through
   these pointers, resolved from its soname; the constants of its ABI are in vips_abi.h, checked
   against libvips's own headers where the benchmark compiles them (CVipsBenchShim). */
typedef struct VipsImage VipsImage;
typedef struct VipsArea VipsArea;
typedef void (*LogFunction)(const char *domain, int level, const char *message, void *data);

static struct {
    int (*init)(const char *argv0);
    void (*concurrency_set)(int concurrency);
    void (*cache_set_max)(int max);
    VipsImage *(*image_new_from_file)(const char *name, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_get_interpretation)(const VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    VipsImage *(*image_copy_memory)(VipsImage *image);
    const char *(*foreign_find_load)(const char *filename, ...);
    int (*autorot)(VipsImage *in, VipsImage **out, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*resize)(VipsImage *in, VipsImage **out, double scale, ...);
    int (*thumbnail)(const char *filename, VipsImage **out, int width, ...);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*jpegsave)(VipsImage *in, const char *filename, ...);
    VipsArea *(*array_double_new)(const double *array, int n);
    void (*area_unref)(VipsArea *area);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*object_unref)(void *object);
    unsigned (*log_set_handler)(const char *domain, int levels, LogFunction function, void *data);
    void *(*code_new)(void);
    void (*code_allocate_codemem)(void *code, int size);
    void (*code_free)(void *code);
} vips;

static pthread_once_t opened = PTHREAD_ONCE_INIT;
/* Written by open_library alone, which pthread_once runs once: empty when libvips opened. */
static char open_error[256] = "libvips could not be loaded";

#define RESOLVE(field, name) \
    if ((*(void **)&vips.field = dlsym(library, name)) == NULL) { missing = name; }

static void open_library(void) {
    void *library = dlopen(MR_VIPS_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(open_error, sizeof open_error, "libvips could not be loaded: %s", dlerror());
        return;
    }
    const char *missing = NULL;
    RESOLVE(init, "vips_init") RESOLVE(concurrency_set, "vips_concurrency_set")
    RESOLVE(cache_set_max, "vips_cache_set_max") RESOLVE(image_new_from_file, "vips_image_new_from_file")
    RESOLVE(image_get_width, "vips_image_get_width") RESOLVE(image_get_height, "vips_image_get_height")
    RESOLVE(image_get_interpretation, "vips_image_get_interpretation")
    RESOLVE(image_hasalpha, "vips_image_hasalpha") RESOLVE(image_copy_memory, "vips_image_copy_memory")
    RESOLVE(foreign_find_load, "vips_foreign_find_load") RESOLVE(autorot, "vips_autorot")
    RESOLVE(colourspace, "vips_colourspace") RESOLVE(resize, "vips_resize") RESOLVE(thumbnail, "vips_thumbnail")
    RESOLVE(flatten, "vips_flatten") RESOLVE(jpegsave, "vips_jpegsave")
    RESOLVE(array_double_new, "vips_array_double_new") RESOLVE(area_unref, "vips_area_unref")
    RESOLVE(error_buffer, "vips_error_buffer") RESOLVE(error_clear, "vips_error_clear")
    RESOLVE(object_unref, "g_object_unref") RESOLVE(log_set_handler, "g_log_set_handler")
    RESOLVE(code_new, "orc_code_new") RESOLVE(code_allocate_codemem, "orc_code_allocate_codemem")
    RESOLVE(code_free, "orc_code_free")
    if (missing != NULL) {
        snprintf(open_error, sizeof open_error, "libvips (%s) has no %s", MR_VIPS_SONAME, missing);
        return;
    }
    open_error[0] = '\0';
}

static int open_vips(void) {
    pthread_once(&opened, open_library);
    return open_error[0] == '\0' ? 0 : -1;
}

/* liborc 0.4.33 (Debian 12) allocates code memory under its own lock but frees it without: a
   thumbnail building a reduce operation (allocating its vector program) while another disposes
   one (freeing) corrupts orc's chunk list, and the night aborts with a double free (2 of 36 cold
   W2 nights in make bench; VipsThumbnailerConcurrencyTests makes it happen in a tenth of a second). Later orc
   takes its lock in both, where this one is redundant.
   So every call that may compile or free an orc program takes this lock: the builds of the
   operations that compile one (vips_resize, vips_thumbnail) and each unref that may dispose them.
   Pixels are computed outside it: building an operation is lazy, and saving runs the pipeline. */
static pthread_mutex_t code_memory = PTHREAD_MUTEX_INITIALIZER;

static void release(void *object) {
    if (object == NULL) return;
    pthread_mutex_lock(&code_memory);
    vips.object_unref(object);
    pthread_mutex_unlock(&code_memory);
}

static int reduce(VipsImage *in, VipsImage **out, double scale) {
    pthread_mutex_lock(&code_memory);
    int result = vips.resize(in, out, scale, "kernel", MR_VIPS_KERNEL_CUBIC, NULL);
    pthread_mutex_unlock(&code_memory);
    return result;
}

static void copy_error(char *error, size_t capacity, const char *fallback) {
    if (error == NULL || capacity == 0) return;
    const char *message = vips.error_buffer();
    if (message == NULL || message[0] == '\0') message = fallback;
    snprintf(error, capacity, "%s", message);
    /* Trim the trailing newline vips leaves on its messages. */
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) {
        error[--length] = '\0';
    }
    vips.error_clear();
}

/* vips prints per-tile warnings for damaged files on stderr; the caller reports
   each failed photo once, in its own words, so these are dropped. */
static void drop_vips_warning(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int mr_vips_start(const char *program_name, char *error, size_t error_capacity) {
    if (open_vips() != 0) {
        snprintf(error, error_capacity, "%s", open_error);
        return -1;
    }
    /* VIPS_INIT's check that the headers match the library is the soname's here (vips_abi.h). */
    if (vips.init(program_name ? program_name : "meetup-report") != 0) {
        copy_error(error, error_capacity, "libvips could not start");
        return -1;
    }
    vips.log_set_handler("VIPS", MR_G_LOG_LEVEL_WARNING | MR_G_LOG_LEVEL_MESSAGE | MR_G_LOG_LEVEL_INFO,
                         drop_vips_warning, NULL);
    /* Parallelism comes from thumbnailing several photos at once; one vips
       worker per image avoids oversubscribing the cores. */
    vips.concurrency_set(1);
    /* The operation cache would keep decoded photos alive between images. */
    vips.cache_set_max(0);
    return 0;
}

int mr_vips_probe(const char *input_path, int *width, int *height,
                  char *error, size_t error_capacity) {
    VipsImage *image = vips.image_new_from_file(input_path, "access", MR_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        copy_error(error, error_capacity, "not an image libvips can read");
        return -1;
    }
    *width = vips.image_get_width(image);
    *height = vips.image_get_height(image);
    release(image);
    return 0;
}

/* JPEG fast path, about twice as fast as vips_thumbnail for photos (measured by
   make bench): decode at 1/2, 1/4 or 1/8 scale in libjpeg (DCT scaling), then one
   bicubic reduce to the exact width, instead of vips_thumbnail's lanczos3.
   Sets *out to NULL (and returns 0) when the file is not a JPEG. */
static int load_jpeg_thumbnail(const char *path, int width, int minimum, int source_width, VipsImage **out) {
    *out = NULL;
    const char *loader = vips.foreign_find_load(path);
    if (loader == NULL || strcmp(loader, "VipsForeignLoadJpegFile") != 0) return 0;
    /* The largest DCT scale that still gives `minimum` pixels; then reduced to `width` at most. */
    int shrink = 1;
    while (shrink < 8 && source_width / (shrink * 2) >= minimum) shrink *= 2;
    VipsImage *loaded = vips.image_new_from_file(path, "shrink", shrink, "access", MR_VIPS_ACCESS_SEQUENTIAL,
                                                 "fail_on", MR_VIPS_FAIL_ON_TRUNCATED, NULL);
    if (loaded == NULL) return -1;
    VipsImage *rotated = NULL;
    if (vips.autorot(loaded, &rotated, NULL) != 0) { release(loaded); return -1; }
    release(loaded);
    VipsImage *srgb = rotated;
    if (vips.image_get_interpretation(rotated) == MR_VIPS_INTERPRETATION_CMYK) {
        if (vips.colourspace(rotated, &srgb, MR_VIPS_INTERPRETATION_sRGB, NULL) != 0) { release(rotated); return -1; }
        release(rotated);
    }
    int current = vips.image_get_width(srgb);
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
        pthread_mutex_lock(&code_memory);
        int failed = vips.thumbnail(input_path, &thumbnail, width, "height", MR_VIPS_MAX_COORD, "size",
                                    MR_VIPS_SIZE_DOWN, "fail_on", MR_VIPS_FAIL_ON_TRUNCATED, NULL);
        pthread_mutex_unlock(&code_memory);
        if (failed != 0) {
            copy_error(error, error_capacity, "could not decode the image");
            return NULL;
        }
    }
    VipsImage *opaque = thumbnail;
    if (vips.image_hasalpha(thumbnail)) {
        double white[3] = {255.0, 255.0, 255.0};
        VipsArea *background = vips.array_double_new(white, 3);
        int failed = vips.flatten(thumbnail, &opaque, "background", background, NULL);
        vips.area_unref(background);
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
    if (vips.jpegsave(image, path, "Q", quality, "strip", 1, "optimize_coding", 1, NULL) != 0) {
        copy_error(error, error_capacity, "could not encode the thumbnail");
        return -1;
    }
    *width = vips.image_get_width(image);
    *height = vips.image_get_height(image);
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
    VipsImage *memory = vips.image_copy_memory(twice);
    release(twice);
    if (memory == NULL) {
        copy_error(error, error_capacity, "could not decode the image");
        return -1;
    }
    int current = vips.image_get_width(memory);
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
    void *codes[8];
    if (open_vips() != 0) return;
    for (int round = 0; round < rounds; round++) {
        pthread_mutex_lock(&code_memory);
        for (int index = 0; index < 8; index++) {
            codes[index] = vips.code_new();
            vips.code_allocate_codemem(codes[index], 64 + 32 * index);
        }
        pthread_mutex_unlock(&code_memory);
        pthread_mutex_lock(&code_memory);
        for (int index = 0; index < 8; index++) vips.code_free(codes[index]);
        pthread_mutex_unlock(&code_memory);
    }
}

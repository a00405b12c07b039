#include "CICalShim.h"

#include <string.h>
#include <strings.h>

/* The nesting of BEGIN/END, counted on content lines as libical reads them: a line that starts
 * with a space or a tab continues the one before it (RFC 5545 3.1), so "BEG\r\n IN:X" is a BEGIN.
 * Only a logical line's first six characters matter, so the scan keeps those and nothing else. */

typedef struct {
    char head[6];
    size_t length;
    int depth;
    int deepest;
} scan;

static void finish_line(scan *state) {
    if (state->length >= 6 && strncasecmp(state->head, "BEGIN:", 6) == 0) {
        if (++state->depth > state->deepest) state->deepest = state->depth;
    } else if (state->length >= 4 && strncasecmp(state->head, "END:", 4) == 0) {
        if (state->depth > 0) state->depth--;
    }
    state->length = 0;
}

static void take(scan *state, const char *text, size_t count) {
    while (count > 0 && state->length < sizeof(state->head)) {
        if (*text != '\r') state->head[state->length++] = *text;
        text++;
        count--;
    }
}

int mr_ical_nesting_depth(const char *data, size_t length) {
    scan state = {.length = 0, .depth = 0, .deepest = 0};
    int started = 0;
    size_t index = 0;
    while (index < length) {
        const char *line = data + index;
        size_t rest = length - index;
        const char *newline = memchr(line, '\n', rest);
        size_t count = newline ? (size_t)(newline - line) : rest;
        if (started && count > 0 && (line[0] == ' ' || line[0] == '\t')) {
            take(&state, line + 1, count - 1);
        } else {
            if (started) finish_line(&state);
            take(&state, line, count);
            started = 1;
        }
        if (newline == NULL) break;
        index += count + 1;
    }
    if (started) finish_line(&state);
    return state.deepest;
}

// What Swift cannot import from ncursesw: macros, variadic functions and C globals, as static inline functions.
#ifndef APIEXPLORE_CNCURSESW_SHIM_H
#define APIEXPLORE_CNCURSESW_SHIM_H

// SwiftPM drops the -D flags pkg-config reports, and without this cchar_t, get_wch and the wide
// output functions do not exist.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_ok(void) { return OK; }
static inline int cn_err(void) { return ERR; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

static inline int cn_getmaxy(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)x; return y; }
static inline int cn_getmaxx(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)y; return x; }

static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_color_pair(short pair) { return COLOR_PAIR(pair); }

/// Reads one key as a wide character or a KEY_* code; returns OK, KEY_CODE_YES or ERR.
static inline int cn_get_wch(WINDOW *window, unsigned int *key) {
    wint_t value = 0;
    int result = wget_wch(window, &value);
    *key = (unsigned int)value;
    return result;
}

/// Draws up to `count` wide characters at a position with one attribute set.
static inline int cn_put(WINDOW *window, int y, int x, const wchar_t *text, int count, attr_t attributes) {
    wattrset(window, attributes);
    return mvwaddnwstr(window, y, x, text, count);
}

/// Inserts up to `count` wide characters at a position without moving the cursor past them: the
/// bottom-right cell is written this way, since writing it would scroll the screen.
static inline int cn_insert(WINDOW *window, int y, int x, const wchar_t *text, int count, attr_t attributes) {
    wattrset(window, attributes);
    return mvwins_nwstr(window, y, x, text, count);
}

/// Whether the terminal description can address the cursor (TERM=dumb cannot).
static inline int cn_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1;
}

/// Writes raw bytes to the terminal output stream (for OSC 52 clipboard sequences).
static inline void cn_write_raw(FILE *stream, const char *bytes, size_t length) {
    fwrite(bytes, 1, length, stream);
    fflush(stream);
}

/// Loads the terminfo entry of TERM for plain output on `fd` (no screen); 1 when it loaded.
static inline int cn_load_terminfo(int fd) {
    int error = 0;
    return setupterm(NULL, fd, &error) == OK ? 1 : 0;
}

/// A string capability of the loaded entry, or NULL when it has none.
static inline const char *cn_string_capability(const char *name) {
    const char *value = tigetstr(name);
    return (value == NULL || value == (const char *)-1) ? NULL : value;
}

/// A numeric capability of the loaded entry (-1 when absent, -2 when not numeric).
static inline int cn_number_capability(const char *name) { return tigetnum(name); }

/// A parameterised capability with one integer argument (`setaf` with a colour number).
static inline const char *cn_parameterized(const char *capability, int value) { return tiparm(capability, value); }

/// Frees the entry cn_load_terminfo loaded.
static inline void cn_release_terminfo(void) {
    TERMINAL *loaded = set_curterm(NULL);
    if (loaded != NULL) del_curterm(loaded);
}

static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stdin(void) { return stdin; }

#endif

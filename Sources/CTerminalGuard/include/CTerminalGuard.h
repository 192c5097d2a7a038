// Puts the terminal back from a signal handler, and hands it to a child process: what Swift cannot do
// safely (a signal handler must not touch the Swift runtime; the wait-status macros do not import).
#ifndef APIEXPLORE_CTERMINALGUARD_H
#define APIEXPLORE_CTERMINALGUARD_H

#include <stddef.h>
#include <sys/types.h>
#include <termios.h>

/// Keeps the terminal modes `modes` (read before curses changed them) and the bytes that leave the full-screen mode (`leave`: leave
/// the alternate screen, show the cursor, stop mouse reports, reset attributes), then installs a
/// handler for every signal that ends the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS,
/// SIGFPE, SIGILL, SIGTRAP, SIGABRT). The handler writes `leave`, restores the saved modes and raises
/// the signal again: a request to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT) at its default action, so the
/// process ends with it even when another handler was installed first; a crash at the action it had
/// before, so a crash reporter installed before still runs. `fd` is the terminal the bytes go to.
void tg_install(int fd, const struct termios *modes, const char *leave, size_t length);

/// Puts the previous actions of those signals back; the saved modes are forgotten.
void tg_uninstall(void);

/// Whether the handler is installed (for tests).
int tg_is_installed(void);

/// Decoded `waitpid` status: 0 exited (`*value` is the exit code), 1 killed (`*value` the signal),
/// 2 stopped (`*value` the signal), -1 anything else.
int tg_decode_status(int status, int *value);

/// Makes process group `group` the foreground group of terminal `fd`, with SIGTTOU blocked so a
/// background caller may do it too. Returns 0 or -1 with errno set.
int tg_set_foreground(int fd, pid_t group);

#endif

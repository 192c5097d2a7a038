#include "CTerminalGuard.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

// Written once by tg_install before the handler is installed; the handler only reads them.
static const int guarded_signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT};
#define GUARDED_COUNT (sizeof(guarded_signals) / sizeof(guarded_signals[0]))
static struct sigaction previous_actions[GUARDED_COUNT];
static struct termios saved_modes;
static char leave_bytes[512];
static size_t leave_length;
static int terminal_fd = -1;
static volatile sig_atomic_t installed;
static volatile sig_atomic_t restoring;

static void restore_and_reraise(int signal_number) {
    // Only async-signal-safe calls: write, tcsetattr, sigaction, raise.
    if (!restoring) {
        restoring = 1;
        int saved_errno = errno;
        if (terminal_fd >= 0) {
            size_t written = 0;
            while (written < leave_length) {
                ssize_t count = write(terminal_fd, leave_bytes + written, leave_length - written);
                if (count <= 0) break;
                written += (size_t)count;
            }
            tcsetattr(terminal_fd, TCSAFLUSH, &saved_modes);
        }
        errno = saved_errno;
    }
    // A request to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT) ends the process now: a handler installed
    // earlier (a server's graceful shutdown) would keep it running with the terminal no longer in
    // curses mode. A crash goes on to the handler before ours (a crash reporter), which ends it.
    int is_request = signal_number == SIGTERM || signal_number == SIGHUP || signal_number == SIGINT
        || signal_number == SIGQUIT;
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (guarded_signals[index] == signal_number) {
            if (is_request) {
                struct sigaction fallback;
                memset(&fallback, 0, sizeof(fallback));
                fallback.sa_handler = SIG_DFL;
                sigaction(signal_number, &fallback, NULL);
            } else {
                sigaction(signal_number, &previous_actions[index], NULL);
            }
            break;
        }
    }
    // Blocked while this handler runs, so it is delivered (to the previous action) on return: a fault
    // re-raised this way still ends the process at the faulting instruction.
    raise(signal_number);
}

void tg_install(int fd, const struct termios *modes, const char *leave, size_t length) {
    if (installed) tg_uninstall();
    saved_modes = *modes;
    leave_length = length < sizeof(leave_bytes) ? length : sizeof(leave_bytes);
    memcpy(leave_bytes, leave, leave_length);
    terminal_fd = fd;
    restoring = 0;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = restore_and_reraise;
    sigfillset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        sigaction(guarded_signals[index], &action, &previous_actions[index]);
    }
    installed = 1;
}

void tg_uninstall(void) {
    if (!installed) return;
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        sigaction(guarded_signals[index], &previous_actions[index], NULL);
    }
    installed = 0;
    terminal_fd = -1;
}

int tg_is_installed(void) { return installed; }

int tg_decode_status(int status, int *value) {
    if (WIFEXITED(status)) {
        *value = WEXITSTATUS(status);
        return 0;
    }
    if (WIFSIGNALED(status)) {
        *value = WTERMSIG(status);
        return 1;
    }
    if (WIFSTOPPED(status)) {
        *value = WSTOPSIG(status);
        return 2;
    }
    return -1;
}

int tg_set_foreground(int fd, pid_t group) {
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGTTOU);
    sigprocmask(SIG_BLOCK, &block, &old);
    int result = tcsetpgrp(fd, group);
    int saved_errno = errno;
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = saved_errno;
    return result;
}

/* mosaic-sim --uart-pty: the UART's far end is a pseudo-terminal. Bytes a
 * host program writes to the terminal are serialised onto the RX pin at the
 * UART's bit rate, so the RTL receiver is exercised as on a board. The
 * terminal is polled without blocking once per byte time when idle (a read
 * per cycle would cost more than the model). */
#define _DEFAULT_SOURCE /* cfmakeraw */
#define _XOPEN_SOURCE 600
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "sim.h"

struct sim_uart {
    int fd;           /* pty master */
    int slave;        /* our own handle on the terminal: how much is unread */
    unsigned div;     /* clock cycles per bit */
    unsigned count;   /* cycles left in the current bit, or until the next poll */
    unsigned bit;     /* 0 idle; 1 start; 2..9 data; 10 stop */
    unsigned char byte;
};

sim_uart *sim_uart_open(unsigned div, char *name, size_t namelen, char *err, size_t errlen)
{
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    const char *what = "posix_openpt";
    if (fd >= 0 && (grantpt(fd) || unlockpt(fd)))
        what = "grantpt/unlockpt";
    else if (fd >= 0) {
        /* Raw both ways: no echo (it would loop output back into RX), no
         * line editing, no CR/LF translation. */
        struct termios t;
        if (tcgetattr(fd, &t) == 0) {
            cfmakeraw(&t);
            if (tcsetattr(fd, TCSANOW, &t) == 0 && fcntl(fd, F_SETFL, O_NONBLOCK) == 0) {
                const char *n = ptsname(fd);
                sim_uart *u = calloc(1, sizeof *u);
                int sl = n ? open(n, O_RDWR | O_NOCTTY | O_NONBLOCK) : -1;
                if (sl >= 0 && u && strlen(n) < namelen) {
                    strcpy(name, n);
                    u->fd = fd;
                    u->slave = sl;
                    u->div = div ? div : 1;
                    return u;
                }
                if (sl >= 0)
                    close(sl);
                free(u);
                what = "ptsname/open";
            } else {
                what = "tcsetattr";
            }
        } else {
            what = "tcgetattr";
        }
    }
    snprintf(err, errlen, "cannot open a pseudo-terminal (%s: %s)", what, strerror(errno));
    if (fd >= 0)
        close(fd);
    return NULL;
}

int sim_uart_fd(const sim_uart *u)
{
    return u->fd;
}

int sim_uart_rx(sim_uart *u)
{
    if (u->count) {
        u->count--;
    } else if (u->bit == 10) {
        u->bit = 0; /* stop bit done */
    } else if (u->bit) {
        u->bit++;
        u->count = u->div - 1;
    } else {
        /* Idle: EAGAIN (nothing written) and EIO (no program has the
         * terminal open) both mean "no byte yet". */
        if (read(u->fd, &u->byte, 1) == 1) {
            u->bit = 1;
            u->count = u->div - 1;
        } else {
            u->count = 10 * u->div;
        }
    }
    switch (u->bit) {
    case 0:
    case 10:
        return 1;
    case 1:
        return 0;
    default:
        return (u->byte >> (u->bit - 2)) & 1;
    }
}

void sim_uart_close(sim_uart *u)
{
    if (!u)
        return;
    /* Closing the terminal discards what the host has not read yet: give it
     * up to 5 s to read the program's last output first. */
    fflush(stdout);
    for (int i = 0; i < 500; i++) {
        int unread = 0;
        if (ioctl(u->slave, FIONREAD, &unread) != 0 || unread == 0)
            break;
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    close(u->slave);
    close(u->fd);
    free(u);
}

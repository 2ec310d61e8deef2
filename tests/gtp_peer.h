/* gtp_peer.h: drives another Go program over the Go Text Protocol from a
 * test: starts it with pipes, sends one command at a time and reads the
 * reply up to its blank line. Used to referee vitalpoint's rules against
 * GNU Go. */
#ifndef VP_GTP_PEER_H
#define VP_GTP_PEER_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct gtp_peer {
    pid_t pid;
    FILE *to, *from;
    char reply[65536]; /* the last reply without "= "/"? " and the blank line */
} gtp_peer;

/* Starts argv[0] with argv; returns 0, or -1 when it cannot be started. */
static int gtp_peer_start(gtp_peer *p, char *const argv[])
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    p->pid = fork();
    if (p->pid < 0)
        return -1;
    if (p->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->to = fdopen(in[1], "w");
    p->from = fdopen(out[0], "r");
    return p->to && p->from ? 0 : -1;
}

/* Sends a command; returns 1 for a success reply ("="), 0 for a failure
 * ("?"), -1 when the peer is gone. The text is left in p->reply. */
static int gtp_peer_cmd(gtp_peer *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int gtp_peer_cmd(gtp_peer *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(p->to, fmt, ap);
    va_end(ap);
    fputc('\n', p->to);
    fflush(p->to);
    char line[65536];
    size_t len = 0;
    int status = -1;
    p->reply[0] = '\0';
    while (fgets(line, sizeof line, p->from)) {
        if (status < 0) {
            if (line[0] != '=' && line[0] != '?')
                continue;
            status = line[0] == '=';
            char *t = line + 1;
            while (*t >= '0' && *t <= '9')
                t++;
            if (*t == ' ')
                t++;
            memmove(line, t, strlen(t) + 1);
        }
        if (line[0] == '\n' || line[0] == '\0')
            break;
        size_t n = strlen(line);
        if (len + n < sizeof p->reply) {
            memcpy(p->reply + len, line, n + 1);
            len += n;
        }
    }
    while (len && (p->reply[len - 1] == '\n' || p->reply[len - 1] == ' '))
        p->reply[--len] = '\0';
    return status;
}

static void gtp_peer_stop(gtp_peer *p)
{
    if (p->to) {
        fputs("quit\n", p->to);
        fflush(p->to);
        fclose(p->to);
    }
    if (p->from)
        fclose(p->from);
    if (p->pid > 0)
        waitpid(p->pid, NULL, 0);
}

#endif

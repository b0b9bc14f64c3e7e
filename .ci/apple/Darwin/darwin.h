// The part of Darwin's libc that ReMVVM (library, demo, tests) calls, declared as Apple's SDK
// declares it (types, constants' values), for the Apple check on Linux: Apple's headers are
// not on this machine. A call to anything else fails the check with "cannot find 'x' in
// scope": add it here, as <unistd.h>, <fcntl.h>, <poll.h>, <termios.h> or <signal.h> declare it.
typedef long ssize_t;
typedef unsigned long size_t;
typedef unsigned short mode_t;
typedef int pid_t;
typedef int sig_atomic_t;
typedef long time_t;
typedef unsigned long tcflag_t;
typedef unsigned char cc_t;
typedef unsigned long speed_t;
int *__error(void);
#define EINTR 4
#define EBADF 9
#define EIO 5
#define EAGAIN 35
#define EEXIST 17
#define ENOENT 2
#define ENOSPC 28
#define EACCES 13
#define EROFS 30
#define EINVAL 22
#define ENOTDIR 20
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_APPEND 0x0008
#define O_CREAT 0x0200
#define O_TRUNC 0x0400
#define O_EXCL 0x0800
#define O_DIRECTORY 0x00100000
#define O_CLOEXEC 0x01000000
#define O_NONBLOCK 0x00000004
/* <sys/stat.h>: the file type bits; the Darwin overlay gives them as mode_t values. */
static const mode_t S_IFMT = 0170000;
static const mode_t S_IFREG = 0100000;
static const mode_t S_IFIFO = 0010000;
static const mode_t S_IFDIR = 0040000;
struct timespec_stat { long tv_sec; long tv_nsec; };
struct stat {
    int st_dev;
    mode_t st_mode;
    unsigned short st_nlink;
    unsigned long long st_ino;
    unsigned int st_uid;
    unsigned int st_gid;
    int st_rdev;
    struct timespec_stat st_atimespec;
    struct timespec_stat st_mtimespec;
    struct timespec_stat st_ctimespec;
    struct timespec_stat st_birthtimespec;
    long long st_size;
    long long st_blocks;
    int st_blksize;
    unsigned int st_flags;
    unsigned int st_gen;
    int st_lspare;
    long long st_qspare[2];
};
int fstat(int, struct stat *);
int stat(const char *, struct stat *);
int mkfifo(const char *, mode_t);
ssize_t write(int, const void *, size_t);
ssize_t read(int, void *, size_t);
int open(const char *, int, ...);
int close(int);
int fsync(int);
int rename(const char *, const char *);
int unlink(const char *);
int mkdir(const char *, mode_t);
#define F_OK 0
int access(const char *, int);
time_t time(time_t *);
int pipe(int[2]);
char *strerror(int);
int isatty(int);
char *getenv(const char *);
size_t strlen(const char *);
#define _SC_PAGESIZE 29
long sysconf(int);
void exit(int) __attribute__((noreturn));
pid_t getpid(void);
int kill(pid_t, int);
int usleep(unsigned int);
// <poll.h>
typedef unsigned int nfds_t;
struct pollfd {
    int fd;
    short events;
    short revents;
};
#define POLLIN 0x0001
#define POLLERR 0x0008
#define POLLHUP 0x0010
#define POLLNVAL 0x0020
int poll(struct pollfd *, nfds_t, int);
// <termios.h>
#define NCCS 20
struct termios {
    tcflag_t c_iflag;
    tcflag_t c_oflag;
    tcflag_t c_cflag;
    tcflag_t c_lflag;
    cc_t c_cc[NCCS];
    speed_t c_ispeed;
    speed_t c_ospeed;
};
#define VMIN 16
#define VTIME 17
#define ECHO 0x00000008
#define ISIG 0x00000080
#define ICANON 0x00000100
#define IEXTEN 0x00000400
#define INLCR 0x00000040
#define ICRNL 0x00000100
#define IXON 0x00000200
#define TCSANOW 0
#define TCSAFLUSH 2
int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);
// <signal.h>
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGBUS 10
#define SIGKILL 9
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGTERM 15
typedef void (*sig_t)(int);
sig_t signal(int, sig_t);
int raise(int);
typedef struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; } pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; } pthread_mutexattr_t;
int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_main_np(void);
typedef struct __sFILE FILE;
int fflush(FILE *);
int atexit(void (*)(void));
void _exit(int) __attribute__((noreturn));

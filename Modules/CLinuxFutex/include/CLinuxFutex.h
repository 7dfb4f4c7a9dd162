#ifndef BISTRO_CLINUXFUTEX_H
#define BISTRO_CLINUXFUTEX_H
// Linux's priority-inheriting futex and thread id, for Reactive's lock. `syscall` is variadic, and
// Swift does not import variadic C functions: these wrappers are what Swift calls instead. They are
// static inline, so the compiler inlines them into the lock's fast path as it would its own code.
#if defined(__linux__)
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The calling thread's kernel id (what a PI futex word holds), asked of the kernel once per
/// thread and kept in thread-local storage, since every lock and unlock reads it.
static inline uint32_t bistro_thread_id(void) {
    static __thread uint32_t thread_id = 0;
    if (thread_id == 0) {
        thread_id = (uint32_t)syscall(SYS_gettid);
    }
    return thread_id;
}

/// The bits of a PI futex word that hold the owner's thread id.
static inline uint32_t bistro_futex_owner_mask(void) { return FUTEX_TID_MASK; }

/// Sleeps until the kernel makes the caller the holder of the PI futex at `word`: 0 then, else the
/// errno (EINTR and EAGAIN mean: try again).
static inline uint32_t bistro_futex_lock_pi(uint32_t *word) {
    long result = syscall(SYS_futex, word, FUTEX_LOCK_PI_PRIVATE, 0, NULL);
    return result == 0 ? 0 : (uint32_t)errno;
}

/// Gives the PI futex at `word`, held by the caller, to one of its sleeping waiters: 0, else the errno.
static inline uint32_t bistro_futex_unlock_pi(uint32_t *word) {
    long result = syscall(SYS_futex, word, FUTEX_UNLOCK_PI_PRIVATE);
    return result == 0 ? 0 : (uint32_t)errno;
}
#endif
#endif

// The SIGBUS guard of cyajl_mapping.h. The handler reads only the slot table (atomics) and the
// handler it replaced, and calls only mmap and sigaction, which are system calls.
#include "cyajl_mapping.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

enum { SLOTS = 64 };

static struct {
    _Atomic(uintptr_t) start, end;
    atomic_int taken, cut;
} slots[SLOTS];

static struct sigaction previous;
static uintptr_t page_size;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void on_sigbus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < SLOTS; slot++) {
        if (!atomic_load(&slots[slot].taken)) continue;
        if (address < atomic_load(&slots[slot].start) || address >= atomic_load(&slots[slot].end)) continue;
        void *page = (void *)(address & ~(page_size - 1));
        if (mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0) == MAP_FAILED) break;
        atomic_store(&slots[slot].cut, 1);
        return;
    }
    if (previous.sa_flags & SA_SIGINFO) {
        previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
    } else {
        // Returning retries the access, which now faults with the default action.
        struct sigaction fallback = {0};
        fallback.sa_handler = SIG_DFL;
        sigaction(SIGBUS, &fallback, NULL);
    }
}

static void install(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action = {0};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

int cyajl_mapping_guard(const void *start, size_t length) {
    pthread_once(&installed, install);
    for (int slot = 0; slot < SLOTS; slot++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&slots[slot].taken, &expected, 2)) continue;
        atomic_store(&slots[slot].start, (uintptr_t)start);
        atomic_store(&slots[slot].end, (uintptr_t)start + length);
        atomic_store(&slots[slot].cut, 0);
        atomic_store(&slots[slot].taken, 1);
        return slot;
    }
    return -1;
}

int cyajl_mapping_was_cut(int slot) {
    return atomic_load(&slots[slot].cut);
}

void cyajl_mapping_unguard(int slot) {
    atomic_store(&slots[slot].taken, 0);
}

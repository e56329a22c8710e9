#include "CCoreToCore.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

/// The word the two threads write, on a line of its own. One word for the process, a static:
/// where the line lies moves the figure (a round trip took 51 ns on this static, 78–89 ns on
/// a heap block and 96 ns on the caller's stack, one after the other), and a static is where
/// every measurement in `results/` was made. Measurements take turns on it (`taking_turns`),
/// so that two at once (two suites running formbench in one test process) cannot answer each
/// other's round trips.
static _Alignas(128) _Atomic long word;
static pthread_mutex_t taking_turns = PTHREAD_MUTEX_INITIALIZER;
/// What the word says when the measuring thread stops early.
enum { STOP = -3 };
/// How long a measurement may take: on a busy machine a thread held to one processor can wait
/// for the other's turn a whole time slice, round trip after round trip.
static const double time_limit = 0.1;

struct other_thread {
    int processor;
    long round_trips;
};

static int hold_to(int processor) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(processor, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

static void *answer(void *argument) {
    const struct other_thread *other = argument;
    if (!hold_to(other->processor)) {
        atomic_store_explicit(&word, -1, memory_order_release);
        return 0;
    }
    atomic_store_explicit(&word, 0, memory_order_release);
    for (long trip = 0; trip < other->round_trips; trip++) {
        long seen;
        while ((seen = atomic_load_explicit(&word, memory_order_acquire)) != 2 * trip + 1) {
            if (seen == STOP) return 0;
        }
        atomic_store_explicit(&word, 2 * trip + 2, memory_order_release);
    }
    return 0;
}

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static double measure(long round_trips);

double cctc_round_trip_nanoseconds(long round_trips) {
    if (round_trips <= 0) return -1;
    pthread_mutex_lock(&taking_turns);
    const double result = measure(round_trips);
    pthread_mutex_unlock(&taking_turns);
    return result;
}

static double measure(long round_trips) {
    cpu_set_t original;
    if (sched_getaffinity(0, sizeof original, &original) != 0) return -1;
    int processors[2], found = 0;
    for (int processor = 0; processor < CPU_SETSIZE && found < 2; processor++) {
        if (CPU_ISSET(processor, &original)) processors[found++] = processor;
    }
    if (found < 2 || !hold_to(processors[0])) {
        sched_setaffinity(0, sizeof original, &original);
        return -1;
    }
    atomic_store_explicit(&word, -2, memory_order_release);
    struct other_thread other = {processors[1], round_trips};
    pthread_t thread;
    double result = -1;
    if (pthread_create(&thread, 0, answer, &other) == 0) {
        // The other thread says whether it holds its processor (0) or cannot (-1).
        long state;
        while ((state = atomic_load_explicit(&word, memory_order_acquire)) == -2) {}
        if (state == 0) {
            struct timespec start;
            clock_gettime(CLOCK_MONOTONIC, &start);
            long trips = 0;
            while (trips < round_trips) {
                atomic_store_explicit(&word, 2 * trips + 1, memory_order_release);
                while (atomic_load_explicit(&word, memory_order_acquire) != 2 * trips + 2) {}
                trips++;
                // Past the time limit, the mean of the round trips made so far.
                if (trips % 1024 == 0 && trips < round_trips && seconds_since(&start) > time_limit) {
                    atomic_store_explicit(&word, STOP, memory_order_release);
                    break;
                }
            }
            result = seconds_since(&start) * 1e9 / (double)trips;
        }
        pthread_join(thread, 0);
    }
    sched_setaffinity(0, sizeof original, &original);
    return result;
}

#else

double cctc_round_trip_nanoseconds(long round_trips) {
    (void)round_trips;
    return -1;
}

#endif

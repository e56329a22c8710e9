#ifndef CCORETOCORE_H
#define CCORETOCORE_H

/// The mean time, in nanoseconds, one cache line takes to go from one processor to another and
/// back, over `round_trips`: the calling thread and a thread of its own, each held to one of the
/// first two processors the process may run on, take turns writing one atomic word. Returns -1
/// where that cannot be arranged (fewer than two processors allowed, affinity refused, a thread
/// not started, not Linux). It stops after 0.1 s (a busy machine can keep either thread from
/// its processor a time slice per round trip), with the mean of the round trips made by then.
/// The calling thread's processors are restored before it returns. Calls from several threads
/// take turns.
double cctc_round_trip_nanoseconds(long round_trips);

#endif

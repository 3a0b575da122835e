package io.orderingguard.testing.emulator;

import java.util.concurrent.atomic.AtomicLong;

/** Generates the tool call ids of scripted answers: valid on both wires and repeatable per run. */
final class IdSource {

    private final AtomicLong counter = new AtomicLong();

    String next(String prefix) {
        return prefix + String.format(java.util.Locale.ROOT, "%08d", counter.incrementAndGet());
    }

    void reset() {
        counter.set(0);
    }
}

package io.orderingguard.wire.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What a streaming read made of one field's value in recent bodies, keyed by the value's exact bytes.
 * An application declares the same tools with every request, so the declared tools of a body whose
 * {@code tools} bytes equal a recent body's are taken from that body instead of being read again (a
 * tree per schema, then a copy per tool). Equal bytes read alike: the value is read from those bytes
 * alone (never from the rest of the body, the URL path or the guard), and only a read that succeeded
 * is kept, as an immutable value.
 *
 * <p>Bounded: at most {@link #capacity()} values, each kept only when its bytes are at most
 * {@link #MAX_KEY_BYTES}; a new value replaces the oldest slot in turn. Thread-safe without locks: a
 * slot holds an immutable key and value, replaced whole.
 *
 * @param <T> what a value is read into; immutable
 */
final class FieldCache<T> {

    /** The most bytes a value may have to be kept. */
    static final int MAX_KEY_BYTES = 64 * 1024;

    private final AtomicReferenceArray<Slot<T>> slots;
    private final AtomicInteger next = new AtomicInteger();

    /**
     * Creates a cache.
     *
     * @param capacity how many values it keeps, at least 1
     */
    FieldCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, but was " + capacity);
        }
        this.slots = new AtomicReferenceArray<>(capacity);
    }

    /**
     * Returns what was read from a value with these bytes.
     *
     * @param body the bytes holding the value
     * @param start where the value starts
     * @param end where it ends (exclusive)
     * @return what was read, or {@code null} when no kept value has these bytes
     */
    T get(byte[] body, int start, int end) {
        int length = end - start;
        for (int i = 0; i < slots.length(); i++) {
            Slot<T> slot = slots.get(i);
            if (slot != null && slot.key.length == length && Arrays.equals(slot.key, 0, length, body, start, end)) {
                return slot.value;
            }
        }
        return null;
    }

    /**
     * Keeps what was read from a value, unless its bytes exceed {@link #MAX_KEY_BYTES}.
     *
     * @param body the bytes holding the value
     * @param start where the value starts
     * @param end where it ends (exclusive)
     * @param value what was read; immutable
     */
    void put(byte[] body, int start, int end, T value) {
        if (end - start > MAX_KEY_BYTES) {
            return;
        }
        slots.set(Math.floorMod(next.getAndIncrement(), slots.length()),
                new Slot<>(Arrays.copyOfRange(body, start, end), value));
    }

    /**
     * Returns how many values the cache keeps at most.
     *
     * @return the capacity
     */
    int capacity() {
        return slots.length();
    }

    /**
     * Returns how many values the cache keeps now.
     *
     * @return the number of filled slots
     */
    int size() {
        int size = 0;
        for (int i = 0; i < slots.length(); i++) {
            size += slots.get(i) == null ? 0 : 1;
        }
        return size;
    }

    /** One kept value: its bytes and what was read from them. */
    private record Slot<T>(byte[] key, T value) {}
}

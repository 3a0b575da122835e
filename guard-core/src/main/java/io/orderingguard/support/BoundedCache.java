package io.orderingguard.support;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

/**
 * A thread-safe cache that holds at most {@code capacity} entries and, when a new entry would exceed
 * that, forgets the oldest entries first (first in, first out). Reads take no lock. Values are
 * computed outside any lock: two threads missing the same key at once may both compute it, and the
 * first value stored wins, so the computation must be free of side effects. A computation that throws
 * caches nothing.
 *
 * <p>Supporting API for Ordering Guard's own modules (see the package documentation).
 *
 * @param <K> the key type: a value with {@code equals} and {@code hashCode}, such as a record
 * @param <V> the value type
 */
public final class BoundedCache<K, V> {

    private final int capacity;
    private final ConcurrentHashMap<K, V> values;
    private final ConcurrentLinkedQueue<K> insertionOrder = new ConcurrentLinkedQueue<>();

    private BoundedCache(int capacity) {
        this.capacity = capacity;
        this.values = new ConcurrentHashMap<>(Math.min(capacity, 64));
    }

    /**
     * Creates an empty cache.
     *
     * @param capacity the most entries it holds, at least 1
     * @param <K> the key type
     * @param <V> the value type
     * @return the cache
     * @throws IllegalArgumentException when {@code capacity < 1}
     */
    public static <K, V> BoundedCache<K, V> withCapacity(int capacity) {
        Require.argument(capacity >= 1, "capacity must be >= 1, but was " + capacity);
        return new BoundedCache<>(capacity);
    }

    /**
     * Returns the value of a key, computing and storing it on a miss.
     *
     * @param key the key, not {@code null}
     * @param compute computes the value of a missing key; must not return {@code null}
     * @return the cached or computed value
     * @throws NullPointerException when the key or the computed value is {@code null}
     */
    public V get(K key, Function<? super K, ? extends V> compute) {
        Objects.requireNonNull(key, "key must not be null");
        V cached = values.get(key);
        if (cached != null) {
            return cached;
        }
        V computed = Objects.requireNonNull(compute.apply(key), "computed value must not be null");
        V raced = values.putIfAbsent(key, computed);
        if (raced != null) {
            return raced;
        }
        insertionOrder.add(key);
        while (values.size() > capacity) {
            K oldest = insertionOrder.poll();
            if (oldest == null) {
                break;
            }
            values.remove(oldest);
        }
        return computed;
    }

    /**
     * Returns whether a key is cached now.
     *
     * @param key the key
     * @return {@code true} when cached
     */
    public boolean contains(K key) {
        return key != null && values.containsKey(key);
    }

    /**
     * Returns the number of cached entries.
     *
     * @return the size, at most the capacity
     */
    public int size() {
        return values.size();
    }

    /**
     * Returns the capacity.
     *
     * @return the most entries this cache holds
     */
    public int capacity() {
        return capacity;
    }
}

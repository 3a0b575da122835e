package io.orderingguard.support;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The entry ids the framework adapters derive from a request: {@code messages[i]} names of message
 * positions, and content-derived ids such as {@code thinking-<digest of the signature>}. Every round of
 * a tool loop encodes the whole conversation again, so these are made without intermediate strings,
 * and the position names of the first {@value #SHARED_POSITIONS} messages are made once per JVM (in
 * chunks of 1,024, on first use: at most about 1 MB for each kind of name).
 *
 * <p>Supporting API for Ordering Guard's own modules (see the package documentation).
 *
 * <p>Thread-safe: the shared names are immutable strings published through an atomic array.
 */
public final class EncoderIds {

    /** How many {@code messages[i]} names are made once and shared. */
    public static final int SHARED_POSITIONS = 16_384;

    private static final int CHUNK = 1_024;
    private static final AtomicReferenceArray<String[]> POSITIONS =
            new AtomicReferenceArray<>(SHARED_POSITIONS / CHUNK);
    private static final AtomicReferenceArray<String[]> FIRST_RESPONSES =
            new AtomicReferenceArray<>(SHARED_POSITIONS / CHUNK);
    private static final String[] HEX_PAIRS = new String[256];

    static {
        String digits = "0123456789abcdef";
        for (int b = 0; b < 256; b++) {
            HEX_PAIRS[b] = new String(new char[] {digits.charAt(b >>> 4), digits.charAt(b & 0xF)});
        }
    }

    private EncoderIds() {
    }

    /**
     * Returns {@code messages[index]}, the id of the entry a request's message at {@code index} becomes.
     *
     * @param index the position of the message in the request, from 0
     * @return the name; the same instance on every call for an index below {@link #SHARED_POSITIONS}
     * @throws IllegalArgumentException when {@code index} is negative
     */
    public static String message(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0, but was " + index);
        }
        return index < SHARED_POSITIONS ? shared(POSITIONS, index, "") : "messages[" + index + "]";
    }

    /**
     * Returns {@code messages[index].responses[position]}, the name of response {@code position} of the
     * message at {@code index} (Spring AI's tool response messages hold a list of responses).
     *
     * @param index the position of the message in the request, from 0
     * @param position the position of the response in the message, from 0
     * @return the name; the same instance on every call for the first response of a message whose index
     *     is below {@link #SHARED_POSITIONS}
     * @throws IllegalArgumentException when {@code index} or {@code position} is negative
     */
    public static String response(int index, int position) {
        if (index < 0 || position < 0) {
            throw new IllegalArgumentException(
                    "index and position must be >= 0, but were " + index + " and " + position);
        }
        if (position == 0 && index < SHARED_POSITIONS) {
            return shared(FIRST_RESPONSES, index, ".responses[0]");
        }
        return "messages[" + index + "].responses[" + position + "]";
    }

    /** The shared name {@code messages[index]} followed by {@code suffix}, made with its chunk on first use. */
    private static String shared(AtomicReferenceArray<String[]> table, int index, String suffix) {
        int chunk = index / CHUNK;
        String[] names = table.get(chunk);
        if (names == null) {
            names = new String[CHUNK];
            int first = chunk * CHUNK;
            for (int i = 0; i < CHUNK; i++) {
                names[i] = "messages[" + (first + i) + "]" + suffix;
            }
            if (!table.compareAndSet(chunk, null, names)) {
                names = table.get(chunk);
            }
        }
        return names[index % CHUNK];
    }

    /**
     * Returns the position of a name made by {@link #message(int)}.
     *
     * @param name a name {@code messages[i]}, possibly followed by more (such as {@code .responses[k]})
     * @return {@code i}, or {@code -1} when the name does not start with {@code messages[i]}
     */
    public static int messageIndex(String name) {
        if (name == null || !name.startsWith("messages[")) {
            return -1;
        }
        int close = name.indexOf(']', 9);
        if (close <= 9) {
            return -1;
        }
        int value = 0;
        for (int i = 9; i < close; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9' || value > (Integer.MAX_VALUE - 9) / 10) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /**
     * Returns {@code prefix} followed by 12 lower-case hex digits: the top 48 bits of a fingerprint (the
     * adapters pass the canonical fingerprint of a blob such as a signature). Made as one string, with no
     * intermediate ones.
     *
     * @param prefix the prefix, such as {@code thinking-}
     * @param fingerprint the fingerprint
     * @return the id
     */
    public static String digest(String prefix, long fingerprint) {
        long top = fingerprint >>> 16;
        return prefix + HEX_PAIRS[(int) (top >>> 40) & 0xFF] + HEX_PAIRS[(int) (top >>> 32) & 0xFF]
                + HEX_PAIRS[(int) (top >>> 24) & 0xFF] + HEX_PAIRS[(int) (top >>> 16) & 0xFF]
                + HEX_PAIRS[(int) (top >>> 8) & 0xFF] + HEX_PAIRS[(int) top & 0xFF];
    }
}

package io.orderingguard.redis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies {@code System.err} into a buffer while open, so that a test can count the lines
 * slf4j-simple prints (it looks up {@code System.err} on every line). Restores the original
 * stream on {@link #close()}. Not for tests that run in parallel with each other.
 */
final class StderrCapture implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    private StderrCapture() {
        System.setErr(new PrintStream(new Tee(original, buffer), true, StandardCharsets.UTF_8));
    }

    /** Starts copying. */
    static StderrCapture start() {
        return new StderrCapture();
    }

    /** Everything printed to stderr since {@link #start()}. */
    String printed() {
        synchronized (buffer) {
            return buffer.toString(StandardCharsets.UTF_8);
        }
    }

    /** The number of printed lines containing {@code marker}. */
    long lines(String marker) {
        return printed().lines().filter(line -> line.contains(marker)).count();
    }

    /** The printed lines containing {@code marker}, one per line, for assertion messages. */
    String linesWith(String marker) {
        return String.join("\n", printed().lines().filter(line -> line.contains(marker)).toList());
    }

    @Override
    public void close() {
        System.err.flush();
        System.setErr(original);
    }

    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            synchronized (second) {
                first.write(b);
                second.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (second) {
                first.write(b, off, len);
                second.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            first.flush();
        }
    }
}

package io.orderingguard.server;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request body without holding a thread while the client is slow: chunks are copied into one
 * array (sized from {@code Content-Length} when the client sent one) as they arrive, and the reader
 * waits for more with {@link Content.Source#demand}. Past the limit the rest is read and thrown away
 * (up to a bound), so that the client gets its 413 rather than a reset connection.
 */
final class BodyReader implements Runnable {

    /** How much past the limit is read and discarded before the connection is given up. */
    private static final long DISCARD_BOUND = 256L * 1024 * 1024;

    private final Content.Source source;
    private final int limit;
    private final Consumer<byte[]> done;
    private final Consumer<Long> tooLarge;
    private final Consumer<Throwable> failed;
    private byte[] buffer;
    private long size;

    private BodyReader(Content.Source source, int limit, long contentLength, Consumer<byte[]> done,
            Consumer<Long> tooLarge, Consumer<Throwable> failed) {
        this.source = source;
        this.limit = limit;
        this.done = done;
        this.tooLarge = tooLarge;
        this.failed = failed;
        this.buffer = new byte[(int) Math.max(0, Math.min(contentLength < 0 ? 8192 : contentLength, limit))];
    }

    /**
     * Starts reading; exactly one of the consumers is called, on the thread that read the last chunk.
     *
     * @param source the request
     * @param limit the largest body accepted
     * @param contentLength the declared length, or -1
     * @param done receives the body (an array of exactly its length)
     * @param tooLarge receives the bytes seen when the body is larger than the limit
     * @param failed receives a read failure (the client went away, an idle timeout)
     */
    static void read(Content.Source source, int limit, long contentLength, Consumer<byte[]> done,
            Consumer<Long> tooLarge, Consumer<Throwable> failed) {
        new BodyReader(source, limit, contentLength, done, tooLarge, failed).run();
    }

    @Override
    public void run() {
        while (true) {
            Content.Chunk chunk = source.read();
            if (chunk == null) {
                source.demand(this);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                failed.accept(chunk.getFailure());
                return;
            }
            ByteBuffer bytes = chunk.getByteBuffer();
            int n = bytes.remaining();
            if (size + n <= limit) {
                if (size + n > buffer.length) {
                    buffer = Arrays.copyOf(buffer, (int) Math.min(limit, Math.max(size + n, buffer.length * 2L)));
                }
                bytes.get(buffer, (int) size, n);
            } else {
                buffer = null;
            }
            size += n;
            boolean last = chunk.isLast();
            chunk.release();
            if (size > limit + DISCARD_BOUND) {
                tooLarge.accept(size);
                return;
            }
            if (last) {
                if (size > limit) {
                    tooLarge.accept(size);
                } else {
                    done.accept(buffer.length == size ? buffer : Arrays.copyOf(buffer, (int) size));
                }
                return;
            }
        }
    }
}

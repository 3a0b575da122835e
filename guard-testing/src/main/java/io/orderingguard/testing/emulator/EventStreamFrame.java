package io.orderingguard.testing.emulator;

import io.orderingguard.support.Require;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * One message of the AWS event-stream binary framing ({@code application/vnd.amazon.eventstream}),
 * the framing Bedrock's {@code converse-stream} answers with: string headers and a payload.
 *
 * <p>The wire layout, all integers big-endian: a 12-byte prelude (total length, headers length, and
 * the CRC32 of those 8 bytes), the headers (each a 1-byte name length, the UTF-8 name, the value
 * type {@code 7} for a string, a 2-byte value length and the UTF-8 value), the payload, and the
 * CRC32 of everything before it.
 *
 * <pre>{@code
 * byte[] frame = EventStreamFrame.event("messageStart", "{\"role\":\"assistant\"}").encode();
 * }</pre>
 *
 * @param headers the headers, in wire order (names 1–255 UTF-8 bytes, values at most 32,767)
 * @param payload the payload bytes (not copied: treat as read-only)
 */
record EventStreamFrame(Map<String, String> headers, byte[] payload) {

    /** The largest message the AWS decoders accept (16 MiB). */
    public static final int MAX_MESSAGE = 16 * 1024 * 1024;

    private static final int PRELUDE = 12;
    private static final int TRAILER = 4;
    private static final byte STRING = 7;

    /** Validates the fields and copies the headers, keeping their order. */
    public EventStreamFrame {
        Require.nonNull(headers, "headers");
        Require.nonNull(payload, "payload");
        Map<String, String> copy = new LinkedHashMap<>();
        headers.forEach((name, value) -> {
            int nameLength = Require.nonNull(name, "header name").getBytes(StandardCharsets.UTF_8).length;
            Require.argument(nameLength >= 1 && nameLength <= 255,
                    "header name must be 1 to 255 UTF-8 bytes, but '" + name + "' has " + nameLength);
            int valueLength = Require.nonNull(value, "headers['" + name + "']").getBytes(StandardCharsets.UTF_8).length;
            Require.argument(valueLength <= Short.MAX_VALUE, "headers['" + name + "'] must be at most 32767 UTF-8 "
                    + "bytes, but has " + valueLength);
            copy.put(name, value);
        });
        headers = Collections.unmodifiableMap(copy);
    }

    /**
     * An event message: {@code :event-type}, {@code :content-type application/json} and
     * {@code :message-type event}, as Bedrock sends each stream event.
     *
     * @param eventType the event name, e.g. {@code contentBlockDelta}
     * @param json the event's JSON payload
     * @return the frame
     */
    public static EventStreamFrame event(String eventType, String json) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(":event-type", Require.nonBlank(eventType, "eventType"));
        headers.put(":content-type", "application/json");
        headers.put(":message-type", "event");
        return new EventStreamFrame(headers, Require.nonNull(json, "json").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An exception message: {@code :exception-type} (e.g. {@code validationException}),
     * {@code :content-type application/json} and {@code :message-type exception}, with the
     * {@code {"message": …}} payload Bedrock sends when a stream fails after it started.
     *
     * @param exceptionType the exception's member name in the stream union
     * @param json the payload
     * @return the frame
     */
    public static EventStreamFrame exception(String exceptionType, String json) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(":exception-type", Require.nonBlank(exceptionType, "exceptionType"));
        headers.put(":content-type", "application/json");
        headers.put(":message-type", "exception");
        return new EventStreamFrame(headers, Require.nonNull(json, "json").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes the message in the binary framing.
     *
     * @return the bytes: prelude, headers, payload and message CRC
     * @throws IllegalStateException when the message exceeds {@value #MAX_MESSAGE} bytes
     */
    public byte[] encode() {
        ByteArrayOutputStream encodedHeaders = new ByteArrayOutputStream();
        headers.forEach((name, value) -> {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            byte[] v = value.getBytes(StandardCharsets.UTF_8);
            encodedHeaders.write(n.length);
            encodedHeaders.writeBytes(n);
            encodedHeaders.write(STRING);
            encodedHeaders.write(v.length >>> 8);
            encodedHeaders.write(v.length & 0xff);
            encodedHeaders.writeBytes(v);
        });
        int headersLength = encodedHeaders.size();
        long total = (long) PRELUDE + headersLength + payload.length + TRAILER;
        if (total > MAX_MESSAGE) {
            throw new IllegalStateException("an event-stream message is at most " + MAX_MESSAGE + " bytes, but this one "
                    + "would be " + total);
        }
        ByteBuffer out = ByteBuffer.allocate((int) total);
        out.putInt((int) total).putInt(headersLength);
        out.putInt((int) crc(out.array(), 0, 8));
        out.put(encodedHeaders.toByteArray()).put(payload);
        out.putInt((int) crc(out.array(), 0, out.position()));
        return out.array();
    }

    /**
     * Writes several messages one after the other, as a response body carries them.
     *
     * @param frames the messages
     * @return the concatenated bytes
     */
    public static byte[] encodeAll(Iterable<EventStreamFrame> frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (EventStreamFrame frame : frames) {
            out.writeBytes(frame.encode());
        }
        return out.toByteArray();
    }

    private static long crc(byte[] bytes, int offset, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, offset, length);
        return crc.getValue();
    }

    /**
     * Returns the payload as UTF-8 text.
     *
     * @return the payload text
     */
    public String payloadText() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventStreamFrame other && headers.equals(other.headers)
                && java.util.Arrays.equals(payload, other.payload);
    }

    @Override
    public int hashCode() {
        return 31 * headers.hashCode() + java.util.Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "EventStreamFrame" + headers + " " + payloadText();
    }
}

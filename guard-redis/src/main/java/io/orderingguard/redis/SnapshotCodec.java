package io.orderingguard.redis;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.timeline.Kind;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored form of a {@link Snapshot}: a small versioned binary layout, big-endian.
 *
 * <pre>
 * 'O' 'G'                         marker
 * u8      format                  1
 * i64     version                 &gt;= 1
 * str     provider, str model     nullable
 * i32     n                       entry count
 * n × (str id, u8 kind)           kind: 1 message, 2 thought, 3 toolCall
 * n × i64                         whole-payload fingerprints
 * i32     w, w × str              captured field paths
 * n·w × i64                       field fingerprints, row-major
 * str = i32 byte length (-1 for null) + UTF-8 bytes
 * </pre>
 *
 * <p>A snapshot holds ids, kinds and fingerprints only, so neither does its encoding. An entry costs
 * {@code 13 + idBytes + 8·w} bytes. Decoding checks every length against the bytes that remain
 * before allocating, so a damaged value fails with a {@link SnapshotFormatException} naming the byte
 * offset, never with an out-of-memory error or a {@code NullPointerException}.
 *
 * <p>Thread-safe: stateless.
 */
final class SnapshotCodec {

    /** The format this version writes and the only one it reads. */
    static final int FORMAT = 1;

    private static final byte MARKER_0 = 'O';
    private static final byte MARKER_1 = 'G';
    private static final int MIN_ENTRY_BYTES = 4 + 1 + 8;

    private SnapshotCodec() {}

    /**
     * Encodes a snapshot.
     *
     * @param snapshot the snapshot
     * @return the bytes
     */
    static byte[] encode(Snapshot snapshot) {
        int n = snapshot.size();
        List<String> paths = snapshot.fieldPaths();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + n * (24 + 8 * paths.size()));
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(MARKER_0);
            out.writeByte(MARKER_1);
            out.writeByte(FORMAT);
            out.writeLong(snapshot.version());
            writeString(out, snapshot.provider());
            writeString(out, snapshot.model());
            out.writeInt(n);
            for (int i = 0; i < n; i++) {
                writeString(out, snapshot.id(i));
                out.writeByte(kindCode(snapshot.kind(i)));
            }
            for (long fingerprint : snapshot.payloadFingerprints()) {
                out.writeLong(fingerprint);
            }
            out.writeInt(paths.size());
            for (String path : paths) {
                writeString(out, path);
            }
            for (long fingerprint : snapshot.fieldFingerprints()) {
                out.writeLong(fingerprint);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Decodes a snapshot.
     *
     * @param bytes the stored bytes
     * @return the snapshot
     * @throws SnapshotFormatException when the bytes are not a snapshot of format {@value #FORMAT}
     */
    static Snapshot decode(byte[] bytes) {
        Reader in = new Reader(bytes);
        if (bytes.length < 2 || bytes[0] != MARKER_0 || bytes[1] != MARKER_1) {
            throw new SnapshotFormatException("not a snapshot: expected the marker 'OG' at byte 0, but found "
                    + (bytes.length == 0 ? "an empty value" : "0x" + hex(bytes, 2)));
        }
        in.skip(2);
        int format = in.readByte("format");
        if (format != FORMAT) {
            throw new SnapshotFormatException("unsupported snapshot format " + format
                    + " at byte 2 (this version reads format " + FORMAT + ")");
        }
        int versionAt = in.position();
        long version = in.readLong("version");
        if (version < 1) {
            throw new SnapshotFormatException("version at byte " + versionAt + " must be >= 1, but was " + version);
        }
        String provider = in.readString("provider");
        String model = in.readString("model");
        int n = in.readCount("entry count", MIN_ENTRY_BYTES);
        List<String> ids = new ArrayList<>(n);
        List<Kind> kinds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String id = in.readString("id of entry " + i);
            if (id == null) {
                throw new SnapshotFormatException("id of entry " + i + " is null (length -1) before byte "
                        + in.position() + ", but ids are required");
            }
            ids.add(id);
            int codeAt = in.position();
            kinds.add(kindOf(in.readByte("kind of entry " + i), codeAt));
        }
        long[] payloads = in.readLongs(n, "payload fingerprints");
        int width = in.readCount("field path count", 4);
        List<String> paths = new ArrayList<>(width);
        for (int p = 0; p < width; p++) {
            String path = in.readString("field path " + p);
            if (path == null) {
                throw new SnapshotFormatException("field path " + p + " is null (length -1) before byte "
                        + in.position() + ", but field paths are required");
            }
            paths.add(path);
        }
        long cells = (long) n * width;
        if (cells > in.remaining() / 8) {
            throw new SnapshotFormatException("truncated at byte " + in.position() + ": " + n + " entries × "
                    + width + " field paths need " + (cells * 8) + " bytes of field fingerprints, but "
                    + in.remaining() + " remain");
        }
        long[] fields = in.readLongs((int) cells, "field fingerprints");
        if (in.remaining() != 0) {
            throw new SnapshotFormatException(in.remaining() + " unexpected trailing bytes after byte " + in.position());
        }
        return Snapshot.of(version, provider, model, ids, kinds, payloads, paths, fields);
    }

    private static void writeString(DataOutputStream out, String value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static int kindCode(Kind kind) {
        switch (kind) {
            case MESSAGE:
                return 1;
            case THOUGHT:
                return 2;
            case TOOL_CALL:
                return 3;
            default:
                throw new IllegalStateException("no stored code for kind " + kind + "; add one to SnapshotCodec");
        }
    }

    private static Kind kindOf(int code, int at) {
        switch (code) {
            case 1:
                return Kind.MESSAGE;
            case 2:
                return Kind.THOUGHT;
            case 3:
                return Kind.TOOL_CALL;
            default:
                throw new SnapshotFormatException("unknown entry kind code " + code + " at byte " + at
                        + " (expected 1 message, 2 thought or 3 toolCall)");
        }
    }

    private static String hex(byte[] bytes, int max) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(max, bytes.length); i++) {
            s.append(String.format("%02x", bytes[i] & 0xff));
        }
        return s.toString();
    }

    /** Bounds-checked reads whose errors name the field and the byte offset. */
    private static final class Reader {
        private final ByteBuffer buffer;

        Reader(byte[] bytes) {
            this.buffer = ByteBuffer.wrap(bytes);
        }

        int position() {
            return buffer.position();
        }

        int remaining() {
            return buffer.remaining();
        }

        void skip(int count) {
            buffer.position(buffer.position() + count);
        }

        int readByte(String what) {
            need(1, what);
            return buffer.get() & 0xff;
        }

        int readInt(String what) {
            need(4, what);
            return buffer.getInt();
        }

        long readLong(String what) {
            need(8, what);
            return buffer.getLong();
        }

        long[] readLongs(int count, String what) {
            need(8L * count, what);
            long[] values = new long[count];
            buffer.asLongBuffer().get(values);
            skip(8 * count);
            return values;
        }

        /** A count of items that each take at least {@code minBytes}: more than can fit is damage. */
        int readCount(String what, int minBytes) {
            int at = position();
            int count = readInt(what);
            if (count < 0 || count > remaining() / minBytes) {
                throw new SnapshotFormatException(what + " at byte " + at + " is " + count + ", but must be 0.."
                        + remaining() / minBytes + " for the " + remaining() + " bytes that remain");
            }
            return count;
        }

        String readString(String what) {
            int at = position();
            int length = readInt(what + " length");
            if (length == -1) {
                return null;
            }
            if (length < -1) {
                throw new SnapshotFormatException(what + " length at byte " + at + " is " + length
                        + ", but must be -1 (null) or more");
            }
            need(length, what);
            ByteBuffer slice = buffer.slice();
            slice.limit(length);
            try {
                String value = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(slice)
                        .toString();
                skip(length);
                return value;
            } catch (CharacterCodingException e) {
                throw new SnapshotFormatException(what + " at byte " + (at + 4) + " is not valid UTF-8", e);
            }
        }

        private void need(long count, String what) {
            if (count > buffer.remaining()) {
                throw new SnapshotFormatException("truncated at byte " + buffer.position() + ": expected " + count
                        + " bytes for the " + what + ", but " + buffer.remaining() + " remain");
            }
        }
    }
}

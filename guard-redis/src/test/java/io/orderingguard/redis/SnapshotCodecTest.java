package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Timeline;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SnapshotCodecTest {

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 25).mapToObj(i -> 104_729L * i + 3)
                .map(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    /** Random snapshots: any size, null or unicode provider/model, 0..3 field paths, any longs. */
    static Snapshot randomSnapshot(Random random) {
        int n = random.nextInt(40);
        int width = random.nextInt(4);
        List<String> ids = new ArrayList<>();
        List<Kind> kinds = new ArrayList<>();
        long[] payloads = new long[n];
        for (int i = 0; i < n; i++) {
            ids.add(random.nextInt(5) == 0 ? "" : "toolu_" + Long.toHexString(random.nextLong()) + (i % 7 == 0 ? "é😀" : ""));
            kinds.add(Kind.values()[random.nextInt(Kind.values().length)]);
            payloads[i] = random.nextLong();
        }
        List<String> paths = new ArrayList<>();
        for (int p = 0; p < width; p++) {
            paths.add("field" + p + ".signature");
        }
        long[] fields = random.longs((long) n * width).toArray();
        return Snapshot.of(1 + (random.nextLong() & Long.MAX_VALUE) % 1_000_000_000_000L,
                random.nextBoolean() ? null : "provider-" + random.nextInt(9),
                random.nextBoolean() ? null : "modèle-" + random.nextInt(9), ids, kinds, payloads, paths, fields);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_decode_what_it_encodes(long seed) {
        Snapshot snapshot = randomSnapshot(new Random(seed));

        assertThat(SnapshotCodec.decode(SnapshotCodec.encode(snapshot))).isEqualTo(snapshot);
    }

    /** Every proper prefix of a valid value is a damaged value: a clear error, never another exception. */
    @ParameterizedTest
    @MethodSource("seeds")
    void should_report_every_truncation_as_a_format_error(long seed) {
        byte[] bytes = SnapshotCodec.encode(randomSnapshot(new Random(seed)));

        for (int length = 0; length < bytes.length; length++) {
            byte[] prefix = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> SnapshotCodec.decode(prefix)).as("prefix of %d bytes", length)
                    .isInstanceOf(SnapshotFormatException.class);
        }
    }

    /** Random byte damage either still decodes or is a SnapshotFormatException; nothing else escapes. */
    @ParameterizedTest
    @MethodSource("seeds")
    void should_never_throw_anything_but_a_format_error_for_damaged_bytes(long seed) {
        Random random = new Random(seed);
        byte[] valid = SnapshotCodec.encode(randomSnapshot(random));

        for (int trial = 0; trial < 200; trial++) {
            byte[] damaged = valid.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            }
            Throwable thrown = catchThrowable(() -> SnapshotCodec.decode(damaged));
            assertThat(thrown).as("trial %d", trial).satisfiesAnyOf(
                    t -> assertThat(t).isNull(),
                    t -> assertThat(t).isInstanceOf(SnapshotFormatException.class));
        }
    }

    @Test
    void should_hold_ids_and_fingerprints_but_no_message_text() {
        Dispatch dispatch = Dispatch.of("conv-1", "anthropic", "claude-x", Timeline.of(
                Entry.user("u1", "my card number is 4111 1111 1111 1111"),
                Entry.assistant("a1", "I will not store that"),
                Entry.thought("t1", "secret chain of thought")));

        byte[] bytes = SnapshotCodec.encode(Snapshot.capture(dispatch, List.of("signature"), 1));

        String asText = new String(bytes, StandardCharsets.ISO_8859_1);
        assertThat(asText).contains("u1", "a1", "t1", "anthropic", "claude-x")
                .doesNotContain("4111", "not store", "secret");
        assertThat(SnapshotCodec.decode(bytes).size()).isEqualTo(3);
    }

    @Test
    void should_take_13_bytes_plus_the_id_plus_8_per_field_path_per_entry() {
        Snapshot empty = Snapshot.of(7, "p", "m", List.of(), List.of(), new long[0], List.of("sig"), new long[0]);
        Snapshot two = Snapshot.of(7, "p", "m", List.of("id-1", "id-2"), List.of(Kind.MESSAGE, Kind.TOOL_CALL),
                new long[2], List.of("sig"), new long[2]);

        int header = SnapshotCodec.encode(empty).length;
        assertThat(header).isEqualTo(2 + 1 + 8 + (4 + 1) + (4 + 1) + 4 + 4 + (4 + 3));
        assertThat(SnapshotCodec.encode(two).length - header).isEqualTo(2 * (13 + 4 + 8));
    }

    @Test
    void should_fail_on_an_empty_value() {
        assertThatThrownBy(() -> SnapshotCodec.decode(new byte[0]))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("not a snapshot: expected the marker 'OG' at byte 0, but found an empty value");
    }

    @Test
    void should_fail_on_a_foreign_value() {
        assertThatThrownBy(() -> SnapshotCodec.decode("{\"version\":1}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("not a snapshot: expected the marker 'OG' at byte 0, but found 0x7b22");
    }

    @Test
    void should_fail_on_an_unknown_format() {
        byte[] bytes = valid();
        bytes[2] = 9;

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("unsupported snapshot format 9 at byte 2 (this version reads format 1)");
    }

    @Test
    void should_fail_on_version_zero() {
        byte[] bytes = valid();
        ByteBuffer.wrap(bytes).putLong(3, 0L);

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("version at byte 3 must be >= 1, but was 0");
    }

    @Test
    void should_fail_on_a_truncated_value_naming_the_field() {
        byte[] bytes = Arrays.copyOf(valid(), 7);

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("truncated at byte 3: expected 8 bytes for the version, but 4 remain");
    }

    @Test
    void should_fail_on_an_entry_count_larger_than_the_value_can_hold() {
        byte[] bytes = valid();
        // 11 header bytes, provider "p" (5), model "m" (5): the entry count is at byte 21
        ByteBuffer.wrap(bytes).putInt(21, 1_000_000_000);

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("entry count at byte 21 is 1000000000, but must be 0..1 for the 21 bytes that remain");
    }

    @Test
    void should_fail_on_an_unknown_kind_code() {
        byte[] bytes = valid();
        // entry count at 21..24, id "id-1" length at 25..28, bytes 29..32, kind at 33
        bytes[33] = 42;

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("unknown entry kind code 42 at byte 33 (expected 1 message, 2 thought or 3 toolCall)");
    }

    @Test
    void should_fail_on_a_null_id() {
        byte[] bytes = valid();
        ByteBuffer.wrap(bytes).putInt(25, -1);

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("id of entry 0 is null (length -1) before byte 29, but ids are required");
    }

    @Test
    void should_fail_on_invalid_utf8() {
        byte[] bytes = valid();
        bytes[29] = (byte) 0xC3;
        bytes[30] = (byte) 0x28;

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("id of entry 0 at byte 29 is not valid UTF-8");
    }

    @Test
    void should_fail_on_trailing_bytes() {
        byte[] bytes = Arrays.copyOf(valid(), valid().length + 3);

        assertThatThrownBy(() -> SnapshotCodec.decode(bytes))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("3 unexpected trailing bytes after byte " + valid().length);
    }

    @Test
    void should_round_trip_every_kind() {
        Snapshot snapshot = Snapshot.of(1, null, null, List.of("a", "b", "c"),
                List.of(Kind.MESSAGE, Kind.THOUGHT, Kind.TOOL_CALL), new long[] {1, 2, 3}, List.of(), new long[0]);

        Snapshot decoded = SnapshotCodec.decode(SnapshotCodec.encode(snapshot));

        assertThat(IntStream.range(0, 3).mapToObj(decoded::kind)).containsExactly(Kind.values());
        assertThat(decoded.provider()).isNull();
        assertThat(decoded.model()).isNull();
    }

    /** One entry "id-1" (message), provider "p", model "m", no field paths: 46 bytes. */
    private static byte[] valid() {
        return SnapshotCodec.encode(Snapshot.of(5, "p", "m", List.of("id-1"), List.of(Kind.MESSAGE),
                new long[] {99}, List.of(), new long[0]));
    }
}

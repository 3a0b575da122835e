package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.eventstream.HeaderValue;
import software.amazon.awssdk.eventstream.Message;
import software.amazon.awssdk.eventstream.MessageDecoder;

/**
 * The emulator's AWS event-stream encoder, checked against the AWS SDK's own codec
 * ({@code software.amazon.awssdk:eventstream}, which {@code BedrockRuntimeAsyncClient} decodes
 * {@code converse-stream} with): a known vector, and seeded random messages decoded by the SDK and
 * encoded by it to the same bytes.
 */
class EventStreamFrameTest {

    @Test
    void should_encode_the_empty_message_of_the_aws_test_suite() {
        byte[] bytes = new EventStreamFrame(Map.of(), new byte[0]).encode();

        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("000000100000000005c248eb7d98c8ff");
    }

    @Test
    void should_encode_an_event_the_sdk_decodes_with_its_headers_and_payload() {
        byte[] bytes = EventStreamFrame.event("messageStart", "{\"role\":\"assistant\"}").encode();

        List<Message> decoded = decode(bytes);

        assertThat(decoded).singleElement().satisfies(m -> {
            assertThat(m.getHeaders()).containsOnlyKeys(":event-type", ":content-type", ":message-type");
            assertThat(m.getHeaders().get(":event-type").getString()).isEqualTo("messageStart");
            assertThat(m.getHeaders().get(":content-type").getString()).isEqualTo("application/json");
            assertThat(m.getHeaders().get(":message-type").getString()).isEqualTo("event");
            assertThat(new String(m.getPayload(), StandardCharsets.UTF_8)).isEqualTo("{\"role\":\"assistant\"}");
        });
        assertThat(bytes.length).isEqualTo(12 + (1 + 11 + 3 + 12) + (1 + 13 + 3 + 16) + (1 + 13 + 3 + 5) + 20 + 4);
    }

    @Test
    void should_mark_an_exception_message() {
        Message decoded = decode(EventStreamFrame.exception("validationException", "{\"message\":\"bad\"}").encode()).get(0);

        assertThat(decoded.getHeaders().get(":message-type").getString()).isEqualTo("exception");
        assertThat(decoded.getHeaders().get(":exception-type").getString()).isEqualTo("validationException");
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 200).mapToObj(seed -> Arguments.argumentSet("seed " + seed, (long) seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_write_the_bytes_the_sdk_writes_for_random_messages(long seed) {
        Random random = new Random(seed);
        Map<String, String> headers = new LinkedHashMap<>();
        int count = random.nextInt(6);
        while (headers.size() < count) {
            headers.put(":" + text(random, 1 + random.nextInt(20)), text(random, 1 + random.nextInt(300)));
        }
        byte[] payload = new byte[random.nextInt(2000)];
        random.nextBytes(payload);
        EventStreamFrame frame = new EventStreamFrame(headers, payload);

        byte[] ours = frame.encode();

        Map<String, HeaderValue> sdkHeaders = new LinkedHashMap<>();
        headers.forEach((k, v) -> sdkHeaders.put(k, HeaderValue.fromString(v)));
        ByteBuffer sdk = new Message(sdkHeaders, payload).toByteBuffer();
        byte[] theirs = new byte[sdk.remaining()];
        sdk.get(theirs);
        assertThat(ours).isEqualTo(theirs);
        Message decoded = decode(ours).get(0);
        assertThat(decoded.getPayload()).isEqualTo(payload);
        assertThat(decoded.getHeaders().keySet()).containsExactlyInAnyOrderElementsOf(headers.keySet());
        headers.forEach((k, v) -> assertThat(decoded.getHeaders().get(k).getString()).isEqualTo(v));
    }

    @Test
    void should_decode_frames_written_one_after_the_other() {
        byte[] bytes = EventStreamFrame.encodeAll(List.of(EventStreamFrame.event("a", "{}"),
                EventStreamFrame.event("b", "{\"x\":1}")));

        assertThat(decode(bytes)).extracting(m -> m.getHeaders().get(":event-type").getString()).containsExactly("a", "b");
    }

    @Test
    void should_fail_when_a_header_name_is_empty() {
        Throwable thrown = catchThrowable(() -> new EventStreamFrame(Map.of("", "x"), new byte[0]));

        assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("header name must be 1 to 255 UTF-8 bytes, but '' has 0");
    }

    @Test
    void should_fail_when_a_header_value_is_too_long() {
        Throwable thrown = catchThrowable(() -> new EventStreamFrame(Map.of("k", "v".repeat(40_000)), new byte[0]));

        assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("headers['k'] must be at most 32767 UTF-8 bytes, but has 40000");
    }

    @Test
    void should_fail_when_the_message_exceeds_16_mib() {
        EventStreamFrame huge = new EventStreamFrame(Map.of(), new byte[EventStreamFrame.MAX_MESSAGE]);

        Throwable thrown = catchThrowable(huge::encode);

        assertThat(thrown).isInstanceOf(IllegalStateException.class)
                .hasMessage("an event-stream message is at most 16777216 bytes, but this one would be 16777232");
    }

    private static List<Message> decode(byte[] bytes) {
        MessageDecoder decoder = new MessageDecoder();
        decoder.feed(bytes);
        return decoder.getDecodedMessages();
    }

    private static String text(Random random, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            s.append(kind == 0 ? 'é' : kind == 1 ? '→' : (char) ('a' + random.nextInt(26)));
        }
        return s.toString();
    }
}

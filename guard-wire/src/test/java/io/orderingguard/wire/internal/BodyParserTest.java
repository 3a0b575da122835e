package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The body parser's plain strings: every string it hands over as a range of the body is the string the
 * parser itself reads, at every length and alignment, and every string that is not plain (an escape, a
 * control character, a multi-byte character, one over the length limit) is left to the parser; a string
 * of ASCII and escapes of characters below 256 is decoded as the parser decodes it, and a bad escape is
 * refused by the parser.
 */
class BodyParserTest {

    private static final JsonFactory PLAIN = new JsonFactory();
    private static final String[] PIECES = {"a", "Z", " ", "0", "~", "\\\"", "\\\\", "\\n", "\\u0041", "é", "😀", "ß",
        "\\/", "{", "}", ":", ","};

    @Test
    void should_read_every_string_as_the_parser_does_in_seeded_random_bodies() throws IOException {
        Random random = new Random(20261202L);
        int plain = 0;
        int left = 0;
        int decoded = 0;
        for (int body = 0; body < 400; body++) {
            String json = randomBody(random);
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            List<String> expected = strings(PLAIN.createParser(bytes));
            List<String> read = new ArrayList<>();
            int[] counts = readWithRanges(bytes, factory(StreamReadConstraints.defaults()), read);
            plain += counts[0];
            left += counts[1];
            decoded += counts[2];
            assertThat(read).as("the strings of %s", json).isEqualTo(expected);
        }
        // every side is exercised: plain ASCII strings, plain UTF-8 ones, and ones with escapes left to the parser
        assertThat(plain).isGreaterThan(2_000);
        assertThat(decoded).isGreaterThan(200);
        assertThat(left).isGreaterThan(1_000);
    }

    @Test
    void should_read_every_string_with_escapes_as_the_parser_does_in_seeded_random_bodies() throws IOException {
        Random random = new Random(20261207L);
        int escaped = 0;
        for (int body = 0; body < 400; body++) {
            String json = randomBody(random);
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            List<String> read = new ArrayList<>();
            try (JsonParser parser = factory(StreamReadConstraints.defaults()).createParser(bytes)) {
                for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                    if (token == JsonToken.VALUE_STRING) {
                        escaped += ((BodyParser) parser).plainStringEnd() < 0
                                && ((BodyParser) parser).escapedStringLength() >= 0 ? 1 : 0;
                        read.add(StringValues.read(parser, bytes));
                    }
                }
            }
            assertThat(read).as("the strings of %s", json).isEqualTo(strings(PLAIN.createParser(bytes)));
        }
        assertThat(escaped).isGreaterThan(200);
    }

    @Test
    void should_read_escapes_as_the_parser_does_and_leave_the_ones_it_refuses_to_it() throws IOException {
        for (String value : new String[] {"a\\u00e9b", "\\u20AC", "\\uD83D\\uDE00", "x\\u00FFy\\u00A0", "\\\\\\/\\b\\f"}) {
            byte[] bytes = ("{\"k\":\"" + value + "\",\"n\":1}").getBytes(StandardCharsets.US_ASCII);
            try (JsonParser parser = factory(StreamReadConstraints.defaults()).createParser(bytes);
                    JsonParser plain = PLAIN.createParser(bytes)) {
                parser.nextToken();
                parser.nextToken();
                parser.nextToken();
                plain.nextToken();
                plain.nextToken();
                plain.nextToken();
                assertThat(StringValues.read(parser, bytes)).as(value).isEqualTo(plain.getText());
                assertThat(parser.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
                assertThat(parser.currentName()).isEqualTo("n");
            }
        }
        for (String value : new String[] {"a\\xb", "a\\u00G1", "a\\u00", "tab\\\t", "a\\"}) {
            byte[] bytes = ("{\"k\":\"" + value + "\"}").getBytes(StandardCharsets.US_ASCII);
            String expected = failure(PLAIN.createParser(bytes), bytes, false);
            assertThat(failure(factory(StreamReadConstraints.defaults()).createParser(bytes), bytes, true)).as(value)
                    .isEqualTo(expected).isNotNull();
        }
    }

    /** The message of the first failure reading every string ({@code StringValues} or the parser), or null. */
    private static String failure(JsonParser parser, byte[] bytes, boolean values) {
        try (parser) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_STRING && values) {
                    StringValues.read(parser, bytes);
                } else if (token == JsonToken.VALUE_STRING) {
                    parser.getText();
                }
            }
            return null;
        } catch (IOException e) {
            return e.getMessage().replaceAll("\\(.*", "");
        }
    }

    @Test
    void should_take_a_plain_string_whose_quote_falls_at_every_offset_of_an_eight_byte_word() throws IOException {
        for (int length = 0; length <= 40; length++) {
            for (int pad = 0; pad < 8; pad++) {
                String value = "x".repeat(length);
                String json = " ".repeat(pad) + "{\"k\":\"" + value + "\",\"n\":[\"" + value + "y\"]}";
                List<String> read = new ArrayList<>();
                int[] counts = readWithRanges(json.getBytes(StandardCharsets.US_ASCII),
                        factory(StreamReadConstraints.defaults()), read);
                assertThat(read).as(json).containsExactly(value, value + "y");
                assertThat(counts[0]).as("plain strings of %s", json).isEqualTo(2);
            }
        }
    }

    @Test
    void should_leave_malformed_utf8_to_the_parser_which_refuses_it() {
        byte[] prefix = "{\"k\":\"caf".getBytes(StandardCharsets.US_ASCII);
        for (byte[] bad : new byte[][] {{(byte) 0xC3, '('}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xFF}, {(byte) 0x80}}) {
            byte[] bytes = new byte[prefix.length + bad.length + 2];
            System.arraycopy(prefix, 0, bytes, 0, prefix.length);
            System.arraycopy(bad, 0, bytes, prefix.length, bad.length);
            bytes[bytes.length - 2] = '"';
            bytes[bytes.length - 1] = '}';

            assertThatThrownBy(() -> readWithRanges(bytes, factory(StreamReadConstraints.defaults()), new ArrayList<>()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("Invalid UTF-8");
        }
    }

    @Test
    void should_read_a_replacement_character_written_in_the_body_as_the_parser_does() throws IOException {
        List<String> read = new ArrayList<>();

        int[] counts = readWithRanges("{\"k\":\"a \uFFFD b\", \"l\":\"caf\u00e9 ok\"}".getBytes(StandardCharsets.UTF_8),
                factory(StreamReadConstraints.defaults()), read);

        assertThat(read).containsExactly("a \uFFFD b", "caf\u00e9 ok");
        assertThat(counts).containsExactly(1, 1, 2);
    }

    @Test
    void should_leave_a_string_with_a_raw_control_character_to_the_parser_which_refuses_it() {
        for (int pad = 0; pad < 12; pad++) {
            byte[] bytes = ("{\"k\":\"" + "x".repeat(pad) + "\tz\"}").getBytes(StandardCharsets.US_ASCII);
            assertThatThrownBy(() -> readWithRanges(bytes, factory(StreamReadConstraints.defaults()), new ArrayList<>()))
                    .as("a tab after %d characters", pad)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("Illegal unquoted character");
        }
    }

    @Test
    void should_leave_a_string_over_the_length_limit_to_the_parser_which_refuses_it() throws IOException {
        JsonFactory factory = factory(StreamReadConstraints.builder().maxStringLength(16).build());
        List<String> read = new ArrayList<>();

        readWithRanges("{\"k\":\"sixteen-chars-ok\"}".getBytes(StandardCharsets.US_ASCII), factory, read);

        assertThat(read).containsExactly("sixteen-chars-ok");
        assertThatThrownBy(() -> readWithRanges("{\"k\":\"seventeen-chars-no\"}".getBytes(StandardCharsets.US_ASCII),
                factory, new ArrayList<>()))
                .isInstanceOf(StreamConstraintsException.class)
                .hasMessageContaining("exceeds the maximum allowed (16");
    }

    @Test
    void should_parse_a_body_that_does_not_start_as_utf8_json_with_the_plain_parser() throws IOException {
        byte[] utf16 = "{\"k\":\"v\"}".getBytes(StandardCharsets.UTF_16);
        try (JsonParser parser = factory(StreamReadConstraints.defaults()).createParser(utf16)) {
            assertThat(parser).isNotInstanceOf(BodyParser.class);
            assertThat(strings(parser)).containsExactly("v");
        }
    }

    /**
     * Reads every string value as the streaming read does ({@code Tokens}); answers the number of strings
     * made from the body, of those left to the parser and of those decoded as UTF-8.
     */
    private static int[] readWithRanges(byte[] bytes, JsonFactory factory, List<String> into) throws IOException {
        int[] counts = new int[3];
        int[] utf8 = {0};
        try (JsonParser parser = factory.createParser(bytes)) {
            assertThat(parser).isInstanceOf(BodyParser.class);
            BodyParser body = (BodyParser) parser;
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token != JsonToken.VALUE_STRING) {
                    continue;
                }
                int quote = body.plainStringEnd();
                String plain = null;
                if (quote >= 0) {
                    int from = body.plainStringStart();
                    plain = new String(bytes, from, quote - from,
                            body.plainStringIsAscii() ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
                    if (!body.plainStringIsAscii()) {
                        utf8[0]++;
                    }
                }
                if (plain != null && plain.indexOf('\uFFFD') < 0) {
                    into.add(plain);
                    body.skipPlainString(quote);
                    counts[0]++;
                } else {
                    into.add(parser.getText());
                    counts[1]++;
                }
            }
        }
        counts[2] = utf8[0];
        return counts;
    }

    private static List<String> strings(JsonParser parser) throws IOException {
        List<String> out = new ArrayList<>();
        try (parser) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_STRING) {
                    out.add(parser.getText());
                }
            }
        }
        return out;
    }

    private static String randomBody(Random random) {
        StringBuilder json = new StringBuilder(random.nextBoolean() ? "{\"items\":[" : " \n{\"items\":[");
        int n = 5 + random.nextInt(30);
        for (int i = 0; i < n; i++) {
            json.append(i == 0 ? "" : ",");
            String value = randomString(random);
            if (random.nextBoolean()) {
                json.append("{\"f").append(i).append("\": \"").append(value).append("\", \"g\":").append(i).append('}');
            } else {
                json.append('"').append(value).append('"');
            }
        }
        return json.append("]}").toString();
    }

    private static String randomString(Random random) {
        int length = random.nextInt(4) == 0 ? random.nextInt(60) : random.nextInt(12);
        boolean plain = random.nextBoolean();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(plain ? PIECES[random.nextInt(5)] : PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    private static JsonFactory factory(StreamReadConstraints constraints) {
        return new BodyParser.Factory((JsonFactoryBuilder) new JsonFactoryBuilder().streamReadConstraints(constraints));
    }
}

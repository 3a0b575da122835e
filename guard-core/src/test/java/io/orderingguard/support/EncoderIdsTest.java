package io.orderingguard.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link EncoderIds}: the names adapters give entries, shared where they repeat on every request. */
class EncoderIdsTest {

    @Test
    void should_name_message_positions_and_share_the_names() {
        assertThat(EncoderIds.message(0)).isEqualTo("messages[0]");
        assertThat(EncoderIds.message(1_023)).isEqualTo("messages[1023]");
        assertThat(EncoderIds.message(1_024)).isEqualTo("messages[1024]");
        assertThat(EncoderIds.message(16_383)).isEqualTo("messages[16383]");
        assertThat(EncoderIds.message(16_384)).isEqualTo("messages[16384]");
        assertThat(EncoderIds.message(7)).isSameAs(EncoderIds.message(7));
        assertThat(EncoderIds.message(16_383)).isSameAs(EncoderIds.message(16_383));
        assertThat(EncoderIds.message(16_384)).isNotSameAs(EncoderIds.message(16_384));
    }

    @Test
    void should_name_responses_and_share_the_first_of_each_message() {
        assertThat(EncoderIds.response(3, 0)).isEqualTo("messages[3].responses[0]").isSameAs(EncoderIds.response(3, 0));
        assertThat(EncoderIds.response(3, 2)).isEqualTo("messages[3].responses[2]");
        assertThat(EncoderIds.response(20_000, 0)).isEqualTo("messages[20000].responses[0]");
    }

    @Test
    void should_fail_when_a_position_is_negative() {
        assertThatThrownBy(() -> EncoderIds.message(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index must be >= 0, but was -1");
        assertThatThrownBy(() -> EncoderIds.response(1, -2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index and position must be >= 0, but were 1 and -2");
    }

    @Test
    void should_read_back_the_index_of_a_message_name() {
        assertThat(EncoderIds.messageIndex("messages[42]")).isEqualTo(42);
        assertThat(EncoderIds.messageIndex("messages[42].responses[1]")).isEqualTo(42);
        assertThat(EncoderIds.messageIndex("messages[]")).isEqualTo(-1);
        assertThat(EncoderIds.messageIndex("messages[x]")).isEqualTo(-1);
        assertThat(EncoderIds.messageIndex("messages[99999999999]")).isEqualTo(-1);
        assertThat(EncoderIds.messageIndex("thinking-0123")).isEqualTo(-1);
        assertThat(EncoderIds.messageIndex(null)).isEqualTo(-1);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void should_write_the_top_48_bits_as_twelve_hex_digits(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < 100; i++) {
            long fingerprint = random.nextLong();
            String hex = Long.toHexString(fingerprint);
            String expected = "0".repeat(16 - hex.length()).concat(hex).substring(0, 12);

            assertThat(EncoderIds.digest("thinking-", fingerprint)).isEqualTo("thinking-" + expected);
            assertThat(EncoderIds.digest("", fingerprint)).isEqualTo(expected);
        }
        assertThat(EncoderIds.digest("x-", 0L)).isEqualTo("x-000000000000");
        assertThat(EncoderIds.digest("x-", -1L)).isEqualTo("x-ffffffffffff");
    }
}

package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code thoughtSignature} is a bytes field: proto3 JSON accepts the standard and the URL-safe Base64
 * alphabet, so a documented dummy written by an SDK that holds the field as bytes (google-genai for
 * Java writes the standard alphabet) is the same dummy to the server.
 */
class GeminiSignatureAlphabetTest {

    @Test
    void should_take_a_dummy_in_either_base64_alphabet_and_nothing_else() {
        assertThat(GeminiWire.dummy("skip_thought_signature_validator")).isTrue();
        assertThat(GeminiWire.dummy("skip/thought/signature/validator")).isTrue();
        assertThat(GeminiWire.dummy("context/engineering/is/the/way/to/go")).isTrue();
        assertThat(GeminiWire.dummy("skip.thought.signature.validator")).isFalse();
        assertThat(GeminiWire.dummy("c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=")).isFalse();
    }
}

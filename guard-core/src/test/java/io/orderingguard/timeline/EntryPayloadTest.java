package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The payloads entries keep: read-only, shared instead of copied, and fingerprinted like any other
 * payload ({@link Payloads#of}, {@link Payloads#fingerprintOfText}).
 */
class EntryPayloadTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void should_read_like_a_plain_object_when_made_by_of() {
        ObjectNode payload = Payloads.of("signature", "EqQB");

        assertThat(payload).isEqualTo(NODES.objectNode().put("signature", "EqQB"));
        assertThat(NODES.objectNode().put("signature", "EqQB")).isEqualTo(payload);
        assertThat(payload.toString()).isEqualTo("{\"signature\":\"EqQB\"}");
        assertThat(payload.get("signature").textValue()).isEqualTo("EqQB");
        assertThat(Payloads.fingerprint(payload)).isEqualTo(Payloads.fingerprint(NODES.objectNode().put("signature", "EqQB")));
    }

    @Test
    void should_fail_when_a_payload_made_by_of_is_changed() {
        ObjectNode payload = Payloads.of("signature", "EqQB");

        assertThatThrownBy(() -> payload.put("signature", "other")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> payload.remove("signature")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(payload::removeAll).isInstanceOf(UnsupportedOperationException.class);
        assertThat(payload.get("signature").textValue()).isEqualTo("EqQB");
    }

    @Test
    void should_fail_when_of_gets_null() {
        assertThatThrownBy(() -> Payloads.of(null, "x")).isInstanceOf(NullPointerException.class)
                .hasMessage("name must not be null");
        assertThatThrownBy(() -> Payloads.of("signature", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("value must not be null");
        assertThatThrownBy(() -> Payloads.fingerprintOfText(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("text must not be null");
    }

    @Test
    void should_give_mutable_copies_when_an_entry_holds_a_payload_made_by_of() {
        Thought thought = new Thought("t1", "", Payloads.of("signature", "EqQB"), "anthropic-messages-thinking-v1", "s1",
                "s1");

        ObjectNode copy = thought.payload();
        copy.put("signature", "changed");

        assertThat(thought.payloadAt("signature").textValue()).isEqualTo("EqQB");
        assertThat(thought.withStep("s2").payload()).isEqualTo(NODES.objectNode().put("signature", "EqQB"));
        assertThat(thought).isEqualTo(new Thought("t1", "", NODES.objectNode().put("signature", "EqQB"),
                "anthropic-messages-thinking-v1", "s1", "s1"));
        assertThat(thought.payloadFingerprint("signature")).isEqualTo(new Thought("t1", "",
                NODES.objectNode().put("signature", "EqQB"), null, null, null).payloadFingerprint("signature"));
        assertThat(thought.payloadFingerprint(null)).isEqualTo(Payloads.fingerprint(copy.put("signature", "EqQB")));
    }

    @Test
    void should_keep_copied_payloads_read_only() {
        ObjectNode given = NODES.objectNode().put("signature", "EqQB").put("index", 2);
        Message message = new Message("m1", Role.ASSISTANT, "hi", given, null, null, null);
        given.put("signature", "changed");

        assertThat(message.payload()).isEqualTo(NODES.objectNode().put("signature", "EqQB").put("index", 2));
        assertThat(message.withContent("other").payloadAt("index").intValue()).isEqualTo(2);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void should_fingerprint_a_text_like_its_text_node(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < 50; i++) {
            int length = random.nextInt(400);
            StringBuilder text = new StringBuilder(length);
            for (int k = 0; k < length; k++) {
                text.append((char) (' ' + random.nextInt(95)));
            }
            String s = text.toString();

            assertThat(Payloads.fingerprintOfText(s)).as("fingerprint of a %d-character text", length)
                    .isEqualTo(Payloads.fingerprint(NODES.textNode(s)));
        }
    }
}

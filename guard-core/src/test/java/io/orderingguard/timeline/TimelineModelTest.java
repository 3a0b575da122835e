package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timeline model's copies, validation messages and payload helpers. */
class TimelineModelTest {

    @Test
    void should_never_share_payloads_with_the_caller() {
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("signature", "abc");
        Thought t = new Thought("t", "", payload, "anthropic-messages-thinking-v1", null, null);
        payload.put("signature", "changed");
        assertThat(t.payloadAt("signature").textValue()).isEqualTo("abc");
        t.payload().put("signature", "changed again");
        assertThat(t.payloadAt("signature").textValue()).isEqualTo("abc");
    }

    @Test
    void should_not_share_entry_lists_with_the_caller() {
        List<Entry> entries = new ArrayList<>(List.of(Entry.user("u", "q")));
        Timeline t = Timeline.of(entries);
        entries.add(Entry.assistant("a", "x"));
        assertThat(t.size()).isEqualTo(1);
        assertThatThrownBy(() -> t.entries().add(Entry.assistant("b", "y")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_fail_with_field_names_for_invalid_entries() {
        assertThatThrownBy(() -> Entry.user(" ", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("id must not be blank, but was ' '");
        assertThatThrownBy(() -> new Message("m", null, "x", null, null, null, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("role must not be null");
        assertThatThrownBy(() -> new ToolCall("c", "t", null, null, false, null, null, null, null, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an orphan result (requested=false) must carry a result, but result was null for id 'c'");
        assertThatThrownBy(() -> Entry.thought("t", "x").withStep(""))
                .hasMessage("step must be absent or non-blank, but was ''");
        assertThatThrownBy(() -> Timeline.of(java.util.Arrays.asList(Entry.user("u", "q"), null), List.of()))
                .isInstanceOf(NullPointerException.class).hasMessage("entries[1] must not be null");
    }

    @Test
    void should_fingerprint_payloads_independently_of_key_order() {
        ObjectNode a = JsonNodeFactory.instance.objectNode().put("x", 1).put("y", "z");
        ObjectNode b = JsonNodeFactory.instance.objectNode().put("y", "z").put("x", 1.0);
        ObjectNode c = JsonNodeFactory.instance.objectNode().put("y", "z").put("x", 2);
        assertThat(Payloads.fingerprint(a)).isEqualTo(Payloads.fingerprint(b)).isNotEqualTo(Payloads.fingerprint(c));
        assertThat(Payloads.fingerprint(null)).isEqualTo(Payloads.ABSENT);
    }

    @Test
    void should_read_and_write_dot_paths_without_touching_the_input() {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.putObject("a").put("b", "c");
        ObjectNode written = Payloads.write(p, "a.d", JsonNodeFactory.instance.textNode("e"));
        assertThat(Payloads.read(written, "a.d").textValue()).isEqualTo("e");
        assertThat(Payloads.read(p, "a.d")).isNull();
        assertThat(Payloads.read(p, "a.b.c")).isNull();
        assertThat(Payloads.read(JsonNodeFactory.instance.objectNode().putNull("k"), "k").isNull()).isTrue();
    }

    @Test
    void should_normalise_numbers_so_code_built_payloads_equal_parsed_ones() {
        ObjectNode built = JsonNodeFactory.instance.objectNode().put("n", 5L).put("f", 1.5f);
        ObjectNode parsed = JsonNodeFactory.instance.objectNode().put("n", 5).put("f", 1.5d);
        assertThat(new Thought("t", "", built, null, null, null)).isEqualTo(new Thought("t", "", parsed, null, null, null));
    }
}

package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineStructureTest {

    private static Role[] roles(Timeline t) {
        TimelineStructure s = t.structure();
        Role[] r = new Role[s.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = s.attributedRole(i);
        }
        return r;
    }

    @Test
    void should_attribute_the_sandwich_between_user_and_assistant_to_the_assistant() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.thought("t", "hm"), Entry.toolCall("c", "s", null),
                Entry.assistant("a", "done"));
        assertThat(roles(t)).containsExactly(Role.USER, Role.ASSISTANT, Role.ASSISTANT, Role.ASSISTANT);
        assertThat(t.structure().groupCount()).isEqualTo(2);
        assertThat(t.structure().groupStart(1)).isEqualTo(1);
        assertThat(t.structure().groupEnd(1)).isEqualTo(4);
    }

    @Test
    void should_record_the_kind_of_every_entry() {
        Timeline t = Timeline.of(Entry.system("s0", "rules"), Entry.user("u", "q"), Entry.thought("t", "hm"),
                Entry.toolCall("c", "s", null), Entry.assistant("a", "done"));
        List<Kind> kinds = new ArrayList<>();
        for (int i = 0; i < t.structure().size(); i++) {
            assertThat(t.structure().kind(i)).isEqualTo(t.entries().get(i).kind());
            kinds.add(t.structure().kind(i));
        }
        assertThat(kinds).containsExactly(Kind.MESSAGE, Kind.MESSAGE, Kind.THOUGHT, Kind.TOOL_CALL, Kind.MESSAGE);
    }

    @Test
    void should_attach_trailing_thoughts_and_calls_to_the_preceding_user_group() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.thought("t", "hm"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(Role.USER, Role.USER, Role.USER);
        assertThat(t.structure().groupCount()).isEqualTo(1);
        assertThat(t.structure().latestGroup()).isZero();
    }

    @Test
    void should_give_leading_entries_the_role_of_the_following_message() {
        Timeline t = Timeline.of(Entry.thought("t", "hm"), Entry.assistant("a", "x"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(Role.ASSISTANT, Role.ASSISTANT, Role.ASSISTANT);
    }

    @Test
    void should_make_system_messages_transparent() {
        Timeline t = Timeline.of(Entry.system("s0", "rules"), Entry.user("u1", "a"), Entry.system("s1", "note"),
                Entry.user("u2", "b"), Entry.assistant("a1", "c"));
        assertThat(roles(t)).containsExactly(Role.USER, Role.USER, Role.USER, Role.USER, Role.ASSISTANT);
        assertThat(t.structure().groupCount()).isEqualTo(2);
        assertThat(t.structure().latestUserIndex()).isEqualTo(3);
    }

    @Test
    void should_form_one_roleless_group_without_messages() {
        Timeline t = Timeline.of(Entry.thought("t", "hm"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(null, null);
        assertThat(t.structure().groupCount()).isEqualTo(1);
        assertThat(t.structure().groupRole(0)).isNull();
        assertThat(t.structure().latestUserIndex()).isEqualTo(-1);
    }

    @Test
    void should_have_no_groups_when_empty() {
        TimelineStructure s = Timeline.empty().structure();
        assertThat(s.groupCount()).isZero();
        assertThat(s.latestGroup()).isEqualTo(-1);
        assertThat(s.latestUserIndex()).isEqualTo(-1);
    }

    @Test
    void should_give_successors() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.assistant("a", "x"));
        assertThat(t.structure().successor(0)).isEqualTo(1);
        assertThat(t.structure().successor(1)).isEqualTo(-1);
    }

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

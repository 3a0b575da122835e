package io.orderingguard.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The framework-free window: messages are strings here, their shape read from a prefix. */
class PairSafeWindowTest {

    /** "s…" system, "u…" user, "a…" answer, "t…" thinking answer, "c<ids>" calls, "r<id>" result. */
    static MessageShape shape(String m) {
        switch (m.charAt(0)) {
            case 's':
                return MessageShape.system();
            case 'u':
                return MessageShape.user();
            case 'c':
                return MessageShape.assistant(Arrays.asList(m.substring(1).split(",")), false);
            case 'k':
                return MessageShape.assistant(Arrays.asList(m.substring(1).split(",")), true);
            case 'r':
                return MessageShape.toolResult(m.substring(1));
            case 'a':
                return MessageShape.assistant(List.of(), false);
            default:
                return MessageShape.other();
        }
    }

    static List<String> fit(int max, String... messages) {
        return PairSafeWindow.fit(List.of(messages), PairSafeWindowTest::shape, l -> l.size() <= max);
    }

    @Test
    void should_return_the_messages_unchanged_when_they_fit() {
        assertThat(fit(3, "u1", "c1", "r1")).containsExactly("u1", "c1", "r1");
    }

    @Test
    void should_evict_turns_then_rounds_and_keep_system_messages() {
        assertThat(fit(4, "s", "u1", "c1", "r1", "a1", "u2", "c2", "r2", "c3", "r3"))
                .containsExactly("s", "u2", "c3", "r3");
    }

    @Test
    void should_not_evict_an_incomplete_round_or_a_thinking_opener() {
        assertThat(fit(2, "u1", "k1", "r1", "c2,3", "r2")).containsExactly("u1", "k1", "r1", "c2,3", "r2");
    }

    @Test
    void should_evict_a_leading_turn_that_starts_without_a_user_message() {
        assertThat(fit(2, "r0", "c1", "r1", "u2", "a2")).containsExactly("u2", "a2");
    }

    @Test
    void should_fail_when_a_shape_contradicts_its_kind() {
        assertThatThrownBy(() -> new MessageShape(MessageShape.Kind.USER, List.of("call_1"), null, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("callIds must be empty for kind USER, but was [call_1]");
        assertThatThrownBy(() -> new MessageShape(MessageShape.Kind.ASSISTANT, List.of(), "call_1", false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("resultId must be null for kind ASSISTANT, but was 'call_1'");
        assertThatThrownBy(() -> new MessageShape(MessageShape.Kind.TOOL_RESULT, List.of(), "x", true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("thinking must be false for kind TOOL_RESULT");
        assertThatThrownBy(() -> PairSafeWindow.fit(List.of("u1"), m -> null, l -> false))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("shape[0] must not be null");
    }
}

package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import org.junit.jupiter.api.Test;

/** How the rules relate two wire message ids: same, separate, or unknown when either is absent. */
class WireRelationTest {

    @Test
    void relatesWireMessages() {
        ToolCall answered = Entry.toolCall("c1", "search", null)
                .withResult(ToolResult.of("3 hits").withWireMessage("w3"));

        assertThat(WireRelation.of("w1", "w1")).isEqualTo(WireRelation.SAME);
        assertThat(WireRelation.of("w1", "w2")).isEqualTo(WireRelation.SEPARATE);
        assertThat(WireRelation.of(null, "w2")).isEqualTo(WireRelation.UNKNOWN);
        assertThat(WireRelation.ofResult(answered, Entry.user("u2", "and?").withWireMessage("w3")))
                .isEqualTo(WireRelation.SAME);
        assertThat(WireRelation.ofResult(Entry.toolCall("c2", "s", null), Entry.user("u2", "x").withWireMessage("w3")))
                .isEqualTo(WireRelation.UNKNOWN);
    }
}

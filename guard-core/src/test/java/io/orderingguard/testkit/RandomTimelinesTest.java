package io.orderingguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RandomTimelinesTest {

    @Test
    void sameSeedSameDispatch() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(RandomTimelines.dispatch(seed)).isEqualTo(RandomTimelines.dispatch(seed));
        }
        assertThat(RandomTimelines.dispatch(1)).isNotEqualTo(RandomTimelines.dispatch(2));
    }

    @Test
    void respectsTheEntryLimit() {
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            int max = random.nextInt(20);
            assertThat(RandomTimelines.timeline(random, max).size()).isBetween(0, max);
        }
        assertThat(RandomTimelines.timeline(new Random(1), 0).entries()).isEmpty();
    }

    @Test
    void producesEveryShapeTheRulesCareAbout() {
        Map<String, Integer> seen = new HashMap<>();
        Set<String> tags = new HashSet<>();
        for (long seed = 0; seed < 1_000; seed++) {
            Dispatch dispatch = RandomTimelines.dispatch(seed);
            count(seen, "conversationId", dispatch.conversationId() != null);
            count(seen, "no conversationId", dispatch.conversationId() == null);
            count(seen, "provider", dispatch.provider() != null);
            count(seen, "model", dispatch.model() != null);
            count(seen, "context", dispatch.context() != null);
            count(seen, "turn surface", dispatch.surface() == Surface.TURN);
            Timeline timeline = dispatch.timeline();
            count(seen, "declared tool with schema", timeline.tools().stream().anyMatch(t -> t.inputSchema() != null));
            count(seen, "declared tool without schema", timeline.tools().stream().anyMatch(t -> t.inputSchema() == null));
            Set<String> callIds = new HashSet<>();
            Map<String, Integer> callsPerStep = new HashMap<>();
            for (Entry entry : timeline.entries()) {
                if (entry.replayCompatibility() != null) {
                    tags.add(entry.replayCompatibility());
                }
                if (entry instanceof Message m) {
                    count(seen, "message " + m.role().wireName(), true);
                    count(seen, "empty message", m.content().isEmpty() && m.role() != Role.SYSTEM);
                    count(seen, "unicode text", m.content().codePoints().anyMatch(c -> c > 0xFFFF));
                } else if (entry instanceof Thought t) {
                    count(seen, "thought with payload", t.hasPayload());
                    count(seen, "thought without payload", !t.hasPayload());
                    count(seen, "signature", t.hasPayloadPath("signature"));
                    count(seen, "thoughtSignature", t.hasPayloadPath("thoughtSignature"));
                    count(seen, "nested payload", t.hasPayloadPath("reasoningContent.reasoningText.signature"));
                    count(seen, "payload without tag", t.hasPayload() && t.replayCompatibility() == null);
                } else if (entry instanceof ToolCall c) {
                    count(seen, "answered call", c.requested() && c.result() != null && !c.result().isError());
                    count(seen, "unanswered call", c.isUnanswered());
                    count(seen, "error result", c.result() != null && c.result().isError());
                    count(seen, "orphan result", c.isOrphan());
                    count(seen, "orphan without tool name", c.isOrphan() && c.tool().isEmpty());
                    count(seen, "call with args", !c.args().isEmpty());
                    count(seen, "duplicate call id", !callIds.add(c.id()));
                    count(seen, "id over 64 chars", c.id().length() > 64);
                    count(seen, "id with . or :", c.id().contains(".") || c.id().contains(":"));
                    count(seen, "call with payload", c.hasPayload());
                    if (c.step() != null) {
                        callsPerStep.merge(c.step(), 1, Integer::sum);
                    }
                }
            }
            count(seen, "parallel calls sharing a step", callsPerStep.values().stream().anyMatch(n -> n > 1));
            count(seen, "empty timeline", timeline.isEmpty());
            count(seen, "long timeline", timeline.size() > 40);
        }

        assertThat(seen).containsOnlyKeys(List.of("conversationId", "no conversationId", "provider", "model", "context",
                "turn surface", "declared tool with schema", "declared tool without schema", "message user",
                "message assistant", "message system", "empty message", "unicode text", "thought with payload",
                "thought without payload", "signature", "thoughtSignature", "nested payload", "payload without tag",
                "answered call", "unanswered call", "error result", "orphan result", "orphan without tool name",
                "call with args", "duplicate call id", "id over 64 chars", "id with . or :", "call with payload",
                "parallel calls sharing a step", "empty timeline", "long timeline"));
        assertThat(seen.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(5));
        assertThat(tags).containsExactlyInAnyOrderElementsOf(RandomTimelines.REPLAY_TAGS);
    }

    private static void count(Map<String, Integer> seen, String feature, boolean present) {
        if (present) {
            seen.merge(feature, 1, Integer::sum);
        }
    }
}

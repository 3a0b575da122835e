package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link NonEmptyTurnRule} skips a chunk of messages whose contents all start with a visible ASCII
 * character: its findings are still the plain reading of the rule (a message of the role whose content
 * {@link String#isBlank() is blank}, with no tool call beside it), whatever the whitespace — ASCII,
 * Latin-1 and wide — the chunk edges and the ranges.
 */
class NonEmptyTurnChunkTest {

    /** Blank and not: Java whitespace in both string codings, and characters that only look like it. */
    private static final String[] CONTENTS = {"", " ", "\t\n", "\u001c", "\u2003", "\u3000 ", " x", "\u00a0",
        "\u0085", "\u2003x", "x", "hello", "é", "\u007f", "日本"};

    @TestFactory
    Stream<DynamicTest> chunkedFindingsAreThePlainReadingsInOrder() {
        return IntStream.range(0, 300).mapToObj(seed -> dynamicTest("seed " + seed, () -> {
            Random random = new Random(seed * 0x9E3779B97F4A7C15L + 5);
            Role role = random.nextBoolean() ? Role.USER : Role.ASSISTANT;
            NonEmptyTurnRule rule = new NonEmptyTurnRule("non-empty", role, false, null, null);
            List<Entry> entries = randomEntries(random, random.nextInt(300));
            RuleContext context = RuleContext.of(Dispatch.of(Timeline.of(entries)), null);

            RangedFindings.assertReported(rule, context, random, 100, NonEmptyTurnChunkTest::recorder,
                    plainReading(role, entries));
        }));
    }

    private static List<String> plainReading(Role role, List<Entry> entries) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof Message m && m.role() == role && m.content().isBlank()
                    && !(i > 0 && entries.get(i - 1) instanceof ToolCall)
                    && !(i + 1 < entries.size() && entries.get(i + 1) instanceof ToolCall)) {
                found.add("[" + m.id() + "]");
            }
        }
        return found;
    }

    private static List<Entry> randomEntries(Random random, int size) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int pick = random.nextInt(10);
            String id = "e" + i;
            if (pick == 0) {
                entries.add(ToolCall.ofArgumentText(id, "search", "{}", new ToolResult("ok", false, null), null, null,
                        null, null));
            } else if (pick == 1) {
                entries.add(new Thought(id, "thinking", null, null, null, null));
            } else {
                // mostly visible text, as in a real conversation, so that many chunks are skipped whole
                String content = random.nextInt(8) == 0 ? CONTENTS[random.nextInt(CONTENTS.length)] : "text " + i;
                Role role = pick == 2 ? Role.SYSTEM : random.nextBoolean() ? Role.USER : Role.ASSISTANT;
                entries.add(new Message(id, role, content, null, null, null, null));
            }
        }
        return entries;
    }

    private static FindingSink recorder(List<String> lines) {
        return new FindingSink() {
            @Override
            public void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add(primitiveIds.toString());
            }

            @Override
            public void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add("advisory " + primitiveIds);
            }
        };
    }
}

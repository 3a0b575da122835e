package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link IdentifierFormatRule} reads a timeline in chunks (the lengths of a chunk first, then the
 * characters): its findings are the ones a plain reading of the rule gives, one id after the other, in
 * timeline order — whatever the chunk edges, the ranges it is given, and where the wrong lengths and
 * characters fall.
 */
class IdentifierFormatChunkTest {

    private static final String ALPHABET = "abcXYZ019_-.: é/";

    @TestFactory
    Stream<DynamicTest> chunkedFindingsAreThePlainReadingsInOrder() {
        return IntStream.range(0, 300).mapToObj(seed -> dynamicTest("seed " + seed, () -> {
            Random random = new Random(seed * 0x9E3779B97F4A7C15L + 11);
            IdentifierFormatRule rule = randomRule(random);
            List<Entry> entries = randomEntries(random, random.nextInt(400));
            RuleContext context = RuleContext.of(Dispatch.of(Timeline.of(entries)), null);

            RangedFindings.assertReported(rule, context, random, 150, IdentifierFormatChunkTest::recorder,
                    plainReading(rule, entries));
        }));
    }

    @Test
    void aWrongLengthAndWrongCharactersInOneChunkAreEachReportedForWhatTheRuleSaysFirst() {
        IdentifierFormatRule rule = new IdentifierFormatRule("format", Kind.TOOL_CALL, 8, "[a-z_]", 3, null, null);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            entries.add(call("call_" + (char) ('a' + i % 26)));
        }
        entries.set(2, call("bad.id"));
        entries.set(5, call("much_too_long"));
        entries.set(66, call("ab"));
        entries.set(67, call("x.y.z.w.v.u"));
        List<String> found = new ArrayList<>();
        rule.check(RuleContext.of(Dispatch.of(Timeline.of(entries)), null), recorder(found));

        assertThat(found).containsExactly(
                "bad-characters [bad.id] toolCall id 'bad.id' contains characters outside [a-z_]",
                "too-long [much_too_long] toolCall id 'much_too_long' is 13 characters, over the cap of 8",
                "too-short [ab] toolCall id 'ab' is 2 characters, under the minimum of 3",
                "too-long [x.y.z.w.v.u] toolCall id 'x.y.z.w.v.u' is 11 characters, over the cap of 8");
    }

    /** What the rule's documentation says, id after id: a wrong length first, else characters outside the class. */
    private static List<String> plainReading(IdentifierFormatRule rule, List<Entry> entries) {
        Pattern allowed = rule.allowedPattern() == null ? null : Pattern.compile("(?:" + rule.allowedPattern() + ")+");
        List<String> found = new ArrayList<>();
        for (Entry e : entries) {
            if (!(e instanceof ToolCall)) {
                continue;
            }
            String id = e.id();
            String quoted = "'" + id + "'";
            if (rule.maxLength() != null && id.length() > rule.maxLength()) {
                found.add("too-long [" + id + "] toolCall id " + quoted + " is " + id.length()
                        + " characters, over the cap of " + rule.maxLength());
            } else if (rule.minLength() != null && id.length() < rule.minLength()) {
                found.add("too-short [" + id + "] toolCall id " + quoted + " is " + id.length()
                        + " characters, under the minimum of " + rule.minLength());
            } else if (allowed != null && !allowed.matcher(id).matches()) {
                found.add("bad-characters [" + id + "] toolCall id " + quoted + " contains characters outside "
                        + rule.allowedPattern());
            }
        }
        return found;
    }

    private static IdentifierFormatRule randomRule(Random random) {
        Integer max = random.nextInt(3) == 0 ? null : 4 + random.nextInt(20);
        Integer min = random.nextInt(3) == 0 ? null : 1 + random.nextInt(max == null ? 10 : Math.min(10, max));
        // a table-driven class, a class the table cannot hold (left to the regular expression), or none
        String[] patterns = {"[A-Za-z0-9_-]", "[a-z0-9]", "[\\w-]", "[^./]", null};
        String pattern = patterns[random.nextInt(patterns.length)];
        if (max == null && min == null && pattern == null) {
            max = 12;
        }
        return new IdentifierFormatRule("format", Kind.TOOL_CALL, max, pattern, min, null, null);
    }

    private static List<Entry> randomEntries(Random random, int size) {
        List<Entry> entries = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (int i = 0; i < size; i++) {
            if (random.nextInt(3) == 0) {
                entries.add(new Message("m" + i, random.nextBoolean() ? Role.USER : Role.ASSISTANT, "text", null, null,
                        null, null));
                continue;
            }
            StringBuilder id = new StringBuilder();
            int length = 1 + random.nextInt(random.nextInt(8) == 0 ? 40 : 16);
            boolean clean = random.nextInt(4) != 0;
            for (int c = 0; c < length; c++) {
                id.append(clean ? "abcXYZ019_-".charAt(random.nextInt(11)) : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            if (id.toString().isBlank() || !used.add(id.toString())) {
                continue;
            }
            entries.add(call(id.toString()));
        }
        return entries;
    }

    private static ToolCall call(String id) {
        return ToolCall.ofArgumentText(id, "search", "{}", new ToolResult("ok", false, null), null, null, null, null);
    }

    private static FindingSink recorder(List<String> lines) {
        return new FindingSink() {
            @Override
            public void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add(facet + " " + primitiveIds + " " + detail);
            }

            @Override
            public void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add("advisory " + facet + " " + primitiveIds + " " + detail);
            }
        };
    }
}

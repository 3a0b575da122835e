package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random requests per provider layout, with signatures and reasoning stored as each
 * LangChain4j module stores them: a round trip through the guard keeps every signature the provider
 * needs.
 */
class LayoutPropertyTest {

    static final int SEEDS = 200;

    /** The shipped profile of each layout's provider, and a strict one that exercises every rendered repair. */
    static final Map<MetadataLayout, String> SHIPPED = Map.of(MetadataLayout.GEMINI, "gemini-3-api",
            MetadataLayout.ANTHROPIC, "anthropic-messages-manual-thinking",
            MetadataLayout.OPENAI_RESPONSES, "openai-responses", MetadataLayout.NONE, "openai-chat");

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (MetadataLayout layout : MetadataLayout.values()) {
            for (long seed = 0; seed < SEEDS; seed++) {
                cases.add(Arguments.argumentSet(layout + " seed " + seed, layout, seed));
            }
        }
        return cases.stream();
    }

    static ChatRequestCodec codec(MetadataLayout layout) {
        return ChatRequestCodec.of("test", null, layout);
    }

    /** The provider metadata a dispatch carries: kind, tag and payload of every entry with a payload. */
    static List<String> signatures(Dispatch dispatch) {
        List<String> out = new ArrayList<>();
        for (Entry e : dispatch.timeline().entries()) {
            if (e.payload() != null && e.replayCompatibility() != null) {
                out.add(e.kind() + " " + e.replayCompatibility() + " " + e.payload());
            }
        }
        out.sort(null);
        return out;
    }

    /** The attributes of every AI message, in order. */
    static List<Map<String, Object>> attributes(List<ChatMessage> messages) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m instanceof AiMessage a) {
                out.add(a.attributes());
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void should_render_an_unchanged_dispatch_read_back_from_json_as_the_very_same_request(MetadataLayout layout,
            long seed) {
        ChatRequest request = new RandomHistories(seed, layout).next();
        EncodedChatRequest encoded = codec(layout).encode(request);
        DispatchCodec json = DispatchCodec.defaults();

        // every entry is a new object with the same content: the renderer cannot rely on identity
        Dispatch copy = json.read(json.write(encoded.dispatch()), "copy");
        ChatRequest rendered = encoded.toChatRequest(copy);

        assertThat(copy).isEqualTo(encoded.dispatch());
        assertThat(rendered).isSameAs(request);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void should_keep_every_signature_of_the_entries_a_repair_keeps(MetadataLayout layout, long seed) {
        ChatRequest request = new RandomHistories(seed, layout).next();
        for (OrderingProfile profile : List.of(TestProfiles.strict(), Profiles.profile(SHIPPED.get(layout)))) {
            EncodedChatRequest encoded = codec(layout).encode(request);

            GuardResult result = TestProfiles.guard(Mode.MUTATE, profile).check(encoded.dispatch());
            if (result.outcome() == Outcome.REJECTED) {
                continue; // nothing is sent
            }
            Throwable empty = catchThrowable(() -> encoded.toChatRequest(result.dispatch()));
            if (empty != null) {
                // the repair dropped every message (say an unsigned thought and an orphan result): nothing to send
                assertThat(empty).hasMessage("the dispatch has no entry that renders as a LangChain4j message, and a "
                        + "ChatRequest needs at least one");
                continue;
            }
            ChatRequest repaired = encoded.toChatRequest(result.dispatch());

            // what the guard kept is exactly what the rendered request carries, where the module sends it from
            assertThat(signatures(codec(layout).encode(repaired).dispatch()))
                    .as("%s under %s: %s", layout, profile.name(), Describe.messages(repaired.messages()))
                    .isEqualTo(signatures(result.dispatch()));
            if (result.outcome() == Outcome.PASSED) {
                assertThat(repaired).isSameAs(request);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void should_leave_opaque_attributes_alone(MetadataLayout layout, long seed) {
        ChatRequest request = new RandomHistories(seed, layout).next();
        EncodedChatRequest encoded = codec(layout).encode(request);

        GuardResult result = TestProfiles.guard(Mode.MUTATE, TestProfiles.strict()).check(encoded.dispatch());
        ChatRequest repaired = encoded.toChatRequest(result.dispatch());

        // attributes the layout does not model (tenant, an unsent text signature) reach the rendered request
        List<String> before = new ArrayList<>();
        attributes(request.messages()).forEach(a -> a.forEach((k, v) -> {
            if (k.equals("tenant") || layout == MetadataLayout.NONE) {
                before.add(k + "=" + v);
            }
        }));
        List<String> after = new ArrayList<>();
        attributes(repaired.messages()).forEach(a -> a.forEach((k, v) -> after.add(k + "=" + v)));
        assertThat(after).containsAll(before);
    }

    @Test
    void should_report_the_round_trip_figures() {
        Map<MetadataLayout, int[]> figures = new EnumMap<>(MetadataLayout.class);
        Map<String, Integer> repairs = new TreeMap<>();
        for (MetadataLayout layout : MetadataLayout.values()) {
            int[] f = new int[4]; // requests with metadata, signatures in, signatures after repair, repaired requests
            for (long seed = 0; seed < SEEDS; seed++) {
                EncodedChatRequest encoded = codec(layout).encode(new RandomHistories(seed, layout).next());
                List<String> in = signatures(encoded.dispatch());
                f[0] += in.isEmpty() ? 0 : 1;
                f[1] += in.size();
                GuardResult result = TestProfiles.guard(Mode.MUTATE, Profiles.profile(SHIPPED.get(layout)))
                        .check(encoded.dispatch());
                if (result.outcome() == Outcome.REPAIRED && catchThrowable(() -> encoded.toChatRequest(result.dispatch())) == null) {
                    f[2] += signatures(codec(layout).encode(encoded.toChatRequest(result.dispatch())).dispatch()).size();
                    f[3]++;
                    result.repairs().forEach(r -> repairs.merge(layout + " " + r.strategy(), 1, Integer::sum));
                }
            }
            figures.put(layout, f);
        }
        System.out.printf("round-trip figures (%d seeds per layout): %s; repairs %s%n", SEEDS,
                figures.entrySet().stream().map(e -> e.getKey() + "=" + java.util.Arrays.toString(e.getValue())).toList(),
                repairs);
        assertThat(figures.get(MetadataLayout.GEMINI)[1]).isGreaterThan(100);
        assertThat(figures.get(MetadataLayout.ANTHROPIC)[1]).isGreaterThan(50);
        assertThat(figures.get(MetadataLayout.OPENAI_RESPONSES)[1]).isGreaterThan(100);
        assertThat(figures.get(MetadataLayout.NONE)[1]).isZero();
        assertThat(figures.get(MetadataLayout.GEMINI)[3]).isGreaterThan(50);
    }
}

package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.GuardResult;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rule fields that read the wire's structure: {@code adjacency.acrossSteps} (a successor of the
 * same model response passes) and {@code nonEmptyTurn.wholeMessage} (a blank block beside other content
 * of its wire message passes), and the {@code api} request option that carries the surface.
 */
class WireAwareRulesTest {

    private static final AdjacencyRule REASONING_THEN_WRITTEN_MESSAGE = OrderingRule.adjacency("r1", Kind.THOUGHT,
            Kind.MESSAGE).withSuccessorRoles(Set.of(Role.ASSISTANT)).withAcrossSteps(true);

    @Test
    void across_steps_passes_the_message_a_reasoning_item_produced_and_reports_one_written_after_it() {
        Thought reasoning = new Thought("rs", "", null, null, "s1", "m1");
        Message produced = new Message("m2", Role.ASSISTANT, "Hello", null, null, "s1", "m2");
        Message written = new Message("m2", Role.ASSISTANT, "Hello", null, null, "m2", "m2");

        assertThat(findings(REASONING_THEN_WRITTEN_MESSAGE, Entry.user("m0", "hi"), reasoning, produced)).isEmpty();
        assertThat(findings(REASONING_THEN_WRITTEN_MESSAGE, Entry.user("m0", "hi"), reasoning, written))
                .containsExactly("[rs, m2] assistant message 'm2' may not immediately follow thought 'rs'");
        // without acrossSteps the produced message is a finding too
        assertThat(findings(REASONING_THEN_WRITTEN_MESSAGE.withAcrossSteps(false), Entry.user("m0", "hi"), reasoning,
                produced)).hasSize(1);
    }

    @Test
    void across_steps_is_repaired_by_dropping_the_unfollowed_reasoning_and_survives_a_profile_document() {
        Thought reasoning = new Thought("rs", "thinking", null, null, "s1", "m1");
        Dispatch dispatch = Dispatch.of(Timeline.of(Entry.user("m0", "hi"), reasoning,
                new Message("m2", Role.ASSISTANT, "Hello", null, null, "m2", "m2"), Entry.user("m3", "again")));
        OrderingGuard guard = OrderingGuard.builder().profile(OrderingProfile.of("p", "",
                List.of(REASONING_THEN_WRITTEN_MESSAGE.withSeverity(Severity.BLOCKING)))).mode(Mode.MUTATE).build();

        GuardResult result = guard.check(dispatch);

        assertThat(result.repairs()).extracting(Repair::strategy).containsExactly(RepairStrategy.DROP_UNFOLLOWED_REASONING);
        assertThat(result.repairs().get(0).removed()).containsExactly(reasoning);
        assertThat(result.dispatch().timeline().entries()).extracting(Entry::id).containsExactly("m0", "m2", "m3");
        assertThat(REASONING_THEN_WRITTEN_MESSAGE.type()).isEqualTo("adjacency");
    }

    @Test
    void whole_message_passes_a_blank_block_beside_other_content_and_reports_a_blank_message() {
        NonEmptyTurnRule perBlock = OrderingRule.nonEmptyTurn("blank", Role.USER, false);
        NonEmptyTurnRule whole = perBlock.withWholeMessage(true);
        Entry[] between = {new Message("m0.c0", Role.USER, "hi", null, null, null, "m0"),
            new Message("m0.c1", Role.USER, "  ", null, null, null, "m0"),
            new Message("m0.c2", Role.USER, "there", null, null, null, "m0")};
        Entry[] alone = {Entry.user("m0", "hi"), Entry.assistant("m1", "ok"),
            new Message("m2.c0", Role.USER, " ", null, null, null, "m2"),
            new Message("m2.c1", Role.USER, "\n", null, null, null, "m2")};

        assertThat(findings(perBlock, between))
                .containsExactly("[m0.c1] user message 'm0.c1' carries neither content nor an adjacent tool call");
        assertThat(findings(whole, between)).isEmpty();
        assertThat(findings(whole, alone)).containsExactly(
                "[m2.c0] user message 'm2.c0' carries neither content nor an adjacent tool call",
                "[m2.c1] user message 'm2.c1' carries neither content nor an adjacent tool call");
    }

    @Test
    void the_api_option_round_trips_through_the_dispatch_document() {
        Dispatch dispatch = new Dispatch("c", "openai", "gpt-5", io.orderingguard.timeline.Surface.DISPATCH,
                Timeline.of(Entry.user("m0", "hi")), null,
                RequestOptions.unknown().withApi(ProviderSurface.OPENAI_RESPONSES));
        DispatchCodec codec = DispatchCodec.defaults();

        String json = codec.write(dispatch);
        Dispatch back = codec.read(json, "doc.json");

        assertThat(json).contains("\"api\":\"openai-responses\"");
        assertThat(back.options().api()).isEqualTo(ProviderSurface.OPENAI_RESPONSES);
        assertThat(RequestOptions.unknown().withApi(ProviderSurface.GEMINI).isUnknown()).isFalse();
        assertThat(RequestOptions.unknown().overriddenBy(RequestOptions.unknown().withApi(ProviderSurface.GEMINI)).api())
                .isEqualTo(ProviderSurface.GEMINI);
    }

    private static List<String> findings(OrderingRule rule, Entry... entries) {
        List<String> found = new ArrayList<>();
        rule.check(RuleContext.of(Dispatch.of(Timeline.of(entries)), null),
                (r, facet, ids, detail) -> found.add(ids + " " + detail));
        return found;
    }
}

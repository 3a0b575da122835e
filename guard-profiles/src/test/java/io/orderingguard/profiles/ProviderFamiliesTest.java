package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.rule.Composition;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.ProfileCatalog;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The provider-grounded families: provenance on every rule, ids that never collide with the
 * reference's, how they relate to the reference families, and that they work through the guard.
 */
class ProviderFamiliesTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void every_shipped_rule_has_provenance_and_every_blocking_provider_rule_quotes_the_provider() {
        List<String> problems = new ArrayList<>();
        List<CatalogEntry> all = new ArrayList<>(Profiles.behaviours());
        all.addAll(Profiles.families());
        for (CatalogEntry e : all) {
            for (OrderingRule r : e.rules()) {
                String where = e.key() + "/" + r.id();
                if (r.provenance().source() == null) {
                    problems.add(where + ": no source");
                }
                if (r.provenance().verifiedOn() == null) {
                    problems.add(where + ": no verifiedOn");
                }
                boolean reference = r.provenance().source() != null
                        && r.provenance().source().startsWith("NHTIO/ADK reference catalogue");
                if (!reference && r.severity() == Severity.BLOCKING && r.provenance().providerError() == null) {
                    problems.add(where + ": blocking provider rule without providerError");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void provider_rule_ids_never_reuse_a_reference_id() {
        Set<String> referenceIds = new HashSet<>();
        for (CatalogEntry b : Profiles.behaviours()) {
            b.rules().forEach(r -> referenceIds.add(r.id()));
        }
        List<String> collisions = new ArrayList<>();
        for (CatalogEntry f : Profiles.families()) {
            if (f.origin() != CatalogEntry.Origin.PROVIDER) {
                continue;
            }
            Set<String> fromBehaviours = new HashSet<>();
            for (String token : f.behaviours()) {
                Profiles.profile(token).rules().forEach(r -> fromBehaviours.add(r.id()));
            }
            for (OrderingRule r : f.rules()) {
                if (referenceIds.contains(r.id()) && !fromBehaviours.contains(r.id())) {
                    collisions.add(f.key() + "/" + r.id());
                }
            }
        }
        assertThat(collisions).isEmpty();
    }

    @Test
    void rule_ids_are_unique_within_each_family_and_one_id_means_one_rule_everywhere() {
        Map<String, String> shapes = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (CatalogEntry f : Profiles.families()) {
            Set<String> seen = new HashSet<>();
            for (OrderingRule r : f.rules()) {
                if (!seen.add(r.id())) {
                    problems.add(f.key() + " repeats " + r.id());
                }
                // severity may differ per family (gemini-foreign-thought-signature); the rest may not
                String shape = io.orderingguard.json.RuleCodec.write(r.withSeverity(Severity.ADVISORY)).toString();
                String before = shapes.putIfAbsent(r.id(), shape);
                if (before != null && !before.equals(shape)) {
                    problems.add(r.id() + " differs between families");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void a_provider_family_starts_with_the_rules_of_the_reference_behaviours_it_lists() {
        for (CatalogEntry f : Profiles.families()) {
            List<OrderingRule> expected = new ArrayList<>();
            for (String token : f.behaviours()) {
                expected.addAll(Profiles.profile(token).rules());
            }
            assertThat(f.rules().subList(0, expected.size())).as(f.key()).isEqualTo(expected);
            if (f.origin() == CatalogEntry.Origin.REFERENCE) {
                assertThat(f.rules()).as(f.key()).hasSameSizeAs(expected);
            }
        }
    }

    @Test
    void gaps_are_named_in_the_description_and_use_fresh_rule_ids() {
        Set<String> ids = new HashSet<>();
        for (CatalogEntry f : Profiles.families()) {
            f.rules().forEach(r -> ids.add(r.id()));
        }
        for (CatalogEntry f : Profiles.families()) {
            for (Gap g : f.gaps()) {
                assertThat(f.description()).as(f.key()).contains("Not modelled yet:").contains(g.label() + " (");
                assertThat(ids).as(g.ruleId()).doesNotContain(g.ruleId());
            }
        }
        List<String> open = new ArrayList<>();
        for (CatalogEntry f : Profiles.families()) {
            f.gaps().forEach(g -> open.add(f.key() + ":" + g.label()));
        }
        assertThat(open).containsExactly("openai-responses:R2");
    }

    @Test
    void the_catalogue_is_found_with_service_loader_and_resolves_names_for_the_guard() {
        List<ProfileCatalog> catalogs = new ArrayList<>();
        ServiceLoader.load(ProfileCatalog.class).forEach(catalogs::add);
        assertThat(catalogs).hasAtLeastOneElementOfType(ShippedCatalog.class);

        OrderingGuard guard = OrderingGuard.builder().profile("gemini-3-api").build();
        GuardResult result = guard.check(dispatch("gemini", "gemini-3-pro-preview",
                Entry.user("m1", "Weather?"), call("fc_1", null, "s1")));
        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.blocking()).extracting(f -> f.ruleId() + " " + f.profile())
                .containsExactly("gemini-3-function-call-signature gemini-3-api");
        assertThat(result.blocking().get(0).providerError())
                .startsWith("Function call is missing a thought_signature in functionCall parts.");
    }

    @Test
    void an_unknown_name_fails_when_the_guard_is_built_listing_the_closest_names() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile("anthropic-message").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessageContaining("unknown profile 'anthropic-message'; did you mean anthropic-messages");
    }

    @Test
    void the_three_composition_modes_work_with_shipped_names() {
        Dispatch d = dispatch("x", "m", Entry.user("m1", "a"), Entry.user("m2", "b"), Entry.assistant("m3", "c"));

        GuardResult union = OrderingGuard.builder().profile("strict_alternation").profile("gemma-3").build().check(d);
        assertThat(union.profile()).isEqualTo("union(strict-alternation+gemma-3)");
        assertThat(union.advisories()).extracting(f -> f.ruleId() + "@" + f.profile()).containsExactly(
                "strict-user-assistant-alternation@union(strict-alternation+gemma-3)",
                "strict-user-assistant-alternation@union(strict-alternation+gemma-3)");

        GuardResult each = OrderingGuard.builder().profile("strict_alternation").profile("gemma-3")
                .composition(Composition.EACH).build().check(d);
        assertThat(each.advisories()).extracting(f -> f.ruleId() + "@" + f.profile()).containsExactly(
                "strict-user-assistant-alternation@strict-alternation", "strict-user-assistant-alternation@gemma-3");

        GuardResult first = OrderingGuard.builder().profile("permissive").profile("gemma-3")
                .composition(Composition.FIRST_MATCH).build().check(d);
        assertThat(first.profile()).isEqualTo("permissive");
        assertThat(first.findings()).isEmpty();
    }

    @Test
    void gemini_3_checks_only_the_first_call_of_each_step_of_the_current_turn() {
        OrderingProfile gemini3 = Profiles.profile("gemini-3-api");
        Dispatch d = dispatch("gemini", "gemini-3-pro-preview",
                Entry.user("m1", "Old question"),
                call("old", null, "s0"),                                   // an older turn: not validated
                Entry.assistant("m2", "Old answer"),
                Entry.user("m3", "New question"),
                call("fc_1", signed(), "s1"), call("fc_2", null, "s1"),   // parallel: one signature
                call("fc_3", signed(), "s2"));                              // next step: its own signature

        assertThat(OrderingGuard.of(gemini3).check(d).blocking()).isEmpty();
        assertThat(OrderingGuard.of(Profiles.profile("gemini-3")).check(d).blocking())
                .extracting(f -> f.ruleId() + " " + f.primitiveIds())
                .containsExactly("thought-signature-required [old]");
    }

    @Test
    void mutate_mode_repairs_gemini_3_with_the_documented_sentinel() {
        OrderingGuard guard = OrderingGuard.builder().profile("gemini-3-api").mode(Mode.MUTATE).build();
        GuardResult r = guard.check(dispatch("gemini", "gemini-3-pro-preview",
                Entry.user("m1", "Weather?"), call("fc_1", null, "s1")));

        assertThat(r.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(r.repairs()).extracting(x -> x.strategy().wireName()).containsExactly("fill-required-metadata");
        ToolCall repaired = (ToolCall) r.dispatch().timeline().get(1);
        assertThat(repaired.payloadAt("thoughtSignature").asText()).isEqualTo("skip_thought_signature_validator");
        assertThat(repaired.replayCompatibility()).isEqualTo("gemini-thought-signature-sentinel-v1");
    }

    @Test
    void deepseek_reasoning_rules_are_opposite_by_generation() {
        ObjectNode reasoning = NODES.objectNode().put("reasoning_content", "call the tool");
        Dispatch replayed = dispatch("deepseek", "x",
                Entry.user("m1", "Weather?"),
                new Thought("r1", "call the tool", reasoning, "deepseek-reasoning-content-v1", "s1", null),
                call("c1", null, "s1"), Entry.assistant("m2", "18C"), Entry.user("m3", "Thanks"));

        assertThat(OrderingGuard.of(Profiles.forModel("deepseek-r1")).check(replayed).blocking())
                .extracting(f -> f.ruleId())
                .containsExactly("deepseek-r1-no-reasoning-replay", "deepseek-r1-no-reasoning-input");
        assertThat(OrderingGuard.of(Profiles.forModel("deepseek-v4")).check(replayed).findings()).isEmpty();
        assertThat(OrderingGuard.of(Profiles.forModel("deepseek-v3.2")).check(replayed).findings()).isEmpty();

        GuardResult repaired = OrderingGuard.builder().profile(Profiles.forModel("deepseek-r1")).mode(Mode.MUTATE)
                .build().check(replayed);
        assertThat(repaired.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(repaired.dispatch().timeline().entries()).extracting(Entry::id)
                .containsExactly("m1", "c1", "m2", "m3");
    }

    @Test
    void anthropic_accepts_interleaved_thinking_after_a_tool_result() {
        ObjectNode sig = NODES.objectNode().put("signature", "EqQB");
        Dispatch interleaved = dispatch("anthropic", "claude-sonnet-4-5",
                Entry.user("m1", "Weather in Paris then Lyon?"),
                new Thought("t1", "Paris first", sig, "anthropic-messages-thinking-v1", "s1", null),
                call("toolu_1", null, "s1"),
                new Thought("t2", "Now Lyon", sig, "anthropic-messages-thinking-v1", "s2", null),
                call("toolu_2", null, "s2"));

        for (String family : List.of("anthropic-messages", "anthropic-messages-manual-thinking",
                "anthropic-messages-adaptive-thinking")) {
            assertThat(OrderingGuard.of(Profiles.profile(family)).check(interleaved).blocking()).as(family).isEmpty();
        }
    }

    @Test
    void claude_on_bedrock_is_not_claude_on_the_messages_api() {
        assertThat(Profiles.forModel("us.anthropic.claude-3-7-sonnet-20250219-v1:0").name())
                .isEqualTo("bedrock-converse-claude");
        assertThat(Profiles.forModel("claude-3-7-sonnet-20250219").name()).isEqualTo("anthropic-messages");
        Dispatch consecutive = dispatch("x", "y", Entry.user("m1", "a"), Entry.user("m2", "b"),
                Entry.assistant("m3", "c"));
        assertThat(OrderingGuard.of(Profiles.profile("bedrock-converse-claude")).check(consecutive).outcome())
                .isEqualTo(Outcome.REJECTED);
        assertThat(OrderingGuard.of(Profiles.profile("anthropic-messages")).check(consecutive).outcome())
                .isEqualTo(Outcome.PASSED);
    }

    @Test
    void deepseek_tool_turns_need_their_reasoning_only_in_thinking_mode() {
        Dispatch dropped = dispatch("deepseek", "x", Entry.user("m1", "Weather?"), call("c1", null, "s1"),
                Entry.assistant("m2", "18C"), Entry.user("m3", "Thanks"));

        assertThat(OrderingGuard.of(Profiles.forModel("deepseek-chat")).check(dropped).findings()).isEmpty();
        assertThat(Profiles.forDispatch("deepseek", "deepseek-reasoner").name()).isEqualTo("deepseek-v4-api-thinking");
        GuardResult thinking = OrderingGuard.builder().profile(Profiles.forDispatch("deepseek", "deepseek-reasoner"))
                .mode(Mode.MUTATE).build().check(dropped);
        assertThat(thinking.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(thinking.unrepaired()).extracting(f -> f.ruleId() + " " + f.primitiveIds())
                .containsExactly("deepseek-v4-reasoning-on-tool-turns [c1]");
        assertThat(thinking.repairFailures()).extracting(f -> f.message())
                .containsExactly("rule type stepContent has no repair: the guard never invents reasoning");
        assertThat(OrderingGuard.of(Profiles.profile("deepseek-v3-2-api-thinking")).check(dropped).blocking())
                .extracting(f -> f.ruleId()).containsExactly("deepseek-v3-2-reasoning-on-tool-turns");
    }

    @Test
    void mistral_mutate_bridges_a_user_message_after_a_tool_result_and_renames_foreign_ids() {
        Dispatch d = dispatch("mistral", "mistral-large-latest", Entry.user("m1", "Weather?"),
                new ToolCall("call_1", "weather", args(), ToolResult.of("18C"), true, null, null, "s1", null, false),
                Entry.user("m2", "And Lyon?"));

        GuardResult r = OrderingGuard.builder().profile("mistral-api").mode(Mode.MUTATE).build().check(d);

        assertThat(r.blocking()).extracting(f -> f.ruleId()).containsExactly("mistral-tool-call-id-format",
                "mistral-no-user-after-tool");
        assertThat(r.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(r.repairs()).extracting(x -> x.strategy().wireName()).containsExactly("renumber-invalid-ids",
                "insert-bridge-filler");
        List<Entry> sent = r.dispatch().timeline().entries();
        assertThat(sent.get(1).id()).matches("[a-zA-Z0-9]{9}");
        assertThat(sent).extracting(e -> e instanceof io.orderingguard.timeline.Message m ? m.role().wireName() : "tool")
                .containsExactly("user", "tool", "assistant", "user");
    }

    @Test
    void a_conversation_without_a_user_message_is_rejected_by_qwen_and_never_repaired() {
        Dispatch compacted = dispatch("dashscope", "qwen3-235b-a22b", Entry.system("s0", "Summary: Paris."),
                Entry.assistant("m1", "Shall I continue?"));

        GuardResult r = OrderingGuard.builder().profile("qwen-3-api").mode(Mode.MUTATE).build().check(compacted);

        assertThat(r.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(r.unrepaired()).extracting(f -> f.ruleId() + " " + f.primitiveIds() + " " + f.detail())
                .containsExactly("qwen-user-query-present [] at least 1 user message(s) required, but the conversation "
                        + "holds none");
        assertThat(r.dispatch().timeline().entries()).extracting(Entry::id).containsExactly("s0", "m1");
    }

    @Test
    void an_unsigned_thinking_block_is_dropped_and_a_redacted_one_kept() {
        ObjectNode redacted = NODES.objectNode().put("data", "cmVk");
        Dispatch d = dispatch("anthropic", "claude-sonnet-4-5", Entry.user("m1", "Why?"),
                new Thought("t1", "", redacted, "anthropic-messages-thinking-v1", "s1", null),
                new Thought("t2", "musing", null, null, "s1", null),
                new io.orderingguard.timeline.Message("m2", io.orderingguard.timeline.Role.ASSISTANT, "Because.", null,
                        null, "s1", null),
                Entry.user("m3", "Sure?"));

        GuardResult r = OrderingGuard.builder().profile("anthropic-messages").mode(Mode.MUTATE).build().check(d);

        assertThat(r.blocking()).extracting(f -> f.ruleId() + " " + f.primitiveIds())
                .containsExactly("anthropic-thinking-signature-present [t2]");
        assertThat(r.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(r.repairs()).singleElement().satisfies(x -> {
            assertThat(x.strategy().wireName()).isEqualTo("drop-unsigned-reasoning");
            assertThat(x.removed()).extracting(Entry::id).containsExactly("t2");
        });
        assertThat(r.dispatch().timeline().entries()).extracting(Entry::id).containsExactly("m1", "t1", "m2", "m3");
    }

    private static ObjectNode args() {
        return NODES.objectNode().put("city", "Paris");
    }

    private static ObjectNode signed() {
        return NODES.objectNode().put("thoughtSignature", "CiQB");
    }

    private static ToolCall call(String id, ObjectNode payload, String step) {
        return new ToolCall(id, "weather", args(), ToolResult.of("18C"), true, payload,
                payload == null ? null : "gemini-thought-signature-v1", step, null, false);
    }

    private static Dispatch dispatch(String provider, String model, Entry... entries) {
        return Dispatch.of("c-1", provider, model, Timeline.of(entries));
    }
}

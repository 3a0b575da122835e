package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.ResultCodec;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Selection for every option combination of every family with variants, with the exact reason and
 * what was inferred, plus the gateway, vendor-prefixed, path and alias forms of model ids.
 */
class SelectionTableTest {

    private static final DispatchCodec CODEC = DispatchCodec.defaults();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final String SONNET = "model 'claude-sonnet-4-5' on 'anthropic' -> ";
    private static final String BEDROCK_ID = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
    private static final String BEDROCK = "model '" + BEDROCK_ID + "' on 'bedrock' -> ";
    private static final String UNKNOWN = "reasoning unknown (no options.reasoning and no signed thought in the current "
            + "turn): the base family holds in every thinking setting";
    private static final String DS_UNKNOWN = "reasoning unknown (no options.reasoning and no thought in the current "
            + "turn): the base family holds in every thinking setting";
    private static final String NO_VARIANT = "the family has no thinking variant";

    /** provider, model, options (JSON or empty), timeline shape, profile, reason, inferred (JSON). */
    static Stream<Arguments> cases() {
        return Stream.of(
                // anthropic-messages: every reasoning option, and inference from the timeline
                arguments("anthropic", "claude-sonnet-4-5", "", "plain", "anthropic-messages",
                        SONNET + "anthropic-messages (confirmed): " + UNKNOWN, "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"reasoning\":{\"mode\":\"disabled\"}}", "plain",
                        "anthropic-messages-no-thinking", SONNET + "anthropic-messages-no-thinking (base "
                                + "anthropic-messages, confirmed): options.reasoning is disabled", "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":2048}}",
                        "plain", "anthropic-messages-manual-thinking", SONNET + "anthropic-messages-manual-thinking (base "
                                + "anthropic-messages, confirmed): options.reasoning is enabled (budget 2048)", "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"reasoning\":{\"mode\":\"enabled\",\"effort\":\"high\"}}",
                        "plain", "anthropic-messages-manual-thinking", SONNET + "anthropic-messages-manual-thinking (base "
                                + "anthropic-messages, confirmed): options.reasoning is enabled", "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"reasoning\":{\"mode\":\"adaptive\"}}", "plain",
                        "anthropic-messages-adaptive-thinking", SONNET + "anthropic-messages-adaptive-thinking (base "
                                + "anthropic-messages, confirmed): options.reasoning is adaptive", "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"toolChoice\":\"auto\"}", "signed-now",
                        "anthropic-messages-manual-thinking", SONNET + "anthropic-messages-manual-thinking (base "
                                + "anthropic-messages, confirmed): reasoning inferred on from the signed thought 't2' "
                                + "in the current turn", "{\"reasoning\":{\"mode\":\"enabled\"}}"),
                arguments("anthropic", "claude-sonnet-4-5", "{\"reasoning\":{\"mode\":\"disabled\"}}", "signed-now",
                        "anthropic-messages-no-thinking", SONNET + "anthropic-messages-no-thinking (base "
                                + "anthropic-messages, confirmed): options.reasoning is disabled", "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "", "signed-earlier", "anthropic-messages",
                        SONNET + "anthropic-messages (confirmed): " + UNKNOWN, "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "", "unsigned-now", "anthropic-messages",
                        SONNET + "anthropic-messages (confirmed): " + UNKNOWN, "{}"),
                arguments("anthropic", "claude-sonnet-4-5", "", "foreign-now", "anthropic-messages",
                        SONNET + "anthropic-messages (confirmed): " + UNKNOWN, "{}"),
                arguments("anthropic", "claude-opus-4-6", "", "signed-now", "anthropic-messages-adaptive-thinking",
                        "model 'claude-opus-4-6' on 'anthropic' -> anthropic-messages-adaptive-thinking (base "
                                + "anthropic-messages, confirmed): reasoning inferred on from the signed thought 't2' in "
                                + "the current turn (the model thinks adaptively)", "{\"reasoning\":{\"mode\":\"adaptive\"}}"),
                arguments("anthropic", "claude-3-5-sonnet-20241022", "", "plain", "anthropic-messages-no-thinking",
                        "model 'claude-3-5-sonnet-20241022' on 'anthropic' -> anthropic-messages-no-thinking (base "
                                + "anthropic-messages, confirmed): the model has no extended thinking, so thinking blocks "
                                + "are rejected", "{}"),
                arguments("anthropic", "claude-3-5-haiku-latest", "{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":1024}}",
                        "plain", "anthropic-messages-no-thinking", "model 'claude-3-5-haiku-latest' on 'anthropic' -> "
                                + "anthropic-messages-no-thinking (base anthropic-messages, confirmed): the model has no "
                                + "extended thinking, so thinking blocks are rejected (options.reasoning enabled is not "
                                + "available on it)", "{}"),
                arguments("anthropic", "claude-3-7-sonnet-20250219", "{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":1024}}",
                        "plain", "anthropic-messages-manual-thinking", "model 'claude-3-7-sonnet-20250219' on 'anthropic' -> "
                                + "anthropic-messages-manual-thinking (base anthropic-messages, confirmed): options.reasoning"
                                + " is enabled (budget 1024)", "{}"),
                arguments("vertex", "publishers/anthropic/models/claude-sonnet-4-5@20250929",
                        "{\"reasoning\":{\"mode\":\"disabled\"}}", "plain", "anthropic-messages-no-thinking",
                        "model 'publishers/anthropic/models/claude-sonnet-4-5@20250929' on 'vertex' -> "
                                + "anthropic-messages-no-thinking (base anthropic-messages, confirmed): options.reasoning"
                                + " is disabled", "{}"),
                arguments("openrouter", "anthropic/claude-sonnet-4.5", "{\"reasoning\":{\"mode\":\"adaptive\"}}", "plain",
                        "anthropic-messages-adaptive-thinking", "model 'anthropic/claude-sonnet-4.5' on 'openrouter' -> "
                                + "anthropic-messages-adaptive-thinking (base anthropic-messages, confirmed): "
                                + "options.reasoning is adaptive", "{}"),
                // bedrock-converse-claude
                arguments("bedrock", BEDROCK_ID, "", "plain", "bedrock-converse-claude",
                        BEDROCK + "bedrock-converse-claude (confirmed): " + UNKNOWN, "{}"),
                arguments("bedrock", BEDROCK_ID, "{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":4096}}", "plain",
                        "bedrock-converse-claude-thinking", BEDROCK + "bedrock-converse-claude-thinking (base "
                                + "bedrock-converse-claude, confirmed): options.reasoning is enabled", "{}"),
                arguments("bedrock", BEDROCK_ID, "{\"reasoning\":{\"mode\":\"adaptive\"}}", "plain",
                        "bedrock-converse-claude-thinking", BEDROCK + "bedrock-converse-claude-thinking (base "
                                + "bedrock-converse-claude, confirmed): options.reasoning is adaptive", "{}"),
                arguments("bedrock", BEDROCK_ID, "{\"reasoning\":{\"mode\":\"disabled\"}}", "bedrock-signed-now",
                        "bedrock-converse-claude", BEDROCK + "bedrock-converse-claude (confirmed): options.reasoning is "
                                + "disabled", "{}"),
                arguments("bedrock", BEDROCK_ID, "", "bedrock-signed-now", "bedrock-converse-claude-thinking",
                        BEDROCK + "bedrock-converse-claude-thinking (base bedrock-converse-claude, confirmed): reasoning "
                                + "inferred on from the signed thought 't2' in the current turn",
                        "{\"reasoning\":{\"mode\":\"enabled\"}}"),
                arguments("bedrock", "arn:aws:bedrock:us-east-1:123456789012:inference-profile/"
                                + "us.anthropic.claude-3-7-sonnet-20250219-v1:0", "", "plain", "bedrock-converse-claude",
                        "model 'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-7-sonnet-"
                                + "20250219-v1:0' on 'bedrock' -> bedrock-converse-claude (confirmed): " + UNKNOWN, "{}"),
                // deepseek-v4-api, deepseek-v3-2-api, deepseek-reasoner
                arguments("deepseek", "deepseek-chat", "", "plain", "deepseek-v4-api",
                        "model 'deepseek-chat' on 'deepseek' -> deepseek-v4-api (documented): " + DS_UNKNOWN, "{}"),
                arguments("deepseek", "deepseek-chat", "{\"reasoning\":{\"mode\":\"enabled\"}}", "plain",
                        "deepseek-v4-api-thinking", "model 'deepseek-chat' on 'deepseek' -> deepseek-v4-api-thinking (base "
                                + "deepseek-v4-api, documented): options.reasoning is enabled", "{}"),
                arguments("deepseek", "deepseek-chat", "", "deepseek-now", "deepseek-v4-api-thinking",
                        "model 'deepseek-chat' on 'deepseek' -> deepseek-v4-api-thinking (base deepseek-v4-api, "
                                + "documented): reasoning inferred on from the thought 't2' in the current turn",
                        "{\"reasoning\":{\"mode\":\"enabled\"}}"),
                arguments("openrouter", "deepseek/deepseek-chat", "", "plain", "deepseek-v4-api",
                        "model 'deepseek/deepseek-chat' on 'openrouter' -> deepseek-v4-api (documented): " + DS_UNKNOWN,
                        "{}"),
                arguments("deepseek", "deepseek-reasoner", "{\"reasoning\":{\"mode\":\"disabled\"}}", "plain",
                        "deepseek-v4-api-thinking", "model 'deepseek-reasoner' on 'deepseek' -> deepseek-v4-api-thinking "
                                + "(documented): deepseek-reasoner always thinks, so options.reasoning disabled is ignored",
                        "{}"),
                arguments("deepseek", "deepseek-v3.2", "{\"reasoning\":{\"mode\":\"enabled\"}}", "plain",
                        "deepseek-v3-2-api-thinking", "model 'deepseek-v3.2' on 'deepseek' -> deepseek-v3-2-api-thinking "
                                + "(base deepseek-v3-2-api, confirmed): options.reasoning is enabled", "{}"),
                arguments("deepseek", "deepseek-v3.2", "{\"reasoning\":{\"mode\":\"disabled\"}}", "deepseek-now",
                        "deepseek-v3-2-api", "model 'deepseek-v3.2' on 'deepseek' -> deepseek-v3-2-api (confirmed): "
                                + "options.reasoning is disabled", "{}"),
                // families without variants; gateway, vendor-prefixed and path forms of ids
                arguments("openrouter", "openai/gpt-4o-mini", "{\"toolChoice\":\"required\"}", "plain", "openai-chat",
                        "model 'openai/gpt-4o-mini' on 'openrouter' -> openai-chat (confirmed): " + NO_VARIANT, "{}"),
                arguments("openai", "gpt-4.5-preview", "", "plain", "openai-chat",
                        "model 'gpt-4.5-preview' on 'openai' -> openai-chat (documented): " + NO_VARIANT, "{}"),
                arguments("openrouter", "google/gemini-2.5-pro", "", "plain", "gemini-2-5-api",
                        "model 'google/gemini-2.5-pro' on 'openrouter' -> gemini-2-5-api (confirmed): " + NO_VARIANT, "{}"),
                arguments("vertex", "publishers/google/models/gemini-2.5-pro", "", "plain", "gemini-2-5-api",
                        "model 'publishers/google/models/gemini-2.5-pro' on 'vertex' -> gemini-2-5-api (confirmed): "
                                + NO_VARIANT, "{}"),
                arguments(null, "projects/p1/locations/us-central1/publishers/google/models/gemini-3-pro-preview",
                        "{\"reasoning\":{\"mode\":\"enabled\"}}", "plain", "gemini-3-api",
                        "model 'projects/p1/locations/us-central1/publishers/google/models/gemini-3-pro-preview' -> "
                                + "gemini-3-api (confirmed): " + NO_VARIANT, "{}"),
                arguments("huggingface", "zai-org/GLM-4.6", "", "plain", "glm-4-7",
                        "model 'zai-org/GLM-4.6' on 'huggingface' -> glm-4-7 (guessed): " + NO_VARIANT, "{}"),
                arguments("openrouter", "z-ai/glm-4.5-air", "", "plain", "glm-4-5",
                        "model 'z-ai/glm-4.5-air' on 'openrouter' -> glm-4-5 (documented): " + NO_VARIANT, "{}"),
                arguments("zhipu", "glm-4-plus", "", "plain", "glm-4-5",
                        "model 'glm-4-plus' on 'zhipu' -> glm-4-5 (guessed): " + NO_VARIANT, "{}"),
                // unknown model: the conservative fallback
                arguments("acme", "acme-large-2", "{\"reasoning\":{\"mode\":\"enabled\"}}", "plain", "unknown-model",
                        "no profile is known for model 'acme-large-2' on 'acme': fallback unknown-model", "{}"));
    }

    @ParameterizedTest(name = "{0} {1} {2} {3} -> {4}")
    @MethodSource("cases")
    void choosesTheVariantAndSaysWhy(String provider, String model, String options, String shape, String profile,
            String reason, String inferred) throws Exception {
        Dispatch dispatch = dispatch(provider, model, options, shape);

        ProfileSelection selection = Profiles.selector().choose(dispatch);

        assertThat(selection.profileNames()).containsExactly(profile);
        assertThat(selection.reason()).isEqualTo(reason);
        assertThat(CODEC.optionsToTree(selection.inferred()).toString()).isEqualTo(inferred);
        assertThat(selection.fallback()).isEqualTo(profile.equals("unknown-model"));
        assertThat(Profiles.selector().select(dispatch)).containsExactlyElementsOf(selection.profiles());
    }

    @Test
    void anAliasReadsADeploymentNameAsAModelId() {
        ModelSelector selector = Profiles.selector().alias("Prod-Chat", "gpt-4o");

        ProfileSelection s = selector.choose(dispatch("azure", "prod-chat", "", "plain"));

        assertThat(s.profileNames()).containsExactly("openai-chat");
        assertThat(s.reason()).isEqualTo("model 'prod-chat' (alias of 'gpt-4o') on 'azure' -> openai-chat (confirmed): "
                + NO_VARIANT);
        assertThat(Profiles.selector().choose(dispatch("azure", "prod-chat", "", "plain")).fallback()).isTrue();
        assertThat(selector.aliases()).containsEntry("prod-chat", "gpt-4o");
        assertThatThrownBy(() -> Profiles.selector().alias("prod", "acme-9000"))
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid model alias: alias 'prod' names model 'acme-9000', for which no profile is known;"
                        + " give a model id from guard profiles' model table (e.g. gpt-4o, claude-sonnet-4-5,"
                        + " gemini-2.5-pro)");
    }

    @Test
    void theGuardReportsTheSelectionInEveryResultAndJson() throws Exception {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).build();
        Dispatch thinking = dispatch("anthropic", "claude-sonnet-4-5", "", "signed-now");

        GuardResult result = guard.check(thinking);
        GuardResult fixed = OrderingGuard.builder().profile("openai-chat").build().check(thinking);

        assertThat(result.profile()).isEqualTo("anthropic-messages-manual-thinking");
        assertThat(ResultCodec.of(CODEC).write(result, "c-1").get("selection").toString()).isEqualTo(
                "{\"profiles\":[\"anthropic-messages-manual-thinking\"],\"reason\":\"" + SONNET
                        + "anthropic-messages-manual-thinking (base anthropic-messages, confirmed): reasoning inferred on"
                        + " from the signed thought 't2' in the current turn\",\"inferred\":{\"reasoning\":{\"mode\":"
                        + "\"enabled\"}},\"fallback\":false}");
        assertThat(fixed.selection().reason()).isEqualTo("the profiles configured on the guard");
        assertThat(fixed.selection().profileNames()).containsExactly("openai-chat");
    }

    @Test
    void aFallbackProfileCanBeConfigured() {
        ModelSelector permissive = Profiles.selector("permissive");

        ProfileSelection s = permissive.choose(dispatch("acme", "acme-9000", "", "plain"));

        assertThat(s.profileNames()).containsExactly("permissive");
        assertThat(s.advisory()).startsWith("no profile is known for model 'acme-9000' on 'acme', so the conservative"
                + " profile 'permissive' was used");
        assertThat(Profiles.selector().choose(Dispatch.of(Timeline.of(Entry.user("m1", "hi")))).reason())
                .isEqualTo("the dispatch names no model: fallback unknown-model");
    }

    private static Dispatch dispatch(String provider, String model, String options, String shape) {
        try {
            RequestOptions parsed = options.isEmpty() ? RequestOptions.unknown()
                    : CODEC.optionsFromTree(JSON.readTree(options), "case");
            return Dispatch.of("c-1", provider, model, timeline(shape)).withOptions(parsed);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Timeline timeline(String shape) {
        Thought signed = Entry.thought("t2", "").withPayload(NODES.objectNode().put("signature", "EqQB"),
                "anthropic-messages-thinking-v1");
        return switch (shape) {
            case "plain" -> Timeline.of(Entry.user("m1", "hi"), Entry.assistant("m2", "hello"), Entry.user("m3", "go"));
            case "signed-now" -> Timeline.of(Entry.user("m1", "find x"), signed,
                    Entry.toolCall("c1", "search", null).withResult("3 hits"));
            case "signed-earlier" -> Timeline.of(Entry.user("m1", "find x"), signed, Entry.assistant("m2", "found"),
                    Entry.user("m3", "thanks"));
            case "unsigned-now" -> Timeline.of(Entry.user("m1", "find x"), Entry.thought("t2", "hmm"),
                    Entry.assistant("m2", "found"));
            case "foreign-now" -> Timeline.of(Entry.user("m1", "find x"), Entry.thought("t2", "")
                    .withPayload(NODES.objectNode().put("signature", "x"), "gemini-thought-signature-v1"));
            case "bedrock-signed-now" -> Timeline.of(Entry.user("m1", "find x"), Entry.thought("t2", "plan")
                    .withPayload(NODES.objectNode().put("signature", "sig"), "bedrock-converse-reasoning-v1"),
                    Entry.toolCall("c1", "search", null).withResult("3 hits"));
            case "deepseek-now" -> Timeline.of(Entry.user("m1", "find x"), Entry.thought("t2", "plan")
                    .withPayload(null, "deepseek-reasoning-content-v1"), Entry.toolCall("c1", "search", null));
            default -> throw new IllegalArgumentException(shape);
        };
    }
}

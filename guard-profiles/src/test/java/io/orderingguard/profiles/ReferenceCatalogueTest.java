package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardConfigException;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference catalogue, checked against an independent transcription of its tables: every
 * behaviour with its registry key, profile name, rule ids, types, parameters and default severities;
 * every parameterised token; every family recipe and {@code grok}.
 */
class ReferenceCatalogueTest {

    /** Behaviour token → profile name, then one spec per rule: {@code id|type|severity|field=value;…}. */
    private static final Map<String, List<String>> BEHAVIOURS = new LinkedHashMap<>();

    static {
        behaviour("permissive", "permissive");
        behaviour("openai_shape_baseline", "openai-shape-baseline",
                "message-not-immediately-after-tool-call|adjacency|advisory|first=toolCall;disallowBetween=[\"message\"]",
                "tool-call-id-uniqueness|identifierUniqueness|blocking|kind=toolCall;surface=dispatch");
        behaviour("strict_alternation", "strict-alternation",
                "strict-user-assistant-alternation|alternation|advisory|roles=[\"user\",\"assistant\"];mode=strict");
        behaviour("single_tool_call_per_turn", "single-tool-call-per-turn",
                "single-tool-call-per-turn|alternation|advisory|mode=strict;maxPerGroup=1");
        behaviour("thinking_before_tool_use", "thinking-before-tool-use",
                "thinking-before-tool-use|order|advisory|before=thought;after=toolCall;scope=adjacent-same-role-group;"
                        + "onlyLatestGroup=true");
        behaviour("thought_signature_required", "thought-signature-required",
                "thought-signature-required|requiredMetadata|blocking|kind=toolCall;applyTo=first-in-group;"
                        + "requiredPayloadKey=thoughtSignature;fallbackPayloadValue=skip_thought_signature_validator;"
                        + "fallbackReplayCompatibility=gemini-thought-signature-sentinel-v1;fallbackRepairAuthorized=true;"
                        + "onlyCurrentTurn=false");
        behaviour("thought_signature_advisory", "thought-signature-advisory",
                "thought-signature-advisory|requiredMetadata|advisory|kind=toolCall;applyTo=first-in-group;"
                        + "requiredPayloadKey=thoughtSignature;fallbackRepairAuthorized=false");
        behaviour("function_response_adjacency", "function-response-adjacency",
                "message-not-immediately-after-function-call|adjacency|advisory|first=toolCall;"
                        + "disallowBetween=[\"message\"]");
        behaviour("full_history_preservation:thought", "full-history-preservation-thought",
                "full-history-preservation-thought|preservation|advisory|kind=thought;invariant=count-non-decreasing");
        behaviour("full_history_preservation:toolCall", "full-history-preservation-toolCall",
                "full-history-preservation-toolCall|preservation|advisory|kind=toolCall;invariant=count-non-decreasing");
        behaviour("full_history_preservation:message", "full-history-preservation-message",
                "full-history-preservation-message|preservation|advisory|kind=message;invariant=count-non-decreasing");
        behaviour("payload_field_preservation:signature", "payload-field-preservation-thought-signature",
                "payload-field-preservation-thought-signature|preservation|advisory|kind=thought;"
                        + "invariant=payload-field-stable;payloadField=signature");
        behaviour("payload_field_preservation:signature.value", "payload-field-preservation-thought-signature-value",
                "payload-field-preservation-thought-signature-value|preservation|advisory|kind=thought;"
                        + "invariant=payload-field-stable;payloadField=signature.value");
        behaviour("payload_field_preservation:clear_thinking", "payload-field-preservation-thought-clear_thinking",
                "payload-field-preservation-thought-clear_thinking|preservation|advisory|payloadField=clear_thinking");
        behaviour("payload_field_preservation:encrypted_content",
                "payload-field-preservation-thought-encrypted_content",
                "payload-field-preservation-thought-encrypted_content|preservation|advisory|"
                        + "payloadField=encrypted_content");
        behaviour("reasoning_pruned_after_latest_turn", "reasoning-pruned-after-latest-turn",
                "reasoning-pruned-after-latest-turn|preservation|advisory|kind=thought;invariant=pruned-after-latest-turn");
        behaviour("stale_thinking_advisory", "stale-thinking-advisory",
                "stale-thinking-gemma4|staleContentAdvisory|advisory|kind=thought;scope=before-latest-user-turn;"
                        + "optOutOptionKey=preserveThinking");
        behaviour("role_remap_split_tool_roles", "role-remap-split-tool-roles",
                "granite-3-x-split-tool-roles|roleRemap|advisory|kind=toolCall;variant=granite-3.x;expectedRoleTag=roleTag");
        behaviour("role_remap_split_tool_roles:tag:granite-3.1:blocking", "role-remap-split-tool-roles",
                "granite-3-x-split-tool-roles|roleRemap|blocking|variant=granite-3.1;expectedRoleTag=tag");
        behaviour("role_remap_inline_tool_call", "role-remap-inline-tool-call",
                "granite-4-x-inline-tool-call|roleRemap|advisory|kind=toolCall;variant=granite-4.x;expectedRoleTag=roleTag");
        behaviour("harmony_commentary_channel", "harmony-commentary-channel",
                "harmony-commentary-channel|requiredMetadata|advisory|kind=toolCall;applyTo=every;"
                        + "requiredPayloadKey=channel;fallbackPayloadValue=commentary;fallbackRepairAuthorized=false");
        behaviour("converse_text_before_tool_use", "converse-text-before-tool-use",
                "converse-text-before-tool-use|order|advisory|before=message;after=toolCall;scope=entire-turn;"
                        + "onlyLatestGroup=false");
        behaviour("tool_identity", "tool-identity", "tool-result-names-a-declared-tool|toolIdentity|advisory|");
        behaviour("schema_integrity", "schema-integrity",
                "required-keys-must-exist-in-properties|schemaIntegrity|advisory|");
        behaviour("non_empty_turn", "non-empty-turn",
                "non-empty-turn|nonEmptyTurn|advisory|role=assistant;onlyTerminal=false");
        behaviour("non_empty_turn:terminal", "non-empty-terminal-turn",
                "non-empty-terminal-turn|nonEmptyTurn|advisory|role=assistant;onlyTerminal=true");
        behaviour("non_empty_turn:terminal:user", "non-empty-terminal-turn",
                "non-empty-terminal-turn|nonEmptyTurn|advisory|role=user;onlyTerminal=true");
        behaviour("tool_call_id_format", "tool-call-id-format",
                "tool-call-id-format|identifierFormat|advisory|kind=toolCall;maxLength=64;allowedPattern=[A-Za-z0-9_-]");
        behaviour("tool_call_id_format:40", "tool-call-id-format",
                "tool-call-id-format|identifierFormat|advisory|maxLength=40;allowedPattern=[A-Za-z0-9_-]");
        behaviour("tool_call_id_format:9:[a-z:]", "tool-call-id-format",
                "tool-call-id-format|identifierFormat|advisory|maxLength=9;allowedPattern=[a-z:]");
        behaviour("tool_call_id_uniqueness", "tool-call-id-uniqueness",
                "tool-call-id-uniqueness|identifierUniqueness|blocking|kind=toolCall;surface=dispatch");
    }

    /** Family key → recipe tokens, as the reference lists them. */
    private static final Map<String, List<String>> RECIPES = new LinkedHashMap<>();

    static {
        String b = "openai_shape_baseline";
        recipe("anthropic-manual-thinking", "thinking_before_tool_use", "payload_field_preservation:signature");
        recipe("anthropic-adaptive-thinking", "payload_field_preservation:signature");
        recipe("gemini-3", "thought_signature_required", "function_response_adjacency");
        recipe("gemini-2-5", "thought_signature_advisory", "function_response_adjacency");
        recipe("nova", "strict_alternation", b);
        recipe("bedrock-converse", "converse_text_before_tool_use");
        recipe("deepseek-v3-base", "strict_alternation", b);
        recipe("deepseek-thinking", "strict_alternation", "full_history_preservation:thought");
        recipe("deepseek-v4", "strict_alternation", "full_history_preservation:thought");
        recipe("qwen-2-5", b);
        recipe("qwen-3", b, "reasoning_pruned_after_latest_turn");
        recipe("glm-4-5", b);
        recipe("glm-4-7", b, "payload_field_preservation:clear_thinking");
        recipe("kimi-k2", b, "full_history_preservation:toolCall");
        recipe("kimi-k3", b, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe("minimax-m2", b, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe("minimax-m3", b, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe("mistral", b);
        recipe("llama-3", b, "single_tool_call_per_turn");
        recipe("llama-4", b);
        recipe("nemotron", b);
        recipe("gemma-3", "strict_alternation");
        recipe("gemma-4", "strict_alternation", "stale_thinking_advisory");
        recipe("gpt-oss", "harmony_commentary_channel");
        recipe("codex-responses", "payload_field_preservation:encrypted_content");
        for (String k : List.of("cohere-command-r", "phi", "mai", "jamba", "falcon", "palmyra", "ernie", "gpt-4-legacy",
                "bytedance-seed", "muse-spark", "muse-glimmer")) {
            recipe(k, b);
        }
        recipe("granite-3-x", "role_remap_split_tool_roles");
        recipe("granite-4-x", "role_remap_inline_tool_call");
    }

    private static void behaviour(String token, String name, String... rules) {
        List<String> v = new ArrayList<>();
        v.add(name);
        v.addAll(List.of(rules));
        BEHAVIOURS.put(token, v);
    }

    private static void recipe(String key, String... tokens) {
        RECIPES.put(key, List.of(tokens));
    }

    static Stream<Arguments> behaviours() {
        return BEHAVIOURS.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    static Stream<Arguments> recipes() {
        return RECIPES.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("behaviours")
    void behaviour_resolves_with_the_reference_rules(String token, List<String> expected) {
        OrderingProfile p = Profiles.profile(token);

        assertThat(p.name()).isEqualTo(expected.get(0));
        assertThat(p.permissive()).isEqualTo(token.equals("permissive"));
        List<String> specs = expected.subList(1, expected.size());
        assertThat(p.rules()).hasSize(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            assertRule(p.rules().get(i), specs.get(i));
        }
    }

    @Test
    void all_21_registry_keys_are_known_and_listed() {
        assertThat(ReferenceBehaviours.KEYS).hasSize(21).containsExactly("permissive", "openai_shape_baseline",
                "strict_alternation", "single_tool_call_per_turn", "thinking_before_tool_use", "thought_signature_required",
                "thought_signature_advisory", "function_response_adjacency", "full_history_preservation",
                "payload_field_preservation", "reasoning_pruned_after_latest_turn", "stale_thinking_advisory",
                "role_remap_split_tool_roles", "role_remap_inline_tool_call", "harmony_commentary_channel",
                "converse_text_before_tool_use", "tool_identity", "schema_integrity", "non_empty_turn",
                "tool_call_id_format", "tool_call_id_uniqueness");
        List<String> listed = Profiles.behaviours().stream().map(CatalogEntry::key).toList();
        for (String key : ReferenceBehaviours.KEYS) {
            assertThat(listed).anyMatch(k -> k.equals(key) || k.startsWith(key + ":"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recipes")
    void family_is_the_union_of_its_recipe(String key, List<String> tokens) {
        CatalogEntry entry = Profiles.describe(key);
        List<String> expected = new ArrayList<>();
        for (String token : tokens) {
            List<String> spec = BEHAVIOURS.get(token);
            expected.addAll(spec.subList(1, spec.size()));
        }

        assertThat(entry.origin()).isEqualTo(CatalogEntry.Origin.REFERENCE);
        assertThat(entry.behaviours()).isEqualTo(tokens);
        assertThat(entry.name()).isEqualTo(key);
        assertThat(entry.rules()).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertRule(entry.rules().get(i), expected.get(i));
        }
        assertThat(Profiles.profile(key)).isSameAs(entry.profile());
    }

    @Test
    void there_are_38_recipes_and_grok_is_the_permissive_profile_itself() {
        List<String> reference = Profiles.families().stream().filter(e -> e.origin() == CatalogEntry.Origin.REFERENCE)
                .map(CatalogEntry::key).toList();

        assertThat(reference).hasSize(39).containsAll(RECIPES.keySet()).contains("grok");
        assertThat(Profiles.profile("grok")).isSameAs(Profiles.profile("permissive"));
        assertThat(Profiles.profile("grok").permissive()).isTrue();
        assertThat(Profiles.profile("grok").rules()).isEmpty();
    }

    @Test
    void adjacency_families_say_how_adjacency_is_checked() {
        assertThat(Profiles.profile("gemini-3").description()).endsWith(ReferenceFamilies.ADJACENCY_NOTE);
        assertThat(Profiles.profile("gemini-2-5").description()).endsWith(ReferenceFamilies.ADJACENCY_NOTE);
        assertThat(Profiles.profile("mistral").description()).doesNotContain("adjacency");
    }

    @Test
    void counts_match_the_reference() {
        long withBaseline = RECIPES.values().stream().filter(t -> t.contains("openai_shape_baseline")).count();
        long withAdjacency = RECIPES.keySet().stream().filter(k -> Profiles.profile(k).rules().stream()
                .anyMatch(r -> r.type().equals("adjacency"))).count();
        long withUniqueness = RECIPES.keySet().stream().filter(k -> Profiles.profile(k).rules().stream()
                .anyMatch(r -> r.id().equals("tool-call-id-uniqueness"))).count();

        assertThat(withBaseline).isEqualTo(25);
        assertThat(withAdjacency).isEqualTo(27);
        assertThat(withUniqueness).isEqualTo(25);
    }

    @Test
    void behaviours_resolve_by_key_by_profile_name_and_by_token() {
        assertThat(Profiles.profile("strict-alternation")).isSameAs(Profiles.profile("strict_alternation"));
        assertThat(Profiles.profile("payload-field-preservation-thought-signature"))
                .isSameAs(Profiles.profile("payload_field_preservation:signature"));
        assertThat(Profiles.profile("non-empty-terminal-turn")).isSameAs(Profiles.profile("non_empty_turn:terminal"));
    }

    @Test
    void an_unknown_name_lists_the_closest_known_names() {
        assertThatThrownBy(() -> Profiles.profile("gemini-3-pro"))
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid profile: unknown profile 'gemini-3-pro'; did you mean gemini-3-api, gemini-2-5, "
                        + "gemini-3?");
        assertThatThrownBy(() -> Profiles.profile("strict_alternaton"))
                .hasMessage("invalid profile: unknown profile 'strict_alternaton'; did you mean strict_alternation, "
                        + "strict-alternation?");
        assertThatThrownBy(() -> Profiles.profile("zzzzzzzzzzzz"))
                .hasMessage("invalid profile: unknown profile 'zzzzzzzzzzzz'");
        assertThat(Profiles.find("gemini-3-pro")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"full_history_preservation", "full_history_preservation:thoughts",
        "payload_field_preservation", "non_empty_turn:final", "non_empty_turn:terminal:system",
        "tool_call_id_format:long", "tool_call_id_format:0", "role_remap_split_tool_roles:roleTag:x:fatal",
        "strict_alternation:x", "payload_field_preservation:.a"})
    void a_token_with_bad_parameters_names_the_parameter(String token) {
        assertThatThrownBy(() -> Profiles.profile(token))
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid profile: " + TOKEN_ERRORS.get(token));
        assertThat(Profiles.find(token)).isEmpty();
    }

    private static final Map<String, String> TOKEN_ERRORS = Map.of(
            "full_history_preservation", "behaviour 'full_history_preservation' needs exactly one parameter, the kind: "
                    + "full_history_preservation:<message|thought|toolCall>, but token was 'full_history_preservation'",
            "full_history_preservation:thoughts", "bad parameter in token 'full_history_preservation:thoughts': kind must "
                    + "be one of message, thought, toolCall, but was 'thoughts'",
            "payload_field_preservation", "behaviour 'payload_field_preservation' needs a payload field: "
                    + "payload_field_preservation:<field>, but token was 'payload_field_preservation'",
            "non_empty_turn:final", "the first parameter of non_empty_turn must be 'terminal' or empty, but was 'final' "
                    + "in token 'non_empty_turn:final'",
            "non_empty_turn:terminal:system", "the role of non_empty_turn must be assistant or user, but was 'system' in "
                    + "token 'non_empty_turn:terminal:system'",
            "tool_call_id_format:long", "the maxLength parameter of tool_call_id_format must be a positive integer, but "
                    + "was 'long' in token 'tool_call_id_format:long'",
            "tool_call_id_format:0", "bad parameter in token 'tool_call_id_format:0': maxLength must be >= 1, but was 0",
            "role_remap_split_tool_roles:roleTag:x:fatal", "bad parameter in token "
                    + "'role_remap_split_tool_roles:roleTag:x:fatal': severity must be one of blocking, advisory, but was "
                    + "'fatal'",
            "strict_alternation:x", "behaviour 'strict_alternation' takes no parameters, but token "
                    + "'strict_alternation:x' has 1",
            "payload_field_preservation:.a", "bad parameter in token 'payload_field_preservation:.a': payloadField must "
                    + "be a dot path such as 'a.b', but was '.a'");

    @Test
    void every_reference_rule_says_where_it_comes_from() {
        for (CatalogEntry e : Profiles.behaviours()) {
            for (OrderingRule r : e.rules()) {
                assertThat(r.provenance().source()).as(r.id()).startsWith("NHTIO/ADK reference catalogue: ");
                assertThat(r.provenance().verifiedOn()).as(r.id()).isEqualTo(ReferenceBehaviours.VERIFIED);
            }
        }
        assertThat(Profiles.profile("thought_signature_required").rules().get(0).provenance().providerError())
                .startsWith("Function call is missing a thought_signature");
    }

    /** Checks one rule against {@code id|type|severity|field=value;…}. */
    static void assertRule(OrderingRule rule, String spec) {
        String[] parts = spec.split("\\|", -1);
        ObjectNode json = RuleCodec.write(rule);
        assertThat(rule.id()).isEqualTo(parts[0]);
        assertThat(rule.type()).as(parts[0]).isEqualTo(parts[1]);
        assertThat(rule.severity().wireName()).as(parts[0]).isEqualTo(parts[2]);
        if (parts[3].isEmpty()) {
            return;
        }
        for (String pair : parts[3].split(";")) {
            int eq = pair.indexOf('=');
            String field = pair.substring(0, eq);
            JsonNode value = json.get(field);
            assertThat(value).as(parts[0] + "." + field).isNotNull();
            assertThat(value.isTextual() ? value.asText() : value.toString()).as(parts[0] + "." + field)
                    .isEqualTo(pair.substring(eq + 1));
        }
    }
}

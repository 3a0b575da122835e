package io.orderingguard.profiles;

import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.rule.AdjacencyRule;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.IdentifierFormatRule;
import io.orderingguard.rule.IdentifierUniquenessRule;
import io.orderingguard.rule.OrderScope;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.PreservationRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.RoleRemapRule;
import io.orderingguard.rule.RuleSurface;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The 21 atomic behaviours of the reference catalogue, with the reference's registry keys
 * (snake_case), profile names (kebab-case), rule ids, rule types, parameters and default severities,
 * and the parameterised behaviour tokens ({@code behaviour:arg:arg}).
 *
 * <p>Deliberate differences from the reference, all additive: a behaviour whose factory has
 * defaults ({@code non_empty_turn}, {@code tool_call_id_format}, the two {@code role_remap_*})
 * resolves by its plain key with those defaults; tokens are accepted wherever a name is; a
 * {@code tool_call_id_format} pattern may contain {@code :}; a bad token parameter is an error
 * naming the parameter instead of a silent default.
 */
final class ReferenceBehaviours {

    /** Registry keys in the reference's order. */
    static final List<String> KEYS = List.of(
            "permissive", "openai_shape_baseline", "strict_alternation", "single_tool_call_per_turn",
            "thinking_before_tool_use", "thought_signature_required", "thought_signature_advisory",
            "function_response_adjacency", "full_history_preservation", "payload_field_preservation",
            "reasoning_pruned_after_latest_turn", "stale_thinking_advisory", "role_remap_split_tool_roles",
            "role_remap_inline_tool_call", "harmony_commentary_channel", "converse_text_before_tool_use",
            "tool_identity", "schema_integrity", "non_empty_turn", "tool_call_id_format",
            "tool_call_id_uniqueness");

    /** When the reference recorded its claims: it kept no dates. */
    static final String VERIFIED = "reference research pass (date not recorded)";

    private static final String GEMINI_SIGNATURE_ERROR = "Function call is missing a thought_signature in "
            + "functionCall parts. This is required for tools to work correctly … function call "
            + "`default_api:<name>` , position N.";

    private static final Map<String, OrderingProfile> FIXED = new LinkedHashMap<>();

    static {
        FIXED.put("permissive", OrderingProfile.permissive("permissive",
                "No ordering rules: the vendor documents no ordering limitation (xAI Grok). A claim, not an "
                        + "absence of research."));
        FIXED.put("openai_shape_baseline", OrderingProfile.of("openai-shape-baseline",
                "Generic OpenAI-shaped chat template: a message should not directly follow a tool call, and "
                        + "tool-call ids must be unique across the conversation.",
                List.of(adjacencyAfterToolCall(), toolCallIdUniqueness())));
        FIXED.put("strict_alternation", OrderingProfile.of("strict-alternation",
                "User and assistant messages alternate strictly, starting with the user.",
                List.of(ref(OrderingRule.alternation("strict-user-assistant-alternation", Role.USER, Role.ASSISTANT),
                        "Nova, DeepSeek, Gemma and Llama documentation: roles alternate user/assistant"))));
        FIXED.put("single_tool_call_per_turn", OrderingProfile.of("single-tool-call-per-turn",
                "At most one tool call per model response (Llama 3; Llama 4 lifts it), with strict alternation.",
                List.of(ref(OrderingRule.maxToolCallsPerGroup("single-tool-call-per-turn", 1),
                        "Llama 3 documentation: no parallel tool calls"))));
        FIXED.put("thinking_before_tool_use", OrderingProfile.of("thinking-before-tool-use",
                "In the latest role group, every thought precedes every tool call (Anthropic manual extended "
                        + "thinking).",
                List.of(ref(OrderingRule.order("thinking-before-tool-use", Kind.THOUGHT, Kind.TOOL_CALL)
                        .withOnlyLatestGroup(true),
                        "Anthropic extended-thinking documentation: the current turn starts with thinking"))));
        FIXED.put("thought_signature_required", OrderingProfile.of("thought-signature-required",
                "The first tool call of each role group carries a Gemini thoughtSignature (Gemini 3); mutate "
                        + "mode may write the vendor-published sentinel.",
                List.of(thoughtSignatureRequired())));
        FIXED.put("thought_signature_advisory", OrderingProfile.of("thought-signature-advisory",
                "The first tool call of each role group should carry a Gemini thoughtSignature (Gemini 2.5: "
                        + "recommended, not enforced).",
                List.of(ref(OrderingRule.requiredMetadata("thought-signature-advisory", Kind.TOOL_CALL,
                        ApplyTo.FIRST_IN_GROUP, "thoughtSignature").withSeverity(Severity.ADVISORY),
                        "Gemini 2.5 documentation: signatures are returned and recommended, not enforced"))));
        FIXED.put("function_response_adjacency", OrderingProfile.of("function-response-adjacency",
                "A message should not directly follow a function call (Gemini function call/response "
                        + "adjacency).",
                List.of(ref(OrderingRule.adjacency("message-not-immediately-after-function-call", Kind.TOOL_CALL,
                        Kind.MESSAGE),
                        "Gemini documentation: the function response turn follows the function call turn"))));
        FIXED.put("reasoning_pruned_after_latest_turn", OrderingProfile.of("reasoning-pruned-after-latest-turn",
                "Reasoning older than the latest user turn may be dropped; reasoning at or after it must be "
                        + "kept unchanged (Qwen 3 chat template).",
                List.of(ref(OrderingRule.preservation("reasoning-pruned-after-latest-turn", Kind.THOUGHT,
                        PreservationInvariant.PRUNED_AFTER_LATEST_TURN),
                        "Qwen 3 chat template: reasoning is rendered only after the last user query"))));
        FIXED.put("stale_thinking_advisory", OrderingProfile.of("stale-thinking-advisory",
                "Thinking that predates the latest user turn is reported (Gemma 4 recommends dropping it; "
                        + "opt out with preserveThinking).",
                List.of(ref(OrderingRule.staleContent("stale-thinking-gemma4", Kind.THOUGHT, "preserveThinking"),
                        "Gemma 4 guidance: drop thinking from earlier turns"))));
        FIXED.put("harmony_commentary_channel", OrderingProfile.of("harmony-commentary-channel",
                "Every tool call carries a Harmony channel (GPT-OSS calls functions on the commentary channel); "
                        + "presence only, the value is not checked.",
                List.of(ref(RequiredMetadataRule.builder("harmony-commentary-channel", Kind.TOOL_CALL, "channel")
                        .fallbackPayloadValue(JsonNodeFactory.instance.textNode("commentary"))
                        .severity(Severity.ADVISORY)
                        .build(), "GPT-OSS Harmony format: function calls go to the commentary channel"))));
        FIXED.put("converse_text_before_tool_use", OrderingProfile.of("converse-text-before-tool-use",
                "Every message precedes every tool call across the whole timeline (the reference's model of "
                        + "Bedrock Converse text-before-toolUse; known to fire on ordinary multi-turn histories).",
                List.of(ref(OrderingRule.order("converse-text-before-tool-use", Kind.MESSAGE, Kind.TOOL_CALL)
                        .withScope(OrderScope.ENTIRE_TURN),
                        "AWS Bedrock Converse documentation: text blocks before toolUse in an assistant message"))));
        FIXED.put("tool_identity", OrderingProfile.of("tool-identity",
                "Tool calls and results name a declared tool (measured: Gemini answers an unknown name with a "
                        + "silent empty generation).",
                List.of(ref(OrderingRule.toolIdentity("tool-result-names-a-declared-tool"),
                        "measured by the reference: Gemini silent empty generation for an undeclared tool name"))));
        FIXED.put("schema_integrity", OrderingProfile.of("schema-integrity",
                "Declared tool schemas do not require keys their properties lack (measured: Nova silently omits "
                        + "the field).",
                List.of(ref(OrderingRule.schemaIntegrity("required-keys-must-exist-in-properties"),
                        "measured by the reference: Nova answered 200 while silently omitting the field"))));
        FIXED.put("tool_call_id_uniqueness", OrderingProfile.of("tool-call-id-uniqueness",
                "Tool-call ids are unique across the conversation (dispatch surface only, so a collision never "
                        + "aborts a turn before the dispatch that could repair it).",
                List.of(toolCallIdUniqueness())));
    }

    private ReferenceBehaviours() {}

    /**
     * Resolves a registry key or a parameterised token.
     *
     * @param token e.g. {@code strict_alternation} or {@code full_history_preservation:thought}
     * @return the behaviour, or {@code null} when the behaviour name is unknown
     * @throws IllegalArgumentException when the behaviour is known but its parameters are wrong or missing
     */
    static OrderingProfile resolve(String token) {
        String[] parts = token.split(":", -1);
        String behaviour = parts[0];
        List<String> args = Arrays.asList(parts).subList(1, parts.length);
        if (args.isEmpty() && FIXED.containsKey(behaviour)) {
            return FIXED.get(behaviour);
        }
        switch (behaviour) {
            case "full_history_preservation":
                return fullHistoryPreservation(token, args);
            case "payload_field_preservation":
                return payloadFieldPreservation(token, args);
            case "non_empty_turn":
                return nonEmptyTurn(token, args);
            case "tool_call_id_format":
                return toolCallIdFormat(token, args);
            case "role_remap_split_tool_roles":
                return roleRemap(token, args, "role-remap-split-tool-roles", "granite-3-x-split-tool-roles", "granite-3.x",
                        "IBM Granite 3.x renders tool calls and tool responses under their own roles; the producer tags "
                                + "each tool call for that renderer.");
            case "role_remap_inline_tool_call":
                return roleRemap(token, args, "role-remap-inline-tool-call", "granite-4-x-inline-tool-call", "granite-4.x",
                        "IBM Granite 4.x renders tool calls inline in the assistant turn; the producer tags each tool "
                                + "call for that renderer.");
            default:
                if (FIXED.containsKey(behaviour)) {
                    throw new IllegalArgumentException("behaviour '" + behaviour + "' takes no parameters, but token '"
                            + token + "' has " + args.size());
                }
                return null;
        }
    }

    private static OrderingProfile fullHistoryPreservation(String token, List<String> args) {
        if (args.size() != 1) {
            throw new IllegalArgumentException("behaviour 'full_history_preservation' needs exactly one parameter, the "
                    + "kind: full_history_preservation:<message|thought|toolCall>, but token was '" + token + "'");
        }
        Kind kind = parameter(token, () -> Kind.fromWire(args.get(0)));
        String name = "full-history-preservation-" + kind.wireName();
        return OrderingProfile.of(name, "The number of " + kind.wireName() + " entries never decreases between "
                + "dispatches: the vendor expects the whole history back.", List.of(ref(OrderingRule.preservation(name, kind,
                PreservationInvariant.COUNT_NON_DECREASING),
                "Kimi, Qwen, MiniMax, Codex and DeepSeek documentation: send the whole history back")));
    }

    private static OrderingProfile payloadFieldPreservation(String token, List<String> args) {
        String field = String.join(":", args);
        if (field.isEmpty()) {
            throw new IllegalArgumentException("behaviour 'payload_field_preservation' needs a payload field: "
                    + "payload_field_preservation:<field>, but token was '" + token + "'");
        }
        String name = "payload-field-preservation-thought-" + field.replace('.', '-');
        PreservationRule rule = parameter(token, () -> OrderingRule.payloadFieldStable(name, Kind.THOUGHT, field));
        return OrderingProfile.of(name, "The thought payload field '" + field + "' stays byte-stable across "
                + "dispatches (opaque vendor blobs are verified by the vendor).", List.of(ref(rule,
                "vendor documentation: opaque reasoning blobs (Anthropic signature, Codex encrypted_content, GLM "
                        + "clear_thinking) must come back unchanged")));
    }

    private static OrderingProfile nonEmptyTurn(String token, List<String> args) {
        if (args.size() > 2) {
            throw new IllegalArgumentException("behaviour 'non_empty_turn' takes at most two parameters: "
                    + "non_empty_turn[:terminal[:assistant|user]], but token was '" + token + "'");
        }
        String scope = args.isEmpty() ? "" : args.get(0);
        if (!scope.isEmpty() && !scope.equals("terminal")) {
            throw new IllegalArgumentException("the first parameter of non_empty_turn must be 'terminal' or empty, but "
                    + "was '" + scope + "' in token '" + token + "'");
        }
        Role role = args.size() < 2 ? Role.ASSISTANT : parameter(token, () -> Role.fromWire(args.get(1)));
        if (role == Role.SYSTEM) {
            throw new IllegalArgumentException("the role of non_empty_turn must be assistant or user, but was 'system' "
                    + "in token '" + token + "'");
        }
        boolean terminal = scope.equals("terminal");
        String name = terminal ? "non-empty-terminal-turn" : "non-empty-turn";
        return OrderingProfile.of(name, "Every " + (terminal ? "terminal " : "") + role.wireName() + " turn carries "
                + "content or an adjacent tool call (measured: Mistral answers 400, Gemini a MALFORMED_RESPONSE for a "
                + "thought-only final turn).", List.of(ref(OrderingRule.nonEmptyTurn(name, role, terminal),
                "measured by the reference: Mistral 400 for an empty assistant turn; Gemini MALFORMED_RESPONSE for a "
                        + "final thought-only model turn")));
    }

    private static OrderingProfile toolCallIdFormat(String token, List<String> args) {
        int maxLength = 64;
        String pattern = "[A-Za-z0-9_-]";
        if (!args.isEmpty() && !args.get(0).isEmpty()) {
            try {
                maxLength = Integer.parseInt(args.get(0));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the maxLength parameter of tool_call_id_format must be a positive "
                        + "integer, but was '" + args.get(0) + "' in token '" + token + "'");
            }
        }
        if (args.size() > 1) {
            pattern = String.join(":", args.subList(1, args.size()));
        }
        int max = maxLength;
        String allowed = pattern;
        IdentifierFormatRule rule = parameter(token, () -> OrderingRule.identifierFormat("tool-call-id-format",
                Kind.TOOL_CALL, max, allowed));
        return OrderingProfile.of("tool-call-id-format", "Tool-call ids are at most " + max + " characters of "
                + allowed + " (measured: an OpenAI Codex cap of 64, the Bedrock Converse character set).",
                List.of(ref(rule, "measured by the reference: OpenAI Codex rejects ids over 64 characters; Bedrock "
                        + "Converse rejects toolUseIds outside [A-Za-z0-9_-]")));
    }

    private static OrderingProfile roleRemap(String token, List<String> args, String name, String ruleId,
            String defaultVariant, String description) {
        if (args.size() > 3) {
            throw new IllegalArgumentException("behaviour '" + token.split(":", -1)[0] + "' takes at most three "
                    + "parameters: [:field[:variant[:severity]]], but token was '" + token + "'");
        }
        String field = args.isEmpty() || args.get(0).isEmpty() ? "roleTag" : args.get(0);
        String variant = args.size() < 2 || args.get(1).isEmpty() ? defaultVariant : args.get(1);
        Severity severity = args.size() < 3 || args.get(2).isEmpty() ? Severity.ADVISORY
                : parameter(token, () -> Severity.fromWire(args.get(2)));
        RoleRemapRule rule = parameter(token, () -> OrderingRule.roleRemap(ruleId, Kind.TOOL_CALL, variant, field)
                .withSeverity(severity));
        return OrderingProfile.of(name, description, List.of(ref(rule,
                "IBM Granite documentation: 3.x splits tool-call and tool-response roles, 4.x renders calls inline")));
    }

    private static <T> T parameter(String token, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad parameter in token '" + token + "': " + e.getMessage(), e);
        }
    }

    private static AdjacencyRule adjacencyAfterToolCall() {
        return ref(OrderingRule.adjacency("message-not-immediately-after-tool-call", Kind.TOOL_CALL, Kind.MESSAGE),
                "generic OpenAI-shaped chat templates: the tool result follows its call");
    }

    private static IdentifierUniquenessRule toolCallIdUniqueness() {
        return ref(OrderingRule.identifierUniqueness("tool-call-id-uniqueness", Kind.TOOL_CALL)
                .withSurface(RuleSurface.DISPATCH).withSeverity(Severity.BLOCKING),
                "measured by the reference: an OpenAI-compatible upstream (xAI Grok on Bedrock Mantle) numbered "
                        + "tool-call ids per response, cross-wiring results; no error text, the damage is silent");
    }

    private static RequiredMetadataRule thoughtSignatureRequired() {
        RequiredMetadataRule rule = RequiredMetadataRule.builder("thought-signature-required", Kind.TOOL_CALL,
                        "thoughtSignature")
                .applyTo(ApplyTo.FIRST_IN_GROUP)
                .fallbackPayloadValue(JsonNodeFactory.instance.textNode(ReplayTags.GEMINI_SKIP_VALIDATOR))
                .fallbackReplayCompatibility(ReplayTags.GEMINI_SIGNATURE_SENTINEL)
                .fallbackRepairAuthorized(true)
                .severity(Severity.BLOCKING)
                .build();
        return rule.withProvenance(Provenance.of("NHTIO/ADK reference catalogue: Gemini 3 requires the signature on "
                + "the first function call of a step; confirmed by the reference's live audit (400 naming the field and "
                + "position; the same history with the sentinel answered 200)", GEMINI_SIGNATURE_ERROR, VERIFIED));
    }

    @SuppressWarnings("unchecked")
    private static <R extends OrderingRule> R ref(R rule, String claim) {
        return (R) rule.withProvenance(Provenance.of("NHTIO/ADK reference catalogue: " + claim,
                rule.provenance().providerError(), VERIFIED));
    }
}

package io.orderingguard.langchain4j;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;

/**
 * Provider profiles for the tests, built from rules with blocking severity and the provider error
 * each prevents (the shipped catalogue lives in guard-profiles).
 */
final class TestProfiles {

    static final String VERIFIED = "2026-05";

    static final String OPENAI_ORPHAN = "Invalid parameter: messages with role 'tool' must be a response to a preceeding "
            + "message with 'tool_calls'.";
    static final String OPENAI_UNANSWERED = "An assistant message with 'tool_calls' must be followed by tool messages "
            + "responding to each 'tool_call_id'.";
    static final String OPENAI_ID_TOO_LONG = "Invalid 'messages[N].tool_calls[0].id': string too long. Expected a string "
            + "with maximum length 40.";
    static final String ANTHROPIC_UNANSWERED = "messages.N: `tool_use` ids were found without `tool_result` blocks "
            + "immediately after";
    static final String ANTHROPIC_ORPHAN = "messages.N.content.M: unexpected `tool_use_id` found in `tool_result` blocks";
    static final String ANTHROPIC_EMPTY = "messages.N: all messages must have non-empty content except for the optional "
            + "final assistant message";
    static final String ANTHROPIC_ALTERNATION = "messages: first message must use the \"user\" role / roles must alternate "
            + "between \"user\" and \"assistant\"";
    static final String ANTHROPIC_SIGNATURE = "messages.N.content.0.thinking.signature: Field required";
    static final String ANTHROPIC_THINKING_FIRST = "messages.N.content.0.type: Expected `thinking` or "
            + "`redacted_thinking`, but found `tool_use`";

    private TestProfiles() {}

    static OrderingProfile openAi() {
        return OrderingProfile.of("openai-chat",
                new ToolResultPairingRule("tool-result-orphan", false, true, false, Severity.BLOCKING,
                        Provenance.of("OpenAI Chat Completions O1", OPENAI_ORPHAN, VERIFIED)),
                new ToolResultPairingRule("tool-call-unanswered", true, false, false, Severity.BLOCKING,
                        Provenance.of("OpenAI Chat Completions O2", OPENAI_UNANSWERED, VERIFIED)),
                OrderingRule.identifierFormat("tool-call-id-length", Kind.TOOL_CALL, 40, null)
                        .withSeverity(Severity.BLOCKING)
                        .withProvenance(Provenance.of("OpenAI Chat Completions O3", OPENAI_ID_TOO_LONG, VERIFIED)));
    }

    static OrderingProfile anthropic() {
        return OrderingProfile.of("anthropic-messages",
                new ToolResultPairingRule("tool-use-unanswered", true, false, false, Severity.BLOCKING,
                        Provenance.of("Anthropic Messages A1", ANTHROPIC_UNANSWERED, VERIFIED)),
                new ToolResultPairingRule("tool-result-orphan", false, true, false, Severity.BLOCKING,
                        Provenance.of("Anthropic Messages A2", ANTHROPIC_ORPHAN, VERIFIED)),
                OrderingRule.nonEmptyTurn("non-empty-assistant", Role.ASSISTANT, false)
                        .withSeverity(Severity.BLOCKING)
                        .withProvenance(Provenance.of("Anthropic Messages A5", ANTHROPIC_EMPTY, VERIFIED)),
                OrderingRule.requiredMetadata("thinking-signature", Kind.THOUGHT, ApplyTo.EVERY, "signature")
                        .withProvenance(Provenance.of("Anthropic extended thinking T3", ANTHROPIC_SIGNATURE, VERIFIED)));
    }

    /** The first-party profile with thinking enabled: the current tool loop starts with thinking (T1). */
    static OrderingProfile anthropicThinking() {
        java.util.List<OrderingRule> rules = new java.util.ArrayList<>(anthropic().rules());
        rules.add(OrderingRule.stepContent("turn-starts-with-thinking", Kind.TOOL_CALL, Kind.THOUGHT,
                        StepPosition.FIRST, StepScope.CURRENT_TURN)
                .withSeverity(Severity.BLOCKING)
                .withProvenance(Provenance.of("Anthropic extended thinking T1", ANTHROPIC_THINKING_FIRST, VERIFIED)));
        return OrderingProfile.of("anthropic-thinking", "", rules);
    }

    /**
     * The first-party profile plus the alternation that Bedrock, gateways and older API versions
     * enforce (the first-party API merges consecutive turns today); consecutive messages are merged.
     */
    static OrderingProfile anthropicStrict() {
        OrderingProfile base = anthropic();
        java.util.List<OrderingRule> rules = new java.util.ArrayList<>(base.rules());
        rules.add(OrderingRule.alternation("user-first-alternating", Role.USER, Role.ASSISTANT)
                .withRepair(AlternationRepair.MERGE)
                .withSeverity(Severity.BLOCKING)
                .withProvenance(Provenance.of("Anthropic Messages A7/A8 (Bedrock, gateways)", ANTHROPIC_ALTERNATION, VERIFIED)));
        return OrderingProfile.of("anthropic-strict", "", rules);
    }

    /** Every repairable rule the codec has to render, blocking. */
    static OrderingProfile strict() {
        return OrderingProfile.of("strict",
                OrderingRule.toolResultPairing("pairing").withSeverity(Severity.BLOCKING),
                OrderingRule.maxToolCallsPerGroup("one-call-per-response", 1).withSeverity(Severity.BLOCKING),
                OrderingRule.nonEmptyTurn("non-empty-assistant", Role.ASSISTANT, false).withSeverity(Severity.BLOCKING),
                OrderingRule.identifierFormat("id-format", Kind.TOOL_CALL, 40, "[A-Za-z0-9_-]").withSeverity(Severity.BLOCKING),
                OrderingRule.identifierUniqueness("id-unique", Kind.TOOL_CALL).withSeverity(Severity.BLOCKING));
    }

    static OrderingGuard guard(Mode mode, OrderingProfile profile) {
        return OrderingGuard.builder().profile(profile).mode(mode).build();
    }
}

package io.orderingguard.profiles;

import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;

/**
 * Provider-grounded rules: what each provider really rejects (blocking, with the error text it
 * answers) or silently degrades on (advisory). Every rule id is new (none reuses a reference id) and
 * every rule carries provenance. The labels (A1, O2, G7, …) are those of the provider-rule audit
 * in the module's README. The rules live in one class per provider ({@link AnthropicRules},
 * {@link OpenAiRules}, {@link GeminiRules}, {@link BedrockRules}, {@link MistralRules},
 * {@link OpenWeightRules}); this class holds what they share, the provenance helpers, and the
 * fallback rule that belongs to no single provider.
 *
 * <p>A blocking rule here may under-approximate the provider's check (miss a shape the provider
 * rejects) but never over-approximate it (reject a shape the provider accepts) — except where a
 * rule's source names a known, narrow over-approximation.
 */
final class ProviderRules {

    /** When the provider behaviour was last checked. */
    static final String VERIFIED = "2026-11 (public issue reports and provider documentation; not a live call)";

    private ProviderRules() {}

    // ---- Unknown models: the conservative fallback of profile selection ---------------------------

    static final OrderingRule UNKNOWN_MODEL_TOOL_PAIRING = prov(
            pairing("unknown-model-tool-result-pairing", true, true, Severity.BLOCKING),
            "every provider API of the audit rejects a tool call without its result and a result without "
                    + "its call (Anthropic A1/A2, OpenAI O1/O2, Responses R3/R4, Gemini G2/G3, Bedrock B3/B4, Mistral "
                    + "M5, DeepSeek and DashScope O5), each in its own words; provider-executed calls are exempt",
            "(any provider) a tool call is missing its result, or a tool result answers no call");

    static final OrderingRule GATEWAY_TOOL_PAIRING = prov(
            pairing("gateway-tool-result-pairing", true, true, Severity.BLOCKING),
            "a gateway translates a call and its result into the vendor's own blocks, and every vendor rejects a "
                    + "tool call without its result and a result without its call (Anthropic A1/A2, Gemini G2/G3, "
                    + "OpenAI O1/O2); the vendor's answer reaches the client through the gateway; provider-executed "
                    + "calls are exempt",
            "(the vendor behind the gateway) a tool call is missing its result, or a tool result answers no call");

    /** A pairing rule checking unanswered calls, orphan results, or both. */
    static ToolResultPairingRule pairing(String id, boolean unanswered, boolean orphans, Severity severity) {
        return ToolResultPairingRule.builder(id).unanswered(unanswered).orphans(orphans).severity(severity).build();
    }

    /** The rule with provenance: where the behaviour is documented and the error text the provider answers. */
    static OrderingRule prov(OrderingRule rule, String source, String providerError) {
        return rule.withProvenance(Provenance.of(source, providerError, VERIFIED));
    }
}

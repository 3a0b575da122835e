package io.orderingguard.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The attribute keys of the span events {@link GuardSpanEvents} writes: the GenAI semantic
 * conventions' guardrail and inference attributes, Ordering Guard's own
 * ({@code ordering_guard.*}), and the HTTP status of a verdict event.
 */
public final class GuardrailAttributes {

    /** The guardrail component: always {@value GuardSpanEvents#COMPONENT}. */
    public static final AttributeKey<String> COMPONENT_NAME = AttributeKey.stringKey("gen_ai.guardrail.component.name");
    /** The policy: the profile (family) evaluated, e.g. {@code anthropic-messages}. */
    public static final AttributeKey<String> POLICY_ID = AttributeKey.stringKey("gen_ai.guardrail.policy.id");
    /** The policy's version, when the observer was given one (e.g. the profile catalogue's). */
    public static final AttributeKey<String> POLICY_VERSION = AttributeKey.stringKey("gen_ai.guardrail.policy.version");
    /** The rule a finding or a repair belongs to. */
    public static final AttributeKey<String> POLICY_RULE_ID = AttributeKey.stringKey("gen_ai.guardrail.policy.rule.id");
    /** What the event reports: {@code verdict}, {@code finding} or {@code repair}. */
    public static final AttributeKey<String> RESULT_TYPE = AttributeKey.stringKey("gen_ai.guardrail.result.type");
    /** The verdict's outcome, a finding's severity or a repair's strategy. */
    public static final AttributeKey<String> RESULT_VALUE = AttributeKey.stringKey("gen_ai.guardrail.result.value");
    /** One human sentence: the verdict's summary, a finding's or a repair's detail. */
    public static final AttributeKey<String> RESULT_REASON = AttributeKey.stringKey("gen_ai.guardrail.result.reason");
    /** What was checked: always {@code input} (the request, before it is sent). */
    public static final AttributeKey<String> SOURCE = AttributeKey.stringKey("gen_ai.guardrail.source");
    /** The dispatch's provider, e.g. {@code anthropic}, when it names one. */
    public static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("gen_ai.provider.name");
    /** The dispatch's conversation id, when it has one. */
    public static final AttributeKey<String> CONVERSATION_ID = AttributeKey.stringKey("gen_ai.conversation.id");
    /** The dispatch's model id, when it names one. */
    public static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    /** The guard's mode: {@code enforce} or {@code mutate} (verdict events). */
    public static final AttributeKey<String> MODE = AttributeKey.stringKey("ordering_guard.mode");
    /** Whether the guard only reported: a shadow verdict never blocked or changed the request (verdict events). */
    public static final AttributeKey<Boolean> SHADOW = AttributeKey.booleanKey("ordering_guard.shadow");
    /** The ids of the entries (messages, thoughts, tool calls) a finding or a repair is about. */
    public static final AttributeKey<List<String>> ENTRY_IDS = AttributeKey.stringArrayKey("ordering_guard.entry.ids");

    /** A verdict's outcome: {@code confirmed}, {@code contradicted}, {@code missed}, {@code agreed} or {@code unjudged}. */
    public static final AttributeKey<String> VERDICT_OUTCOME = AttributeKey.stringKey("ordering_guard.verdict.outcome");
    /** The ids of the blocking rules the request that was sent breaks (verdict events; empty when none). */
    public static final AttributeKey<List<String>> WOULD_BLOCK_RULE_IDS =
            AttributeKey.stringArrayKey("ordering_guard.verdict.would_block.rule.ids");
    /** The rule the provider's rejection text is classified as (verdict events, when one is). */
    public static final AttributeKey<String> REJECTION_RULE_ID =
            AttributeKey.stringKey("ordering_guard.verdict.rejection.rule.id");
    /** The provider's HTTP status ({@code 0}: no answer), as OpenTelemetry's HTTP conventions name it. */
    public static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");

    private GuardrailAttributes() {}
}

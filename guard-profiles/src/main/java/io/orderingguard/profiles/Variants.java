package io.orderingguard.profiles;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ReplayTags;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Picks the variant of a family from the request: the family the model table names is the base,
 * and where a family has thinking variants the dispatch's {@code options.reasoning} (or, when the
 * options do not say, conservative evidence in the timeline) picks one.
 *
 * <ul>
 *   <li>{@code anthropic-messages}: reasoning {@code disabled} → {@code -no-thinking} (thinking
 *       blocks in the final assistant message are rejected); {@code enabled} → {@code
 *       -manual-thinking}; {@code adaptive} → {@code -adaptive-thinking}. A Claude model without
 *       extended thinking (Claude 3 and 3.5) always gets {@code -no-thinking}. Unknown: a
 *       provider-signed thought in the current turn (after the latest user message) means thinking
 *       is on — {@code -adaptive-thinking} for the models that think adaptively (Claude 4.6 and
 *       later), else {@code -manual-thinking}; no such thought leaves the base family, whose rules
 *       hold in every setting.</li>
 *   <li>{@code bedrock-converse-claude}: reasoning on (enabled, adaptive or inferred as above) →
 *       {@code bedrock-converse-claude-thinking}.</li>
 *   <li>{@code deepseek-v3-2-api}, {@code deepseek-v4-api}: reasoning on → the {@code -thinking}
 *       variant; unknown: a DeepSeek reasoning thought in the current turn means thinking mode
 *       (only thinking mode produces {@code reasoning_content}).</li>
 *   <li>{@code deepseek-v4-api-thinking} ({@code deepseek-reasoner}): always thinks; a
 *       {@code disabled} option is reported as ignored.</li>
 * </ul>
 * Every other family has no variant and is used as the table names it.
 *
 * <p>Thread-safe: stateless.
 */
final class Variants {

    private static final String ANTHROPIC_TAG = ReplayTags.ANTHROPIC_THINKING;
    private static final String BEDROCK_TAG = ReplayTags.BEDROCK_REASONING;
    private static final String DEEPSEEK_TAG = ReplayTags.DEEPSEEK_REASONING_CONTENT;

    /** Claude models without extended thinking: Claude 3 (opus, sonnet, haiku) and 3.5. */
    private static final Pattern CLAUDE_WITHOUT_THINKING =
            Pattern.compile("claude-(?:3-(?:opus|sonnet|haiku)|3[-.]5-|(?:sonnet|haiku)-3[-.]5)");
    /** Claude models that think adaptively: 4.6 and later generations. */
    private static final Pattern CLAUDE_ADAPTIVE =
            Pattern.compile("claude-(?:opus|sonnet|haiku)-(?:4[-.](?:[6-9]|[1-9][0-9])|[5-9])");

    /** The variant chosen, why, and what was inferred. */
    record Choice(String family, String reason, RequestOptions inferred) {}

    private Variants() {}

    static Choice choose(String base, String id, Dispatch dispatch) {
        Reasoning reasoning = dispatch.options().reasoning();
        switch (base) {
            case "anthropic-messages":
                return anthropic(id, dispatch, reasoning);
            case "bedrock-converse-claude":
                return thinkingVariant(base, "bedrock-converse-claude-thinking", dispatch, reasoning,
                        List.of(ANTHROPIC_TAG, BEDROCK_TAG), id);
            case "deepseek-v3-2-api":
            case "deepseek-v4-api":
                return thinkingVariant(base, base + "-thinking", dispatch, reasoning, List.of(DEEPSEEK_TAG), id);
            case "deepseek-v4-api-thinking":
                return new Choice(base, reasoning != null && !reasoning.isOn()
                        ? "deepseek-reasoner always thinks, so options.reasoning disabled is ignored"
                        : "the model id names thinking mode", null);
            default:
                return new Choice(base, "the family has no thinking variant", null);
        }
    }

    private static Choice anthropic(String id, Dispatch dispatch, Reasoning reasoning) {
        if (CLAUDE_WITHOUT_THINKING.matcher(id).find()) {
            return new Choice("anthropic-messages-no-thinking", "the model has no extended thinking, so thinking "
                    + "blocks are rejected" + (reasoning != null && reasoning.isOn()
                    ? " (options.reasoning " + reasoning.mode().wireName() + " is not available on it)" : ""), null);
        }
        boolean adaptiveModel = CLAUDE_ADAPTIVE.matcher(id).find();
        if (reasoning != null) {
            switch (reasoning.mode()) {
                case DISABLED:
                    return new Choice("anthropic-messages-no-thinking", "options.reasoning is disabled", null);
                case ADAPTIVE:
                    return new Choice("anthropic-messages-adaptive-thinking", "options.reasoning is adaptive", null);
                default:
                    return new Choice("anthropic-messages-manual-thinking", "options.reasoning is enabled"
                            + (reasoning.budgetTokens() == null ? "" : " (budget " + reasoning.budgetTokens() + ")"),
                            null);
            }
        }
        Thought signed = currentTurnThought(dispatch, List.of(ANTHROPIC_TAG), true);
        if (signed == null) {
            return new Choice("anthropic-messages", "reasoning unknown (no options.reasoning and no signed thought in "
                    + "the current turn): the base family holds in every thinking setting", null);
        }
        return new Choice(adaptiveModel ? "anthropic-messages-adaptive-thinking" : "anthropic-messages-manual-thinking",
                "reasoning inferred on from the signed thought '" + signed.id() + "' in the current turn"
                        + (adaptiveModel ? " (the model thinks adaptively)" : ""),
                RequestOptions.unknown().withReasoning(adaptiveModel ? Reasoning.adaptive() : Reasoning.enabled()));
    }

    private static Choice thinkingVariant(String base, String thinking, Dispatch dispatch, Reasoning reasoning,
            List<String> tags, String id) {
        if (reasoning != null) {
            return reasoning.isOn()
                    ? new Choice(thinking, "options.reasoning is " + reasoning.mode().wireName(), null)
                    : new Choice(base, "options.reasoning is disabled", null);
        }
        boolean signedOnly = !base.startsWith(ProviderIds.DEEPSEEK);
        Thought evidence = currentTurnThought(dispatch, tags, signedOnly);
        if (evidence == null) {
            return new Choice(base, "reasoning unknown (no options.reasoning and no " + (signedOnly ? "signed " : "")
                    + "thought in the current turn): the base family holds in every thinking setting", null);
        }
        return new Choice(thinking, "reasoning inferred on from the " + (signedOnly ? "signed " : "") + "thought '"
                + evidence.id() + "' in the current turn", RequestOptions.unknown().withReasoning(Reasoning.enabled()));
    }

    /**
     * The first thought after the latest user message that the provider itself produced: tagged with
     * one of {@code tags} or untagged, and (when {@code signed}) carrying a {@code signature} or a
     * redacted {@code data} payload.
     */
    private static Thought currentTurnThought(Dispatch dispatch, List<String> tags, boolean signed) {
        List<Entry> entries = dispatch.timeline().entries();
        int from = entries.size();
        while (from > 0 && !(entries.get(from - 1) instanceof Message m && m.role() == Role.USER)) {
            from--;
        }
        for (int i = from; i < entries.size(); i++) {
            if (entries.get(i) instanceof Thought t
                    && (t.replayCompatibility() == null || tags.contains(t.replayCompatibility()))
                    && (!signed || t.hasPayloadPath("signature") || t.hasPayloadPath("data"))) {
                return t;
            }
        }
        return null;
    }
}

package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.Objects;

/**
 * A tool invocation together with its result.
 *
 * <p>Three shapes occur on the wire and all three are representable:
 * <ul>
 *   <li>an answered call: {@code requested} and a {@code result};</li>
 *   <li>an <em>unanswered</em> call: {@code requested} and no result (the run was cancelled, or the
 *       result was never recorded);</li>
 *   <li>an <em>orphan result</em>: not {@code requested}, with a result (the call was trimmed away,
 *       typically by a memory window).</li>
 * </ul>
 *
 * @param id the call id, shared by the call and its result on the wire
 * @param tool the tool name; may be empty only for an orphan result whose wire did not name it
 * @param args the arguments object (deep-copied; an empty object when {@code null})
 * @param result the result, or {@code null} when unanswered
 * @param requested {@code false} for an orphan result
 * @param payload optional vendor payload such as {@code {"thoughtSignature": "…"}} (deep-copied)
 * @param replayCompatibility optional replay tag
 * @param step optional step id
 * @param wireMessage optional id of the wire message that carried the call (the assistant message);
 *     the result names its own in {@link ToolResult#wireMessage()}
 * @param providerExecuted {@code true} when the provider runs the tool itself (Anthropic
 *     {@code server_tool_use}: web search, code execution, MCP; OpenAI Responses hosted tools): its
 *     result may be absent or travel in the same assistant response, so a missing result is not
 *     an unanswered call. Only a requested call can be provider-executed.
 */
public record ToolCall(
        String id,
        String tool,
        ObjectNode args,
        ToolResult result,
        boolean requested,
        ObjectNode payload,
        String replayCompatibility,
        String step,
        String wireMessage,
        boolean providerExecuted)
        implements Entry {

    /** Validates and copies the fields. */
    public ToolCall {
        Require.nonBlank(id, "id");
        Require.nonNull(tool, "tool");
        if (requested) {
            Require.nonBlank(tool, "tool");
        }
        // the messages are built only on failure: a conversation constructs thousands of calls per request
        if (!requested && result == null) {
            throw new IllegalArgumentException(
                    "an orphan result (requested=false) must carry a result, but result was null for id '" + id + "'");
        }
        Require.blankToError(replayCompatibility, "replayCompatibility");
        Require.blankToError(step, "step");
        Require.blankToError(wireMessage, "wireMessage");
        if (!requested && providerExecuted) {
            throw new IllegalArgumentException(
                    "an orphan result (requested=false) cannot be providerExecuted, for id '" + id + "'");
        }
        args = ArgsNode.of(args);
        payload = Payloads.copyPayload(payload);
    }

    @Override
    public Kind kind() {
        return Kind.TOOL_CALL;
    }

    /**
     * Returns a copy of the arguments.
     *
     * @return a deep copy of the arguments object
     */
    @Override
    public ObjectNode args() {
        return arguments().deepCopy();
    }

    /** The call's own arguments, parsed when they were given as text; never exposed. */
    private ObjectNode arguments() {
        return ((ArgsNode) args).materialised();
    }

    /**
     * Returns whether the arguments are the ones a JSON text reads as (text that is blank, not JSON, or
     * not a JSON object reads as an empty object, as in {@link #withArgumentText}). Nothing is parsed when
     * the call was made from that very text and nothing has read its arguments yet: an adapter that renders
     * a call back compares it with the arguments it came from at the cost of comparing two strings.
     *
     * <pre>{@code
     * String arguments = call.argumentsMatch(original.arguments()) ? original.arguments() : call.args().toString();
     * }</pre>
     *
     * @param json the arguments as JSON text, or {@code null} (empty arguments)
     * @return whether they read as this call's arguments
     */
    public boolean argumentsMatch(String json) {
        return ((ArgsNode) args).matches(json);
    }

    /**
     * Returns whether the arguments have been read: {@code false} only for arguments given as text by
     * {@link #withArgumentText} that nothing has read yet. For tests that pin the laziness down.
     */
    boolean argumentsParsed() {
        return ((ArgsNode) args).isParsed();
    }

    /**
     * Returns a copy of one top-level argument.
     *
     * @param name the argument name
     * @return a copy of the value, or {@code null} when absent
     */
    public JsonNode arg(String name) {
        JsonNode node = arguments().get(name);
        return node == null ? null : node.deepCopy();
    }

    /**
     * Returns the argument value at a dot path, as text (strings unquoted, other values as JSON).
     *
     * @param dotPath a dot path into the arguments
     * @return the text, or {@code null} when absent
     */
    public String argText(String dotPath) {
        JsonNode node = Payloads.read(arguments(), dotPath);
        if (node == null) {
            return null;
        }
        return node.isTextual() ? node.textValue() : node.toString();
    }

    /**
     * Returns whether the call has no result and the client owes one: a requested call without a
     * result that the provider does not execute itself.
     *
     * @return {@code true} for an unanswered call
     */
    public boolean isUnanswered() {
        return requested && result == null && !providerExecuted;
    }

    /**
     * Returns whether this is a result with no matching call.
     *
     * @return {@code true} for an orphan result
     */
    public boolean isOrphan() {
        return !requested;
    }

    @Override
    public ObjectNode payload() {
        return payload == null ? null : payload.deepCopy();
    }

    @Override
    public boolean hasPayload() {
        return payload != null;
    }

    @Override
    public boolean hasPayloadPath(String dotPath) {
        return Payloads.read(payload, dotPath) != null;
    }

    @Override
    public JsonNode payloadAt(String dotPath) {
        JsonNode node = Payloads.read(payload, dotPath);
        return node == null ? null : node.deepCopy();
    }

    @Override
    public long payloadFingerprint(String dotPath) {
        return Payloads.payloadFingerprint(payload, dotPath);
    }

    @Override
    public ToolCall withId(String newId) {
        return new ToolCall(newId, tool, args, result, requested, payload, replayCompatibility, step, wireMessage,
                providerExecuted);
    }

    @Override
    public ToolCall withStep(String newStep) {
        return new ToolCall(id, tool, args, result, requested, payload, replayCompatibility, newStep, wireMessage,
                providerExecuted);
    }

    @Override
    public ToolCall withPayload(ObjectNode newPayload, String newReplayCompatibility) {
        return new ToolCall(id, tool, args, result, requested, newPayload, newReplayCompatibility, step, wireMessage,
                providerExecuted);
    }

    /**
     * Returns a copy whose arguments are the JSON object in a text, as wires that carry arguments as a
     * string (LangChain4j's {@code ToolExecutionRequest}, OpenAI Chat Completions) hold them. The text is
     * parsed only when the arguments are first read ({@link #args()}, {@link #arg}, {@link #argText},
     * {@code equals}): a guard whose rules never read arguments never parses them. Text that is
     * {@code null}, blank, not JSON, or JSON but not an object reads as an empty object.
     *
     * @param json the arguments as JSON text, or {@code null}
     * @return the copy
     */
    public ToolCall withArgumentText(String json) {
        return new ToolCall(id, tool, ArgsNode.deferred(json), result, requested, payload, replayCompatibility, step,
                wireMessage, providerExecuted);
    }

    /**
     * Creates a requested call whose arguments are the JSON object in a text, parsed only when first
     * read, as {@link #withArgumentText} makes it: in one step, for adapters that build each call in its
     * final form (its result already paired with it) instead of a call and its copies.
     *
     * @param id the call id
     * @param tool the tool name
     * @param argumentText the arguments as JSON text, or {@code null}
     * @param result the result, or {@code null} when unanswered
     * @param payload optional vendor payload (copied unless made by {@link Payloads#of})
     * @param replayCompatibility optional replay tag
     * @param step optional step id
     * @param wireMessage optional id of the wire message that carried the call
     * @return the call
     * @throws IllegalArgumentException as the canonical constructor does
     */
    public static ToolCall ofArgumentText(String id, String tool, String argumentText, ToolResult result,
            ObjectNode payload, String replayCompatibility, String step, String wireMessage) {
        return new ToolCall(id, tool, ArgsNode.deferred(argumentText), result, true, payload, replayCompatibility, step,
                wireMessage, false);
    }

    /**
     * Compares every component; the arguments by their JSON value (parsing arguments given as text, unless
     * both are the same text).
     *
     * @param o the other object
     * @return whether {@code o} is an equal tool call
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof ToolCall other)) {
            return false;
        }
        return requested == other.requested && providerExecuted == other.providerExecuted && id.equals(other.id)
                && tool.equals(other.tool) && Objects.equals(result, other.result)
                && Objects.equals(payload, other.payload)
                && Objects.equals(replayCompatibility, other.replayCompatibility)
                && Objects.equals(step, other.step) && Objects.equals(wireMessage, other.wireMessage)
                && ((ArgsNode) args).sameAs((ArgsNode) other.args);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, tool, arguments(), result, requested, payload, replayCompatibility, step, wireMessage,
                providerExecuted);
    }

    @Override
    public String toString() {
        return "ToolCall[id=" + id + ", tool=" + tool + ", args=" + arguments() + ", result=" + result
                + ", requested=" + requested + ", payload=" + payload + ", replayCompatibility=" + replayCompatibility
                + ", step=" + step + ", wireMessage=" + wireMessage + ", providerExecuted=" + providerExecuted + "]";
    }

    /**
     * Returns a copy answered with a successful result.
     *
     * @param content the result text
     * @return the copy
     */
    public ToolCall withResult(String content) {
        return withResult(ToolResult.of(content));
    }

    /**
     * Returns a copy with another result.
     *
     * @param newResult the result, or {@code null} to make the call unanswered
     * @return the copy
     */
    public ToolCall withResult(ToolResult newResult) {
        return new ToolCall(id, tool, args, newResult, requested, payload, replayCompatibility, step, wireMessage,
                providerExecuted);
    }

    @Override
    public ToolCall withWireMessage(String newWireMessage) {
        return new ToolCall(id, tool, args, result, requested, payload, replayCompatibility, step, newWireMessage,
                providerExecuted);
    }

    /**
     * Returns a copy marked as run by the provider itself (or not).
     *
     * @param newProviderExecuted whether the provider executes the tool
     * @return the copy
     * @throws IllegalArgumentException when this is an orphan result
     */
    public ToolCall withProviderExecuted(boolean newProviderExecuted) {
        return new ToolCall(id, tool, args, result, requested, payload, replayCompatibility, step, wireMessage,
                newProviderExecuted);
    }
}

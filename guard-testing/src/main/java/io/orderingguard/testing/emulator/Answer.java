package io.orderingguard.testing.emulator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the {@link ProviderEmulator} answers to a valid request, rendered in the shape of the wire
 * that was called: a text answer, tool calls (to drive a tool loop), or an HTTP error (to test
 * retries). Scripted answers are used in order, one per accepted request; requests the emulator
 * rejects with 400 do not use one.
 *
 * <pre>{@code
 * emulator.enqueue(
 *         Answer.toolCall("search", Map.of("q", "Q3 revenue")),   // first round: call a tool
 *         Answer.text("Revenue grew 12%."));                      // second round: answer
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class Answer {

    private final String text;
    private final List<Call> calls;
    private final int status;
    private final String errorType;
    private final String reasoning;

    private Answer(String text, List<Call> calls, int status, String errorType, String reasoning) {
        this.text = text;
        this.calls = List.copyOf(calls);
        this.status = status;
        this.errorType = errorType;
        this.reasoning = reasoning;
    }

    /**
     * One tool call of an answer.
     *
     * @param name the tool name
     * @param arguments the arguments object
     * @param id the call id, or {@code null} to have the emulator generate a valid one
     *     ({@code call_…} for OpenAI, {@code toolu_…} for Anthropic, {@code tooluse_…} for Bedrock)
     */
    public record Call(String name, ObjectNode arguments, String id) {

        /** Validates and copies the fields. */
        public Call {
            Require.nonBlank(name, "name");
            Require.blankToError(id, "id");
            arguments = arguments == null ? Bodies.MAPPER.createObjectNode() : arguments.deepCopy();
        }

        /**
         * Returns a copy with a fixed id (e.g. an over-long or foreign id, to test a guard's repair).
         *
         * @param callId the id
         * @return the copy
         */
        public Call withId(String callId) {
            return new Call(name, arguments, Require.nonBlank(callId, "id"));
        }

        /**
         * Returns a copy of the arguments.
         *
         * @return the arguments
         */
        @Override
        public ObjectNode arguments() {
            return arguments.deepCopy();
        }
    }

    /**
     * Creates a tool call for {@link #toolCalls(Call...)}.
     *
     * @param name the tool name
     * @param arguments the arguments (values Jackson can serialise)
     * @return the call
     */
    public static Call call(String name, Map<String, ?> arguments) {
        return new Call(name, Bodies.MAPPER.valueToTree(Require.nonNull(arguments, "arguments")), null);
    }

    /**
     * Creates a text answer.
     *
     * @param text the text
     * @return the answer
     */
    public static Answer text(String text) {
        return new Answer(Require.nonNull(text, "text"), List.of(), 200, null, null);
    }

    /**
     * Creates an answer with one tool call.
     *
     * @param name the tool name
     * @param arguments the arguments
     * @return the answer
     */
    public static Answer toolCall(String name, Map<String, ?> arguments) {
        return toolCalls(call(name, arguments));
    }

    /**
     * Creates an answer with parallel tool calls.
     *
     * @param calls the calls, at least one
     * @return the answer
     */
    public static Answer toolCalls(Call... calls) {
        List<Call> list = Arrays.asList(calls);
        Require.argument(!list.isEmpty(), "calls must not be empty");
        for (int i = 0; i < list.size(); i++) {
            Require.nonNull(list.get(i), "calls[" + i + "]");
        }
        return new Answer(null, list, 200, null, null);
    }

    /**
     * Creates an HTTP error answer in the provider's error shape, e.g. {@code httpError(429,
     * "rate_limit_error", "slow down")} or {@code httpError(529, "overloaded_error", "Overloaded")}.
     *
     * @param status the HTTP status, 400–599
     * @param type the provider error type
     * @param message the error message
     * @return the answer
     */
    public static Answer httpError(int status, String type, String message) {
        Require.argument(status >= 400 && status <= 599, "status must be within 400..599, but was " + status);
        return new Answer(Require.nonNull(message, "message"), List.of(), status, Require.nonBlank(type, "type"), null);
    }

    /**
     * Returns a copy that also carries text (shown before the tool calls).
     *
     * @param answerText the text
     * @return the copy
     */
    public Answer withText(String answerText) {
        Require.argument(status == 200, "an HTTP error answer has no text to add");
        return new Answer(Require.nonNull(answerText, "text"), calls, status, null, reasoning);
    }

    /**
     * Returns a copy whose answer starts with reasoning: on OpenAI Responses a {@code reasoning} item
     * with this summary (and, when the request asks for {@code reasoning.encrypted_content}, an
     * encrypted content the emulator mints), on Bedrock Converse a {@code reasoningContent} block with
     * this text and a minted signature. The other wires answer without it.
     *
     * @param summary the reasoning summary text
     * @return the copy
     */
    public Answer withReasoning(String summary) {
        Require.argument(status == 200, "an HTTP error answer has no reasoning to add");
        return new Answer(text, calls, status, null, Require.nonNull(summary, "summary"));
    }

    /**
     * Returns the text.
     *
     * @return the text, or {@code null}; the error message for an HTTP error
     */
    public String text() {
        return text;
    }

    /**
     * Returns the tool calls.
     *
     * @return the calls, possibly none
     */
    public List<Call> calls() {
        return calls;
    }

    /**
     * Returns the reasoning summary.
     *
     * @return the summary, or {@code null} when the answer carries no reasoning
     */
    public String reasoning() {
        return reasoning;
    }

    /**
     * Returns the HTTP status.
     *
     * @return 200, or the error status
     */
    public int status() {
        return status;
    }

    /**
     * Returns the provider error type of an HTTP error answer.
     *
     * @return the type, or {@code null}
     */
    public String errorType() {
        return errorType;
    }

    @Override
    public String toString() {
        return status != 200 ? "Answer[" + status + " " + errorType + ": " + text + "]"
                : "Answer[text=" + text + ", calls=" + calls.stream().map(Call::name).toList()
                        + (reasoning == null ? "" : ", reasoning=" + reasoning) + "]";
    }
}

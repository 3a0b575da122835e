package io.orderingguard.benchmarks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The request an HTTP client sends to the Anthropic Messages API for a conversation, as plain
 * records that Jackson serialises the way provider SDKs and LangChain4j's HTTP clients do (bean
 * serialisers, snake_case names, absent fields left out). Serialising it is the baseline every
 * benchmark is measured against: the work each dispatch does anyway.
 *
 * @param model the model id
 * @param maxTokens the output budget
 * @param system the system prompt, or {@code null}
 * @param thinking the extended-thinking settings
 * @param tools the declared tools
 * @param messages the alternating user and assistant messages
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnthropicRequest(String model, int maxTokens, String system, ThinkingConfig thinking, List<Tool> tools,
        List<Turn> messages) {

    private static final ObjectWriter WRITER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .writer();

    /**
     * Extended-thinking settings.
     *
     * @param type {@code enabled}
     * @param budgetTokens the thinking budget
     */
    public record ThinkingConfig(String type, int budgetTokens) {}

    /**
     * A declared tool.
     *
     * @param name the name
     * @param description what it does
     * @param inputSchema its JSON schema
     */
    public record Tool(String name, String description, JsonNode inputSchema) {}

    /**
     * One message of the request.
     *
     * @param role {@code user} or {@code assistant}
     * @param content its blocks
     */
    public record Turn(String role, List<Block> content) {}

    /** A content block. */
    public sealed interface Block permits Text, Thinking, ToolUse, ToolResult {}

    /**
     * A text block.
     *
     * @param type {@code text}
     * @param text the text
     */
    public record Text(String type, String text) implements Block {}

    /**
     * A thinking block with its signature.
     *
     * @param type {@code thinking}
     * @param thinking the reasoning text
     * @param signature the opaque signature
     */
    public record Thinking(String type, String thinking, String signature) implements Block {}

    /**
     * A tool call.
     *
     * @param type {@code tool_use}
     * @param id the call id
     * @param name the tool
     * @param input the arguments
     */
    public record ToolUse(String type, String id, String name, JsonNode input) implements Block {}

    /**
     * A tool result.
     *
     * @param type {@code tool_result}
     * @param toolUseId the call it answers
     * @param content the result text
     * @param isError whether the tool failed
     */
    public record ToolResult(String type, String toolUseId, String content, boolean isError) implements Block {}

    /**
     * Builds the request a client would send for a conversation: the system message goes to
     * {@code system}; thoughts, tool calls and assistant text of one step form one assistant message;
     * the results of its calls form the user message that follows, together with the next user text.
     *
     * @param model the model id
     * @param entries the conversation
     * @param declared the declared tools
     * @return the request
     */
    public static AnthropicRequest of(String model, List<Entry> entries, List<DeclaredTool> declared) {
        List<Tool> tools = new ArrayList<>();
        for (DeclaredTool t : declared) {
            tools.add(new Tool(t.name(), "The " + t.name() + " tool", t.inputSchema()));
        }
        List<Turn> turns = new ArrayList<>();
        String system = null;
        List<Block> assistant = null;
        String assistantStep = null;
        List<Block> user = new ArrayList<>();
        for (Entry e : entries) {
            if (e instanceof Message m && m.role() == Role.SYSTEM) {
                system = m.content();
                continue;
            }
            boolean userSide = e instanceof Message m && m.role() == Role.USER
                    || e instanceof ToolCall c && !c.requested();
            if (userSide) {
                if (assistant != null) {
                    turns.add(new Turn("assistant", assistant));
                    assistant = null;
                }
                if (e instanceof Message m) {
                    user.add(new Text("text", m.content()));
                } else {
                    ToolCall c = (ToolCall) e;
                    user.add(new ToolResult("tool_result", c.id(), c.result().content(), c.result().isError()));
                }
                continue;
            }
            if (assistant != null && !Objects.equals(assistantStep, e.step()) && !user.isEmpty()) {
                turns.add(new Turn("assistant", assistant));
                assistant = null;
            }
            if (assistant == null) {
                if (!user.isEmpty()) {
                    turns.add(new Turn("user", user));
                    user = new ArrayList<>();
                }
                assistant = new ArrayList<>();
                assistantStep = e.step();
            }
            if (e instanceof Thought t) {
                JsonNode signature = t.payloadAt("signature");
                assistant.add(new Thinking("thinking", t.content(), signature == null ? null : signature.asText()));
            } else if (e instanceof ToolCall c) {
                assistant.add(new ToolUse("tool_use", c.id(), c.tool(), c.args()));
                if (c.result() != null) {
                    user.add(new ToolResult("tool_result", c.id(), c.result().content(), c.result().isError()));
                }
            } else {
                assistant.add(new Text("text", ((Message) e).content()));
            }
        }
        if (assistant != null) {
            turns.add(new Turn("assistant", assistant));
        }
        if (!user.isEmpty()) {
            turns.add(new Turn("user", user));
        }
        return new AnthropicRequest(model, 8_192, system, new ThinkingConfig("enabled", 4_096), tools, turns);
    }

    /**
     * Serialises the request to UTF-8 JSON bytes, as an HTTP client does before sending it.
     *
     * @return the request body
     */
    public byte[] toJson() {
        try {
            return WRITER.writeValueAsBytes(this);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the request: " + e.getOriginalMessage(), e);
        }
    }
}

package io.orderingguard.wire;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded generator of Bedrock Converse bodies for the round-trip and fuzz tests: every shape the
 * codec maps (reasoning text with and without signature, redacted reasoning, tool use and results
 * with text, JSON and image content, error status, orphan results, unanswered calls, images,
 * documents, cache points in system, messages and tools, options for Claude and Nova).
 */
public final class BedrockBodies {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private BedrockBodies() {}

    /**
     * Generates a body.
     *
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode converse(long seed) {
        Random random = new Random(seed);
        ObjectNode body = NODES.objectNode();
        boolean claude = random.nextBoolean();
        if (random.nextInt(4) == 0) {
            body.put("modelId", claude ? "us.anthropic.claude-sonnet-4-5-20250929-v1:0" : "amazon.nova-pro-v1:0");
        }
        if (random.nextBoolean()) {
            ArrayNode system = body.putArray("system");
            system.addObject().put("text", "You are terse. " + seed);
            if (random.nextBoolean()) {
                system.addObject().putObject("cachePoint").put("type", "default");
            }
        }
        ArrayNode messages = body.putArray("messages");
        int turns = 1 + random.nextInt(7);
        List<String> open = new ArrayList<>();
        int counter = 0;
        for (int t = 0; t < turns; t++) {
            ArrayNode content = messages.addObject().put("role", "user").putArray("content");
            for (String id : open) {
                if (random.nextInt(8) == 0) {
                    continue; // unanswered call
                }
                ObjectNode result = content.addObject().putObject("toolResult").put("toolUseId", id);
                ArrayNode items = result.putArray("content");
                switch (random.nextInt(4)) {
                    case 0 -> items.addObject().put("text", "result of " + id);
                    case 1 -> items.addObject().putObject("json").put("temp", 18 + t);
                    case 2 -> {
                        items.addObject().put("text", "failed");
                        result.put("status", "error");
                    }
                    default -> {
                        items.addObject().put("text", "chart");
                        items.addObject().putObject("image").put("format", "png").putObject("source")
                                .put("bytes", "iVBOR");
                        result.put("status", "success");
                    }
                }
            }
            if (random.nextInt(10) == 0) {
                content.addObject().putObject("toolResult").put("toolUseId", "tooluse_orphan_" + seed + "_" + t)
                        .putArray("content").addObject().put("text", "late");
            }
            if (random.nextInt(5) == 0) {
                content.addObject().putObject("image").put("format", "jpeg").putObject("source").put("bytes", "/9j/4A");
            }
            if (random.nextInt(8) == 0) {
                content.addObject().putObject("document").put("format", "pdf").put("name", "report-" + t)
                        .putObject("source").put("bytes", "JVBERi0");
            }
            if (content.isEmpty() || open.isEmpty() || random.nextBoolean()) {
                content.addObject().put("text", "Question " + t + " of seed " + seed);
            }
            if (random.nextInt(5) == 0) {
                content.addObject().putObject("cachePoint").put("type", "default");
            }
            open.clear();
            if (t == turns - 1 && random.nextBoolean()) {
                break;
            }
            ArrayNode answer = messages.addObject().put("role", "assistant").putArray("content");
            if (random.nextInt(3) == 0) {
                ObjectNode text = answer.addObject().putObject("reasoningContent").putObject("reasoningText")
                        .put("text", "Let me think " + t);
                if (random.nextInt(5) != 0) {
                    text.put("signature", "EqQBCkYIBxgCKkA" + seed + t);
                }
            }
            if (random.nextInt(8) == 0) {
                answer.addObject().putObject("reasoningContent").put("redactedContent", "EmwKAhgBEgy" + seed + t);
            }
            int calls = random.nextInt(3);
            if (calls == 0 || random.nextBoolean()) {
                answer.addObject().put("text", "I will look " + t);
            }
            for (int c = 0; c < calls; c++) {
                String id = "tooluse_" + seed + "_" + counter++;
                answer.addObject().putObject("toolUse").put("toolUseId", id)
                        .put("name", random.nextBoolean() ? "get_weather" : "search")
                        .putObject("input").put("city", "Paris " + c);
                open.add(id);
            }
            if (random.nextInt(6) == 0) {
                answer.addObject().putObject("cachePoint").put("type", "default");
            }
        }
        if (random.nextBoolean()) {
            ObjectNode toolConfig = body.putObject("toolConfig");
            ArrayNode tools = toolConfig.putArray("tools");
            for (String name : List.of("get_weather", "search")) {
                ObjectNode spec = tools.addObject().putObject("toolSpec").put("name", name).put("description", name);
                spec.putObject("inputSchema").putObject("json").put("type", "object").putObject("properties")
                        .putObject("city").put("type", "string");
            }
            if (random.nextBoolean()) {
                tools.addObject().putObject("cachePoint").put("type", "default");
            }
            switch (random.nextInt(4)) {
                case 0 -> toolConfig.putObject("toolChoice").putObject("auto");
                case 1 -> toolConfig.putObject("toolChoice").putObject("any");
                case 2 -> toolConfig.putObject("toolChoice").putObject("tool").put("name", "search");
                default -> { /* none */ }
            }
        }
        if (random.nextBoolean()) {
            ObjectNode inference = body.putObject("inferenceConfig");
            inference.put("maxTokens", 1 + random.nextInt(64_000));
            if (random.nextBoolean()) {
                inference.put("temperature", 0.5).putArray("stopSequences").add("END");
            }
        }
        switch (random.nextInt(5)) {
            case 0 -> body.putObject("additionalModelRequestFields").putObject("thinking").put("type", "enabled")
                    .put("budget_tokens", 1024 + random.nextInt(4096));
            case 1 -> body.putObject("additionalModelRequestFields").putObject("reasoning_config").put("type", "disabled");
            case 2 -> body.putObject("additionalModelRequestFields").putObject("reasoningConfig").put("type", "enabled")
                    .put("maxReasoningEffort", "medium");
            case 3 -> body.putObject("additionalModelRequestFields").putArray("anthropic_beta")
                    .add("interleaved-thinking-2025-05-14");
            default -> { /* none */ }
        }
        if (random.nextInt(4) == 0) {
            body.putObject("guardrailConfig").put("guardrailIdentifier", "gr-1").put("guardrailVersion", "1");
        }
        return body;
    }
}

package io.orderingguard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded generator of LangChain4j histories with the defects real applications produce: evicted
 * calls, cancelled runs, shuffled or displaced results, duplicate and over-long ids, empty texts,
 * consecutive roles, assistant-first windows, images, attributes.
 */
final class RandomHistories {

    private static final String[] TOOLS = {"search", "fetch", "book"};

    private final Random random;
    private final MetadataLayout layout;
    private int ids;

    RandomHistories(long seed) {
        this.random = new Random(seed);
        this.layout = null; // the original generator: Anthropic-style thinking only
    }

    /**
     * Creates a generator whose AI messages carry provider metadata as the given layout's module
     * stores it (Anthropic signatures and redacted blocks, Gemini message or per-call signatures,
     * OpenAI Responses encrypted reasoning, or opaque attributes).
     */
    RandomHistories(long seed, MetadataLayout layout) {
        this.random = new Random(seed);
        this.layout = layout;
    }

    ChatRequest next() {
        List<ChatMessage> messages = new ArrayList<>();
        if (random.nextInt(3) == 0) {
            messages.add(SystemMessage.from("system " + random.nextInt(100)));
        }
        if (random.nextInt(5) == 0) {
            messages.add(ToolExecutionResultMessage.from(id(), tool(), "evicted call's result"));
        }
        int turns = 1 + random.nextInt(6);
        for (int t = 0; t < turns; t++) {
            int kind = random.nextInt(10);
            if (kind < 4) {
                messages.add(user());
            } else if (kind < 8) {
                toolRound(messages);
            } else {
                messages.add(AiMessage.from(random.nextBoolean() ? "" : "answer " + t));
            }
        }
        if (random.nextInt(4) != 0) {
            messages.add(user());
        }
        return ChatRequest.builder().messages(messages).build();
    }

    private UserMessage user() {
        if (random.nextInt(6) == 0) {
            return UserMessage.builder().name("u" + random.nextInt(3))
                    .contents(List.of(TextContent.from("look " + random.nextInt(9)), ImageContent.from("https://example.com/" + random.nextInt(9) + ".png")))
                    .attributes(Map.of("tenant", "t" + random.nextInt(3)))
                    .build();
        }
        return UserMessage.from("question " + random.nextInt(100));
    }

    private void toolRound(List<ChatMessage> messages) {
        int n = random.nextInt(4);
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            requests.add(ToolExecutionRequest.builder().id(random.nextInt(8) == 0 && !requests.isEmpty() ? requests.get(0).id() : id())
                    .name(tool()).arguments(random.nextInt(6) == 0 ? "not json" : "{\"q\":" + random.nextInt(5) + "}").build());
        }
        String text = random.nextInt(3) == 0 ? "let me check" : null;
        Map<String, Object> attributes = new HashMap<>();
        String thinking = null;
        if (layout == null || layout == MetadataLayout.ANTHROPIC) {
            if (random.nextInt(4) == 0) {
                thinking = "thinking " + random.nextInt(9);
                if (random.nextBoolean()) {
                    attributes.put("thinking_signature", "sig" + random.nextInt(99));
                }
            }
            if (layout != null && random.nextInt(8) == 0) {
                attributes.put("redacted_thinking", List.of("redacted" + random.nextInt(99), "redacted" + random.nextInt(99)));
            }
        } else {
            thinking = random.nextInt(4) == 0 ? "thinking " + random.nextInt(9) : null;
            metadata(requests, attributes);
        }
        if (layout != null && random.nextInt(6) == 0) {
            attributes.put("tenant", "t" + random.nextInt(3));
        }
        if (n == 0 && text == null && thinking == null) {
            text = "nothing to call";
        }
        messages.add(AiMessage.builder().text(text).thinking(thinking).toolExecutionRequests(requests).attributes(attributes).build());
        List<ToolExecutionResultMessage> results = new ArrayList<>();
        List<ToolExecutionResultMessage> displaced = new ArrayList<>();
        for (ToolExecutionRequest r : requests) {
            int fate = random.nextInt(8);
            ToolExecutionResultMessage result = ToolExecutionResultMessage.builder().id(r.id()).toolName(r.name())
                    .text("result of " + r.id()).isError(random.nextInt(5) == 0 ? Boolean.TRUE : null).build();
            if (fate == 0) {
                continue; // cancelled: no result
            }
            if (fate == 1) {
                displaced.add(result);
            } else {
                results.add(result);
            }
        }
        if (random.nextInt(3) == 0) {
            Collections.shuffle(results, random);
        }
        messages.addAll(results);
        if (!displaced.isEmpty()) {
            messages.add(user());
            messages.addAll(displaced);
        }
    }

    /** Gemini, OpenAI Responses and opaque metadata, stored as each layout's module stores it. */
    private void metadata(List<ToolExecutionRequest> requests, Map<String, Object> attributes) {
        int kind = random.nextInt(3);
        if (layout == MetadataLayout.GEMINI) {
            if (kind == 0 || requests.isEmpty() && kind == 1) {
                attributes.put("thinking_signature", "CiQB" + random.nextInt(999)); // google-ai-gemini
            } else if (kind == 1) {
                for (ToolExecutionRequest r : requests) {                         // google-genai
                    if (random.nextInt(3) != 0) {
                        attributes.put("thought_signature_" + r.id(), "c2ln" + random.nextInt(999));
                    }
                }
            }
        } else if (layout == MetadataLayout.OPENAI_RESPONSES) {
            if (kind != 2) {
                attributes.put("encrypted_reasoning", "gAAAA" + random.nextInt(999));
            }
        } else if (kind == 0) {
            attributes.put("thinking_signature", "opaque" + random.nextInt(999));
        }
    }

    private String id() {
        ids++;
        return random.nextInt(7) == 0 ? "call_" + "0123456789".repeat(4) + ids : "call_" + ids;
    }

    private String tool() {
        return TOOLS[random.nextInt(TOOLS.length)];
    }
}

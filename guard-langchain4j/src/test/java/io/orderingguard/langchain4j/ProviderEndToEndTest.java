package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.orderingguard.Mode;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The common failures, each sent three ways through the real LangChain4j OpenAI and Anthropic
 * clients to a provider emulator on a loopback port: unguarded (the provider's 400 reaches the
 * application), enforce (the guard's exception, and no HTTP request at all) and mutate (the repaired
 * request is accepted).
 */
class ProviderEndToEndTest {


    static final String LONG_ID = "call_" + "a1b2c3d4e5".repeat(4);

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    enum Client { OPENAI, ANTHROPIC }

    /**
     * One failure.
     *
     * @param client which real client sends it
     * @param history the conversation the application holds
     * @param strictRules emulator rules to switch on (the gateway / older API variants)
     * @param profile the guard's profile
     * @param providerError what the emulator answers, as the provider would
     * @param guardError what the enforce guard throws
     * @param repairedWire the request the emulator receives in mutate mode, summarised; {@code null}
     *     when mutate cannot repair the failure and rejects it too (its message then starts with
     *     {@code guardError} and goes on with the repair failure)
     */
    record Case(Client client, List<ChatMessage> history, List<EmulatorRule> strictRules, OrderingProfile profile,
            String providerError, String guardError, List<String> repairedWire) {}

    static ChatMessage call(String id, String tool, String arguments) {
        return AiMessage.from(ToolExecutionRequest.builder().id(id).name(tool).arguments(arguments).build());
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        all.add(Arguments.argumentSet("openai: orphan tool result after the memory window evicted its call", new Case(
                Client.OPENAI,
                List.of(ToolExecutionResultMessage.from("call_1", "search", "3 hits"), UserMessage.from("And the second one?")),
                List.of(), TestProfiles.openAi(),
                "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
                "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
                        + "  - tool-result-orphan: tool result 'call_1' answers no tool call in the conversation [prevents: "
                        + TestProfiles.OPENAI_ORPHAN + "]",
                List.of("user 'And the second one?'"))));
        all.add(Arguments.argumentSet("openai: unanswered tool call after a cancelled run", new Case(
                Client.OPENAI,
                List.of(UserMessage.from("Book it"), call("call_1", "book", "{\"day\":\"fri\"}"),
                        UserMessage.from("Actually, never mind.")),
                List.of(), TestProfiles.openAi(),
                "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                        + "'tool_call_id'. The following tool_call_ids did not have response messages: call_1",
                "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
                        + "  - tool-call-unanswered: tool call 'call_1' (book) has no result [prevents: "
                        + TestProfiles.OPENAI_UNANSWERED + "]",
                List.of("user 'Book it'", "assistant tool_calls=[call_1:book]",
                        "tool call_1 'Tool call was not executed: the conversation has no result for it.'",
                        "user 'Actually, never mind.'"))));
        all.add(Arguments.argumentSet("openai: tool-call id longer than 40 characters", new Case(
                Client.OPENAI,
                List.of(UserMessage.from("Search it"), call(LONG_ID, "search", "{\"q\":\"x\"}"),
                        ToolExecutionResultMessage.from(LONG_ID, "search", "3 hits"), UserMessage.from("Thanks")),
                List.of(), TestProfiles.openAi(),
                "Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string with maximum length 40, "
                        + "but got a string with length 45 instead.",
                "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
                        + "  - tool-call-id-length: toolCall id '" + LONG_ID + "' is 45 characters, over the cap of 40 "
                        + "[prevents: " + TestProfiles.OPENAI_ID_TOO_LONG + "]",
                List.of("user 'Search it'", "assistant tool_calls=[<renamed>:search]", "tool <renamed> '3 hits'",
                        "user 'Thanks'"))));
        all.add(Arguments.argumentSet("anthropic: orphan tool result after the memory window evicted its call", new Case(
                Client.ANTHROPIC,
                List.of(ToolExecutionResultMessage.from("toolu_1", "search", "3 hits"), UserMessage.from("And the second one?")),
                List.of(), TestProfiles.anthropic(),
                "messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_1. Each "
                        + "`tool_result` block must have a corresponding `tool_use` block in the previous message.",
                "rejected dispatch (profile anthropic-messages): 1 blocking violation(s)\n"
                        + "  - tool-result-orphan: tool result 'toolu_1' answers no tool call in the conversation [prevents: "
                        + TestProfiles.ANTHROPIC_ORPHAN + "]",
                List.of("user [text 'And the second one?']"))));
        all.add(Arguments.argumentSet("anthropic: unanswered tool call after a cancelled run", new Case(
                Client.ANTHROPIC,
                List.of(UserMessage.from("Book it"), call("toolu_1", "book", "{\"day\":\"fri\"}"),
                        UserMessage.from("Actually, never mind.")),
                List.of(), TestProfiles.anthropic(),
                "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each "
                        + "`tool_use` block must have a corresponding `tool_result` block in the next message.",
                "rejected dispatch (profile anthropic-messages): 1 blocking violation(s)\n"
                        + "  - tool-use-unanswered: tool call 'toolu_1' (book) has no result [prevents: "
                        + TestProfiles.ANTHROPIC_UNANSWERED + "]",
                List.of("user [text 'Book it']", "assistant [tool_use toolu_1:book]",
                        "user [tool_result toolu_1 'Tool call was not executed: the conversation has no result for it.']",
                        "user [text 'Actually, never mind.']"))));
        all.add(Arguments.argumentSet("anthropic (strict variant): assistant-first history", new Case(
                Client.ANTHROPIC,
                List.of(AiMessage.from("Here is the summary."), UserMessage.from("Shorter, please.")),
                List.of(EmulatorRule.ANTHROPIC_FIRST_MESSAGE_NOT_USER), TestProfiles.anthropicStrict(),
                "messages: first message must use the \"user\" role",
                "rejected dispatch (profile anthropic-strict): 1 blocking violation(s)\n"
                        + "  - user-first-alternating: the first message must have role user, but 'messages[0]' has role "
                        + "assistant [prevents: " + TestProfiles.ANTHROPIC_ALTERNATION + "]",
                List.of("user [text 'Understood.']", "assistant [text 'Here is the summary.']",
                        "user [text 'Shorter, please.']"))));
        all.add(Arguments.argumentSet("anthropic: empty assistant text", new Case(
                Client.ANTHROPIC,
                List.of(UserMessage.from("Hi"), AiMessage.from(""), UserMessage.from("Hello?")),
                List.of(), TestProfiles.anthropic(),
                "messages.1: all messages must have non-empty content except for the optional final assistant message",
                "rejected dispatch (profile anthropic-messages): 1 blocking violation(s)\n"
                        + "  - non-empty-assistant: assistant message 'messages[1]' carries neither content nor an adjacent "
                        + "tool call [prevents: " + TestProfiles.ANTHROPIC_EMPTY + "]",
                List.of("user [text 'Hi']", "user [text 'Hello?']"))));
        all.add(Arguments.argumentSet("anthropic: thinking block without its signature", new Case(
                Client.ANTHROPIC,
                List.of(UserMessage.from("Why?"),
                        AiMessage.builder().thinking("The user asks why.").text("Because.").build(),
                        UserMessage.from("Sure?")),
                List.of(), TestProfiles.anthropic(),
                "messages.1.content.0.thinking.signature: Field required",
                "rejected dispatch (profile anthropic-messages): 1 blocking violation(s)\n"
                        + "  - thinking-signature: thought 'messages[1].thinking' lacks payload field 'signature' [prevents: "
                        + TestProfiles.ANTHROPIC_SIGNATURE + "]",
                // the unsigned block is dropped (it can never be signed); the text of the answer stays
                List.of("user [text 'Why?']", "assistant [text 'Because.']", "user [text 'Sure?']"))));
        all.add(Arguments.argumentSet("anthropic (strict variant): consecutive user messages", new Case(
                Client.ANTHROPIC,
                List.of(UserMessage.from("First question."), UserMessage.from("Second question.")),
                List.of(EmulatorRule.ANTHROPIC_ROLES_NOT_ALTERNATING), TestProfiles.anthropicStrict(),
                "messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"user\" roles in a row",
                "rejected dispatch (profile anthropic-strict): 1 blocking violation(s)\n"
                        + "  - user-first-alternating: roles must alternate, but 'messages[0]' and 'messages[1]' both have "
                        + "role user [prevents: " + TestProfiles.ANTHROPIC_ALTERNATION + "]",
                List.of("user [text 'First question.\n\nSecond question.']"))));
        return all.stream();
    }

    ChatModel client(Case c) {
        emulator = ProviderEmulator.builder().enable(c.strictRules().toArray(EmulatorRule[]::new)).start();
        if (c.client() == Client.OPENAI) {
            return OpenAiChatModel.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key")
                    .modelName("gpt-4o-mini").build();
        }
        return AnthropicChatModel.builder().baseUrl(emulator.anthropicBaseUrl()).apiKey("test-key")
                .modelName("claude-sonnet-4-5").maxTokens(256).sendThinking(true).build();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void unguarded_the_providers_400_reaches_the_application(Case c) {
        ChatModel model = client(c);

        Throwable thrown = catchThrowable(() -> model.chat(c.history()));

        // one request (a 400 is not retried), answered with the provider's error, which the client
        // throws with the response body as its message
        assertThat(emulator.requests()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.errorMessage()).isEqualTo(c.providerError());
            assertThat(thrown).isInstanceOf(InvalidRequestException.class).hasMessage(r.responseBody());
        });
    }

    @ParameterizedTest
    @MethodSource("cases")
    void enforce_rejects_before_any_http_request(Case c) {
        ChatModel model = GuardedChatModel.wrap(client(c), TestProfiles.guard(Mode.ENFORCE, c.profile()));

        Throwable thrown = catchThrowable(() -> model.chat(c.history()));

        assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessage(c.guardError());
        assertThat(emulator.requestCount()).isZero();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void mutate_sends_a_request_the_provider_accepts(Case c) {
        ChatModel model = GuardedChatModel.wrap(client(c), TestProfiles.guard(Mode.MUTATE, c.profile()));
        List<ChatMessage> before = List.copyOf(c.history());
        emulator.enqueue(Answer.text("All good."));

        if (c.repairedWire() == null) {
            // nothing the guard may do makes this request valid: it is rejected, still before any request
            Throwable thrown = catchThrowable(() -> model.chat(c.history()));
            assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessageStartingWith(c.guardError());
            assertThat(emulator.requestCount()).isZero();
            return;
        }
        ChatResponse response = model.chat(c.history());

        assertThat(response.aiMessage().text()).isEqualTo("All good.");
        assertThat(emulator.rejections()).isEmpty();
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.status()).isEqualTo(200);
        assertThat(Wires.summary(c.client() == Client.OPENAI, sent.json())).containsExactlyElementsOf(
                Wires.expected(c.repairedWire(), sent.json()));
        assertThat(c.history()).containsExactlyElementsOf(before);
    }

    /** Summaries of what reached the emulator, in the words of the expected lists above. */
    static final class Wires {
        private Wires() {}

        static List<String> summary(boolean openAi, JsonNode body) {
            List<String> out = new ArrayList<>();
            for (JsonNode m : body.path("messages")) {
                out.add(openAi ? openAi(m) : anthropic(m));
            }
            return out;
        }

        private static String openAi(JsonNode m) {
            String role = m.path("role").asText();
            if (role.equals("tool")) {
                return "tool " + m.path("tool_call_id").asText() + " '" + m.path("content").asText() + "'";
            }
            if (m.has("tool_calls")) {
                List<String> calls = new ArrayList<>();
                for (JsonNode c : m.path("tool_calls")) {
                    calls.add(c.path("id").asText() + ":" + c.path("function").path("name").asText());
                }
                return role + " tool_calls=" + calls.toString().replace(", ", ",");
            }
            return role + " '" + m.path("content").asText() + "'";
        }

        private static String anthropic(JsonNode m) {
            List<String> blocks = new ArrayList<>();
            JsonNode content = m.path("content");
            if (content.isTextual()) {
                blocks.add("text '" + content.asText() + "'");
            }
            for (JsonNode b : content) {
                String type = b.path("type").asText();
                switch (type) {
                    case "text" -> blocks.add("text '" + b.path("text").asText() + "'");
                    case "tool_use" -> blocks.add("tool_use " + b.path("id").asText() + ":" + b.path("name").asText());
                    case "tool_result" -> blocks.add("tool_result " + b.path("tool_use_id").asText() + " '"
                            + b.path("content").asText() + "'");
                    default -> blocks.add(type);
                }
            }
            return m.path("role").asText() + " " + blocks.toString().replace("], ", "],");
        }

        /** Fills {@code <renamed>} with the id the repair chose, after checking it fits OpenAI's cap. */
        static List<String> expected(List<String> template, JsonNode body) {
            String renamed = null;
            for (JsonNode m : body.path("messages")) {
                for (JsonNode c : m.path("tool_calls")) {
                    renamed = c.path("id").asText();
                }
            }
            List<String> out = new ArrayList<>();
            for (String line : template) {
                if (line.contains("<renamed>")) {
                    assertThat(renamed).hasSizeLessThanOrEqualTo(40).startsWith("call_a1b2c3d4e5");
                    line = line.replace("<renamed>", renamed);
                }
                out.add(line);
            }
            return out;
        }
    }
}

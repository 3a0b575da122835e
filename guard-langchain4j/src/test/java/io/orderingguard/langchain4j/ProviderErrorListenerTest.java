package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.helpers.MessageFormatter;

/**
 * {@link ProviderErrorListener} on the real LangChain4j OpenAI and Anthropic clients, talking to the
 * provider emulator: a 400 the selected profile let through is logged once per rule, with the
 * conversation and model.
 */
class ProviderErrorListenerTest {

    private static final List<ChatMessage> ORPHAN = List.of(ToolExecutionResultMessage.from("call_1", "search", "3 hits"),
            UserMessage.from("And the second one?"));
    private static final List<ChatMessage> UNANSWERED = List.of(UserMessage.from("Book it"),
            AiMessage.from(ToolExecutionRequest.builder().id("call_1").name("book").arguments("{}").build()),
            UserMessage.from("Actually, never mind."));

    private ProviderEmulator emulator;
    private final List<String> warnings = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    /** A logger that records its WARN messages, formatted as slf4j formats them. */
    private Logger recordingLogger() {
        return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[] {Logger.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("warn") && args != null && args[0] instanceof String format) {
                        Object[] rest = args.length == 2 && args[1] instanceof Object[] array ? array
                                : Arrays.copyOfRange(args, 1, args.length);
                        warnings.add(MessageFormatter.arrayFormat(format, rest).getMessage());
                        return null;
                    }
                    if (method.getName().equals("getName")) {
                        return "recording";
                    }
                    return method.getReturnType() == boolean.class ? Boolean.TRUE : null;
                });
    }

    private ChatModel openAi(String model, ProviderErrorListener listener) {
        emulator = ProviderEmulator.create().start();
        return OpenAiChatModel.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").modelName(model)
                .maxRetries(0).listeners(List.of(listener)).build();
    }

    private static Throwable send(ChatModel model, List<ChatMessage> history) {
        return catchThrowable(() -> model.chat(ChatRequest.builder().messages(history).build()));
    }

    @Test
    void logs_once_per_rule_that_a_profile_without_it_let_through() {
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector("permissive"))
                .logger(recordingLogger()).build();
        ChatModel model = openAi("my-finetune-7b", listener);

        Throwable first = send(model, ORPHAN);
        Throwable again = send(model, ORPHAN);
        Throwable other = send(model, UNANSWERED);

        assertThat(List.of(first, again, other)).allSatisfy(t -> assertThat(t).isInstanceOf(InvalidRequestException.class));
        assertThat(emulator.rejections()).hasSize(3);
        assertThat(listener.reported()).containsExactly("openai-tool-message-follows-tool-calls",
                "openai-tool-calls-answered", "deepseek-tool-calls-answered");
        assertThat(warnings).containsExactly(
                "provider openai rejected a request the guard let through: rule openai-tool-message-follows-tool-calls "
                        + "(toolResultPairing) is not in the selected profile [permissive] (no profile is known for "
                        + "model 'my-finetune-7b' on 'openai': fallback permissive); conversation (none), model "
                        + "my-finetune-7b. Cause: A tool result answers a call that is not in the message before it (a "
                        + "memory window dropped the call but kept its result). Fix: Trim history at turn boundaries, so "
                        + "that a call and its result are kept or dropped together. Blocking in: openai-chat, "
                        + "openai-chat-o1-mini. Provider error: Invalid parameter: messages with role 'tool' must be a "
                        + "response to a preceeding message with 'tool_calls'.",
                "provider openai rejected a request the guard let through: rules openai-tool-calls-answered, "
                        + "deepseek-tool-calls-answered (toolResultPairing) are not in the selected profile [permissive] "
                        + "(no profile is known for model 'my-finetune-7b' on 'openai': fallback permissive); "
                        + "conversation (none), model "
                        + "my-finetune-7b. Cause: A tool call has no result in the message right after it (a memory "
                        + "window or trimming dropped the result, or the tool run was cancelled). Fix: Send each tool "
                        + "call's result right after the message that made the call, or remove the call. Blocking in: "
                        + "openai-chat, openai-chat-o1-mini, deepseek-r1-api, deepseek-v3-2-api, "
                        + "deepseek-v3-2-api-thinking, deepseek-v4-api, deepseek-v4-api-thinking. Provider error: An "
                        + "assistant message with 'tool_calls' must be followed by tool messages responding to each "
                        + "'tool_call_id'. The following tool_call_ids did not have response messages: call_1");
    }

    @Test
    void a_rule_blocking_in_the_selected_profile_is_not_logged() {
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector()).logger(recordingLogger())
                .build();
        ChatModel model = openAi("gpt-4o-mini", listener);

        Throwable t = send(model, ORPHAN);

        assertThat(t).isInstanceOf(InvalidRequestException.class);
        assertThat(warnings).isEmpty();
        assertThat(listener.reported()).isEmpty();
    }

    @Test
    void an_advisory_rule_is_logged_as_advisory_with_the_conversation() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.ANTHROPIC_FIRST_MESSAGE_NOT_USER).build().start();
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector()).logger(recordingLogger())
                .build();
        ChatModel anthropic = AnthropicChatModel.builder().baseUrl(emulator.anthropicBaseUrl()).apiKey("test-key")
                .modelName("claude-sonnet-4-5").maxTokens(256).maxRetries(0).listeners(List.of(listener)).build();
        ChatModel guarded = GuardedChatModel.wrap(anthropic, OrderingGuard.builder()
                .selectProfiles(Profiles.selector()).build());

        Throwable t = catchThrowable(() -> guarded.chat(ChatRequest.builder()
                .messages(AiMessage.from("Here is the summary."), UserMessage.from("Shorter, please.")).build(),
                ChatRequestOptions.builder()
                        .addListenerAttribute(GuardedChatModel.CONVERSATION_ID, "c-42").build()));

        assertThat(t).isInstanceOf(InvalidRequestException.class);
        assertThat(warnings).containsExactly("provider anthropic rejected a request the guard let through: rule "
                + "anthropic-role-alternation (alternation) is only advisory in the selected profile "
                + "[anthropic-messages-no-thinking] (model 'claude-sonnet-4-5' on 'anthropic' -> "
                + "anthropic-messages-no-thinking (base anthropic-messages, confirmed): options.reasoning is disabled); "
                + "conversation c-42, model claude-sonnet-4-5. Cause: Two messages of the same "
                + "role follow each other (a tool result and a user message count as two user turns), or the "
                + "conversation does not start with a user message. Fix: Merge consecutive messages of one role (all "
                + "results of one turn go in one message) and start with a user message. No shipped family blocks "
                + "it. Provider error: messages: first message must use the \"user\" role");
    }

    private static ChatModelErrorContext context(Throwable error) {
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("hi"))
                .parameters(ChatRequestParameters.builder().modelName("my-model").build()).build();
        return new ChatModelErrorContext(error, request, ModelProvider.OPEN_AI, Map.of());
    }

    private static final String ORPHAN_ERROR = "{\"error\":{\"message\":\"Invalid parameter: messages with role 'tool' "
            + "must be a response to a preceeding message with 'tool_calls'.\",\"type\":\"invalid_request_error\"}}";

    @Test
    void ignores_other_errors_guard_rejections_and_unknown_texts() {
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector("permissive"))
                .logger(recordingLogger()).build();
        GuardRejectedException rejected = catchThrowableOfType(() -> GuardedChatModel.wrap(new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI),
                OrderingGuard.builder().profile("openai-chat").build()).chat(ChatRequest.builder().messages(ORPHAN)
                        .build()));

        listener.onError(context(new HttpException(500, ORPHAN_ERROR)));
        listener.onError(context(new RuntimeException(ORPHAN_ERROR)));
        listener.onError(context(new InvalidRequestException("Overloaded")));
        listener.onError(context(new InvalidRequestException(rejected)));
        listener.onError(context(rejected));

        assertThat(warnings).isEmpty();
        listener.onError(context(new InvalidRequestException(new HttpException(400, ORPHAN_ERROR))));
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).startsWith("provider openai rejected a request the guard let through: rule "
                + "openai-tool-message-follows-tool-calls (toolResultPairing) is not in the selected profile "
                + "[permissive] (no profile is known for model 'my-model' on 'openai': fallback permissive); "
                + "conversation (none), model my-model.");
    }

    private static GuardRejectedException catchThrowableOfType(ThrowingCallable call) {
        Throwable t = catchThrowable(call);
        assertThat(t).isInstanceOf(GuardRejectedException.class);
        return (GuardRejectedException) t;
    }

    @Test
    void concurrent_errors_log_each_rule_once() throws Exception {
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector("permissive"))
                .logger(recordingLogger()).build();
        ChatModelErrorContext ctx = context(new InvalidRequestException(ORPHAN_ERROR));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int k = 0; k < 50; k++) {
                        listener.onError(ctx);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(warnings).hasSize(1);
        assertThat(listener.reported()).containsExactly("openai-tool-message-follows-tool-calls");
    }

    @Test
    void remembers_a_bounded_number_of_rules() {
        ProviderErrorListener listener = ProviderErrorListener.builder(Profiles.selector("permissive"))
                .logger(recordingLogger()).maxRules(1).build();
        ChatModelErrorContext orphan = context(new InvalidRequestException(ORPHAN_ERROR));
        ChatModelErrorContext empty = context(new InvalidRequestException("messages: text content blocks must be "
                + "non-empty ... Unable to submit request because it has an empty text parameter."));

        listener.onError(orphan);
        listener.onError(orphan);
        listener.onError(empty);
        listener.onError(orphan);

        assertThat(warnings).extracting(w -> w.substring(0, w.indexOf(" (")))
                .containsExactly("provider openai rejected a request the guard let through: rule "
                        + "openai-tool-message-follows-tool-calls",
                        "provider openai rejected a request the guard let through: rules gemini-user-text-non-empty, "
                                + "gemini-model-text-non-empty",
                        "provider openai rejected a request the guard let through: rule "
                                + "openai-tool-message-follows-tool-calls");
        assertThat(listener.reported()).containsExactly("openai-tool-message-follows-tool-calls");
    }

    @Test
    void rejects_bad_settings_with_a_message_naming_them() {
        assertThat(catchThrowable(() -> ProviderErrorListener.builder(Profiles.selector()).maxRules(0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxRules must be >= 1, but was 0");
        assertThat(catchThrowable(() -> ProviderErrorListener.builder(Profiles.selector()).provider(" ")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("provider");
    }
}

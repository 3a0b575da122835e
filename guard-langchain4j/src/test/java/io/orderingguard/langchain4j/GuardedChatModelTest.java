package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.NonRetriableException;
import dev.langchain4j.internal.RetryUtils;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.orderingguard.CheckReport;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.Map;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GuardedChatModelTest {

    static final String ORPHAN_MESSAGE = "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
            + "  - tool-result-orphan: tool result 'call_1' answers no tool call in the conversation [prevents: "
            + TestProfiles.OPENAI_ORPHAN + "]";

    final List<GuardResult> results = new ArrayList<>();

    OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().profile(TestProfiles.openAi()).mode(mode)
                .listener(new GuardListener() {
                    @Override
                    public void onResult(GuardResult result) {
                        results.add(result);
                    }
                }).build();
    }

    static ChatRequest orphanAfterEviction() {
        // a MessageWindowChatMemory evicted the AiMessage that asked for call_1
        return ChatRequest.builder().messages(ToolExecutionResultMessage.from("call_1", "search", "3 hits"),
                UserMessage.from("And the second one?")).build();
    }

    @Test
    void should_throw_a_non_retriable_rejection_before_the_delegate_is_called_in_enforce_mode() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE));

        GuardRejectedException e = catchThrowableOfType(GuardRejectedException.class, () -> model.chat(orphanAfterEviction()));

        assertThat(e).isInstanceOf(NonRetriableException.class).hasMessage(ORPHAN_MESSAGE);
        assertThat(e.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(e.result().unrepaired()).extracting(f -> f.ruleId()).containsExactly("tool-result-orphan");
        assertThat(delegate.sent).isEmpty();
    }

    @Test
    void should_not_be_retried_by_langchain4j() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE));

        assertThatThrownBy(() -> RetryUtils.withRetry(() -> model.chat(orphanAfterEviction()), 3))
                .isInstanceOf(GuardRejectedException.class).hasMessage(ORPHAN_MESSAGE);
        assertThat(results).hasSize(1);
    }

    @Test
    void should_send_the_repair_and_leave_the_callers_messages_alone_in_mutate_mode() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.MUTATE));
        ChatRequest request = orphanAfterEviction();
        List<ChatMessage> before = List.copyOf(request.messages());

        String answer = model.chat(request).aiMessage().text();

        assertThat(answer).isEqualTo("ok");
        assertThat(delegate.sent).hasSize(1);
        assertThat(Describe.messages(delegate.sent.get(0).messages())).containsExactly("user 'And the second one?'");
        assertThat(delegate.sent.get(0).messages().get(0)).isSameAs(request.messages().get(1));
        assertThat(request.messages()).containsExactlyElementsOf(before);
        assertThat(results.get(0).outcome()).isEqualTo(Outcome.REPAIRED);
    }

    @Test
    void should_report_every_request_to_an_observer_attached_on_the_decorator() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        OrderingGuard guard = guard(Mode.MUTATE);
        List<CheckReport> reports = new ArrayList<>();
        GuardedChatModel model = GuardedChatModel.builder(delegate, guard)
                .conversationId(request -> "conv-42")
                .observer(dispatch -> reports::add)
                .build();

        model.chat(orphanAfterEviction());

        assertThat(reports).singleElement().satisfies(report -> {
            assertThat(report.outcome()).isEqualTo(Outcome.REPAIRED);
            assertThat(report.provider()).isEqualTo("openai");
            assertThat(report.model()).isEqualTo("gpt-4o-mini");
            assertThat(report.conversationId()).isEqualTo("conv-42");
            assertThat(report.repairs()).extracting(r -> r.ruleId()).containsExactly("tool-result-orphan");
        });
        assertThat(model.guard()).isNotSameAs(guard);
        guard.check(reports.get(0).input());
        assertThat(reports).as("the guard the decorator was given stays unobserved").hasSize(1);
    }

    @Test
    void should_hand_a_passing_request_over_unchanged() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.MUTATE));
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("go"),
                AiMessage.from(ToolExecutionRequest.builder().id("call_1").name("search").arguments("{}").build()),
                ToolExecutionResultMessage.from("call_1", "search", "3 hits")).build();

        model.chat(request);

        assertThat(results.get(0).outcome()).isEqualTo(Outcome.PASSED);
        ChatRequest sent = delegate.sent.get(0);
        for (int i = 0; i < 3; i++) {
            assertThat(sent.messages().get(i)).isSameAs(request.messages().get(i));
        }
        assertThat(sent.modelName()).isEqualTo("gpt-4o-mini");
        assertThat(sent.temperature()).isEqualTo(0.5);
    }

    @Test
    void should_name_provider_model_and_conversation_on_the_dispatch() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel byFunction = GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE), request -> "from-function");
        GuardedChatModel custom = GuardedChatModel.builder(delegate, guard(Mode.ENFORCE)).provider("deepseek").build();
        ChatRequest withModel = ChatRequest.builder().messages(UserMessage.from("hi")).modelName("gpt-4.1").build();

        byFunction.chat(withModel);
        byFunction.chat(withModel, ChatRequestOptions.builder().addListenerAttribute(GuardedChatModel.CONVERSATION_ID, 42).build());
        custom.chat(ChatRequest.builder().messages(UserMessage.from("hi")).build());

        assertThat(results).extracting(r -> r.dispatch().conversationId()).containsExactly("from-function", "42", null);
        assertThat(results).extracting(r -> r.dispatch().provider()).containsExactly("openai", "openai", "deepseek");
        assertThat(results).extracting(r -> r.dispatch().model()).containsExactly("gpt-4.1", "gpt-4.1", "gpt-4o-mini");
    }

    @Test
    void should_forward_the_delegates_configuration_and_fire_its_listeners_once() {
        AtomicInteger requests = new AtomicInteger();
        ChatModelListener counting = new ChatModelListener() {
            @Override
            public void onRequest(ChatModelRequestContext context) {
                requests.incrementAndGet();
            }
        };
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI, counting);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE));

        assertThat(model.chat("hello")).isEqualTo("ok");
        assertThat(model.doChat(ChatRequest.builder().messages(UserMessage.from("x")).build()).aiMessage().text()).isEqualTo("ok");

        assertThat(requests.get()).isEqualTo(2);
        assertThat(model.listeners()).isEmpty();
        assertThat(model.defaultRequestParameters()).isSameAs(delegate.defaultRequestParameters());
        assertThat(model.provider()).isEqualTo(ModelProvider.OPEN_AI);
        assertThat(model.supportedCapabilities()).isEqualTo(delegate.supportedCapabilities());
        assertThat(model.delegate()).isSameAs(delegate);
        assertThat(model.codec().provider()).isEqualTo("openai");
    }

    @Test
    void should_make_its_codec_once_for_each_default_parameters_the_delegate_returns() {
        ChatRequestParameters[] defaults = {ChatRequestParameters.builder().modelName("gpt-4o-mini").build()};
        ChatModel delegate = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return ChatResponse.builder().aiMessage(AiMessage.from("ok")).build();
            }

            @Override
            public ChatRequestParameters defaultRequestParameters() {
                return defaults[0];
            }

            @Override
            public ModelProvider provider() {
                return ModelProvider.OPEN_AI;
            }
        };
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE));
        ChatRequest hello = ChatRequest.builder().messages(UserMessage.from("hello")).build();

        ChatRequestCodec first = model.codec();
        assertThat(model.codec()).isSameAs(first);
        assertThat(first.encode(hello, null).dispatch().model()).isEqualTo("gpt-4o-mini");

        defaults[0] = ChatRequestParameters.builder().modelName("gpt-5").build();
        ChatRequestCodec second = model.codec();

        assertThat(second).isNotSameAs(first);
        assertThat(model.codec()).isSameAs(second);
        assertThat(second.encode(hello, null).dispatch().model()).isEqualTo("gpt-5");
        assertThat(model.chat(hello).aiMessage().text()).isEqualTo("ok");
    }

    @Test
    void should_refuse_to_build_a_rejection_from_a_result_that_was_sent() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        GuardedChatModel.wrap(delegate, guard(Mode.ENFORCE)).chat("fine");

        assertThatThrownBy(() -> new GuardRejectedException(results.get(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a GuardRejectedException needs a rejected result, but the outcome was passed");
    }

    @Test
    void should_require_its_parts() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        assertThatThrownBy(() -> GuardedChatModel.wrap(null, guard(Mode.ENFORCE)))
                .isInstanceOf(NullPointerException.class).hasMessage("delegate must not be null");
        assertThatThrownBy(() -> GuardedChatModel.wrap(delegate, null))
                .isInstanceOf(NullPointerException.class).hasMessage("guard must not be null");
        assertThatThrownBy(() -> GuardedChatModel.builder(delegate, guard(Mode.ENFORCE)).provider(""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("provider must not be blank, but was ''");
    }

    @Test
    void should_compare_with_the_last_dispatch_of_the_conversation_across_a_sliding_window() {
        // GIVEN a guard that requires thinking signatures to come back unchanged, with a stash
        OrderingGuard guard = OrderingGuard.builder()
                .profile(OrderingProfile.of("thinking-preserved",
                        OrderingRule.payloadFieldStable("signature-stable", Kind.THOUGHT, "signature")
                                .withSeverity(Severity.BLOCKING)))
                .stash(InMemoryStash.create()).build();
        RecordingChatModel delegate = new RecordingChatModel("claude-sonnet-4-5", ModelProvider.ANTHROPIC);
        GuardedChatModel model = GuardedChatModel.wrap(delegate, guard, request -> "c-1");
        AiMessage signed = AiMessage.builder().thinking("plan").text("a").attributes(Map.of("thinking_signature", "EqQB")).build();
        AiMessage tampered = AiMessage.builder().thinking("plan").text("a").attributes(Map.of("thinking_signature", "XXXX")).build();

        // WHEN the window drops the first message, and later the signature is altered
        model.chat(UserMessage.from("q1"), signed, UserMessage.from("q2"));
        model.chat(signed, UserMessage.from("q2"), AiMessage.from("b"), UserMessage.from("q3"));
        Throwable thrown = catchThrowable(() -> model.chat(tampered, UserMessage.from("q2"), AiMessage.from("b"),
                UserMessage.from("q3"), AiMessage.from("c"), UserMessage.from("q4")));

        // THEN the shifted window passes (the thought keeps its id) and the altered one is rejected
        assertThat(delegate.sent).hasSize(2);
        assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessage(
                "rejected dispatch of conversation c-1 (profile thinking-preserved): 1 blocking violation(s)\n"
                        + "  - signature-stable: preservation invariant payload-field-stable violated for thought (payload "
                        + "field 'signature' removed or changed): 'thinking-7b3e3ec7765f'");
    }

    @Test
    void should_send_the_request_unchanged_in_shadow_mode() {
        RecordingChatModel delegate = new RecordingChatModel("gpt-4o-mini", ModelProvider.OPEN_AI);
        OrderingGuard shadow = OrderingGuard.builder().profile(TestProfiles.openAi()).mode(Mode.MUTATE).shadow(true).build();
        ChatRequest request = orphanAfterEviction();

        GuardedChatModel.wrap(delegate, shadow).chat(request);

        assertThat(delegate.sent.get(0).messages()).containsExactlyElementsOf(request.messages());
    }
}

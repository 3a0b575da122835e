package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.core.Ordered;

class OrderingGuardAdvisorTest {

    /** The rest of the chain: records what it is handed and answers nothing. */
    static final class RecordingChain implements CallAdvisorChain {
        final List<ChatClientRequest> received = new ArrayList<>();

        @Override
        public ChatClientResponse nextCall(ChatClientRequest request) {
            received.add(request);
            return ChatClientResponse.builder().context(Map.of()).build();
        }

        @Override
        public List<CallAdvisor> getCallAdvisors() {
            return List.of();
        }

        @Override
        public CallAdvisorChain copy(CallAdvisor after) {
            return this;
        }
    }

    static OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build();
    }

    static Prompt orphan() {
        return new Prompt(List.of(ToolResponseMessage.builder()
                        .responses(List.of(new ToolResponseMessage.ToolResponse("call_1", "search", "3 hits"))).build(),
                new UserMessage("And the second one?")), OpenAiChatOptions.builder().model("gpt-4o-mini").build());
    }

    static ChatClientRequest request(Prompt prompt, Map<String, Object> context) {
        return new ChatClientRequest(prompt, new HashMap<>(context));
    }

    @Test
    void should_sit_after_the_tool_calling_and_memory_advisors_and_before_the_model_call() {
        OrderingGuardAdvisor advisor = OrderingGuardAdvisor.of(guard(Mode.ENFORCE));

        assertThat(advisor.getOrder()).isEqualTo(OrderingGuardAdvisor.DEFAULT_ORDER)
                // the tool-calling advisor's default (2.0's ToolCallingAdvisor, 1.1's ToolCallAdvisor)
                .isGreaterThan(Ordered.HIGHEST_PRECEDENCE + 300)
                .isGreaterThan(Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER)
                .isLessThan(Ordered.LOWEST_PRECEDENCE);
        assertThat(advisor.getName()).isEqualTo("OrderingGuardAdvisor");
        assertThat(advisor).hasToString("OrderingGuardAdvisor{order=" + OrderingGuardAdvisor.DEFAULT_ORDER
                + ", mode=enforce}");
        assertThat(OrderingGuardAdvisor.builder(guard(Mode.ENFORCE)).order(42).build().getOrder()).isEqualTo(42);
    }

    @Test
    void should_pass_a_valid_request_on_as_the_very_same_object() {
        RecordingChain chain = new RecordingChain();
        ChatClientRequest request = request(new Prompt(List.of(new UserMessage("Hi")),
                OpenAiChatOptions.builder().model("gpt-4o-mini").build()), Map.of());

        OrderingGuardAdvisor.of(guard(Mode.ENFORCE)).adviseCall(request, chain);

        assertThat(chain.received).containsExactly(request);
    }

    @Test
    void should_name_the_conversation_from_its_own_context_key_before_the_chat_memory_one() {
        RecordingChain chain = new RecordingChain();
        OrderingGuardAdvisor advisor = OrderingGuardAdvisor.of(guard(Mode.ENFORCE));

        assertThatThrownBy(() -> advisor.adviseCall(request(orphan(), Map.of(ChatMemory.CONVERSATION_ID, "memory-id",
                OrderingGuardAdvisor.CONVERSATION_ID, "guard-id")), chain))
                .isInstanceOf(OrderingViolationException.class)
                .hasMessageStartingWith("rejected dispatch of conversation guard-id (profile openai-chat)");
        assertThatThrownBy(() -> advisor.adviseCall(request(orphan(), Map.of(ChatMemory.CONVERSATION_ID, "memory-id")),
                chain))
                .hasMessageStartingWith("rejected dispatch of conversation memory-id (profile openai-chat)");
        assertThatThrownBy(() -> advisor.adviseCall(request(orphan(), Map.of()), chain))
                .hasMessageStartingWith("rejected dispatch (profile openai-chat)");
        assertThat(chain.received).isEmpty();
    }

    @Test
    void should_hand_the_repaired_prompt_on_with_the_same_context_and_leave_the_original_alone() {
        RecordingChain chain = new RecordingChain();
        Prompt prompt = orphan();
        ChatClientRequest request = request(prompt, Map.of("k", "v"));

        OrderingGuardAdvisor.of(guard(Mode.MUTATE)).adviseCall(request, chain);

        ChatClientRequest sent = chain.received.get(0);
        assertThat(Describe.messages(sent.prompt().getInstructions())).containsExactly("user 'And the second one?'");
        assertThat(sent.prompt().getInstructions().get(0)).isSameAs(prompt.getInstructions().get(1));
        assertThat(sent.context()).isSameAs(request.context());
        assertThat(prompt.getInstructions()).hasSize(2);
    }

    @Test
    void should_take_the_provider_from_the_builder_over_the_options_class() {
        RecordingChain chain = new RecordingChain();
        OrderingGuardAdvisor advisor = OrderingGuardAdvisor.builder(guard(Mode.ENFORCE)).provider("deepseek").build();

        assertThatThrownBy(() -> advisor.adviseCall(request(new Prompt(orphan().getInstructions(),
                OpenAiChatOptions.builder().model("deepseek-chat").build()), Map.of()), chain))
                .hasMessageStartingWith("rejected dispatch (profile ");
        assertThatThrownBy(() -> OrderingGuardAdvisor.builder(guard(Mode.ENFORCE)).provider(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("provider must not be blank, but was ' '");
        assertThatThrownBy(() -> OrderingGuardAdvisor.of(null))
                .isInstanceOf(NullPointerException.class).hasMessage("guard must not be null");
    }
}

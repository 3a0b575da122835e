package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keeps encoding allocation-light: every round of a tool loop encodes the whole conversation again.
 * Counts the bytes this thread allocates to encode a 1,001-entry Anthropic request (a system prompt, then
 * 200 turns of a user message, a signed thought with a tool call, its result, and a signed thought with
 * the answer), after warming up. Measured on JDK 17: about 120 KB (one record per entry, made once;
 * a read-only signature payload per thought; arguments kept as text); the bound leaves room for JIT
 * differences. Bytes, not time: guard-benchmarks times it.
 */
class EncodeAllocationTest {

    static ChatRequest thousandEntries() {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from("You are a careful assistant."));
        for (int n = 0; n < 200; n++) {
            String id = "toolu_" + n;
            messages.add(UserMessage.from("question " + n));
            messages.add(AiMessage.builder().thinking("I should search for " + n)
                    .attributes(Map.of(ChatRequestCodec.THINKING_SIGNATURE, "EqQBCkYIBxgCKkDsig" + n + "x".repeat(300)))
                    .toolExecutionRequests(List.of(ToolExecutionRequest.builder().id(id).name("search")
                            .arguments("{\"q\":\"" + n + "\"}").build()))
                    .build());
            messages.add(ToolExecutionResultMessage.from(id, "search", "3 hits for " + n));
            messages.add(AiMessage.builder().thinking("The answer is in the hits").text("answer " + n)
                    .attributes(Map.of(ChatRequestCodec.THINKING_SIGNATURE, "EqQBCkYIBxgCKkDans" + n + "y".repeat(300)))
                    .build());
        }
        return ChatRequest.builder().messages(messages).build();
    }

    @Test
    void should_allocate_under_160_kb_when_encoding_a_thousand_entries() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ChatRequest request = thousandEntries();
        ChatRequestCodec codec = ChatRequestCodec.of("anthropic", null);
        Dispatch dispatch = codec.encode(request, "c-1").dispatch();
        assertThat(dispatch.timeline().size()).isEqualTo(1_001);
        assertThat(dispatch.timeline().entries()).filteredOn(e -> e instanceof Thought).hasSize(400);
        assertThat(dispatch.timeline().entries()).filteredOn(e -> e instanceof ToolCall c && c.result() != null)
                .hasSize(200);
        for (int i = 0; i < 2_000; i++) {
            codec.encode(request, "c-1");
        }
        long thread = Thread.currentThread().getId();
        int runs = 200;
        long before = bean.getThreadAllocatedBytes(thread);
        for (int i = 0; i < runs; i++) {
            codec.encode(request, "c-1");
        }
        long perEncode = (bean.getThreadAllocatedBytes(thread) - before) / runs;

        System.out.println("bytes per encode of 1,001 entries: " + perEncode);
        assertThat(perEncode).as("bytes allocated per encode of 1,001 entries").isLessThan(160 * 1024);
    }
}

package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * Keeps encoding allocation-light: every round of a tool loop encodes the whole conversation again.
 * Counts the bytes this thread allocates to encode a 1,000-entry prompt (333 user turns, each with a
 * tool round and an answer, then a last question), after warming up. Measured on JDK 17: about 90 KB (one record per entry,
 * made once; shared {@code messages[i]} names; arguments stay text; nothing recorded for rendering); the
 * bound leaves room for JIT differences. Bytes, not time: guard-benchmarks times it.
 */
class EncodeAllocationTest {

    static Prompt thousandEntries() {
        List<Message> messages = new ArrayList<>();
        for (int n = 0; n < 333; n++) {
            String id = "call_" + n;
            messages.add(new UserMessage("question " + n));
            messages.add(AssistantMessage.builder().content("")
                    .toolCalls(List.of(new AssistantMessage.ToolCall(id, "function", "search", "{\"q\":\"" + n + "\"}")))
                    .build());
            messages.add(ToolResponseMessage.builder()
                    .responses(List.of(new ToolResponseMessage.ToolResponse(id, "search", "3 hits"))).build());
            messages.add(new AssistantMessage("answer " + n));
        }
        messages.add(new UserMessage("last question"));
        return new Prompt(messages, OpenAiChatOptions.builder().model("gpt-4o-mini").build());
    }

    @Test
    void encoding_a_thousand_entries_allocates_under_128_kb() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Prompt prompt = thousandEntries();
        PromptCodec codec = PromptCodec.create();
        assertThat(codec.encode(prompt, "c-1").dispatch().timeline().size()).isEqualTo(1000);
        for (int i = 0; i < 2_000; i++) {
            codec.encode(prompt, "c-1");
        }
        long thread = Thread.currentThread().getId();
        int runs = 200;
        long before = bean.getThreadAllocatedBytes(thread);
        for (int i = 0; i < runs; i++) {
            codec.encode(prompt, "c-1");
        }
        long perEncode = (bean.getThreadAllocatedBytes(thread) - before) / runs;

        System.out.println("bytes per encode of 1,000 entries: " + perEncode);
        assertThat(perEncode).as("bytes allocated per encode of 1,000 entries").isLessThan(128 * 1024);
    }
}

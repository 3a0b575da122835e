package io.orderingguard.benchmarks;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.springai.EncodedPrompt;
import io.orderingguard.springai.PromptCodec;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * What the Spring AI advisor and {@code ChatModel} decorator do before each call: a {@link Prompt}
 * holding the passing conversation as an OpenAI-module client sends it (one {@link AssistantMessage} per
 * step with its text and tool calls, one {@link ToolResponseMessage} per result; OpenAI keeps reasoning on
 * its side, so thoughts are not in the prompt) is encoded, checked with the profile the catalogue selects
 * for {@code openai}/{@value WireBodies#OPENAI_MODEL} (enforce, no stash), and the prompt to send is taken
 * (the same prompt when it passed). Each call takes the next prompt of the rotation (see
 * {@link Conversations#rotation}).
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar SpringAiBenchmark -prof gc}
 */
@State(Scope.Benchmark)
public class SpringAiBenchmark extends SizedBenchmark {

    private PromptCodec codec;
    private OrderingGuard guard;
    private Prompt[] prompts;
    private int next;

    /** Builds the prompts of the rotation and checks that each passes and is sent as it came. */
    @Setup(Level.Trial)
    public void setUp() {
        codec = PromptCodec.of("openai");
        guard = OrderingGuard.builder().profile(Profiles.forDispatch("openai", WireBodies.OPENAI_MODEL)).build();
        prompts = new Prompt[Conversations.rotation(size)];
        for (int v = 0; v < prompts.length; v++) {
            prompts[v] = prompt(Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
        }
        for (Prompt prompt : prompts) {
            if (enforce() != prompt) {
                throw new IllegalStateException("a passing prompt should be sent as it came, at size " + size);
            }
        }
    }

    /**
     * Encodes the prompt, checks it and takes the prompt to send.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar SpringAiBenchmark.enforce -prof gc}
     *
     * @return the prompt to send
     */
    @Benchmark
    public Prompt enforce() {
        Prompt prompt = prompts[next];
        next = next + 1 == prompts.length ? 0 : next + 1;
        EncodedPrompt encoded = codec.encode(prompt, Conversations.CONVERSATION_ID);
        GuardResult result = GuardBenchmarks.expect(guard.check(encoded.dispatch()), Outcome.PASSED,
                "spring-ai-enforce");
        return encoded.toPrompt(result.dispatch());
    }

    /**
     * Builds the Spring AI prompt of a conversation: one assistant message per step.
     *
     * @param entries the conversation
     * @return the prompt
     */
    static Prompt prompt(List<Entry> entries) {
        List<org.springframework.ai.chat.messages.Message> messages = new ArrayList<>();
        List<AssistantMessage.ToolCall> calls = new ArrayList<>();
        List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
        String text = null;
        String step = null;
        boolean open = false;
        for (Entry e : entries) {
            boolean userSide = e instanceof Message m && m.role() != Role.ASSISTANT
                    || e instanceof ToolCall c && !c.requested();
            if (open && (userSide || !Objects.equals(step, e.step()))) {
                flush(messages, text, calls, responses);
                text = null;
                open = false;
            }
            if (e instanceof Thought) {
                continue;
            }
            if (e instanceof Message m && m.role() == Role.SYSTEM) {
                messages.add(new SystemMessage(m.content()));
            } else if (e instanceof Message m && m.role() == Role.USER) {
                messages.add(new UserMessage(m.content()));
            } else if (e instanceof Message m) {
                open = true;
                step = e.step();
                text = m.content();
            } else {
                ToolCall c = (ToolCall) e;
                open = true;
                step = e.step();
                calls.add(new AssistantMessage.ToolCall(c.id(), "function", c.tool(), c.args().toString()));
                if (c.result() != null) {
                    responses.add(new ToolResponseMessage.ToolResponse(c.id(), c.tool(), c.result().content()));
                }
            }
        }
        if (open) {
            flush(messages, text, calls, responses);
        }
        return new Prompt(messages);
    }

    private static void flush(List<org.springframework.ai.chat.messages.Message> messages, String text,
            List<AssistantMessage.ToolCall> calls, List<ToolResponseMessage.ToolResponse> responses) {
        messages.add(AssistantMessage.builder().content(text == null ? "" : text).toolCalls(List.copyOf(calls))
                .build());
        calls.clear();
        for (ToolResponseMessage.ToolResponse r : responses) {
            messages.add(ToolResponseMessage.builder().responses(List.of(r)).build());
        }
        responses.clear();
    }
}

package io.orderingguard.benchmarks;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.ChatRequestCodec;
import io.orderingguard.langchain4j.EncodedChatRequest;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The LangChain4j codec round trip: a {@link ChatRequest} holding the passing conversation (one
 * {@link AiMessage} per step with its signed thinking and tool calls, then the tool results) is encoded
 * into a dispatch, and a dispatch is rendered back into a request. The rendered dispatch is a copy
 * of the encoded one, so the renderer runs in full (a dispatch the guard passed unchanged takes a
 * shortcut that costs nothing). Each call takes the next of several requests (see
 * {@link Conversations#rotation}).
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar LangChain4jCodecBenchmark -prof gc}
 */
@State(Scope.Benchmark)
public class LangChain4jCodecBenchmark extends SizedBenchmark {


    private ChatRequestCodec codec;
    private OrderingGuard guard;
    private ChatRequest[] requests;
    private int next;

    /** Builds the chat requests of the rotation and checks that each round-trips. */
    @Setup(Level.Trial)
    public void setUp() {
        codec = ChatRequestCodec.of(Conversations.PROVIDER, null);
        guard = Guards.widestEnforce();
        requests = new ChatRequest[Conversations.rotation(size)];
        for (int v = 0; v < requests.length; v++) {
            requests[v] = chatRequest(Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
        }
        for (ChatRequest request : requests) {
            ChatRequest back = roundTrip();
            if (!back.messages().equals(request.messages())) {
                throw new IllegalStateException("the chat request does not round-trip at size " + size);
            }
        }
        for (ChatRequest request : requests) {
            if (enforce() != request) {
                throw new IllegalStateException("a passing request should be sent as it came, at size " + size);
            }
        }
    }

    /**
     * Encodes the request and renders a copy of its dispatch back into a request.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar LangChain4jCodecBenchmark.roundTrip -prof gc}
     *
     * @return the request rendered back
     */
    @Benchmark
    public ChatRequest roundTrip() {
        ChatRequest request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        EncodedChatRequest encoded = codec.encode(request, Conversations.CONVERSATION_ID);
        Dispatch dispatch = encoded.dispatch();
        return encoded.toChatRequest(dispatch.withTimeline(dispatch.timeline().withEntries(dispatch.timeline().entries())));
    }

    /**
     * The encode alone: what {@link #enforce} spends before the check (the request turned into the
     * dispatch the guard checks).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar LangChain4jCodecBenchmark.encode -prof gc}
     *
     * @return the dispatch
     */
    @Benchmark
    public Dispatch encode() {
        ChatRequest request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        return codec.encode(request, Conversations.CONVERSATION_ID).dispatch();
    }

    /**
     * What the guarded model does before each call: encodes the request, checks it with the widest
     * family (enforce, no stash), and takes the request to send (the same request when it passed).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar LangChain4jCodecBenchmark.enforce -prof gc}
     *
     * @return the request to send
     */
    @Benchmark
    public ChatRequest enforce() {
        ChatRequest request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        EncodedChatRequest encoded = codec.encode(request, Conversations.CONVERSATION_ID);
        GuardResult result = guard.check(encoded.dispatch());
        if (!result.sent()) {
            throw new IllegalStateException("the guard rejected the request: " + result.findings());
        }
        return encoded.toChatRequest(result.dispatch());
    }

    /**
     * Builds the LangChain4j request of a conversation: one {@link AiMessage} per step.
     *
     * @param entries the conversation
     * @return the request, with the declared tools
     */
    static ChatRequest chatRequest(List<Entry> entries) {
        List<ChatMessage> messages = new ArrayList<>();
        List<ToolCall> pendingResults = new ArrayList<>();
        int i = 0;
        while (i < entries.size()) {
            Entry e = entries.get(i);
            if (e instanceof Message m && m.role() != Role.ASSISTANT) {
                flushResults(messages, pendingResults);
                messages.add(m.role() == Role.USER ? UserMessage.from(m.content()) : SystemMessage.from(m.content()));
                i++;
                continue;
            }
            String step = e.step();
            String thinking = null;
            String signature = null;
            String text = null;
            List<ToolExecutionRequest> requests = new ArrayList<>();
            while (i < entries.size() && !(entries.get(i) instanceof Message m && m.role() != Role.ASSISTANT)
                    && Objects.equals(entries.get(i).step(), step)) {
                Entry part = entries.get(i++);
                if (part instanceof Thought t) {
                    thinking = t.content();
                    signature = t.payloadAt("signature").asText();
                } else if (part instanceof ToolCall c) {
                    requests.add(ToolExecutionRequest.builder().id(c.id()).name(c.tool()).arguments(c.args().toString()).build());
                    pendingResults.add(c);
                } else {
                    text = ((Message) part).content();
                }
            }
            flushResults(messages, pendingResults.subList(0, pendingResults.size() - requests.size()));
            AiMessage.Builder ai = AiMessage.builder().text(text).thinking(thinking).toolExecutionRequests(requests);
            if (signature != null) {
                ai.attributes(Map.of(ChatRequestCodec.THINKING_SIGNATURE, signature));
            }
            messages.add(ai.build());
        }
        flushResults(messages, pendingResults);
        List<ToolSpecification> tools = new ArrayList<>();
        for (var tool : Conversations.tools()) {
            tools.add(ToolSpecification.builder().name(tool.name()).description("The " + tool.name() + " tool")
                    .parameters(JsonObjectSchema.builder().addStringProperty("query").addStringProperty("path")
                            .addIntegerProperty("limit").required("query").build())
                    .build());
        }
        return ChatRequest.builder().modelName(Conversations.MODEL).messages(messages).toolSpecifications(tools).build();
    }

    private static void flushResults(List<ChatMessage> messages, List<ToolCall> calls) {
        for (ToolCall c : calls) {
            messages.add(ToolExecutionResultMessage.from(c.id(), c.tool(), c.result().content()));
        }
        calls.clear();
    }
}

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
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.orderingguard.CheckObservation;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.ChatRequestCodec;
import io.orderingguard.langchain4j.EncodedChatRequest;
import io.orderingguard.langchain4j.GuardedChatModel;
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
import org.openjdk.jmh.infra.BenchmarkParams;

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
    private Loop loop;

    /**
     * Builds what the benchmark about to run needs: the chat requests of the rotation (checking that each
     * round-trips), or for {@link #enforceLoop} the tool loops of {@link Loop}.
     *
     * @param params which benchmark runs
     */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        if (benchmark.endsWith(".enforceLoop")) {
            loop = new Loop(size);
        } else {
            setUpRequests();
        }
    }

    /** Checks that {@link #enforceLoop} reuses what it claims to (for the setup test, after {@link #setUp()}). */
    void verifyLoop() {
        loop.verifyReuse();
    }

    /** Sets up every benchmark of the class (for the setup test). */
    void setUp() {
        setUpRequests();
        loop = new Loop(size);
    }

    private void setUpRequests() {
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
     * What the guarded model does before each call when it knows nothing of the conversation: encodes the
     * whole request, checks it with the widest family (enforce, no stash), and takes the request to send
     * (the same request when it passed). It calls the stateless {@link ChatRequestCodec#encode}, which
     * keeps nothing between calls: every message is encoded afresh, as for the first request of a
     * conversation, or one whose previous request the decorator no longer remembers (see
     * {@link #enforceLoop} for the next round of a conversation it does).
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
     * What {@link GuardedChatModel} does before each call in a tool loop: the request is the previous
     * request of the same conversation (the same message objects, as a chat memory keeps them) plus one
     * round — an {@code AiMessage} with its signed thinking and one to three tool calls, and their results
     * (2 to 4 entries). The decorator reuses the entries it encoded from the messages the two requests
     * share, encodes the round, checks the whole request with the widest family (enforce, no stash) and
     * hands it to a delegate that does nothing. Each call takes the next conversation of a rotation as
     * large as {@link #enforce}'s, so that no conversation is in cache; each conversation alternates
     * between two equal rounds made of different objects, so that every call of it sends a round its
     * previous call did not (see {@link Loop}).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar LangChain4jCodecBenchmark.enforceLoop -prof gc}
     *
     * @return the request the delegate was given
     */
    @Benchmark
    public ChatRequest enforceLoop() {
        return loop.send();
    }

    /**
     * The tool loops of {@link #enforceLoop}: per conversation of the rotation, the generated conversation
     * (which ends with a tool round) as a chat request, and the same request with that last round made of
     * new, equal objects. The decorator remembers every conversation of the rotation. Before timing, each
     * conversation's request without its last round is sent once (the previous round, encoded in full);
     * from then on each call sends one of the two requests, alternately, so the previous request of the
     * conversation always differs from the one sent by its last round. The decorator then reuses the
     * entries of every message before that round, with the thought-id numbering it had reached there,
     * exactly the work of a request that grew by a round since the previous one. The setup test checks that
     * (with an observer on another decorator: {@link #verifyReuse}).
     */
    static final class Loop {
        private final NoDelegate delegate = new NoDelegate();
        private final GuardedChatModel model;
        private final ChatRequest[][] rounds;
        /** Per conversation: its request without the last round, sent once before timing. */
        private final ChatRequest[] previous;
        private final ChatRequestOptions[] options;
        private final int size;
        private final boolean[] second;
        private int next;

        Loop(int size) {
            int rotation = Conversations.rotation(size);
            rounds = new ChatRequest[rotation][];
            options = new ChatRequestOptions[rotation];
            second = new boolean[rotation];
            previous = new ChatRequest[rotation];
            model = GuardedChatModel.builder(delegate, Guards.widestEnforce()).encodingCache(rotation + 1).build();
            for (int v = 0; v < rotation; v++) {
                ChatRequest whole = chatRequest(Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
                List<ChatMessage> messages = whole.messages();
                int round = messages.size() - 1;
                while (!(messages.get(round) instanceof AiMessage last && last.hasToolExecutionRequests())) {
                    round--;
                }
                List<ChatMessage> other = new ArrayList<>(messages.subList(0, round));
                for (ChatMessage m : messages.subList(round, messages.size())) {
                    other.add(m instanceof AiMessage a ? a.toBuilder().build()
                            : ((ToolExecutionResultMessage) m).toBuilder().build());
                }
                previous[v] = whole.toBuilder().messages(messages.subList(0, round)).build();
                rounds[v] = new ChatRequest[] {whole, whole.toBuilder().messages(other).build()};
                options[v] = ChatRequestOptions.builder()
                        .listenerAttributes(Map.of(GuardedChatModel.CONVERSATION_ID, Conversations.CONVERSATION_ID + "-" + v))
                        .build();
                send(model, delegate, previous[v], options[v]);
            }
            this.size = size;
        }

        /**
         * Checks on the first conversations, with the same decorator and an observer, that each round reuses
         * the entries of the messages before it and equals a fresh encode (for the setup test: an observer
         * in the benchmark's JVM would change what the JIT makes of every check).
         */
        void verifyReuse() {
            List<Dispatch> seen = new ArrayList<>();
            GuardedChatModel observed = GuardedChatModel.builder(new NoDelegate(), Guards.widestEnforce())
                    .observer(dispatch -> {
                        seen.add(dispatch);
                        return CheckObservation.NONE;
                    }).build();
            ChatRequestCodec fresh = ChatRequestCodec.of(Conversations.PROVIDER, null);
            for (int v = 0; v < Math.min(4, rounds.length); v++) {
                verify(observed, fresh, previous[v], rounds[v], options[v], seen, size);
            }
        }

        private static void verify(GuardedChatModel observed, ChatRequestCodec fresh, ChatRequest previous,
                ChatRequest[] both, ChatRequestOptions options, List<Dispatch> seen, int size) {
            seen.clear();
            NoDelegate delegate = (NoDelegate) observed.delegate();
            send(observed, delegate, previous, options);
            for (int k = 0; k < 4; k++) {
                send(observed, delegate, both[k % 2], options);
            }
            int shared = seen.get(0).timeline().size();
            if (size - shared < 2 || size - shared > 4) {
                throw new IllegalStateException("the last round should add 2 to 4 entries, but added " + (size - shared));
            }
            for (int k = 1; k < seen.size(); k++) {
                Dispatch dispatch = seen.get(k);
                Dispatch expected = fresh.encode(both[(k - 1) % 2], dispatch.conversationId()).dispatch();
                if (!dispatch.timeline().equals(expected.timeline()) || dispatch.timeline().size() != size) {
                    throw new IllegalStateException("the loop's dispatch differs from a fresh encode at size " + size);
                }
                for (int e = 0; e < shared; e++) {
                    if (dispatch.timeline().entries().get(e) != seen.get(k - 1).timeline().entries().get(e)) {
                        throw new IllegalStateException("entry " + e + " was encoded again in round " + k + " at size "
                                + size);
                    }
                }
            }
        }

        private static ChatRequest send(GuardedChatModel model, NoDelegate delegate, ChatRequest request,
                ChatRequestOptions options) {
            model.chat(request, options);
            if (delegate.last != request) {
                throw new IllegalStateException("a passing request should be sent as it came");
            }
            return request;
        }

        ChatRequest send() {
            int v = next;
            next = v + 1 == rounds.length ? 0 : v + 1;
            boolean b = second[v];
            second[v] = !b;
            model.chat(rounds[v][b ? 1 : 0], options[v]);
            return delegate.last;
        }
    }

    /** A model that sends nothing: it keeps the request it was given and answers "ok". */
    static final class NoDelegate implements ChatModel {
        private static final ChatResponse OK = ChatResponse.builder().aiMessage(AiMessage.from("ok")).build();
        ChatRequest last;

        @Override
        public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
            last = request;
            return OK;
        }

        @Override
        public ModelProvider provider() {
            return ModelProvider.ANTHROPIC;
        }
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

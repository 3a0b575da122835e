package io.orderingguard.springai;

import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.core.Ordered;
import reactor.core.publisher.Flux;

/**
 * A {@code ChatClient} advisor (call and stream) that checks every prompt with an
 * {@link OrderingGuard} right before the model is called. Its default order,
 * {@link #DEFAULT_ORDER}, puts it after the tool-calling advisor (Spring AI 2.0's
 * {@code ToolCallingAdvisor}, which {@code ChatClient} registers by itself; 1.1's
 * {@code ToolCallAdvisor}, which the application adds) and after the chat memory advisors, and
 * before the advisor that calls the model: it sees every round of a tool loop that runs in the
 * advisor chain, with the history memory put in.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder(chatModel)
 *         .defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build(),
 *                          OrderingGuardAdvisor.of(guard))
 *         .build();
 * }</pre>
 *
 * <p>In {@link io.orderingguard.Mode#ENFORCE} mode a rejected prompt ends the call with guard-core's
 * {@link OrderingViolationException} (streaming: the flux fails with it) and the model is not called:
 * no HTTP request is made. Nothing in Spring AI's chain retries it — the tool loop stops, and the
 * models' retries (the provider SDKs' on 2.0, the retry template on 1.1) cover HTTP failures only. In {@link io.orderingguard.Mode#MUTATE} mode the repaired
 * prompt goes on down the chain; the application's messages — and the chat memory they came from — are
 * left as they were, so the repair happens on the request only, again at every round. In shadow mode
 * the guard reports and the prompt goes on unchanged. A prompt that passes goes on as the very same
 * object.
 *
 * <p>The provider's answer: every prompt that went down the chain is joined with its check
 * ({@link OrderingGuard#answered}), and the guard's listeners hear the verdict — confirmed,
 * contradicted, missed, agreed or unjudged. A response is an acceptance (Spring AI hands over no
 * status; it counts as 200); a stream counts at its first response (or its completion), or at its
 * error before one. A failure is read from the exception: the status and body of the provider SDK's
 * exception on Spring AI 2.0 (e.g. openai-java's and anthropic-java's {@code BadRequestException},
 * {@code statusCode()} and the message {@code "400: <body>"}), of Spring AI 1.1's
 * {@code NonTransientAiException} (its message {@code "400 - <body>"}; a {@code TransientAiException}
 * is a 5xx), or of Spring's {@code RestClientResponseException}; else no answer (unjudged). The
 * provider's message is taken from its error envelope. Advisors after this one (the model call)
 * are part of what is answered; with the models' own retries only the last attempt is seen. A stream
 * cancelled before its first response is not reported.
 *
 * <p>The conversation is the advisor context's {@link #CONVERSATION_ID} entry, else Spring AI's
 * {@link ChatMemory#CONVERSATION_ID} entry, else none (preservation rules then have no baseline). The
 * provider and model are read from the prompt's options ({@link PromptCodec}).
 *
 * <p>Thread-safe and immutable.
 */
public final class OrderingGuardAdvisor implements CallAdvisor, StreamAdvisor {

    /**
     * The default order: after the tool-calling advisor ({@code HIGHEST_PRECEDENCE + 300} by default)
     * and the chat memory advisors ({@code HIGHEST_PRECEDENCE + 1000}), before the model call advisor
     * ({@code LOWEST_PRECEDENCE}).
     */
    public static final int DEFAULT_ORDER = Ordered.LOWEST_PRECEDENCE - 1000;

    /** The advisor context key naming the conversation a request belongs to. */
    public static final String CONVERSATION_ID = "ordering-guard.conversation-id";

    private final OrderingGuard guard;
    private final PromptCodec callCodec;
    private final PromptCodec streamCodec;
    private final int order;

    private OrderingGuardAdvisor(OrderingGuard guard, PromptCodec codec, int order) {
        this.guard = guard;
        this.callCodec = codec.withOptions(RequestOptions.unknown().withStream(false));
        this.streamCodec = codec.withOptions(RequestOptions.unknown().withStream(true));
        this.order = order;
    }

    /**
     * Creates an advisor with the default order, the provider taken from each prompt's options.
     *
     * @param guard the guard
     * @return the advisor
     */
    public static OrderingGuardAdvisor of(OrderingGuard guard) {
        return builder(guard).build();
    }

    /**
     * Starts a builder.
     *
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(OrderingGuard guard) {
        return new Builder(Require.nonNull(guard, "guard"));
    }

    /**
     * Returns the guard.
     *
     * @return the guard
     */
    public OrderingGuard guard() {
        return guard;
    }

    @Override
    public String getName() {
        return "OrderingGuardAdvisor";
    }

    @Override
    public int getOrder() {
        return order;
    }

    /**
     * Checks the prompt and, unless it is rejected, passes it (or its repair) down the chain.
     *
     * @param request the request
     * @param chain the rest of the chain
     * @return the chain's response
     * @throws OrderingViolationException when the guard rejects the prompt; the model is not called
     */
    @Override
    public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
        GuardGate.Admitted admitted = admit(request, false);
        ChatClientResponse response;
        try {
            response = chain.nextCall(request(request, admitted));
        } catch (RuntimeException e) {
            admitted.failed(e);
            throw e;
        }
        admitted.accepted();
        return response;
    }

    /**
     * Checks the prompt when the flux is subscribed and, unless it is rejected, streams it (or its
     * repair) down the chain.
     *
     * @param request the request
     * @param chain the rest of the chain
     * @return the chain's responses, or a flux failing with {@link OrderingViolationException}
     */
    @Override
    public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
        return Flux.defer(() -> {
            GuardGate.Admitted admitted = admit(request, true);
            return admitted.answering(chain.nextStream(request(request, admitted)));
        });
    }

    private static ChatClientRequest request(ChatClientRequest request, GuardGate.Admitted admitted) {
        return admitted.prompt() == request.prompt() ? request : new ChatClientRequest(admitted.prompt(), request.context());
    }

    private GuardGate.Admitted admit(ChatClientRequest request, boolean stream) {
        Require.nonNull(request, "request");
        Map<String, Object> context = request.context();
        Object id = context.get(CONVERSATION_ID);
        if (id == null) {
            id = context.get(ChatMemory.CONVERSATION_ID);
        }
        return GuardGate.admit(guard, stream ? streamCodec : callCodec, request.prompt(), GuardGate.conversationId(id));
    }

    @Override
    public String toString() {
        return "OrderingGuardAdvisor{order=" + order + ", mode=" + guard.mode().wireName() + "}";
    }

    /** Configures an {@link OrderingGuardAdvisor}. Not thread-safe. */
    public static final class Builder {
        private final OrderingGuard guard;
        private PromptCodec codec = PromptCodec.create();
        private int order = DEFAULT_ORDER;

        private Builder(OrderingGuard guard) {
            this.guard = guard;
        }

        /**
         * Sets the advisor order (default {@link #DEFAULT_ORDER}). To see every tool round it must be
         * greater than the tool-calling advisor's order and, to see the history a memory advisor adds,
         * greater than that advisor's order.
         *
         * @param value the order
         * @return this
         */
        public Builder order(int value) {
            this.order = value;
            return this;
        }

        /**
         * Sets the provider name put on each dispatch (default: from the prompt's options class).
         * Useful when an OpenAI-compatible model talks to another vendor.
         *
         * @param value the provider name, e.g. {@code deepseek}
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.codec = codec.withProvider(value);
            return this;
        }

        /**
         * Sets request options that win over what the prompt's options say (default: none), for
         * what Spring AI's options do not expose.
         *
         * @param value the options
         * @return this
         */
        public Builder requestOptions(RequestOptions value) {
            this.codec = codec.withOptions(value);
            return this;
        }

        /**
         * Builds the advisor.
         *
         * @return the advisor
         */
        public OrderingGuardAdvisor build() {
            return new OrderingGuardAdvisor(guard, codec, order);
        }
    }
}

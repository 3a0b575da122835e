package io.orderingguard.springai;

import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.function.Function;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * A {@link ChatModel} that checks every prompt with an {@link OrderingGuard} before its delegate
 * sends it — for code that calls {@code ChatModel.call} directly and so never runs
 * {@code ChatClient} advisors: Embabel's tool loop, or an application's own. {@link #wrap} returns the
 * {@code ChatModel} interface, so the decorator drops in wherever the model was used.
 *
 * <pre>{@code
 * ChatModel model = GuardedChatModel.wrap(anthropicChatModel, guard);
 * ChatResponse response = model.call(new Prompt(history, options));   // checked, then sent
 * }</pre>
 *
 * <p>In {@link io.orderingguard.Mode#ENFORCE} mode a rejected prompt throws guard-core's
 * {@link OrderingViolationException} ({@link #stream}: the flux fails with it) and the delegate is not
 * called: no HTTP request is made. In {@link io.orderingguard.Mode#MUTATE} mode the repaired prompt is
 * sent; the caller's messages are left as they were. In shadow mode the prompt is sent unchanged. A
 * prompt that passes is handed to the delegate as the very same object.
 *
 * <p>The provider's answer to every prompt that went out is reported to the guard as
 * {@link OrderingGuardAdvisor} reports it: a response is an acceptance, a stream counts at its first
 * response, a failure is read from the provider SDK's or Spring AI's exception.
 *
 * <p>The dispatch names the provider the delegate's class belongs to (unless given), the model of the
 * prompt's options (else the delegate's default options), and the conversation the conversation-id
 * function returns (none by default). The delegate's default options are the decorator's own
 * ({@code getOptions()} on Spring AI 2.0, {@code getDefaultOptions()} on 1.1).
 *
 * <p>Thread-safe when the delegate is (the guard is).
 */
public final class GuardedChatModel implements DelegatingChatModel {

    private final ChatModel delegate;
    private final OrderingGuard guard;
    private final PromptCodec callCodec;
    private final PromptCodec streamCodec;
    private final Function<Prompt, ?> conversationId;

    private GuardedChatModel(ChatModel delegate, OrderingGuard guard, PromptCodec codec,
            Function<Prompt, ?> conversationId) {
        this.delegate = delegate;
        this.guard = guard;
        this.callCodec = codec.withOptions(RequestOptions.unknown().withStream(false));
        this.streamCodec = codec.withOptions(RequestOptions.unknown().withStream(true));
        this.conversationId = conversationId;
    }

    /**
     * Wraps a model.
     *
     * @param delegate the model that sends prompts
     * @param guard the guard
     * @return the guarded model
     */
    public static ChatModel wrap(ChatModel delegate, OrderingGuard guard) {
        return builder(delegate, guard).build();
    }

    /**
     * Starts a builder.
     *
     * @param delegate the model that sends prompts
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(ChatModel delegate, OrderingGuard guard) {
        return new Builder(Require.nonNull(delegate, "delegate"), Require.nonNull(guard, "guard"));
    }

    /**
     * Returns the wrapped model.
     *
     * @return the delegate
     */
    @Override
    public ChatModel delegate() {
        return delegate;
    }

    /**
     * Checks the prompt and, unless it is rejected, sends it (or its repair) through the delegate.
     *
     * @param prompt the prompt
     * @return the delegate's response
     * @throws OrderingViolationException when the guard rejects the prompt; the delegate is not called
     */
    @Override
    public ChatResponse call(Prompt prompt) {
        GuardGate.Admitted admitted = admit(prompt, false);
        ChatResponse response;
        try {
            response = delegate.call(admitted.prompt());
        } catch (RuntimeException e) {
            admitted.failed(e);
            throw e;
        }
        admitted.accepted();
        return response;
    }

    /**
     * Checks the prompt when the flux is subscribed and, unless it is rejected, streams it (or its
     * repair) through the delegate.
     *
     * @param prompt the prompt
     * @return the delegate's responses, or a flux failing with {@link OrderingViolationException}
     */
    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        Require.nonNull(prompt, "prompt");
        return Flux.defer(() -> {
            GuardGate.Admitted admitted = admit(prompt, true);
            return admitted.answering(delegate.stream(admitted.prompt()));
        });
    }

    private GuardGate.Admitted admit(Prompt prompt, boolean stream) {
        Require.nonNull(prompt, "prompt");
        Object id = conversationId == null ? null : conversationId.apply(prompt);
        return GuardGate.admit(guard, stream ? streamCodec : callCodec, prompt,
                GuardGate.conversationId(id));
    }

    @Override
    public String toString() {
        return "GuardedChatModel{" + delegate + ", mode=" + guard.mode().wireName() + "}";
    }

    /** Configures a {@link GuardedChatModel}. Not thread-safe. */
    public static final class Builder {
        private final ChatModel delegate;
        private final OrderingGuard guard;
        private PromptCodec codec;
        private Function<Prompt, ?> conversationId;

        private Builder(ChatModel delegate, OrderingGuard guard) {
            this.delegate = delegate;
            this.guard = guard;
            this.codec = PromptCodec.forModel(delegate);
        }

        /**
         * Sets the provider name put on each dispatch (default: the one the delegate's class belongs
         * to).
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
         * Sets the function naming the conversation of a prompt.
         *
         * @param value the function; it may return {@code null} for an unknown conversation
         * @return this
         */
        public Builder conversationId(Function<Prompt, ?> value) {
            this.conversationId = Require.nonNull(value, "conversationId");
            return this;
        }

        /**
         * Sets request options that win over what the prompt's options say (default: none).
         *
         * @param value the options
         * @return this
         */
        public Builder requestOptions(RequestOptions value) {
            this.codec = codec.withOptions(value);
            return this;
        }

        /**
         * Builds the guarded model.
         *
         * @return the guarded model, as the interface it wraps
         */
        public ChatModel build() {
            return new GuardedChatModel(delegate, guard, codec, conversationId);
        }
    }
}

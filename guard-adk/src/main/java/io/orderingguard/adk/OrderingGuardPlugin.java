package io.orderingguard.adk;

import com.google.adk.agents.CallbackContext;
import com.google.adk.models.LlmRequest;
import com.google.adk.models.LlmResponse;
import com.google.adk.plugins.BasePlugin;
import com.google.genai.errors.ApiException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.Outcome;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.support.Require;
import io.reactivex.rxjava3.core.Maybe;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * An ADK {@link com.google.adk.plugins.Plugin} that checks every model request of an agent run
 * against the ordering rules of its target, before the model is called.
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder().profile(Profiles.forModel("gemini-3-pro-preview"))
 *         .mode(Mode.MUTATE).build();
 * Runner runner = new InMemoryRunner(agent, "app", List.of(OrderingGuardPlugin.of(guard)));
 * }</pre>
 *
 * <p><b>Where it runs.</b> ADK calls {@code beforeModelCallback} of every plugin, then of the agent's
 * own callbacks, before each {@code generateContent} of an {@code LlmAgent}, including every round of
 * its tool loop, with the request builder. Register the guard plugin last among plugins that edit
 * the contents (ADK's {@code ContextFilterPlugin}, a summarizer), so it checks what is sent.
 *
 * <p><b>Enforce.</b> A rejected request fails the model call with {@link OrderingViolationException}
 * (the guard's own exception, carrying the whole {@link GuardResult}; its message lists every blocking
 * finding with the provider error it prevents). ADK propagates a failed plugin callback as the error
 * of the run's {@code Flowable}: {@code runner.runAsync(...)} ends with that exception, the model is not
 * called and no HTTP request is made. A short-circuit {@code LlmResponse} with an error code was the
 * other choice; it would be stored in the session as a model event and read by the agent as an
 * answer, where a typed exception reaches the application's error handling.
 *
 * <p><b>Mutate.</b> The builder's contents are replaced with the repaired ones; parts the repair did
 * not touch are rebuilt from their own JSON, so signatures and media stay as they were. The session's
 * events are not changed: the repair is redone at each request, as in the other adapters.
 *
 * <p><b>Shadow.</b> The guard evaluates and reports through its listeners; the request goes on unchanged.
 *
 * <p><b>The provider's answer.</b> Every request the guard let through is joined with its check
 * ({@link OrderingGuard#answered}), and the guard's listeners hear the verdict (confirmed,
 * contradicted, missed, agreed, unjudged): {@code afterModelCallback} is an acceptance (ADK hands over
 * no status, so it counts as 200; a streamed call counts at its first response), and
 * {@code onModelErrorCallback} reads google-genai's {@code ApiException} — its {@code code()} and
 * Gemini's {@code message()} — or reports no answer for any other failure. The check waits for its
 * answer under the invocation, agent and branch (a bounded memory of
 * {@value #PENDING_ANSWERS} calls: a call that never ends is forgotten).
 *
 * <p>The conversation id is ADK's session id (so preservation rules compare the requests of one
 * session), unless the builder names another function. Thread-safe when the guard is (it is).
 */
public final class OrderingGuardPlugin extends BasePlugin {

    /** The plugin name ADK registers when none is given. */
    public static final String DEFAULT_NAME = "ordering_guard";

    /** How many model calls may wait for their answer at once before the oldest is forgotten. */
    static final int PENDING_ANSWERS = 4096;

    private final OrderingGuard guard;
    private final LlmRequestCodec codec;
    private final Function<CallbackContext, String> conversationId;
    /** The check of each model call under way, keyed by invocation, agent and branch. */
    private final Map<String, GuardResult> pending = Collections.synchronizedMap(new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, GuardResult> eldest) {
            return size() > PENDING_ANSWERS;
        }
    });

    private OrderingGuardPlugin(Builder builder) {
        super(builder.name);
        this.guard = builder.guard;
        this.codec = builder.codec;
        this.conversationId = builder.conversationId;
    }

    /**
     * Returns a plugin with the default name, provider ({@code gemini}) and conversation id (the session).
     *
     * @param guard the guard
     * @return the plugin
     */
    public static OrderingGuardPlugin of(OrderingGuard guard) {
        return builder(guard).build();
    }

    /**
     * Returns a builder.
     *
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(OrderingGuard guard) {
        return new Builder(Require.nonNull(guard, "guard"));
    }

    /**
     * Checks the request; in mutate mode replaces its contents with the repaired ones.
     *
     * @param callbackContext the callback context (its session id names the conversation)
     * @param llmRequest the request builder ADK sends from
     * @return empty (the model is called), or an error carrying {@link OrderingViolationException} when
     *     the guard rejects the request
     */
    @Override
    public Maybe<LlmResponse> beforeModelCallback(CallbackContext callbackContext, LlmRequest.Builder llmRequest) {
        return Maybe.defer(() -> {
            EncodedLlmRequest encoded = codec.encode(llmRequest.build(), conversationId.apply(callbackContext));
            GuardResult result = guard.check(encoded.dispatch());
            if (!result.sent()) {
                return Maybe.error(new OrderingViolationException(result));
            }
            if (result.outcome() == Outcome.REPAIRED && !result.shadow()) {
                llmRequest.contents(encoded.contents(result.dispatch()));
            }
            pending.put(key(callbackContext), result);
            return Maybe.empty();
        });
    }

    /**
     * Reports the model's response to the guard as an acceptance (the first response of a stream).
     *
     * @param callbackContext the callback context
     * @param llmResponse the response, passed on unchanged
     * @return empty: the response goes on as it is
     */
    @Override
    public Maybe<LlmResponse> afterModelCallback(CallbackContext callbackContext, LlmResponse llmResponse) {
        return Maybe.defer(() -> {
            GuardResult result = pending.remove(key(callbackContext));
            if (result != null) {
                guard.answered(result, ProviderAnswer.status(200));
            }
            return Maybe.empty();
        });
    }

    /**
     * Reports the model call's failure to the guard: the status and message of a google-genai
     * {@code ApiException}, else no answer.
     *
     * @param callbackContext the callback context
     * @param llmRequest the request
     * @param error the failure, passed on unchanged
     * @return empty: ADK handles the error as it would without the plugin
     */
    @Override
    public Maybe<LlmResponse> onModelErrorCallback(CallbackContext callbackContext, LlmRequest.Builder llmRequest,
            Throwable error) {
        return Maybe.defer(() -> {
            GuardResult result = pending.remove(key(callbackContext));
            if (result != null) {
                guard.answered(result, answer(error));
            }
            return Maybe.empty();
        });
    }

    /** The answer a model failure stands for. */
    static ProviderAnswer answer(Throwable error) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = error; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof ApiException api && api.code() >= 100 && api.code() <= 599) {
                return ProviderAnswer.of(api.code(), api.message());
            }
        }
        return ProviderAnswer.none();
    }

    private static String key(CallbackContext context) {
        return context.invocationId() + '\u0000' + context.agentName() + '\u0000' + context.branch().orElse("");
    }

    /**
     * Builds an {@link OrderingGuardPlugin}. Not thread-safe.
     */
    public static final class Builder {
        private final OrderingGuard guard;
        private String name = DEFAULT_NAME;
        private LlmRequestCodec codec = LlmRequestCodec.create();
        private Function<CallbackContext, String> conversationId = CallbackContext::sessionId;

        private Builder(OrderingGuard guard) {
            this.guard = guard;
        }

        /**
         * Sets the plugin name (ADK requires plugin names to be unique in a runner).
         *
         * @param value the name
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder name(String value) {
            this.name = Require.nonBlank(value, "name");
            return this;
        }

        /**
         * Sets the provider put on each dispatch (default {@code gemini}).
         *
         * @param value e.g. {@code vertex}
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.codec = LlmRequestCodec.forProvider(value);
            return this;
        }

        /**
         * Sets the function naming the conversation of a request (default: the session id).
         *
         * @param value the function; it may return {@code null} for none
         * @return this
         */
        public Builder conversationId(Function<CallbackContext, String> value) {
            this.conversationId = Require.nonNull(value, "conversationId");
            return this;
        }

        /**
         * Builds the plugin.
         *
         * @return the plugin
         */
        public OrderingGuardPlugin build() {
            return new OrderingGuardPlugin(this);
        }
    }
}

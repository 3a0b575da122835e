package io.orderingguard.langchain4j;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardConfigException;
import io.orderingguard.profiles.ErrorClassification;
import io.orderingguard.profiles.ErrorMatch;
import io.orderingguard.profiles.ProviderErrors;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A LangChain4j {@link ChatModelListener} that explains, after the fact, a provider 400 the guard let
 * through: it classifies the provider's error text against the shipped catalogue
 * ({@link ProviderErrors#classify(String)}) and, when the matching rule is not in the profile the guard
 * selects for the request — or is there only as advisory — logs one WARN naming the rule, the
 * conversation and model, the cause, the fix and the families that would have blocked it (rules of
 * several families that share the provider error are named together, in one line). Each rule id is
 * logged once (the most recent {@code maxRules} ids are remembered), so a broken history retried in a
 * loop does not flood the log.
 *
 * <pre>{@code
 * ChatModel openAi = OpenAiChatModel.builder()
 *         .baseUrl(baseUrl).apiKey(apiKey).modelName("gpt-4o-mini")
 *         .listeners(List.of(ProviderErrorListener.create(Profiles.selector("permissive"))))
 *         .build();
 * ChatModel model = GuardedChatModel.wrap(openAi, OrderingGuard.builder()
 *         .selectProfiles(Profiles.selector("permissive")).build());
 * }</pre>
 *
 * <p><b>Beside the verdict.</b> {@link GuardedChatModel} and {@link GuardedStreamingChatModel} report
 * every provider answer to their guard ({@link io.orderingguard.OrderingGuard#answered}): a 400 the
 * guard let through is a <em>missed</em> verdict, which the guard logs once per rule and minute and
 * which {@code GuardMicrometer.verdicts} counts. This listener reads the same answer from the same
 * exceptions and adds what a verdict does not say: the catalogue's cause and fix, and the shipped
 * families that would have blocked the request. Use the verdicts to count, this listener to explain;
 * it also works on a model that is not guarded.
 *
 * <p>Register it on the provider's model (the delegate of a {@link GuardedChatModel}, which reports no
 * listeners of its own), with the same profile selection as the guard: the profile is chosen with
 * {@link ProfileSelector#choose}, as the guard does, and the log line gives the selection's reason. Only provider rejections are
 * classified: an {@link HttpException} with status 400 or 422 anywhere in the error's cause chain (its
 * body's error message is classified), else an {@link InvalidRequestException} (its message); a {@link GuardRejectedException} (the guard's own rejection) and every other
 * error are ignored. A rule that is blocking in the selected profile is not logged: the guard checks it
 * before sending, so such a 400 comes from a shape the rule does not cover.
 *
 * <p>Thread-safe: the memory of logged rule ids is synchronised and bounded.
 */
public final class ProviderErrorListener implements ChatModelListener {

    /** How many rule ids are remembered by default. */
    public static final int DEFAULT_MAX_RULES = 1024;

    private final ProfileSelector selector;
    private final String provider;
    private final Logger logger;
    private final Map<String, Boolean> logged;

    private ProviderErrorListener(Builder b) {
        this.selector = b.selector;
        this.provider = b.provider;
        this.logger = b.logger;
        int max = b.maxRules;
        this.logged = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > max;
            }
        };
    }

    /**
     * Creates a listener with the default settings.
     *
     * @param selector the profile selection the guard uses, e.g. {@code Profiles.selector("permissive")}
     * @return the listener
     */
    public static ProviderErrorListener create(ProfileSelector selector) {
        return builder(selector).build();
    }

    /**
     * Creates a listener for a guard built with fixed profiles.
     *
     * @param profiles the guard's profiles
     * @return the listener
     */
    public static ProviderErrorListener create(OrderingProfile... profiles) {
        List<OrderingProfile> fixed = List.of(Require.nonNull(profiles, "profiles"));
        return builder(dispatch -> fixed).build();
    }

    /**
     * Starts configuring a listener.
     *
     * @param selector the profile selection the guard uses
     * @return a builder
     */
    public static Builder builder(ProfileSelector selector) {
        return new Builder(Require.nonNull(selector, "selector"));
    }

    /**
     * Classifies a provider 400 and logs each rule the selected profile let through, once.
     *
     * @param context the error, the request and the listener attributes
     */
    @Override
    public void onError(ChatModelErrorContext context) {
        String error = ProviderAnswers.rejectionText(context.error());
        if (error == null) {
            return;
        }
        ErrorClassification classification = ProviderErrors.classify(error);
        if (classification.isEmpty()) {
            return;
        }
        ChatRequest request = context.chatRequest();
        Object conversation = context.attributes() == null ? null : context.attributes().get(GuardedChatModel.CONVERSATION_ID);
        String providerName = provider != null ? provider : ChatRequestCodec.providerName(context.modelProvider());
        String conversationId = conversation == null || String.valueOf(conversation).isBlank() ? null
                : String.valueOf(conversation);
        Dispatch dispatch = ChatRequestCodec.of(providerName, null).encode(request, conversationId).dispatch();
        List<OrderingProfile> profiles;
        String selection;
        try {
            ProfileSelection chosen = selector.choose(dispatch);
            profiles = chosen.profiles();
            selection = String.join(", ", chosen.profileNames()) + "] (" + chosen.reason() + ")";
        } catch (GuardConfigException | IllegalArgumentException e) {
            profiles = List.of();
            selection = "] (no profile: " + e.getMessage() + ")";
        }
        // the top matches share one provider error (the same check in several families): one line for all
        List<ErrorMatch> fresh = new ArrayList<>();
        Severity status = null;
        for (ErrorMatch match : classification.top()) {
            Severity severity = severityIn(profiles, match.ruleId());
            if (severity != Severity.BLOCKING && remember(match.ruleId())) {
                status = fresh.isEmpty() ? severity : status;
                fresh.add(match);
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        Set<String> ids = new LinkedHashSet<>();
        Set<String> types = new LinkedHashSet<>();
        Set<String> blocking = new LinkedHashSet<>();
        for (ErrorMatch m : fresh) {
            ids.add(m.ruleId());
            types.add(m.ruleType());
            blocking.addAll(m.blockingIn());
        }
        boolean one = ids.size() == 1;
        logger.warn("provider {} rejected a request the guard let through: {} {} ({}) {} {} the selected profile [{}; "
                + "conversation {}, model {}. Cause: {} Fix: {} {} Provider error: {}",
                providerName == null ? "(unknown)" : providerName, one ? "rule" : "rules", String.join(", ", ids),
                String.join(", ", types), one ? "is" : "are", status == null ? "not in" : "only advisory in", selection,
                conversationId == null ? "(none)" : conversationId, dispatch.model() == null ? "(unknown)" : dispatch.model(),
                fresh.get(0).advice().cause(), fresh.get(0).advice().fix(),
                blocking.isEmpty() ? "No shipped family blocks it." : "Blocking in: " + String.join(", ", blocking) + ".",
                classification.text());
    }

    /**
     * Returns the rule ids logged and still remembered, oldest first.
     *
     * @return a snapshot of the ids
     */
    public List<String> reported() {
        synchronized (logged) {
            return List.copyOf(logged.keySet());
        }
    }

    private boolean remember(String ruleId) {
        synchronized (logged) {
            return logged.putIfAbsent(ruleId, Boolean.TRUE) == null;
        }
    }

    private static Severity severityIn(List<OrderingProfile> profiles, String ruleId) {
        Severity found = null;
        for (OrderingProfile p : profiles) {
            for (OrderingRule r : p.rules()) {
                if (r.id().equals(ruleId) && (found == null || r.severity() == Severity.BLOCKING)) {
                    found = r.severity();
                }
            }
        }
        return found;
    }

    /** Configures a {@link ProviderErrorListener}. */
    public static final class Builder {

        private final ProfileSelector selector;
        private String provider;
        private int maxRules = DEFAULT_MAX_RULES;
        private Logger logger = LoggerFactory.getLogger(ProviderErrorListener.class);

        private Builder(ProfileSelector selector) {
            this.selector = selector;
        }

        /**
         * Names the provider for profile selection, when the model's LangChain4j provider does not (an
         * OpenAI-compatible client talking to DeepSeek should say {@code deepseek}).
         *
         * @param value the provider name, e.g. {@code deepseek}
         * @return this builder
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.provider = Require.nonBlank(value, "provider");
            return this;
        }

        /**
         * Sets how many logged rule ids are remembered; when more rules fire, the oldest is forgotten and
         * would be logged again.
         *
         * @param value at least 1; default {@value ProviderErrorListener#DEFAULT_MAX_RULES}
         * @return this builder
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxRules(int value) {
            Require.argument(value >= 1, "maxRules must be >= 1, but was " + value);
            this.maxRules = value;
            return this;
        }

        /**
         * Sets the logger (default: the logger named after this class).
         *
         * @param value the logger
         * @return this builder
         */
        public Builder logger(Logger value) {
            this.logger = Require.nonNull(value, "logger");
            return this;
        }

        /**
         * Builds the listener.
         *
         * @return the listener
         */
        public ProviderErrorListener build() {
            return new ProviderErrorListener(this);
        }
    }
}

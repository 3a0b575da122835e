package io.orderingguard.spring.boot;

import io.orderingguard.StashFailureMode;
import io.orderingguard.exchange.ExchangeLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The {@code ordering-guard.*} properties, bound once at startup. Every list is non-null (empty when
 * not set), and so is every nested group.
 *
 * <p>Immutable and thread-safe.
 *
 * @param enabled whether the auto-configuration creates the guard, its advisor and the
 *     ChatClient customizer at all
 * @param mode what the guard does with a prompt that breaks the provider's rules: enforce (refuse),
 *     mutate (repair) or shadow (report, send unchanged)
 * @param profiles fixed profile names (behaviours or families, e.g. anthropic-messages); when
 *     empty, the profile is chosen from each prompt's provider and model
 * @param fallbackProfile with model-based selection, the profile for models with no known family
 *     (default: the shipped conservative unknown-model family)
 * @param profileFiles profile files (JSON or YAML) read with guard-core's profile codec, used as fixed
 *     profiles beside profiles
 * @param disabledAdvisoryRuleIds advisory findings of these rule ids are dropped (a mistyped id fails
 *     startup, naming the closest known ids)
 * @param stash where the guard keeps each conversation's preservation baseline, and what happens
 *     when that store cannot answer
 * @param metrics the guard's Micrometer meters
 * @param decorateChatModels whether every ChatModel bean is wrapped with
 *     GuardedChatModel, for code that calls the model directly and never runs advisors
 * @param exchangeLog the exchange log: one JSON line per answered request, off unless a file is set
 */
@ConfigurationProperties("ordering-guard")
public record OrderingGuardProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("enforce") GuardMode mode,
        List<String> profiles,
        String fallbackProfile,
        List<Path> profileFiles,
        List<String> disabledAdvisoryRuleIds,
        @DefaultValue Stash stash,
        @DefaultValue Metrics metrics,
        @DefaultValue("false") boolean decorateChatModels,
        @DefaultValue ExchangeLogFile exchangeLog) {

    /** Replaces absent lists by empty ones and checks the enum and the groups are set. */
    public OrderingGuardProperties {
        if (mode == null) {
            throw new IllegalArgumentException("ordering-guard.mode must not be null");
        }
        if (stash == null) {
            throw new IllegalArgumentException("ordering-guard.stash must not be null");
        }
        if (metrics == null) {
            throw new IllegalArgumentException("ordering-guard.metrics must not be null");
        }
        if (exchangeLog == null) {
            throw new IllegalArgumentException("ordering-guard.exchange-log must not be null");
        }
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        profileFiles = profileFiles == null ? List.of() : List.copyOf(profileFiles);
        disabledAdvisoryRuleIds = disabledAdvisoryRuleIds == null ? List.of() : List.copyOf(disabledAdvisoryRuleIds);
    }

    /**
     * The {@code ordering-guard.stash.*} properties: the stash the auto-configuration creates (an
     * application's own {@code Stash} bean replaces it, unless the type is {@code none}).
     *
     * <p>Immutable and thread-safe.
     *
     * @param type memory (one in-memory stash per application instance), redis (guard-redis's stash,
     *     shared by every instance), or none (preservation rules never fire)
     * @param failureMode what the guard does when the stash cannot answer: fail-closed (reject the
     *     prompt) or fail-open (skip the preservation rules, report an advisory finding)
     * @param redis the Redis stash, used with type redis
     */
    public record Stash(
            @DefaultValue("memory") StashKind type,
            @DefaultValue("fail-closed") StashFailureMode failureMode,
            @DefaultValue Redis redis) {

        /** Checks every field is set. */
        public Stash {
            if (type == null) {
                throw new IllegalArgumentException("ordering-guard.stash.type must not be null");
            }
            if (failureMode == null) {
                throw new IllegalArgumentException("ordering-guard.stash.failure-mode must not be null");
            }
            if (redis == null) {
                throw new IllegalArgumentException("ordering-guard.stash.redis must not be null");
            }
        }
    }

    /**
     * The {@code ordering-guard.stash.redis.*} properties. The connection is the application's own
     * when it has one: Spring Data Redis's {@code LettuceConnectionFactory} (its Lettuce client and
     * its address), or a Lettuce {@code RedisClient} bean together with {@link #uri}. The values are
     * checked at startup; a bad one fails it naming the property.
     *
     * <p>Immutable and thread-safe.
     *
     * @param uri the Redis to use, e.g. redis://cache.internal:6379/2; when unset, the address of the
     *     application's LettuceConnectionFactory
     * @param namespace the key prefix: snapshots live under namespace:snapshot:conversation-id, so
     *     several applications or environments can share one Redis
     * @param ttl how long a conversation's snapshot lives after its last write
     * @param timeout the deadline of one stash call, waiting for the connection included
     */
    public record Redis(
            String uri,
            @DefaultValue("orderingguard") String namespace,
            @DefaultValue("24h") Duration ttl,
            @DefaultValue("250ms") Duration timeout) {}

    /**
     * The {@code ordering-guard.metrics.*} properties.
     *
     * <p>Immutable and thread-safe.
     *
     * @param enabled whether the guard reports every check to the application's MeterRegistry (and
     *     ObservationRegistry, when it has one) through guard-micrometer, when both are present
     */
    public record Metrics(@DefaultValue("true") boolean enabled) {}

    /**
     * The {@code ordering-guard.exchange-log.*} properties: guard-core's {@link ExchangeLog}, one JSON
     * line per request whose provider answer the adapters reported (what {@code guard report} reads).
     * Off unless {@code file} is set.
     *
     * <p>Immutable and thread-safe.
     *
     * @param file the active log file, e.g. logs/exchanges.jsonl (rotated files are written beside it);
     *     unset: no exchange log
     * @param level shape (the request's shape, no text the conversation sent) or full (the request as
     *     sent: as sensitive as the conversations)
     * @param maxFileSize the size at which the file is rotated
     * @param maxFiles how many files are kept, the active one included
     * @param hashKey the key of the id pseudonyms, at least 16 characters, so equal ids get equal
     *     pseudonyms across instances and restarts (unset: a random key per start); keep it secret
     */
    public record ExchangeLogFile(
            Path file,
            @DefaultValue("shape") ExchangeLog.Level level,
            @DefaultValue("64MB") DataSize maxFileSize,
            @DefaultValue("5") int maxFiles,
            String hashKey) {

        /** Checks the level and the size are set. */
        public ExchangeLogFile {
            if (level == null) {
                throw new IllegalArgumentException("ordering-guard.exchange-log.level must not be null");
            }
            if (maxFileSize == null) {
                throw new IllegalArgumentException("ordering-guard.exchange-log.max-file-size must not be null");
            }
        }
    }
}

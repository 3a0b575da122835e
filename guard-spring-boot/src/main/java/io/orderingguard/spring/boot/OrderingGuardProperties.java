package io.orderingguard.spring.boot;

import io.orderingguard.StashFailureMode;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code ordering-guard.*} properties, bound once at startup. Every list is non-null (empty when
 * not set).
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
 * @param stash where preservation baselines are kept: memory or none
 * @param stashFailureMode what happens when the stash cannot answer: fail-closed or fail-open
 * @param decorateChatModels whether every ChatModel bean is wrapped with
 *     GuardedChatModel, for code that calls the model directly and never runs advisors
 */
@ConfigurationProperties("ordering-guard")
public record OrderingGuardProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("enforce") GuardMode mode,
        List<String> profiles,
        String fallbackProfile,
        List<Path> profileFiles,
        List<String> disabledAdvisoryRuleIds,
        @DefaultValue("memory") StashKind stash,
        @DefaultValue("fail-closed") StashFailureMode stashFailureMode,
        @DefaultValue("false") boolean decorateChatModels) {

    /** Replaces absent lists by empty ones and checks the enums are set. */
    public OrderingGuardProperties {
        if (mode == null) {
            throw new IllegalArgumentException("ordering-guard.mode must not be null");
        }
        if (stash == null) {
            throw new IllegalArgumentException("ordering-guard.stash must not be null");
        }
        if (stashFailureMode == null) {
            throw new IllegalArgumentException("ordering-guard.stash-failure-mode must not be null");
        }
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        profileFiles = profileFiles == null ? List.of() : List.copyOf(profileFiles);
        disabledAdvisoryRuleIds = disabledAdvisoryRuleIds == null ? List.of() : List.copyOf(disabledAdvisoryRuleIds);
    }
}

/**
 * Ordering Guard for the official Anthropic Java SDK:
 * {@link io.orderingguard.anthropic.AnthropicGuardInterceptor} (registered with
 * {@code AnthropicOkHttpClient.builder().addInterceptor}) and
 * {@link io.orderingguard.anthropic.GuardedHttpClient} (a delegating {@code HttpClient}).
 */
module io.orderingguard.anthropic {
    requires transitive io.orderingguard.core;
    requires transitive io.orderingguard.wire;
    requires transitive com.anthropic.core;

    exports io.orderingguard.anthropic;
}

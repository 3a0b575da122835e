package io.orderingguard.anthropic;

import com.anthropic.core.http.HttpClient;
import com.anthropic.core.http.Interceptor;
import io.orderingguard.OrderingGuard;
import io.orderingguard.support.Require;
import io.orderingguard.wire.WireGuard;

/**
 * An interceptor of the Anthropic SDK that guards every request with an {@link OrderingGuard}: it
 * wraps the SDK's HTTP client in a {@link GuardedHttpClient}.
 *
 * <pre>{@code
 * AnthropicClient client = AnthropicOkHttpClient.builder()
 *         .apiKey(key)
 *         .addInterceptor(AnthropicGuardInterceptor.of(guard))
 *         .build();
 * }</pre>
 *
 * <p>The SDK applies interceptors to every attempt, retries included, and applies credentials below
 * them: the guard sees the canonical Messages request, never an API key. In enforce mode a rejected
 * request throws {@link io.orderingguard.OrderingViolationException} out of
 * {@code client.messages().create(...)} and nothing is sent; the SDK does not retry it.
 *
 * <p>Thread-safe: immutable.
 */
public final class AnthropicGuardInterceptor implements Interceptor {

    private final WireGuard wire;

    private AnthropicGuardInterceptor(WireGuard wire) {
        this.wire = wire;
    }

    /**
     * Guards with the wire defaults (provider and model from the body).
     *
     * @param guard the guard
     * @return the interceptor
     */
    public static AnthropicGuardInterceptor of(OrderingGuard guard) {
        return new AnthropicGuardInterceptor(WireGuard.of(Require.nonNull(guard, "guard")));
    }

    /**
     * Guards with a configured wire guard (a provider override for gateways, failing on unreadable
     * bodies).
     *
     * @param wire the wire guard
     * @return the interceptor
     */
    public static AnthropicGuardInterceptor of(WireGuard wire) {
        return new AnthropicGuardInterceptor(Require.nonNull(wire, "wire"));
    }

    /**
     * Wraps the next client of the chain.
     *
     * @param httpClient the client the SDK would call next
     * @return the guarded client
     */
    @Override
    public HttpClient intercept(HttpClient httpClient) {
        return GuardedHttpClient.wrap(httpClient, wire);
    }

    @Override
    public String toString() {
        return "AnthropicGuardInterceptor{" + wire + "}";
    }
}

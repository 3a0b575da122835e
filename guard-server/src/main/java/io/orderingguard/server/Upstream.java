package io.orderingguard.server;

import java.net.URI;
import java.util.Objects;

/**
 * One upstream the proxy forwards to: its kind, its URL and, optionally, a key the proxy holds for it.
 *
 * <p>The client's path is appended to the URL's path: give the provider's origin
 * ({@code https://api.openai.com}) or a gateway prefix ({@code https://gateway.internal/openai}); a URL
 * that already ends with the first segment of the client's path ({@code https://api.openai.com/v1}) does
 * not repeat it.
 *
 * @param kind the provider kind, which picks the paths and the error envelope
 * @param url the base URL, {@code http} or {@code https}
 * @param apiKey a key the proxy sends instead of the client's ({@code Authorization: Bearer} for OpenAI,
 *     {@code api-key} for Azure OpenAI, {@code x-api-key} for Anthropic, {@code x-goog-api-key} for
 *     Gemini and Vertex AI), or {@code null} to pass the client's credentials through untouched
 * @param awsSigning for Bedrock, the AWS credentials the proxy signs every request with in place of the
 *     client's signature, or {@code null} to pass the client's signature through (then a repaired body
 *     cannot be sent: it would fail the signature)
 */
public record Upstream(ProviderKind kind, URI url, String apiKey, AwsSigning awsSigning) {

    /** Validates the fields. */
    public Upstream {
        Objects.requireNonNull(kind, "kind must not be null");
        Objects.requireNonNull(url, "url must not be null");
        if (apiKey != null && apiKey.isBlank()) {
            throw new IllegalArgumentException("apiKey must not be blank");
        }
        if (awsSigning != null && kind != ProviderKind.BEDROCK) {
            throw new IllegalArgumentException("awsSigning applies to the bedrock upstream only, not " + kind.configName());
        }
    }

    /**
     * Creates an upstream that signs nothing itself.
     *
     * @param kind the provider kind
     * @param url the base URL
     * @param apiKey a key the proxy sends instead of the client's, or {@code null}
     */
    public Upstream(ProviderKind kind, URI url, String apiKey) {
        this(kind, url, apiKey, null);
    }

    /**
     * Returns the URL to forward a request to.
     *
     * @param path the client's URL path
     * @param query the client's raw query, or {@code null}
     * @return the upstream URL
     */
    public String target(String path, String query) {
        String base = url.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        String basePath = url.getRawPath() == null ? "" : url.getRawPath();
        while (basePath.endsWith("/")) {
            basePath = basePath.substring(0, basePath.length() - 1);
        }
        int cut = basePath.lastIndexOf('/');
        String lastSegment = cut < 0 ? "" : basePath.substring(cut);
        String forwarded = !lastSegment.isEmpty() && (path.equals(lastSegment) || path.startsWith(lastSegment + "/"))
                ? path.substring(lastSegment.length()) : path;
        return base + forwarded + (query == null || query.isEmpty() ? "" : "?" + query);
    }

    /** Never shows the key. */
    @Override
    public String toString() {
        return kind.configName() + "=" + url + (apiKey == null ? "" : " (key held by the proxy)")
                + (awsSigning == null ? "" : " (" + awsSigning + ")");
    }
}

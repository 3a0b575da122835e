package io.orderingguard.server;

import io.orderingguard.surface.ProviderIds;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.http.HttpFields;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Signs a request to Bedrock with the proxy's AWS credentials (SigV4, the AWS SDK's signer), over the
 * bytes actually sent: the client's signature headers are replaced.
 *
 * <p>The signed headers are {@code host}, {@code content-type} (when the client sent one),
 * {@code x-amz-date} and, for temporary credentials, {@code x-amz-security-token}; the other headers the
 * proxy forwards are sent unsigned, which SigV4 allows.
 *
 * <p>Thread-safe: the credential providers cache and refresh their credentials.
 */
final class BedrockSigner {

    /** The signature headers a client may have sent, replaced by the proxy's. */
    private static final Set<String> SIGNATURE_HEADERS = Set.of("authorization", "x-amz-date", "x-amz-security-token",
            "x-amz-content-sha256");

    /**
     * Bedrock's SigV4 service name: the runtime is signed as {@code bedrock}, the name AWS gives the
     * service and the one Ordering Guard uses as its provider id.
     */
    private static final String SERVICE = ProviderIds.BEDROCK;

    private final AwsSigning signing;
    private final AwsCredentialsProvider credentials;
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();

    private BedrockSigner(AwsSigning signing, AwsCredentialsProvider credentials) {
        this.signing = signing;
        this.credentials = credentials;
    }

    /**
     * Creates the signer of a configuration.
     *
     * @param signing the credentials and region
     * @return the signer
     */
    static BedrockSigner of(AwsSigning signing) {
        String c = signing.credentials();
        AwsCredentialsProvider provider;
        if (c.equals("env")) {
            provider = EnvironmentVariableCredentialsProvider.create();
        } else if (c.startsWith("profile:")) {
            provider = ProfileCredentialsProvider.create(c.substring("profile:".length()).trim());
        } else {
            provider = DefaultCredentialsProvider.builder().build();
        }
        return new BedrockSigner(signing, provider);
    }

    /**
     * Resolves the credentials once, so that a proxy without them fails at start and not on its first
     * Bedrock request.
     *
     * @return why no credentials resolve, or {@code null} when they do
     */
    String check() {
        try {
            AwsCredentialsIdentity identity = credentials.resolveIdentity().join();
            return identity == null ? "the " + signing.credentials() + " credentials resolved to nothing" : null;
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null && e instanceof java.util.concurrent.CompletionException
                    ? e.getCause() : e;
            return "no AWS credentials from " + signing.credentials() + ": " + cause.getMessage();
        }
    }

    /**
     * Replaces the signature headers of an outgoing request with the proxy's.
     *
     * @param headers the headers the proxy sends (changed in place)
     * @param method the HTTP method
     * @param target the URL the request goes to
     * @param body the bytes sent
     */
    void sign(HttpFields.Mutable headers, String method, URI target, byte[] body) {
        SdkHttpRequest.Builder unsigned = SdkHttpRequest.builder().method(SdkHttpMethod.fromValue(method)).uri(target);
        String contentType = headers.get("content-type");
        if (contentType != null) {
            unsigned.putHeader("content-type", contentType);
        }
        AwsCredentialsIdentity identity = credentials.resolveIdentity().join();
        SignedRequest signed = signer.sign(r -> r.identity(identity).request(unsigned.build())
                .payload(ContentStreamProvider.fromByteArrayUnsafe(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SERVICE)
                .putProperty(AwsV4HttpSigner.REGION_NAME, signing.region()));
        for (String name : SIGNATURE_HEADERS) {
            headers.remove(name);
        }
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            // host is set by the HTTP client from the URL, to the value that was signed
            if (!h.getKey().equalsIgnoreCase("host") && !h.getKey().equalsIgnoreCase("content-type")) {
                headers.put(h.getKey(), h.getValue().get(0));
            }
        }
    }

    @Override
    public String toString() {
        return signing.toString();
    }
}

package io.orderingguard.server;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the proxy signs the requests it forwards to Bedrock with its own AWS credentials (SigV4), in
 * place of the client's signature. With it, a repaired body goes out signed over its new bytes, and a
 * client may send requests unsigned; the requests then run under the proxy's AWS identity.
 *
 * <p>The credentials are named, never held in the configuration: {@code default} is the AWS SDK's
 * default chain (the {@code aws.accessKeyId} system properties, the {@code AWS_ACCESS_KEY_ID}
 * environment variables, web identity, the {@code ~/.aws} profile files, container and instance
 * roles); {@code env} only the environment variables; {@code profile:NAME} one profile of the shared
 * files.
 *
 * @param credentials {@code default}, {@code env} or {@code profile:NAME}
 * @param region the region to sign for, such as {@code us-east-1}
 */
public record AwsSigning(String credentials, String region) {

    /** The host of a Bedrock runtime endpoint, which names its region. */
    private static final Pattern BEDROCK_HOST =
            Pattern.compile("bedrock-runtime(?:-fips)?\\.([a-z0-9-]+)\\.amazonaws\\.com(?:\\.cn)?");

    private static final Pattern REGION = Pattern.compile("[a-z]{2}(?:-[a-z0-9]+)+-\\d+");

    /** Validates the fields. */
    public AwsSigning {
        Objects.requireNonNull(credentials, "credentials must not be null");
        Objects.requireNonNull(region, "region must not be null");
        String problem = credentialsProblem(credentials);
        if (problem != null) {
            throw new IllegalArgumentException("credentials: " + problem);
        }
        if (!REGION.matcher(region).matches()) {
            throw new IllegalArgumentException("region: expected an AWS region such as us-east-1, but was \"" + region
                    + "\"");
        }
    }

    /**
     * Returns why a credentials name is not one this class takes, or {@code null} when it is.
     *
     * @param credentials the name
     * @return the problem, or {@code null}
     */
    static String credentialsProblem(String credentials) {
        if (credentials.equals("default") || credentials.equals("env")
                || credentials.startsWith("profile:") && !credentials.substring("profile:".length()).isBlank()) {
            return null;
        }
        return "expected default, env or profile:NAME, but was \"" + credentials + "\"";
    }

    /**
     * Returns the region a Bedrock runtime URL names ({@code bedrock-runtime.us-west-2.amazonaws.com}).
     *
     * @param url the upstream URL
     * @return the region, or {@code null} when the host names none (a gateway, a test server)
     */
    static String regionOf(URI url) {
        String host = url.getHost();
        if (host == null) {
            return null;
        }
        Matcher m = BEDROCK_HOST.matcher(host.toLowerCase(Locale.ROOT));
        return m.matches() ? m.group(1) : null;
    }

    /** Names the credentials, never a secret. */
    @Override
    public String toString() {
        return "AWS SigV4 with " + credentials + " credentials for " + region;
    }
}

/**
 * {@code guard serve}: a guarding reverse proxy in front of the model providers, so that a client in any
 * language is guarded by changing its base URL.
 *
 * <p>{@link io.orderingguard.server.GuardServer} runs the proxy (Jetty 12 server and client) from a
 * {@link io.orderingguard.server.ServerConfig}; {@link io.orderingguard.server.ServeCommand} is the
 * {@code guard serve} command line that the {@code guard} CLI and the container image share. The proxy
 * serves the providers' own paths ({@link io.orderingguard.server.ProviderKind}), checks each chat
 * request body with guard-wire's {@code WireGuard}, and rejects (enforce), repairs (mutate) or records
 * (shadow) what it finds; everything else passes through byte for byte, and answers stream back as they
 * arrive. See {@code docs/proxy.md}.
 *
 * <p>The machinery behind it — the Jetty handler that reads, guards and forwards a request, the
 * providers' error envelopes, the body reader, the metrics and the access log — is package-private:
 * not API, free to change in any release.
 */
package io.orderingguard.server;

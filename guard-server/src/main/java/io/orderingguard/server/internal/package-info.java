/**
 * The proxy's machinery: the Jetty handler that reads, guards and forwards a request, the providers'
 * error envelopes, the body reader, metrics and the access log.
 *
 * <p>Not public API: these types may change in any release.
 */
package io.orderingguard.server.internal;

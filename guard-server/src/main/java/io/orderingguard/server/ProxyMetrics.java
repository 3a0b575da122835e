package io.orderingguard.server;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.DistributionSummary;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The proxy's own meters (the guard's checks, findings and repairs are counted by guard-micrometer's
 * observer on the same registry):
 * <ul>
 *   <li>{@code ordering.guard.proxy.requests} (timer; tags {@code upstream}, {@code verdict}, {@code status}):
 *       every request from arrival to the last byte of its answer;</li>
 *   <li>{@code ordering.guard.proxy.guard} (timer; tag {@code upstream}): reading and checking a body;</li>
 *   <li>{@code ordering.guard.proxy.verdicts} (counter; tags {@code upstream}, {@code verdict}, {@code rule}):
 *       one per blocking finding of a rejected, repaired or shadow-recorded request;</li>
 *   <li>{@code ordering.guard.proxy.inflight} (gauge): requests being served;</li>
 *   <li>{@code ordering.guard.proxy.request.bytes} (summary; tag {@code upstream}): request body sizes.</li>
 * </ul>
 * Prometheus names them {@code ordering_guard_proxy_requests_seconds_count} and so on.
 */
final class ProxyMetrics {

    private final MeterRegistry registry;
    private final AtomicInteger inflight = new AtomicInteger();
    /** The meters by their tags: looked up once, not registered anew on every request. */
    private final Map<String, Timer> requests = new ConcurrentHashMap<>();
    private final Map<String, Timer> guards = new ConcurrentHashMap<>();
    private final Map<String, DistributionSummary> sizes = new ConcurrentHashMap<>();

    /**
     * Registers the gauge on a registry.
     *
     * @param registry the registry
     */
    public ProxyMetrics(MeterRegistry registry) {
        this.registry = registry;
        registry.gauge("ordering.guard.proxy.inflight", inflight);
    }

    void started() {
        inflight.incrementAndGet();
    }

    void finished(String upstream, String verdict, int status, long nanos) {
        inflight.decrementAndGet();
        requests.computeIfAbsent(upstream + '|' + verdict + '|' + status, k -> Timer.builder("ordering.guard.proxy.requests")
                .description("Requests through the proxy, from arrival to the last byte of the answer")
                .tag("upstream", upstream).tag("verdict", verdict).tag("status", Integer.toString(status))
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    void guarded(String upstream, long nanos, int bodyBytes) {
        guards.computeIfAbsent(upstream, k -> Timer.builder("ordering.guard.proxy.guard")
                .description("Reading and checking a request body").tag("upstream", upstream).register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
        sizes.computeIfAbsent(upstream, k -> registry.summary("ordering.guard.proxy.request.bytes", "upstream", upstream))
                .record(bodyBytes);
    }

    void verdict(String upstream, String verdict, String ruleId) {
        Counter.builder("ordering.guard.proxy.verdicts")
                .description("Blocking findings of requests the proxy rejected, repaired or recorded in shadow mode")
                .tag("upstream", upstream).tag("verdict", verdict).tag("rule", ruleId)
                .register(registry).increment();
    }

    int inflight() {
        return inflight.get();
    }
}

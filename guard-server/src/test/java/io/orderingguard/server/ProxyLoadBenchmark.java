package io.orderingguard.server;

import io.orderingguard.testing.emulator.ProviderEmulator;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * The proxy's cost under load, measured in one run on one machine: OpenAI Chat Completions requests
 * with 10, 100 and 1,000-message histories (tool loops), sent straight to the provider emulator and
 * through {@code guard serve} (enforce mode, in-memory stash, one conversation per client), in
 * alternating rounds. Reports, per history size, the added p50 and p99 latency of one client alone and
 * of 32 concurrent clients, and the throughput ratio with 32 clients; beside it, the same ratio through
 * Jetty's own reverse proxy ({@code jetty-proxy}'s {@code ProxyHandler.Reverse}, guarding nothing): the
 * cost of the extra HTTP hop alone, which bounds what a proxy built on Jetty can reach here. Then the live
 * heap per in-flight request (1,000-message bodies held in flight by an upstream that answers only when
 * all have arrived).
 * A load driver, not a test: run it with
 *
 * <pre>
 * mvn -B -pl guard-server test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/cp.txt
 * java -Xmx2g -cp guard-server/target/test-classes:guard-server/target/classes:$(cat guard-server/target/cp.txt) \
 *      io.orderingguard.server.ProxyLoadBenchmark [seconds per round, default 8] [emulator|stub|heap]
 * </pre>
 *
 * With {@code stub} the upstream is a Jetty server answering a canned completion, so that the figures
 * show the proxy's own cost rather than the emulator's (a JDK {@code HttpServer} on four threads that
 * parses and validates every body); {@code heap} measures the heap per in-flight request only.
 *
 * Everything (clients, proxy, emulator) shares the machine's cores, as a sidecar does; on loopback only.
 */
public final class ProxyLoadBenchmark {

    private static final int CLIENTS = 32;

    private ProxyLoadBenchmark() {}

    /**
     * Runs the benchmark and prints its table.
     *
     * @param args optional: seconds per measured round
     * @throws Exception when a request fails
     */
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        String upstream = args.length > 1 ? args[1] : "emulator";
        // the emulator runs on the JDK's HttpServer, which writes headers and body in two packets without
        // TCP_NODELAY: with a client that delays its ACKs (Jetty's) every answer would wait 40 ms for Nagle
        System.setProperty("sun.net.httpserver.nodelay", "true");
        // between rounds a client's pooled connections sit idle; neither server may close them meanwhile (the
        // JDK client would then send on a closed connection and fail, which no round should measure)
        System.setProperty("sun.net.httpserver.idleInterval", "600");
        int status = 0;
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newFixedThreadPool(CLIENTS + 8)).build();
            // first, in a fresh process: the live heap of requests held in flight
            heapPerInFlightRequest(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newCachedThreadPool()).build());
            if (!upstream.equals("heap")) {
                run(client, seconds, upstream);
            }
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            status = 1;
        }
        System.exit(status);
    }

    private static void run(HttpClient client, int seconds, String upstreamKind) throws Exception {
        java.util.concurrent.ScheduledExecutorService cleaner = Executors.newSingleThreadScheduledExecutor();
        try (ProviderEmulator emulator = ProviderEmulator.builder().build().start()) {
            // the emulator records every request (its body and tree): forget them as the run goes, or the heap
            // fills and the emulator measures garbage collection
            cleaner.scheduleAtFixedRate(emulator::reset, 250, 250, TimeUnit.MILLISECONDS);
            Server stub = upstreamKind.equals("stub") ? stub() : null;
            String upstream = stub == null ? emulator.baseUrl()
                    : "http://127.0.0.1:" + ((ServerConnector) stub.getConnectors()[0]).getLocalPort();
            Server hop = jettyReverseProxy(upstream);
            try (GuardServer proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").idleTimeout("10m")
                    .upstream("openai", upstream).build(), null)) {
                System.out.printf(Locale.ROOT, "upstream: %s, %d s per round, %d clients, %d cores%n", stub == null
                        ? "the provider emulator" : "a Jetty stub answering a canned completion", seconds, CLIENTS,
                        Runtime.getRuntime().availableProcessors());
                System.out.printf(Locale.ROOT, "%-9s %-8s %9s %9s %9s %9s %11s %11s %9s %11s%n", "history", "body", "1c p50",
                        "1c p99", "32c p50", "32c p99", "32c req/s", "direct r/s", "ratio", "jetty hop");
                for (int size : new int[] {10, 100, 1000}) {
                    byte[] body = body(size);
                    String direct = upstream + "/v1/chat/completions";
                    String proxied = proxy.baseUrl() + "/v1/chat/completions";
                    String hopped = "http://127.0.0.1:" + ((ServerConnector) hop.getConnectors()[0]).getLocalPort()
                            + "/v1/chat/completions";
                    // warm the three paths (JIT) before measuring
                    load(client, direct, body, CLIENTS, 5);
                    load(client, proxied, body, CLIENTS, 5);
                    load(client, hopped, body, CLIENTS, 5);
                    sequential(client, direct, body, 2);
                    sequential(client, proxied, body, 2);
                    Result d1 = sequential(client, direct, body, seconds);
                    Result p1 = sequential(client, proxied, body, seconds);
                    Result d32 = load(client, direct, body, CLIENTS, seconds);
                    Result p32 = load(client, proxied, body, CLIENTS, seconds);
                    Result h32 = load(client, hopped, body, CLIENTS, seconds);
                    System.out.printf(Locale.ROOT, "%-9s %-8s %+8.2fms %+8.2fms %+8.2fms %+8.2fms %11.0f %11.0f %8.0f%% %10.0f%%%n",
                            size + " msgs", body.length / 1024 + " KiB", ms(p1.p50 - d1.p50), ms(p1.p99 - d1.p99),
                            ms(p32.p50 - d32.p50), ms(p32.p99 - d32.p99), p32.throughput, d32.throughput,
                            100 * p32.throughput / d32.throughput, 100 * h32.throughput / d32.throughput);
                    System.out.printf(Locale.ROOT, "%-18s direct 1c p50 %.2f ms p99 %.2f ms; 32c p50 %.2f ms p99 %.2f ms; "
                            + "proxied 1c p50 %.2f ms p99 %.2f ms; 32c p50 %.2f ms p99 %.2f ms%n", "", ms(d1.p50),
                            ms(d1.p99), ms(d32.p50), ms(d32.p99), ms(p1.p50), ms(p1.p99), ms(p32.p50), ms(p32.p99));
                }
            } finally {
                hop.stop();
                if (stub != null) {
                    stub.stop();
                }
            }
        } finally {
            cleaner.shutdownNow();
        }
    }

    /** Jetty's own reverse proxy to the upstream, with nothing in between: the hop's cost alone. */
    static Server jettyReverseProxy(String upstream) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setIdleTimeout(600_000);
        server.addConnector(connector);
        server.setHandler(new org.eclipse.jetty.proxy.ProxyHandler.Reverse(request -> HttpURI.build(upstream + request.getHttpURI().getPathQuery())));
        server.start();
        return server;
    }

    /** An upstream that costs next to nothing: reads the body and answers a canned chat completion. */
    static Server stub() throws Exception {
        byte[] answer = ("{\"id\":\"chatcmpl-stub\",\"object\":\"chat.completion\",\"model\":\"gpt-4o-mini\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"OK\"},"
                + "\"finish_reason\":\"stop\"}]}").getBytes(StandardCharsets.UTF_8);
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setIdleTimeout(600_000);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                Content.Source.consumeAll(request, Callback.from(() -> {
                    response.getHeaders().put("Content-Type", "application/json");
                    response.write(true, ByteBuffer.wrap(answer), callback);
                }, callback::failed));
                return true;
            }
        });
        server.start();
        return server;
    }

    /** A tool loop of about {@code messages} messages: user, assistant call, tool result, … , user. */
    static byte[] body(int messages) {
        StringBuilder s = new StringBuilder("{\"model\":\"gpt-4o-mini\",\"tools\":[{\"type\":\"function\",\"function\":"
                + "{\"name\":\"lookup\",\"parameters\":{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}}}],"
                + "\"messages\":[{\"role\":\"system\",\"content\":\"You are a careful research assistant.\"}");
        int n = 1;
        int turn = 0;
        while (n < messages - 1) {
            s.append(",{\"role\":\"user\",\"content\":\"Question ").append(turn)
                    .append(": what do the quarterly figures say about the growth of region ").append(turn % 7)
                    .append("? Please look it up.\"}");
            s.append(",{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_").append(turn)
                    .append("\",\"type\":\"function\",\"function\":{\"name\":\"lookup\",\"arguments\":\"{\\\"q\\\":\\\"region ")
                    .append(turn % 7).append(" growth\\\"}\"}}]}");
            s.append(",{\"role\":\"tool\",\"tool_call_id\":\"call_").append(turn)
                    .append("\",\"content\":\"Region ").append(turn % 7).append(" grew by ").append(turn % 13)
                    .append(" percent, driven by new customers and a strong renewal rate across segments.\"}");
            n += 3;
            turn++;
        }
        s.append(",{\"role\":\"user\",\"content\":\"Summarise.\"}]}");
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    record Result(long p50, long p99, double throughput) {}

    static Result sequential(HttpClient client, String url, byte[] body, int seconds) throws Exception {
        return load(client, url, body, 1, seconds);
    }

    static Result load(HttpClient client, String url, byte[] body, int clients, int seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<long[]>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String conversation = "bench-" + c + "-" + System.nanoTime();
            futures.add(pool.submit(() -> {
                long[] latencies = new long[1 << 16];
                int count = 0;
                while (System.nanoTime() < end && count < latencies.length) {
                    long t0 = System.nanoTime();
                    HttpResponse<Void> r = client.send(HttpRequest.newBuilder(URI.create(url))
                            .header("Content-Type", "application/json").header("Authorization", "Bearer sk-bench")
                            .header("X-Ordering-Guard-Conversation", conversation)
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.discarding());
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException(url + " answered " + r.statusCode());
                    }
                    latencies[count++] = System.nanoTime() - t0;
                }
                return Arrays.copyOf(latencies, count);
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> f : futures) {
            all.add(f.get());
        }
        pool.shutdown();
        long[] merged = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        return new Result(merged[merged.length / 2], merged[(int) (merged.length * 0.99)], merged.length / (double) seconds);
    }

    /**
     * Holds {@code K} requests with 1,000-message bodies in flight (the upstream answers only when all
     * have arrived), and compares the live heap then with the live heap before.
     */
    static void heapPerInFlightRequest(HttpClient client) throws Exception {
        int inFlight = 200;
        CountDownLatch arrived = new CountDownLatch(inFlight);
        Server upstream = new Server();
        ServerConnector connector = new ServerConnector(upstream);
        connector.setHost("127.0.0.1");
        upstream.addConnector(connector);
        List<Runnable> parked = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean holding = new java.util.concurrent.atomic.AtomicBoolean();
        upstream.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                // holds the answer without holding a thread: the requests stay in flight until released
                Content.Source.consumeAll(request, Callback.from(() -> {
                    Runnable answer = () -> response.write(true, ByteBuffer.wrap("{}".getBytes(StandardCharsets.UTF_8)),
                            callback);
                    if (holding.get()) {
                        parked.add(answer);
                        arrived.countDown();
                    } else {
                        answer.run();
                    }
                }, callback::failed));
                return true;
            }
        });
        upstream.start();
        byte[] body = body(1000);
        try (GuardServer proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                .upstream("openai", "http://127.0.0.1:" + connector.getLocalPort()).build(), null)) {
            String url = proxy.baseUrl() + "/v1/chat/completions";
            for (int i = 0; i < 50; i++) {
                client.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofByteArray(
                        "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"
                                .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.discarding());
            }
            long before = liveHeap();
            holding.set(true);
            AtomicInteger failures = new AtomicInteger();
            List<CompletableFuture<HttpResponse<Void>>> pending = new ArrayList<>();
            for (int i = 0; i < inFlight; i++) {
                pending.add(client.sendAsync(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.discarding()));
            }
            // the guard runs before the upstream sees a request: once all arrived, every one was checked and is held
            // by the proxy until its answer (the client side shares one body array)
            if (!arrived.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("only " + (inFlight - arrived.getCount()) + " requests arrived");
            }
            long during = liveHeap();
            parked.forEach(Runnable::run);
            for (CompletableFuture<HttpResponse<Void>> f : pending) {
                if (f.get().statusCode() != 200) {
                    failures.incrementAndGet();
                }
            }
            double perRequest = (during - before) / (double) inFlight;
            System.out.printf(Locale.ROOT, "live heap per in-flight request: %.0f KiB for a %d KiB body (%.2f x), "
                    + "%d requests in flight, %d failed%n", perRequest / 1024, body.length / 1024,
                    perRequest / body.length, inFlight, failures.get());
        } finally {
            upstream.stop();
        }
    }

    static long liveHeap() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }
}

package io.orderingguard.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real {@code redis-server} child process on a free loopback port, without persistence
 * ({@code --save '' --appendonly no}), in its own temporary directory. Tests can kill it, restart it
 * on the same port, and pause it (SIGSTOP) to make it hang while its socket stays open.
 *
 * <p>The binary is {@code $REDIS_SERVER}, else {@value #DEFAULT_BINARY}, else {@code redis-server}
 * on the {@code PATH}. Without one the tests are skipped, unless {@code CI=true}: there a missing
 * binary fails the build instead of silently skipping the Redis tests.
 *
 * <p>Published in this module's test-jar, so that other modules' tests (guard-examples) start
 * Redis the same way.
 */
public final class RedisServer implements AutoCloseable {

    static final String DEFAULT_BINARY = "/usr/bin/redis-server";

    private final Path binary;
    private final int port;
    private final Path directory;
    private Process process;

    private RedisServer(Path binary, int port, Path directory) {
        this.binary = binary;
        this.port = port;
        this.directory = directory;
    }

    /**
     * Starts a server on a free port, or skips (or, with {@code CI=true}, fails) the calling test
     * when there is no binary.
     */
    public static RedisServer start() {
        return startOn(freePort());
    }

    /** Starts a server on a given port, with the same binary rules as {@link #start()}. */
    public static RedisServer startOn(int port) {
        Path binary = binaryOrSkip(System.getenv(), Paths.get(DEFAULT_BINARY));
        try {
            RedisServer server = new RedisServer(binary, port, Files.createTempDirectory("guard-redis-test"));
            server.launch();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Finds the binary, or aborts the test (skipped) with a message saying how to get one, or fails
     * it when {@code CI=true}.
     */
    static Path binaryOrSkip(Map<String, String> env, Path defaultBinary) {
        Optional<Path> found = find(env, defaultBinary);
        if (found.isPresent()) {
            return found.get();
        }
        String message = "redis-server not found ($REDIS_SERVER, " + defaultBinary
                + ", PATH); install it with 'apt-get install -y redis-server'";
        if ("true".equalsIgnoreCase(env.get("CI"))) {
            Assertions.fail(message + "; CI=true, so the Redis integration tests must run");
        }
        Assumptions.abort(message + "; skipping the Redis integration tests");
        throw new AssertionError("unreachable");
    }

    private static Optional<Path> find(Map<String, String> env, Path defaultBinary) {
        List<Path> candidates = new ArrayList<>();
        String explicit = env.get("REDIS_SERVER");
        if (explicit != null && !explicit.isBlank()) {
            candidates.add(Paths.get(explicit));
        }
        candidates.add(defaultBinary);
        String path = env.get("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isBlank()) {
                    candidates.add(Paths.get(dir, "redis-server"));
                }
            }
        }
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** A port nothing listens on right now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The loopback port the server listens on (the same after a restart). */
    public int port() {
        return port;
    }

    /** The server's URI, {@code redis://127.0.0.1:<port>}. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Kills the server with SIGKILL, as a crash would, and waits until it is gone. */
    public void kill() {
        process.destroyForcibly();
        waitForExit();
    }

    /** Starts the server again on the same port, empty (no persistence). */
    public void restart() {
        if (process.isAlive()) {
            kill();
        }
        launch();
    }

    /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
    public void pause() {
        signal("STOP");
    }

    /** Thaws a paused server (SIGCONT). */
    public void resume() {
        signal("CONT");
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            resume();
            kill();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch() {
        try {
            process = new ProcessBuilder(binary.toString(),
                    "--port", Integer.toString(port),
                    "--bind", "127.0.0.1",
                    "--save", "",
                    "--appendonly", "no",
                    "--dir", directory.toString(),
                    "--logfile", directory.resolve("redis.log").toString(),
                    "--daemonize", "no")
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("redis.out").toFile())
                    .start();
            Process started = process;
            Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary, e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!answersPing()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("redis-server on port " + port + " did not start: " + log());
            }
            sleep(20);
        }
    }

    private boolean answersPing() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("sh", "-c", "kill -" + signal + " " + process.pid()).start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void waitForExit() {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not exit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String log() {
        try {
            Path log = directory.resolve("redis.log");
            Path out = directory.resolve("redis.out");
            return (Files.exists(log) ? Files.readString(log) : "") + (Files.exists(out) ? Files.readString(out) : "");
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

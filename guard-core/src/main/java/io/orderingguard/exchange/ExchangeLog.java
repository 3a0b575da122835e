package io.orderingguard.exchange;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Verdict;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.rule.Finding;
import io.orderingguard.support.Require;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one JSON line per answered request — a {@link GuardListener} whose
 * {@link #onVerdict onVerdict} records the request's shape, its findings and the provider's verdict.
 * {@code guard report} reads the lines back and re-checks each request with any profile.
 *
 * <pre>{@code
 * ExchangeLog log = ExchangeLog.builder(Path.of("logs/exchanges.jsonl")).build();
 * OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages").mode(Mode.SHADOW)
 *     .listener(log).build();
 * GuardResult result = guard.check(dispatch);
 * guard.answered(result, ProviderAnswer.of(status, body));   // one line in logs/exchanges.jsonl
 * log.close();                                               // on shutdown: writes what is queued
 * }</pre>
 *
 * <p>A line (one JSON object; fields may be added):
 * {@code {"time", "level", "api", "provider", "model", "profile", "mode", "shadow", "outcome",
 * "findings": [{"ruleId", "ruleType", "severity", "profile"}], "verdict": {"outcome", "status",
 * "wouldBlock", "rejectionRuleId", "rejectionText", "repaired"}, "dispatch": <dispatch document>}}.
 * {@code dispatch} is the request that was sent. At {@link Level#SHAPE} (the default) it holds no
 * text the conversation sent: texts become {@code "[redacted: N chars]"} (blank texts stay blank),
 * ids become keyed pseudonyms of the same length and character classes (two ids never share one),
 * metadata values longer than one short word become keyed hashes ({@code "h:…"}; role tags and
 * channels are kept), tool schemas keep their structure only; tool
 * names, roles, kinds, replay tags and request options are kept. The provider's error text is kept,
 * with the request's ids in it replaced by their pseudonyms. The pseudonym key is random per log
 * unless {@link Builder#hashKey} sets one (then equal ids get equal pseudonyms across logs and
 * restarts). At {@link Level#FULL} the dispatch and the error text are written as they are: the log
 * then holds the conversations and is as sensitive as they are.
 *
 * <p>The request thread never waits for the disk: {@code onVerdict} puts the verdict in a bounded
 * queue and one background thread renders and writes the lines. When the queue is full the line is
 * dropped and counted ({@link #dropped()}); a line that cannot be written is counted the same way
 * and logged once. The file is rotated at {@link Builder#maxFileBytes}: {@code exchanges.jsonl}
 * becomes {@code exchanges.000001.jsonl} (then {@code .000002.}, …) and the oldest files beyond
 * {@link Builder#maxFiles} are deleted, so {@code guard report logs/exchanges.*.jsonl
 * logs/exchanges.jsonl} reads them oldest first.
 *
 * <p>Thread-safe; the builder is not.
 */
public final class ExchangeLog implements GuardListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ExchangeLog.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Pending STOP = new Pending(null, null, null);

    /** How much of each request the log keeps. */
    public enum Level {
        /** The request's shape: no text the conversation sent (the default). */
        SHAPE,
        /** The request as sent: sensitive, as the conversations are. */
        FULL;

        /**
         * Returns the lower-case name written in each line.
         *
         * @return {@code shape} or {@code full}
         */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Level level;
    private final Clock clock;
    private final Redactor redactor;
    private final RotatingFile file;
    private final BlockingQueue<Pending> queue;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean failureLogged = new AtomicBoolean();
    private final Object progress = new Object();
    private final Thread writer;
    private long handled;

    private ExchangeLog(Builder b) {
        this.level = b.level;
        this.clock = b.clock;
        this.redactor = new Redactor(b.hashKey != null ? b.hashKey : randomKey());
        this.file = new RotatingFile(b.file, b.maxFileBytes, b.maxFiles);
        this.queue = new ArrayBlockingQueue<>(b.queueCapacity);
        this.writer = new Thread(this::drain, "ordering-guard-exchange-log");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Starts a builder for a log written to {@code file} (its directory is created when missing).
     *
     * @param file the active file; rotated files are written beside it
     * @return the builder
     */
    public static Builder builder(Path file) {
        return new Builder(Require.nonNull(file, "file"));
    }

    /**
     * Queues the line for this verdict; never blocks. Dropped and counted when the queue is full or
     * the log is closed.
     *
     * @param verdict the check joined with the answer
     * @param result the check of the request that was sent
     */
    @Override
    public void onVerdict(Verdict verdict, GuardResult result) {
        if (closed.get() || !queue.offer(new Pending(clock.instant(), verdict, result))) {
            dropped.incrementAndGet();
            return;
        }
        accepted.incrementAndGet();
    }

    /**
     * Returns how many lines were dropped: the queue was full, the log was closed, or the write failed.
     *
     * @return the count since the log was built
     */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Returns how many lines were written.
     *
     * @return the count since the log was built
     */
    public long written() {
        return written.get();
    }

    /**
     * Returns the level of the lines.
     *
     * @return shape or full
     */
    public Level level() {
        return level;
    }

    /**
     * Waits until every line queued before this call is written and flushed to the file (or dropped
     * for a failed write). For tests and orderly shutdowns; request threads never need it.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    public void flush() throws InterruptedException {
        long target = accepted.get();
        synchronized (progress) {
            while (handled < target && writer.isAlive()) {
                progress.wait(100);
            }
        }
    }

    /**
     * Stops accepting lines, writes what is queued, and closes the file. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            // the writer drains the queue; a writer that died cannot, so the wait is bounded
            if (queue.offer(STOP, 30, TimeUnit.SECONDS)) {
                writer.join(TimeUnit.SECONDS.toMillis(30));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void drain() {
        try {
            while (true) {
                Pending next = queue.poll(200, TimeUnit.MILLISECONDS);
                if (next == null) {
                    continue;
                }
                if (next == STOP) {
                    break;
                }
                write(next);
                if (queue.isEmpty()) {
                    flushFile();
                }
                markHandled();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // a verdict that raced with close() arrived after STOP: count it as dropped
            for (Pending left = queue.poll(); left != null; left = queue.poll()) {
                if (left != STOP) {
                    dropped.incrementAndGet();
                }
            }
            try {
                file.close();
            } catch (IOException e) {
                failed(e);
            }
            synchronized (progress) {
                progress.notifyAll();
            }
        }
    }

    private void write(Pending p) {
        try {
            byte[] line = MAPPER.writeValueAsBytes(line(p));
            file.append(line);
            written.incrementAndGet();
        } catch (IOException | RuntimeException e) {
            dropped.incrementAndGet();
            failed(e);
        }
    }

    private void flushFile() {
        try {
            file.flush();
        } catch (IOException e) {
            failed(e);
        }
    }

    private void markHandled() {
        synchronized (progress) {
            handled++;
            progress.notifyAll();
        }
    }

    private void failed(Exception e) {
        if (failureLogged.compareAndSet(false, true)) {
            LOG.warn("ordering guard exchange log {} cannot be written; lines are dropped and counted ({})",
                    file.path(), e.toString());
        }
    }

    private ObjectNode line(Pending p) {
        Verdict v = p.verdict;
        GuardResult r = p.result;
        ObjectNode document = DispatchCodec.defaults().toTree(r.dispatch());
        boolean shape = level == Level.SHAPE;
        ObjectNode line = NODES.objectNode();
        line.put("time", p.time.toString());
        line.put("level", level.wireName());
        putIfPresent(line, "api", v.api());
        putIfPresent(line, "provider", v.provider());
        putIfPresent(line, "model", v.model());
        line.put("profile", v.profile());
        line.put("mode", r.mode().name().toLowerCase(Locale.ROOT));
        line.put("shadow", r.shadow());
        line.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
        ArrayNode findings = line.putArray("findings");
        for (Finding f : r.findings()) {
            ObjectNode node = findings.addObject();
            node.put("ruleId", f.ruleId());
            node.put("ruleType", f.ruleType());
            node.put("severity", f.severity().wireName());
            node.put("profile", f.profile());
        }
        ObjectNode verdict = line.putObject("verdict");
        verdict.put("outcome", v.outcome().wireName());
        verdict.put("status", v.status());
        ArrayNode wouldBlock = verdict.putArray("wouldBlock");
        v.wouldBlock().forEach(wouldBlock::add);
        putIfPresent(verdict, "rejectionRuleId", v.rejectionRuleId());
        putIfPresent(verdict, "rejectionText", shape ? redactor.errorText(v.rejectionText(), document) : v.rejectionText());
        verdict.put("repaired", v.repaired());
        line.set("dispatch", shape ? redactor.shape(document) : document);
        return line;
    }

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    private record Pending(Instant time, Verdict verdict, GuardResult result) {}

    /**
     * Configures an {@link ExchangeLog}. Not thread-safe.
     */
    public static final class Builder {

        private final Path file;
        private Level level = Level.SHAPE;
        private long maxFileBytes = 64L * 1024 * 1024;
        private int maxFiles = 5;
        private int queueCapacity = 10_000;
        private Clock clock = Clock.systemUTC();
        private byte[] hashKey;

        private Builder(Path file) {
            this.file = file;
        }

        /**
         * Sets how much of each request is kept (default {@link Level#SHAPE}).
         *
         * @param value the level
         * @return this builder
         */
        public Builder level(Level value) {
            this.level = Require.nonNull(value, "level");
            return this;
        }

        /**
         * Sets the size at which the active file is rotated (default 64 MiB). A line longer than this
         * is written alone in a file.
         *
         * @param value bytes, at least 1024
         * @return this builder
         * @throws IllegalArgumentException when below 1024
         */
        public Builder maxFileBytes(long value) {
            Require.argument(value >= 1024, "maxFileBytes must be >= 1024, but was " + value);
            this.maxFileBytes = value;
            return this;
        }

        /**
         * Sets how many files are kept, the active one included (default 5).
         *
         * @param value at least 1
         * @return this builder
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxFiles(int value) {
            Require.argument(value >= 1, "maxFiles must be >= 1, but was " + value);
            this.maxFiles = value;
            return this;
        }

        /**
         * Sets how many lines may wait for the writer thread before new ones are dropped (default 10,000).
         *
         * @param value at least 1
         * @return this builder
         * @throws IllegalArgumentException when below 1
         */
        public Builder queueCapacity(int value) {
            Require.argument(value >= 1, "queueCapacity must be >= 1, but was " + value);
            this.queueCapacity = value;
            return this;
        }

        /**
         * Sets the clock of the lines' {@code time} (default UTC system clock).
         *
         * @param value the clock
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = Require.nonNull(value, "clock");
            return this;
        }

        /**
         * Sets the key of the pseudonyms and hashes, so that equal ids and metadata values get equal
         * pseudonyms across logs, instances and restarts (default: a random key per log). Keep it
         * secret: with the key, a guessed id can be confirmed.
         *
         * @param secret the key, at least 16 characters
         * @return this builder
         * @throws IllegalArgumentException when shorter than 16 characters
         */
        public Builder hashKey(String secret) {
            Require.nonNull(secret, "hashKey");
            Require.argument(secret.length() >= 16, "hashKey must have at least 16 characters, but has "
                    + secret.length());
            this.hashKey = secret.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        /**
         * Builds the log and starts its writer thread. The file is opened on the first line.
         *
         * @return the log; {@link ExchangeLog#close() close} it on shutdown
         */
        public ExchangeLog build() {
            return new ExchangeLog(this);
        }
    }
}

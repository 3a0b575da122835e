package io.orderingguard.server;

import java.time.Instant;
import java.util.function.Consumer;

/**
 * One line per request, without bodies, query strings (a Gemini key may ride in {@code ?key=}) or
 * headers (credentials): time, client address, method and path, status, upstream, the guard's verdict
 * and the blocking rule ids, duration, bytes in and out, and the conversation id when the client named
 * one.
 *
 * <pre>
 * 2026-12-07T18:30:00.123Z 127.0.0.1 "POST /v1/chat/completions" 400 upstream=openai guard=rejected rules=openai-tool-message-follows-call ms=3.1 in=1834 out=412
 * </pre>
 */
final class AccessLog {

    private final Consumer<String> sink;

    /**
     * Writes lines to a sink.
     *
     * @param sink receives each line, or {@code null} to log nothing
     */
    public AccessLog(Consumer<String> sink) {
        this.sink = sink;
    }

    void log(String client, String method, String path, int status, String upstream, String verdict, String rules,
            long nanos, long bytesIn, long bytesOut, String conversation) {
        if (sink == null) {
            return;
        }
        StringBuilder line = new StringBuilder(160)
                .append(Instant.now()).append(' ').append(client).append(" \"").append(method).append(' ')
                .append(path).append("\" ").append(status)
                .append(" upstream=").append(upstream == null ? "-" : upstream)
                .append(" guard=").append(verdict);
        if (rules != null && !rules.isEmpty()) {
            line.append(" rules=").append(rules);
        }
        long tenths = (nanos + 50_000) / 100_000;
        line.append(" ms=").append(tenths / 10).append('.').append(tenths % 10)
                .append(" in=").append(bytesIn).append(" out=").append(bytesOut);
        if (conversation != null) {
            line.append(" conversation=").append(safe(conversation));
        }
        sink.accept(line.toString());
    }

    /** Keeps a client-chosen id from breaking the line (or forging another one). */
    private static String safe(String value) {
        char[] v = value.substring(0, Math.min(value.length(), 128)).toCharArray();
        for (int i = 0; i < v.length; i++) {
            char c = v[i];
            boolean kept = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || "._:@/+=-".indexOf(c) >= 0;
            v[i] = kept ? c : '_';
        }
        return new String(v);
    }
}

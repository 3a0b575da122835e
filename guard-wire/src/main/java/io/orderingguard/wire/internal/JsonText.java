package io.orderingguard.wire.internal;

/**
 * A strict scanner of JSON text (RFC 8259: no comments, no single quotes, no leading zeros, only the
 * standard escapes) that tells whether a text starts with a JSON object, without creating anything.
 * It is the fast path of {@link Blocks#isJsonObject}: {@code true} is certain (Jackson's parser, with
 * its defaults, reads such a text as that object); {@code false} means "not sure" — a text it does not
 * accept (anything outside strict JSON, nesting deeper than {@value #MAX_DEPTH}, a number longer than
 * {@value #MAX_NUMBER} characters, a field name longer than {@value #MAX_NAME}) is left to Jackson.
 *
 * <p>Thread-safe: one instance scans one text.
 */
final class JsonText {

    private static final int MAX_DEPTH = 100;
    private static final int MAX_NUMBER = 100;
    private static final int MAX_NAME = 1_000;

    private final String text;
    private int at;

    private JsonText(String text) {
        this.text = text;
    }

    /**
     * Returns {@code true} when the text (after white space) is a complete strict JSON object; what
     * follows the object is not read, as Jackson's {@code readTree} does not read it.
     */
    static boolean startsWithObject(String text) {
        JsonText scan = new JsonText(text);
        scan.skipSpace();
        return scan.peek() == '{' && scan.value(0);
    }

    private int peek() {
        return at < text.length() ? text.charAt(at) : -1;
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private boolean value(int depth) {
        int c = peek();
        switch (c) {
            case '{':
                return depth < MAX_DEPTH && object(depth + 1);
            case '[':
                return depth < MAX_DEPTH && array(depth + 1);
            case '"':
                return string(Integer.MAX_VALUE);
            case 't':
                return literal("true");
            case 'f':
                return literal("false");
            case 'n':
                return literal("null");
            default:
                return (c == '-' || c >= '0' && c <= '9') && number();
        }
    }

    private boolean object(int depth) {
        at++;
        skipSpace();
        if (peek() == '}') {
            at++;
            return true;
        }
        while (true) {
            if (peek() != '"' || !string(MAX_NAME)) {
                return false;
            }
            skipSpace();
            if (peek() != ':') {
                return false;
            }
            at++;
            skipSpace();
            if (!value(depth)) {
                return false;
            }
            skipSpace();
            int c = peek();
            at++;
            if (c == '}') {
                return true;
            }
            if (c != ',') {
                return false;
            }
            skipSpace();
        }
    }

    private boolean array(int depth) {
        at++;
        skipSpace();
        if (peek() == ']') {
            at++;
            return true;
        }
        while (true) {
            if (!value(depth)) {
                return false;
            }
            skipSpace();
            int c = peek();
            at++;
            if (c == ']') {
                return true;
            }
            if (c != ',') {
                return false;
            }
            skipSpace();
        }
    }

    private boolean string(int maxLength) {
        int start = ++at;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return at - 1 - start <= maxLength;
            }
            if (c < 0x20) {
                return false;
            }
            if (c == '\\') {
                if (at >= text.length()) {
                    return false;
                }
                char e = text.charAt(at++);
                if (e == 'u') {
                    for (int k = 0; k < 4; k++) {
                        if (at >= text.length() || !hex(text.charAt(at++))) {
                            return false;
                        }
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    return false;
                }
            }
        }
        return false;
    }

    private static boolean hex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private boolean literal(String word) {
        if (!text.startsWith(word, at)) {
            return false;
        }
        at += word.length();
        return true;
    }

    private boolean number() {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        if (peek() == '0') {
            at++;
        } else if (!digits()) {
            return false;
        }
        if (peek() == '.') {
            at++;
            if (!digits()) {
                return false;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            at++;
            if (peek() == '+' || peek() == '-') {
                at++;
            }
            if (!digits()) {
                return false;
            }
        }
        return at - start <= MAX_NUMBER;
    }

    private boolean digits() {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        return at > start;
    }
}

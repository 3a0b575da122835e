package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strings of a request body as the streaming read keeps them: the values every body repeats (roles,
 * block and part types) as one shared string each, every other one as a new string, made straight from
 * the body's bytes where {@link BodyParser} allows it.
 */
final class StringValues {

    /** The values every body repeats (roles, block and part types), kept as one string each. */
    private static final String[] SYMBOLS = {"user", "assistant", "model", "tool", "system", "developer", "text",
        "thinking", "tool_use", "tool_result", "function", "message", "reasoning", "function_call",
        "function_call_output", "input_text", "output_text", "summary_text", "success", "error", "auto"};
    private static final int LONGEST_SYMBOL = 20;
    private static final String[][] SYMBOLS_BY_LENGTH = byLength();

    private StringValues() {
    }

    /**
     * Returns the string the parser is on: one of the {@link #SYMBOLS} when it spells one (roles and block
     * types, which every block repeats), else a new string; made from the body when the parser is a
     * {@link BodyParser} and the string has no escape, else read by the parser.
     *
     * @param parser the parser, on a string
     * @param body the bytes it parses
     * @return the string
     * @throws IOException when the parser refuses the string
     */
    static String read(JsonParser parser, byte[] body) throws IOException {
        if (parser instanceof BodyParser p) {
            int quote = p.plainStringEnd();
            if (quote >= 0) {
                int from = p.plainStringStart();
                String plain = p.plainStringIsAscii() ? plainText(body, from, quote) : utf8Text(body, from, quote);
                if (plain != null) {
                    p.skipPlainString(quote);
                    return plain;
                }
            } else {
                int length = p.escapedStringLength();
                if (length >= 0) {
                    String text = plainText(p.decoded(), 0, length);
                    p.skipPlainString(p.decodedQuote());
                    return text;
                }
            }
        }
        int length = parser.getTextLength();
        if (length > LONGEST_SYMBOL) {
            return parser.getText();
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        for (String symbol : SYMBOLS_BY_LENGTH[length]) {
            if (symbol.charAt(0) == chars[offset] && matches(symbol, chars, offset)) {
                return symbol;
            }
        }
        return new String(chars, offset, length);
    }

    /** The plain string from {@code from} to its closing quote: a symbol, else a copy of its bytes. */
    private static String plainText(byte[] body, int from, int quote) {
        int length = quote - from;
        if (length <= LONGEST_SYMBOL) {
            for (String symbol : SYMBOLS_BY_LENGTH[length]) {
                if (matches(symbol, body, from)) {
                    return symbol;
                }
            }
        }
        return new String(body, from, length, StandardCharsets.ISO_8859_1);
    }

    /**
     * The UTF-8 string from {@code from} to its closing quote, or {@code null} when its bytes are not
     * well-formed UTF-8 (the decoder puts a replacement character where the parser would refuse the
     * body; a replacement character written in the body is left to the parser too).
     */
    private static String utf8Text(byte[] body, int from, int quote) {
        String text = new String(body, from, quote - from, StandardCharsets.UTF_8);
        return text.indexOf('\uFFFD') < 0 ? text : null;
    }

    private static boolean matches(String symbol, byte[] bytes, int offset) {
        for (int i = 0; i < symbol.length(); i++) {
            if (symbol.charAt(i) != bytes[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(String symbol, char[] chars, int offset) {
        for (int i = 1; i < symbol.length(); i++) {
            if (symbol.charAt(i) != chars[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private static String[][] byLength() {
        String[][] table = new String[LONGEST_SYMBOL + 1][];
        for (int length = 0; length <= LONGEST_SYMBOL; length++) {
            int n = length;
            table[length] = Arrays.stream(SYMBOLS).filter(symbol -> symbol.length() == n)
                    .toArray(String[]::new);
        }
        return table;
    }
}

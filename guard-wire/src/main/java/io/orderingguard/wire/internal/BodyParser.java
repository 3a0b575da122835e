package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.json.UTF8StreamJsonParser;
import com.fasterxml.jackson.core.sym.ByteQuadsCanonicalizer;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Jackson's UTF-8 parser over a whole request body, which also hands the streaming read a string the
 * parser has not read yet as a range of the body. Almost every string of a request body has no escape;
 * for such a string the bytes between the quotes are its UTF-8 (mostly ASCII) characters, so the read
 * makes the string from them in one copy (an ASCII string) or one decode, where the parser would decode
 * them one by one into a buffer of chars, copy the chars and compress them to bytes again (a third of a
 * wire check went there). A string with an escape or a control character is left to the parser, which
 * reads or refuses it as before.
 *
 * <p>Not thread-safe, like every parser.
 */
final class BodyParser extends UTF8StreamJsonParser {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long SPACES = ONES * ' ';

    /** Whether the string {@link #plainStringEnd()} last found is ASCII. */
    private boolean ascii;
    /** The characters {@link #escapedStringLength()} last decoded, one byte each, and its closing quote. */
    private byte[] decoded;
    private int decodedQuote;

    private BodyParser(IOContext context, int features, JsonFactory factory, ByteQuadsCanonicalizer names,
            byte[] body, int start, int end) {
        super(context, features, null, factory.getCodec(), names, body, start, end, 0, false);
    }

    /**
     * Returns the position of the closing quote of the current string when the parser is on a string it
     * has not read and the string has no escape and no control character; else -1 (the parser reads the
     * string). {@link #plainStringIsAscii()} then tells whether every byte of it is ASCII.
     *
     * @return the closing quote's index in the body, or -1
     */
    int plainStringEnd() {
        if (_currToken != JsonToken.VALUE_STRING || !_tokenIncomplete) {
            return -1;
        }
        byte[] body = _inputBuffer;
        int end = _inputEnd;
        int i = _inputPtr; // just past the opening quote: where the parser's own skip would start
        long high = 0;
        // eight bytes at a time: the lowest byte flagged is the first quote, backslash or control character
        // (a borrow only ever flags bytes above a genuine one); bytes of multi-byte characters are not flagged
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long w = (long) LONGS.get(body, i);
            long quotes = w ^ QUOTES;
            long backslashes = w ^ BACKSLASHES;
            long flagged = ((quotes - ONES) & ~quotes | (backslashes - ONES) & ~backslashes | (w - SPACES) & ~w)
                    & HIGH_BITS;
            if (flagged == 0) {
                high |= w;
                continue;
            }
            int bit = Long.numberOfTrailingZeros(flagged) - 7; // the flagged byte's lowest bit
            high |= w & ((1L << bit) - 1);
            ascii = (high & HIGH_BITS) == 0;
            int at = i + (bit >>> 3);
            return body[at] == '"' ? withinLimit(at) : -1;
        }
        boolean nonAscii = (high & HIGH_BITS) != 0;
        for (; i < end; i++) {
            byte b = body[i];
            if (b == '"') {
                ascii = !nonAscii;
                return withinLimit(i);
            }
            if (b >= 0 && b < ' ' || b == '\\') {
                return -1;
            }
            nonAscii |= b < 0;
        }
        return -1;
    }

    /**
     * Decodes the current string when the parser has not read it, it is ASCII with escapes, and every
     * escape stands for a character below 256 (arguments written as a JSON string: {@code "{\"q\": 1}"}),
     * so the string is one byte per character; else -1 (the parser reads the string, or refuses it: an
     * unknown escape, a control character). The characters are then in {@link #decoded()} and the
     * closing quote at {@link #decodedQuote()}.
     *
     * @return the number of characters, or -1
     */
    int escapedStringLength() {
        if (_currToken != JsonToken.VALUE_STRING || !_tokenIncomplete) {
            return -1;
        }
        byte[] body = _inputBuffer;
        int end = _inputEnd;
        byte[] out = decoded;
        int n = 0;
        for (int i = _inputPtr; i < end; ) {
            int b = body[i++];
            if (b == '"') {
                if (n > _streamReadConstraints.getMaxStringLength()) {
                    return -1;
                }
                decodedQuote = i - 1;
                return n;
            }
            if (b < ' ') {
                return -1; // a control character, or a byte of a multi-byte character
            }
            if (b == '\\') {
                if (i >= end) {
                    return -1;
                }
                switch (body[i++]) {
                    case '"' -> b = '"';
                    case '\\' -> b = '\\';
                    case '/' -> b = '/';
                    case 'b' -> b = '\b';
                    case 'f' -> b = '\f';
                    case 'n' -> b = '\n';
                    case 'r' -> b = '\r';
                    case 't' -> b = '\t';
                    case 'u' -> {
                        b = i + 4 <= end ? hex(body, i) : -1;
                        if (b < 0 || b > 0xFF) {
                            return -1;
                        }
                        i += 4;
                    }
                    default -> {
                        return -1;
                    }
                }
            }
            if (out == null || n == out.length) {
                out = decoded = out == null ? new byte[256] : Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = (byte) b;
        }
        return -1;
    }

    /** The four hex digits at {@code at} as a number, or -1. */
    private static int hex(byte[] body, int at) {
        int value = 0;
        for (int k = at; k < at + 4; k++) {
            int digit = Character.digit(body[k], 16);
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    /**
     * Returns the characters {@link #escapedStringLength()} decoded, one byte each (ISO-8859-1).
     *
     * @return the buffer; its first characters are the string
     */
    byte[] decoded() {
        return decoded;
    }

    /**
     * Returns the closing quote of the string {@link #escapedStringLength()} decoded, for
     * {@link #skipPlainString}.
     *
     * @return the quote's index in the body
     */
    int decodedQuote() {
        return decodedQuote;
    }

    /**
     * Returns whether the string {@link #plainStringEnd()} found is ASCII (its bytes are its characters);
     * else it is UTF-8 the caller decodes.
     *
     * @return whether every byte is below 128
     */
    boolean plainStringIsAscii() {
        return ascii;
    }

    /** The quote, or -1 when the string is longer than the parser allows (the parser refuses it). */
    private int withinLimit(int quote) {
        return quote - _inputPtr <= _streamReadConstraints.getMaxStringLength() ? quote : -1;
    }

    /**
     * Returns where the characters of the current string start, when {@link #plainStringEnd()} found its
     * end.
     *
     * @return the index in the body just past the opening quote
     */
    int plainStringStart() {
        return _inputPtr;
    }

    /**
     * Moves past the current string, whose closing quote {@link #plainStringEnd()} found (the caller made
     * the string from the body).
     *
     * @param quote the closing quote's index
     */
    void skipPlainString(int quote) {
        _inputPtr = quote + 1;
        _tokenIncomplete = false;
    }

    /**
     * Returns whether bytes start as a JSON object in UTF-8 without a byte order mark (an opening brace or
     * whitespace first; UTF-16 and a byte order mark start otherwise): the bodies the streaming read takes.
     *
     * @param data the bytes
     * @param offset where the body starts
     * @param len the body's length
     * @return whether the body starts so
     */
    static boolean startsAsUtf8Json(byte[] data, int offset, int len) {
        if (len == 0) {
            return false;
        }
        byte first = data[offset];
        return first == '{' || first == ' ' || first == '\n' || first == '\r' || first == '\t';
    }

    /**
     * The factory of the streaming read: its parsers over a byte array that starts as UTF-8 JSON without a
     * byte order mark are {@link BodyParser}s (the streaming read accepts only such bodies); anything else
     * is parsed as the plain factory would.
     */
    static final class Factory extends JsonFactory {

        private static final long serialVersionUID = 1L;

        Factory(JsonFactoryBuilder builder) {
            super(builder);
        }

        @Override
        protected JsonParser _createParser(byte[] data, int offset, int len, IOContext context) throws IOException {
            if (!startsAsUtf8Json(data, offset, len)) {
                return super._createParser(data, offset, len, context);
            }
            context.setEncoding(JsonEncoding.UTF8);
            return new BodyParser(context, _parserFeatures, this, _byteSymbolCanonicalizer.makeChildOrPlaceholder(
                    _factoryFeatures), data, offset, offset + len);
        }
    }
}

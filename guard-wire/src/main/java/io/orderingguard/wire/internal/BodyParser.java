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

/**
 * Jackson's UTF-8 parser over a whole request body, which also hands the streaming read a string the
 * parser has not read yet as a range of the body. Almost every string of a request body is ASCII without
 * escapes; for such a string the bytes between the quotes are its characters, so the read copies them
 * into a string once, where the parser would decode them one by one into a buffer of chars, copy the chars
 * and compress them to bytes again (a third of a wire check went there). Any other string (an escape, a
 * control character, a multi-byte character) is left to the parser, which reads or refuses it as before.
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

    private BodyParser(IOContext context, int features, JsonFactory factory, ByteQuadsCanonicalizer names,
            byte[] body, int start, int end) {
        super(context, features, null, factory.getCodec(), names, body, start, end, 0, false);
    }

    /**
     * Returns the position of the closing quote of the current string when the parser is on a string it
     * has not read and the string is ASCII without escapes; else -1 (the parser reads the string).
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
        // eight bytes at a time: the lowest byte flagged is the first quote, backslash, control character
        // or non-ASCII byte (a borrow only ever flags bytes above a genuine one)
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long w = (long) LONGS.get(body, i);
            long quotes = w ^ QUOTES;
            long backslashes = w ^ BACKSLASHES;
            long flagged = ((quotes - ONES) & ~quotes | (backslashes - ONES) & ~backslashes | (w - SPACES) & ~w | w)
                    & HIGH_BITS;
            if (flagged != 0) {
                int at = i + (Long.numberOfTrailingZeros(flagged) >>> 3);
                return body[at] == '"' ? withinLimit(at) : -1;
            }
        }
        for (; i < end; i++) {
            byte b = body[i];
            if (b == '"') {
                return withinLimit(i);
            }
            if (b < ' ' || b == '\\') {
                return -1;
            }
        }
        return -1;
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
            if (len == 0 || !(data[offset] == '{' || data[offset] == ' ' || data[offset] == '\n'
                    || data[offset] == '\r' || data[offset] == '\t')) {
                return super._createParser(data, offset, len, context);
            }
            context.setEncoding(JsonEncoding.UTF8);
            return new BodyParser(context, _parserFeatures, this, _byteSymbolCanonicalizer.makeChildOrPlaceholder(
                    _factoryFeatures), data, offset, offset + len);
        }
    }
}

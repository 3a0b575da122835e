package io.orderingguard.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequestParameters;

/**
 * The codec a guarded model made for its delegate's default parameters, kept until they change: a
 * model's provider, layout and options are fixed, its defaults usually are, and making the codec anew
 * merges options and walks the delegate's class on every request.
 *
 * <p>Thread-safe: one immutable pair behind a volatile field; a race only makes a codec twice.
 */
final class CodecMemo {

    private volatile Made made;

    private record Made(ChatRequestParameters defaults, ChatRequestCodec codec) {
    }

    /**
     * Returns the codec made for these very defaults, or {@code null}.
     *
     * @param defaults the delegate's current default parameters
     * @return the codec, or {@code null} when none was made for them
     */
    ChatRequestCodec reuse(ChatRequestParameters defaults) {
        Made m = made;
        return m != null && m.defaults() == defaults ? m.codec() : null;
    }

    /**
     * Keeps the codec made for these defaults.
     *
     * @param defaults the delegate's default parameters
     * @param codec the codec made for them
     * @return the codec
     */
    ChatRequestCodec remember(ChatRequestParameters defaults, ChatRequestCodec codec) {
        made = new Made(defaults, codec);
        return codec;
    }
}

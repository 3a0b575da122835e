package io.orderingguard.testing.emulator;

import java.util.List;

/** The provider APIs the {@link ProviderEmulator} speaks. */
public enum Wire {

    /** OpenAI Chat Completions: {@code POST /v1/chat/completions} (and {@code /chat/completions}). */
    OPENAI_CHAT_COMPLETIONS(List.of("/v1/chat/completions", "/chat/completions")),

    /** Anthropic Messages: {@code POST /v1/messages} (and {@code /messages}). */
    ANTHROPIC_MESSAGES(List.of("/v1/messages", "/messages"));

    private final List<String> paths;

    Wire(List<String> paths) {
        this.paths = paths;
    }

    /**
     * Returns the request paths this wire is served on.
     *
     * @return the paths, the versioned one first
     */
    public List<String> paths() {
        return paths;
    }

    static Wire forPath(String path) {
        for (Wire wire : values()) {
            if (wire.paths.contains(path)) {
                return wire;
            }
        }
        return null;
    }
}

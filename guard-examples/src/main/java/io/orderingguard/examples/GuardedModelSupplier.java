package io.orderingguard.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.GuardedChatModel;
import io.orderingguard.profiles.Profiles;
import java.util.function.Supplier;

/**
 * The Quarkus LangChain4j recipe: the model supplier of an AI service is the one hook that sees
 * every request of its tool loop (Quarkus's request transformer sees only the first), so it returns
 * the guard's decorator around the provider's model.
 *
 * <pre>{@code
 * @RegisterAiService(chatLanguageModelSupplier = GuardedModelSupplier.class, tools = OrderTools.class)
 * public interface Assistant {
 *     String chat(@MemoryId String customer, @UserMessage String question);
 * }
 * }</pre>
 *
 * <p>Quarkus instantiates the supplier through its no-argument constructor and calls {@link #get()}
 * once per AI service. This class compiles against plain LangChain4j (the Quarkus extension is not
 * a dependency of the examples); it reads its settings from system properties or the environment, as
 * a Quarkus application would from its configuration ({@code quarkus.langchain4j.openai.*}).
 */
public final class GuardedModelSupplier implements Supplier<ChatModel> {

    /** System property (or, upper-cased with {@code _}, environment variable) naming the API base URL. */
    public static final String BASE_URL = "ordering-guard.example.openai.base-url";

    /** The guard: one per application, thread-safe; the profile follows each request's model id. */
    private static final OrderingGuard GUARD = OrderingGuard.builder()
            .selectProfiles(Profiles.selector())
            .mode(Mode.MUTATE)
            .build();

    /** Creates the supplier (Quarkus calls this constructor). */
    public GuardedModelSupplier() {
        // settings are read in get(), when Quarkus asks for the model
    }

    /**
     * Returns the provider's model wrapped in the guard's decorator.
     *
     * @return the guarded model
     */
    @Override
    public ChatModel get() {
        ChatModel provider = OpenAiChatModel.builder()
                .baseUrl(setting(BASE_URL, "https://api.openai.com/v1"))
                .apiKey(setting("ordering-guard.example.openai.api-key", "missing-key"))
                .modelName("gpt-4o-mini")
                .build();
        return GuardedChatModel.wrap(provider, GUARD);
    }

    private static String setting(String property, String fallback) {
        String value = System.getProperty(property);
        if (value == null) {
            value = System.getenv(property.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return value == null || value.isBlank() ? fallback : value;
    }
}

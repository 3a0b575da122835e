package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardConfigException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link ModelSelector#alias}: the target must be a model id the model table knows, not only its line. */
class ModelAliasTest {

    @ParameterizedTest
    @ValueSource(strings = {"gpt-4o", "gpt-4o-2024-08-06", "gpt-4o-mini", "gpt-4.1-nano", "o3-mini", "o4-mini", "gpt-5",
        "gpt-5-chat-latest", "chatgpt-4o-latest", "gpt-4o-realtime-preview", "o1-preview", "claude-sonnet-4-5",
        "claude-sonnet-4-5-20250929", "claude-3-5-sonnet-latest", "claude-3-7-sonnet-20250219", "claude-haiku-4-5",
        "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "gemini-2.5-pro", "gemini-2.5-flash-preview-05-20",
        "gemini-3-pro-preview", "gemini-2.0-flash-lite", "gemini-flash-latest", "deepseek-chat", "deepseek-reasoner",
        "deepseek-v3.2-exp", "mistral-large-latest", "mistral-small-3.2-24b-instruct-2506", "open-mistral-nemo",
        "magistral-medium-2509", "codestral-latest", "devstral-small-2505", "llama-3.3-70b-versatile",
        "meta-llama/Llama-3.1-8B-Instruct", "llama-4-maverick-17b-128e-instruct-fp8", "Qwen/Qwen3-235B-A22B-Thinking-2507",
        "command-r-plus-08-2024", "command-a-03-2025", "gemma-3-27b-it", "zai-org/GLM-4.6", "moonshotai/Kimi-K2-Instruct",
        "MiniMax-M2", "openai/gpt-oss-120b", "microsoft/Phi-4-mini-instruct", "granite-3.3-8b-instruct",
        "ibm-granite/granite-4.0-h-small", "nvidia/Llama-3_3-Nemotron-Super-49B-v1", "jamba-1.5-large"})
    void should_accept_a_real_model_id(String modelId) {
        assertThat(Profiles.selector().alias("prod", modelId).aliases()).containsEntry("prod", modelId);
    }

    @Test
    void should_fail_when_the_target_holds_a_part_the_model_table_does_not_know() {
        assertThatThrownBy(() -> Profiles.selector().alias("prod", "gpt-4o-typo"))
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid model alias: alias 'prod' names model 'gpt-4o-typo', a model id it does not know: "
                        + "the model table matches 'gpt-4o' (openai-chat) but knows no model id part 'typo'; did you "
                        + "mean gpt-4o?");
    }

    @Test
    void should_name_the_closest_known_id_for_a_mistyped_qualifier() {
        assertThatThrownBy(() -> Profiles.selector().alias("prod", "gpt-4o-mnii"))
                .hasMessageEndingWith("knows no model id part 'mnii'; did you mean gpt-4o-mini?");
        assertThatThrownBy(() -> Profiles.selector().alias("prod", "claude-sonnet-4-5-latset"))
                .hasMessageEndingWith("knows no model id part 'latset'; did you mean claude-sonnet-4-5-latest?");
    }

    @Test
    void should_fail_when_no_family_is_known_for_the_target() {
        assertThatThrownBy(() -> Profiles.selector().alias("prod", "acme-9000"))
                .hasMessage("invalid model alias: alias 'prod' names model 'acme-9000', for which no profile is known; "
                        + "give a model id from guard profiles' model table (e.g. gpt-4o, claude-sonnet-4-5, "
                        + "gemini-2.5-pro)");
    }
}

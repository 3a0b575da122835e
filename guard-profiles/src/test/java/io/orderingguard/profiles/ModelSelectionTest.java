package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Model id (and provider) → family, for real model ids. */
class ModelSelectionTest {

    @ParameterizedTest(name = "{0} / {1} -> {2} ({3})")
    @CsvSource(nullValues = "-", textBlock = """
            -,                 claude-sonnet-4-5-20250929,                       anthropic-messages,       confirmed
            anthropic,         claude-3-5-sonnet-20241022,                       anthropic-messages,       confirmed
            anthropic,         claude-3-7-sonnet-20250219,                       anthropic-messages,       confirmed
            anthropic,         claude-opus-4-1-20250805,                         anthropic-messages,       confirmed
            anthropic,         claude-haiku-4-5,                                 anthropic-messages,       confirmed
            vertex,            claude-sonnet-4-5@20250929,                       anthropic-messages,       confirmed
            anthropic,         claude-2.1,                                       anthropic-messages,       guessed
            -,                 us.anthropic.claude-3-7-sonnet-20250219-v1:0,     bedrock-converse-claude,  confirmed
            bedrock,           us.anthropic.claude-3-7-sonnet-20250219-v1:0,     bedrock-converse-claude,  confirmed
            bedrock,           anthropic.claude-sonnet-4-5-20250929-v1:0,        bedrock-converse-claude,  confirmed
            bedrock,           claude-3-7-sonnet,                                bedrock-converse-claude,  confirmed
            -,                 us.amazon.nova-pro-v1:0,                          bedrock-converse-api,     documented
            -,                 meta.llama3-1-70b-instruct-v1:0,                  bedrock-converse-api,     documented
            bedrock,           mistral.mistral-large-2407-v1:0,                  bedrock-converse-api,     documented
            bedrock,           us.deepseek.r1-v1:0,                              bedrock-converse-api,     documented
            bedrock,           some-custom-model,                                bedrock-converse-api,     documented
            -,                 gpt-4o-mini,                                      openai-chat,              confirmed
            openai,            gpt-4o,                                           openai-chat,              confirmed
            azure-openai,      gpt-4.1,                                          openai-chat,              confirmed
            openai,            gpt-5,                                            openai-chat,              documented
            openai,            gpt-4.5-preview,                                  openai-chat,              documented
            openai,            o3-mini,                                          openai-chat,              documented
            -,                 o1-mini,                                          openai-chat-o1-mini,      confirmed
            openai,            o1-preview,                                       openai-chat-o1-mini,      confirmed
            openai-responses,  gpt-5,                                            openai-responses,         documented
            openai-responses,  o4-mini,                                          openai-responses,         documented
            -,                 gpt-5-codex,                                      openai-responses,         documented
            openai,            codex-mini-latest,                                openai-responses,         documented
            -,                 gemini-3-pro-preview,                             gemini-3-api,             confirmed
            gemini,            gemini-3-flash-preview,                           gemini-3-api,             confirmed
            vertex,            gemini-3.5-flash-lite,                            gemini-3-api,             confirmed
            gemini,            models/gemini-3-pro-preview,                      gemini-3-api,             confirmed
            gemini,            gemini-3-pro-image-preview,                       gemini-2-5-api,           documented
            -,                 gemini-2.5-flash,                                 gemini-2-5-api,           confirmed
            vertex,            gemini-2.5-pro,                                   gemini-2-5-api,           confirmed
            gemini,            gemini-flash-lite-latest,                         gemini-3-api,             guessed
            gemini,            gemini-2.0-flash,                                 gemini-legacy-api,        confirmed
            -,                 deepseek-r1,                                      deepseek-r1-api,          confirmed
            -,                 deepseek-ai/DeepSeek-R1-Distill-Llama-8B,         deepseek-r1-api,          guessed
            deepseek,          deepseek-reasoner,                                deepseek-v4-api-thinking, documented
            deepseek,          deepseek-chat,                                    deepseek-v4-api,          documented
            -,                 deepseek-v4,                                      deepseek-v4-api,          confirmed
            -,                 deepseek-v3.2,                                    deepseek-v3-2-api,        confirmed
            -,                 deepseek-v3.2-exp,                                deepseek-v3-2-api,        confirmed
            -,                 deepseek-v3,                                      deepseek-v3-base,         documented
            -,                 meta-llama/Llama-3.1-8B-Instruct,                 llama-3-template,         confirmed
            ollama,            llama3.2:3b,                                      llama-3-template,         confirmed
            -,                 meta-llama/Llama-3.3-70B-Instruct,                llama-3-template,         confirmed
            -,                 meta-llama/Llama-4-Maverick-17B-128E-Instruct,    llama-4,                  documented
            -,                 ibm/granite-3-8b-instruct,                        granite-3-template,       documented
            ollama,            granite3.1-dense:8b,                              granite-3-template,       documented
            watsonx,           ibm/granite-4-h-small,                            granite-4-template,       confirmed
            -,                 mistral-large-latest,                             mistral-api,              documented
            mistral,           magistral-medium-2509,                            mistral-reasoning-api,    confirmed
            -,                 mistralai/Mistral-7B-Instruct-v0.3,               mistral-api,              documented
            mistral,           codestral-latest,                                 mistral-api,              documented
            cohere,            command-a-03-2025,                                cohere-v2,                documented
            -,                 command-r-plus-08-2024,                           cohere-v2,                documented
            -,                 qwen3-235b-a22b,                                  qwen-3-api,               documented
            -,                 Qwen/Qwen3-8B,                                    qwen-3-api,               documented
            dashscope,         qwen-plus,                                        qwen-3-api,               guessed
            -,                 Qwen/Qwen2.5-72B-Instruct,                        qwen-2-5,                 documented
            -,                 openai/gpt-oss-120b,                              gpt-oss-template,         documented
            ollama,            gpt-oss:20b,                                      gpt-oss-template,         documented
            -,                 gemma-3-27b-it,                                   gemma-3,                  documented
            ollama,            gemma3:12b,                                       gemma-3,                  documented
            -,                 gemma-4-26b-a4b-it,                               gemma-4,                  documented
            -,                 glm-4.5-air,                                      glm-4-5,                  documented
            -,                 zai-org/GLM-4.7,                                  glm-4-7,                  documented
            -,                 moonshotai/Kimi-K2-Instruct,                      kimi-k2,                  documented
            -,                 MiniMax-M2,                                       minimax-m2,               documented
            -,                 nvidia/llama-3.1-nemotron-ultra-253b-v1,          nemotron,                 documented
            -,                 microsoft/Phi-4-mini-instruct,                    phi,                      documented
            -,                 jamba-large-1.7,                                  jamba,                    documented
            -,                 palmyra-x5,                                       palmyra,                  documented
            -,                 ernie-4.5-turbo-128k,                             ernie,                    documented
            -,                 doubao-seed-1-6,                                  bytedance-seed,           guessed
            xai,               grok-4,                                           grok,                     documented
            -,                 grok-code-fast-1,                                 grok,                     documented
            """)
    void selects_the_family(String provider, String model, String family, String confidence) {
        ModelMatch m = Profiles.match(provider, model).orElseThrow();

        assertThat(m.family()).isEqualTo(family);
        assertThat(m.profile()).isSameAs(Profiles.profile(family));
        assertThat(m.confidence().wireName()).isEqualTo(confidence);
        assertThat(Profiles.forDispatch(provider, model)).isSameAs(m.profile());
    }

    @Test
    void a_llama_derivative_named_nemotron_is_nemotron() {
        assertThat(Profiles.match(null, "nvidia/llama-3.1-nemotron-ultra-253b-v1").orElseThrow().rule().pattern())
                .isEqualTo("nemotron");
    }

    @Test
    void the_surface_decides_for_claude() {
        assertThat(Profiles.forDispatch("anthropic", "claude-3-7-sonnet-20250219").name()).isEqualTo("anthropic-messages");
        assertThat(Profiles.forDispatch("bedrock", "claude-3-7-sonnet-20250219").name())
                .isEqualTo("bedrock-converse-claude");
        assertThat(Profiles.match("openai", "claude-3-7-sonnet-20250219")).isEmpty();
    }

    @Test
    void an_unknown_provider_gives_no_surface_hint() {
        assertThat(Profiles.forDispatch("openrouter", "claude-sonnet-4-5").name()).isEqualTo("anthropic-messages");
        assertThat(Profiles.match("openrouter", "some-model")).isEmpty();
    }

    @Test
    void an_unknown_model_is_a_clear_error() {
        assertThatThrownBy(() -> Profiles.forModel("acme-9000"))
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid profile selection: no profile is known for model 'acme-9000'; name a profile "
                        + "(guard profiles lists them), or configure a fallback with Profiles.selector(fallback)");
        assertThatThrownBy(() -> Profiles.forDispatch("openai", "claude-3-haiku"))
                .hasMessage("invalid profile selection: no profile is known for model 'claude-3-haiku' on provider "
                        + "'openai'; name a profile (guard profiles lists them), or configure a fallback with "
                        + "Profiles.selector(fallback)");
        assertThatThrownBy(() -> Profiles.forDispatch("acme-gateway", "acme-9000"))
                .hasMessage("invalid profile selection: no profile is known for model 'acme-9000' (provider "
                        + "'acme-gateway' is not a known API surface, so only the model id was used); name a profile "
                        + "(guard profiles lists them), or configure a fallback with Profiles.selector(fallback)");
        assertThatThrownBy(() -> Profiles.forModel(" "))
                .hasMessage("invalid profile selection: the dispatch names no model, so no profile can be chosen; "
                        + "name a profile, or configure a fallback with Profiles.selector(fallback)");
    }

    @Test
    void the_selector_chooses_per_dispatch_and_falls_back_for_unknown_models_without_throwing() {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).build();

        GuardResult gemini = guard.check(dispatch("gemini", "gemini-3-pro-preview"));
        GuardResult mistral = guard.check(dispatch("mistral", "mistral-large-latest"));
        GuardResult unknown = guard.check(dispatch("acme", "acme-9000"));
        assertThat(gemini.profile()).isEqualTo("gemini-3-api");
        assertThat(mistral.profile()).isEqualTo("mistral-api");
        assertThat(unknown.profile()).isEqualTo("unknown-model");
        assertThat(unknown.outcome()).isEqualTo(io.orderingguard.Outcome.PASSED);
        assertThat(unknown.selection().fallback()).isTrue();
        assertThat(unknown.advisories()).singleElement().satisfies(f -> {
            assertThat(f.ruleId()).isEqualTo("profile-selection");
            assertThat(f.detail()).isEqualTo("no profile is known for model 'acme-9000' on 'acme', so the conservative"
                    + " profile 'unknown-model' was used (it checks only tool-call/result pairing); name a profile"
                    + " (guard check -p NAME, OrderingGuard.builder().profile(NAME); guard profiles lists them) or map"
                    + " the name to a known model id (guard check --model-alias NAME=MODEL,"
                    + " Profiles.selector().alias(NAME, MODEL))");
        });
    }

    @Test
    void the_selector_falls_back_for_unknown_models() {
        ProfileSelector byName = Profiles.selector("permissive");
        ProfileSelector byProfile = Profiles.selector(Profiles.profile("strict_alternation"));

        assertThat(byName.select(dispatch("acme", "acme-9000"))).containsExactly(Profiles.profile("permissive"));
        assertThat(byProfile.select(dispatch("acme", "acme-9000")))
                .containsExactly(Profiles.profile("strict_alternation"));
        assertThat(byName.select(dispatch("anthropic", "claude-haiku-4-5")))
                .containsExactly(Profiles.profile("anthropic-messages"));
        assertThatThrownBy(() -> Profiles.selector("permisive"))
                .hasMessage("invalid profile: unknown profile 'permisive'; did you mean permissive?");
    }

    @Test
    void every_row_names_a_shipped_family_and_every_provider_family_is_reachable_or_opt_in() {
        Set<String> reached = new HashSet<>();
        for (ModelRule row : Profiles.modelTable()) {
            assertThat(Profiles.find(row.family())).as(row.pattern()).isPresent();
            reached.add(row.family());
        }
        // reached from the request options (Variants), as the fallback for unknown models, or from the surface
        // (a provider other than OpenAI on Responses, a vendor's model behind a gateway), not from a row
        Set<String> optIn = Set.of("anthropic-messages-no-thinking", "anthropic-messages-manual-thinking",
                "anthropic-messages-adaptive-thinking", "bedrock-converse-claude-thinking", "deepseek-v3-2-api-thinking",
                "unknown-model", "openai-responses-compatible", "gateway-translated");
        for (CatalogEntry f : Profiles.families()) {
            if (f.origin() == CatalogEntry.Origin.PROVIDER && !optIn.contains(f.key())) {
                assertThat(reached).as(f.key()).contains(f.key());
            }
        }
    }

    private static Dispatch dispatch(String provider, String model) {
        return Dispatch.of("c-1", provider, model, Timeline.of(Entry.user("m1", "hi"), Entry.assistant("m2", "hello")));
    }
}

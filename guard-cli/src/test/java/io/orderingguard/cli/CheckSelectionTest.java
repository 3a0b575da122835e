package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code guard check} with request options, model aliases, the selection report and batches that go on. */
class CheckSelectionTest {

    /** Claude with a thinking block in an earlier turn: only the no-thinking variant rejects it. */
    private static final String CLAUDE = "{\"conversationId\": \"c-1\", \"provider\": \"anthropic\", "
            + "\"model\": \"claude-sonnet-4-5\", %s\"entries\": ["
            + "{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\", \"content\": \"hi\"},"
            + "{\"kind\": \"message\", \"id\": \"a1\", \"role\": \"assistant\", \"content\": \"hello\"},"
            + "{\"kind\": \"message\", \"id\": \"u2\", \"role\": \"user\", \"content\": \"go\"}]}";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readsOptionsFromTheDocumentAndReportsTheSelectionInJson() throws IOException {
        Path d = write("d.json", CLAUDE.formatted("\"options\": {\"reasoning\": {\"mode\": \"adaptive\"}}, "));

        CliRun run = CliRun.of("check", "--format", "json", d.toString());

        assertThat(run.exitCode()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out()).get("results").get(0);
        assertThat(r.get("profile").asText()).isEqualTo("anthropic-messages-adaptive-thinking");
        assertThat(r.get("selection").toString()).isEqualTo("{\"profiles\":[\"anthropic-messages-adaptive-thinking\"],"
                + "\"reason\":\"model 'claude-sonnet-4-5' on 'anthropic' -> anthropic-messages-adaptive-thinking (base "
                + "anthropic-messages, confirmed): options.reasoning is adaptive\",\"inferred\":{},\"fallback\":false}");
        assertThat(r.at("/timeline/options").toString()).isEqualTo("{\"reasoning\":{\"mode\":\"adaptive\"}}");
    }

    @Test
    void optionsOnTheCommandLineOverrideTheDocument() throws IOException {
        Path d = write("d.json", CLAUDE.formatted("\"options\": {\"reasoning\": {\"mode\": \"adaptive\"}, "
                + "\"toolChoice\": \"auto\"}, "));

        CliRun run = CliRun.of("check", "--format", "json", "--option", "reasoning=enabled", "--option",
                "reasoning.budgetTokens=2048", "--option", "parallelToolCalls=false", d.toString());

        assertThat(run.exitCode()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out()).get("results").get(0);
        assertThat(r.get("profile").asText()).isEqualTo("anthropic-messages-manual-thinking");
        assertThat(r.at("/timeline/options").toString()).isEqualTo("{\"reasoning\":{\"mode\":\"enabled\","
                + "\"budgetTokens\":2048},\"toolChoice\":\"auto\",\"parallelToolCalls\":false}");
    }

    @Test
    void textOutputHasOneSelectionLine() throws IOException {
        Path d = write("d.json", CLAUDE.formatted(""));

        CliRun run = CliRun.of("check", "--option", "reasoning=disabled", d.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(d + ": PASSED (profile anthropic-messages-no-thinking, model claude-sonnet-4-5,"
                + " conversation c-1)\n"
                + "  selection  model 'claude-sonnet-4-5' on 'anthropic' -> anthropic-messages-no-thinking (base "
                + "anthropic-messages, confirmed): options.reasoning is disabled\n\n"
                + "1 dispatch checked: 1 sent, 0 rejected\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "temperature=0.2|guard: --option temperature=0.2: unknown key 'temperature'; expected one of reasoning,"
                + " reasoning.budgetTokens, reasoning.effort, toolChoice, parallelToolCalls, maxTokens, stream",
        "reasoning=on|guard: --option reasoning=on: expected one of disabled, enabled, adaptive, but was 'on'",
        "reasoning.budgetTokens=0|guard: --option reasoning.budgetTokens=0: expected an integer >= 1, but was '0'",
        "toolChoice=any|guard: --option toolChoice=any: expected one of auto, none, required, tool:NAME, but was 'any'",
        "parallelToolCalls=no|guard: --option parallelToolCalls=no: expected true or false, but was 'no'",
        "maxTokens=lots|guard: --option maxTokens=lots: expected an integer >= 1, but was 'lots'",
        "reasoning|guard: --option 'reasoning': expected key=value, with key one of reasoning, reasoning.budgetTokens,"
                + " reasoning.effort, toolChoice, parallelToolCalls, maxTokens, stream"})
    void badOptionsExitWith2AndAClearMessage(String option, String message) throws IOException {
        CliRun run = CliRun.of("check", "--option", option, write("d.json", CLAUDE.formatted("")).toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith(message + "\n");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aBudgetCannotCombineWithAnotherModeOnTheCommandLine() throws IOException {
        CliRun run = CliRun.of("check", "--option", "reasoning=adaptive", "--option", "reasoning.budgetTokens=1024",
                write("d.json", CLAUDE.formatted("")).toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("guard: --option reasoning.budgetTokens=1024: a budget needs reasoning "
                + "enabled, but reasoning is adaptive\n");
    }

    @Test
    void aModelAliasResolvesADeploymentName() throws IOException {
        Path d = write("d.json", "{\"provider\": \"azure\", \"model\": \"prod-chat\", \"entries\": "
                + "[{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\", \"content\": \"hi\"}]}");

        CliRun aliased = CliRun.of("check", "--format", "json", "--model-alias", "prod-chat=gpt-4o", d.toString());
        CliRun bad = CliRun.of("check", "--model-alias", "prod-chat", d.toString());

        assertThat(new ObjectMapper().readTree(aliased.out()).at("/results/0/profile").asText()).isEqualTo("openai-chat");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).startsWith("guard: invalid model alias: --model-alias 'prod-chat': expected NAME=MODEL,"
                + " e.g. prod-chat=gpt-4o\n");
    }

    @Test
    void theModelOptionFillsInTheModelOfADocumentThatNamesNone() throws IOException {
        Path d = write("d.json", "{\"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\", "
                + "\"content\": \"hi\"}]}");
        Path named = write("named.json", "{\"model\": \"gpt-4o\", \"entries\": [{\"kind\": \"message\", \"id\": "
                + "\"u1\", \"role\": \"user\", \"content\": \"hi\"}]}");

        CliRun run = CliRun.of("check", "--model", "gemini-2.5-pro", d.toString());
        CliRun own = CliRun.of("check", "--model", "gemini-2.5-pro", named.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith(d + ": PASSED (profile gemini-2-5-api, model gemini-2.5-pro)\n"
                + "  selection  model 'gemini-2.5-pro' -> gemini-2-5-api");
        assertThat(own.out()).startsWith(named + ": PASSED (profile openai-chat, model gpt-4o)\n");
    }

    @Test
    void aModelAliasToAMistypedModelIsAUsageErrorWithTheClosestKnownId() throws IOException {
        Path d = write("d.json", "{\"provider\": \"azure\", \"model\": \"prod\", \"entries\": "
                + "[{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\", \"content\": \"hi\"}]}");

        CliRun typo = CliRun.of("check", "--model-alias", "prod=gpt-4o-typo", d.toString());

        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.out()).isEmpty();
        assertThat(typo.err()).startsWith("guard: invalid model alias: alias 'prod' names model 'gpt-4o-typo', a model id "
                + "it does not know: the model table matches 'gpt-4o' (openai-chat) but knows no model id part 'typo'; "
                + "did you mean gpt-4o?\n");
    }

    @Test
    void aBatchGoesOnPastBadAndUnknownDocumentsAndExitsWithTheWorst() throws IOException {
        String ok = "{\"model\": \"gpt-4o\", \"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\","
                + " \"content\": \"hi\"}]}";
        String unknown = "{\"model\": \"acme-9000\", \"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\":"
                + " \"user\", \"content\": \"hi\"}]}";
        String broken = "{\"model\": \"gpt-4o\", \"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"bot\"}]}";
        Path batch = write("b.jsonl", ok + "\n" + broken + "\n" + unknown + "\n{not json\n" + ok + "\n");
        Path missing = dir.resolve("missing.json");
        Path single = write("s.json", ok);

        CliRun run = CliRun.of("check", batch.toString(), missing.toString(), single.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + batch + ":2: $.entries[0].role: expected one of user,"
                + " assistant, system, but was \"bot\"\n"
                + "guard: " + batch + ":4: malformed JSON: Unexpected character ('n' (code 110)): was expecting"
                + " double-quote to start field name\n"
                + "guard: " + missing + ": file not found\n");
        assertThat(run.out()).contains(batch + ":3: PASSED (profile unknown-model, model acme-9000)\n"
                + "  selection  no profile is known for model 'acme-9000': fallback unknown-model\n"
                + "  advisory  profile-selection [selection] \n");
        assertThat(run.out()).contains(batch + ":5: PASSED (profile openai-chat, model gpt-4o)\n");
        assertThat(run.out()).contains(single + ": PASSED (profile openai-chat, model gpt-4o)\n");
        assertThat(run.out()).endsWith("4 dispatches checked: 4 sent, 0 rejected; 3 bad inputs (see stderr)\n");
    }
}

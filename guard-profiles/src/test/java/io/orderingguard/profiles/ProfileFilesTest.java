package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Profile files (YAML and JSON) that extend shipped behaviours and families. */
class ProfileFilesTest {

    @TempDir
    Path dir;

    @Test
    void a_yaml_file_extends_a_shipped_family_and_overrides_a_rule_severity_by_id() throws IOException {
        Path file = write("strict-gemini.yaml", """
                name: strict-gemini
                description: Gemini 3 with function-response adjacency enforced
                extends: [gemini-3]
                overrides:
                  message-not-immediately-after-function-call: {severity: blocking}
                rules:
                  - {type: toolResultPairing, id: pairing, severity: blocking}
                """);

        OrderingProfile p = ProfileCodec.defaults().read(file);

        assertThat(p.name()).isEqualTo("strict-gemini");
        assertThat(p.rules()).extracting(r -> r.id() + ":" + r.severity().wireName()).containsExactly(
                "thought-signature-required:blocking", "message-not-immediately-after-function-call:blocking",
                "pairing:blocking");
        // inherited rules keep their provenance; the shipped profile itself is unchanged
        assertThat(p.rules().get(1).provenance()).isEqualTo(Profiles.profile("gemini-3").rules().get(1).provenance());
        assertThat(Profiles.profile("gemini-3").rules().get(1).severity()).isEqualTo(Severity.ADVISORY);
    }

    @Test
    void a_json_file_extends_behaviour_tokens_and_provider_families() throws IOException {
        Path file = write("mine.json", """
                {"name": "mine", "extends": ["anthropic-messages", "full_history_preservation:toolCall",
                  "strict-alternation"],
                 "overrides": {"anthropic-role-alternation": {"severity": "blocking"}}}
                """);

        OrderingProfile p = ProfileCodec.defaults().read(file);

        List<String> expected = new ArrayList<>();
        for (String name : List.of("anthropic-messages", "full_history_preservation:toolCall", "strict-alternation")) {
            for (OrderingRule r : Profiles.profile(name).rules()) {
                expected.add(r.id());
            }
        }
        assertThat(p.rules()).extracting(OrderingRule::id).isEqualTo(expected);
        assertThat(p.rules().stream().filter(r -> r.id().equals("anthropic-role-alternation")).findFirst()
                .orElseThrow().severity()).isEqualTo(Severity.BLOCKING);

        GuardResult r = OrderingGuard.of(p).check(Dispatch.of(Timeline.of(Entry.user("m1", "a"), Entry.user("m2", "b"))));
        assertThat(r.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(r.blocking()).extracting(f -> f.ruleId()).containsExactly("anthropic-role-alternation");
    }

    @Test
    void extending_grok_gives_a_profile_with_only_the_new_rules() throws IOException {
        Path file = write("g.yaml", """
                name: grok-plus
                extends: grok
                rules: [{type: toolResultPairing, id: pairing}]
                """);

        assertThat(ProfileCodec.defaults().read(file).rules()).extracting(OrderingRule::id).containsExactly("pairing");
    }

    @Test
    void validation_reports_every_problem_with_its_path() throws IOException {
        Path file = write("broken.yaml", """
                name: broken
                extends: [gemini-3-apii, full_history_preservation:thoughts]
                overrides:
                  thought-signature-requird: {severity: blocking}
                  message-not-immediately-after-function-call: {severity: fatal}
                rules:
                  - {type: alternation, id: alt, maxPerGroup: -1}
                  - {type: orderr, id: o}
                """);

        assertThatThrownBy(() -> ProfileCodec.defaults().read(file))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": 6 problems:\n"
                        + "  $.extends[0]: unknown profile 'gemini-3-apii'; did you mean gemini-3-api, gemini-2-5-api, "
                        + "gemini-3?\n"
                        + "  $.extends[1]: unknown profile 'full_history_preservation:thoughts'; did you mean "
                        + "full_history_preservation:thought, full-history-preservation-thought, "
                        + "full_history_preservation:toolCall?\n"
                        + "  $.overrides.thought-signature-requird: no inherited rule has this id\n"
                        + "  $.overrides.message-not-immediately-after-function-call.severity: expected one of blocking, "
                        + "advisory, but was \"fatal\"\n"
                        + "  $.rules[0]: maxPerGroup must be >= 0, but was -1\n"
                        + "  $.rules[1].type: unknown rule type \"orderr\"; expected one of order, requiredMetadata, "
                        + "alternation, adjacency, preservation, roleRemap, staleContentAdvisory, identifierFormat, "
                        + "identifierUniqueness, nonEmptyTurn, toolIdentity, schemaIntegrity, toolResultPairing, "
                        + "replayCompatibility, toolPolicy, stepContent, boundary, presence");
    }

    @Test
    void an_override_naming_no_inherited_rule_suggests_the_closest_id() throws IOException {
        Path file = write("o.yaml", """
                name: o
                extends: gemini-3-api
                overrides:
                  gemini-3-function-call-signatur: {severity: advisory}
                """);

        assertThatThrownBy(() -> ProfileCodec.defaults().read(file))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": $.overrides.gemini-3-function-call-signatur: no inherited rule has this id; "
                        + "did you mean gemini-3-function-call-signature?");
    }

    @Test
    void a_provider_rule_can_be_demoted_to_advisory_by_id() throws IOException {
        Path file = write("soft.yaml", """
                name: soft-gemini
                extends: [gemini-3-api]
                overrides:
                  gemini-role-alternation: {severity: advisory}
                """);
        OrderingProfile p = ProfileCodec.defaults().read(file);

        GuardResult r = OrderingGuard.of(p).check(Dispatch.of(Timeline.of(Entry.user("m1", "a"), Entry.user("m2", "b"))));

        assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(r.advisories()).extracting(f -> f.ruleId() + " " + f.providerError()).containsExactly(
                "gemini-role-alternation Please ensure that multiturn requests alternate between user and model");
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }
}

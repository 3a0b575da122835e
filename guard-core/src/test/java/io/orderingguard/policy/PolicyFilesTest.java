package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.json.PolicyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyFilesTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void should_read_a_policy_document_with_tools_aliases_and_v0_chains() throws IOException {
        Path file = write("support.yaml", String.join("\n",
                "version: 1.1",
                "name: customer-support",
                "description: Support agent",
                "metadata: {owner: team-a}",
                "tools:",
                "  deny: [\"admin_*\"]",
                "aliases:",
                "  Egress: [http_post, curl]",
                "sequences:",
                "  - type: never_after",
                "    trigger: read_credentials",
                "    forbidden: Egress",
                "  - [GetCustomer, UpdateCustomer]",
                ""));
        SequencePolicy policy = PolicyFiles.read(file);
        assertThat(policy.name()).isEqualTo("customer-support");
        assertThat(policy.version()).isEqualTo("1.1");
        assertThat(policy.description()).isEqualTo("Support agent");
        assertThat(policy.aliases().groups()).isEqualTo(Map.of("Egress", List.of("http_post", "curl")));
        assertThat(policy.rules()).extracting(SequenceRule::id)
                .containsExactly("tools", "never_after:read_credentials->Egress", "before:GetCustomer->UpdateCustomer");
        PolicyReport report = policy.evaluate(ToolInvocation.names("read_credentials", "curl"), null, Extent.COMPLETE);
        assertThat(report.evaluations().get(1).outcome()).isEqualTo(RuleOutcome.VIOLATED);
    }

    @Test
    void should_read_a_bare_rule_list_named_after_the_file() throws IOException {
        Path file = write("rules.json", "[{\"type\": \"require\", \"tool\": \"A\"}, [\"B\", \"C\"]]");
        SequencePolicy policy = PolicyFiles.read(file);
        assertThat(policy.name()).isEqualTo("rules");
        assertThat(policy.rules()).extracting(SequenceRule::id).containsExactly("require:A", "before:B->C");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        unknown key on a rule (a misspelt when)   | sequences: [{type: before, first: A, then: B, wen: {context.x: 1}}] | $.sequences[0].wen: unknown field; expected one of first, id, then, type, when
        unknown type                              | sequences: [{type: afterwards, trigger: A}]                        | $.sequences[0].type: unknown rule type 'afterwards'; expected one of require, before, immediately_before, blocklist, allowlist, max_calls, eventually, never_after, after, sequence, tools
        before with identical tools               | sequences: [{type: before, first: A, then: A}]                     | $.sequences[0]: a before rule with identical first and then ('A') cannot constrain a trace
        within 0                                  | sequences: [{type: eventually, tool: A, within: 0}]                | $.sequences[0].within: within must be >= 1, but was 0 (an eventually rule with within 0 can never hold)
        after within 0                            | sequences: [{type: after, trigger: A, then: B, within: 0}]         | $.sequences[0].within: within must be >= 1, but was 0 (an after rule with within 0 can never hold)
        empty sequence tools                      | sequences: [{type: sequence, tools: []}]                           | $.sequences[0].tools: tools must name at least 2 tools, but was empty
        empty allowlist                           | sequences: [{type: allowlist, tools: []}]                          | $.sequences[0].tools: tools must name at least 1 tool, but was empty (an empty allowlist would forbid every call)
        missing field                             | sequences: [{type: max_calls, tool: A}]                            | $.sequences[0].max: required field is missing
        max as a string                           | sequences: [{type: max_calls, tool: A, max: '3'}]                  | $.sequences[0].max: expected an integer, but was a string ("3")
        negative max                              | sequences: [{type: max_calls, tool: A, max: -1}]                   | $.sequences[0].max: max must be >= 0, but was -1
        blocklist with a tool list                | sequences: [{type: blocklist, tools: [a, b]}]                      | $.sequences[0].tools: a blocklist takes one pattern (a substring of the tool name), not a list; write one blocklist rule per pattern, or use tools.deny globs in a policy file
        before with a list as then                | sequences: [{type: before, first: A, then: [B, C]}]                | $.sequences[0].then: expected one tool, but was a list; write one before rule per tool
        empty when                                | sequences: [{type: require, tool: A, when: {}}]                    | $.sequences[0].when: expected at least one condition, but the object is empty
        when path without context prefix          | sequences: [{type: require, tool: A, when: {user_role: x}}]        | $.sequences[0].when.user_role: a when: path must start with 'context.' and name a value, e.g. context.user_role, but was 'user_role'
        when with an unknown operator             | sequences: [{type: require, tool: A, when: {context.r: {like: x}}}] | $.sequences[0].when['context.r']: expected a value, a list of values, or one operator (equals, not, in, not_in, exists, matches), but was an object with fields like
        when with a bad regex                     | sequences: [{type: require, tool: A, when: {context.r: {matches: '('}}}] | $.sequences[0].when['context.r'].matches: matches is not a valid regular expression (Unclosed group near index 1): (
        args_match with a bad regex               | sequences: [{type: require, tool: {tool: bash, args_match: {cmd: '[a'}}}] | $.sequences[0].tool.args_match.cmd: argsMatch.cmd is not a valid regular expression (Unclosed character class near index 1): [a
        selector with an unknown key              | sequences: [{type: require, tool: {tool: bash, args: {}}}]         | $.sequences[0].tool.args: unknown field; expected one of args_match, tool
        v0 chain of one                           | sequences: [[A]]                                                   | $.sequences[0]: a v0 sequence needs at least 2 tools, but had 1
        v0 chain repeating a tool                 | sequences: [[A, A]]                                                | $.sequences[0][1]: a before rule with identical first and then ('A') cannot constrain a trace
        recursive alias                           | {aliases: {A: [B], B: [c]}, sequences: [{type: require, tool: A}]} | $.aliases: aliases are not recursive: member 'B' of alias 'A' is itself an alias
        empty alias                               | {aliases: {A: []}, sequences: [{type: require, tool: A}]}          | $.aliases.A: an alias needs at least one member, but the list is empty
        unknown top-level key                     | {sequences: [{type: require, tool: A}], policy: x}                 | $.policy: unknown field; expected one of aliases, description, metadata, name, rules, sequences, tools, version
        on_error                                  | {on_error: block, sequences: [{type: require, tool: A}]}           | $.on_error: not supported: evaluating a sequence policy cannot fail, so there is no error to allow or block; remove on_error
        nothing asserted                          | {name: empty, sequences: []}                                       | $: the policy asserts nothing: give sequences (or rules) or tools.allow/deny
        empty tools                               | {tools: {allow: []}}                                               | $.tools: expected allow or deny globs, but both are empty
        both rules and sequences                  | {rules: [], sequences: []}                                         | $.rules: give the rules either as sequences or as rules, not both
        a list of names is not a policy           | [a, b]                                                             | $: expected a policy (an object with sequences, or a list of rules), but was a list of tool names; an exact sequence can only be checked by an eval test
        a scalar                                  | 42                                                                 | $: expected a policy object or a list of rules, but was a number (42)
        """)
    void should_fail_with_the_file_and_path_when(String label, String yaml, String message) throws IOException {
        Path file = write("p.yaml", yaml.startsWith("{") || yaml.startsWith("[") || Character.isDigit(yaml.charAt(0))
                ? yaml : "{" + yaml + "}");
        assertThatThrownBy(() -> PolicyFiles.read(file)).isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": " + message);
    }

    @Test
    void should_report_malformed_yaml_with_its_line() throws IOException {
        Path file = write("bad.yaml", "sequences:\n  - type: require\n    tool: [unclosed\n");
        assertThatThrownBy(() -> PolicyFiles.read(file)).isInstanceOf(GuardInputException.class)
                .hasMessageStartingWith(file + ":");
        assertThatThrownBy(() -> PolicyFiles.read(dir.resolve("missing.yaml")))
                .hasMessage(dir.resolve("missing.yaml") + ": file not found");
    }
}

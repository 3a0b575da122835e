package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionClauseTest {

    @Test
    void should_reject_an_invalid_regular_expression_when_the_clause_is_built() {
        assertThatThrownBy(() -> Condition.Clause.of("context.user", Condition.Operator.MATCHES,
                List.of(TextNode.valueOf("adm(in"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("matches is not a valid regular expression (Unclosed group near index 6): adm(in");
    }

    @Test
    void should_match_with_the_pattern_compiled_once() {
        Condition.Clause clause = Condition.Clause.of("context.user", Condition.Operator.MATCHES,
                List.of(TextNode.valueOf("^adm")));

        assertThat(clause.test(TextNode.valueOf("admin"))).isTrue();
        assertThat(clause.test(TextNode.valueOf("user"))).isFalse();
        assertThat(clause.test(IntNode.valueOf(7))).isFalse();
        assertThat(clause.test(null)).isFalse();
        assertThat(clause.contextPath()).isEqualTo("user");
    }

    @Test
    void should_compare_clauses_by_value() {
        Condition.Clause a = Condition.Clause.equalTo("context.tier", IntNode.valueOf(2));
        Condition.Clause b = Condition.Clause.of("context.tier", Condition.Operator.EQUALS, List.of(IntNode.valueOf(2)));

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(Condition.Clause.equalTo("context.tier", IntNode.valueOf(3)));
        assertThat(a).hasToString("Clause[path=context.tier, operator=EQUALS, operands=[2]]");
    }

    @Test
    void should_describe_each_operator() {
        assertThat(Condition.Clause.of("context.r", Condition.Operator.NOT_IN,
                List.of(TextNode.valueOf("a"), TextNode.valueOf("b"))).describe())
                .isEqualTo("context.r not in [\"a\", \"b\"]");
        assertThat(Condition.Clause.of("context.r", Condition.Operator.ABSENT, List.of()).describe())
                .isEqualTo("context.r is absent");
    }
}

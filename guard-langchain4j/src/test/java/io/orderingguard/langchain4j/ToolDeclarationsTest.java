package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.orderingguard.timeline.DeclaredTool;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The declared tools of a request: the same specification objects as the last request reuse its tools. */
class ToolDeclarationsTest {

    private static ToolSpecification spec(String name, String parameter) {
        return ToolSpecification.builder().name(name).description("the " + name + " tool")
                .parameters(JsonObjectSchema.builder().addStringProperty(parameter, "what to " + name)
                        .required(parameter).build())
                .build();
    }

    @Test
    void theSameSpecificationObjectsInANewListGiveTheSameToolsWithoutReadingTheSchemasAgain() {
        ToolSpecification search = spec("search", "query");
        ToolSpecification fetch = spec("fetch", "url");
        List<DeclaredTool> first = ToolDeclarations.of(List.of(search, fetch));

        List<DeclaredTool> again = ToolDeclarations.of(new ArrayList<>(List.of(search, fetch)));

        assertThat(again).isSameAs(first);
        assertThat(first).extracting(DeclaredTool::name).containsExactly("search", "fetch");
        assertThat(first.get(0).inputSchema().at("/properties/query/type").asText()).isEqualTo("string");
        assertThatThrownBy(() -> first.add(first.get(0))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void otherObjectsAreDeclaredFromWhatTheySay() {
        ToolSpecification search = spec("search", "query");
        List<DeclaredTool> first = ToolDeclarations.of(List.of(search, spec("fetch", "url")));

        List<DeclaredTool> equalObjects = ToolDeclarations.of(List.of(spec("search", "query"), spec("fetch", "url")));
        List<DeclaredTool> oneReplaced = ToolDeclarations.of(List.of(search, spec("fetch", "address")));
        List<DeclaredTool> fewer = ToolDeclarations.of(List.of(search));

        assertThat(equalObjects).isEqualTo(first);
        assertThat(oneReplaced.get(1).inputSchema().at("/required/0").asText()).isEqualTo("address");
        assertThat(fewer).extracting(DeclaredTool::name).containsExactly("search");
        assertThat(ToolDeclarations.of(List.of())).isEmpty();
        assertThat(ToolDeclarations.of(null)).isEmpty();
    }
}

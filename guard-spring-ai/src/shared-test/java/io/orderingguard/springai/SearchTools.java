package io.orderingguard.springai;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.ai.tool.annotation.Tool;

/** The tool the end-to-end tool loops call: records each query and answers with a fixed hit count. */
final class SearchTools {

    final List<String> queries = Collections.synchronizedList(new ArrayList<>());

    @Tool(description = "Searches the knowledge base")
    String search(String q) {
        queries.add(q);
        return "3 hits for " + q;
    }
}

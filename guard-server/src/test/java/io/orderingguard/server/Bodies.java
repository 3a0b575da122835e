package io.orderingguard.server;

/** Request bodies the tests send, in each provider's shape. */
final class Bodies {

    /** A window memory cut the assistant's call away and kept its result: an orphan tool message. */
    static final String OPENAI_ORPHAN = """
            {"model":"gpt-4o-mini","messages":[
              {"role":"system","content":"You are a helpful assistant."},
              {"role":"tool","tool_call_id":"call_1","content":"22 degrees"},
              {"role":"user","content":"And tomorrow?"}]}""";

    /** A valid body written the way a hand-rolled client might: spacing, escapes, key order, exponents. */
    static final String OPENAI_ODD_BUT_VALID = "{ \"messages\" : [ {\"content\":\"caf\\u00e9 \\\"quoted\\\" \u2603\","
            + "\"role\":\"user\"} ],\n\t\"model\":\"gpt-4o-mini\", \"temperature\": 1.0e0, \"x_vendor\": {\"z\":1,\"a\":2} }";

    static final String ANTHROPIC_ORPHAN = """
            {"model":"claude-sonnet-4-5","max_tokens":256,"messages":[
              {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01","content":"22 degrees"},
                {"type":"text","text":"And tomorrow?"}]}]}""";

    static final String GEMINI_ORPHAN = """
            {"contents":[
              {"role":"user","parts":[{"functionResponse":{"id":"fc_1","name":"weather","response":{"output":"22"}}}]},
              {"role":"user","parts":[{"text":"And tomorrow?"}]}]}""";

    static final String BEDROCK_ORPHAN = """
            {"messages":[
              {"role":"user","content":[{"toolResult":{"toolUseId":"tu_1","content":[{"text":"22"}]}},
                {"text":"And tomorrow?"}]}]}""";

    static final String ANTHROPIC_STREAM = "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":256,\"stream\":true,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"Hello\"}]}";

    static final String BEDROCK_HELLO = "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"Hello\"}]}]}";

    private Bodies() {}
}

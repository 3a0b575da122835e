package io.orderingguard.examples;

import com.google.adk.agents.LlmAgent;
import com.google.adk.events.Event;
import com.google.adk.models.Gemini;
import com.google.adk.runner.InMemoryRunner;
import com.google.adk.sessions.Session;
import com.google.adk.tools.Annotations.Schema;
import com.google.adk.tools.FunctionTool;
import com.google.genai.Client;
import com.google.genai.types.Content;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.Part;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.adk.OrderingGuardPlugin;
import io.orderingguard.profiles.Profiles;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * A Google ADK agent guarded by the Ordering Guard plugin: every model request of the run, including
 * each round of the tool loop, is checked against the Gemini 3 rules before ADK's Gemini model sends
 * it. In enforce mode a broken history ends the run with {@link OrderingViolationException} and
 * nothing is sent; in mutate mode it is repaired on the way out.
 */
public final class AdkAgentWithGuard {

    private AdkAgentWithGuard() {}

    /**
     * Runs the example against the Gemini API (needs {@code GEMINI_API_KEY}).
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out, "https://generativelanguage.googleapis.com", System.getenv("GEMINI_API_KEY"), Mode.ENFORCE);
    }

    /**
     * The agent's tool (ADK calls it by reflection).
     *
     * @param city the city
     * @return the tool's answer
     */
    @Schema(name = "weather", description = "Returns the weather of a city")
    public static Map<String, Object> weather(@Schema(name = "city", description = "the city") String city) {
        return Map.of("output", "18C in " + city);
    }

    /**
     * Runs one question through a guarded agent.
     *
     * @param out where to print
     * @param baseUrl the Gemini API base URL (the tests use the provider emulator)
     * @param apiKey the API key
     * @param mode enforce or mutate
     * @return the agent's answer, or the rejection message when the guard rejected a request
     */
    public static String run(PrintStream out, String baseUrl, String apiKey, Mode mode) {
        Client client = Client.builder().apiKey(apiKey)
                .httpOptions(HttpOptions.builder().baseUrl(baseUrl).build()).build();
        LlmAgent agent = LlmAgent.builder().name("weather_agent")
                .model(new Gemini("gemini-3-pro-preview", client))
                .instruction("Answer with the weather of the city the user names.")
                .tools(FunctionTool.create(AdkAgentWithGuard.class, "weather"))
                .build();
        OrderingGuard guard = OrderingGuard.builder().profile(Profiles.forModel("gemini-3-pro-preview"))
                .mode(mode).build();
        InMemoryRunner runner = new InMemoryRunner(agent, "weather_app", List.of(OrderingGuardPlugin.of(guard)));

        Session session = runner.sessionService().createSession("weather_app", "user-1").blockingGet();
        try {
            List<Event> events = runner.runAsync("user-1", session.id(),
                    Content.fromParts(Part.fromText("Weather in Oslo?"))).toList().blockingGet();
            String answer = events.get(events.size() - 1).stringifyContent();
            out.println("answer: " + answer);
            return answer;
        } catch (OrderingViolationException e) {
            out.println(e.getMessage());
            return e.getMessage();
        }
    }
}

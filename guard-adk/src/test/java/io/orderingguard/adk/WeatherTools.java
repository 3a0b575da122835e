package io.orderingguard.adk;

import com.google.adk.tools.Annotations.Schema;
import java.util.Map;

/** The agent's tool: ADK calls it by reflection, so it is public and static. */
public final class WeatherTools {

    private WeatherTools() {}

    /**
     * Returns the weather of a city.
     *
     * @param city the city
     * @return the tool's answer
     */
    @Schema(name = "weather", description = "Returns the weather of a city")
    public static Map<String, Object> weather(@Schema(name = "city", description = "the city") String city) {
        return Map.of("output", "18C in " + city);
    }
}

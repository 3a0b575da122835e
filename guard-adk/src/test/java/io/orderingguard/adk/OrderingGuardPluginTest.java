package io.orderingguard.adk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import org.junit.jupiter.api.Test;

/** The plugin's configuration. */
class OrderingGuardPluginTest {

    static final OrderingGuard GUARD = OrderingGuard.builder().profile(Profiles.forModel("gemini-2.5-flash"))
            .mode(Mode.ENFORCE).build();

    @Test
    void should_register_under_the_default_name_or_the_one_given() {
        assertThat(OrderingGuardPlugin.of(GUARD).getName()).isEqualTo("ordering_guard");
        assertThat(OrderingGuardPlugin.builder(GUARD).name("guard_2").provider("vertex").build().getName())
                .isEqualTo("guard_2");
    }

    @Test
    void should_fail_when_the_configuration_is_invalid() {
        assertThatThrownBy(() -> OrderingGuardPlugin.of(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("guard must not be null");
        assertThatThrownBy(() -> OrderingGuardPlugin.builder(GUARD).name(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name must not be blank, but was ''");
        assertThatThrownBy(() -> OrderingGuardPlugin.builder(GUARD).conversationId(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("conversationId must not be null");
    }
}

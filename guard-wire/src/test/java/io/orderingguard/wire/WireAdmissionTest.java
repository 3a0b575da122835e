package io.orderingguard.wire;

import static io.orderingguard.wire.WireGuardTest.CLEAN;
import static io.orderingguard.wire.WireGuardTest.ORPHAN;
import static io.orderingguard.wire.WireGuardTest.bytes;
import static io.orderingguard.wire.WireGuardTest.guard;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingViolationException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The decision every HTTP adapter makes after the wire guard looked at a body. */
class WireAdmissionTest {

    @Test
    void should_keep_the_clients_body_when_it_passes_and_can_be_sent_again() {
        byte[] body = bytes(CLEAN);

        WireAdmission admission = WireAdmission.decide(WireGuard.of(guard(Mode.MUTATE, false)), "/v1/messages", null,
                body, true);

        assertThat(admission.replacesBody()).isFalse();
        assertThat(admission.verdict()).isInstanceOf(WireVerdict.Passed.class);
        assertThat(admission.body()).isSameAs(body);
    }

    @Test
    void should_send_the_bytes_read_when_a_passing_body_was_one_shot() {
        byte[] body = bytes(CLEAN);

        WireAdmission admission = WireAdmission.decide(WireGuard.of(guard(Mode.MUTATE, false)), "/v1/messages", null,
                body, false);

        assertThat(admission.replacesBody()).isTrue();
        assertThat(admission.body()).isSameAs(body);
        assertThat(admission.contentLength()).isEqualTo(Integer.toString(body.length));
    }

    @Test
    void should_replace_a_repaired_body_with_its_own_length() {
        WireAdmission admission = WireAdmission.decide(WireGuard.of(guard(Mode.MUTATE, false)), "/v1/messages", "c-1",
                bytes(ORPHAN), true);

        assertThat(admission.replacesBody()).isTrue();
        assertThat(admission.verdict()).isInstanceOf(WireVerdict.Repaired.class);
        String sent = new String(admission.body(), StandardCharsets.UTF_8);
        assertThat(sent).doesNotContain("toolu_gone");
        assertThat(admission.contentLength()).isEqualTo(Integer.toString(admission.body().length));
    }

    @Test
    void should_keep_an_unguarded_body() {
        byte[] body = bytes("{\"input\":\"embed me\"}");

        WireAdmission admission = WireAdmission.decide(WireGuard.of(guard(Mode.ENFORCE, false)), "/v1/embeddings", null,
                body, true);

        assertThat(admission.replacesBody()).isFalse();
        assertThat(admission.verdict()).isInstanceOf(WireVerdict.Unguarded.class);
        assertThat(((WireVerdict.Unguarded) admission.verdict()).reason()).isEqualTo("path /v1/embeddings names no "
                + "chat surface");
    }

    @Test
    void should_throw_the_guard_exception_when_the_request_is_rejected() {
        Throwable thrown = catchThrowable(() -> WireAdmission.decide(WireGuard.of(guard(Mode.ENFORCE, false)),
                "/v1/messages", "c-7", bytes(ORPHAN), true));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessage("rejected dispatch of conversation c-7 (profile pairing): 1 blocking violation(s)\n"
                        + "  - pairing: tool result 'toolu_gone' answers no tool call in the conversation");
    }

    @Test
    void should_fail_when_a_repaired_body_would_not_replace_the_original() {
        WireVerdict repaired = WireAdmission.decide(WireGuard.of(guard(Mode.MUTATE, false)), "/v1/messages", null,
                bytes(ORPHAN), true).verdict();

        Throwable thrown = catchThrowable(() -> new WireAdmission(repaired, false));

        assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a repaired body must replace the original, but replacesBody was false");
    }

    @Test
    void should_fail_when_the_path_is_missing() {
        Throwable thrown = catchThrowable(() -> WireAdmission.decide(WireGuard.of(guard(Mode.MUTATE, false)), null, null,
                bytes(CLEAN), true));

        assertThat(thrown).isInstanceOf(NullPointerException.class).hasMessage("urlPath must not be null");
    }

    @Test
    void should_fail_when_the_verdict_is_a_rejection() {
        WireVerdict rejected = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(bytes(ORPHAN), "/v1/messages", null);

        Throwable thrown = catchThrowable(() -> new WireAdmission(rejected, true));

        assertThat(thrown).isInstanceOf(IllegalArgumentException.class).hasMessage("a rejected request is not "
                + "admitted: the verdict throws its OrderingViolationException instead");
    }
}

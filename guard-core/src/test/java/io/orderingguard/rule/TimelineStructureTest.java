package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The structure the rules read: role attribution, role groups, latest user turn, successors, kinds. */
class TimelineStructureTest {

    private static TimelineStructure structure(Timeline t) {
        return TimelineStructure.of(t.entries());
    }

    private static Role[] roles(Timeline t) {
        TimelineStructure s = structure(t);
        Role[] r = new Role[s.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = s.attributedRole(i);
        }
        return r;
    }

    @Test
    void should_attribute_the_sandwich_between_user_and_assistant_to_the_assistant() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.thought("t", "hm"), Entry.toolCall("c", "s", null),
                Entry.assistant("a", "done"));
        assertThat(roles(t)).containsExactly(Role.USER, Role.ASSISTANT, Role.ASSISTANT, Role.ASSISTANT);
        assertThat(structure(t).groupCount()).isEqualTo(2);
        assertThat(structure(t).groupStart(1)).isEqualTo(1);
        assertThat(structure(t).groupEnd(1)).isEqualTo(4);
    }

    @Test
    void should_record_the_kind_of_every_entry() {
        Timeline t = Timeline.of(Entry.system("s0", "rules"), Entry.user("u", "q"), Entry.thought("t", "hm"),
                Entry.toolCall("c", "s", null), Entry.assistant("a", "done"));
        List<Kind> kinds = new ArrayList<>();
        for (int i = 0; i < structure(t).size(); i++) {
            assertThat(structure(t).kind(i)).isEqualTo(t.entries().get(i).kind());
            kinds.add(structure(t).kind(i));
        }
        assertThat(kinds).containsExactly(Kind.MESSAGE, Kind.MESSAGE, Kind.THOUGHT, Kind.TOOL_CALL, Kind.MESSAGE);
    }

    @Test
    void should_attach_trailing_thoughts_and_calls_to_the_preceding_user_group() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.thought("t", "hm"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(Role.USER, Role.USER, Role.USER);
        assertThat(structure(t).groupCount()).isEqualTo(1);
        assertThat(structure(t).latestGroup()).isZero();
    }

    @Test
    void should_give_leading_entries_the_role_of_the_following_message() {
        Timeline t = Timeline.of(Entry.thought("t", "hm"), Entry.assistant("a", "x"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(Role.ASSISTANT, Role.ASSISTANT, Role.ASSISTANT);
    }

    @Test
    void should_make_system_messages_transparent() {
        Timeline t = Timeline.of(Entry.system("s0", "rules"), Entry.user("u1", "a"), Entry.system("s1", "note"),
                Entry.user("u2", "b"), Entry.assistant("a1", "c"));
        assertThat(roles(t)).containsExactly(Role.USER, Role.USER, Role.USER, Role.USER, Role.ASSISTANT);
        assertThat(structure(t).groupCount()).isEqualTo(2);
        assertThat(structure(t).latestUserIndex()).isEqualTo(3);
    }

    @Test
    void should_form_one_roleless_group_without_messages() {
        Timeline t = Timeline.of(Entry.thought("t", "hm"), Entry.toolCall("c", "s", null));
        assertThat(roles(t)).containsExactly(null, null);
        assertThat(structure(t).groupCount()).isEqualTo(1);
        assertThat(structure(t).groupRole(0)).isNull();
        assertThat(structure(t).latestUserIndex()).isEqualTo(-1);
    }

    @Test
    void should_have_no_groups_when_empty() {
        TimelineStructure s = structure(Timeline.empty());
        assertThat(s.groupCount()).isZero();
        assertThat(s.latestGroup()).isEqualTo(-1);
        assertThat(s.latestUserIndex()).isEqualTo(-1);
    }

    @Test
    void should_give_successors() {
        Timeline t = Timeline.of(Entry.user("u", "q"), Entry.assistant("a", "x"));
        assertThat(structure(t).successor(0)).isEqualTo(1);
        assertThat(structure(t).successor(1)).isEqualTo(-1);
    }
}

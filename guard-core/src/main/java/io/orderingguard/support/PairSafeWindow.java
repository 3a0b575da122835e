package io.orderingguard.support;

import io.orderingguard.support.MessageShape.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Shrinks a chat memory to a window without breaking what providers require to stay together: the
 * framework-free half of the pair-safe chat memories of the adapters.
 *
 * <p>The messages are read as turns: a turn starts at a user message (consecutive user messages
 * open it together) and holds everything up to the next one; messages before the first user
 * message form a turn of their own. Inside a turn, a <em>tool round</em> is an assistant message
 * that calls tools together with the results that follow it. While the window does not fit:
 * <ol>
 *   <li>the oldest turn is evicted whole, as long as another turn follows it, so the memory still
 *       starts with a user message and no result loses its call;</li>
 *   <li>in the last turn, the oldest complete tool round is evicted (a call with all its results),
 *       except the round that opens the turn when its assistant message carries reasoning (a thinking
 *       block must stay with the turn it opens) and except the newest part of the turn.</li>
 * </ol>
 * When nothing else can go, the window is left larger than its limit rather than broken. System
 * messages are never evicted.
 *
 * <p>Stateless and thread-safe.
 */
public final class PairSafeWindow {

    private PairSafeWindow() {}

    /**
     * Returns the messages that remain when the window is shrunk until {@code fits} accepts it.
     *
     * @param <M> the framework's message type
     * @param messages the messages, oldest first
     * @param shapeOf what each message is
     * @param fits whether a list of messages fits the window (a message count, a token estimate)
     * @return the kept messages in their order: the same elements, never a changed one
     */
    public static <M> List<M> fit(List<M> messages, Function<? super M, MessageShape> shapeOf,
            Predicate<? super List<M>> fits) {
        Require.nonNull(messages, "messages");
        Require.nonNull(shapeOf, "shapeOf");
        Require.nonNull(fits, "fits");
        List<M> kept = new ArrayList<>(messages);
        if (fits.test(kept)) {
            return kept;
        }
        List<MessageShape> shapes = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            shapes.add(Require.nonNullAt(shapeOf.apply(messages.get(i)), "shape", i));
        }
        List<List<Segment>> turns = turns(shapes);
        boolean[] dropped = new boolean[messages.size()];
        int first = 0;
        while (!fits.test(kept)) {
            if (turns.size() - first > 1) {
                for (Segment segment : turns.get(first)) {
                    segment.drop(dropped);
                }
                first++;
            } else {
                Segment round = turns.isEmpty() ? null : oldestDroppableRound(turns.get(first), shapes);
                if (round == null) {
                    break;
                }
                round.drop(dropped);
                turns.get(first).remove(round);
            }
            kept = new ArrayList<>();
            for (int i = 0; i < messages.size(); i++) {
                if (!dropped[i]) {
                    kept.add(messages.get(i));
                }
            }
        }
        return kept;
    }

    /** One part of a turn: the user messages that open it, a tool round, an answer, or leading other messages. */
    private static final class Segment {
        final List<Integer> indices = new ArrayList<>();
        final Kind opener;
        final boolean calls;

        Segment(Kind opener, boolean calls) {
            this.opener = opener;
            this.calls = calls;
        }

        void drop(boolean[] dropped) {
            for (int index : indices) {
                dropped[index] = true;
            }
        }
    }

    private static List<List<Segment>> turns(List<MessageShape> shapes) {
        List<List<Segment>> turns = new ArrayList<>();
        List<Segment> turn = null;
        Segment current = null;
        for (int i = 0; i < shapes.size(); i++) {
            MessageShape shape = shapes.get(i);
            switch (shape.kind()) {
                case SYSTEM:
                    continue;
                case USER:
                    if (current == null || current.opener != Kind.USER) {
                        turn = new ArrayList<>();
                        turns.add(turn);
                        current = new Segment(Kind.USER, false);
                        turn.add(current);
                    }
                    break;
                case ASSISTANT:
                    if (turn == null) {
                        turn = new ArrayList<>();
                        turns.add(turn);
                    }
                    current = new Segment(Kind.ASSISTANT, shape.callsTools());
                    turn.add(current);
                    break;
                default:
                    if (turn == null) {
                        turn = new ArrayList<>();
                        turns.add(turn);
                        current = new Segment(shape.kind(), false);
                        turn.add(current);
                    }
                    break;
            }
            current.indices.add(i);
        }
        return turns;
    }

    /** The oldest complete tool round of a turn that may go alone, or {@code null}. */
    private static Segment oldestDroppableRound(List<Segment> turn, List<MessageShape> shapes) {
        Segment opening = null;
        for (Segment segment : turn) {
            if (segment.opener == Kind.ASSISTANT) {
                opening = segment;
                break;
            }
        }
        for (int s = 0; s < turn.size() - 1; s++) {
            Segment segment = turn.get(s);
            boolean keepsThinking = segment == opening && shapes.get(segment.indices.get(0)).thinking();
            if (segment.calls && !keepsThinking && complete(segment, shapes)) {
                return segment;
            }
        }
        return null;
    }

    /** Whether every call of a round has its result inside the round. */
    private static boolean complete(Segment round, List<MessageShape> shapes) {
        List<String> calls = shapes.get(round.indices.get(0)).callIds();
        Set<String> answered = new HashSet<>();
        int results = 0;
        for (int k = 1; k < round.indices.size(); k++) {
            MessageShape shape = shapes.get(round.indices.get(k));
            if (shape.kind() == Kind.TOOL_RESULT) {
                results++;
                if (shape.resultId() != null) {
                    answered.add(shape.resultId());
                }
            }
        }
        for (String id : calls) {
            if (!id.isEmpty() && !answered.contains(id)) {
                return false;
            }
        }
        return results >= calls.size();
    }
}

package io.orderingguard.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observation of a guard check, documented the Micrometer way: its name, its low-cardinality keys
 * (tags of the {@code ordering.guard.checks} timer) and its high-cardinality keys (on spans and
 * logs only).
 *
 * <p>Thread-safe (an enum).
 */
public enum GuardObservationDocumentation implements ObservationDocumentation {

    /** One check of one dispatch, from the start of {@code OrderingGuard.check} to its verdict. */
    CHECK {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultGuardObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeys.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return HighCardinalityKeys.values();
        }
    };

    /** Bounded key values: safe as metric tags. */
    public enum LowCardinalityKeys implements KeyName {
        /** {@code enforce} or {@code mutate} ({@code unknown} when the check threw); added when the check ends. */
        MODE {
            @Override
            public String asString() {
                return "mode";
            }
        },
        /**
         * {@code true} when the guard only reported (shadow rollout), else {@code false} ({@code unknown}
         * when the check threw); added when the check ends.
         */
        SHADOW {
            @Override
            public String asString() {
                return "shadow";
            }
        },
        /** {@code passed}, {@code repaired}, {@code rejected}, or {@code error} when the check threw. */
        OUTCOME {
            @Override
            public String asString() {
                return "outcome";
            }
        },
        /** The profile (family) evaluated, e.g. {@code anthropic-messages}; {@code none} when the check threw. */
        PROFILE {
            @Override
            public String asString() {
                return "profile";
            }
        },
        /** The dispatch's provider, e.g. {@code anthropic}; {@code unknown} when it names none. Known at the start. */
        PROVIDER {
            @Override
            public String asString() {
                return "provider";
            }
        }
    }

    /** Unbounded key values: on spans and in logs, never metric tags. */
    public enum HighCardinalityKeys implements KeyName {
        /** The dispatch's conversation id, when it has one. */
        CONVERSATION_ID {
            @Override
            public String asString() {
                return "conversation.id";
            }
        },
        /** The dispatch's model id, when it names one. */
        MODEL {
            @Override
            public String asString() {
                return "model";
            }
        }
    }
}

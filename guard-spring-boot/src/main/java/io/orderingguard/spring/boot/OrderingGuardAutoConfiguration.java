package io.orderingguard.spring.boot;

import io.lettuce.core.RedisClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.orderingguard.CheckObserver;
import io.orderingguard.GuardListener;
import io.orderingguard.OrderingGuard;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.redis.RedisStash;
import io.orderingguard.spi.Stash;
import io.orderingguard.springai.OrderingGuardAdvisor;
import io.orderingguard.stash.InMemoryStash;
import org.springframework.ai.chat.client.ChatClientCustomizer;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of Ordering Guard for Spring AI applications: an {@link OrderingGuard} built from
 * the {@code ordering-guard.*} properties (unless the application defines its own), an
 * {@link OrderingGuardAdvisor} on it, a {@link ChatClientCustomizer} that adds the advisor to every
 * {@code ChatClient.Builder} Spring AI's chat client auto-configuration creates, and, when
 * {@code ordering-guard.decorate-chat-models=true}, every {@code ChatModel} bean wrapped with
 * {@code GuardedChatModel}. {@code ordering-guard.enabled=false} turns all of it off.
 *
 * <p>The guard's stash is a {@code Stash} bean: an in-memory one ({@code ordering-guard.stash.type=memory},
 * the default), guard-redis's {@code RedisStash} on the application's Redis connection
 * ({@code redis}), or none ({@code none}); an application's own {@code Stash} bean replaces the first
 * two. Every {@link CheckObserver} and {@link GuardListener} bean is attached to the guard; with
 * guard-micrometer on the class path and a {@code MeterRegistry} bean, one reports each check to
 * Micrometer and one counts the verdicts ({@code ordering.guard.verdicts}: what the providers answered to
 * the prompts the advisor and the decorator let through), unless {@code ordering-guard.metrics.enabled=false}.
 * With {@code ordering-guard.exchange-log.file} set, guard-core's {@link ExchangeLog} writes one JSON
 * line per answered prompt ({@code ordering-guard.exchange-log.level=shape}, the default, keeps no text
 * of the conversation).
 *
 * <p>Invalid properties fail startup with {@link OrderingGuardFailureAnalyzer}'s description.
 */
@AutoConfiguration(afterName = {
        // Spring Boot 4 (guard-spring-boot)
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
        // Spring Boot 3 (guard-spring-boot-3 compiles this class too)
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration"})
@ConditionalOnClass({OrderingGuard.class, OrderingGuardAdvisor.class})
@ConditionalOnProperty(prefix = "ordering-guard", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(OrderingGuardProperties.class)
public final class OrderingGuardAutoConfiguration {

    /** Creates the auto-configuration (Spring calls it). */
    public OrderingGuardAutoConfiguration() {}

    /**
     * The guard, from the properties.
     *
     * @param properties the bound properties
     * @param stash the stash bean (the auto-configured one or the application's), if any
     * @param observers every check observer bean, in their order
     * @param listeners every guard listener bean (the verdict counter, the exchange log), in their order
     * @return the guard
     */
    @Bean
    @ConditionalOnMissingBean
    public OrderingGuard orderingGuard(OrderingGuardProperties properties, ObjectProvider<Stash> stash,
            ObjectProvider<CheckObserver> observers, ObjectProvider<GuardListener> listeners) {
        Stash chosen = properties.stash().type() == StashKind.NONE ? null : stash.getIfAvailable();
        return GuardFactory.build(properties, chosen, observers.orderedStream().toList(),
                listeners.orderedStream().toList());
    }

    /**
     * The exchange log, when {@code ordering-guard.exchange-log.file} is set: one JSON line per request
     * whose answer the advisor or the decorator reported. Closed (its queue written out) with the
     * context.
     *
     * @param properties the bound properties
     * @return the log, a listener of the guard
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "ordering-guard.exchange-log", name = "file")
    public ExchangeLog orderingGuardExchangeLog(OrderingGuardProperties properties) {
        OrderingGuardProperties.ExchangeLogFile config = properties.exchangeLog();
        ExchangeLog.Builder builder = ExchangeLog.builder(config.file()).level(config.level())
                .maxFileBytes(config.maxFileSize().toBytes()).maxFiles(config.maxFiles());
        if (config.hashKey() != null) {
            builder.hashKey(config.hashKey());
        }
        return builder.build();
    }

    /**
     * The advisor checking every prompt a {@code ChatClient} sends, in every tool round.
     *
     * @param guard the guard
     * @return the advisor
     */
    @Bean
    @ConditionalOnMissingBean
    public OrderingGuardAdvisor orderingGuardAdvisor(OrderingGuard guard) {
        return OrderingGuardAdvisor.of(guard);
    }

    /**
     * Adds the advisor to every {@code ChatClient.Builder} Spring AI's auto-configuration hands out.
     *
     * @param advisor the advisor
     * @return the customizer
     */
    @Bean
    public ChatClientCustomizer orderingGuardChatClientCustomizer(OrderingGuardAdvisor advisor) {
        return builder -> builder.defaultAdvisors(advisor);
    }

    /**
     * Wraps every {@code ChatModel} bean with {@code GuardedChatModel}.
     *
     * @param guard the guard, looked up when the first model is wrapped
     * @return the post-processor
     */
    @Bean
    @ConditionalOnProperty(prefix = "ordering-guard", name = "decorate-chat-models", havingValue = "true")
    public static BeanPostProcessor orderingGuardChatModelDecorator(ObjectProvider<OrderingGuard> guard) {
        return new ChatModelDecorator(guard);
    }

    /** {@code ordering-guard.stash.type=memory}: one in-memory stash per application instance. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "ordering-guard.stash", name = "type", havingValue = "memory", matchIfMissing = true)
    static final class MemoryStashConfiguration {

        @Bean
        @ConditionalOnMissingBean(Stash.class)
        InMemoryStash orderingGuardStash() {
            return InMemoryStash.create();
        }
    }

    /** {@code ordering-guard.stash.type=redis} with guard-redis present: a stash on the application's Redis. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.orderingguard.redis.RedisStash")
    @ConditionalOnProperty(prefix = "ordering-guard.stash", name = "type", havingValue = "redis")
    static final class RedisStashConfiguration {

        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Stash.class)
        RedisStash orderingGuardStash(OrderingGuardProperties properties, ObjectProvider<RedisClient> clients,
                ListableBeanFactory beans) {
            return RedisStashes.create(properties, clients.getIfUnique(), beans);
        }
    }

    /** Micrometer metrics when guard-micrometer is present and the application has a meter registry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"io.orderingguard.micrometer.GuardMicrometer", "io.micrometer.core.instrument.MeterRegistry"})
    @ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
    @ConditionalOnProperty(prefix = "ordering-guard.metrics", name = "enabled", havingValue = "true", matchIfMissing = true)
    static final class MetricsConfiguration {

        @Bean
        CheckObserver orderingGuardMetrics(MeterRegistry meters, ObjectProvider<ObservationRegistry> observations) {
            ObservationRegistry registry = observations.getIfUnique();
            return registry == null ? GuardMicrometer.observer(meters) : GuardMicrometer.observer(registry, meters);
        }

        /** The verdict counter, {@code ordering.guard.verdicts}: what the providers answered to guarded prompts. */
        @Bean
        GuardListener orderingGuardVerdictMetrics(MeterRegistry meters) {
            return GuardMicrometer.verdicts(meters);
        }
    }
}

package io.orderingguard.spring.boot;

import io.orderingguard.OrderingGuard;
import io.orderingguard.springai.OrderingGuardAdvisor;
import org.springframework.ai.chat.client.ChatClientCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of Ordering Guard for Spring AI applications: an {@link OrderingGuard} built from
 * the {@code ordering-guard.*} properties (unless the application defines its own), an
 * {@link OrderingGuardAdvisor} on it, a {@link ChatClientCustomizer} that adds the advisor to every
 * {@code ChatClient.Builder} Spring AI's chat client auto-configuration creates, and, when
 * {@code ordering-guard.decorate-chat-models=true}, every {@code ChatModel} bean wrapped with
 * {@code GuardedChatModel}. {@code ordering-guard.enabled=false} turns all of it off.
 *
 * <p>Invalid properties fail startup with {@link OrderingGuardFailureAnalyzer}'s description.
 */
@AutoConfiguration
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
     * @return the guard
     */
    @Bean
    @ConditionalOnMissingBean
    public OrderingGuard orderingGuard(OrderingGuardProperties properties) {
        return GuardFactory.build(properties);
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
}

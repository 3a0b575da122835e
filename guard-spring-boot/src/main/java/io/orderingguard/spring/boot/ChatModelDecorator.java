package io.orderingguard.spring.boot;

import io.orderingguard.OrderingGuard;
import io.orderingguard.springai.GuardedChatModel;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/** Wraps each {@link ChatModel} bean (not one already guarded) with {@link GuardedChatModel}. */
final class ChatModelDecorator implements BeanPostProcessor {

    private final ObjectProvider<OrderingGuard> guard;

    ChatModelDecorator(ObjectProvider<OrderingGuard> guard) {
        this.guard = guard;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof ChatModel model && !(bean instanceof GuardedChatModel)) {
            return GuardedChatModel.wrap(model, guard.getObject());
        }
        return bean;
    }
}

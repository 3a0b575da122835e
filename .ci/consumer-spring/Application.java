package com.example;

import io.orderingguard.OrderingGuard;
import io.orderingguard.springai.GuardedChatModel;
import io.orderingguard.springai.OrderingGuardAdvisor;
import io.orderingguard.springai.PairSafeChatMemory;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring AI application with the Ordering Guard starter, as a new user writes it: the same source
 * compiles on Spring Boot 4 with Spring AI 2.0 (guard-spring-boot-starter) and on Spring Boot 3.5 with
 * Spring AI 1.1 (guard-spring-boot-3-starter).
 */
@SpringBootApplication
public class Application {

    public static void main(String[] args) {
        SpringApplication.run(Application.class, args);
    }

    /** A memory window that never keeps a tool result without its call. */
    @Bean
    ChatMemory chatMemory() {
        return PairSafeChatMemory.builder().maxMessages(20).build();
    }

    /** The starter's customizer has put the guard's advisor on the builder. */
    @Bean
    ChatClient chatClient(ChatClient.Builder builder, OrderingGuardAdvisor advisor) {
        return builder.defaultSystem("You are terse.").build();
    }

    /** For a tool loop the application runs itself: every round it sends is checked first. */
    static ChatModel guarded(ChatModel model, OrderingGuard guard) {
        return GuardedChatModel.builder(model, guard).conversationId(prompt -> "conversation-1").build();
    }
}

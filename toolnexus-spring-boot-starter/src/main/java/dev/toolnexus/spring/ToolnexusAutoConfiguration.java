package dev.toolnexus.spring;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.Toolkit;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.JdbcConversationStore;
import dev.toolnexus.http.HttpTools;
import dev.toolnexus.http.OpenApiOptions;
import dev.toolnexus.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.health.HealthContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Configures a {@link Toolkit} from {@code toolnexus.toolkit.*} plus the application's tool beans,
 * an {@link LlmClient} from {@code toolnexus.client.*} (when a model is named) with the
 * application's {@link Hooks}, {@link RunObserver} and metric sinks, a JDBC conversation store on
 * the application's {@link DataSource}, Micrometer metrics and one health indicator per tool
 * source. Every bean backs off when the application defines its own of the same type.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration"
    })
@EnableConfigurationProperties(ToolnexusProperties.class)
public class ToolnexusAutoConfiguration {

  /** Creates the configuration; Spring calls it. */
  public ToolnexusAutoConfiguration() {}

  /**
   * The toolkit: MCP servers, skills, built-ins and OpenAPI tools from the properties, then the
   * application's {@link Tool} and {@link ToolSource} beans and its {@code @ToolMethod} bean
   * methods. Closed with the context, which stops every MCP server process it started.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public Toolkit toolnexusToolkit(
      ToolnexusProperties properties,
      ObjectProvider<Tool> tools,
      ObjectProvider<ToolSource> sources,
      ConfigurableListableBeanFactory beanFactory) {
    ToolnexusProperties.Toolkit p = properties.toolkit();
    Toolkit.Builder b = Toolkit.builder();
    if (p.mcpConfig() != null) {
      b.mcpConfig(p.mcpConfig());
    }
    if (!p.skills().isEmpty()) {
      b.skillsDirs(p.skills());
    }
    b.builtins(builtins(p.builtins()));
    for (ToolnexusProperties.OpenApi api : p.openapi()) {
      if (api.spec() == null || api.spec().isBlank()) {
        throw new IllegalArgumentException("toolnexus.toolkit.openapi: an entry has no spec");
      }
      OpenApiOptions.Builder o = OpenApiOptions.builder();
      if (api.baseUrl() != null) {
        o.baseUrl(api.baseUrl());
      }
      if (api.namePrefix() != null) {
        o.namePrefix(api.namePrefix());
      }
      b.tools(HttpTools.fromOpenApi(api.spec(), o.build()).asTools());
    }
    tools.orderedStream().forEach(b::tool);
    sources.orderedStream().forEach(b::source);
    b.tools(ToolMethodBeans.tools(beanFactory));
    return b.build();
  }

  private static BuiltinsOptions builtins(ToolnexusProperties.Builtins p) {
    if (!p.enabled()) {
      return BuiltinsOptions.disabled();
    }
    BuiltinsOptions.Builder b =
        BuiltinsOptions.builder()
            .enabled(true)
            .confineToBaseDir(p.confineToBaseDir())
            .readOnly(p.readOnly());
    if (p.baseDir() != null) {
      b.baseDir(p.baseDir());
    }
    if (!p.disabled().isEmpty()) {
      b.disable(p.disabled().toArray(String[]::new));
    }
    return b.build();
  }

  /**
   * The client, when {@code toolnexus.client.model} is set: its endpoint and loop settings from the
   * properties, the application's {@link Hooks} beans in order, its {@link RunObserver} when there
   * is exactly one, every metric sink bean, and the conversation store bean.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "toolnexus.client", name = "model")
  public LlmClient toolnexusClient(
      ToolnexusProperties properties,
      ObjectProvider<Hooks> hooks,
      ObjectProvider<RunObserver> observer,
      ObjectProvider<Consumer<MetricEvent>> metricSinks,
      ObjectProvider<ConversationStore> store) {
    ToolnexusProperties.Client p = properties.client();
    if (p.style() == null) {
      throw new IllegalStateException(
          "toolnexus.client.model is set but toolnexus.client.style is not: set it to openai,"
              + " anthropic or gemini (the wire format of the endpoint at toolnexus.client.base-url)");
    }
    ClientOptions.Builder b = ClientOptions.builder().model(p.model());
    if (p.baseUrl() != null) {
      b.baseUrl(p.baseUrl());
    }
    if (p.style() != null) {
      b.style(p.style());
    }
    if (p.apiKey() != null) {
      b.apiKey(p.apiKey());
    }
    if (p.retries() != null) {
      b.retries(p.retries());
    }
    if (p.requestTimeout() != null) {
      b.requestTimeout(p.requestTimeout());
    }
    if (p.timeout() != null) {
      b.timeout(p.timeout());
    }
    if (p.maxTurns() != null) {
      b.maxTurns(p.maxTurns());
    }
    if (p.systemPrompt() != null) {
      b.systemPrompt(p.systemPrompt());
    }
    b.hooks(hooks.orderedStream().toList());
    b.observer(observer.getIfUnique());
    List<Consumer<MetricEvent>> sinks = metricSinks.orderedStream().toList();
    if (!sinks.isEmpty()) {
      b.onMetric(event -> sinks.forEach(s -> s.accept(event)));
    }
    store.ifUnique(b::store);
    return LlmClient.create(b.build());
  }

  /** Conversations in the application's {@link DataSource}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBean(DataSource.class)
  @ConditionalOnProperty(
      prefix = "toolnexus.store",
      name = "jdbc",
      havingValue = "true",
      matchIfMissing = true)
  static class JdbcStoreConfiguration {
    /** The JDBC store, in {@code toolnexus.store.table} or the store's default table. */
    @Bean
    @ConditionalOnMissingBean(ConversationStore.class)
    JdbcConversationStore toolnexusConversationStore(
        DataSource dataSource, ToolnexusProperties properties) {
      String table = properties.store().table();
      return table == null
          ? JdbcConversationStore.of(dataSource)
          : JdbcConversationStore.of(dataSource::getConnection, table);
    }
  }

  /** The client's metrics into the application's Micrometer registry. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({MicrometerMetrics.class, MeterRegistry.class})
  @ConditionalOnBean(MeterRegistry.class)
  static class MicrometerConfiguration {
    /** The Micrometer sink; the client picks it up as a metric sink. */
    @Bean
    @ConditionalOnMissingBean
    MicrometerMetrics toolnexusMicrometerMetrics(MeterRegistry registry) {
      return MicrometerMetrics.of(registry);
    }
  }

  /** One health indicator per tool source, under {@code toolnexus} in the health endpoint. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthContributor.class)
  static class HealthConfiguration {
    /**
     * The toolkit's sources, read live on every check: one added after start-up shows up at the
     * next.
     */
    @Bean
    @ConditionalOnMissingBean(name = "toolnexusHealthContributor")
    HealthContributor toolnexusHealthContributor(Toolkit toolkit) {
      return new ToolkitHealthContributor(toolkit);
    }
  }
}

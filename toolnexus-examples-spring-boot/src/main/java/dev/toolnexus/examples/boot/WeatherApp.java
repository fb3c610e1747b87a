package dev.toolnexus.examples.boot;

import dev.toolnexus.Toolkit;
import dev.toolnexus.annotations.ToolMethod;
import dev.toolnexus.client.LlmClient;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * A Spring Boot application on the toolnexus starter: {@link Forecasts} is an ordinary bean whose
 * {@code @ToolMethod} becomes a tool, the model endpoint comes from {@code application.properties}
 * (or {@code --toolnexus.client.*} arguments), and the question given as {@code --question=...} is
 * answered on start.
 */
@SpringBootApplication
public class WeatherApp {
  /** Created by Spring. */
  public WeatherApp() {}

  /**
   * Starts the application.
   *
   * @param args Spring Boot arguments, e.g. {@code --question="Weather in Oslo?"}
   */
  public static void main(String[] args) {
    SpringApplication.run(WeatherApp.class, args).close();
  }

  /** Answers {@code --question} with the toolkit, printing the answer. */
  @Bean
  ApplicationRunner ask(LlmClient client, Toolkit toolkit) {
    return (ApplicationArguments args) -> {
      if (args.containsOption("question")) {
        System.out.println(client.run(args.getOptionValues("question").get(0), toolkit).text());
      }
    };
  }

  /** An application bean offering a tool. */
  @Component
  public static class Forecasts {
    /** Created by Spring. */
    public Forecasts() {}

    /**
     * The forecast for a city (a fixed answer: the example has no weather service).
     *
     * @param city the city
     * @return the forecast
     */
    @ToolMethod("The weather forecast for a city")
    public String forecast(String city) {
      return "Sunny, 21°C in " + city;
    }
  }
}

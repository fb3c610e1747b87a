package dev.toolnexus.examples;

// README's "Signing in to A2A agents" example, compiled by QuickstartTest. Edit the region between
// the markers and README.md together: the test fails when they differ.
// signinagent:begin
import dev.toolnexus.Answer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.a2a.A2a;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.AuthSettings;
import java.util.List;
import java.util.Map;

public class SignInToAgent {
  public static void main(String[] args) {
    WaitFor user =
        request -> {
          System.out.println(request.prompt() + ": open " + request.url());
          return Answer.ok(request.id());
        };
    AgentOptions billing =
        AgentOptions.builder("https://billing.example/.well-known/agent-card.json")
            .id("billing")
            .authSettings(
                new AuthSettings("toolnexus", null, List.of("invoices:read"), 0, "memory"))
            .build();
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).source(A2a.agent(billing, user)).build()) {
      System.out.println(toolkit.status()); // billing ready, or needs_auth without a user
      System.out.println(toolkit.execute("Billing_Invoices", Map.of("task", "last month")));
    }
  }
}
// signinagent:end

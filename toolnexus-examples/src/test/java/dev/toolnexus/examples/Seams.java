package dev.toolnexus.examples;

// README's "Tool sources, views and context" example, compiled and run by QuickstartTest. Edit the
// region between the markers and README.md together: the test fails when they differ.
// seams:begin
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolSource;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.Map;

public class Seams {
  record UserId(String value) {}

  public static void main(String[] args) {
    Map<String, Object> noArgs = Map.of("type", "object");
    Tool find =
        Tools.define(
            "find_order",
            "Finds the caller's last order",
            noArgs,
            (a, ctx) -> {
              ctx.progress(1, 2.0, "searching"); // goes to the caller's progress sink
              return "order of " + ctx.get(UserId.class).map(UserId::value).orElse("nobody");
            });
    Tool cancel = Tools.define("cancel_order", "Cancels an order", noArgs, a -> "cancelled");

    // Any ToolSource plugs in: your own, or the one Mcp.connect(...) returns.
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).source(ToolSource.of("orders", find, cancel)).build()) {
      System.out.println(toolkit.status()); // {orders=ready}

      // Hear about new tools: an MCP server's list_changed, addSource, register.
      toolkit.onToolsChanged(() -> System.out.println("tools now " + toolkit.names()));
      toolkit.addSource(
          ToolSource.of(
              "support", Tools.define("open_ticket", "Opens a ticket", noArgs, a -> "7")));

      // A filtered live view over the same sources; closing it closes nothing shared.
      try (Toolkit readOnly = toolkit.view(t -> !t.name().startsWith("cancel"))) {
        System.out.println(readOnly.names()); // [find_order, open_ticket]
      }

      // Typed attributes and a progress sink travel with one call.
      ToolContext ctx =
          ToolContext.empty()
              .with(UserId.class, new UserId("u-42"))
              .withProgress((done, total, message) -> System.out.println(done + "/" + total));
      System.out.println(toolkit.execute("find_order", Map.of(), ctx).output());
    }
  }
}
// seams:end

package dev.toolnexus;

import static dev.toolnexus.TestTools.echo;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ToolkitViewTest {

  @Test
  void aViewHidesToolsWithoutTouchingTheToolkit() {
    try (Toolkit tk = Toolkit.of(echo("read_file"), echo("delete_file"), echo("list"))) {
      Toolkit readOnly = tk.view(t -> !t.name().startsWith("delete"));

      assertThat(readOnly.names()).containsExactly("read_file", "list");
      assertThat(readOnly.get("delete_file")).isEmpty();
      assertThat(readOnly.execute("delete_file", Map.of()).output())
          .isEqualTo("Unknown tool: delete_file. Available: read_file, list");
      assertThat(readOnly.toOpenAI()).hasSize(2);
      assertThat(tk.names()).containsExactly("read_file", "delete_file", "list");
      assertThat(tk.execute("delete_file", Map.of()).output()).isEqualTo("delete_file");
    }
  }

  @Test
  void aViewSeesLaterChangesAndItsListenerHearsThem() {
    try (Toolkit tk = Toolkit.of(echo("a"))) {
      Toolkit view = tk.view(t -> !t.name().equals("hidden"));
      AtomicInteger fired = new AtomicInteger();
      view.onToolsChanged(fired::incrementAndGet);

      tk.register(echo("b"));
      tk.addSource(ToolSource.of("more", echo("hidden"), echo("c")));

      assertThat(view.names()).containsExactly("a", "b", "c");
      assertThat(fired.get()).isEqualTo(2);
    }
  }

  @Test
  void closingAViewClosesNothingShared() {
    ToolSourceTest.MySource source = new ToolSourceTest.MySource("mine", echo("x"));
    try (Toolkit tk = Toolkit.builder().builtins(false).source(source).build()) {
      AtomicInteger heard = new AtomicInteger();
      Toolkit view = tk.view(t -> true);
      view.onToolsChanged(heard::incrementAndGet);

      view.close();
      tk.register(echo("y"));

      assertThat(view.isClosed()).isTrue();
      assertThat(tk.isClosed()).isFalse();
      assertThat(source.closes.get()).isZero();
      assertThat(heard.get()).isZero();
      assertThat(tk.execute("x", Map.of()).output()).isEqualTo("x");
    }
    assertThat(source.closes.get()).isEqualTo(1);
  }

  @Test
  void viewsOfViewsKeepOnlyWhatEveryFilterKeeps() {
    try (Toolkit tk = Toolkit.of(echo("a1"), echo("a2"), echo("b1"))) {
      Toolkit as = tk.view(t -> t.name().startsWith("a"));
      Toolkit ones = as.view(t -> t.name().endsWith("1"));

      assertThat(ones.names()).containsExactly("a1");
      assertThat(as.names()).containsExactly("a1", "a2");
    }
  }

  @Test
  void aViewValidatesArgumentsLikeTheToolkit() {
    try (Toolkit tk = Toolkit.of(TestTools.weather())) {
      Toolkit view = tk.view(t -> true);

      assertThat(view.execute("get_weather", Map.of()).output())
          .isEqualTo("Invalid arguments for tool get_weather:\n- city: is required but missing");
      assertThat(view.tools()).isEqualTo(List.copyOf(tk.tools()));
    }
  }
}

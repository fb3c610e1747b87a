package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolAnnotationsTest {

  private static Tool plain() {
    return Tools.define("plain", "d", Map.of("type", "object"), args -> "ok");
  }

  @Test
  void noneHasMcpsDefaults() {
    ToolAnnotations a = ToolAnnotations.NONE;
    assertThat(a.isReadOnly()).isFalse();
    assertThat(a.isDestructive()).isTrue();
    assertThat(a.isIdempotent()).isFalse();
    assertThat(a.isOpenWorld()).isTrue();
    assertThat(a.title()).isNull();
    assertThat(a.icons()).isEmpty();
  }

  @Test
  void aReadOnlyToolIsNeverDestructiveWhateverItsDestructiveHint() {
    ToolAnnotations a = new ToolAnnotations(null, true, true, false, null, null);
    assertThat(a.isReadOnly()).isTrue();
    assertThat(a.isDestructive()).isFalse();
  }

  @Test
  void aReadOnlyToolIsIdempotentWhateverItsIdempotentHint() {
    ToolAnnotations a = new ToolAnnotations(null, true, null, false, null, null);
    assertThat(a.isIdempotent()).isTrue();
  }

  @Test
  void aWritingToolStatedNotDestructiveIsNotDestructive() {
    ToolAnnotations a = new ToolAnnotations(null, false, false, null, null, null);
    assertThat(a.isReadOnly()).isFalse();
    assertThat(a.isDestructive()).isFalse();
    assertThat(a.isIdempotent()).isFalse();
  }

  @Test
  void ofStatesAllFourHints() {
    ToolAnnotations a = ToolAnnotations.of(false, true, true, false);
    assertThat(a).isEqualTo(new ToolAnnotations(null, false, true, true, false, List.of()));
    assertThat(a.isOpenWorld()).isFalse();
    assertThat(a.isIdempotent()).isTrue();
  }

  @Test
  void withTitleKeepsTheHintsAndIcons() {
    ToolIcon icon = new ToolIcon("https://example.com/i.png", "image/png", List.of("48x48"), null);
    ToolAnnotations a = new ToolAnnotations(null, true, null, null, false, List.of(icon));
    assertThat(a.withTitle("Look up"))
        .isEqualTo(new ToolAnnotations("Look up", true, null, null, false, List.of(icon)));
  }

  @Test
  void iconsAreCopiedAndNullIsNone() {
    List<ToolIcon> icons = new ArrayList<>(List.of(new ToolIcon("data:,x", null, null, "dark")));
    ToolAnnotations a = new ToolAnnotations(null, null, null, null, null, icons);
    icons.clear();
    assertThat(a.icons()).containsExactly(new ToolIcon("data:,x", null, List.of(), "dark"));
    assertThat(new ToolAnnotations(null, null, null, null, null, null).icons()).isEmpty();
  }

  @Test
  void aToolStatesNoAnnotationsAndNoOutputSchemaByDefault() {
    Tool t = plain();
    assertThat(t.annotations()).isSameAs(ToolAnnotations.NONE);
    assertThat(t.outputSchema()).isEmpty();
  }

  @Test
  void annotatedGivesADefinedToolItsAnnotations() {
    ToolAnnotations hints = ToolAnnotations.of(true, false, true, false).withTitle("Plain");
    Tool t = Tools.annotated(plain(), hints);
    assertThat(t.annotations()).isEqualTo(hints);
    assertThat(t.name()).isEqualTo("plain");
    assertThat(t.execute(Map.of(), ToolContext.empty()).output()).isEqualTo("ok");
  }

  @Test
  void sequentialKeepsTheAnnotationsAndAnnotatedKeepsSequential() {
    ToolAnnotations hints = ToolAnnotations.of(false, false, false, false);
    Tool a = Tools.sequential(Tools.annotated(plain(), hints));
    Tool b = Tools.annotated(Tools.sequential(plain()), hints);
    assertThat(a.sequential()).isTrue();
    assertThat(a.annotations()).isEqualTo(hints);
    assertThat(b.sequential()).isTrue();
    assertThat(b.annotations()).isEqualTo(hints);
  }

  @Test
  void annotatingAToolOfAnotherKindWrapsItAndKeepsItsOutputSchema() {
    Tool other =
        new Tool() {
          @Override
          public String name() {
            return "other";
          }

          @Override
          public String description() {
            return "";
          }

          @Override
          public Map<String, Object> inputSchema() {
            return Map.of("type", "object");
          }

          @Override
          public Map<String, Object> outputSchema() {
            return Map.of("type", "object");
          }

          @Override
          public Source source() {
            return Source.NATIVE;
          }

          @Override
          public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
            return ToolResult.ok("ran");
          }
        };
    ToolAnnotations hints = ToolAnnotations.of(true, false, true, true);
    Tool t = Tools.sequential(Tools.annotated(other, hints));
    assertThat(t.annotations()).isEqualTo(hints);
    assertThat(t.sequential()).isTrue();
    assertThat(t.outputSchema()).isEqualTo(Map.of("type", "object"));
    assertThat(t.execute(Map.of(), ToolContext.empty()).output()).isEqualTo("ran");
  }
}

package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Two operations of one patch on one real file are refused, never half applied. */
@DisabledOnOs(OS.WINDOWS)
class SameRealFilePatchTest {
  @TempDir Path dir;

  private static final String PATCH =
      String.join(
          "\n",
          "*** Begin Patch",
          "*** Update File: d.txt",
          "@@",
          "-one",
          "+ONE",
          "*** Update File: link.txt",
          "@@",
          "-two",
          "+TWO",
          "*** End Patch");

  @Test
  void anUpdateOfAFileAndOfASymlinkToItIsRefusedAndChangesNothing() throws Exception {
    Files.writeString(dir.resolve("d.txt"), "one\ntwo\n");
    Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("d.txt"));
    ToolResult r = run(B.tool(dir, "apply_patch"), "patchText", PATCH);
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "apply_patch: link.txt and d.txt are the same file; put every change to it in one"
                + " operation (no file was changed)");
    assertThat(dir.resolve("d.txt")).hasContent("one\ntwo");
  }

  @Test
  void theSameRefusalHoldsUnderConfinement() throws Exception {
    Files.writeString(dir.resolve("d.txt"), "one\ntwo\n");
    Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("d.txt"));
    ToolResult r = run(B.confined(dir, "apply_patch"), "patchText", PATCH);
    assertThat(r.output())
        .isEqualTo(
            "apply_patch: link.txt and d.txt are the same file; put every change to it in one"
                + " operation (no file was changed)");
    assertThat(dir.resolve("d.txt")).hasContent("one\ntwo");
  }
}

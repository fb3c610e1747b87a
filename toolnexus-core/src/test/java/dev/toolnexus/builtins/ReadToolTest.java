package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadToolTest {
  @TempDir Path dir;

  private Tool read() {
    return B.tool(dir, "read");
  }

  @Test
  void readsAWholeTextFileVerbatim() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "one\ntwo\nthree\n");
    ToolResult r = run(read(), "path", "a.txt");
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("one\ntwo\nthree\n");
  }

  @Test
  void offsetAndLimitReturnThatOneBasedLineWindow() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "l1\nl2\nl3\nl4\nl5");
    ToolResult r = run(read(), "path", "a.txt", "offset", 2, "limit", 3);
    assertThat(r.output()).isEqualTo("l2\nl3\nl4");
    assertThat(r.metadata())
        .containsEntry("startLine", 2)
        .containsEntry("endLine", 4)
        .containsEntry("totalLines", 5);
  }

  @Test
  void offsetAloneReadsToTheEnd() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "l1\nl2\nl3");
    assertThat(run(read(), "path", "a.txt", "offset", 3).output()).isEqualTo("l3");
  }

  @Test
  void anOffsetPastTheEndIsAnErrorSayingHowLongTheFileIs() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "l1\nl2");
    ToolResult r = run(read(), "path", "a.txt", "offset", 9);
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("read: offset 9 is past the end of a.txt (2 lines)");
  }

  @Test
  void aMissingFileIsAnErrorNamingIt() {
    ToolResult r = run(read(), "path", "nope.txt");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("read: file not found: nope.txt");
  }

  @Test
  void aDirectoryIsAnError() throws Exception {
    Files.createDirectory(dir.resolve("sub"));
    assertThat(run(read(), "path", "sub").output())
        .isEqualTo("read: sub is a directory, not a file");
  }

  @Test
  void undecodableBytesAreAnErrorNamingTheFile() throws Exception {
    Files.write(dir.resolve("blob.bin"), new byte[] {'o', 'k', (byte) 0xC3, (byte) 0x28});
    ToolResult r = run(read(), "path", "blob.bin");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("read: blob.bin is not valid UTF-8 text and has no recognised media extension");
  }

  @Test
  void aMediaFileBecomesAPartAndTheSpecDescription() throws Exception {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3};
    Files.write(dir.resolve("shot.png"), png);
    ToolResult r = run(read(), "path", "shot.png");
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("shot.png (image/png, 7 bytes)");
    assertThat(r.parts()).hasSize(1);
    ContentPart.Image part = (ContentPart.Image) r.parts().get(0);
    assertThat(part.mimeType()).isEqualTo("image/png");
    assertThat(part.data()).isEqualTo(Base64.getEncoder().encodeToString(png));
    assertThat(part.url()).isNull();
  }

  @Test
  void aPdfBecomesAFilePartWithItsName() throws Exception {
    Files.write(dir.resolve("doc.pdf"), "%PDF-1.4".getBytes(StandardCharsets.US_ASCII));
    ToolResult r = run(read(), "path", "doc.pdf");
    assertThat(r.output()).isEqualTo("doc.pdf (application/pdf, 8 bytes)");
    assertThat(((ContentPart.FileData) r.parts().get(0)).name()).isEqualTo("doc.pdf");
  }

  @Test
  void aFileOverTheCapIsCutAtALineWithANoticeSayingWhereToContinue() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= 100; i++) {
      sb.append("line ").append(i < 10 ? "0" : "").append(i).append('\n'); // 8 bytes each
    }
    Files.writeString(
        dir.resolve("big.txt"), sb.toString()); // 801 bytes: "line 100" has one more digit
    Tool capped =
        B.tool(BuiltinsOptions.builder().baseDir(dir).maxOutputBytes(100).build(), "read");
    ToolResult r = run(capped, "path", "big.txt");
    assertThat(r.isError()).isFalse();
    String expectedHead = sb.substring(0, 96); // 12 whole lines fit in 100 bytes
    assertThat(r.output())
        .isEqualTo(
            expectedHead
                + "\n\n[read: output truncated: 705 of 801 bytes cut; continue with offset=13 and a"
                + " limit]");
    assertThat(r.metadata()).containsEntry("nextOffset", 13);
  }

  @Test
  void aWindowOverTheCapStopsAtTheLastWholeLineAndNamesTheRest() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      sb.append("abcdefghi").append('\n'); // 10 bytes each
    }
    Files.writeString(dir.resolve("w.txt"), sb.toString());
    Tool capped = B.tool(BuiltinsOptions.builder().baseDir(dir).maxOutputBytes(35).build(), "read");
    ToolResult r = run(capped, "path", "w.txt", "offset", 5, "limit", 10);
    assertThat(r.output())
        .isEqualTo(
            "abcdefghi\nabcdefghi\nabcdefghi\n\n[read: output truncated: 70 of 99 bytes cut;"
                + " lines 8-14 not shown; continue with offset=8]");
    assertThat(r.metadata()).containsEntry("endLine", 7);
  }
}

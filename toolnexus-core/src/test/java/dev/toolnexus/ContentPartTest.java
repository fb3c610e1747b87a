package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentPartTest {
  private static final byte[] BYTES_82 = new byte[82];

  @TempDir Path dir;

  @Test
  void describeIsTypeMimeTypeAndDecodedBytes() {
    ContentPart.Media png = ContentPart.fromBytes(BYTES_82, "image/png");

    assertThat(png.describe()).isEqualTo("image (image/png, 82 bytes)");
  }

  @Test
  void placeholderIsTheUnsupportedPartForm() {
    ContentPart.Media wav = ContentPart.fromBytes(new byte[41984], "audio/wav");

    assertThat(wav.placeholder()).isEqualTo("[unsupported audio part (audio/wav, 41984 bytes)]");
  }

  @Test
  void readFormNamesThePathMimeTypeAndBytes() {
    ContentPart.Media png = ContentPart.fromBytes(BYTES_82, "image/png");

    assertThat(png.describeAs("shot.png")).isEqualTo("shot.png (image/png, 82 bytes)");
  }

  @Test
  void urlPartCountsZeroBytes() {
    ContentPart.Media link = ContentPart.fromUrl("https://example.com/a.png");

    assertThat(link.describe()).isEqualTo("image (image/png, 0 bytes)");
    assertThat(link.placeholder()).isEqualTo("[unsupported image part (image/png, 0 bytes)]");
  }

  @Test
  void tokenEstimateIsAtLeast85() {
    assertThat(ContentPart.fromBytes(BYTES_82, "image/png").estimateTokens()).isEqualTo(85);
    assertThat(ContentPart.fromUrl("https://example.com/a.png").estimateTokens()).isEqualTo(85);
  }

  @Test
  void tokenEstimateIsFloorOfDecodedBytesOver750() {
    assertThat(ContentPart.fromBytes(new byte[750 * 85], "image/png").estimateTokens())
        .isEqualTo(85);
    assertThat(ContentPart.fromBytes(new byte[750 * 86 - 1], "image/png").estimateTokens())
        .isEqualTo(85);
    assertThat(ContentPart.fromBytes(new byte[750 * 86], "image/png").estimateTokens())
        .isEqualTo(86);
    assertThat(ContentPart.fromBytes(new byte[1_000_000], "image/png").estimateTokens())
        .isEqualTo(1333);
  }

  @Test
  void decodedBytesHonourPadding() {
    assertThat(new ContentPart.Image("image/png", "QQ==", null).decodedBytes()).isEqualTo(1);
    assertThat(new ContentPart.Image("image/png", "QUI=", null).decodedBytes()).isEqualTo(2);
    assertThat(new ContentPart.Image("image/png", "QUJD", null).decodedBytes()).isEqualTo(3);
  }

  @Test
  void bothDataAndUrlIsAnError() {
    assertThatThrownBy(() -> new ContentPart.Image("image/png", "QUJD", "https://x/a.png"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an image part takes exactly one of data or url, not both");
  }

  @Test
  void neitherDataNorUrlIsAnError() {
    assertThatThrownBy(() -> new ContentPart.Audio("audio/wav", null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an audio part takes exactly one of data or url; neither was given");
  }

  @Test
  void missingMimeTypeIsAnError() {
    assertThatThrownBy(() -> new ContentPart.FileData(null, "QUJD", null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a file part needs a mimeType");
  }

  @Test
  void unpaddedOrUrlSafeBase64IsRejected() {
    assertThatThrownBy(() -> new ContentPart.Image("image/png", "QQ", null))
        .hasMessageContaining("padded standard base64");
    assertThatThrownBy(() -> new ContentPart.Image("image/png", "a-b_", null))
        .hasMessageContaining("bad character at index 1");
    assertThatThrownBy(() -> new ContentPart.Image("image/png", "QUJD\nQUJD", null))
        .hasMessageContaining("padded standard base64");
  }

  @Test
  void fromPathReadsBytesAndTakesMimeTypeFromTheTable() throws IOException {
    Path png = Files.write(dir.resolve("shot.PNG"), new byte[] {1, 2, 3});

    ContentPart.Media part = ContentPart.fromPath(png);

    assertThat(part).isInstanceOf(ContentPart.Image.class);
    assertThat(part.mimeType()).isEqualTo("image/png");
    assertThat(part.data()).isEqualTo("AQID");
    assertThat(part.url()).isNull();
  }

  @Test
  void everyTableExtensionMapsToItsMimeTypeAndPartType() throws IOException {
    Map<String, String> expected =
        Map.of(
            "png", "image image/png",
            "jpg", "image image/jpeg",
            "jpeg", "image image/jpeg",
            "gif", "image image/gif",
            "webp", "image image/webp",
            "pdf", "file application/pdf",
            "mp3", "audio audio/mpeg",
            "wav", "audio audio/wav");
    for (Map.Entry<String, String> e : expected.entrySet()) {
      Path file = Files.write(dir.resolve("f." + e.getKey()), new byte[] {7});
      ContentPart.Media part = ContentPart.fromPath(file);
      assertThat(part.type() + " " + part.mimeType()).as(e.getKey()).isEqualTo(e.getValue());
    }
  }

  @Test
  void aFilePartFromAPathCarriesOnlyTheFileName() throws IOException {
    Path pdf = Files.write(dir.resolve("report.pdf"), new byte[] {1});

    ContentPart.FileData part = (ContentPart.FileData) ContentPart.fromPath(pdf);

    assertThat(part.name()).isEqualTo("report.pdf");
    assertThat(Json.write(part)).doesNotContain(dir.toString());
  }

  @Test
  void unknownExtensionWithoutMimeTypeIsAnErrorNamingIt() throws IOException {
    Path txt = Files.write(dir.resolve("notes.xyz"), new byte[] {1});

    assertThatThrownBy(() -> ContentPart.fromPath(txt))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\".xyz\"");
  }

  @Test
  void unknownExtensionWithExplicitMimeTypeIsAccepted() throws IOException {
    Path txt = Files.write(dir.resolve("notes.xyz"), new byte[] {65});

    ContentPart.Media part = ContentPart.fromPath(txt, "text/plain");

    assertThat(part.type()).isEqualTo("file");
    assertThat(part.data()).isEqualTo("QQ==");
  }

  @Test
  void missingFileIsAnUncheckedIoErrorNamingThePath() {
    Path missing = dir.resolve("gone.png");

    assertThatThrownBy(() -> ContentPart.fromPath(missing))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(missing.toString());
  }

  @Test
  void fromFileReadsAJavaIoFile() throws IOException {
    File file = Files.write(dir.resolve("a.gif"), new byte[] {1, 2}).toFile();

    ContentPart.Media part = ContentPart.fromFile(file);

    assertThat(part.mimeType()).isEqualTo("image/gif");
    assertThat(part.decodedBytes()).isEqualTo(2);
  }

  @Test
  void fromStreamReadsEagerly() throws IOException {
    InputStream in = new ByteArrayInputStream(new byte[] {1, 2, 3, 4});

    ContentPart.Media part = ContentPart.fromStream(in, "audio/mpeg");

    assertThat(in.read()).isEqualTo(-1);
    assertThat(part).isInstanceOf(ContentPart.Audio.class);
    assertThat(part.data()).isEqualTo(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4}));
  }

  @Test
  void aStreamThatFailsIsReportedNotStored() {
    InputStream broken =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("disk on fire");
          }
        };

    assertThatThrownBy(() -> ContentPart.fromStream(broken, "image/png"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("disk on fire");
  }

  @Test
  void bytesNeedAMimeType() {
    assertThatThrownBy(() -> ContentPart.fromBytes(new byte[1], null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mimeType");
  }

  @Test
  void dataUrlIsParsedIntoData() {
    ContentPart.Media part = ContentPart.fromUrl("data:image/png;base64,AQID");

    assertThat(part.mimeType()).isEqualTo("image/png");
    assertThat(part.data()).isEqualTo("AQID");
    assertThat(part.url()).isNull();
  }

  @Test
  void unpaddedDataUrlIsStoredPadded() {
    ContentPart.Media part = ContentPart.fromUrl("data:application/pdf;base64,QQ");

    assertThat(part.data()).isEqualTo("QQ==");
    assertThat(part.type()).isEqualTo("file");
  }

  @Test
  void httpsUrlIsKeptAsUrl() {
    ContentPart.Media part = ContentPart.fromUrl("https://example.com/x/voice.mp3?sig=1");

    assertThat(part).isInstanceOf(ContentPart.Audio.class);
    assertThat(part.url()).isEqualTo("https://example.com/x/voice.mp3?sig=1");
    assertThat(part.mimeType()).isEqualTo("audio/mpeg");
    assertThat(part.data()).isNull();
  }

  @Test
  void urlWithoutKnownExtensionNeedsAMimeType() {
    assertThatThrownBy(() -> ContentPart.fromUrl("https://example.com/blob"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pass a mimeType");
    assertThat(ContentPart.fromUrl("https://example.com/blob", "image/webp").type())
        .isEqualTo("image");
  }

  @Test
  void aFileUrlOrPathStringIsNotAUrl() {
    assertThatThrownBy(() -> ContentPart.fromUrl("file:///etc/passwd.png"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("file:");
  }

  @Test
  void serializesToTheWireFormWithAbsentOptionalsOmitted() {
    assertThat(Json.write(ContentPart.text("hi"))).isEqualTo("{\"type\":\"text\",\"text\":\"hi\"}");
    assertThat(Json.write(new ContentPart.Image("image/png", "AQID", null)))
        .isEqualTo("{\"type\":\"image\",\"mimeType\":\"image/png\",\"data\":\"AQID\"}");
    assertThat(Json.write(new ContentPart.FileData("application/pdf", null, "https://x/a", "a")))
        .isEqualTo(
            "{\"type\":\"file\",\"mimeType\":\"application/pdf\",\"url\":\"https://x/a\","
                + "\"name\":\"a\"}");
  }

  @Test
  void readsBackFromTheWireForm() {
    List<ContentPart> parts =
        List.of(
            ContentPart.text("hi"),
            new ContentPart.Image("image/png", "AQID", null),
            new ContentPart.FileData("application/pdf", "QQ==", null, "a.pdf"),
            new ContentPart.Audio("audio/wav", null, "https://x/a.wav"));
    for (ContentPart part : parts) {
      ContentPart back = Json.mapper().readValue(Json.write(part), ContentPart.class);
      assertThat(back).isEqualTo(part);
    }
  }

  @Test
  void toStringNeverShowsThePayload() {
    ContentPart.Media part = ContentPart.fromBytes(BYTES_82, "image/png");

    assertThat(part.toString())
        .isEqualTo("{type=image, mimeType=image/png, bytes=82}")
        .doesNotContain(part.data());
  }
}

package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TailBufferTest {

  private static void write(TailBuffer b, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    b.write(bytes, bytes.length);
  }

  @Test
  void underCapacityEverythingIsKeptWithoutANotice() {
    TailBuffer b = new TailBuffer(10);
    write(b, "abc");
    write(b, "def");
    assertThat(b.text("bash")).isEqualTo("abcdef");
  }

  @Test
  void overCapacityTheLastBytesAreKeptAcrossTheWrap() {
    TailBuffer b = new TailBuffer(5);
    write(b, "abc");
    write(b, "defg");
    assertThat(b.text("bash"))
        .isEqualTo("[bash: output truncated: first 2 of 7 bytes cut, last 5 shown]\ncdefg");
  }

  @Test
  void aChunkLargerThanTheBufferKeepsItsTail() {
    TailBuffer b = new TailBuffer(4);
    write(b, "xy");
    write(b, "0123456789");
    assertThat(b.text("bash"))
        .isEqualTo("[bash: output truncated: first 8 of 12 bytes cut, last 4 shown]\n6789");
  }

  @Test
  void aCharacterCutInHalfIsDroppedNotMangled() {
    TailBuffer b = new TailBuffer(4);
    write(b, "aé€"); // 1 + 2 + 3 bytes; the last 4 are the second byte of é and all of €
    assertThat(b.text("bash"))
        .isEqualTo("[bash: output truncated: first 3 of 6 bytes cut, last 3 shown]\n€");
  }
}
